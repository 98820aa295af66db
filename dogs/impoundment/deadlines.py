"""North Andover's intake records on the staff deadlines screen (Code ch. 60, ACO B(2)),
registered with the core's ``register_deadline_source`` from ``DogsConfig.ready``: each
intake record not yet forwarded to the Town Clerk is due 30 days after the intake, rolled
to a business day of the town's cached Monday-to-Thursday calendar. One query.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Collection, Iterator

from django.urls import reverse

from dogs.models import Impoundment
from dogs.periods import INTAKE_RECORDS, MUNICIPALITY, intake_records_due, last_intake_due_by
from permits_site.enforcement.deadlines import Deadline
from permits_site.towns.calendar import town_calendar


def intake_records_to_forward(towns: Collection[int], *, today: dt.date,
                              horizon: dt.date) -> Iterator[Deadline]:
    """Intake records not forwarded to the Town Clerk, due 30 days after the intake (ACO
    B(2))."""
    town = town_calendar(MUNICIPALITY)
    if town is None or town.municipality.pk not in towns:
        return
    records = Impoundment.objects.filter(
        municipality=town.municipality, forwarded_to_clerk_on__isnull=True,
        impounded_on__lte=last_intake_due_by(horizon),
    )
    for record in records:
        due = intake_records_due(record.impounded_on, town.calendar)
        if due <= horizon:
            yield Deadline(record.municipality_id, due,
                           "Forward the intake record to the Town Clerk",
                           f"Impoundment #{record.pk} ({record.description})",
                           reverse("dogs:impoundment", args=[record.pk]),
                           INTAKE_RECORDS.citation)
