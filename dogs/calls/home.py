"""Open calls of the log on the Animal Control Officer's home (North Andover Code ch. 60,
ACO B(2)): oldest first, each waiting for its outcome. One query."""

from __future__ import annotations

import datetime as dt

from django.urls import reverse
from django.utils import timezone

from dogs.calls.services import LOG_SECTION
from dogs.models import AnimalCall
from permits_site.accounts.models import User
from permits_site.homes.registry import WorkItem, WorkList, limited
from permits_site.towns.calendar import TownCalendar


def _open_call(call: AnimalCall) -> WorkItem:
    return WorkItem("Record the outcome", f"Call #{call.pk}: {call.get_kind_display()}",
                    reverse("dogs:call", args=[call.pk]),
                    since=timezone.localtime(call.received_at).date(),
                    detail=f"{call.caller_name}, {call.place}", citation=LOG_SECTION)


def call_work(town: TownCalendar, *, user: User, today: dt.date) -> list[WorkList]:
    calls = (AnimalCall.objects.filter(municipality=town.municipality, closed_on__isnull=True)
             .order_by("received_at", "pk"))
    return [limited("Open calls", calls, _open_call, empty="Every call has its outcome.",
                    link_label="Call log", link_url=reverse("dogs:calls"))]
