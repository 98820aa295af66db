"""What a potentially dangerous dog's owner owes besides the Chief's orders (North Andover
Code ch. 60, Potentially dangerous D–F).

No person under 18 may own, control or be responsible for the dog (D): each person the
Animal Control Officer records in one of those capacities is checked on the day. "Beware of
Dog" signs hang on the premises and on the dog's kennel or pen (E): the officer's sign check
names each one missing. After 21 days of being notified that the dog is potentially
dangerous, an owner not in compliance is fined per day (F): a duration counted from the
notice on the calendar, so the fine is citable from the 22nd day.
"""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING

from django.db import transaction
from django.db.models import TextChoices
from django.utils import timezone

from dogs.cases.common import (
    POTENTIALLY_DANGEROUS_DOG,
    require_case_type,
    require_deemed,
    require_role,
    update_findings,
)
from dogs.cases.duties import COMPLIANCE_VERIFIERS, compliance_period
from dogs.law import cite
from permits_site.accounts.models import Role
from permits_site.accounts.permissions import has_role
from permits_site.enforcement.models import Case
from permits_site.enforcement.services.cases import require_text
from permits_site.exceptions import DomainError, InvalidTransition, PermissionDenied
from permits_site.rules.calendar import add_months, days_after, format_date, period_due

if TYPE_CHECKING:
    from permits_site.accounts.models import User

#: Potentially dangerous D: "No person under the age of 18".
ADULT_AGE = 18


class Capacity(TextChoices):
    """Potentially dangerous D: "own, control or be responsible for" the dog."""

    OWNER = "owner", "Owns the dog"
    CONTROLS = "controls", "Controls or handles the dog"
    RESPONSIBLE = "responsible", "Is responsible for the dog"


def is_adult(date_of_birth: dt.date, *, on: dt.date) -> bool:
    """18 or older on ``on``: from the 18th birthday (Feb 29 counts from Feb 28)."""
    return add_months(date_of_birth, 12 * ADULT_AGE) <= on


def _require_pdd(case: Case, *, section: str) -> None:
    require_case_type(case, POTENTIALLY_DANGEROUS_DOG)
    require_deemed(case, section=section)


@transaction.atomic
def record_responsible_person(
    *, case: Case, name: str, capacity: str, date_of_birth: dt.date, acting_user: User
) -> dict:
    """A person who owns, controls or is responsible for the dog, refused when under 18 on
    the day (Potentially dangerous D) — the owner and a handler alike."""
    _require_pdd(case, section="Potentially dangerous D")
    require_role(case, acting_user, Role.ANIMAL_CONTROL_OFFICER,
                 doing="records who is responsible for the dog")
    if capacity not in Capacity.values:
        raise DomainError("Choose how the person is responsible for the dog.", field="capacity")
    today = timezone.localdate()
    if not is_adult(date_of_birth, on=today):
        raise DomainError(f"No person under 18 may own, control or be responsible for a "
                          f"potentially dangerous dog ({cite('Potentially dangerous D')}).",
                          field="date_of_birth")
    person = {"name": require_text(name, field="name", message="Name the person."),
              "capacity": capacity, "date_of_birth": str(date_of_birth),
              "recorded_on": str(today)}
    update_findings(case, acting_user=acting_user, action="case.responsible_person",
                     summary=f"Responsible person recorded on case #{case.pk}",
                     responsible_persons=[*case.findings.get("responsible_persons", []),
                                          person])
    return person


def responsible_persons(case: Case) -> list[dict]:
    return [{**person, "capacity_label": Capacity(person["capacity"]).label}
            for person in case.findings.get("responsible_persons", [])]


def sign_failures(*, premises_sign: bool, pen_sign: bool) -> list[str]:
    """The "Beware of Dog" signs of Potentially dangerous E that are missing."""
    section = cite("Potentially dangerous E")
    missing = [("No \"Beware of Dog\" sign in a prominent place on the premises", premises_sign),
               ("No similar sign posted on the dog's kennel or pen", pen_sign)]
    return [f"{message} ({section})." for message, present in missing if not present]


@transaction.atomic
def record_sign_check(*, case: Case, premises_sign: bool, pen_sign: bool,
                      acting_user: User) -> list[str]:
    """The officer's check of the signs on the premises and on the pen today (Potentially
    dangerous E); the failures are kept with the check."""
    _require_pdd(case, section="Potentially dangerous E")
    if not has_role(acting_user, case.municipality_id, *COMPLIANCE_VERIFIERS):
        raise PermissionDenied("Only the Animal Control Officer or the hearing authority may "
                               "check the signs.")
    failures = sign_failures(premises_sign=premises_sign, pen_sign=pen_sign)
    update_findings(case, acting_user=acting_user, action="case.sign_check",
                     summary=f"Signs checked on case #{case.pk}: {len(failures)} missing",
                     sign_check={"on": str(timezone.localdate()), "premises_sign": premises_sign,
                                 "pen_sign": pen_sign, "failures": failures})
    return failures


def noncompliance_fines_from(case: Case) -> dt.date | None:
    """The first day an owner not in compliance may be fined: the day after the 21 days
    from the notice that the dog is potentially dangerous (Potentially dangerous F; a
    duration, counted as the text counts — never rolled). None before the notice."""
    notified_on = case.findings.get("notified_on")
    if notified_on is None:
        return None
    last_day = period_due(compliance_period(), dt.date.fromisoformat(notified_on),
                          case.municipality.calendar())
    return days_after(last_day, 1)


def require_noncompliance_citable(case: Case) -> None:
    """Potentially dangerous F: a determined dog, notice recorded, after its 21 days."""
    _require_pdd(case, section="Potentially dangerous F")
    first = noncompliance_fines_from(case)
    if first is None:
        raise InvalidTransition(f"Record the owner's notice first: the 21 days of "
                                f"{cite('Potentially dangerous F')} run from it.")
    if timezone.localdate() < first:
        raise DomainError(f"An owner not in compliance is fined after 21 days of being "
                          f"notified: from {format_date(first)} "
                          f"({cite('Potentially dangerous F')}).", field="offense")
