"""The Clerk's home: the officer's records past their two years (North Andover Code ch. 60,
ACO B(2)), kept longest first; a list only. One query."""

from __future__ import annotations

import datetime as dt

from django.urls import reverse

from dogs.officer_records import RECORDS_SECTION
from dogs.records.services import KeptRecord, oldest_past_keeping
from permits_site.accounts.models import User
from permits_site.homes.registry import LIST_LIMIT, WorkItem, WorkList, limited
from permits_site.towns.calendar import TownCalendar


def _past(row: KeptRecord) -> WorkItem:
    return WorkItem("Kept past its two years", row.title, row.url,
                    detail=f"{row.kind}, kept until {row.keep_until:%B %-d, %Y}",
                    citation=RECORDS_SECTION)


def retention_work(town: TownCalendar, *, user: User, today: dt.date) -> list[WorkList]:
    rows = oldest_past_keeping({town.municipality.pk}, today, LIST_LIMIT + 1)
    return [limited("Records past their two years", rows, _past,
                    empty="No record of the officer's is past its two years.",
                    link_label="Records past their two years",
                    link_url=reverse("dogs:retention"))]
