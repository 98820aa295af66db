"""Kennel review hearings (North Andover Code ch. 60, Kennel license B(4), B(5)).

When the Animal Control Officer or the Health Division finds a kennel not kept in a
safe, sanitary and humane condition, or its records of the dogs not properly kept, the
officer reports the violations to the hearing authority (B(4)). Within seven business
days after receiving the report the hearing authority notifies all interested parties of
a public hearing, held within 14 days after the notice date; within seven business days
after the hearing it revokes the kennel license, suspends it, orders compliance or
otherwise regulates the kennel (B(5)).

The review is a core enforcement case on the kennel license: the report's receipt is
the case's ``received_on``, the hearing a ``CaseHearing``, the decision the case's
determination; revoking or suspending goes through the core's permit status change and
an order of compliance is a core ``Order``. Every step after its window is refused,
naming the last day and the section; the windows are counted on the Town's
Monday-to-Thursday calendar (``dogs.periods``).
"""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING

from django.db import transaction
from django.db.models import QuerySet, TextChoices
from django.utils.translation import gettext_noop

from dogs.law import cite
from dogs.models import InterestedPartyRole, KennelInterestedParty
from dogs.periods import MUNICIPALITY
from dogs.rules import KENNEL_LICENSE
from permits_site.accounts.models import Role
from permits_site.accounts.permissions import has_role, party_rows
from permits_site.enforcement.models import Case, CaseHearing, CaseStatus
from permits_site.enforcement.services import (
    address_of,
    decide_case_hearing,
    determine,
    issue_order,
    open_case,
    schedule_case_hearing,
    suspend_or_revoke_permit,
)
from permits_site.enforcement.services.cases import require_not_future, require_text
from permits_site.exceptions import DomainError, InvalidTransition, PermissionDenied
from permits_site.licensing.models import Permit, PermitStatus
from permits_site.rules.calendar import BusinessCalendar, format_date, period_due
from permits_site.rules.periods import Period
from permits_site.rules.registry import town_law
from permits_site.towns.calendar import town_calendar

if TYPE_CHECKING:
    from permits_site.accounts.models import User
    from permits_site.towns.models import Municipality

KENNEL_REVIEW = "north_andover.kennel_review"
#: Who records the officer's report as received: the officer, the hearing authority, the Clerk.
REPORT_RECORDERS = (Role.ANIMAL_CONTROL_OFFICER, Role.HEARING_AUTHORITY, Role.CLERK)


#: The section of the notice, the hearing and the decision, which every page of the review
#: names.
SECTION = cite("Kennel license B(5)")


class Outcome(TextChoices):
    """Kennel license B(5): what the hearing authority may do after the hearing. The label is
    stored as the hearing's decision, in English, and translated where the licensee reads it
    (marked for the catalogues only)."""

    REVOKE = "revoke", gettext_noop("Revoke the kennel license")
    SUSPEND = "suspend", gettext_noop("Suspend the kennel license")
    ORDER_COMPLIANCE = "order_compliance", gettext_noop("Order compliance")
    REGULATE = "regulate", gettext_noop("Otherwise regulate the kennel")


#: Outcomes that state what the kennel must do or the conditions it is kept under.
WITH_TERMS = (Outcome.ORDER_COMPLIANCE, Outcome.REGULATE)


def period(code: str) -> Period:
    return town_law(MUNICIPALITY).periods[code]


def notice_due(case: Case, calendar: BusinessCalendar | None = None) -> dt.date:
    """The last day to notify the interested parties: seven business days after the
    Animal Control Officer's report is received (B(5)); on ``calendar`` when one is given
    (a list's), else on the town's read now."""
    return period_due(period("kennel_hearing_notice"), case.received_on,
                      calendar or case.municipality.calendar())


def hearing_due(case: Case, notice_sent_on: dt.date,
                calendar: BusinessCalendar | None = None) -> dt.date:
    """The last day for the public hearing: 14 days after the notice date (B(5)); on
    ``calendar`` when one is given, else on the town's read now."""
    return period_due(period("kennel_hearing"), notice_sent_on,
                      calendar or case.municipality.calendar())


def decision_due(hearing: CaseHearing, calendar: BusinessCalendar | None = None) -> dt.date:
    """The last day to decide: seven business days after the public hearing (B(5))."""
    return period_due(period("kennel_decision"), hearing.hearing_date,
                      calendar or hearing.case.municipality.calendar())


def _refuse_after(day: dt.date, due: dt.date, code: str, *, field: str, what: str) -> None:
    if day > due:
        late = period(code)
        raise DomainError(f"{what} {format_date(day)} is too late: the last day was "
                          f"{format_date(due)}. {late.description} ({late.citation})",
                          field=field)


def _require_role(case_or_permit, acting_user: User, *roles: str, doing: str) -> None:
    if not has_role(acting_user, case_or_permit.municipality_id, *roles):
        raise PermissionDenied(f"Only {doing}.")


def _require_review(case: Case) -> None:
    if case.case_type != KENNEL_REVIEW:
        raise DomainError("This case is not a kennel review.", field="case_type")


#: The step due once the report is received, on the Deadlines screen and My work.
NOTIFY_PARTIES = "Notify the parties of the kennel review hearing"


def awaiting_notice(municipality: Municipality) -> QuerySet[Case]:
    """The town's open kennel reviews whose public hearing is not noticed yet, the oldest
    report first: each notice is due seven business days after its report (B(5)). One
    query, the license with it."""
    return Case.objects.filter(
        municipality=municipality, case_type=KENNEL_REVIEW, status=CaseStatus.OPEN,
        hearings__isnull=True,
    ).select_related("permit").order_by("received_on", "pk")


def kennel_named(case: Case) -> str:
    """The review as the staff's lists name it: "Kennel license KEN-2026-00001 (Kim
    Kennel)"."""
    return f"Kennel license {case.permit.number} ({case.party_name})"


def with_hearings(reviews: QuerySet[Case]) -> QuerySet[Case]:
    """``reviews``, oldest report first, each with its hearing (whose day, hour and place are
    those in force after any continuance): what the licensee reads of a review. Two queries
    whatever their number."""
    return reviews.filter(case_type=KENNEL_REVIEW).prefetch_related("hearings").order_by(
        "received_on", "pk")


def held_by(user: User) -> list[Case]:
    """The kennel reviews not closed of the kennel licenses ``user`` holds, or a business of
    theirs holds, each with its license and hearing: the licensee's dashboard shows them
    (B(4), B(5))."""
    return list(with_hearings(Case.objects.filter(
        party_rows(user, owner_field="permit__holder",
                   business_field="permit__holder_business"),
    ).exclude(status=CaseStatus.CLOSED).select_related("permit")))


def open_hearing(case: Case) -> CaseHearing | None:
    return next((hearing for hearing in case.hearings.all() if hearing.decided_on is None),
                None)


def name_licensee(case: Case, *, acting_user: User) -> KennelInterestedParty:
    """The kennel licensee, an interested party of every review of its license."""
    permit = case.permit
    address = permit.holder_address or (permit.holder.mailing_address if permit.holder else "")
    return KennelInterestedParty.objects.create(
        case=case, role=InterestedPartyRole.LICENSEE, name=permit.holder_name,
        mailing_address=address, recorded_by=acting_user)


@transaction.atomic
def open_kennel_review(
    *, permit: Permit, received_on: dt.date, report: str, acting_user: User
) -> Case:
    """Record the Animal Control Officer's report of violations at a licensed kennel as
    received by the hearing authority on ``received_on`` (B(4)): its windows run from it."""
    _require_role(permit, acting_user, *REPORT_RECORDERS,
                  doing="the Animal Control Officer, the hearing authority or the Town Clerk "
                        "records the report")
    if permit.permit_type.code != KENNEL_LICENSE.code:
        raise DomainError("A kennel review concerns a kennel license.", field="permit")
    if permit.status not in (PermitStatus.ACTIVE, PermitStatus.SUSPENDED):
        raise InvalidTransition(
            f"The kennel license is {permit.get_status_display().lower()}.", field="permit")
    report = require_text(
        report, field="report",
        message=f"Describe the violations reported ({cite('Kennel license B(4)')}).")
    case = open_case(
        municipality=permit.municipality, case_type=KENNEL_REVIEW, permit=permit,
        party=permit.holder, party_business=permit.holder_business,
        party_name=permit.holder_name, address=address_of(permit), complaint=report,
        received_on=received_on, acting_user=acting_user,
    )
    name_licensee(case, acting_user=acting_user)
    return case


@transaction.atomic
def schedule_kennel_hearing(
    *, case: Case, notice_sent_on: dt.date, hearing_date: dt.date, acting_user: User,
    hearing_time: dt.time | None = None, location: str = "",
) -> CaseHearing:
    """Record the notice of the public hearing, sent no later than seven business days
    after the report was received, for a hearing no later than 14 days after the notice
    (B(5)), at the hour and place given, else the town's usual ones: the parties' letters
    give all three. A notice or a hearing date past its window is refused."""
    _require_review(case)
    _require_role(case, acting_user, Role.HEARING_AUTHORITY,
                  doing="the hearing authority notifies the parties of a hearing")
    if case.hearings.exists():
        raise InvalidTransition("The kennel review hearing is already scheduled.")
    require_not_future(notice_sent_on, field="notice_sent_on", what="The notice date")
    if notice_sent_on < case.received_on:
        raise DomainError("The notice follows the report: it cannot be dated before "
                          f"{format_date(case.received_on)}.", field="notice_sent_on")
    _refuse_after(notice_sent_on, notice_due(case), "kennel_hearing_notice",
                  field="notice_sent_on", what="A notice sent on")
    _refuse_after(hearing_date, hearing_due(case, notice_sent_on), "kennel_hearing",
                  field="hearing_date", what="A hearing on")
    return schedule_case_hearing(case=case, notice_sent_on=notice_sent_on,
                                 hearing_date=hearing_date, hearing_time=hearing_time,
                                 location=location, acting_user=acting_user)


def _terms(outcome: Outcome, terms: str) -> str:
    if outcome not in WITH_TERMS:
        return ""
    return require_text(terms, field="terms",
                        message=f"{outcome.label}: write what the kennel must do "
                                f"({SECTION}).")


def _carry_out(case: Case, outcome: Outcome, *, reasons: str, terms: str,
               comply_within_days: int | None, acting_user: User) -> None:
    """Revoke or suspend through the core's status change; order compliance as a core
    order; regulating is the conditions recorded with the decision."""
    if outcome in (Outcome.REVOKE, Outcome.SUSPEND):
        suspend_or_revoke_permit(case=case, change=outcome.value, reason=reasons,
                                 acting_user=acting_user)
    elif outcome == Outcome.ORDER_COMPLIANCE:
        issue_order(case=case, text=terms, citation=SECTION,
                    comply_within_days=comply_within_days, acting_user=acting_user)


@transaction.atomic
def decide_kennel_review(
    *,
    case: Case,
    outcome: str,
    decided_on: dt.date,
    reasons: str,
    terms: str = "",
    comply_within_days: int | None = None,
    acting_user: User,
) -> Case:
    """The hearing authority's decision within seven business days after the public
    hearing (B(5)): revoke, suspend, order compliance (with ``terms`` and the days to
    comply) or regulate (``terms``: the conditions). A late decision is refused."""
    _require_review(case)
    _require_role(case, acting_user, Role.HEARING_AUTHORITY,
                  doing="the hearing authority decides a kennel review")
    hearing = open_hearing(case)
    if hearing is None:
        raise InvalidTransition(
            f"Hold the public hearing first ({SECTION}).")
    if outcome not in Outcome.values:
        raise DomainError("Choose revoke, suspend, order compliance or regulate.",
                          field="outcome")
    outcome = Outcome(outcome)
    _refuse_after(decided_on, decision_due(hearing), "kennel_decision", field="decided_on",
                  what="A decision on")
    reasons = require_text(reasons, field="reasons", message="Give the reasons.")
    terms = _terms(outcome, terms)
    decide_case_hearing(hearing=hearing, decision=outcome.label, ruling=reasons,
                        decided_on=decided_on, acting_user=acting_user)
    determine(case=case, determination=f"{outcome.label}: {reasons}",
              findings={"outcome": outcome.value, "terms": terms}, acting_user=acting_user)
    _carry_out(case, outcome, reasons=reasons, terms=terms,
               comply_within_days=comply_within_days, acting_user=acting_user)
    return case


def review_dates(case: Case) -> dict:
    """The windows of the review as they stand, for the page and the API, on the town's
    cached calendar (no query: a list of reviews reads it once)."""
    calendar = town_calendar(case.municipality.code).calendar
    hearing = next(iter(case.hearings.all()), None)
    return {
        "notice_due": notice_due(case, calendar),
        "hearing_due": hearing_due(case, hearing.notice_sent_on, calendar) if hearing else None,
        "decision_due": decision_due(hearing, calendar) if hearing else None,
        "citation": SECTION,
    }
