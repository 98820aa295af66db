"""Citing the owner on a dog case (North Andover Code ch. 60, Dangerous F; Potentially
dangerous F–H; Temporary restraint C), through the core's citations.

Each offense has what the law requires before it may be written:

- Dangerous F(1), F(2) fine "the owner of any dangerous dog": only a dog determined dangerous
  on the case; an unregistered dog's finding also opens the 10 days to register (F(2));
- Potentially dangerous F: a dog determined potentially dangerous, from the 22nd day after
  the owner's notice (:mod:`dogs.cases.potentially_dangerous`);
- Potentially dangerous G, H: a move recorded on the case that the owner did not notify;
- Temporary restraint C: an order of temporary restraint in force on the case today.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from django.db import transaction
from django.utils import timezone

from dogs.cases.common import (
    DANGEROUS_DOG,
    POTENTIALLY_DANGEROUS_DOG,
    require_case_type,
    require_deemed,
    require_role,
)
from dogs.cases.dangerous import AT_LARGE_DANGEROUS, UNREGISTERED_DANGEROUS, relocations
from dogs.cases.potentially_dangerous import require_noncompliance_citable
from dogs.cases.restraint import RESTRAINED_DOG_CASES, in_force
from dogs.law import cite
from permits_site.accounts.models import Role
from permits_site.enforcement.models import Case, Citation
from permits_site.enforcement.registry import case_type
from permits_site.enforcement.services.citations import issue_citation
from permits_site.enforcement.services.orders import issue_order
from permits_site.exceptions import DomainError, InvalidTransition

if TYPE_CHECKING:
    from permits_site.accounts.models import User

PDD_NONCOMPLIANCE = "pdd_noncompliance"
PDD_RELOCATION_NOT_NOTIFIED = "pdd_relocation_not_notified"
RESTRAINT_VIOLATED = "temporary_restraint_violated"
REGISTRATION_ORDER = ("Register the dog with Animal Control within 10 days of the finding, "
                      "or it shall be humanely euthanized.")


def _determined_dangerous(case: Case) -> None:
    require_case_type(case, DANGEROUS_DOG)
    require_deemed(case, section="Dangerous F")


def _unnotified_move(case: Case) -> None:
    require_case_type(case, POTENTIALLY_DANGEROUS_DOG)
    if all(notice.get("owner_notified", True) for notice in relocations(case)):
        raise InvalidTransition(f"Record the move the owner did not notify first "
                                f"({cite('Potentially dangerous G, H')}).")


def _restraint_in_force(case: Case) -> None:
    require_case_type(case, *RESTRAINED_DOG_CASES)
    today = timezone.localdate()
    if not any(order.ends_on and in_force(order, on=today) for order in case.orders.all()):
        raise InvalidTransition(f"No order of temporary restraint is in force on this case "
                                f"today ({cite('Temporary restraint C')}).")


@dataclass(frozen=True)
class DogOffense:
    """An offense cited on a dog case, what the law requires first, and its label."""

    code: str
    label: str
    requires: Callable[[Case], None]


DOG_OFFENSES = {offense.code: offense for offense in (
    DogOffense(AT_LARGE_DANGEROUS, "Dangerous dog off the owner's property or not restrained "
                                   "(Dangerous F(1))", _determined_dangerous),
    DogOffense(UNREGISTERED_DANGEROUS, "Dangerous dog not registered with Animal Control "
                                       "(Dangerous F(2))", _determined_dangerous),
    DogOffense(PDD_NONCOMPLIANCE, "Owner not in compliance after 21 days of the notice "
                                  "(Potentially dangerous F)", require_noncompliance_citable),
    DogOffense(PDD_RELOCATION_NOT_NOTIFIED, "Move not notified to the Animal Control Officer "
                                            "(Potentially dangerous G, H)", _unnotified_move),
    DogOffense(RESTRAINT_VIOLATED, "Order of temporary restraint violated "
                                   "(Temporary restraint C)", _restraint_in_force),
)}


def citable_offenses(case: Case) -> list[DogOffense]:
    """The offenses the case's type may cite, in the order above."""
    registered = case_type(case.case_type)
    allowed = registered.offenses if registered else ()
    return [offense for code, offense in DOG_OFFENSES.items() if code in allowed]


@transaction.atomic
def cite_owner(
    *, case: Case, offense: str, accrues_until: dt.date | None = None, acting_user: User
) -> Citation:
    """A fine on the owner's record, counted by the core (each day a separate offense where
    the schedule says so), once the law's condition for the offense holds; a condition
    not met is refused on ``offense``."""
    require_role(case, acting_user, Role.ANIMAL_CONTROL_OFFICER, doing="cites the owner")
    known = DOG_OFFENSES.get(offense)
    if known is None:
        raise DomainError("Not an offense cited on a dog case.", field="offense")
    try:
        known.requires(case)
    except DomainError as refused:
        raise refused.filed_under("offense") from refused
    citation = issue_citation(case=case, offense=offense, accrues_until=accrues_until,
                              acting_user=acting_user)
    if offense == UNREGISTERED_DANGEROUS:
        issue_order(case=case, text=REGISTRATION_ORDER, period_code="dd_registration",
                    acting_user=acting_user)
    return citation
