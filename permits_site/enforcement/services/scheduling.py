"""Moving a dated appointment: a case hearing or an appeal's public hearing continued to a
new date, an inspection rescheduled from the inspector's agenda, or the inspection an
application waits for scheduled from it.

A continued hearing keeps the dates it replaced (:class:`HearingContinuance`), and its
notice goes to the parties again, dated the day it is re-sent; where the case type's law
sets the window within which a hearing follows its notice (``CaseType.hearing_window``, a
code of the town's periods, e.g. a kennel review hearing held within 14 days after its
notice), the window is counted again from that new notice on the town's calendar (MGL c.4
§9: a last day on which the offices are closed rolls to the next business day). The
windows that run from the hearing itself (a decision due after it) read its new date.

A hearing or an inspection is set on a day the town's offices are open.
"""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING

from django.db import transaction
from django.db.models import Exists, OuterRef
from django.utils import timezone

from permits_site import audit
from permits_site.accounts import permissions
from permits_site.enforcement.models import (
    Appeal,
    CaseHearing,
    HearingContinuance,
    Inspection,
    InspectionResult,
    InspectionStatus,
)
from permits_site.enforcement.registry import case_type as registered_case_type
from permits_site.enforcement.services.cases import held_at, require_case_open, require_text
from permits_site.enforcement.services.inspections import schedule_inspection
from permits_site.enforcement.steps import INSPECTION_STEPS, STEPS
from permits_site.exceptions import DomainError, InvalidTransition
from permits_site.licensing.kinds import kind_for, registered_kinds
from permits_site.licensing.models import OPEN_STATUSES, Application
from permits_site.rules.calendar import format_date, period_due
from permits_site.rules.periods import Period
from permits_site.rules.registry import town_law
from permits_site.towns.office_days import (
    require_coming,
    require_hour_coming,
    require_open_day,
)

if TYPE_CHECKING:
    from permits_site.accounts.models import User


# -- hearings ------------------------------------------------------------------------------


def hearing_window(hearing: CaseHearing) -> tuple[Period, dt.date] | None:
    """(the period, its last day) within which the hearing is held after its notice, when
    the case type's law sets one; counted from the hearing's notice date."""
    registered = registered_case_type(hearing.case.case_type)
    if registered is None or not registered.hearing_window:
        return None
    municipality = hearing.case.municipality
    period = town_law(municipality.code).periods[registered.hearing_window]
    return period, period_due(period, hearing.notice_sent_on, municipality.calendar())


def _require_within_window(hearing: CaseHearing, hearing_date: dt.date) -> None:
    window = hearing_window(hearing)
    if window is None:
        return
    period, last_day = window
    if hearing_date > last_day:
        raise DomainError(
            f"A hearing on {format_date(hearing_date)} is too late: noticed on "
            f"{format_date(hearing.notice_sent_on)}, it is held by {format_date(last_day)}. "
            f"{period.description} ({period.citation})", field="hearing_date")


def _continuance(held: CaseHearing | Appeal, *, hearing_date: dt.date, reason: str,
                 acting_user: User, hearing_time: dt.time | None, location: str,
                 **of) -> HearingContinuance:
    """The continuance of ``held`` (``of``: the ``hearing`` or the ``appeal`` it continues)
    to ``hearing_date``, at the hour and place given or else the town's usual ones, its
    notice sent today, checked (a reason, a coming day the town's offices are open, today
    only at an hour still to come, not the day, hour and place it already has) and not
    saved; ``held`` is set to it."""
    municipality = held.case.municipality
    reason = require_text(reason, field="reason",
                          message="Say why the hearing is continued.")[:500]
    require_coming(hearing_date, field="hearing_date", what="That day")
    continuance = HearingContinuance(
        previous_date=held.hearing_date, previous_time=held.hearing_time,
        previous_location=held.location, hearing_date=hearing_date,
        notice_sent_on=timezone.localdate(), reason=reason, recorded_by=acting_user, **of)
    continuance.fill_time_and_place(municipality, hearing_time=hearing_time, location=location)
    if (continuance.hearing_date, continuance.hearing_time, continuance.location) == (
            held.hearing_date, held.hearing_time, held.location):
        raise DomainError("The hearing is already set for that day, hour and place.",
                          field="hearing_date")
    require_hour_coming(hearing_date, continuance.hearing_time,
                        hour_given=hearing_time is not None)
    require_open_day(municipality, hearing_date, field="hearing_date")
    held.hearing_date = hearing_date
    held.hearing_time, held.location = continuance.hearing_time, continuance.location
    return continuance


@transaction.atomic
def continue_case_hearing(
    *, hearing: CaseHearing, hearing_date: dt.date, reason: str, acting_user: User,
    hearing_time: dt.time | None = None, location: str = "",
) -> CaseHearing:
    """Continue (reschedule) an undecided hearing to ``hearing_date``, at the hour and place
    given or else the town's usual ones: the notice goes to the parties again today, the
    window the law sets is counted from it, and the day, hour and place it replaces are
    kept."""
    hearing = CaseHearing.objects.select_for_update().select_related(
        "case__municipality").get(pk=hearing.pk)
    case = hearing.case
    if not STEPS["hearing_continuance"].holds_role_on(acting_user, case):
        raise STEPS["hearing_continuance"].denied_on(case)
    if hearing.decided_on is not None:
        raise InvalidTransition("This hearing has been decided: it is not continued.")
    require_case_open(case, doing="continue a hearing on")
    before = {"hearing_date": str(hearing.hearing_date),
              "notice_sent_on": str(hearing.notice_sent_on)}
    continuance = _continuance(hearing, hearing_date=hearing_date, reason=reason,
                               acting_user=acting_user, hearing_time=hearing_time,
                               location=location, hearing=hearing,
                               previous_notice_sent_on=hearing.notice_sent_on)
    hearing.notice_sent_on = continuance.notice_sent_on
    _require_within_window(hearing, hearing_date)
    hearing.save(update_fields=["hearing_date", "hearing_time", "location", "notice_sent_on"])
    continuance.save()
    audit.record(
        actor=acting_user, action="case.hearing_continued", subject=case,
        municipality=case.municipality,
        summary=f"Hearing on case #{case.pk} continued from {held_at(continuance.replaced)} "
                f"to {held_at(hearing)}",
        before=before,
        after={"hearing": str(hearing.pk), "continuance": str(continuance.pk),
               "hearing_date": str(hearing_date),
               "hearing_time": str(hearing.hearing_time or ""), "location": hearing.location,
               "notice_sent_on": str(hearing.notice_sent_on), "reason": continuance.reason},
    )
    return hearing


@transaction.atomic
def continue_appeal_hearing(
    *, appeal: Appeal, hearing_date: dt.date, reason: str, acting_user: User,
    hearing_time: dt.time | None = None, location: str = "",
) -> Appeal:
    """Continue the public hearing on an undecided appeal to ``hearing_date``, at the hour
    and place given or else the town's usual ones, as a case hearing is continued: by those
    who set it (the roles the case type names to decide its appeals), with the reason; the
    party is told again today, and the day, hour and place it replaces are kept."""
    appeal = Appeal.objects.select_for_update().select_related(
        "case__municipality").get(pk=appeal.pk)
    case = appeal.case
    if not STEPS["appeal_hearing"].holds_role_on(acting_user, case):
        raise STEPS["appeal_hearing"].denied_on(case)
    if appeal.decided_on is not None:
        raise InvalidTransition("This appeal has been decided: its hearing is not continued.")
    if appeal.hearing_date is None:
        raise InvalidTransition("No hearing is set on this appeal yet: Schedule an appeal's "
                                "hearing first.", field="appeal")
    require_case_open(case, doing="continue an appeal's hearing on")
    before = {"hearing_date": str(appeal.hearing_date),
              "hearing_time": str(appeal.hearing_time or ""), "location": appeal.location}
    continuance = _continuance(appeal, hearing_date=hearing_date, reason=reason,
                               acting_user=acting_user, hearing_time=hearing_time,
                               location=location, appeal=appeal)
    appeal.save(update_fields=["hearing_date", "hearing_time", "location"])
    continuance.save()
    audit.record(
        actor=acting_user, action="case.appeal_hearing_continued", subject=case,
        municipality=case.municipality,
        summary=f"Hearing on the appeal on case #{case.pk} continued from "
                f"{held_at(continuance.replaced)} to {held_at(appeal)}",
        before=before,
        after={"appeal": str(appeal.pk), "continuance": str(continuance.pk),
               "hearing_date": str(hearing_date),
               "hearing_time": str(appeal.hearing_time or ""), "location": appeal.location,
               "notice_sent_on": str(continuance.notice_sent_on),
               "reason": continuance.reason},
    )
    return appeal


# -- inspections ---------------------------------------------------------------------------


def waiting_for_inspection(applications):
    """Of ``applications``, the open ones whose permit kind holds them for a passed
    inspection (``PermitKind.inspection_check``) and that have none scheduled or passed."""
    checked = [kind.code for kind in registered_kinds() if kind.inspected
               and kind.inspection_check]
    visits = Inspection.objects.filter(application=OuterRef("pk"))
    return applications.filter(
        status__in=OPEN_STATUSES, permit_type__code__in=checked,
    ).exclude(Exists(visits.filter(status=InspectionStatus.SCHEDULED))).exclude(
        Exists(visits.filter(status=InspectionStatus.CLOSED, result=InspectionResult.PASSED)))


@transaction.atomic
def schedule_chosen_day(*, municipality, scheduled_for: dt.date, **visit) -> Inspection:
    """An inspection whose day a member of staff chose (the inspections page, the API): a
    coming day the town's offices are open, as a rescheduled one. (A visit whose day the
    law sets, an event's on the event's own day, is scheduled by :func:`schedule_inspection`
    as it stands.)"""
    require_coming(scheduled_for, field="scheduled_for", what="That day")
    require_open_day(municipality, scheduled_for, field="scheduled_for")
    return schedule_inspection(municipality=municipality, scheduled_for=scheduled_for, **visit)


@transaction.atomic
def schedule_requested_inspection(
    *, application: Application, scheduled_for: dt.date, acting_user: User
) -> Inspection:
    """An inspector takes the inspection an open application waits for, on a day the
    town's offices are open, against the checklist its permit kind names; the applicant
    is told."""
    if not permissions.can_be_assigned_inspections(acting_user, application.municipality_id):
        raise INSPECTION_STEPS["take"].denied(town=application.municipality_id)
    if not waiting_for_inspection(Application.objects.filter(pk=application.pk)).exists():
        raise InvalidTransition("This application waits for no inspection: it is scheduled "
                                "or passed, or its permit needs none.")
    require_coming(scheduled_for, field="scheduled_for", what="That day")
    require_open_day(application.municipality, scheduled_for, field="scheduled_for")
    return schedule_inspection(
        municipality=application.municipality,
        check_code=kind_for(application.permit_type.code).inspection_check,
        scheduled_for=scheduled_for, inspector=acting_user, application=application,
        acting_user=acting_user)


@transaction.atomic
def reschedule_inspection(
    *, inspection: Inspection, scheduled_for: dt.date, reason: str = "", acting_user: User
) -> Inspection:
    """Set a scheduled inspection's day (a first day for one not yet visited, or a new
    one): the town's clerk or inspectors, on a day its offices are open; the applicant or
    permit holder is told."""
    inspection = Inspection.objects.select_for_update().select_related(
        "municipality").get(pk=inspection.pk)
    if not permissions.can_schedule_inspection(acting_user, inspection.municipality_id):
        raise INSPECTION_STEPS["reschedule"].denied(town=inspection.municipality_id)
    if inspection.status != InspectionStatus.SCHEDULED:
        raise InvalidTransition(
            f"This inspection is {inspection.get_status_display().lower()}: it is not "
            "rescheduled.")
    require_coming(scheduled_for, field="scheduled_for", what="That day")
    if scheduled_for == inspection.scheduled_for:
        raise DomainError("The inspection is already set for that day.",
                          field="scheduled_for")
    require_open_day(inspection.municipality, scheduled_for, field="scheduled_for")
    before = str(inspection.scheduled_for)
    inspection.scheduled_for = scheduled_for
    inspection.save(update_fields=["scheduled_for"])
    audit.record(
        actor=acting_user, action="inspection.rescheduled", subject=inspection,
        municipality=inspection.municipality,
        summary=f"Inspection #{inspection.pk} moved to {format_date(scheduled_for)}",
        before={"scheduled_for": before},
        after={"scheduled_for": str(scheduled_for), "reason": (reason or "").strip()},
    )
    return inspection
