"""The Animal Control Officer's impoundments on their home (Code ch. 60): each dog in
custody with the day of its seven-day hold (Impoundment C, E) and the day its intake record
is due at the Town Clerk's office (ACO B(2), rolled to a business day of the town's
Monday-to-Thursday calendar). One query."""

from __future__ import annotations

import datetime as dt

from django.urls import reverse

from dogs.impoundment.services import dates_of
from dogs.models import Impoundment, ImpoundmentStatus
from dogs.periods import INTAKE_RECORDS
from permits_site.accounts.models import User
from permits_site.homes.registry import WorkItem, WorkList, limited
from permits_site.rules.calendar import format_date
from permits_site.towns.calendar import TownCalendar


def hold_day(impoundment: Impoundment, today: dt.date) -> int:
    """The day of the hold: the day of the intake is day 1."""
    return (today - impoundment.impounded_on).days + 1


def _custody(impoundment: Impoundment, *, today: dt.date, town: TownCalendar) -> WorkItem:
    dates = dates_of(impoundment, town.calendar)
    if impoundment.status == ImpoundmentStatus.TOWN_PROPERTY:
        what = "Town property: adopt, transfer or record the outcome"
    elif today <= dates.hold_ends:
        what = (f"Day {hold_day(impoundment, today)} of the hold "
                f"(it ends {format_date(dates.hold_ends)})")
    else:
        what = f"Hold over since {format_date(dates.hold_ends)}: release or take as Town property"
    forwarded = impoundment.forwarded_to_clerk_on is not None
    return WorkItem(
        what, f"Impoundment #{impoundment.pk} ({impoundment.description})",
        reverse("dogs:impoundment", args=[impoundment.pk]),
        due_on=None if forwarded else dates.forward_by,
        since=impoundment.impounded_on,
        detail="Intake record forwarded" if forwarded else "Intake record due at the Clerk's",
        citation=INTAKE_RECORDS.citation,
    )


def impoundment_work(town: TownCalendar, *, user: User, today: dt.date) -> list[WorkList]:
    """Dogs in custody, longest held first."""
    held = Impoundment.objects.filter(
        municipality=town.municipality,
        status__in=(ImpoundmentStatus.HELD, ImpoundmentStatus.TOWN_PROPERTY),
    ).order_by("impounded_on", "pk")
    return [limited("Dogs in custody", held,
                    lambda record: _custody(record, today=today, town=town),
                    empty="No dog is in custody.", link_label="Impoundments",
                    link_url=reverse("dogs:impoundments"))]
