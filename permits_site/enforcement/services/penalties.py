"""Citations that follow a penalty finding (spec ``lifecycle.md``, "What a failed rule does").

A rule whose consequence is a penalty does not hold issuance: the permit is
issued, and the clerk may cite the applicant for the offense the town's law
attaches to the failure. A bylaw app registers, from its ``AppConfig.ready``,
which offense of its fine schedule a penalty rule leads to and the case type
that may cite it::

    register_penalty("exampleton.late", case_type="exampleton.unlicensed",
                     offense="unlicensed", label="Record the §9 offense")

The core opens an enforcement case for the application (or reuses the one it
opened for an earlier penalty of the same application) and issues the citation
through the fine services: the offense number is counted on the party's
record and the amount comes from the schedule in force. A finding is cited
once: its offense's citation on the application's case says it was.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import TYPE_CHECKING

from django.db import transaction
from django.utils import timezone

from permits_site import audit
from permits_site.accounts import permissions
from permits_site.enforcement.models import Case, CaseStatus, Citation
from permits_site.enforcement.registry import citation_policy
from permits_site.enforcement.services.cases import open_case
from permits_site.enforcement.services.citations import issue_citation, prior_offenses
from permits_site.enforcement.services.fines import fine_item_in_force
from permits_site.exceptions import DomainError
from permits_site.licensing.models import OPEN_STATUSES, Application, ApplicationStatus, Permit
from permits_site.licensing.services.applications import evaluate
from permits_site.rules import fines
from permits_site.rules.base import CheckResult, Finding
from permits_site.rules.fees import QuoteRefused
from permits_site.rules.periods import Period
from permits_site.towns.models import Municipality

if TYPE_CHECKING:
    from permits_site.accounts.models import User

PENALTY_CITED = "application.penalty_cited"
#: Applications whose findings are settled enough to cite: submitted and not withdrawn.
CITABLE_STATUSES = (*OPEN_STATUSES, ApplicationStatus.ISSUED)


@dataclass(frozen=True)
class Penalty:
    """The offense a penalty rule leads to, cited on a case of ``case_type``.

    ``label`` is the review screen's button.
    """

    rule_id: str
    case_type: str
    offense: str
    label: str


_PENALTIES: dict[str, Penalty] = {}


def register_penalty(rule_id: str, *, case_type: str, offense: str, label: str) -> Penalty:
    """Say which offense ``rule_id``'s penalty is; registering another one is an error."""
    penalty = Penalty(rule_id, case_type, offense, label)
    if _PENALTIES.get(rule_id, penalty) != penalty:
        raise ValueError(f"penalty {rule_id} is registered twice")
    _PENALTIES[rule_id] = penalty
    return penalty


def penalty_for(rule_id: str) -> Penalty | None:
    return _PENALTIES.get(rule_id)


def response_period(municipality: Municipality) -> Period:
    """The town's window to pay a citation or ask for a hearing."""
    return citation_policy(municipality.code).window


def cited_penalties(application: Application) -> dict[str, Citation]:
    """The application's cited penalty findings: rule id → the citation of its offense on a
    case opened for the application."""
    citations = {
        (citation.case.case_type, citation.offense): citation
        for citation in Citation.objects.filter(case__application=application)
        .select_related("case__municipality")
    }
    return {
        rule_id: citations[(penalty.case_type, penalty.offense)]
        for rule_id, penalty in _PENALTIES.items()
        if (penalty.case_type, penalty.offense) in citations
    }


@transaction.atomic
def record_penalty_offense(*, application: Application, rule_id: str,
    acting_user: User) -> Citation:
    """Cite the applicant for the offense a failed penalty finding of the application
    leads to, on the application's case (opened the first time), priced by the fine
    schedule in force and counted on the applicant's record.

    Refused, naming ``rule``, when the rule is not a failed penalty finding of
    the submitted application, no offense is registered for it, or it was
    already cited.
    """
    application = Application.objects.select_for_update().get(pk=application.pk)
    finding = _penalty_finding(application, rule_id)
    penalty = penalty_for(rule_id)
    if penalty is None:
        raise DomainError(f"No offense is registered for {rule_id}.", field="rule")
    cited = cited_penalties(application)
    if rule_id in cited:
        raise DomainError(
            f"{rule_id} was already cited: citation #{cited[rule_id].pk} on case "
            f"#{cited[rule_id].case_id}.",
            field="rule",
        )
    case = _case_of(application) or _open_case(application, finding, penalty,
                                               acting_user=acting_user)
    citation = issue_citation(case=case, offense=penalty.offense, acting_user=acting_user)
    audit.record(
        actor=acting_user,
        action=PENALTY_CITED,
        subject=application,
        municipality=application.municipality,
        summary=f"{citation.description} cited on case #{case.pk}: "
                f"${citation.amount_per_offense} ({finding.citation})",
        after={"rule": rule_id, "case": case.pk, "citation": citation.pk},
    )
    return citation


def _penalty_finding(application: Application, rule_id: str) -> Finding:
    if application.status not in CITABLE_STATUSES:
        raise DomainError(
            f"Offenses are recorded once an application is submitted; this one is "
            f"{application.get_status_display().lower()}.",
            field="rule",
        )
    result = evaluate(application)
    finding = next((finding for finding in result.penalties if finding.rule == rule_id),
                   None) if result else None
    if finding is None:
        raise DomainError(f"{rule_id} is not a failed penalty finding of this application.",
                          field="rule")
    return finding


def _case_of(application: Application) -> Case | None:
    """The case opened for an earlier penalty of the application, while it is not closed."""
    return application.cases.exclude(status=CaseStatus.CLOSED).first()


def _open_case(application: Application, finding: Finding, penalty: Penalty, *, acting_user: User
               ) -> Case:
    applicant = application.applicant
    return open_case(
        municipality=application.municipality,
        case_type=penalty.case_type,
        party=applicant,
        party_business=application.business,
        party_name=(application.business.display_name if application.business
                    else applicant.display_name),
        address=(application.place.full_address if application.place
                 else applicant.mailing_address),
        complaint=f"{application.permit_type.name} application #{application.pk}: "
                  f"{finding.message} ({finding.citation})",
        received_on=timezone.localdate(),
        permit=Permit.objects.filter(application=application).first(),
        application=application,
        acting_user=acting_user,
    )


# -- the review screen ----------------------------------------------------------------


@dataclass(frozen=True)
class PenaltyRow:
    """One penalty finding on the review screen: its citation once recorded, else what
    recording it would cost the applicant today (``quote``) and who may record it."""

    finding: Finding
    penalty: Penalty
    period: Period
    citation: Citation | None = None
    respond_by: dt.date | None = None
    quote: fines.FineQuote | None = None
    may_record: bool = False

    @property
    def fine(self) -> Citation | fines.FineQuote | None:
        """What the offense costs the applicant: its citation once recorded — the amount of
        the offense number it was cited as — else what citing it would cost today."""
        return self.citation or self.quote


def penalty_rows(application: Application, result: CheckResult | None, *, user
                 ) -> list[PenaltyRow]:
    """The application's failed penalty findings that lead to a registered offense."""
    if result is None or not result.penalties:
        return []
    cited = cited_penalties(application)
    rows = []
    for finding in result.penalties:
        penalty = penalty_for(finding.rule)
        if penalty is None:
            continue
        period = response_period(application.municipality)
        citation = cited.get(finding.rule)
        if citation is not None:
            rows.append(PenaltyRow(finding, penalty, period, citation=citation,
                                   respond_by=citation.due_on))
        else:
            rows.append(PenaltyRow(
                finding, penalty, period, quote=_quote(application, penalty),
                may_record=application.status in CITABLE_STATUSES
                and permissions.is_clerk(user, application.municipality_id),
            ))
    return rows


def penalty_fine(rule_id: str, *, municipality: Municipality, applicant: User
                 ) -> fines.FineQuote | None:
    """What the offense a failed penalty rule leads to would cost ``applicant`` today, for
    the rules' findings shown before an application is saved (None: no offense registered
    for the rule, or no schedule prices it)."""
    penalty = penalty_for(rule_id)
    if penalty is None:
        return None
    return _fine_quote(Case(municipality=municipality, party=applicant), penalty)


def _quote(application: Application, penalty: Penalty) -> fines.FineQuote | None:
    return _fine_quote(Case(municipality=application.municipality,
                            party=application.applicant), penalty)


def _fine_quote(party: Case, penalty: Penalty) -> fines.FineQuote | None:
    """The fine the party's record would bring today (None when no schedule prices it),
    counted as :func:`issue_citation` counts it, the party named as a case would name it."""
    today = timezone.localdate()
    try:
        fine_item = fine_item_in_force(party.municipality, penalty.offense, today)
        return fines.quote_fine(fine_item.rate(),
                                prior_offenses=prior_offenses(party, fine_item, on=today))
    except QuoteRefused:
        return None
