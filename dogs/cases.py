"""North Andover's dog cases: potentially dangerous dogs, appeals and temporary restraint orders.

The Animal Control Officer investigates and proposes; the hearing authority —
the Police Chief or a designee who is never the Animal Control Officer
(Hearing authority A) — determines, and the same person never sits in both
seats on one case (the core's ``require_other_seat``). A dog is potentially
dangerous when it acts in a highly aggressive manner within an enclosure it
appears able to escape (Potentially dangerous B(1)(a)), or when its owner was
cited more than twice in twelve months for letting it run at large
(B(1)(b)): those citations are counted from the record, dismissed ones not
counting. The exceptions of Dangerous C(1)–(6) found to apply are recorded
with the determination.

The owner or the complainant appeals to the Town Clerk within 10 business
days of the decision (Hearing authority B), the hearing authority holds a
public hearing and mails its written ruling to owner, complainant and Animal
Control Officer (C); the ruling may be appealed within 10 business days more
(E). Both windows are the case types' declared periods, enforced by the core.

A temporary restraint order is in force for no more than 30 days unless the
Animal Control Officer renews it in writing for further 30-day periods
(Temporary restraint A); an order that has ended is not renewed.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from typing import TYPE_CHECKING

from django.db.models import TextChoices
from django.utils import timezone

from dogs.law import cite
from dogs.periods import MUNICIPALITY
from permits_site.accounts.models import Role
from permits_site.accounts.permissions import has_role
from permits_site.enforcement.models import Appeal, Case, Citation, Order, OrderRenewal
from permits_site.enforcement.services.cases import (
    appeal_window,
    decide_appeal,
    determine,
    file_appeal,
    issue_order_in_force,
    propose_determination,
    renew_order,
    require_text,
    schedule_appeal_hearing,
)
from permits_site.enforcement.services.citations import counted_offenses, same_party
from permits_site.exceptions import DomainError, InvalidTransition, PermissionDenied
from permits_site.rules.calendar import add_months, days_after, period_due
from permits_site.rules.registry import Period, town_law

if TYPE_CHECKING:
    from permits_site.accounts.models import User

POTENTIALLY_DANGEROUS_DOG = "north_andover.potentially_dangerous_dog"
NUISANCE_DOG = "north_andover.nuisance_dog"
DOG_CONTROL = "north_andover.dog_control"
RUNNING_AT_LARGE = "running_at_large"
#: Potentially dangerous B(1)(b): cited "more than twice, in a twelve-month period".
AT_LARGE_CITATIONS_ALLOWED = 2
AT_LARGE_MONTHS = 12


class Criterion(TextChoices):
    """Potentially dangerous B(1): what makes a dog potentially dangerous."""

    AGGRESSIVE_IN_ENCLOSURE = "B(1)(a)", (
        "Highly aggressive, unprovoked, within an enclosure it appears able to escape")
    CITED_AT_LARGE = "B(1)(b)", "Owner cited more than twice in 12 months for running at large"


class DangerException(TextChoices):
    """Dangerous C(1)–(6): circumstances in which the dog is not considered dangerous."""

    TRESPASS_OR_TORMENT = "C(1)", (
        "The person was trespassing, committing a tort or crime, or tormenting the dog")
    ANIMAL_TORMENTING = "C(2)", "A domestic animal was tormenting, abusing or assaulting the dog"
    DEFENDING_A_PERSON = "C(3)", "The dog was protecting a person nearby from an attack"
    OFFICIAL_DUTIES = "C(4)", "Military, correctional or law enforcement duties"
    SKIN_NOT_BROKEN = "C(5)", "The person's skin was not broken"
    PAIN_OR_PROTECTION = "C(6)", (
        "The dog reacted to pain or injury, or protected itself, its kennel or offspring")


class RulingOutcome(TextChoices):
    """Hearing authority C: the Animal Control Officer's decision upheld, reversed or modified."""

    UPHOLD = "uphold", "Upheld"
    REVERSE = "reverse", "Reversed"
    MODIFY = "modify", "Modified"


class Appellant(TextChoices):
    """Hearing authority B, E: either the owner or the complainant may appeal."""

    OWNER = "owner", "Owner"
    COMPLAINANT = "complainant", "Complainant"


#: Appeals are written requests to the Town Clerk (Hearing authority B, E); the officials of
#: the case record them and the public hearing too.
APPEAL_RECORDERS = (Role.CLERK, Role.ANIMAL_CONTROL_OFFICER, Role.HEARING_AUTHORITY)


def _require_role(case: Case, acting_user: User, role: Role, *, doing: str) -> None:
    if not has_role(acting_user, case.municipality_id, role):
        raise PermissionDenied(f"Only the {role.label.lower()} {doing}.")


def _require_appeal_recorder(case: Case, acting_user: User) -> None:
    if not has_role(acting_user, case.municipality_id, *APPEAL_RECORDERS):
        raise PermissionDenied("Only the Town Clerk and the officials of the case record "
                               "appeals and their hearings.")


def _require_case_type(case: Case, code: str) -> None:
    if case.case_type != code:
        raise DomainError("This case is of another kind.", field="case_type")


# -- potentially dangerous dog ------------------------------------------------------------


def at_large_window_start(on: dt.date) -> dt.date:
    """The first day of the twelve months ending on ``on`` (the day after the same date a
    year earlier; Feb 29 clamps to Feb 28)."""
    return days_after(add_months(on, -AT_LARGE_MONTHS), 1)


def running_at_large_citations(case: Case, *, on: dt.date) -> int:
    """Running-at-large citations on the owner's record in the twelve months ending on
    ``on`` (Potentially dangerous B(1)(b)); dismissed ones do not count."""
    return (
        Citation.objects.filter(same_party(case), counted_offenses(), offense=RUNNING_AT_LARGE,
                                case__case_type=DOG_CONTROL,
                                issued_on__range=(at_large_window_start(on), on))
        .distinct().count()
    )


def criteria_met(*, aggressive_in_enclosure: bool, at_large_citations: int) -> list[str]:
    """The criteria of Potentially dangerous B(1) a finding and a count meet."""
    met = [(Criterion.AGGRESSIVE_IN_ENCLOSURE, aggressive_in_enclosure),
           (Criterion.CITED_AT_LARGE, at_large_citations > AT_LARGE_CITATIONS_ALLOWED)]
    return [criterion.value for criterion, holds in met if holds]


def _criteria_findings(case: Case, *, aggressive_in_enclosure: bool) -> dict:
    count = running_at_large_citations(case, on=timezone.localdate())
    return {
        "aggressive_in_enclosure": aggressive_in_enclosure,
        "running_at_large_citations": count,
        "criteria": criteria_met(aggressive_in_enclosure=aggressive_in_enclosure,
                                 at_large_citations=count),
    }


def propose_potentially_dangerous(
    *, case: Case, aggressive_in_enclosure: bool, proposal: str, acting_user: User
) -> Case:
    """The Animal Control Officer's proposed determination, with the criteria met today."""
    _require_case_type(case, POTENTIALLY_DANGEROUS_DOG)
    _require_role(case, acting_user, Role.ANIMAL_CONTROL_OFFICER,
                  doing="proposes a determination")
    return propose_determination(
        case=case, proposal=proposal, acting_user=acting_user,
        findings=_criteria_findings(case, aggressive_in_enclosure=aggressive_in_enclosure),
    )


def _exception_codes(exceptions: Iterable[str]) -> list[str]:
    codes = list(dict.fromkeys(exceptions))
    unknown = [code for code in codes if code not in DangerException.values]
    if unknown:
        raise DomainError(f"Not an exception of {cite('Dangerous C')}: {', '.join(unknown)}.",
                          field="exceptions")
    return sorted(codes)


def _require_grounds(findings: dict, *, deemed: bool) -> None:
    if not deemed:
        return
    if not findings["criteria"]:
        raise DomainError(f"No criterion of {cite('Potentially dangerous B(1)')} is met.",
                          field="deemed")
    if findings["exceptions"]:
        raise DomainError(f"An exception of {cite('Dangerous C')} applies: the dog is not "
                          "considered dangerous.", field="deemed")


def determine_potentially_dangerous(
    *, case: Case, deemed: bool, exceptions: Iterable[str], determination: str, acting_user: User
) -> Case:
    """The hearing authority's determination (Potentially dangerous A; Hearing authority A):
    the citations are counted again on the day, and the exceptions found are recorded."""
    _require_case_type(case, POTENTIALLY_DANGEROUS_DOG)
    _require_role(case, acting_user, Role.HEARING_AUTHORITY, doing="determines the case")
    findings = {
        **_criteria_findings(case, aggressive_in_enclosure=case.findings.get(
            "aggressive_in_enclosure", False)),
        "exceptions": _exception_codes(exceptions),
        "deemed": deemed,
    }
    _require_grounds(findings, deemed=deemed)
    return determine(case=case, determination=determination, findings=findings,
                     acting_user=acting_user)


# -- appeals ------------------------------------------------------------------------------


def appellant_name(case: Case, appellant: str) -> str:
    """The name of the owner or complainant who appeals."""
    if appellant == Appellant.OWNER:
        return case.party_name
    if appellant == Appellant.COMPLAINANT and case.complainant:
        return case.complainant
    raise DomainError("Choose the owner or a complainant named on the case.",
                      field="appellant")


def file_dog_appeal(
    *, case: Case, appellant: str, filed_on: dt.date, grounds: str, acting_user: User
) -> Appeal:
    """A written appeal received by the Town Clerk (Hearing authority B, E): the core
    refuses it after the case type's window."""
    _require_appeal_recorder(case, acting_user)
    return file_appeal(case=case, appellant=appellant_name(case, appellant), filed_on=filed_on,
                       grounds=grounds, acting_user=acting_user)


def schedule_public_hearing(*, appeal: Appeal, hearing_date: dt.date, acting_user: User) -> Appeal:
    """The public hearing the hearing authority holds on the appeal (Hearing authority B)."""
    _require_appeal_recorder(appeal.case, acting_user)
    return schedule_appeal_hearing(appeal=appeal, hearing_date=hearing_date,
                                   acting_user=acting_user)


def rule_on_appeal(
    *, appeal: Appeal, outcome: str, ruling: str, decided_on: dt.date, acting_user: User
) -> Appeal:
    """The hearing authority's written ruling after the public hearing (Hearing authority
    B, C); it opens the window of a further appeal (E)."""
    _require_role(appeal.case, acting_user, Role.HEARING_AUTHORITY, doing="rules on an appeal")
    if appeal.hearing_date is None:
        raise InvalidTransition(
            f"Hold the public hearing first ({cite('Hearing authority B')}).")
    if outcome not in RulingOutcome.values:
        raise DomainError("Choose uphold, reverse or modify.", field="outcome")
    ruling = require_text(ruling, field="ruling",
                          message=f"Write the ruling ({cite('Hearing authority C')}).")
    return decide_appeal(appeal=appeal, decision=RulingOutcome(outcome).label, ruling=ruling,
                         decided_on=decided_on, acting_user=acting_user)


def next_appeal_due(case: Case) -> dict | None:
    """The next appeal's last day and section, for the case page; None when none is open."""
    window = appeal_window(case)
    if window is None:
        return None
    period, start, due = window
    return {"period": period, "from": start, "due": due}


def further_appeal_due(appeal: Appeal) -> tuple[Period, dt.date]:
    """The period and last day of an appeal from ``appeal``'s ruling (Hearing authority E)."""
    period = town_law(MUNICIPALITY).periods["appeal_hearing_decision"]
    return period, period_due(period, appeal.decided_on, appeal.case.municipality.calendar())


def ruling_recipients(appeal: Appeal) -> list[dict[str, str]]:
    """Whom the ruling is mailed to (Hearing authority C): the owner, the complainant when
    one is named, and the Animal Control Officer."""
    case = appeal.case
    officer = case.proposed_by or case.opened_by
    recipients = [{"role": "Owner", "name": case.party_name, "address": case.address}]
    if case.complainant:
        recipients.append({"role": "Complainant", "name": case.complainant, "address": ""})
    recipients.append({"role": "Animal Control Officer", "name": officer.display_name,
                       "address": f"Animal Control, {case.municipality.name}"})
    return recipients


# -- temporary restraint orders -----------------------------------------------------------


def restraint_period() -> Period:
    return town_law(MUNICIPALITY).periods["restraint_order"]


def issue_restraint_order(*, case: Case, text: str, days: int | None = None,
                          acting_user: User) -> Order:
    """An order of temporary restraint in force for at most 30 days from today
    (Temporary restraint A); it ends on the day the duration ends."""
    _require_case_type(case, NUISANCE_DOG)
    _require_role(case, acting_user, Role.ANIMAL_CONTROL_OFFICER, doing="issues restraint orders")
    most = restraint_period().days
    days = most if days is None else days
    if isinstance(days, bool) or not isinstance(days, int) or not 1 <= days <= most:
        raise DomainError(f"An order of temporary restraint is in force for 1 to {most} days "
                          f"({restraint_period().citation}).", field="days")
    return issue_order_in_force(case=case, text=text, citation=restraint_period().citation,
                                ends_on=days_after(timezone.localdate(), days),
                                acting_user=acting_user)


def renew_restraint_order(*, order: Order, note: str, acting_user: User) -> OrderRenewal:
    """Renew the order in writing for a further 30 days from its current end, while it is
    in force (Temporary restraint A)."""
    case = order.case
    _require_case_type(case, NUISANCE_DOG)
    _require_role(case, acting_user, Role.ANIMAL_CONTROL_OFFICER, doing="renews restraint orders")
    note = require_text(note, field="note", message="A renewal is made in writing: write it.")
    return renew_order(order=order, period=restraint_period(), note=note,
                       acting_user=acting_user)
