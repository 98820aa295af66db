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

Once a dog is determined dangerous or potentially dangerous the Chief orders the owner's
duties as core orders (Dangerous E(1), D; Potentially dangerous C): spay or neuter unless a
veterinarian certifies the dog unfit, microchip, behavior training and the security of the
premises, each within 21 days of the notice; the Chief alone may extend the security once,
up to 60 days from the notice (C(5)). The Animal Control Officer's check runs the rule set
``north_andover.dangerous_dog_compliance`` over the owner's facts; compliance is recorded
in time and only when every rule passes. Two years after the last duty was complied with
the dog is released (C(6)). A dangerous dog's owner is fined under Dangerous F(1)–(2) through
the core's citations; from the second at-large offense the Chief's hearing is mandatory, and
an unregistered dog's finding opens 10 days to register. Relocation notices (G, H) are kept
on the case and printed for the other community.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal
from typing import TYPE_CHECKING

from django.db import transaction
from django.db.models import TextChoices
from django.utils import timezone

from dogs.law import cite
from dogs.periods import MUNICIPALITY
from permits_site import audit
from permits_site.accounts.models import Role
from permits_site.accounts.permissions import has_role
from permits_site.enforcement.models import (
    Appeal,
    Case,
    CaseHearing,
    CaseStatus,
    Citation,
    Order,
    OrderRenewal,
)
from permits_site.enforcement.services.cases import (
    appeal_window,
    close_case,
    decide_appeal,
    determine,
    file_appeal,
    issue_order_in_force,
    propose_determination,
    renew_order,
    require_text,
    schedule_appeal_hearing,
    schedule_case_hearing,
)
from permits_site.enforcement.services.citations import (
    counted_offenses,
    issue_citation,
    same_party,
)
from permits_site.enforcement.services.orders import (
    extend_order,
    issue_order,
    record_compliance,
)
from permits_site.exceptions import DomainError, InvalidTransition, PermissionDenied
from permits_site.rules.base import FactsInvalid, RuleSet
from permits_site.rules.calendar import add_months, days_after, format_date, period_due
from permits_site.rules.registry import Period, get_rule_set, town_law

if TYPE_CHECKING:
    from permits_site.accounts.models import User

DANGEROUS_DOG = "north_andover.dangerous_dog"
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


def determine_dangerous(
    *, case: Case, deemed: bool, exceptions: Iterable[str], determination: str, acting_user: User
) -> Case:
    """The hearing authority's determination on a written complaint that a dog is dangerous
    (Dangerous A, B), with the exceptions of C(1)–(6) found; a dog an exception covers is
    not considered dangerous."""
    _require_case_type(case, DANGEROUS_DOG)
    _require_role(case, acting_user, Role.HEARING_AUTHORITY, doing="determines the case")
    codes = _exception_codes(exceptions)
    if deemed and codes:
        raise DomainError(f"An exception of {cite('Dangerous C')} applies: the dog is not "
                          "considered dangerous.", field="deemed")
    return determine(case=case, determination=determination,
                     findings={"exceptions": codes, "deemed": deemed}, acting_user=acting_user)


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


# -- owners' duties after a determination ---------------------------------------------------

#: The case types whose determination puts duties on the owner.
DETERMINED_DOG_CASES = (DANGEROUS_DOG, POTENTIALLY_DANGEROUS_DOG)
COMPLIANCE_RULE_SET = "north_andover.dangerous_dog_compliance"
#: Potentially dangerous C(5): "the Chief of Police may extend this time for up to 60 days".
SECURITY_EXTENSION_DAYS = 60
#: The officials who verify the owner's compliance (Dangerous D(1)(a)).
COMPLIANCE_VERIFIERS = (Role.ANIMAL_CONTROL_OFFICER, Role.HEARING_AUTHORITY)


@dataclass(frozen=True)
class OwnerDuty:
    """One order the Chief gives the owner after a determination, with its section under
    each case type (Dangerous E(1), D; Potentially dangerous C)."""

    code: str
    text: str
    sections: dict[str, str]

    def citation(self, case_type: str) -> str:
        return cite(self.sections[case_type])


SPAY_NEUTER = OwnerDuty(
    "spay_neuter", "Submit written verification that the dog is spayed or neutered.",
    {DANGEROUS_DOG: "Dangerous E(1)(a)", POTENTIALLY_DANGEROUS_DOG: "Potentially dangerous C(1)"})
MICROCHIP = OwnerDuty(
    "microchip", "Submit written verification of the dog's microchip, in the mode the Animal "
                 "Control Officer designates.",
    {DANGEROUS_DOG: "Dangerous E(1)(b)", POTENTIALLY_DANGEROUS_DOG: "Potentially dangerous C(2)"})
TRAINING = OwnerDuty(
    "training", "Submit written verification of behavior training from an approved trainer, "
                "at the owner's cost.",
    {DANGEROUS_DOG: "Dangerous E(1)(c)", POTENTIALLY_DANGEROUS_DOG: "Potentially dangerous C(3)"})
SECURITY = OwnerDuty(
    "security", "Secure the premises where the dog is kept as the Animal Control Officer "
                "describes in writing: the pen, the warning signs, the abutters' notice, the "
                "lead and muzzle off the premises, and the insurance.",
    {DANGEROUS_DOG: "Dangerous D", POTENTIALLY_DANGEROUS_DOG: "Potentially dangerous C(5)"})
OWNER_DUTIES = (SPAY_NEUTER, MICROCHIP, TRAINING, SECURITY)


def compliance_period() -> Period:
    return town_law(MUNICIPALITY).periods["pdd_compliance"]


def _require_role_among(case: Case, acting_user: User, *, doing: str) -> None:
    if not has_role(acting_user, case.municipality_id, *COMPLIANCE_VERIFIERS):
        raise PermissionDenied(f"Only the Animal Control Officer or the hearing authority "
                               f"may {doing}.")


def _require_determined_dog(case: Case) -> None:
    """Duties follow a determination that the dog is dangerous or potentially dangerous."""
    if case.case_type not in DETERMINED_DOG_CASES:
        raise DomainError("This case is of another kind.", field="case_type")
    deemed = case.findings.get("deemed", True)
    if case.status != CaseStatus.DETERMINED or not deemed:
        raise InvalidTransition("The dog has not been determined dangerous or potentially "
                                "dangerous on this case.")


def duty_orders(case: Case) -> dict[str, Order]:
    """The case's orders of the owner's duties, by duty code (recognised by section)."""
    by_citation = {duty.citation(case.case_type): duty.code for duty in OWNER_DUTIES
                   if case.case_type in duty.sections}
    return {by_citation[order.citation]: order for order in case.orders.all()
            if order.citation in by_citation}


def _require_notice_day(case: Case, notified_on: dt.date) -> None:
    if notified_on < case.determined_on or notified_on > timezone.localdate():
        raise DomainError(f"The owner is notified on or after the determination of "
                          f"{format_date(case.determined_on)}, and not in the future.",
                          field="notified_on")


@transaction.atomic
def order_owner_duties(
    *, case: Case, notified_on: dt.date, unfit_certificate: str = "", acting_user: User
) -> list[Order]:
    """The Chief's orders after a determination (Dangerous E(1); Potentially dangerous C):
    spay or neuter — unless a veterinarian certifies in writing that the dog is unfit, the
    certificate recorded instead — microchip, behavior training, and the security of the
    premises, each within 21 days of the owner's notice (C(5), a duration)."""
    _require_determined_dog(case)
    _require_role(case, acting_user, Role.HEARING_AUTHORITY, doing="orders the owner's duties")
    if duty_orders(case):
        raise InvalidTransition("The owner's duties are already ordered on this case.")
    _require_notice_day(case, notified_on)
    certificate = (unfit_certificate or "").strip()
    duties = [duty for duty in OWNER_DUTIES if not (duty is SPAY_NEUTER and certificate)]
    orders = [issue_order(case=case, text=duty.text, citation=duty.citation(case.case_type),
                          period_code=compliance_period().code, counted_from=notified_on,
                          acting_user=acting_user)
              for duty in duties]
    _update_findings(case, acting_user=acting_user, action="case.owner_duties_ordered",
                     summary=f"Owner's duties ordered on case #{case.pk}",
                     notified_on=str(notified_on), unfit_certificate=certificate)
    return orders


def _update_findings(case: Case, *, acting_user: User, action: str, summary: str,
                     **recorded) -> None:
    """Record what Chapter 60 keeps on the case after its determination, audited."""
    case.findings = {**case.findings, **recorded}
    case.save(update_fields=["findings"])
    audit.record(actor=acting_user, action=action, subject=case,
                 municipality=case.municipality, summary=summary, after=recorded)


# -- the security window: 21 days, extendable by the Chief up to 60 (Potentially dangerous C(5))


def _security_order(case: Case) -> Order:
    order = duty_orders(case).get(SECURITY.code)
    if order is None:
        raise InvalidTransition("The owner's duties have not been ordered yet.")
    return order


def security_limit(case: Case) -> dt.date:
    """The furthest the Chief may extend the security window: 60 days from the notice
    (Potentially dangerous C(5); a duration, never rolled)."""
    notified_on = dt.date.fromisoformat(case.findings["notified_on"])
    return days_after(notified_on, SECURITY_EXTENSION_DAYS)


def security_window(case: Case) -> dict | None:
    """The security order's window for the case page: its due day, the furthest extension,
    whether it was extended and the section; None before the duties are ordered."""
    order = duty_orders(case).get(SECURITY.code)
    if order is None:
        return None
    return {"order": order, "due": order.comply_by, "limit": security_limit(case),
            "notified_on": dt.date.fromisoformat(case.findings["notified_on"]),
            "extended": "security_extended_on" in case.findings,
            "citation": compliance_period().citation}


def _require_window_open(order: Order, on: dt.date, *, field: str, doing: str) -> None:
    if on > order.comply_by:
        raise DomainError(f"The time to comply ended on {format_date(order.comply_by)}: "
                          f"{doing} ({compliance_period().citation}).", field=field)


@transaction.atomic
def extend_security_compliance(
    *, case: Case, until: dt.date, reason: str, acting_user: User
) -> Order:
    """For good cause shown the Chief extends the time to secure the premises, once, up to
    60 days from the notice, while the time has not run out (Potentially dangerous C(5))."""
    _require_role(case, acting_user, Role.HEARING_AUTHORITY,
                  doing="extends the time to comply")
    order = _security_order(case)
    if "security_extended_on" in case.findings:
        raise InvalidTransition("The time to secure the premises was already extended.")
    _require_window_open(order, timezone.localdate(), field="until",
                         doing="it can no longer be extended")
    limit = security_limit(case)
    if until > limit:
        raise DomainError(f"The Chief extends the time up to 60 days from the notice: "
                          f"{format_date(limit)} at the latest ({compliance_period().citation}).",
                          field="until")
    extend_order(order=order, comply_by=until, reason=reason, acting_user=acting_user)
    _update_findings(case, acting_user=acting_user, action="case.security_extended",
                     summary=f"Time to secure the premises extended on case #{case.pk}",
                     security_extended_on=str(timezone.localdate()))
    return order


# -- the compliance check (Dangerous D) ------------------------------------------------------


def compliance_rule_set() -> RuleSet:
    return get_rule_set(COMPLIANCE_RULE_SET)


def check_owner_facts(facts: dict, *, on: dt.date) -> list[dict[str, str]]:
    """Each rule of ``north_andover.dangerous_dog_compliance`` the owner's facts fail, with
    its section; an empty list is compliant."""
    result = compliance_rule_set().evaluate(facts, on=on)
    return [{"rule": finding.rule, "citation": finding.citation, "message": finding.message}
            for finding in result.failures]


def _json_facts(facts: dict) -> dict:
    """The parsed facts as the case's JSON keeps them (amounts as text)."""
    return {name: str(value) if isinstance(value, Decimal) else value
            for name, value in facts.items()}


@transaction.atomic
def record_compliance_check(*, case: Case, facts: dict, acting_user: User) -> list[dict]:
    """The Animal Control Officer's on-site check of the owner's duties today (Dangerous
    D(1)(a)): the facts are judged by the rule set and kept on the case with each failure
    and its section. ``facts`` are raw answers, parsed by the rule set."""
    _require_role_among(case, acting_user, doing="check the owner's compliance")
    _security_order(case)  # refuses a check before the duties are ordered
    try:
        parsed = compliance_rule_set().parse(facts)
    except FactsInvalid as invalid:
        raise DomainError(invalid.errors) from invalid
    today = timezone.localdate()
    failures = check_owner_facts(parsed, on=today)
    _update_findings(case, acting_user=acting_user, action="case.compliance_checked",
                     summary=f"Owner's compliance checked on case #{case.pk}: "
                             f"{len(failures)} failed",
                     compliance_check={"on": str(today), "facts": _json_facts(parsed),
                                       "failures": failures})
    return failures


@transaction.atomic
def record_security_compliance(*, case: Case, acting_user: User) -> Order:
    """The premises are secure: recorded today, within the time to comply, once the last
    check passed every rule of Dangerous D (Potentially dangerous C(5))."""
    _require_role_among(case, acting_user, doing="record compliance")
    order = _security_order(case)
    today = timezone.localdate()
    _require_window_open(order, today, field="complied_on",
                         doing="compliance recorded now is late")
    check = case.findings.get("compliance_check")
    if check is None:
        raise InvalidTransition("Check the owner's compliance first.")
    if check["failures"]:
        raise DomainError({"non_field_errors": [
            f"{failure['message']} ({failure['citation']})" for failure in check["failures"]]})
    return record_compliance(order=order, complied_on=today, acting_user=acting_user)


@transaction.atomic
def record_written_verification(*, order: Order, acting_user: User) -> Order:
    """The owner's written verification of a duty other than security (spay or neuter,
    microchip, training), received today within the time to comply."""
    case = order.case
    _require_role_among(case, acting_user, doing="record compliance")
    if duty_orders(case).get(SECURITY.code) == order:
        raise DomainError("The security of the premises is recorded after a compliance check.",
                          field="order")
    today = timezone.localdate()
    _require_window_open(order, today, field="order", doing="the verification is late")
    return record_compliance(order=order, complied_on=today, acting_user=acting_user)


# -- release after two years of compliance (Potentially dangerous C(6)) ----------------------


def release_on(case: Case) -> dt.date | None:
    """The first day the dog is no longer considered potentially dangerous: two years after
    the owner complied with the last of the duties; None until every one is complied with."""
    orders = list(duty_orders(case).values())
    if not orders or any(order.complied_on is None for order in orders):
        return None
    period = town_law(MUNICIPALITY).periods["pdd_release"]
    complied = max(order.complied_on for order in orders)
    return period_due(period, complied, case.municipality.calendar())


@transaction.atomic
def release_potentially_dangerous(*, case: Case, acting_user: User) -> Case:
    """After two years of compliance the dog is no longer considered potentially dangerous
    (Potentially dangerous C(6)): recorded on or after that day, and the case closes."""
    _require_case_type(case, POTENTIALLY_DANGEROUS_DOG)
    _require_role_among(case, acting_user, doing="record the release")
    period = town_law(MUNICIPALITY).periods["pdd_release"]
    due = release_on(case)
    if due is None:
        raise InvalidTransition(f"The owner has not complied with every duty yet "
                                f"({period.citation}).")
    today = timezone.localdate()
    if today < due:
        raise InvalidTransition(f"Two years of compliance end on {format_date(due)} "
                                f"({period.citation}).")
    _update_findings(case, acting_user=acting_user, action="case.dog_released",
                     summary=f"Dog of case #{case.pk} no longer potentially dangerous",
                     released_on=str(today))
    return close_case(case=case, acting_user=acting_user)


# -- the fines of Dangerous F(1)–(2) and the Chief's hearing --------------------------------

AT_LARGE_DANGEROUS = "dangerous_dog_at_large"
UNREGISTERED_DANGEROUS = "dangerous_dog_unregistered"
#: Dangerous F(1)(b): from the second offense the Chief's hearing is mandatory.
MANDATORY_HEARING_FROM = 2
REGISTRATION_ORDER = ("Register the dog with Animal Control within 10 days of the finding, "
                      "or it shall be humanely euthanized.")


def hearing_required(citation: Citation) -> bool:
    """A second or later at-large offense requires the Chief's hearing (Dangerous F(1)(b));
    the first leaves it to the Chief's discretion (F(1)(a))."""
    return (citation.offense == AT_LARGE_DANGEROUS
            and citation.offense_number >= MANDATORY_HEARING_FROM)


def citations_awaiting_hearing(case: Case) -> list[Citation]:
    """Citations whose mandatory hearing has not been scheduled since they were written."""
    noticed = [hearing.notice_sent_on for hearing in case.hearings.all()]
    return [citation for citation in case.citations.all()
            if hearing_required(citation) and not any(day >= citation.issued_on
                                                      for day in noticed)]


@transaction.atomic
def cite_dangerous_dog(
    *, case: Case, offense: str, accrues_until: dt.date | None = None, acting_user: User
) -> Citation:
    """A fine of Dangerous F on the owner's record, counted by the core (each day a separate
    offense, F(3)); an unregistered dog's finding opens the 10 days to register (F(2))."""
    _require_case_type(case, DANGEROUS_DOG)
    _require_role(case, acting_user, Role.ANIMAL_CONTROL_OFFICER, doing="cites the owner")
    citation = issue_citation(case=case, offense=offense, accrues_until=accrues_until,
                              acting_user=acting_user)
    if offense == UNREGISTERED_DANGEROUS:
        issue_order(case=case, text=REGISTRATION_ORDER, period_code="dd_registration",
                    acting_user=acting_user)
    return citation


@transaction.atomic
def schedule_euthanasia_hearing(
    *, case: Case, notice_sent_on: dt.date, hearing_date: dt.date, acting_user: User
) -> CaseHearing:
    """The Chief's hearing on whether the dog shall be humanely euthanized, after an at-large
    citation: discretionary on the first offense, mandatory on later ones (Dangerous F(1))."""
    _require_case_type(case, DANGEROUS_DOG)
    _require_role(case, acting_user, Role.HEARING_AUTHORITY, doing="schedules this hearing")
    if not case.citations.filter(offense=AT_LARGE_DANGEROUS).exists():
        raise InvalidTransition(f"The hearing follows an at-large citation "
                                f"({cite('Dangerous F(1)')}).")
    return schedule_case_hearing(case=case, notice_sent_on=notice_sent_on,
                                 hearing_date=hearing_date, acting_user=acting_user)


@transaction.atomic
def close_dog_case(*, case: Case, acting_user: User) -> Case:
    """Close a dog case; a dangerous dog's case is refused while a second or later at-large
    offense has no hearing scheduled (Dangerous F(1)(b))."""
    waiting = citations_awaiting_hearing(case)
    if waiting:
        raise InvalidTransition({"non_field_errors": [
            f"Citation of {format_date(citation.issued_on)} (offense {citation.offense_number}) "
            f"needs the Chief's hearing ({cite('Dangerous F(1)(b)')})." for citation in waiting]})
    return close_case(case=case, acting_user=acting_user)


# -- relocation notices (Potentially dangerous G, H) -----------------------------------------


class RelocationDirection(TextChoices):
    INTO_TOWN = "in", "Moved into North Andover"
    OUT_OF_TOWN = "out", "Moved out of North Andover"


RELOCATION_SECTIONS = {RelocationDirection.INTO_TOWN: "Potentially dangerous G",
                       RelocationDirection.OUT_OF_TOWN: "Potentially dangerous H"}


def relocations(case: Case) -> list[dict]:
    """The relocation notices recorded on the case, oldest first, numbered from 1."""
    return [{**notice, "number": number, "notified_on": dt.date.fromisoformat(
        notice["notified_on"])}
        for number, notice in enumerate(case.findings.get("relocations", []), start=1)]


@transaction.atomic
def record_relocation_notice(
    *, case: Case, direction: str, community: str, description: str, notified_on: dt.date,
    acting_user: User
) -> dict:
    """The owner's notice that the dog moves into town (Potentially dangerous G) or out of
    it, to be sent to the new community's Animal Control Officer (H)."""
    if case.case_type not in DETERMINED_DOG_CASES:
        raise DomainError("This case is of another kind.", field="case_type")
    _require_role(case, acting_user, Role.ANIMAL_CONTROL_OFFICER,
                  doing="records relocation notices")
    if direction not in RelocationDirection.values:
        raise DomainError("Choose into or out of town.", field="direction")
    if notified_on > timezone.localdate():
        raise DomainError("The notice cannot be dated in the future.", field="notified_on")
    notice = {
        "direction": direction,
        "community": require_text(community, field="community",
                                   message="Name the other community."),
        "description": require_text(description, field="description",
                                    message="Describe the dog."),
        "notified_on": str(notified_on),
        "citation": cite(RELOCATION_SECTIONS[RelocationDirection(direction)]),
        "recorded_by": acting_user.display_name,
    }
    _update_findings(case, acting_user=acting_user, action="case.relocation_notice",
                     summary=f"Relocation notice on case #{case.pk}",
                     relocations=[*case.findings.get("relocations", []), notice])
    return notice
