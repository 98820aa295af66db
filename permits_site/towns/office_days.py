"""The days a town's offices are open: every date a visit or a hearing is set for is one of
them, and not one already past; a hearing set for today, not at an hour already past."""

from __future__ import annotations

import datetime as dt

from django.utils import timezone
from django.utils.dateformat import time_format

from permits_site.exceptions import DomainError
from permits_site.rules.calendar import format_date
from permits_site.towns.models import Closure, Municipality

WEEKDAYS = ("Mondays", "Tuesdays", "Wednesdays", "Thursdays", "Fridays", "Saturdays",
            "Sundays")


def why_closed(municipality: Municipality, day: dt.date) -> str | None:
    """Why the town's offices are closed on ``day`` (a legal holiday, a closure the admin
    entered, a weekday they keep closed), or None when they are open."""
    calendar = municipality.calendar()
    if calendar.is_business_day(day):
        return None
    holiday = calendar.holiday_name(day)
    if holiday:
        return holiday
    closure = Closure.objects.filter(municipality=municipality, date=day).first()
    if closure is not None:
        return closure.reason
    return f"{WEEKDAYS[day.weekday()]} are not office days"


def closed_day_refusal(municipality: Municipality, day: dt.date) -> str | None:
    """What a request for ``day`` is told when the town's offices are closed then, or None."""
    reason = why_closed(municipality, day)
    if reason is None:
        return None
    return (f"The offices of {municipality.short_name} are closed on {format_date(day)} "
            f"({reason}): choose a day they are open.")


def require_open_day(municipality: Municipality, day: dt.date, *, field: str) -> None:
    """Refuse a day the town's offices are closed, saying why."""
    if refusal := closed_day_refusal(municipality, day):
        raise DomainError(refusal, field=field)


def require_coming(day: dt.date, *, field: str, what: str) -> None:
    if day < timezone.localdate():
        raise DomainError(f"{what} has passed: choose today or a later day.", field=field)


def passed_hour_errors(day: dt.date, hour: dt.time | None, *, hour_given: bool
                       ) -> dict[str, list[str]]:
    """Why a hearing cannot begin on ``day`` at ``hour``: today, at an hour already begun in
    Massachusetts (the minute of now included), it would be noticed after it was held and
    decided at once. Named on ``hearing_time`` when the scheduler gave the hour, else on
    ``hearing_date``: the town's usual hour applied and the day was all they chose. Empty
    for an hour still to come, another day (a past one is :func:`require_coming`'s), or a
    hearing with no hour known."""
    now = timezone.localtime()
    if hour is None or day != now.date() or hour > now.time():
        return {}
    at = time_format(hour, "g:i A")
    if hour_given:
        return {"hearing_time": [f"{at} today has passed: choose a later hour or another day."]}
    return {"hearing_date": [f"The town's usual hearing hour, {at}, has passed today: give a "
                             "later hour or choose another day."]}


def require_hour_coming(day: dt.date, hour: dt.time | None, *, hour_given: bool) -> None:
    """Refuse a hearing today at an hour already begun (:func:`passed_hour_errors`)."""
    if errors := passed_hour_errors(day, hour, hour_given=hour_given):
        raise DomainError(errors)
