"""North Andover's renewal notices (Code ch. 60, Licenses A(8), Kennel license B(8)),
written by the daily reminder run.

- Dog licenses: when the next license year opens on December 1, each owner whose
  dog held last year's license — issued online or a recorded paper license — hears
  that the new one is due by March 1 (rolled forward like every due date). The
  Clerk's "send reminders" on the renewal season screen writes the same notices
  through the same outbox: one notice per renewal.
- Kennel licenses: the renewal forms go to every licensed kennel by December 1
  (``kennel_forms_sent_by``); the run sends them from two weeks before, so a missed
  morning still meets the date. A legal notice: sent whatever the holder's
  reminder preference.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from typing import TYPE_CHECKING

from django.db import transaction
from django.urls import reverse

from dogs.law import cite
from dogs.licenses.services import DOG_LICENSE, KENNEL_LICENSE, dogs_not_renewed
from dogs.periods import MUNICIPALITY
from permits_site import audit
from permits_site.licensing.models import Permit, PermitStatus
from permits_site.notifications.models import MessageKind
from permits_site.notifications.reminders import (
    Reminder,
    register_reminder_source,
    reminder_draft,
)
from permits_site.notifications.services import Draft, absolute_url, people_of, write
from permits_site.rules.calendar import days_before, key_date_on
from permits_site.rules.registry import town_law
from permits_site.towns.models import Municipality

if TYPE_CHECKING:
    from permits_site.accounts.models import User

#: Kennel forms are sent from this many days before the key date they must meet.
KENNEL_NOTICE_LEAD_DAYS = 14
#: The dog license year opens on December 1 of the year before (the renewal season).
DOG_SEASON_OPENS = (12, 1)


def renewal_notices(today: dt.date) -> Iterator[Reminder]:
    town = Municipality.objects.get(code=MUNICIPALITY)
    calendar = town.calendar()
    yield from _dog_notices(town, today, calendar)
    yield from _kennel_notices(town, today, calendar)


def _key_date(code: str, year: int, calendar) -> dt.date:
    return key_date_on(town_law(MUNICIPALITY).key_dates[code], year, calendar)


def _season_year(today: dt.date, *, opens, closes) -> int | None:
    """The license year whose notice season (``opens(year)`` to ``closes(year)``)
    includes ``today``."""
    for year in (today.year, today.year + 1):
        if opens(year) <= today <= closes(year):
            return year
    return None


def _dog_notices(town, today: dt.date, calendar) -> Iterator[Reminder]:
    year = _season_year(
        today, opens=lambda year: dt.date(year - 1, *DOG_SEASON_OPENS),
        closes=lambda year: _key_date("dog_license_due", year, calendar))
    if year is not None:
        yield from season_notices(town, year)


def season_notices(town, year: int) -> Iterator[Reminder]:
    """A notice to the owner of each dog licensed last year — online or on a recorded
    paper license — and not yet for ``year``."""
    due = _key_date("dog_license_due", year, town.calendar())
    for dog in dogs_not_renewed(municipality=town, year=year):
        yield Reminder(_notice(
            f"dog-renewal:{dog.pk}:{year}", f"{dog.name}'s {year} dog license is due",
            about=dog, town=town, what=f"{dog.name}'s dog license", year=year, due=due,
            citation=cite("Licenses A(8)"),
        ), [dog.owner])


@transaction.atomic
def send_season_notices(*, municipality, year: int, acting_user: User) -> int:
    """The Clerk's "send reminders" on the renewal season screen: the daily run's notices,
    written now through the same outbox, so an owner already told hears nothing more and
    the daily run sends none after these. Returns how many were written."""
    written = sum(len(write(reminder.draft, reminder.recipients))
                  for reminder in season_notices(municipality, year))
    audit.record(
        actor=acting_user,
        action="dog.renewal_reminders_sent",
        subject=municipality,
        municipality=municipality,
        summary=f"{written} renewal reminders for {year}",
        after={"year": year, "sent": written},
    )
    return written


def _kennel_notices(town, today: dt.date, calendar) -> Iterator[Reminder]:
    year = _season_year(
        today,
        opens=lambda year: days_before(_key_date("kennel_forms_sent_by", year, calendar),
                                       KENNEL_NOTICE_LEAD_DAYS),
        closes=lambda year: _key_date("kennel_license_due", year, calendar))
    if year is None:
        return
    due = _key_date("kennel_license_due", year, calendar)
    kennels = Permit.objects.filter(
        municipality=town, permit_type__code=KENNEL_LICENSE, status=PermitStatus.ACTIVE,
        valid_through=dt.date(year - 1, 12, 31),
    ).select_related("holder", "holder_business")
    for permit in kennels:
        yield Reminder(_notice(
            f"kennel-renewal:{permit.pk}:{year}", f"Kennel license renewal for {year}",
            about=permit, town=town, what=f"Your kennel license {permit.number}", year=year,
            due=due, citation=cite("Kennel license B(8)"), legal=True,
        ), people_of(person=permit.holder, business=permit.holder_business))


def _notice(key: str, subject: str, *, about, town, legal: bool = False, **context) -> Draft:
    """Both renewals owe the late fee after their due date (A(8), B(8))."""
    return reminder_draft(
        MessageKind.RENEWAL_NOTICE, key, f"North Andover: {subject}", about=about,
        municipality=town, legal=legal, late_fee=True, authority="Town Clerk",
        url=absolute_url(reverse("licensing:dashboard")), **context,
    )


#: The permit types whose renewal these notices announce (no separate expiry reminder).
COVERS = (DOG_LICENSE, KENNEL_LICENSE)


def register_renewal_notices() -> None:
    """Called from the dogs app's ``ready()``."""
    register_reminder_source(renewal_notices, covers=COVERS)
