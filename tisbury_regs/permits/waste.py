"""Dumpster permits and the septage handler's vehicles (Tisbury BOH Reg 09.2.5, 09.1.4).

"The property owner or authorized agent responsible for maintaining the dumpster service is
required to have a permit from the Board of health for each dumpster" (09.2.5(1)): a dumpster
permit is about one dumpster on a property, named by where it stands on the lot and its
sticker. "No contractor, firm or person shall supply a dumpster service … without first
obtaining a permit" (09.2.5(2)): the contractor's permit lists the dumpsters it supplies.
Both "expire at the end of the calendar year in which they are issued".

"Temporary dumpster permits … will be issued to a property owner or authorized agent for a
period of time not to exceed thirty (30) days … Said permit may be renewed for additional
thirty (30) days upon application" (09.2.5(3)): the temporary permit runs exactly the period
asked. A longer period fails the rule ``ti.2.5.3.duration`` of the rule set
``tisbury.temporary_dumpster``, which holds the permit on the gate ``rules_met`` (a Board
waiver under 09.0.3 can still allow it). A renewal continues the current permit for at most
thirty days counted from the day after it ends, the renewal's period judged as the first one
is ("said permit may be renewed for additional thirty (30) days"): the rule set cannot see the
current permit, so the application is refused when it asks for more.

Each declaration is a mapping that ``tisbury_regs.permits.kinds.declared`` turns into a permit
kind: plain attributes, and the hooks below (functions of the kind) that it overrides.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.utils import timezone
from django.utils.translation import gettext_noop

from permits_site.licensing.declarations import (
    PERMIT_FIELD,
    DetailsInvalid,
    ParsedDetails,
    detail_field,
    list_field,
)
from permits_site.licensing.kinds import PermitKind, already_renewed
from permits_site.licensing.models import Application, Permit, PermitStatus, PermitType
from permits_site.rules.base import FactType
from permits_site.rules.calendar import days_after
from permits_site.rules.wording import MonthDay, explain, ngettext_lazy
from tisbury_regs.law import cite
from tisbury_regs.rules import TEMPORARY_DUMPSTER_MAX_DAYS

DUMPSTER_SECTION = cite("09.2.5(1)")
CONTRACTOR_SECTION = cite("09.2.5(2)")
TEMPORARY_SECTION = cite("09.2.5(3)")
START, END = "start_date", "end_date"

# -- the dumpster permit (09.2.5(1)) ----------------------------------------------------------

DUMPSTER = {
    "extra_fields": (
        detail_field(
            "location_on_lot", FactType.TEXT, gettext_noop("Where the dumpster stands on the lot"),
            help_text=explain(gettext_noop("One permit for each dumpster (%(section)s): say "
                                           "where on the property this one is placed."),
                              section=DUMPSTER_SECTION),
        ),
        detail_field(
            "sticker_number", FactType.TEXT, gettext_noop("Dumpster sticker number"),
            help_text=gettext_noop("The number on the Board of Health sticker fixed to this "
                                   "dumpster."),
        ),
    ),
}

# -- the dumpster contractor (09.2.5(2), 09.2.6) ------------------------------------------------

DUMPSTER_CONTRACTOR = {
    "extra_fields": (
        list_field(
            "dumpsters", gettext_noop("Dumpsters supplied in Tisbury"), required=True,
            max_items=200,
            help=explain(gettext_noop("One entry for each dumpster the business supplies "
                                      "(%(section)s): its sticker number, its size and where it "
                                      "is placed, e.g. \"T-114 / 10 cubic yards / 5 Main "
                                      "Street\"."), section=CONTRACTOR_SECTION),
        ),
    ),
}

# -- the septage handler's vehicles (09.1.4) --------------------------------------------------

SEPTAGE_VEHICLES = list_field(
    "vehicles", gettext_noop("Septage hauling vehicles"), required=True,
    help=gettext_noop("One entry for each vehicle that hauls septage in Tisbury: its make and its "
                      "registration plate, e.g. \"International 4300, MA plate 1234-AB\"."),
)

# -- the temporary dumpster (09.2.5(3)) -----------------------------------------------------


def renewal_last_day(current: Permit) -> dt.date:
    """The latest end of a renewal of ``current``: it "adds at most 30 more days from the end
    of the current period" (spec ``lifecycle.md``, Tisbury corrections, 09.2.5(3))."""
    return days_after(current.valid_through, TEMPORARY_DUMPSTER_MAX_DAYS)


def renewal_errors(current: Permit, start: dt.date, end: dt.date) -> dict[str, list[str]]:
    """A renewal continues ``current``: it starts the day after the current permit ends and
    adds at most thirty days to it (09.2.5(3)); a permit already renewed is not renewed
    twice."""
    if renewed := already_renewed(current, section=TEMPORARY_SECTION):
        return {PERMIT_FIELD: [renewed]}
    if current.status not in (PermitStatus.ACTIVE, PermitStatus.EXPIRED):
        return {PERMIT_FIELD: [explain(
            gettext_noop("Permit %(number)s is %(status)s: only the current temporary permit "
                         "can be renewed (%(section)s)."),
            number=current.number, status=current.get_status_display().lower(),
            section=TEMPORARY_SECTION)]}
    errors: dict[str, list[str]] = {}
    day_after = days_after(current.valid_through, 1)
    if start != day_after:
        errors[START] = [explain(
            gettext_noop("A renewal continues permit %(number)s, which ends on %(ends)s: start "
                         "it on %(start)s (%(section)s)."),
            number=current.number, ends=current.valid_through, start=day_after,
            section=TEMPORARY_SECTION)]
    latest = renewal_last_day(current)
    if end > latest:
        errors[END] = [explain(
            gettext_noop("A renewal of permit %(number)s, which ends on %(ends)s, adds no more "
                         "than %(days)s days to it: end it on %(latest)s at the latest "
                         "(%(section)s)."),
            number=current.number, ends=current.valid_through, days=TEMPORARY_DUMPSTER_MAX_DAYS,
            latest=latest, section=TEMPORARY_SECTION)]
    return errors


def past_start_errors(start: dt.date, *, today: dt.date) -> dict[str, list[str]]:
    """A new temporary permit is for the days to come: its period runs exactly as asked
    (:func:`requested_period`), so a first day already past would issue a permit for days
    the dumpster stood without one."""
    if start >= today:
        return {}
    return {START: [explain(
        gettext_noop("The permit period cannot begin on a day already past: start it on "
                     "%(today)s or later (%(section)s)."),
        today=today, section=TEMPORARY_SECTION)]}


def temporary_parse_details(self: PermitKind, permit_type: PermitType, raw: Any, *,
                            action: str, applicant) -> ParsedDetails:
    """The declared fields, a new permit's first day not already past, and a renewal's period
    against the current permit's end. (A permit of another type is refused by the core,
    naming ``permit``.)"""
    parsed = PermitKind.parse_details(self, permit_type, raw, action=action,
                                      applicant=applicant)
    start, end = (dt.date.fromisoformat(parsed.facts[name]) for name in (START, END))
    current = parsed.records.get(PERMIT_FIELD)
    if action == "renewal" and current is not None and current.permit_type_id == permit_type.pk:
        errors = renewal_errors(current, start, end)
    else:
        errors = past_start_errors(start, today=timezone.localdate()) if action == "new" else {}
    if errors:
        raise DetailsInvalid(errors)
    return parsed


def requested_period(self: PermitKind, application: Application, *, issued_on: dt.date
                     ) -> tuple[dt.date, dt.date]:
    """Exactly the period applied for — never to December 31 (09.2.5(3))."""
    return (dt.date.fromisoformat(application.facts[START]),
            dt.date.fromisoformat(application.facts[END]))


def next_period(self: PermitKind, permit: Permit) -> dict[str, Any] | None:
    """A renewal pre-filled with the longest period allowed: from the day after the current
    permit ends to thirty days after its end (09.2.5(3))."""
    details = PermitKind.renewal_details(self, permit)
    if details is not None:
        details[START] = days_after(permit.valid_through, 1).isoformat()
        details[END] = renewal_last_day(permit).isoformat()
    return details


def period_in_words(start: dt.date, end: dt.date) -> str:
    """"December 2 to January 1: 30 days": the days after the first, as Massachusetts counts
    a period — the spec's reading of "not to exceed thirty (30) days" (09.2.5(3)). English
    as the license prints it; a page says it in the reader's language (``|explained``)."""
    return explain(ngettext_lazy("%(first)s to %(last)s: %(count)s day",
                                 "%(first)s to %(last)s: %(count)s days", "count"),
                   first=MonthDay.of(start), last=MonthDay.of(end), count=(end - start).days)


def temporary_period_in_words(self: PermitKind, permit: Permit) -> str:
    return period_in_words(permit.valid_from, permit.valid_through)


TEMPORARY_DUMPSTER = {
    "period_in_words": temporary_period_in_words,
    #: Thirty days at a time (09.2.5(3)), not a license year.
    "annual": None,
    "parse_details": temporary_parse_details,
    "term": requested_period,
    "renewal_details": next_period,
}
