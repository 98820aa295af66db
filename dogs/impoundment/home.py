"""The Animal Control Officer's impoundments on their home (Code ch. 60): each animal in
custody with the day of its seven-day hold (Impoundment C, E) and the day its intake record
is due at the Town Clerk's office (ACO B(2), rolled to a business day of the town's
Monday-to-Thursday calendar); and the finders' reports still to follow up (Impoundment B).
One query a list."""

from __future__ import annotations

import datetime as dt

from django.urls import reverse
from django.utils import timezone

from dogs.impoundment.services import dates_of
from dogs.law import cite
from dogs.models import FoundAnimalReport, FoundReportStatus, Impoundment, ImpoundmentStatus
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
        what, f"Impoundment #{impoundment.pk} ({impoundment.get_species_display().lower()}: "
              f"{impoundment.description})",
        reverse("dogs:impoundment", args=[impoundment.pk]),
        due_on=None if forwarded else dates.forward_by,
        since=impoundment.impounded_on,
        detail="Intake record forwarded" if forwarded else "Intake record due at the Clerk's",
        citation=INTAKE_RECORDS.citation,
    )


def _found_report(report: FoundAnimalReport) -> WorkItem:
    requested = report.turn_over_requested_on
    return WorkItem(
        "Turn-over requested: collect it or cite the finder" if requested
        else "Contact the finder and ask for the animal",
        f"Finder's report #{report.pk} ({report.get_species_display().lower()}: "
        f"{report.description}, {report.found_at})",
        reverse("dogs:found_report", args=[report.pk]),
        since=timezone.localtime(report.reported_at).date(),
        detail=f"Reported by {report.finder_name}, {report.finder_contact}",
        citation=cite("Impoundment B"),
    )


def impoundment_work(town: TownCalendar, *, user: User, today: dt.date) -> list[WorkList]:
    """Animals in custody, longest held first."""
    held = Impoundment.objects.filter(
        municipality=town.municipality,
        status__in=(ImpoundmentStatus.HELD, ImpoundmentStatus.TOWN_PROPERTY),
    ).order_by("impounded_on", "pk")
    return [limited("Animals in custody", held,
                    lambda record: _custody(record, today=today, town=town),
                    empty="No animal is in custody.", link_label="Impoundments",
                    link_url=reverse("dogs:impoundments"))]


def found_report_work(town: TownCalendar, *, user: User, today: dt.date) -> list[WorkList]:
    """Finders' reports still open, oldest first (Impoundment B)."""
    reports = FoundAnimalReport.objects.filter(
        municipality=town.municipality, status=FoundReportStatus.OPEN,
    ).order_by("reported_at", "pk")
    return [limited("Finders' reports to follow up", reports, _found_report,
                    empty="No finder's report is open.", link_label="Finders' reports",
                    link_url=reverse("dogs:found_reports"))]
