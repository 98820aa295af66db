"""A determined dog's owner's duties (North Andover Code ch. 60, Dangerous D, E(1);
Potentially dangerous C).

Once a dog is determined dangerous or potentially dangerous the Chief or designee orders
the owner's duties as core orders, choosing "any or all" of them (Dangerous E(1), D;
Potentially dangerous C): spay or neuter unless a veterinarian certifies the dog unfit,
microchip, behavior training, the security of the premises and — for a dangerous dog —
indoor confinement (D(2)), each within 21 days of the notice.

A dangerous dog's premises are judged by the Animal Control Officer's check against the rule
set ``north_andover.dangerous_dog_compliance`` (Dangerous D). A potentially dangerous dog's
are not: the officer describes the security in writing to the owner, who has 21 days from
receiving the description (C(5)), and the officer records the premises secured as
described. The Chief alone may extend the security once, up to 60 days (C(5)). Two years
after the last duty was complied with the dog is released (C(6)).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
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
    require_deemed,
    require_hearing_seat,
    require_role,
    update_findings,
)
from dogs.law import cite
from dogs.periods import MUNICIPALITY
from permits_site.accounts.models import Role
from permits_site.accounts.permissions import has_role
from permits_site.enforcement.models import Case, Order
from permits_site.enforcement.services.cases import close_case, require_text
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
    "security", "Secure the premises where the dog is kept as Dangerous D requires: the pen, "
                "the warning signs, the abutters' notice, the lead and muzzle off the "
                "premises, and the insurance.",
    {DANGEROUS_DOG: "Dangerous D", POTENTIALLY_DANGEROUS_DOG: "Potentially dangerous C(5)"})
INDOOR_CONFINEMENT = OwnerDuty(
    "indoor_confinement", "Keep the dog off porches and patios and out of any part of a house "
                          "or structure it could leave on its own, or with open or screened "
                          "windows or doors.",
    {DANGEROUS_DOG: "Dangerous D(2)"})
OWNER_DUTIES = (SPAY_NEUTER, MICROCHIP, TRAINING, SECURITY, INDOOR_CONFINEMENT)
#: Where the law lets the Chief choose "any or all" of the duties.
DUTIES_SECTION = {DANGEROUS_DOG: "Dangerous E(1)",
                  POTENTIALLY_DANGEROUS_DOG: "Potentially dangerous C"}


def orderable_duties(case_type: str) -> list[OwnerDuty]:
    """The duties the Chief may order on a case of this type, in the law's order."""
    return [duty for duty in OWNER_DUTIES if case_type in duty.sections]


def compliance_period() -> Period:
    return town_law(MUNICIPALITY).periods["pdd_compliance"]


def _require_role_among(case: Case, acting_user: User, *, doing: str) -> None:
    if not has_role(acting_user, case.municipality_id, *COMPLIANCE_VERIFIERS):
        raise PermissionDenied(f"Only the Animal Control Officer or the hearing authority "
                               f"may {doing}.")


def _require_determined_dog(case: Case) -> None:
    """Duties follow a determination that the dog is dangerous or potentially dangerous."""
    require_case_type(case, *DETERMINED_DOG_CASES)
    require_deemed(case, section=DUTIES_SECTION[case.case_type])


def _chosen_duties(case: Case, codes: Iterable[str] | None, *, certified_unfit: bool
                   ) -> list[OwnerDuty]:
    """The duties the Chief chose, "any or all" (all when none are named); spay or neuter
    is dropped when a veterinarian certified the dog unfit."""
    orderable = orderable_duties(case.case_type)
    codes = [duty.code for duty in orderable] if codes is None else list(codes)
    unknown = sorted(set(codes) - {duty.code for duty in orderable})
    section = cite(DUTIES_SECTION[case.case_type])
    if unknown:
        raise DomainError(f"Not a duty of {section}: {', '.join(unknown)}.", field="duties")
    chosen = [duty for duty in orderable if duty.code in codes
              and not (duty is SPAY_NEUTER and certified_unfit)]
    if not chosen:
        raise DomainError(f"Choose the duties ordered ({section}: any or all of them).",
                          field="duties")
    return chosen


def _described_by_the_officer(case: Case, duty: OwnerDuty) -> bool:
    """A potentially dangerous dog's security is ordered once the Animal Control Officer has
    described it in writing (Potentially dangerous C(5))."""
    return duty is SECURITY and case.case_type == POTENTIALLY_DANGEROUS_DOG


def duty_orders(case: Case) -> dict[str, Order]:
    """The case's orders of the owner's duties, by duty code (recognised by section)."""
    by_citation = {duty.citation(case.case_type): duty.code for duty in OWNER_DUTIES
                   if case.case_type in duty.sections}
    return {by_citation[order.citation]: order for order in case.orders.all()
            if order.citation in by_citation}


def _require_notice_day(case: Case, notified_on: dt.date, *, field: str = "notified_on"
                        ) -> None:
    if notified_on < case.determined_on or notified_on > timezone.localdate():
        raise DomainError(f"The owner is notified on or after the determination of "
                          f"{format_date(case.determined_on)}, and not in the future.",
                          field=field)


@transaction.atomic
def order_owner_duties(
    *, case: Case, notified_on: dt.date, duties: Iterable[str] | None = None,
    unfit_certificate: str = "", acting_user: User
) -> list[Order]:
    """The Chief's or designee's orders after a determination, "any or all" of the duties
    (Dangerous E(1), D; Potentially dangerous C): spay or neuter — unless a veterinarian
    certifies in writing that the dog is unfit, the certificate recorded instead —
    microchip, behavior training, the security of the premises and a dangerous dog's indoor
    confinement, each within 21 days of the owner's notice (a duration). A potentially
    dangerous dog's security is ordered when the officer describes it (C(5))."""
    _require_determined_dog(case)
    require_hearing_seat(case, acting_user, doing="orders the owner's duties")
    if "ordered_duties" in case.findings or duty_orders(case):
        raise InvalidTransition("The owner's duties are already ordered on this case.")
    _require_notice_day(case, notified_on)
    certificate = (unfit_certificate or "").strip()
    chosen = _chosen_duties(case, duties, certified_unfit=bool(certificate))
    orders = [issue_order(case=case, text=duty.text, citation=duty.citation(case.case_type),
                          period_code=compliance_period().code, counted_from=notified_on,
                          acting_user=acting_user)
              for duty in chosen if not _described_by_the_officer(case, duty)]
    update_findings(case, acting_user=acting_user, action="case.owner_duties_ordered",
                     summary=f"Owner's duties ordered on case #{case.pk}",
                     notified_on=str(notified_on), unfit_certificate=certificate,
                     ordered_duties=[duty.code for duty in chosen])
    return orders


def ordered_duties(case: Case) -> list[str]:
    """The codes of the duties the Chief chose (empty before the order)."""
    return case.findings.get("ordered_duties", [])


def awaiting_security_description(case: Case) -> bool:
    """The Chief ordered a potentially dangerous dog's security and the Animal Control
    Officer has not described it yet (Potentially dangerous C(5))."""
    return (case.case_type == POTENTIALLY_DANGEROUS_DOG and SECURITY.code in ordered_duties(case)
            and SECURITY.code not in duty_orders(case))


@transaction.atomic
def describe_security(
    *, case: Case, description: str, received_on: dt.date, acting_user: User
) -> Order:
    """The Animal Control Officer's description of the adequate security of the premises,
    in writing to the owner, who must comply within 21 days of receiving it (Potentially
    dangerous C(5), a duration): it is the security order's text, and compliance is judged
    against it alone."""
    require_case_type(case, POTENTIALLY_DANGEROUS_DOG)
    require_role(case, acting_user, Role.ANIMAL_CONTROL_OFFICER,
                  doing="describes the security of the premises")
    if not awaiting_security_description(case):
        raise InvalidTransition(f"The Chief has not ordered the security of the premises, or it "
                                f"is already described ({cite('Potentially dangerous C(5)')}).")
    description = require_text(description, field="description", message=(
        f"Describe the security required, in writing to the owner "
        f"({cite('Potentially dangerous C(5)')})."))
    _require_notice_day(case, received_on, field="received_on")
    order = issue_order(case=case, text=description, citation=SECURITY.citation(case.case_type),
                        period_code=compliance_period().code, counted_from=received_on,
                        acting_user=acting_user)
    update_findings(case, acting_user=acting_user, action="case.security_described",
                     summary=f"Security of the premises described on case #{case.pk}",
                     security_described={"received_on": str(received_on),
                                         "written_on": str(timezone.localdate()),
                                         "written_by": acting_user.display_name})
    return order


# -- the security window: 21 days, extendable by the Chief up to 60 (Potentially dangerous C(5))


def _security_order(case: Case) -> Order:
    order = duty_orders(case).get(SECURITY.code)
    if order is None:
        raise InvalidTransition("The owner's duties have not been ordered yet.")
    return order


def security_counted_from(case: Case) -> dt.date:
    """The day the security window runs from: the owner's receipt of the officer's
    description for a potentially dangerous dog (C(5)), else the notice."""
    described = case.findings.get("security_described")
    return dt.date.fromisoformat(described["received_on"] if described
                                 else case.findings["notified_on"])


def security_limit(case: Case) -> dt.date:
    """The furthest the Chief may extend the security window: 60 days from the day it runs
    from (Potentially dangerous C(5); a duration, never rolled)."""
    return days_after(security_counted_from(case), SECURITY_EXTENSION_DAYS)


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
    require_hearing_seat(case, acting_user, doing="extends the time to comply")
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
    if case.case_type != DANGEROUS_DOG:
        raise InvalidTransition(
            f"A potentially dangerous dog's premises are judged against the Animal Control "
            f"Officer's written description ({cite('Potentially dangerous C(5)')}), not the "
            f"rules of {cite('Dangerous D')}.")
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
    """The premises are secure: recorded today, within the time to comply — a dangerous
    dog's once the last check passed every rule of Dangerous D, a potentially dangerous
    dog's on the officer's finding that they are secured as described (C(5))."""
    _require_role_among(case, acting_user, doing="record compliance")
    order = _security_order(case)
    today = timezone.localdate()
    _require_window_open(order, today, field="complied_on",
                         doing="compliance recorded now is late")
    if case.case_type == POTENTIALLY_DANGEROUS_DOG:
        return record_compliance(order=order, complied_on=today, acting_user=acting_user)
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
    orders = duty_orders(case)
    if (not orders or set(ordered_duties(case)) - set(orders)
            or any(order.complied_on is None for order in orders.values())):
        return None
    period = town_law(MUNICIPALITY).periods["pdd_release"]
    complied = max(order.complied_on for order in orders.values())
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

