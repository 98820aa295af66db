"""Office closures an admin enters: they are not business days for any deadline or key date.

A closure is entered for a day the offices would otherwise keep: not a Massachusetts legal
holiday, not a day already closed, not a weekday the town's offices do not open. A day
already past is accepted (a storm is often entered the day after), and every deadline
counted from then on skips it.
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
