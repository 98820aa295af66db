"""Septic system inspections the record requires (Tisbury BOH Reg 09.0.8(4)).

"Septic System Inspections are required for the following: Sale and Transfer of Properties
… Four (4) or more pumpouts of a septic system within one (1) year. Any change of use,
additions, major renovations, seasonal increase, or any wastewater increase. On a schedule
set forth in the Town Septage Management Plan" (09.0.8(4)).

The pump-outs are never typed: they are the handlers' monthly returns (09.6.2) the office
already holds, matched to the property. When the twelve months ending today hold four or
more, the fourth one required the inspection. The office learns of it from the return that
lists it, so the inspection is due 30 days after that return was filed (the 30 days the text
gives the report, counted on Tisbury's calendar). A sale, a change of use and the septage
plan's schedule are events the office records on the property: a sale's inspection is due
before the closing, whose letter "must be obtained prior to the closing"; a change of use's
30 days after it; the plan's on the day the plan sets.

An inspection is answered by a licensed inspector's report on the property made on or after
the day that required it; for a sale, by any report still valid on the closing day (a report
"valid for two (2) years"). The property's page for staff, the owner's "My properties" and
the owner's notice (a message, or a letter for an owner without email) say what is due and
by when.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from django.db import transaction
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_noop

from permits_site import audit
from permits_site.accounts import permissions
from permits_site.exceptions import DomainError, PermissionDenied
from permits_site.notifications.models import MessageKind
from permits_site.notifications.reminders import Reminder, reminder_draft
from permits_site.notifications.services import absolute_url
from permits_site.parties.models import Property
from permits_site.parties.owners import owner_accounts_of
from permits_site.rules.calendar import add_months, format_date, period_due
from permits_site.rules.registry import town_law
from permits_site.rules.wording import explain
from permits_site.towns.models import Municipality
from tisbury_regs.inspection_triggers.counting import (
    INSPECTION_PUMPOUTS,
    fourth_pumpout_day,
    pumpouts_last_12_months,
    window_start,
)
from tisbury_regs.law import cite
from tisbury_regs.models import (
    InspectionTriggerReason,
    PumpoutJob,
    SepticInspectionReport,
    SystemInspectionTrigger,
)
from tisbury_regs.periods import MUNICIPALITY

if TYPE_CHECKING:
    from permits_site.accounts.models import User

SECTION = cite("09.0.8(4)")
PUMPOUTS_REASON = explain(gettext_noop("%(count)s or more pump-outs of the septic system within "
                                       "one year, from the septage handlers' returns"),
                          count=INSPECTION_PUMPOUTS)
OWNER_NOTICE = "tisbury_regs/septic_inspection_due.txt"


@dataclass(frozen=True)
class DueInspection:
    """An inspection the record requires: why, since when, by when, and the report that
    answered it (None while none has)."""

    reason: str
    since: dt.date
    due_on: dt.date
    report: SepticInspectionReport | None = None
    trigger: SystemInspectionTrigger | None = None

    @property
    def answered(self) -> bool:
        return self.report is not None

    @property
    def key(self) -> str:
        return f"{self.trigger.reason if self.trigger else 'pumpouts'}:{self.since}"

    def overdue(self, on: dt.date) -> bool:
        return not self.answered and self.due_on < on

    @property
    def sentence(self) -> str:
        """What the owner reads: the inspection, why, and by when."""
        return (f"A septic system inspection by a licensed system inspector is due by "
                f"{format_date(self.due_on)}: {self.reason[0].lower()}{self.reason[1:]} "
                f"({SECTION}).")


def _calendar():
    return Municipality.objects.get(code=MUNICIPALITY).calendar()


def _inspection_due(start: dt.date, calendar) -> dt.date:
    """The registered period of a required inspection (09.0.8(4) names none; the Board gives
    the report's 30 days), counted as a deadline on Tisbury's calendar."""
    return period_due(town_law(MUNICIPALITY).periods["triggered_septic_inspection"], start,
                      calendar)


def trigger_due(reason: str, occurred_on: dt.date, calendar) -> dt.date:
    """The last day for the inspection a recorded event requires (09.0.8(4)): the day before
    the closing for a sale, the plan's day for the septage plan, else 30 days after."""
    if reason == InspectionTriggerReason.SALE:
        return occurred_on - dt.timedelta(days=1)
    if reason == InspectionTriggerReason.SEPTAGE_PLAN:
        return occurred_on
    return _inspection_due(occurred_on, calendar)


def _answers(reason: str | None, since: dt.date, report: SepticInspectionReport) -> bool:
    if reason == InspectionTriggerReason.SALE:
        return report.valid_through >= since
    return report.inspected_on >= since


def _answering(reason: str | None, since: dt.date,
               reports: Sequence[SepticInspectionReport]) -> SepticInspectionReport | None:
    return next((report for report in reports if _answers(reason, since, report)), None)


def _pumpout_due(jobs: Sequence[PumpoutJob], reports: Sequence[SepticInspectionReport], *,
                 on: dt.date, calendar) -> DueInspection | None:
    fourth_day = fourth_pumpout_day([job.pumped_on for job in jobs], on=on)
    if fourth_day is None:
        return None
    fourth = next(job for job in sorted(jobs, key=lambda job: (job.pumped_on, job.pk))
                  if job.pumped_on == fourth_day)
    known_on = fourth.pumpout_return.filed_on
    return DueInspection(
        reason=PUMPOUTS_REASON, since=fourth_day,
        due_on=_inspection_due(known_on, calendar),
        report=_answering(None, fourth_day, reports))


def _recorded_due(trigger: SystemInspectionTrigger,
                  reports: Sequence[SepticInspectionReport]) -> DueInspection:
    return DueInspection(reason=trigger.get_reason_display(), since=trigger.occurred_on,
                         due_on=trigger.due_on, trigger=trigger,
                         report=_answering(trigger.reason, trigger.occurred_on, reports))


def inspections_due_for(places: Iterable[Property], *, on: dt.date | None = None
                        ) -> dict[int, list[DueInspection]]:
    """Each place's required inspections, answered or not, soonest due first: three queries
    whatever the number of places."""
    on = on or timezone.localdate()
    ids = [place.pk for place in places if place.municipality.code == MUNICIPALITY]
    if not ids:
        return {}
    jobs: dict[int, list[PumpoutJob]] = defaultdict(list)
    for job in PumpoutJob.objects.filter(property_id__in=ids, pumped_on__gte=window_start(on),
                                         pumped_on__lte=on).select_related("pumpout_return"):
        jobs[job.property_id].append(job)
    reports: dict[int, list[SepticInspectionReport]] = defaultdict(list)
    for report in SepticInspectionReport.objects.filter(property_id__in=ids).order_by(
            "inspected_on", "pk"):
        reports[report.property_id].append(report)
    triggers: dict[int, list[SystemInspectionTrigger]] = defaultdict(list)
    for trigger in SystemInspectionTrigger.objects.filter(property_id__in=ids):
        triggers[trigger.property_id].append(trigger)
    calendar = _calendar()
    due: dict[int, list[DueInspection]] = {}
    for pk in ids:
        found = [_recorded_due(trigger, reports[pk]) for trigger in triggers[pk]]
        from_pumpouts = _pumpout_due(jobs[pk], reports[pk], on=on, calendar=calendar)
        due[pk] = sorted([*found, *([from_pumpouts] if from_pumpouts else [])],
                         key=lambda row: (row.due_on, row.since))
    return due


def inspections_due(place: Property, *, on: dt.date | None = None) -> list[DueInspection]:
    return inspections_due_for([place], on=on).get(place.pk, [])


def open_inspections(place: Property, *, on: dt.date | None = None) -> list[DueInspection]:
    """The required inspections no report has answered yet."""
    return [due for due in inspections_due(place, on=on) if not due.answered]


def pumpouts_counted(place: Property, *, on: dt.date | None = None) -> int:
    """The spec's fact ``pumpouts_last_12_months`` for ``place``, from the returns."""
    on = on or timezone.localdate()
    days = place.pumpout_jobs.filter(pumped_on__gte=window_start(on)).values_list(
        "pumped_on", flat=True)
    return pumpouts_last_12_months(days, on=on)


# -- recording an event -------------------------------------------------------------------


def _trigger_errors(place: Property, reason: str, occurred_on: dt.date | None, today: dt.date
                    ) -> dict[str, list[str]]:
    checks = (
        ("place", place.municipality.code != MUNICIPALITY or place.merged_into_id is not None,
         "Choose a property in Tisbury."),
        ("reason", reason not in InspectionTriggerReason.values,
         f"Choose what requires the inspection ({SECTION})."),
        ("occurred_on", occurred_on is None, "Enter the date."),
        ("occurred_on", occurred_on is not None and occurred_on < add_months(today, -24),
         "The date is more than two years ago: any inspection since has expired "
         f"({SECTION})."),
    )
    return {field: [message] for field, refused, message in checks if refused}


@transaction.atomic
def record_trigger(*, place: Property, reason: str, occurred_on: dt.date, notes: str = "",
                   acting_user: User) -> SystemInspectionTrigger:
    """The Board's staff record a sale, a change of use or the septage plan's scheduled day:
    the property now needs an inspection by the day 09.0.8(4) gives."""
    if not permissions.is_town_staff(acting_user, place.municipality_id):
        raise PermissionDenied("Only the Board of Health's staff record what requires a septic "
                               f"inspection ({SECTION}).")
    today = timezone.localdate()
    errors = _trigger_errors(place, reason, occurred_on, today)
    if errors:
        raise DomainError(errors)
    trigger = SystemInspectionTrigger.objects.create(
        municipality=place.municipality, property=place, reason=reason,
        occurred_on=occurred_on, due_on=trigger_due(reason, occurred_on, _calendar()),
        notes=(notes or "").strip(), recorded_by=acting_user, recorded_on=today)
    audit.record(actor=acting_user, action="septic.inspection_required", subject=place,
                 municipality=place.municipality,
                 summary=f"Septic inspection required at {place.address}: "
                         f"{trigger.get_reason_display().lower()} on {format_date(occurred_on)}"
                         f", due by {format_date(trigger.due_on)} ({SECTION})",
                 after={"trigger": trigger.pk, "reason": reason,
                        "occurred_on": str(occurred_on), "due_on": str(trigger.due_on)})
    return trigger


# -- what staff and owners see ------------------------------------------------------------


def property_panel(place: Property, user: User) -> dict[str, Any]:
    """The staff property page's panel: the pump-outs counted and the inspections due."""
    today = timezone.localdate()
    return {"due": [(due, due.overdue(today)) for due in inspections_due(place, on=today)],
            "pumpouts": pumpouts_counted(place, on=today), "threshold": INSPECTION_PUMPOUTS,
            "section": SECTION, "place": place}


def owner_notices(places: Sequence[Property]) -> dict[int, list[str]]:
    """What each of an owner's places needs: the open inspections, in words."""
    return {pk: [due.sentence for due in rows if not due.answered]
            for pk, rows in inspections_due_for(places).items()}


def _places_to_hear(today: dt.date):
    recent = Q(pumpout_jobs__pumped_on__gte=window_start(today)) | Q(
        inspection_triggers__due_on__gte=add_months(today, -24))
    return (Property.objects.filter(recent, municipality__code=MUNICIPALITY,
                                    merged_into__isnull=True)
            .select_related("municipality").distinct())


def open_inspections_board(today: dt.date) -> list[tuple[Property, DueInspection, bool]]:
    """Every Tisbury property's open required inspections, soonest due first, each flagged
    overdue: the Board's list, in a fixed number of queries."""
    places = list(_places_to_hear(today))
    due_at = inspections_due_for(places, on=today)
    rows = [(place, due, due.overdue(today)) for place in places for due in due_at[place.pk]
            if not due.answered]
    return sorted(rows, key=lambda row: (row[1].due_on, row[0].address))


def owner_reminders(today: dt.date) -> Iterator[Reminder]:
    """The owner's notice of each open required inspection, written once (the daily run):
    to every owner of record with an account; one without email gets it as a letter."""
    places = list(_places_to_hear(today))
    due_at = inspections_due_for(places, on=today)
    recipients_of = owner_accounts_of(places)
    for place in places:
        recipients = recipients_of[place.pk]
        for due in (row for row in due_at[place.pk] if not row.answered):
            draft = reminder_draft(
                MessageKind.INSPECTION_SCHEDULED,
                f"septic-inspection-due:{place.pk}:{due.key}",
                explain(gettext_noop("Septic system inspection due at %(address)s by %(day)s"),
                        address=place.address, day=due.due_on),
                about=place, municipality=place.municipality, legal=True, place=place,
                due=due, section=SECTION, url=absolute_url(reverse("parties:properties")))
            yield Reminder(replace(draft, template=OWNER_NOTICE), recipients)
