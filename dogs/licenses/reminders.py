"""North Andover's dog license renewal notices (Code ch. 60, Licenses A(8)), written by the
daily reminder run.

When the next license year opens on December 1, each owner whose dog held last year's
license — issued online or a recorded paper license — hears that the new one is due by
March 1 (rolled forward like every due date). The Clerk's "send reminders" on the renewal
season screen writes the same notices through the same outbox: one notice per renewal.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from typing import TYPE_CHECKING

from django.db import transaction
from django.urls import reverse
from django.utils.translation import gettext_noop

from dogs.law import cite
from dogs.licenses.services import dogs_not_renewed
from dogs.periods import MUNICIPALITY, key_date_in, notice_season_year
from permits_site import audit
from permits_site.notifications.models import MessageKind
from permits_site.notifications.reminders import Reminder, reminder_draft
from permits_site.notifications.services import absolute_url, write
from permits_site.rules.wording import explain
from permits_site.towns.models import Municipality

if TYPE_CHECKING:
    from permits_site.accounts.models import User

#: The dog license year opens on December 1 of the year before (the renewal season).
DOG_SEASON_OPENS = (12, 1)


def renewal_notices(today: dt.date) -> Iterator[Reminder]:
    """The season's notices, from December 1 until the license year's due date."""
    town = Municipality.objects.get(code=MUNICIPALITY)
    calendar = town.calendar()
    year = notice_season_year(
        today, opens=lambda year: dt.date(year - 1, *DOG_SEASON_OPENS),
        closes=lambda year: key_date_in("dog_license_due", year, calendar))
    if year is not None:
        yield from season_notices(town, year)


def season_notices(town, year: int) -> Iterator[Reminder]:
    """A notice to the owner of each dog licensed last year — online or on a recorded
    paper license — and not yet for ``year``; late, the renewal owes the late fee (A(8))."""
    due = key_date_in("dog_license_due", year, town.calendar())
    for dog in dogs_not_renewed(municipality=town, year=year):
        yield Reminder(reminder_draft(
            MessageKind.RENEWAL_NOTICE, f"dog-renewal:{dog.pk}:{year}",
            explain(gettext_noop("North Andover: %(dog)s's %(year)s dog license is due"),
                    dog=dog.name, year=str(year)), about=dog,
            municipality=town, late_fee=True, authority="Town Clerk",
            url=absolute_url(reverse("licensing:dashboard")),
            what=explain(gettext_noop("%(dog)s's dog license"), dog=dog.name),
            year=year, due=due, citation=cite("Licenses A(8)"),
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
