"""Vacated properties awaiting their inspection on the Animal Control Officer's home (North
Andover Code ch. 60, Welfare G(1)): the three days' last day first. One query."""

from __future__ import annotations

import datetime as dt

from django.urls import reverse

from dogs.models import VacatedPropertyReport
from dogs.welfare.services import INSPECTION_SECTION
from permits_site.accounts.models import User
from permits_site.homes.registry import WorkItem, WorkList, limited
from permits_site.towns.calendar import TownCalendar


def _to_inspect(report: VacatedPropertyReport) -> WorkItem:
    return WorkItem("Inspection for abandoned animals", f"Vacated property #{report.pk}",
                    reverse("dogs:vacated_property", args=[report.pk]),
                    due_on=report.inspect_by,
                    detail=f"{report.address}; {report.responsible_party}",
                    citation=INSPECTION_SECTION)


def vacated_property_work(town: TownCalendar, *, user: User,
                          today: dt.date) -> list[WorkList]:
    reports = (VacatedPropertyReport.objects.filter(municipality=town.municipality,
                                                    inspected_on__isnull=True)
               .order_by("inspect_by", "pk"))
    return [limited("Vacated properties to inspect", reports, _to_inspect,
                    empty="No vacated property awaits its inspection.",
                    link_label="Vacated properties", link_url=reverse("dogs:vacated_properties"))]
