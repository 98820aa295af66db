"""North Andover's kennel license renewal forms (Code ch. 60, Kennel license B(8)), written by
the daily reminder run.

The renewal forms go to every licensed kennel by December 1 (``kennel_forms_sent_by``);
the run sends them from two weeks before, so a missed morning still meets the date. A
legal notice: sent whatever the holder's reminder preference.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator

from django.urls import reverse
from django.utils.translation import gettext_noop

from dogs.law import cite
from dogs.periods import MUNICIPALITY, key_date_in, notice_season_year
from dogs.rules import KENNEL_LICENSE
from permits_site.licensing.models import Permit, PermitStatus
from permits_site.notifications.models import MessageKind
from permits_site.notifications.reminders import Reminder, reminder_draft
from permits_site.notifications.services import absolute_url, people_of
from permits_site.rules.calendar import days_before
from permits_site.rules.wording import explain
from permits_site.towns.models import Municipality

#: Kennel forms are sent from this many days before the key date they must meet.
KENNEL_NOTICE_LEAD_DAYS = 14


def renewal_forms(today: dt.date) -> Iterator[Reminder]:
    """The renewal forms of every kennel licensed last year and not renewed yet, from two
    weeks before December 1 until the license year's due date; late, the renewal owes the
    late fee (B(8))."""
    town = Municipality.objects.get(code=MUNICIPALITY)
    calendar = town.calendar()
    year = notice_season_year(
        today,
        opens=lambda year: days_before(key_date_in("kennel_forms_sent_by", year, calendar),
                                       KENNEL_NOTICE_LEAD_DAYS),
        closes=lambda year: key_date_in("kennel_license_due", year, calendar))
    if year is None:
        return
    due = key_date_in("kennel_license_due", year, calendar)
    kennels = Permit.objects.filter(
        municipality=town, permit_type__code=KENNEL_LICENSE.code, status=PermitStatus.ACTIVE,
        valid_through=dt.date(year - 1, 12, 31), superseded_by__isnull=True,
    ).select_related("holder", "holder_business")
    for permit in kennels:
        yield Reminder(reminder_draft(
            MessageKind.RENEWAL_NOTICE, f"kennel-renewal:{permit.pk}:{year}",
            explain(gettext_noop("North Andover: Kennel license renewal for %(year)s"),
                    year=str(year)), about=permit,
            municipality=town, legal=True, late_fee=True, authority="Town Clerk",
            reader=permit.holder, url=absolute_url(reverse("licensing:dashboard")),
            what=explain(gettext_noop("Your kennel license %(number)s"), number=permit.number),
            year=year, due=due,
            citation=cite("Kennel license B(8)"),
        ), people_of(person=permit.holder, business=permit.holder_business))
