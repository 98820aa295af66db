"""The inspector's home (the Board of Health's agent, the Animal Inspector): the agenda of
inspections assigned to them — overdue, today, the rest of the week — each with the place's
address and the permit (or the application not yet issued) and rescheduled from its row;
the applications waiting for an inspection none is scheduled for, each taken from its row;
and the failed inspections no case has been opened from yet."""

from __future__ import annotations

import datetime as dt

from django.db.models import Exists, OuterRef
from django.urls import reverse

from permits_site.accounts.models import Role, User
from permits_site.accounts.permissions import has_role
from permits_site.enforcement.models import (
    Case,
    Inspection,
    InspectionResult,
    InspectionStatus,
)
from permits_site.enforcement.services.scheduling import waiting_for_inspection
from permits_site.homes.applications import RECORD_RELATED, application_record, not_their_own
from permits_site.homes.registry import WorkItem, WorkList, from_home, limited
from permits_site.licensing.models import Application
from permits_site.rules.calendar import days_after
from permits_site.towns.calendar import TownCalendar

#: The agenda's week: today and the six days after it.
WEEK_DAYS = 6
#: ``select_related`` paths from an inspection to what :func:`_detail` reads.
DETAIL_RELATED = ("permit", "application__permit_type", "place__municipality")


def week_end(today: dt.date) -> dt.date:
    """The last day of the agenda's "this week"."""
    return days_after(today, WEEK_DAYS)


def _detail(inspection: Inspection) -> str:
    """What the inspection is of, as its page names it: the permit, else the application
    not yet issued ("Dumpster Permit application #6"), else no permit (a visit to an
    address)."""
    if inspection.permit:
        return f"Permit {inspection.permit.number}"
    if inspection.application:
        application = inspection.application
        return f"{application.permit_type.name} application #{application.pk}"
    return "No permit"


def _visit(inspection: Inspection) -> WorkItem:
    return WorkItem("Inspect and record the checklist",
                    f"Inspection #{inspection.pk} at {inspection.place_address}",
                    reverse("enforcement:inspection", args=[inspection.pk]),
                    due_on=inspection.scheduled_for, detail=_detail(inspection),
                    actions=(("Reschedule",
                              from_home("enforcement:inspection_reschedule", inspection.pk)),))


def agenda(town: TownCalendar, *, user: User, today: dt.date) -> list[WorkList]:
    """Scheduled inspections assigned to ``user``: overdue, today, and through the week."""
    scheduled = Inspection.objects.filter(
        municipality=town.municipality, inspector=user, status=InspectionStatus.SCHEDULED,
    ).select_related(*DETAIL_RELATED).order_by("scheduled_for", "pk")
    link = {"link_label": "Inspections", "link_url": reverse("enforcement:inspections")}
    return [
        limited("Overdue inspections", scheduled.filter(scheduled_for__lt=today), _visit,
                empty="No inspection is overdue.", **link),
        limited("Inspections today", scheduled.filter(scheduled_for=today),
                _visit, empty="No inspection is scheduled today.", **link),
        limited("Inspections this week", scheduled.filter(
            scheduled_for__gt=today, scheduled_for__lte=week_end(today)),
            _visit, empty="No other inspection is scheduled this week.", **link),
    ]


def failed_without_case(town: TownCalendar, *, user: User) -> WorkList:
    """Failed inspections of the town with no case opened from them yet."""
    failed = Inspection.objects.filter(
        municipality=town.municipality, status=InspectionStatus.CLOSED,
        result=InspectionResult.FAILED,
    ).exclude(Exists(Case.objects.filter(inspection=OuterRef("pk")))).select_related(
        *DETAIL_RELATED).order_by("inspected_on", "pk")

    def item(inspection: Inspection) -> WorkItem:
        return WorkItem("Open a case from the failed inspection",
                        f"Inspection #{inspection.pk} at {inspection.place_address}",
                        reverse("enforcement:inspection", args=[inspection.pk]),
                        since=inspection.inspected_on, detail=_detail(inspection))

    return limited("Failed inspections with no case", failed, item,
                   empty="Every failed inspection has its case.")


def to_schedule(town: TownCalendar, *, user: User) -> WorkList:
    """Open applications of the town held for an inspection none is scheduled for, but
    ``user``'s own, which another inspector takes: an inspector takes one from its row."""
    waiting = not_their_own(waiting_for_inspection(Application.objects.filter(
        municipality=town.municipality)), user).select_related(*RECORD_RELATED).order_by(
        "submitted_on", "pk")

    def item(application: Application) -> WorkItem:
        # The scheduling page, which an inspector may open (the review screen is the
        # clerk's and the board's).
        return WorkItem("Inspection to schedule", application_record(application),
                        from_home("enforcement:application_inspection", application.pk),
                        since=application.submitted_on,
                        citation=application.permit_type.citation)

    return limited("Inspections to schedule", waiting, item,
                   empty="No application waits for its inspection to be scheduled.")


def officer_inspections(town: TownCalendar, *, user: User, today: dt.date) -> list[WorkList]:
    """The agenda of an Animal Control Officer assigned inspections (a kennel's, where the
    town's law has the officer inspect), unless they are the town's inspector too, whose
    home lists the same agenda already."""
    if has_role(user, town.municipality.pk, Role.INSPECTOR):
        return []
    return agenda(town, user=user, today=today)


def inspector_work(town: TownCalendar, *, user: User, today: dt.date) -> list[WorkList]:
    return [*agenda(town, user=user, today=today), to_schedule(town, user=user),
            failed_without_case(town, user=user)]
