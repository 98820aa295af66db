"""Bites and quarantine orders on the staff homes (North Andover Code ch. 60, ACO B(2);
Welfare C): the officer's bites awaiting the investigation's result, and the Animal
Inspector's bites without a quarantine order and orders to release. One query a list."""

from __future__ import annotations

import datetime as dt

from django.urls import reverse

from dogs.bites.services import BITE_SECTION, QUARANTINE_AFTER_BITE, QUARANTINED_SPECIES
from dogs.models import BiteRecord, QuarantineOrder
from permits_site.accounts.models import User
from permits_site.homes.registry import WorkItem, WorkList, limited
from permits_site.rules.calendar import days_before
from permits_site.towns.calendar import TownCalendar


def _to_investigate(bite: BiteRecord) -> WorkItem:
    return WorkItem("Record the investigation's result",
                    f"Bite record #{bite.pk}: {bite.animal_name}",
                    reverse("dogs:bite", args=[bite.pk]), since=bite.bitten_on,
                    detail=f"{bite.victim_name}, {bite.place}", citation=BITE_SECTION)


def bite_work(town: TownCalendar, *, user: User, today: dt.date) -> list[WorkList]:
    bites = (BiteRecord.objects.filter(municipality=town.municipality,
                                       investigated_on__isnull=True)
             .select_related("dog").order_by("bitten_on", "pk"))
    return [limited("Bites to investigate", bites, _to_investigate,
                    empty="Every bite on record has its investigation's result.",
                    link_label="Bite records", link_url=reverse("dogs:bites"))]


def _to_order(bite: BiteRecord) -> WorkItem:
    return WorkItem("Order the quarantine", f"Bite record #{bite.pk}: {bite.animal_name}",
                    reverse("dogs:bite", args=[bite.pk]), since=bite.bitten_on,
                    detail=f"{bite.place}; keeper: {bite.keeper or 'unknown'}",
                    citation=QUARANTINE_AFTER_BITE.citation)


def _to_release(order: QuarantineOrder) -> WorkItem:
    return WorkItem("Release the quarantine", f"Bite record #{order.bite_id}: "
                    f"{order.bite.animal_name}", reverse("dogs:bite", args=[order.bite_id]),
                    due_on=order.ends_on, detail=f"Confined at {order.confined_at}",
                    citation=QUARANTINE_AFTER_BITE.citation)


def quarantine_work(town: TownCalendar, *, user: User, today: dt.date) -> list[WorkList]:
    """Bites of a dog, cat or ferret still within their ten days and without an order, and
    the orders not yet released, the earliest end first."""
    first_bite_in_time = days_before(today, QUARANTINE_AFTER_BITE.days)
    unordered = (BiteRecord.objects.filter(municipality=town.municipality,
                                           quarantine__isnull=True,
                                           bitten_on__gte=first_bite_in_time,
                                           species__in=QUARANTINED_SPECIES)
                 .select_related("dog").order_by("bitten_on", "pk"))
    running = (QuarantineOrder.objects.filter(bite__municipality=town.municipality,
                                              released_on__isnull=True)
               .select_related("bite__dog").order_by("ends_on", "pk"))
    link = {"link_label": "Bite records", "link_url": reverse("dogs:bites")}
    return [
        limited("Bites awaiting a quarantine order", unordered, _to_order,
                empty="Every recent bite has its quarantine order.", **link),
        limited("Quarantine orders to release", running, _to_release,
                empty="No quarantine order is running.", **link),
    ]
