"""The behaviour of each permit type, registered by the bylaw apps.

The database row (:class:`~permits_site.licensing.models.PermitType`) names a
permit type; a :class:`PermitKind` says how it is priced, which facts its
rule set reads from an application, what else blocks issuance and how long
the permit runs. The core calls these hooks and never imports a bylaw app.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from permits_site.rules.calendar import BusinessCalendar, year_end
from permits_site.rules.fees import FeeLine, PricedItem, QuoteRefused, item, line_for
from permits_site.rules.registry import get_rule_set

if TYPE_CHECKING:
    from permits_site.licensing.models import Application, Permit


@dataclass(frozen=True)
class Blocker:
    """One thing that still stops a permit being issued, with the section behind it."""

    code: str
    message: str
    citation: str


@dataclass(frozen=True)
class QuoteRequest:
    permit_type: str
    action: str
    facts: Mapping[str, Any]
    on: dt.date
    calendar: BusinessCalendar
    schedule: Mapping[str, PricedItem]


@dataclass(frozen=True)
class RequiredDocument:
    """A document issuance needs: any one of ``kinds``, accepted by staff."""

    kinds: tuple[str, ...]
    label: str
    citation: str


class PermitKind:
    """Defaults fit a simple annual permit priced by one item per action."""

    code: str = ""
    #: Actions that amend the permit being followed up instead of issuing a new one.
    amending_actions: tuple[str, ...] = ()
    #: Relations of Application that ``describe`` reads; list pages join them.
    list_related: tuple[str, ...] = ()
    #: A template shown on the resident's dashboard (e.g. "My dogs"), or blank.
    dashboard_panel: str = ""
    #: A template the review screen includes for this kind (e.g. zoning sign-offs), or blank.
    review_panel: str = ""
    #: Board signatures that make a variance effective, and the section allowing variances.
    variance_signatures_required: int = 1
    variance_citation: str = ""
    #: A hearing on an application needs notices mailed this many days before it (0: no hearings).
    hearing_notice_days: int = 0
    hearing_citation: str = ""
    #: Documents an applicant may upload: kind code → plain label.
    document_kinds: dict[str, str] = {"supporting_document": "Supporting document"}

    def price(self, request: QuoteRequest) -> list[FeeLine]:
        """The fee lines for an action: by default the schedule item named after it."""
        return [line_for(item(request.schedule, request.action))]

    def parse_quote_facts(self, facts: Mapping[str, Any], *, action: str) -> dict[str, Any]:
        """Validate a quote's facts; the default accepts none."""
        unknown = {name: ["Unknown fact for this fee quote."] for name in facts}
        if unknown:
            raise QuoteRefused(unknown)
        return {}

    def validate_schedule(self, amounts: Mapping[str, Decimal]) -> dict[str, str]:
        """Invariants a fee schedule version must keep: item code → error message."""
        return {}

    def start_application(
        self, *, applicant, permit_type, action: str, details: Mapping[str, Any]
    ) -> Application:
        """Create a draft from API input; typed kinds parse ``details`` into their model.

        The default keeps ``details`` as the rule set's facts.
        """
        from permits_site.licensing.services.applications import create_application

        return create_application(
            applicant=applicant, permit_type=permit_type, action=action, facts=details
        )

    def check_code(self, application: Application) -> str:
        """The rule set that judges this application (blank: none)."""
        return application.permit_type.check_code

    def application_facts(self, application: Application, *, on: dt.date) -> dict[str, Any]:
        """The rule set's facts as the application states them.

        Stored as JSON, they are parsed back into the types rules compare
        (dates, Decimals) the way the API and the forms validated them.
        """
        rule_set = get_rule_set(self.check_code(application))
        if rule_set is None:
            return dict(application.facts)
        return rule_set.parse(application.facts)

    def application_quote_facts(self, application: Application, *, on: dt.date) -> dict[str, Any]:
        """The fee-quote facts (strict JSON values) an application supplies."""
        return {}

    def required_documents(self, application: Application) -> list[RequiredDocument]:
        return []

    def extra_blockers(self, application: Application) -> list[Blocker]:
        return []

    def license_year(self, application: Application, *, on: dt.date) -> int:
        return on.year

    def term(self, application: Application, *, issued_on: dt.date) -> tuple[dt.date, dt.date]:
        """(valid from, valid through); by default the calendar year of issuance."""
        return issued_on, year_end(issued_on)

    def after_issue(self, application: Application, permit: Permit, *, acting_user) -> None:
        """Hook for typed details (a dog's tag) written in the issuing transaction."""

    def document_context(self, permit: Permit) -> dict[str, Any]:
        """Extra rows printed on the license PDF: label → value."""
        return {}

    def describe(self, application: Application) -> str:
        return application.permit_type.name

    def summary(self, application: Application) -> list[tuple[str, str]]:
        """Rows (label, value) describing the application on resident and staff pages."""
        return [
            (name.replace("_", " ").capitalize(), str(value))
            for name, value in application.facts.items()
        ]

    def review_context(self, application: Application, user) -> dict[str, Any]:
        """Context for ``review_panel`` on the clerk's review screen."""
        return {}

    def panel_context(self, user) -> dict[str, Any]:
        """Context for ``dashboard_panel`` on the resident's dashboard."""
        return {}


_KINDS: dict[str, PermitKind] = {}
_DEFAULT = PermitKind()


def register_kind(kind: PermitKind) -> PermitKind:
    if kind.code in _KINDS and _KINDS[kind.code] is not kind:
        raise ValueError(f"permit kind {kind.code} is registered twice")
    _KINDS[kind.code] = kind
    return kind


def registered_kinds() -> list[PermitKind]:
    return list(_KINDS.values())


def list_related() -> list[str]:
    """Every registered kind's relations, for a list page's ``select_related``."""
    return sorted({relation for kind in _KINDS.values() for relation in kind.list_related})


def kind_for(permit_type_code: str) -> PermitKind:
    """The registered behaviour, or the plain annual permit for catalogue-only types."""
    return _KINDS.get(permit_type_code, _DEFAULT)
