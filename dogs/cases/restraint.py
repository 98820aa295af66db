"""Nuisance dogs and temporary restraint orders (North Andover Code ch. 60, Restraint E;
Temporary restraint A; Hearing authority B).

The Animal Control Officer investigates the complaint and issues a finding: the dog is a
public nuisance on one or more grounds of Restraint E(2)–(5), or it is not. A dog found a
nuisance gets the order of temporary restraint the officer shall issue (Temporary restraint
A) with the finding. The finding is the case's determination, so the owner or the
complainant may appeal it — and the order issued with it — to the Town Clerk within 10
business days (Hearing authority B), through the appeals of :mod:`dogs.cases.appeals`.

A temporary restraint order is in force for no more than 30 days unless the
Animal Control Officer renews it in writing for further 30-day periods
(Temporary restraint A); an order that has ended is not renewed.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from django.db import transaction
from django.db.models import TextChoices
from django.utils import timezone

from dogs.cases.common import NUISANCE_DOG, require_case_type, require_role
from dogs.law import cite
from dogs.periods import MUNICIPALITY
from permits_site.accounts.models import Role
from permits_site.enforcement.models import Case, Order, OrderRenewal
from permits_site.enforcement.services.cases import (
    determine,
    issue_order_in_force,
    renew_order,
    require_text,
)
from permits_site.exceptions import DomainError
from permits_site.rules.calendar import days_after
from permits_site.rules.periods import Period
from permits_site.rules.registry import town_law

if TYPE_CHECKING:
    from permits_site.accounts.models import User


# -- temporary restraint orders -----------------------------------------------------------


def restraint_period() -> Period:
    return town_law(MUNICIPALITY).periods["restraint_order"]


def issue_restraint_order(*, case: Case, text: str, days: int | None = None,
                          acting_user: User) -> Order:
    """An order of temporary restraint in force for at most 30 days from today
    (Temporary restraint A); it ends on the day the duration ends."""
    require_case_type(case, NUISANCE_DOG)
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
    require_case_type(case, NUISANCE_DOG)
    require_role(case, acting_user, Role.ANIMAL_CONTROL_OFFICER, doing="renews restraint orders")
    note = require_text(note, field="note", message="A renewal is made in writing: write it.")
    return renew_order(order=order, period=restraint_period(), note=note,
                       acting_user=acting_user)


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
