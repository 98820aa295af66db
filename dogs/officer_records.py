"""What the Animal Control Officer's records share (North Andover Code ch. 60, ACO B(2)):
who reads and keeps them, and how long the Town Clerk keeps their copies.

The officer keeps "accurate, detailed records" of the animals in custody, of "all bite
cases reported, and the result of investigations", and "a log of calls regarding
animals"; copies are "kept for two years in the office of the Town Clerk" (ACO B(2)).
The Health Division's Animal Inspector issues and releases quarantine orders (Welfare C).
"""

from __future__ import annotations

import datetime as dt

from django.core.exceptions import ValidationError
from django.http import Http404
from django.utils import timezone
from rest_framework.exceptions import NotFound
from rest_framework.permissions import BasePermission

from dogs.law import cite
from dogs.models import RECORDS_KEPT_MONTHS, Dog, kept_until
from dogs.periods import MUNICIPALITY
from permits_site.accounts.models import Role
from permits_site.accounts.permissions import has_role, municipality_ids_with, require
from permits_site.exceptions import PermissionDenied
from permits_site.rules.calendar import add_months, days_after
from permits_site.towns.models import Municipality

RECORDS_SECTION = cite("ACO B(2)")
#: The officer keeps the records, the Clerk receives and keeps their copies, the Animal
#: Inspector orders quarantines on bite records; the town's admins read them too.
RECORD_READER_ROLES = (Role.ANIMAL_CONTROL_OFFICER, Role.CLERK, Role.INSPECTOR, Role.ADMIN)
#: Those who work the records day to day, whose staff search finds them: the officer and the
#: Animal Inspector (the Clerk reaches them from the list of records past their two years).
RECORD_WORKER_ROLES = (Role.ANIMAL_CONTROL_OFFICER, Role.INSPECTOR)
SEE_RECORDS = "see the Animal Control Officer's records"


def record_town_ids(user) -> set[int]:
    """The towns whose officer's records ``user`` may read."""
    return municipality_ids_with(user, *RECORD_READER_ROLES)


def can_read_records(user, municipality_id: int) -> bool:
    return has_role(user, municipality_id, *RECORD_READER_ROLES)


def records_town(request) -> Municipality:
    """The town whose officer's records the page shows; refused naming who may see them."""
    town = Municipality.objects.get(code=MUNICIPALITY)
    require(can_read_records(request.user, town.pk), SEE_RECORDS, RECORD_READER_ROLES,
            town=town)
    return town


def readable_town_ids(user) -> set[int]:
    """The towns whose records ``user`` reads; to anyone else the records do not exist (404)."""
    town_ids = record_town_ids(user)
    if not town_ids:
        raise Http404
    return town_ids


def require_officer(user, municipality_id: int, *, doing: str) -> None:
    """Refuse unless ``user`` is the town's Animal Control Officer (ACO B(2))."""
    if not has_role(user, municipality_id, Role.ANIMAL_CONTROL_OFFICER):
        raise PermissionDenied(f"Only the town's Animal Control Officer {doing} "
                               f"({RECORDS_SECTION}).")


def registered_dog(municipality, identifier: str, *, on: dt.date):
    """The town's dog whose license tag of ``on``'s year, or whose microchip, is
    ``identifier``; None when none is."""
    text = (identifier or "").strip()
    dogs = Dog.objects.filter(residence__municipality=municipality).select_related(
        "owner", "residence")
    if text.isdigit():
        tagged = dogs.filter(tags__year=on.year, tags__number=int(text)).first()
        if tagged is not None:
            return tagged
    return dogs.filter(microchip__iexact=text).first() if text else None


class RegisteredDogField:
    """A form mixin: the optional ``dog`` field names a dog of the register by its tag
    number of this year or its microchip; ``clean_dog`` returns the dog, or refuses."""

    dog_help = "This year's license tag number or the microchip; leave empty if unknown."

    def clean_dog(self):
        identifier = self.cleaned_data.get("dog", "")
        if not identifier:
            return None
        dog = registered_dog(self.municipality, identifier, on=timezone.localdate())
        if dog is None:
            raise ValidationError(f"No dog of {self.municipality.name} has the tag or "
                                  f"microchip {identifier}.")
        return dog


class ReadsOfficerRecords(BasePermission):
    """The API of the officer's records answers their readers only; to anyone else the
    records do not exist (404), as another person's record never does."""

    def has_permission(self, request, view) -> bool:
        if not record_town_ids(request.user):
            raise NotFound
        return True


def first_day_kept(today: dt.date) -> dt.date:
    """The first day a record may be made and still be kept on ``today``: a record made
    before it is past its two years (ACO B(2)). Two years back, or the day after when that
    day's two years end before ``today`` (on Feb 29, a record of Feb 28 two years before
    is past: it was kept until Feb 28)."""
    candidate = add_months(today, -RECORDS_KEPT_MONTHS)
    return candidate if kept_until(candidate) >= today else days_after(candidate, 1)
