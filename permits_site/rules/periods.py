"""Statutory periods and key dates, as bylaw apps declare them.

They sit below both the registry that collects them and the calendar that counts them, so
neither has to import the other to know their shape.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class PeriodKind(StrEnum):
    DEADLINE = "deadline"
    DURATION = "duration"


@dataclass(frozen=True)
class Period:
    """A statutory period counted from a date.

    Exactly one of ``days``, ``months`` or ``business_days`` is set, or
    ``next_month_day`` for "by the Nth of the month after". A deadline whose
    last day is not a business day rolls forward; a duration never rolls.
    ``party_complies`` marks a time the law gives a party to do what it requires (license
    a dog, upgrade a failed system), which an order may give; the town's own deadlines,
    appeal windows and how long a term, a hold or an order in force lasts are not.
    """

    code: str
    municipality: str
    citation: str
    kind: PeriodKind
    description: str
    days: int = 0
    months: int = 0
    business_days: int = 0
    next_month_day: int = 0
    party_complies: bool = False


@dataclass(frozen=True)
class KeyDate:
    """A date fixed in the calendar year, e.g. "March 1" (rolled forward when ``roll``)."""

    code: str
    municipality: str
    citation: str
    description: str
    month: int
    day: int
    year_offset: int = 0
    roll: bool = False
