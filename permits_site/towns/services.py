"""The town's calendar an admin keeps: office closures and the usual hearing time and place.

A closure is not a business day for any deadline or key date. It is entered for a day the
offices would otherwise keep: not a Massachusetts legal holiday, not a day already closed,
not a weekday the town's offices do not open. A day already past is accepted (a storm is
often entered the day after), and every deadline counted from then on skips it.

The usual hearing time and place are what a hearing scheduled without its own hour or
place takes (``HeldAtTimeAndPlace.fill_time_and_place``), and so what its notice gives.
"""

from __future__ import annotations

import calendar
import datetime as dt
from typing import TYPE_CHECKING

from django.db import transaction

from permits_site import audit
from permits_site.exceptions import DomainError
from permits_site.rules.calendar import format_date
from permits_site.towns.calendar import forget_town
from permits_site.towns.models import Closure, Municipality

if TYPE_CHECKING:
    from permits_site.accounts.models import User

#: The most characters of a town's usual hearing place.
HEARING_PLACE_LENGTH = Municipality._meta.get_field("hearing_place").max_length


@transaction.atomic
def add_closure(*, municipality: Municipality, date: dt.date, reason: str,
    acting_user: User) -> Closure:
    """Close the town's offices for a day (storm, local observance)."""
    if not reason.strip():
        raise DomainError("Say why the offices are closed.", field="reason")
    if closed := why_closed(municipality, date):
        raise DomainError(f"{municipality.short_name} is already closed on "
                          f"{date:%A}, {format_date(date)}: {closed}.",
                          field="date")
    closure = Closure.objects.create(
        municipality=municipality, date=date, reason=reason.strip(), created_by=acting_user
    )
    audit.record(
        actor=acting_user,
        action="closure.added",
        subject=closure,
        municipality=municipality,
        summary=f"Offices closed {date}: {closure.reason}",
        after={"date": str(date), "reason": closure.reason},
    )
    # The public API serves the calendar from the cache: forget it (again on commit).
    forget_town(municipality.code)
    return closure


def why_closed(municipality: Municipality, date: dt.date) -> str:
    """Why the town's offices are closed on ``date`` already — a closure entered before, a
    Massachusetts legal holiday (MGL c.4 §7 cl. 18), a weekday they do not keep — or ""
    when they are open."""
    entered = municipality.closures.filter(date=date).first()
    if entered is not None:
        return f"{entered.reason} (a closure entered before)"
    holiday = municipality.calendar().holiday_name(date)
    if holiday:
        return f"{holiday}, a Massachusetts legal holiday"
    if date.weekday() not in municipality.business_weekdays:
        *days, last = (calendar.day_name[day] for day in sorted(municipality.business_weekdays))
        return f"the offices are open {', '.join(days)} and {last}" if days else (
            f"the offices are open on {last} only")
    return ""


@transaction.atomic
def remove_closure(*, closure: Closure, acting_user: User) -> None:
    audit.record(
        actor=acting_user,
        action="closure.removed",
        subject=closure.municipality,
        municipality=closure.municipality,
        summary=f"Offices open again {closure.date}",
        before={"date": str(closure.date), "reason": closure.reason},
    )
    closure.delete()
    forget_town(closure.municipality.code)


@transaction.atomic
def set_usual_hearing_time_and_place(*, municipality: Municipality,
                                     hearing_time: dt.time | None, hearing_place: str,
                                     acting_user: User) -> Municipality:
    """The town admin sets the hour and place the town's hearings take when they are
    scheduled without their own. Either may be emptied: such a hearing then has none. The
    page and the API let only the town's admin call it, as they do for its closures."""
    place = hearing_place.strip()
    if len(place) > HEARING_PLACE_LENGTH:
        raise DomainError(f"Keep the usual hearing place to {HEARING_PLACE_LENGTH} characters "
                          "at most.", field="hearing_place")
    before = _usual_hearing(Municipality.objects.select_for_update().get(pk=municipality.pk))
    municipality.hearing_time, municipality.hearing_place = hearing_time, place
    municipality.save(update_fields=["hearing_time", "hearing_place"])
    audit.record(
        actor=acting_user,
        action="town.usual_hearing_set",
        subject=municipality,
        municipality=municipality,
        summary=f"Usual hearing time and place of the {municipality}",
        before=before,
        after=_usual_hearing(municipality),
    )
    return municipality


def _usual_hearing(municipality: Municipality) -> dict[str, str]:
    time = municipality.hearing_time
    return {"hearing_time": time.strftime("%H:%M") if time else "",
            "hearing_place": municipality.hearing_place}
