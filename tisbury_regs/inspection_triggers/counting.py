"""Pure arithmetic of the pump-outs that require a system inspection (Tisbury BOH Reg
09.0.8(4): "Four (4) or more pumpouts of a septic system within one (1) year").

"Within one (1) year" is read as the twelve months ending on the day asked about: a pump-out
on the same calendar day a year earlier has left the window (the spec's fact
``pumpouts_last_12_months``).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable

from permits_site.rules.calendar import add_months
from tisbury_regs.rules import FAILURE_REVIEW_PUMPOUTS

#: The pump-outs within one year that require an inspection (09.0.8(4)); the same four that
#: send the system to the Board's review for failure (09.1.3(5)).
INSPECTION_PUMPOUTS = FAILURE_REVIEW_PUMPOUTS


def window_start(on: dt.date) -> dt.date:
    """The first day of the twelve months ending on ``on``."""
    return add_months(on, -12) + dt.timedelta(days=1)


def pumpouts_in_year(pumped_on: Iterable[dt.date], *, on: dt.date) -> list[dt.date]:
    """The pump-out days within the twelve months ending on ``on``, oldest first."""
    first = window_start(on)
    return sorted(day for day in pumped_on if first <= day <= on)


def pumpouts_last_12_months(pumped_on: Iterable[dt.date], *, on: dt.date) -> int:
    """The spec's fact ``pumpouts_last_12_months``, counted from the pump-outs returned."""
    return len(pumpouts_in_year(pumped_on, on=on))


def fourth_pumpout_day(pumped_on: Iterable[dt.date], *, on: dt.date) -> dt.date | None:
    """The day of the fourth pump-out within the twelve months ending on ``on`` — the one
    that required the inspection (09.0.8(4)) — or None while there are fewer."""
    days = pumpouts_in_year(pumped_on, on=on)
    return days[INSPECTION_PUMPOUTS - 1] if len(days) >= INSPECTION_PUMPOUTS else None
