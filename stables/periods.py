"""Northborough's key dates (Board of Health Horse and Stable Regulations).

The Town's offices keep a Monday-to-Friday week. The regulations set no
periods counted from an event: private permit terms run from the issue date
(:func:`permits_site.rules.calendar.anniversary_eve`) and the hearing notice
is judged by its own check, so :data:`PERIODS` is empty.
"""

from functools import partial

from django.utils.translation import gettext_noop

from permits_site.rules.calendar import MONDAY_TO_FRIDAY
from permits_site.rules.periods import KeyDate, Period
from stables.law import cite

MUNICIPALITY = "northborough"
BUSINESS_WEEK = MONDAY_TO_FRIDAY

_key_date = partial(KeyDate, municipality=MUNICIPALITY)

PERIODS: tuple[Period, ...] = ()

KEY_DATES: tuple[KeyDate, ...] = (
    _key_date(
        code="public_stable_renewal",
        citation=cite("7.1"),
        description=gettext_noop("Public stable permits renew each January 1."),
        month=1,
        day=1,
    ),
    _key_date(
        code="manure_season_start",
        citation=cite("6.2"),
        description=gettext_noop("From May 1, manure may not accumulate for more than two weeks."),
        month=5,
        day=1,
    ),
    _key_date(
        code="manure_season_end",
        citation=cite("6.2"),
        description=gettext_noop("The two-week manure removal season ends on November 1."),
        month=11,
        day=1,
    ),
)
