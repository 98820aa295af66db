"""Nuisance dogs and temporary restraint orders (North Andover Code ch. 60, Restraint E;
Temporary restraint A–C; Hearing authority A, B).

The Animal Control Officer investigates the complaint and issues a finding: the dog is a
public nuisance on one or more grounds of Restraint E(2)–(5), or it is not. A dog found a
nuisance gets the order of temporary restraint the officer shall issue (Temporary restraint
A) with the finding. The finding is the case's determination, so the owner or the
complainant may appeal it — and the order issued with it — to the Town Clerk within 10
business days (Hearing authority B), through the appeals of :mod:`dogs.cases.appeals`.

The officer also orders restrained an animal awaiting a decision whether it is dangerous or
potentially dangerous (Temporary restraint A): on such a case while it is undetermined. The
order confines the dog to its keeper's property off a six-foot or shorter leash, or has it
sheltered at a local kennel or veterinarian at the owner's expense (A, B): that order comes
with its invoice. It is in force for no more than 30 days unless the officer renews it in
writing for further 30-day periods; an order that has ended is not renewed. The officer
rescinds it when restraint is no longer required, and the keeper may petition the hearing
authority to rescind it (A; §60-13), which decides in its seat (Hearing authority A).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from django.db import transaction
from django.db.models import TextChoices
from django.utils import timezone

from dogs.cases.common import (
    DETERMINED_DOG_CASES,
    NUISANCE_DOG,
    require_case_type,
    require_hearing_seat,
    require_role,
    update_findings,
)
from dogs.law import cite
from dogs.periods import MUNICIPALITY
from permits_site.accounts.models import Role
from permits_site.accounts.permissions import has_role
from permits_site.enforcement.models import Case, CaseStatus, Order, OrderRenewal
from permits_site.enforcement.services.cases import (
    determine,
    issue_order_in_force,
    renew_order,
    require_not_future,
    require_text,
    rescind_order,
)
from permits_site.enforcement.services.charges import add_case_charge
from permits_site.exceptions import DomainError, InvalidTransition, PermissionDenied
from permits_site.rules.calendar import days_after
from permits_site.rules.periods import Period
from permits_site.rules.registry import town_law

if TYPE_CHECKING:
    from permits_site.accounts.models import User


# -- temporary restraint orders -----------------------------------------------------------


def restraint_period() -> Period:
    return town_law(MUNICIPALITY).periods["restraint_order"]


#: The cases whose animal the officer orders restrained: a nuisance, or one awaiting a
#: decision whether it is dangerous or potentially dangerous (Temporary restraint A).
RESTRAINED_DOG_CASES = (NUISANCE_DOG, *DETERMINED_DOG_CASES)
#: The charge of sheltering at a local kennel or veterinarian (Temporary restraint A, B).
SHELTERING = "sheltering"


def _require_restrainable(case: Case) -> None:
    """A nuisance dog's case, or a dangerous or potentially dangerous dog's case still
    awaiting its decision (Temporary restraint A)."""
    require_case_type(case, *RESTRAINED_DOG_CASES)
    if case.case_type != NUISANCE_DOG and case.status != CaseStatus.OPEN:
        raise InvalidTransition(
            f"The dog is no longer awaiting a decision whether it is dangerous or potentially "
            f"dangerous: the case is {case.get_status_display().lower()} "
            f"({restraint_period().citation}).")


def issue_restraint_order(*, case: Case, text: str, days: int | None = None,
                          acting_user: User) -> Order:
    """An order of temporary restraint in force for at most 30 days from today
    (Temporary restraint A) on a nuisance dog or a dog awaiting a dangerous or potentially
    dangerous decision; it ends on the day the duration ends."""
    _require_restrainable(case)
    require_role(case, acting_user, Role.ANIMAL_CONTROL_OFFICER, doing="issues restraint orders")
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
    _require_restrainable(case)
    require_role(case, acting_user, Role.ANIMAL_CONTROL_OFFICER, doing="renews restraint orders")
    if order.rescinded_on is not None:
        raise InvalidTransition(f"This order was rescinded ({restraint_period().citation}).",
                                field="order")
    note = require_text(note, field="note", message="A renewal is made in writing: write it.")
    return renew_order(order=order, period=restraint_period(), note=note,
                       acting_user=acting_user)


@transaction.atomic
def order_sheltering(*, case: Case, facility: str, days: int | None = None, amount: Any,
                     acting_user: User) -> Order:
    """An order of temporary restraint that the dog be sheltered at a local kennel or
    veterinary facility at the owner's expense (Temporary restraint A, B), with the invoice
    of what the facility charges for the stay (the core's case charge)."""
    facility = require_text(facility, field="facility",
                            message="Name the kennel or veterinarian sheltering the dog.")
    order = issue_restraint_order(
        case=case, days=days, acting_user=acting_user,
        text=f"The dog is sheltered at {facility} at the owner's expense.")
    invoice = add_case_charge(case=case, code=SHELTERING, amount=amount,
                              description=f"Sheltering at {facility}", acting_user=acting_user)
    update_findings(case, acting_user=acting_user, action="case.sheltering_ordered",
                     summary=f"Sheltering ordered on case #{case.pk} at {facility}",
                     sheltering=[*case.findings.get("sheltering", []),
                                 {"order": order.pk, "facility": facility,
                                  "invoice": invoice.pk}])
    return order


# -- rescission by the officer, or by the hearing authority on the keeper's petition ---------


def rescinded_orders(case: Case) -> dict[int, dict]:
    """The case's rescinded orders, by order id: the day and reason the order records, and
    who rescinded it — the hearing authority on a petition it granted, else the officer."""
    granted = {petition["order"] for petition in case.findings.get("petitions", [])
               if petition.get("rescind")}
    return {order.pk: {"on": str(order.rescinded_on),
                       "by": "Hearing authority" if order.pk in granted
                       else "Animal Control Officer",
                       "reason": order.rescission_reason}
            for order in case.orders.all() if order.rescinded_on is not None}


def in_force(order: Order, *, on: dt.date) -> bool:
    """An order of temporary restraint binds on ``on``: issued, not ended, not rescinded."""
    return (order.ends_on is not None and order.issued_on <= on <= order.ends_on
            and order.rescinded_on is None)


def _require_in_force(order: Order) -> None:
    if not in_force(order, on=timezone.localdate()):
        raise InvalidTransition(f"This order is not in force ({restraint_period().citation}).",
                                field="order")


def _rescind(order: Order, *, reason: str, acting_user: User) -> Order:
    _require_in_force(order)
    return rescind_order(order=order, reason=reason, acting_user=acting_user)


@transaction.atomic
def rescind_restraint_order(*, order: Order, reason: str, acting_user: User) -> Order:
    """The Animal Control Officer rescinds the order when, in the officer's judgment,
    restraint is no longer required (Temporary restraint A)."""
    case = order.case
    require_case_type(case, *RESTRAINED_DOG_CASES)
    require_role(case, acting_user, Role.ANIMAL_CONTROL_OFFICER,
                 doing="rescinds restraint orders")
    return _rescind(order, reason=reason, acting_user=acting_user)


#: The keeper's petition is a written request the officials of the case record.
PETITION_RECORDERS = (Role.CLERK, Role.ANIMAL_CONTROL_OFFICER, Role.HEARING_AUTHORITY)


def petitions(case: Case) -> list[dict]:
    """The keeper's petitions to rescind, oldest first, numbered from 1."""
    return [{**petition, "number": number,
             "filed_on": dt.date.fromisoformat(petition["filed_on"])}
            for number, petition in enumerate(case.findings.get("petitions", []), start=1)]


def pending_petitions(case: Case) -> list[dict]:
    return [petition for petition in petitions(case) if "rescind" not in petition]


@transaction.atomic
def file_restraint_petition(*, order: Order, filed_on: dt.date, grounds: str,
                            acting_user: User) -> dict:
    """The keeper's or owner's petition to the hearing authority to rescind an order of
    temporary restraint in force (Temporary restraint A; §60-13)."""
    case = order.case
    require_case_type(case, *RESTRAINED_DOG_CASES)
    if not has_role(acting_user, case.municipality_id, *PETITION_RECORDERS):
        raise PermissionDenied("Only the Town Clerk and the officials of the case record "
                               "petitions.")
    _require_in_force(order)
    require_not_future(filed_on, field="filed_on", what="The petition's date")
    if filed_on < order.issued_on:
        raise DomainError("A petition follows the order it asks to rescind.", field="filed_on")
    if any(petition["order"] == order.pk for petition in pending_petitions(case)):
        raise InvalidTransition("A petition on this order waits for the hearing authority.")
    petition = {"order": order.pk, "filed_on": str(filed_on),
                "grounds": require_text(grounds, field="grounds",
                                        message="Write the grounds of the petition."),
                "citation": cite("Temporary restraint A")}
    update_findings(case, acting_user=acting_user, action="case.restraint_petition",
                     summary=f"Petition to rescind a restraint order on case #{case.pk}",
                     petitions=[*case.findings.get("petitions", []), petition],
                     petitions_waiting=len(pending_petitions(case)) + 1)
    return petition


@transaction.atomic
def decide_restraint_petition(*, case: Case, number: int, rescind: bool, ruling: str,
                              acting_user: User) -> dict:
    """The hearing authority, in its seat (Hearing authority A), rescinds the order or
    refuses to, in writing (Temporary restraint A; §60-13)."""
    require_hearing_seat(case, acting_user, doing="decides a petition to rescind")
    petition = next((petition for petition in pending_petitions(case)
                     if petition["number"] == number), None)
    if petition is None:
        raise DomainError("No petition of this case waits under that number.",
                          field="petition")
    ruling = require_text(ruling, field="ruling", message="Write the decision and its reasons.")
    order = case.orders.get(pk=petition["order"])
    order.case = case
    if rescind:
        _rescind(order, reason=ruling, acting_user=acting_user)
    decided = {"rescind": rescind, "ruling": ruling, "decided_on": str(timezone.localdate()),
               "decided_by": acting_user.display_name}
    stored = case.findings["petitions"]
    stored[number - 1] = {**stored[number - 1], **decided}
    update_findings(case, acting_user=acting_user, action="case.restraint_petition_decided",
                     summary=f"Petition {number} on case #{case.pk} decided",
                     petitions=stored, petitions_waiting=len(pending_petitions(case)) - 1)
    return {**petition, **decided}


# -- the Animal Control Officer's finding (Restraint E; Hearing authority B) ----------------


class NuisanceGround(TextChoices):
    """Restraint E(2)–(5): how a dog is a public nuisance."""

    SICK_NEIGHBOR = "E(2)", ("Excessive barking or other disturbance annoying a sick person "
                             "residing in the vicinity")
    DISRUPTIVE = "E(3)", ("Excessive barking, damage or other interference disrupting the "
                          "quiet and peaceful enjoyment of a reasonable person")
    THREATENED = "E(4)", ("Threatened or attacked livestock, a domestic animal or a person, "
                          "not a grossly disproportionate reaction")
    PROPERTY_DAMAGE = "E(5)", "Damaged private or public property"


def _ground_codes(grounds: Iterable[str], *, nuisance: bool) -> list[str]:
    codes = sorted(dict.fromkeys(grounds))
    unknown = [code for code in codes if code not in NuisanceGround.values]
    if unknown:
        raise DomainError(f"Not a ground of {cite('Restraint E')}: {', '.join(unknown)}.",
                          field="grounds")
    if nuisance and not codes:
        raise DomainError(f"Name the grounds of {cite('Restraint E(2)–(5)')} the dog is a "
                          "nuisance on.", field="grounds")
    if codes and not nuisance:
        raise DomainError("A dog found not to be a nuisance has no grounds.", field="grounds")
    return codes


@transaction.atomic
def find_nuisance_dog(
    *, case: Case, nuisance: bool, grounds: Iterable[str], finding: str, order_text: str = "",
    days: int | None = None, acting_user: User
) -> Case:
    """The Animal Control Officer's finding on the complaint (Restraint E), dated today: a
    dog found a nuisance is ordered restrained for ``days`` (at most 30, Temporary restraint
    A) by the same decision. The owner or the complainant may appeal it to the Town Clerk
    within 10 business days (Hearing authority B; the case type's ``appeal_window``)."""
    require_case_type(case, NUISANCE_DOG)
    require_role(case, acting_user, Role.ANIMAL_CONTROL_OFFICER, doing="finds a dog a nuisance")
    codes = _ground_codes(grounds, nuisance=nuisance)
    finding = require_text(finding, field="finding", message="Write the finding and its reasons.")
    if nuisance:
        order_text = require_text(order_text, field="order_text", message=(
            f"Write the order of temporary restraint ({restraint_period().citation})."))
    determine(case=case, determination=finding, acting_user=acting_user,
              findings={"nuisance": nuisance, "nuisance_grounds": codes})
    if nuisance:
        issue_restraint_order(case=case, text=order_text, days=days, acting_user=acting_user)
    return case
