"""A determined dog's owner's duties (North Andover Code ch. 60, Dangerous D, E(1);
Potentially dangerous C).

Once a dog is determined dangerous or potentially dangerous the Chief orders the owner's
duties as core orders (Dangerous E(1), D; Potentially dangerous C): spay or neuter unless a
veterinarian certifies the dog unfit, microchip, behavior training and the security of the
premises, each within 21 days of the notice; the Chief alone may extend the security once,
up to 60 days from the notice (C(5)). The Animal Control Officer's check runs the rule set
``north_andover.dangerous_dog_compliance`` over the owner's facts; compliance is recorded
in time and only when every rule passes. Two years after the last duty was complied with
the dog is released (C(6)).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from decimal import Decimal
from typing import TYPE_CHECKING

from django.db import transaction
from django.utils import timezone

from dogs.cases.common import (
    DANGEROUS_DOG,
    DETERMINED_DOG_CASES,
    POTENTIALLY_DANGEROUS_DOG,
    require_case_type,
    require_role,
    update_findings,
)
from dogs.law import cite
from dogs.periods import MUNICIPALITY
from permits_site.accounts.models import Role
from permits_site.accounts.permissions import has_role
from permits_site.enforcement.models import Case, CaseStatus, Order
from permits_site.enforcement.services.cases import close_case
from permits_site.enforcement.services.orders import extend_order, issue_order, record_compliance
from permits_site.exceptions import DomainError, InvalidTransition, PermissionDenied
from permits_site.rules.base import FactsInvalid, RuleSet
from permits_site.rules.calendar import days_after, format_date, period_due
from permits_site.rules.periods import Period
from permits_site.rules.registry import get_rule_set, town_law

if TYPE_CHECKING:
    from permits_site.accounts.models import User


# -- owners' duties after a determination ---------------------------------------------------

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
    require_role(case, acting_user, Role.HEARING_AUTHORITY, doing="orders the owner's duties")
    if duty_orders(case):
        raise InvalidTransition("The owner's duties are already ordered on this case.")
    _require_notice_day(case, notified_on)
    certificate = (unfit_certificate or "").strip()
    duties = [duty for duty in OWNER_DUTIES if not (duty is SPAY_NEUTER and certificate)]
    orders = [issue_order(case=case, text=duty.text, citation=duty.citation(case.case_type),
                          period_code=compliance_period().code, counted_from=notified_on,
                          acting_user=acting_user)
              for duty in duties]
    update_findings(case, acting_user=acting_user, action="case.owner_duties_ordered",
                     summary=f"Owner's duties ordered on case #{case.pk}",
                     notified_on=str(notified_on), unfit_certificate=certificate)
    return orders


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
    require_role(case, acting_user, Role.HEARING_AUTHORITY,
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
    update_findings(case, acting_user=acting_user, action="case.security_extended",
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
    update_findings(case, acting_user=acting_user, action="case.compliance_checked",
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
    require_case_type(case, POTENTIALLY_DANGEROUS_DOG)
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
    update_findings(case, acting_user=acting_user, action="case.dog_released",
                     summary=f"Dog of case #{case.pk} no longer potentially dangerous",
                     released_on=str(today))
    return close_case(case=case, acting_user=acting_user)

