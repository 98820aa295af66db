"""The behaviour of each permit type, registered by the bylaw apps.

The database row (:class:`~permits_site.licensing.models.PermitType`) names a
permit type; a :class:`PermitKind` says how it is priced, which facts its
rule set reads from an application, what else blocks issuance and how long
the permit runs. The core calls these hooks and never imports a bylaw app.

The licensing services look kinds up here, so this module sits below them and
imports none of them: the services a default hook writes a draft with are
handed to it from the licensing app's ``ready()`` (:func:`connect_draft_services`).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from decimal import Decimal
from typing import TYPE_CHECKING, Any
from urllib.parse import urlencode

from django.db.models import Prefetch, QuerySet
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_noop

from permits_site.licensing.declarations import (
    BUSINESS_FIELD,
    FOLLOW_UP_ACTIONS,
    GATE_ORDER,
    PERMIT_FIELD,
    PROPERTY_FIELD,
    RENEWAL,
    About,
    AnnualTerm,
    DeclaredDocument,
    DeclaredField,
    DetailsInvalid,
    FactSource,
    Gate,
    Holder,
    ParsedDetails,
    Purpose,
    VarianceNotice,
    answer_sentence,
    fact_field,
    parse_details,
    reference_field,
)
from permits_site.licensing.fact_forms import humanize
from permits_site.licensing.relief import relief_sentence
from permits_site.parties.places import place_attribute_names, place_facts
from permits_site.rules.base import FactsInvalid, Finding
from permits_site.rules.calendar import BusinessCalendar, days_before, in_last_month, year_end
from permits_site.rules.fees import FeeLine, PricedItem, QuoteRefused, item, line_for
from permits_site.rules.registry import get_rule_set
from permits_site.rules.units import measure
from permits_site.rules.wording import explain

if TYPE_CHECKING:
    from permits_site.accounts.models import User
    from permits_site.licensing.models import Application, Permit, PermitType


@dataclass(frozen=True)
class Blocker:
    """One thing that still stops a permit being issued: the gate it holds shut (from the
    spec's vocabulary, :class:`Gate`) and the section behind it."""

    code: str
    message: str
    citation: str
    gate: Gate


@dataclass(frozen=True)
class PrintedCondition:
    """A condition the law attaches to every permit of a type, printed on its paper with its
    section (a dumpster's lid kept closed); ``applies`` narrows it to the applications it
    concerns (a rule for lots in one district only)."""

    text: str
    citation: str
    applies: Callable[[Application], bool] | None = None

    def concerns(self, application: Application) -> bool:
        return self.applies is None or self.applies(application)

    def frozen(self) -> dict[str, str]:
        """The condition as an issued permit keeps it, beside its granted variances."""
        return {"kind": "condition", "text": self.text, "citation": self.citation}


@dataclass(frozen=True)
class QuoteRequest:
    permit_type: str
    action: str
    facts: Mapping[str, Any]
    on: dt.date
    calendar: BusinessCalendar
    schedule: Mapping[str, PricedItem]


@dataclass(frozen=True)
class HolderLink:
    """A page where the holder of a permit in force keeps what its law asks of them through
    the year (a kennel's roster, a septage handler's monthly returns), shown beside the
    permit on the holder's dashboard."""

    label: str
    url_name: str


@dataclass(frozen=True)
class YearEndNotice:
    """What the clerk is told when issuing an annual permit in its term's last month: it runs
    only to ``runs_through`` (``citation``), and ``next_year`` is the license year it may be
    issued for instead, where the law lets one apply ahead (None where it does not).
    ``next_year_refused``: the failures of the kind's :attr:`PermitKind.year_bound_rules`
    judged on the next year's first day, which refuse issuing for it; ``next_year_withheld``:
    why a kind whose law lets one apply ahead offers no next year to this application,
    with its section (None ``next_year``)."""

    runs_through: dt.date
    citation: str
    next_year: int | None
    next_year_refused: tuple[Finding, ...] = ()
    next_year_withheld: str = ""

    @property
    def next_year_starts(self) -> dt.date:
        """The next license year's first day: the day after this one's term ends."""
        return self.runs_through + dt.timedelta(days=1)


@dataclass(frozen=True)
class RequiredDocument:
    """A document issuance needs: ``count`` of any of ``kinds`` (one per dog of a kennel),
    accepted by staff; attached before submitting unless it ``may_follow``. ``group`` is the
    ``one_of`` group of alternatives (:attr:`name` names the requirement); a ``dated`` one is
    uploaded with its expiry, which the rules read (:attr:`PermitKind.expiry_facts`)."""

    kinds: tuple[str, ...]
    label: str
    citation: str
    may_follow: bool = False
    count: int = 1
    group: str = ""
    dated: bool = False

    @property
    def name(self) -> str:
        """The requirement's name: its group of alternatives, else its one kind."""
        return self.group or self.kinds[0]



def sourced_facts(sources: Mapping[str, str], *, place, action: str, on) -> dict[str, Any]:
    """The facts a permit type takes from the property (its attributes, derived ones included)
    and from the application's action (a renewal or not), by ``sources``."""
    values = place_facts(place, on=on) if place is not None else {}
    facts: dict[str, Any] = {}
    for name, source in sources.items():
        if source == FactSource.PROPERTY and place is not None:
            facts[name] = values.get(name)
        elif source == FactSource.APPLICATION:
            facts[name] = action == RENEWAL
    return facts


class PermitKind:
    """A permit type's declaration and behaviour.

    The defaults fit a simple annual permit priced by one item per action, held
    by a person, whose application answers its rule set's facts: such a type
    needs no page, form, serializer or view code of its own. A bylaw app
    declares what is particular to its law (holder, place, extra fields,
    documents, where facts come from, the gates its own blockers raise) and
    overrides hooks only for records it keeps itself.
    """

    code: str = ""
    #: False for a schedule of charges that no application asks for (North Andover's
    #: impoundment fees): no form, counter, queue filter or public catalogue entry offers it;
    #: admins still edit its fee schedule.
    applied_for: bool = True
    #: Who may hold the permit, and what it is about (``lifecycle.md``).
    holder: Holder = Holder.PERSON
    about: About = About.PERSON
    #: What the permit's paper calls the property it is about (blank: "Property").
    place_label: str = ""
    #: How declared answers read on the permit's paper: field name → statement, with the
    #: yes and no wordings as "{is|is not}" and "{value}" for other answers. Every yes/no
    #: field has one; other fields print as a row of their label and answer.
    statements: Mapping[str, str] = {}
    #: What a person applying wants to do (``Purpose``): "Apply for a permit" filters by it.
    purposes: tuple[Purpose, ...] = ()
    #: Fields asked besides the rule set's facts (declared details, records referenced).
    extra_fields: tuple[DeclaredField, ...] = ()
    #: Where rule-set facts come from when no field asks them: fact name → source.
    fact_sources: Mapping[str, FactSource] = {}
    #: Documents the type asks for.
    documents: tuple[DeclaredDocument, ...] = ()
    #: Documents whose expiry (``valid_until``) is a fact of the rule set (``facts_from``
    #: document): document kind → fact. Such a document is refused without its expiry.
    expiry_facts: Mapping[str, str] = {}
    #: Gates this kind's own ``extra_blockers`` can raise.
    own_gates: tuple[Gate, ...] = ()
    #: Rules whose failure waits on another gate than ``rules_met`` (an office sign-off).
    rule_gates: Mapping[str, Gate] = {}
    #: A passed inspection is a gate; ``inspection_check`` names the checklist's rule set
    #: when its answers are the facts that come from the office.
    inspected: bool = False
    inspection_check: str = ""
    #: The section requiring the inspection, which its gate's blocker cites (blank: the
    #: permit type's own section).
    inspection_citation: str = ""
    #: Actions that amend the permit being followed up instead of issuing a new one.
    amending_actions: tuple[str, ...] = ()
    #: Rules whose facts hold only for a while (a certificate's expiry): they judge an
    #: application on the first day of the license year it is for when that is later than
    #: its own day (:meth:`year_bound_day`), and one issued for the next license year
    #: instead of the one it asked is judged by them again on that year's first day
    #: (:attr:`YearEndNotice.next_year_refused`).
    year_bound_rules: tuple[str, ...] = ()
    #: Relations of Application that ``describe`` reads; list pages join them.
    list_related: tuple[str, ...] = ()
    #: A template shown on the resident's dashboard (e.g. "My dogs"), or blank.
    dashboard_panel: str = ""
    #: Pages the holder of a permit in force keeps its records on, linked from the dashboard.
    holder_links: tuple[HolderLink, ...] = ()
    #: A template the review screen includes for this kind (e.g. zoning sign-offs), or blank.
    review_panel: str = ""
    #: Board signatures that make a variance effective, and the section allowing variances.
    variance_signatures_required: int = 1
    variance_citation: str = ""
    #: A grant writes down the conditions imposed ("the conditions of it and specific bases
    #: for it must be listed on the stable license", Northborough §8.2); False where the Board
    #: only may restrict or limit what it grants (Tisbury 09.0.3).
    variance_requires_conditions: bool = True
    #: What the law calls a granted variance and where its notice is kept.
    variance_notice: VarianceNotice = VarianceNotice()
    #: The section saying a Board cannot set aside a statute or bylaw (its own variance section
    #: when the law says nothing more).
    unwaivable_law_citation: str = ""
    #: A waiver is asked for in a written application naming the locus, the owner, the
    #: exact regulation and the relief (Tisbury 09.0.3), not in a line of text.
    written_waiver_application: bool = False
    #: A hearing on an application needs notices mailed this many days before it (0: no hearings).
    hearing_notice_days: int = 0
    hearing_citation: str = ""
    #: The law sends the notices by certified mail (Northborough §2.2): the hearing is held
    #: only once every letter's article number is recorded.
    hearing_notice_by_certified_mail: bool = False
    #: The public page's "who needs it", in plain words citing the section (blank: the law).
    who_needs_it: str = ""
    #: How long the office takes to decide, where the law says (blank: the office confirms).
    processing_time: str = ""
    #: A caution about the law text itself (e.g. sections missing from the text supplied).
    law_text_note: str = ""
    #: The permit runs to the end of its license year, and from when the next year's may be
    #: applied for (None: its term is not a license year — an event, a job, a horse's stay).
    annual: AnnualTerm | None = AnnualTerm()
    #: What the law calls a staff role for this type, when not "<authority>'s office" (the
    #: clerk), "<authority>'s inspector" or the "<authority>" itself (its board):
    #: role → title, e.g. ``{"inspector": "Health Division Animal Inspector"}``.
    role_titles: Mapping[str, str] = {}
    #: The inspection as the applicant's next step names it ("kennel inspection").
    inspection_name: str = gettext_noop("inspection")
    #: Conditions the law attaches to every permit of the type, printed on it.
    printed_conditions: tuple[PrintedCondition, ...] = ()
    # -- the declaration ----------------------------------------------------------

    def inspection_section(self, application: Application) -> str:
        """The section requiring an application's inspection, which its gate's blocker and
        its notices cite: :attr:`inspection_citation`, else the permit type's own."""
        return self.inspection_citation or application.permit_type.citation

    def holds_hearing(self, application: Application) -> bool:
        """Whether a public hearing may be held on ``application``: by default on every
        application of a type with hearings; a kind narrows it (Tisbury holds one only on an
        alternative treatment system, 09.0.8(13))."""
        return bool(self.hearing_notice_days)

    @property
    def document_kinds(self) -> dict[str, str]:
        """Documents an applicant may upload: kind code → plain label."""
        declared = {document.kind: document.label for document in self.documents}
        return declared or {"supporting_document": "Supporting document"}

    def rule_set_for(self, permit_type: PermitType):
        return get_rule_set(permit_type.check_code)

    def facts_from(self, permit_type: PermitType) -> dict[str, FactSource]:
        """Where each fact of the rule set comes from: every fact has an entry."""
        rule_set = self.rule_set_for(permit_type)
        if rule_set is None:
            return {}
        place_facts = (
            place_attribute_names(permit_type.municipality.code)
            if self.about == About.PROPERTY else frozenset()
        )
        sources = {}
        for fact in rule_set.facts:
            if fact.name in self.fact_sources:
                sources[fact.name] = FactSource(self.fact_sources[fact.name])
            elif fact.name in place_facts:
                sources[fact.name] = FactSource.PROPERTY
            elif fact.name == RENEWAL:
                sources[fact.name] = FactSource.APPLICATION
            else:
                sources[fact.name] = FactSource.FIELD
        return sources

    def fields(self, permit_type: PermitType) -> tuple[DeclaredField, ...]:
        """Everything ``details`` of an application takes, in the order a form asks it."""
        fields: list[DeclaredField] = []
        if self.holder != Holder.PERSON:
            fields.append(reference_field(
                BUSINESS_FIELD, gettext_noop("The business that is to hold the permit"),
                references="business", required=self.holder == Holder.BUSINESS,
                help="" if self.holder == Holder.BUSINESS
                else gettext_noop("Leave empty to hold the permit yourself."),
            ))
        if self.about == About.PROPERTY:
            fields.append(reference_field(PROPERTY_FIELD, gettext_noop("The property"),
                                          references="property"))
        follow_ups = tuple(action for action in permit_type.actions
                           if action in FOLLOW_UP_ACTIONS)
        if follow_ups:
            fields.append(reference_field(PERMIT_FIELD, gettext_noop("The permit this follows up"),
                                          references="permit", actions=follow_ups))
        fields += self.extra_fields
        rule_set = self.rule_set_for(permit_type)
        if rule_set is not None:
            sources = self.facts_from(permit_type)
            fields += [fact_field(fact) for fact in rule_set.facts
                       if sources[fact.name] == FactSource.FIELD]
        return tuple(fields)

    def gates(self, permit_type: PermitType) -> tuple[Gate, ...]:
        """Every gate that can apply to the type, conditional ones included."""
        found = {Gate.FEE_PAID, *self.own_gates, *self.rule_gates.values()}
        if self.documents:
            found.add(Gate.DOCUMENTS_ACCEPTED)
        rule_set = self.rule_set_for(permit_type)
        if rule_set is not None:
            found.add(Gate.RULES_MET)
            if rule_set.may_need_review:
                found.add(Gate.REVIEW_DETERMINED)
        if self.inspected:
            found.add(Gate.INSPECTION_PASSED)
        if self.hearing_notice_days:
            found.add(Gate.HEARING_DECIDED)
        if self.variance_citation:
            found.add(Gate.BOARD_SIGNATURES)
        return tuple(gate for gate in GATE_ORDER if gate in found)

    def parse_details(self, permit_type: PermitType, raw: Any, *, action: str, applicant
                      ) -> ParsedDetails:
        """``details`` checked against the declared fields of a known action; raises
        ``DetailsInvalid`` (an unknown action under ``action``, not as each field's error)."""
        if action not in permit_type.actions:
            raise DetailsInvalid({"action": [
                f"{permit_type.name} has no '{action}' action; choose one of: "
                f"{', '.join(permit_type.actions)}."]})
        rule_set = self.rule_set_for(permit_type)
        return parse_details(
            self.fields(permit_type), raw, action=action, applicant=applicant,
            permit_type_name=permit_type.name,
            validators=self.detail_validators(rule_set),
        )

    def detail_validators(self, rule_set) -> tuple:
        """Cross-field checks of the rule set that only read fields (none read elsewhere)."""
        return rule_set.validators if rule_set is not None and not self.fact_sources else ()

    def price(self, request: QuoteRequest) -> list[FeeLine]:
        """The fee lines for an action: by default the schedule item named after it."""
        return [line_for(item(request.schedule, request.action))]

    def main_items(self, action: str) -> tuple[str, ...]:
        """The schedule items :meth:`price` may charge as an action's main line, whose code
        is the action (spec ``api.md``, fee quotes): by default the item named after it. A
        kind that prices an action by its facts (a dog's neuter status) names each one, so
        that the declaration lists their amounts under the action's code."""
        return (action,)

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
        self, *, applicant, permit_type, action: str, details: ParsedDetails,
        acting_user: User | None = None
    ) -> Application:
        """Create a draft from parsed ``details``; kinds that keep records of their own
        (a dog's license details) override this to write them too."""
        return _DRAFT_SERVICES["create"](
            applicant=applicant, permit_type=permit_type, action=action,
            facts=details.facts, details=details.values,
            place=details.records.get(PROPERTY_FIELD),
            business=details.records.get(BUSINESS_FIELD),
            previous_permit=details.records.get(PERMIT_FIELD),
            acting_user=acting_user,
        )

    def update_details(self, application: Application, details: ParsedDetails, *, acting_user: User
                       ) -> Application:
        """Replace a draft's details (its applicant edits it before submitting)."""
        return _DRAFT_SERVICES["update"](
            application=application, facts=details.facts, details=details.values,
            place=details.records.get(PROPERTY_FIELD),
            business=details.records.get(BUSINESS_FIELD),
            previous_permit=details.records.get(PERMIT_FIELD),
            acting_user=acting_user,
        )

    def represent_details(self, application: Application) -> dict[str, Any]:
        """``details`` as the API shows them: what was sent, with the records' ids."""
        shown: dict[str, Any] = {**application.details, **application.facts}
        if application.place_id:
            shown[PROPERTY_FIELD] = application.place_id
        if application.business_id:
            shown[BUSINESS_FIELD] = application.business_id
        if application.previous_permit_id:
            shown[PERMIT_FIELD] = application.previous_permit_id
        return shown

    def permit_prefetches(self) -> list[str | Prefetch]:
        """What :meth:`represent_permit` reads, for a list of permits' ``prefetch_related``."""
        return []

    def represent_permit(self, permit: Permit) -> dict[str, Any]:
        """The records of its own a permit of this type was issued with, as the API shows
        them beside the core's columns (a dog license's dog and tag); none by default."""
        return {}

    def renewal_details(self, permit: Permit) -> dict[str, Any] | None:
        """A renewal of ``permit``, pre-filled from the application it was issued on: the
        declared answers that a renewal asks again, and the permit it follows up. None when
        the type is not renewed (or is renewed on pages of its own)."""
        if RENEWAL not in permit.permit_type.actions:
            return None
        asked = {field.name for field in self.fields(permit.permit_type)
                 if field.applies_to(RENEWAL)}
        earlier = self.represent_details(permit.application)
        return {**{name: value for name, value in earlier.items() if name in asked},
                PERMIT_FIELD: permit.pk}

    def renewal_url(self, permit: Permit) -> str | None:
        """Where the holder renews ``permit`` — the "Renew" of My permits — once its
        renewal is offered (:func:`renewal_offered`); None before, or for a type that is
        not renewed."""
        if not renewal_offered(permit, on=timezone.localdate()):
            return None
        return self.renewal_form_url(permit)

    def term_outlasts(self, permit: Permit, days: int) -> bool:
        """Whether the term the law gives ``permit`` is longer than ``days`` (the renewal
        notice): a license year is, though a permit issued in its last weeks runs only to its
        December 31 — its holder then hears of the renewal on its first day in force; any
        other permit by its own term, so that a 30-day temporary permit (Tisbury 09.2.5(3)),
        an event or a job is not."""
        if self.annual is not None and permit.valid_through == year_end(permit.valid_through):
            return True
        # A term of N days ends on its N-th day: one of 31 days or more has its reminder day
        # on or after its first.
        return days_before(permit.valid_through, days) >= permit.valid_from

    def renewal_form_url(self, permit: Permit) -> str | None:
        """The declared form renewing ``permit``, pre-filled (see :meth:`renewal_details`),
        whatever the day; None for a type that is not renewed."""
        if RENEWAL not in permit.permit_type.actions:
            return None
        form = reverse("licensing:apply", args=[permit.permit_type.code])
        return f"{form}?{urlencode({'action': RENEWAL, PERMIT_FIELD: permit.pk})}"

    def check_code(self, application: Application) -> str:
        """The rule set that judges this application (blank: none)."""
        return application.permit_type.check_code

    def application_facts(self, application: Application, *, on: dt.date
                          ) -> dict[str, Any] | None:
        """The rule set's facts, each from where :meth:`facts_from` says: the applicant's
        answers, the property's attributes, the action, and what the office recorded — or
        None while a fact the office must record (a required one) is not recorded yet.

        A fact the office records that may be absent (an inspector's finding before the
        visit) is left out until recorded, and the rules reading it say so; what the office
        records never replaces an applicant's answer.

        Stored as JSON, they are parsed back into the types rules compare
        (dates, Decimals) the way the API and the forms validated them.
        """
        rule_set = get_rule_set(self.check_code(application))
        if rule_set is None:
            return dict(application.facts)
        sources = self.facts_from(application.permit_type)
        office = {name for name, source in sources.items() if source == FactSource.OFFICE}
        answered = {name: value for name, value in application.facts.items()
                    if name not in office}
        recorded = {name: value for name, value in self.recorded_facts(application, on=on).items()
                    if name in office}
        raw = {**answered, **recorded, **sourced_facts(
            sources, place=application.place, action=application.action, on=on)}
        try:
            return rule_set.parse({name: value for name, value in raw.items()
                                   if value is not None})
        except FactsInvalid as invalid:
            if set(invalid.errors) <= office - set(recorded):
                return None
            raise

    def pending_office_facts(self, permit_type: PermitType) -> dict[str, Any]:
        """The facts the office records, as they stand before it has recorded any: the
        rules' findings shown on the form read them, so that the rules reading them are
        shown waiting on the office (by default there are none)."""
        return {}

    def recorded_facts(self, application: Application, *, on: dt.date) -> dict[str, Any]:
        """Facts from the office's records: by default the answers of the application's
        latest passed inspection when one is a gate (none before it). Only the facts that
        come from the office are read from them (:meth:`application_facts`)."""
        if not self.inspection_check:
            return {}
        inspection = application.passed_inspection(check_code=self.inspection_check)
        return {} if inspection is None else dict(inspection.answers)

    def application_quote_facts(self, application: Application, *, on: dt.date) -> dict[str, Any]:
        """The fee-quote facts (strict JSON values) an application supplies."""
        return {}

    def required_documents(self, application: Application) -> list[RequiredDocument]:
        """The declared documents the application's action requires; alternatives sharing
        a ``one_of`` group are one requirement."""
        groups: dict[str, list[DeclaredDocument]] = {}
        for document in self.documents:
            if document.required and document.applies_to(application.action):
                groups.setdefault(document.one_of or document.kind, []).append(document)
        return [
            RequiredDocument(
                kinds=tuple(document.kind for document in group),
                label=" or ".join(document.label for document in group),
                citation=group[0].section,
                may_follow=all(document.may_follow for document in group),
                group=group[0].one_of,
                dated=any(document.kind in self.expiry_facts for document in group),
            )
            for group in groups.values()
        ]

    def extra_blockers(self, application: Application) -> list[Blocker]:
        return []

    def board_varies(self, rule_id: str) -> bool:
        """Whether the Board may vary the rule: its own rules, not another body's sign-off
        that the office records (gate ``office_signoffs``)."""
        return self.rule_gates.get(rule_id, Gate.RULES_MET) != Gate.OFFICE_SIGNOFFS

    def unwaivable_rules(self, application: Application, rule_ids: list[str]) -> list[str]:
        """Refusals of the rules among ``rule_ids`` the Board may not waive for this
        application, each naming its section."""
        return []

    def variance_limits(self, application: Application) -> list[str]:
        """What the law puts beyond any variance, in plain words with its section: told to
        the applicant before they ask, refused by the variance service if asked anyway."""
        if not self.variance_citation:
            return []
        return [relief_sentence(self, "law_beyond_relief")]

    def license_year(self, application: Application, *, on: dt.date) -> int:
        return on.year

    def term(self, application: Application, *, issued_on: dt.date) -> tuple[dt.date, dt.date]:
        """(valid from, valid through); by default the calendar year of issuance."""
        return issued_on, year_end(issued_on)

    def year_bound_day(self, application: Application, *, on: dt.date) -> dt.date:
        """The day the :attr:`year_bound_rules` judge ``application`` evaluated on ``on``: the
        first day of its term were it issued then — the later of ``on`` and the first day of
        the license year it is for (one applied for ahead, in December, is judged on January
        1, the day its proofs must first serve it)."""
        return self.term(application, issued_on=on)[0]

    def year_end_notice(self, application: Application, *, on: dt.date) -> YearEndNotice | None:
        """The notice for issuing ``application`` on ``on`` when its term would end with the
        license year in that term's last calendar month; None otherwise."""
        if self.annual is None or application.action in self.amending_actions:
            return None
        runs_through = self.term(application, issued_on=on)[1]
        if runs_through != year_end(runs_through) or not in_last_month(
                on=on, term_ends=runs_through):
            return None
        return YearEndNotice(runs_through=runs_through,
                             citation=self.annual.citation or application.permit_type.citation,
                             next_year=self.annual.next_year_on_sale(on))

    def move_to_license_year(self, application: Application, *, year: int) -> None:
        """Hook for kinds that keep the license year on the application (a dog license):
        record that it is issued for ``year``, in the issuing transaction, once the rules
        that depend on the year (:attr:`year_bound_rules`) have passed on its first day."""

    def conditions_for(self, application: Application) -> list[PrintedCondition]:
        """The printed conditions that concern ``application``, frozen on its permit."""
        return [condition for condition in self.printed_conditions
                if condition.concerns(application)]

    def after_issue(self, application: Application, permit: Permit, *, acting_user: User) -> None:
        """Hook for typed details (a dog's tag) written in the issuing transaction."""

    def subject(self, permit: Permit) -> list[tuple[str, str]]:
        """What the permit is about, first on its paper (label → words): the establishment a
        business holds it for, or the holder; the property it is about. An animal's kind
        prints the animal in :meth:`document_context`."""
        holder = ", ".join(part for part in (permit.holder_name, permit.holder_address) if part)
        rows = [(gettext_noop("Establishment")
                 if self.about == About.BUSINESS and permit.holder_business_id
                 else gettext_noop("Holder"), holder)]
        if permit.place_address:
            rows.append((self.place_label or gettext_noop("Property"), permit.place_address))
        return rows

    def public_subject(self, permit: Permit) -> list[tuple[str, str]]:
        """What the license is for, as anyone checking it reads it at ``/verify/`` (label →
        words), so that it can be matched to the animal or the place in front of them: the
        licensed place of a permit about a property, a business or an event. Never the
        holder's own mailing address, telephone or email (spec ``api.md``: the holder's
        initials only, no address); an animal's kind names the animal instead."""
        if not permit.place_address or self.about in (About.PERSON, About.ANIMAL):
            return []
        return [(self.place_label or gettext_noop("Property"), permit.place_address)]

    def period_in_words(self, permit: Permit) -> str:
        """The permit's period as the law counts it, where a type says it in words
        ("December 2 to January 1: 30 days"); blank by default."""
        return ""

    def document_context(self, permit: Permit) -> dict[str, Any]:
        """Rows printed on the license PDF (label → value): the declared answers that read as
        a label and a value, frozen with the application once the permit is issued."""
        values = self._answers(permit.application)
        return {
            declared.label: display_value(declared, values[declared.name])
            for declared in self.fields(permit.permit_type)
            if declared.name in values and not self._says(declared)
        }

    def document_statements(self, permit: Permit) -> list[str]:
        """The declared answers the permit's paper prints as sentences (:attr:`statements`)."""
        values = self._answers(permit.application)
        return [
            self._sentence(declared, values[declared.name])
            for declared in self.fields(permit.permit_type)
            if declared.name in values and self._says(declared)
        ]

    @staticmethod
    def _answers(application: Application) -> dict[str, Any]:
        return {**application.details, **application.facts}

    def _says(self, declared: DeclaredField) -> bool:
        return declared.name in self.statements or declared.type == "boolean"

    def _sentence(self, declared: DeclaredField, value: Any) -> str:
        """The answer in its statement; a yes/no field declared without one says the question
        and the answer in words."""
        statement = self.statements.get(declared.name)
        if statement is None:
            return f"Answered {'yes' if value else 'no'}: {declared.label}"
        shown = display_value(declared, value)
        return answer_sentence(statement, value,
                               shown=shown.lower() if declared.choices else shown)

    def describe(self, application: Application) -> str:
        """One line naming the application in lists: its holder business and place."""
        parts = [application.business.display_name if application.business else "",
                 application.place.full_address if application.place else ""]
        return ", ".join(part for part in parts if part) or application.permit_type.name

    def summary(self, application: Application) -> list[tuple[str, str]]:
        """Rows (label, value) describing the application on resident and staff pages, in
        the words of the declared fields."""
        rows = []
        if application.business is not None:
            rows.append(("Holder", as_typed(application.business.display_name)))
        if application.place is not None:
            rows.append(("Property", as_typed(application.place.full_address)))
        values = self._answers(application)
        for declared in self.fields(application.permit_type):
            if declared.name in values:
                rows.append((declared.label, display_value(declared, values[declared.name])))
        return rows

    def review_context(self, application: Application, user) -> dict[str, Any]:
        """Context for ``review_panel`` on the clerk's review screen."""
        return {}

    def panel_context(self, user) -> dict[str, Any]:
        """Context for ``dashboard_panel`` on the resident's dashboard."""
        return {}


#: A permit's renewal is offered from the day its renewal reminder goes out: 30 days before
#: its valid-through date (the spec's Northborough calendar: "renewal reminders go out 30
#: days before a permit's valid-through date"; the daily reminders count the same days).
RENEWAL_NOTICE_DAYS = 30


def renewal_offered(permit: Permit, *, on: dt.date) -> bool:
    """Whether the holder is offered ``permit``'s renewal on ``on``: from
    :data:`RENEWAL_NOTICE_DAYS` before it runs out — not from the day it is issued, a year
    ahead of a Northborough private stable permit's end (§2.2) — and after it has run out.
    A term no longer than that (a 30-day temporary dumpster permit, renewed for 30 more
    days, Tisbury 09.2.5(3)) is offered its renewal from the start."""
    opens = days_before(permit.valid_through, RENEWAL_NOTICE_DAYS)
    return on >= opens or opens <= permit.valid_from


def renewal_url(permit: Permit) -> str | None:
    """Where the holder renews ``permit`` today — its "Renew" on My permits and on its
    town's panel: a permit in force or run out (:attr:`Permit.renewable`) once its kind
    offers the renewal (:meth:`PermitKind.renewal_url`); None otherwise."""
    if not permit.renewable:
        return None
    return kind_for(permit.permit_type.code).renewal_url(permit)


def already_renewed(permit: Permit, *, section: str) -> str | None:
    """The refusal of renewing ``permit`` again once it is renewed ahead (its renewal linked
    as ``superseded_by`` and itself in force until that one begins), naming the renewal to
    renew instead; None for a permit not renewed yet."""
    if permit.superseded_by_id is None:
        return None
    return explain(gettext_noop("Permit %(number)s is already renewed by %(renewal)s: renew "
                                "that one (%(section)s)."),
                   number=permit.number, renewal=permit.superseded_by.number, section=section)


def display_value(declared: DeclaredField, value: Any) -> str:
    """A declared field's stored value as a resident reads it: an English sentence that a
    resident's page says in the reader's language (``|explained``), what the person typed
    kept as typed."""
    if isinstance(value, bool):
        return explain(gettext_noop("Yes") if value else gettext_noop("No"))
    if isinstance(value, list):
        return as_typed(", ".join(value)) if value else explain(gettext_noop("None"))
    if declared.choices:
        return explain(humanize(str(value)))
    if declared.type == "date":
        return as_typed(answered_day(value))
    unit = declared.fact.unit if declared.fact else ""
    if unit:
        return measure(value, unit)
    return as_typed(value)


def answered_day(value: Any) -> Any:
    """A date answer as a day, which a page writes in words in the reader's language
    ("January 2, 2027", "2 de enero de 2027"); the answers keep it as its ISO day. Anything
    else is given back as it is."""
    if isinstance(value, str):
        try:
            return dt.date.fromisoformat(value)
        except ValueError:
            return value
    return value


def as_typed(value: Any) -> str:
    """A value a person typed or chose by name, among words a page translates: shown as it
    is in every language."""
    return explain("%(value)s", value=value)


_KINDS: dict[str, PermitKind] = {}
_DEFAULT = PermitKind()
#: The application services that write a draft (``create``, ``update``), for the default
#: :meth:`PermitKind.start_application` and :meth:`PermitKind.update_details`.
_DRAFT_SERVICES: dict[str, Callable[..., Application]] = {}


def connect_draft_services(*, create: Callable[..., Application],
                           update: Callable[..., Application]) -> None:
    """Hand the default hooks the services that start and edit a draft (called once, from
    the licensing app's ``ready()``)."""
    _DRAFT_SERVICES.update(create=create, update=update)


def register_kind(kind: PermitKind) -> PermitKind:
    if kind.code in _KINDS and _KINDS[kind.code] is not kind:
        raise ValueError(f"permit kind {kind.code} is registered twice")
    _KINDS[kind.code] = kind
    return kind


def applied_for(permit_types: QuerySet[PermitType]) -> QuerySet[PermitType]:
    """The permit types among ``permit_types`` that an application can be made for."""
    return permit_types.exclude(
        code__in=[kind.code for kind in _KINDS.values() if not kind.applied_for])


def registered_kinds() -> list[PermitKind]:
    return list(_KINDS.values())


def list_related() -> list[str]:
    """Every registered kind's relations, for a list page's ``select_related``."""
    return sorted({relation for kind in _KINDS.values() for relation in kind.list_related})


def permit_prefetches() -> list[str | Prefetch]:
    """Every registered kind's :meth:`PermitKind.permit_prefetches`, for a list of permits:
    each relation once, however many kinds read it."""
    lookups: dict[str, str | Prefetch] = {}
    for kind in _KINDS.values():
        for lookup in kind.permit_prefetches():
            lookups.setdefault(getattr(lookup, "prefetch_to", lookup), lookup)
    return list(lookups.values())


def kind_for(permit_type_code: str) -> PermitKind:
    """The registered behaviour, or the plain annual permit for catalogue-only types."""
    return _KINDS.get(permit_type_code, _DEFAULT)


def codes_for_purpose(purpose: Purpose) -> list[str]:
    """The permit types whose kinds declare ``purpose``."""
    return [kind.code for kind in _KINDS.values() if purpose in kind.purposes]


@contextmanager
def restored_kinds() -> Iterator[None]:
    """Put the registry back as it was when the ``with`` block ends, even if it raises.

    For tests that run a bylaw app's own registrations (its ``AppConfig.ready``): the
    kinds it registers inside the block are forgotten with it.
    """
    saved = dict(_KINDS)
    try:
        yield
    finally:
        _KINDS.clear()
        _KINDS.update(saved)


@contextmanager
def registered_kind(kind: PermitKind) -> Iterator[PermitKind]:
    """Register ``kind`` for the duration of a ``with`` block, in place of any kind of the
    same code, then put the registry back as it was, even if the block raises.

    For tests that declare or vary a permit kind: kinds registered inside the block are
    forgotten with it.
    """
    with restored_kinds():
        _KINDS[kind.code] = kind
        yield kind
