"""The town admin's home: permit types the town does not take online (of those anyone
applies for), permit types whose fee schedule in force holds amounts the law does not state
and the admin has not confirmed, offenses of the fine schedule in force whose amount no one
has entered (they cannot be cited), the office's closures and legal holidays coming up
(every deadline rolls over them), the town's usual hearing time and place while either is not
set, and the page of the town's staff and their roles."""

from __future__ import annotations

import datetime as dt
from urllib.parse import urlencode

from django.db.models import OuterRef, Subquery
from django.urls import reverse

from permits_site.accounts.models import User
from permits_site.enforcement.models import FineItem, FineSchedule
from permits_site.homes.registry import WorkItem, WorkList, limited
from permits_site.licensing.kinds import applied_for
from permits_site.licensing.models import FeeSchedule, PermitType
from permits_site.licensing.templatetags.localised import time_of_day
from permits_site.rules.calendar import days_after
from permits_site.towns.calendar import TownCalendar
from permits_site.towns.models import Closure

#: How far ahead the admin sees the office's closures and holidays.
CLOSURE_DAYS = 30


def offline_permit_types(town: TownCalendar) -> WorkList:
    """The town's permit types not taken online, of those anyone applies for: a schedule of
    charges nobody applies for (``applied_for = False``) is never listed on Permit types,
    where the item sends the admin."""
    permit_types = applied_for(PermitType.objects.filter(
        municipality=town.municipality, online=False)).order_by("name", "pk")

    def item(permit_type: PermitType) -> WorkItem:
        return WorkItem("Offline: take it online when the town is ready", permit_type.name,
                        reverse("licensing:permit_types"), citation=permit_type.citation)

    return limited("Permit types offline", permit_types, item,
                   empty="Every permit type is taken online.")


def placeholder_fees(town: TownCalendar, *, today: dt.date) -> WorkList:
    """Permit types whose schedule in force is seeded (amounts the law's text does not
    state, from the catalogue): flagged until the admin confirms them on the fee schedule
    page or saves the town's own as a new version."""
    in_force = FeeSchedule.objects.filter(
        permit_type=OuterRef("pk"), effective_from__lte=today, retired_at__isnull=True,
    ).order_by("-effective_from", "-created_at")
    permit_types = PermitType.objects.filter(municipality=town.municipality).annotate(
        placeholder=Subquery(in_force.values("seeded")[:1]),
    ).filter(placeholder=True).order_by("name", "pk")

    def item(permit_type: PermitType) -> WorkItem:
        return WorkItem("Confirm these amounts or enter the town's own", permit_type.name,
                        reverse("licensing:fee_schedules") + "?" + urlencode(
                            {"q": permit_type.code}),
                        citation=permit_type.citation)

    return limited("Fee schedules with amounts not in the law text", permit_types,
                   item, empty="Every fee schedule in force holds confirmed amounts.",
                   link_label="Fee schedules", link_url=reverse("licensing:fee_schedules"))


def fines_not_set(town: TownCalendar, *, today: dt.date) -> WorkList:
    """Offenses of the fine schedule in force listed with no amount (the law leaves it to a
    town body, which has not set it, or the admin has not entered it): not citable until
    the admin enters the amounts on the fine schedule page."""
    in_force = FineSchedule.objects.filter(
        municipality=town.municipality, effective_from__lte=today, retired_at__isnull=True,
    ).order_by("-effective_from", "-created_at").values("pk")[:1]
    offenses = FineItem.objects.filter(schedule=Subquery(in_force),
                                       amount_pending=True).order_by("pk")
    code = town.municipality.code

    def item(fine_item: FineItem) -> WorkItem:
        return WorkItem(f"Enter the amounts {fine_item.amount_set_by} set: not citable "
                        "until then",
                        fine_item.description,
                        reverse("enforcement:fine_offense_amounts",
                                args=[code, fine_item.offense]),
                        citation=fine_item.citation)

    return limited("Fines not set", offenses, item,
                   empty="Every offense of the fine schedule has its amounts.",
                   link_label="Fine schedules", link_url=reverse("enforcement:fine_schedules"))


def closures_ahead(town: TownCalendar, *, today: dt.date) -> WorkList:
    """The office's closures and the Massachusetts legal holidays from today through
    :data:`CLOSURE_DAYS` days ahead, by date."""
    last = days_after(today, CLOSURE_DAYS)
    url = reverse("licensing:closures", args=[town.municipality.code])
    closures = Closure.objects.filter(municipality=town.municipality, date__gte=today,
                                      date__lte=last)
    rows = [(closure.date, f"Office closed: {closure.reason}") for closure in closures]
    rows += [(day, f"Legal holiday: {name}") for day in _days(today, last)
             if (name := town.calendar.holiday_name(day))]
    rows.sort()
    return limited("Closures coming up", rows, lambda row: WorkItem(
        row[1], town.municipality.name, url, on=row[0]),
        empty="No closure or legal holiday in the next 30 days.",
        link_label="Closures", link_url=url)


def _days(first: dt.date, last: dt.date):
    return (days_after(first, offset) for offset in range((last - first).days + 1))


def usual_hearing(town: TownCalendar) -> WorkList:
    """The town's usual hearing time and place, which a hearing scheduled without its own
    hour or place takes: asked for while either is not set."""
    municipality, title = town.municipality, "Usual hearing time and place"
    if municipality.hearing_time and municipality.hearing_place:
        return WorkList(title, [], empty=(
            f"Hearings are held at {time_of_day(municipality.hearing_time)}, "
            f"{municipality.hearing_place}, unless scheduled otherwise."))
    url = reverse("licensing:closures", args=[municipality.code]) + "#hearings"
    return WorkList(title, [WorkItem("Usual hearing time and place not set",
                                     municipality.name, url)], empty="")


def staff_page(town: TownCalendar) -> WorkList:
    """The town's staff and their roles, granted and removed by its admin."""
    url = reverse("accounts:staff_roles", args=[town.municipality.code])
    return WorkList("Staff of the town", [WorkItem("Add or remove staff roles",
                                                   town.municipality.name, url)], empty="")


def town_admin_work(town: TownCalendar, *, user: User, today: dt.date) -> list[WorkList]:
    return [offline_permit_types(town), placeholder_fees(town, today=today),
            fines_not_set(town, today=today), closures_ahead(town, today=today),
            usual_hearing(town), staff_page(town)]
