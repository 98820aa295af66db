"""Business calendars and the date arithmetic of statutory periods.

Pure Python, no Django. A town's :class:`BusinessCalendar` knows which
weekdays its offices keep, the Massachusetts legal holidays and the closures
an admin entered; :func:`period_due` and :func:`key_date_on` turn the
declared :class:`~permits_site.rules.periods.Period` and
:class:`~permits_site.rules.periods.KeyDate` of a bylaw into dates.
"""

from __future__ import annotations

import datetime as dt
import functools
from calendar import monthrange
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import islice

from permits_site.rules.periods import KeyDate, Period, PeriodKind

MONDAY_TO_FRIDAY: frozenset[int] = frozenset({0, 1, 2, 3, 4})
MONDAY_TO_THURSDAY: frozenset[int] = frozenset({0, 1, 2, 3})

_ONE_DAY = dt.timedelta(days=1)


@functools.cache
def _massachusetts_legal_holidays(year: int) -> dict[dt.date, str]:
    """The Massachusetts legal holidays of ``year`` as observed, by date.

    MGL c.4 §7, clause Eighteenth: New Year's Day, Martin Luther King Day
    (third Monday in January), Washington's Birthday (third Monday in
    February), Patriots' Day (third Monday in April), Memorial Day,
    Juneteenth (June 19), Independence Day, Labor Day, Columbus Day,
    Veterans Day, Thanksgiving and Christmas. A fixed-date holiday falling on
    a Sunday is kept on the Monday after; one falling on a Saturday is not
    moved (unlike the federal rule, no Friday is observed). Evacuation Day
    (March 17) and Bunker Hill Day (June 17) are legal holidays in Suffolk
    County only and are not included: none of the towns served lies in it.

    The ``holidays`` package's ``US``/``MA`` calendar with ``observed=True``
    gives exactly this list; the tests pin it for several years.
    """
    # Imported on the first year asked, not with the module: start-up (``manage.py check``,
    # every server process) needs none of the package's calendars (issue 24).
    import holidays

    legal_holidays = holidays.country_holidays("US", subdiv="MA", years=year, observed=True)
    return dict(legal_holidays.items())


@dataclass(frozen=True)
class BusinessCalendar:
    """The days a town's offices are open.

    ``weekdays`` holds the open weekdays (0 = Monday); Massachusetts legal
    holidays and the admin-entered ``closures`` are never business days.
    """

    weekdays: frozenset[int]
    closures: frozenset[dt.date] = frozenset()

    def __post_init__(self) -> None:
        if not self.weekdays or not self.weekdays <= set(range(7)):
            raise ValueError("A business calendar needs open weekdays between 0 (Mon) and 6.")

    def holiday_name(self, day: dt.date) -> str | None:
        """The Massachusetts legal holiday observed on ``day`` (MGL c.4 §7 cl. 18), if any."""
        return _massachusetts_legal_holidays(day.year).get(day)

    def is_business_day(self, day: dt.date) -> bool:
        """Open weekday, not a legal holiday, not a closure."""
        return (
            day.weekday() in self.weekdays
            and day not in self.closures
            and self.holiday_name(day) is None
        )

    def business_days_after(self, day: dt.date) -> Iterator[dt.date]:
        """Every business day strictly after ``day``, in order (endless)."""
        while True:
            day += _ONE_DAY
            if self.is_business_day(day):
                yield day

    def next_business_day_after(self, day: dt.date) -> dt.date:
        """The first business day strictly after ``day``."""
        return next(self.business_days_after(day))

    def roll_forward(self, day: dt.date) -> dt.date:
        """``day`` if the offices are open on it, else the next business day.

        MGL c.4 §9: when the last day for an act at a public office falls on
        a Saturday, Sunday or legal holiday it may be done on the next
        business day; the North Andover bylaw adds Fridays (ch. 60,
        Licenses A(8), Kennel license B(8)), which its calendar expresses as
        a Monday-to-Thursday week.
        """
        return day if self.is_business_day(day) else self.next_business_day_after(day)

    def add_business_days(self, day: dt.date, count: int) -> dt.date:
        """The ``count``-th business day after ``day`` (``day`` itself not counted).

        "Within N business days after" a date (e.g. North Andover ch. 60,
        Licenses A(5); Hearing authority B). ``count`` 0 returns ``day``.
        """
        if count < 0:
            raise ValueError("Business days are counted forward: count must be 0 or more.")
        if count == 0:
            return day
        return next(islice(self.business_days_after(day), count - 1, None))


def add_months(day: dt.date, months: int) -> dt.date:
    """``day`` moved by whole calendar months, clamped to the month's last day.

    "Within six months", "two years": Aug 31 + 6 months is Feb 28 (Feb 29 in
    a leap year).
    """
    year, month_index = divmod(day.year * 12 + day.month - 1 + months, 12)
    month = month_index + 1
    return dt.date(year, month, min(day.day, monthrange(year, month)[1]))


def period_due(period: Period, start: dt.date, calendar: BusinessCalendar) -> dt.date:
    """The last day of ``period`` counted from ``start``.

    A deadline (an act to be done at or with the town) that ends on a day the
    offices are closed rolls to the next business day (MGL c.4 §9 and each
    bylaw's own due-date rule); a period counted in business days already
    ends on one. A duration (an order in force, a hold, a validity) never
    rolls: its due date is ``start`` plus the length, the day it ends.
    """
    end = _period_end(period, start, calendar)
    if period.kind is PeriodKind.DEADLINE:
        return calendar.roll_forward(end)
    return end


def _period_end(period: Period, start: dt.date, calendar: BusinessCalendar) -> dt.date:
    if period.business_days:
        return calendar.add_business_days(start, period.business_days)
    if period.months:
        return add_months(start, period.months)
    if period.next_month_day:
        return add_months(start.replace(day=1), 1).replace(day=period.next_month_day)
    if period.days:
        return start + dt.timedelta(days=period.days)
    raise ValueError(f"Period {period.code} declares no length.")


def key_date_on(key_date: KeyDate, year: int, calendar: BusinessCalendar) -> dt.date:
    """The key date of license or permit year ``year``.

    ``year_offset`` places it in a neighbouring year (forms sent by Dec 1 of
    the year before); ``roll`` moves it to the next business day when the
    offices are closed, as the bylaw's own due-date rule says (e.g. North
    Andover ch. 60, Licenses A(8): "by March 1 (or the first business day
    thereafter ...)").
    """
    day = dt.date(year + key_date.year_offset, key_date.month, key_date.day)
    return calendar.roll_forward(day) if key_date.roll else day


def days_after(day: dt.date, count: int) -> dt.date:
    """Plain calendar days later, never rolled: a look-ahead window, not a deadline."""
    return day + dt.timedelta(days=count)


def days_before(day: dt.date, count: int) -> dt.date:
    """A period counted backwards ("at least 10 days before") never rolls (MGL c.4 §9 rolls
    only a last day falling on a closed day)."""
    return day - dt.timedelta(days=count)


def is_past_key_date(key_date: KeyDate, year: int, on: dt.date, calendar: BusinessCalendar) -> bool:
    """True from the day after ``key_date`` in ``year`` (rolled as declared); on it, False.

    A late fee is owed by a renewal made after the due date, not on it.
    """
    return on > key_date_on(key_date, year, calendar)


def anniversary_eve(issued: dt.date) -> dt.date:
    """The day before the first anniversary of ``issued``: the last day of a one-year term.

    Northborough Horse & Stable Regs §2.2 ("Licenses issued will expire one
    year from the date of issuance"): issued 2027-03-15 → valid through
    2028-03-14; issued 2028-02-29 → through 2029-02-27 (the anniversary
    clamps to Feb 28).
    """
    return add_months(issued, 12) - _ONE_DAY


def year_end(day: dt.date) -> dt.date:
    """December 31 of ``day``'s year: the end of a calendar-year license or permit."""
    return dt.date(day.year, 12, 31)


def in_last_month(*, on: dt.date, term_ends: dt.date) -> bool:
    """Whether ``on`` (the town's calendar day) falls in the last calendar month of a term
    ending on ``term_ends``: from that month's first day through the term's last day."""
    return term_ends.replace(day=1) <= on <= term_ends


def format_date(day: dt.date) -> str:
    """A date as residents write it: "March 4, 2030"."""
    return f"{day:%B} {day.day}, {day.year}"
