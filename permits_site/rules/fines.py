"""Fine quotes as pure functions over one offense of a non-criminal fine schedule.

Under non-criminal disposition (MGL c.40 §21D) each town's schedule names an
amount for the first, second and later offenses of a kind, a written
warning where the first offense costs nothing, or a range within which the
officer sets the amount (Northborough Horse & Stable Regs §8; Tisbury BOH
Reg 09.4.10, 09.0.7(B)). Some offenses are fined for each day they continue
or for each permit or boat involved: the total is amount × units × days.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from decimal import ROUND_DOWN, Decimal, InvalidOperation
from typing import Any

from permits_site.rules.fees import CENT, QuoteRefused, money

ZERO = Decimal("0.00")
#: The largest amount a schedule may hold (the money columns' ten digits).
LARGEST_AMOUNT = Decimal("99999999.99")
#: Bounds that keep a quote's total a sum of money a receipt can print.
MOST_DAYS = 3660
MOST_UNITS = 10_000
#: A party's earlier offenses of one kind: far beyond any record, and past the third the
#: schedule's "later" amount applies whatever the count.
MOST_PRIOR_OFFENSES = 1000
FIXED_AMOUNTS = ("first", "second", "later")
RANGE_BOUNDS = ("minimum", "maximum")


@dataclass(frozen=True)
class FineRate:
    """One offense of a fine schedule.

    A fixed offense has ``first``, ``second`` and ``later`` amounts, where
    ``None`` is a written warning with nothing due; a ranged offense has a
    ``minimum`` and ``maximum`` and no fixed amounts.
    """

    offense: str
    description: str
    citation: str
    first: Decimal | None = None
    second: Decimal | None = None
    later: Decimal | None = None
    minimum: Decimal | None = None
    maximum: Decimal | None = None
    per_day: bool = False
    per_unit: bool = False
    #: What one unit is ("permit", "boat") when the fine counts per unit.
    unit_name: str = ""

    @property
    def ranged(self) -> bool:
        return self.minimum is not None

    def scheduled_amount(self, offense_number: int) -> Decimal | None:
        """The fixed amount of the n-th offense; ``None`` means a written warning."""
        return (self.first, self.second, self.later)[min(offense_number, 3) - 1]

    def amounts(self) -> dict[str, str | None]:
        """The amounts an admin edits, as strings (``None`` is a warning)."""
        names = RANGE_BOUNDS if self.ranged else FIXED_AMOUNTS
        return {name: _text(getattr(self, name)) for name in names}


@dataclass(frozen=True)
class FineQuote:
    offense: str
    offense_number: int
    warning: bool
    amount_per_offense: Decimal
    days: int
    units: int
    total: Decimal
    citation: str

    def as_dict(self) -> dict[str, Any]:
        return {
            "offense": self.offense,
            "offense_number": self.offense_number,
            "warning": self.warning,
            "amount_per_offense": f"{self.amount_per_offense}",
            "days": self.days,
            "units": self.units,
            "total": f"{self.total}",
            "citation": self.citation,
        }


def quote_fine(
    rate: FineRate,
    *,
    prior_offenses: Any = 0,
    days: Any = 1,
    units: Any = 1,
    amount: Any = None,
) -> FineQuote:
    """What one offense costs; raises :class:`QuoteRefused` naming every bad field.

    The offense number is ``prior_offenses`` + 1 and applies to every day of
    a continuing offense. A warning quotes 0.00 however many days it covers.
    """
    errors: dict[str, list[str]] = {}
    prior_offenses = _count(errors, "prior_offenses", prior_offenses, least=0,
                            most=MOST_PRIOR_OFFENSES)
    days = _count(errors, "days", days, least=1, most=MOST_DAYS)
    units = _count(errors, "units", units, least=1, most=MOST_UNITS)
    if days is not None and days > 1 and not rate.per_day:
        errors["days"] = [
            f"{rate.description} is one offense, not fined for each day ({rate.citation}): "
            "days must be 1."
        ]
    if units is not None and units > 1 and not rate.per_unit:
        errors["units"] = [
            f"{rate.description} is not fined per permit or per boat: units must be 1."
        ]
    officer_amount = _officer_amount(errors, rate, amount)
    if errors:
        raise QuoteRefused(errors)
    offense_number = prior_offenses + 1
    per_offense = officer_amount if rate.ranged else rate.scheduled_amount(offense_number)
    warning = per_offense is None
    per_offense = ZERO if warning else money(per_offense)
    return FineQuote(
        offense=rate.offense,
        offense_number=offense_number,
        warning=warning,
        amount_per_offense=per_offense,
        days=days,
        units=units,
        total=money(per_offense * units * days),
        citation=rate.citation,
    )


def _count(errors: dict, name: str, value: Any, *, least: int, most: int | None = None):
    if isinstance(value, bool) or not isinstance(value, int):
        errors[name] = ["Enter a whole number."]
        return None
    if value < least:
        errors[name] = [f"Must be {least} or more."]
        return None
    if most is not None and value > most:
        errors[name] = [f"Must be {most} or less."]
        return None
    return value


def _officer_amount(errors: dict, rate: FineRate, amount: Any) -> Decimal | None:
    """The amount an officer set for a ranged offense (refused for a fixed one)."""
    if not rate.ranged:
        if amount is not None:
            errors["amount"] = [
                f"The schedule sets this fine ({rate.citation}); leave the amount empty."
            ]
        return None
    span = f"from ${rate.minimum} to ${rate.maximum}"
    if amount is None:
        errors["amount"] = [f"The officer sets this fine {span} ({rate.citation}): enter it."]
        return None
    try:
        value = parse_money(amount)
    except ValueError as error:
        errors["amount"] = [str(error)]
        return None
    if not rate.minimum <= value <= rate.maximum:
        errors["amount"] = [f"Enter an amount {span} ({rate.citation})."]
        return None
    return value


#: An amount typed as digits with an optional fraction: no exponent ("1e3"), no spaces, no
#: thousands separator; :func:`parse_money` then judges its sign, size and places.
PLAIN_AMOUNT = re.compile(r"-?\d+(\.\d+)?")


def parse_money(value: Any) -> Decimal:
    """A non-negative amount in dollars and cents, or ``ValueError`` saying what is wrong."""
    if isinstance(value, bool) or not isinstance(value, int | float | str | Decimal):
        raise ValueError("Enter an amount in dollars and cents, such as 50.00.")
    try:
        number = Decimal(str(value))
    except InvalidOperation as error:
        raise ValueError("Enter an amount in dollars and cents, such as 50.00.") from error
    if not number.is_finite():
        raise ValueError("Enter an amount in dollars and cents, such as 50.00.")
    if number < 0:
        raise ValueError("An amount cannot be negative.")
    if number > LARGEST_AMOUNT:
        raise ValueError(f"Enter an amount up to ${LARGEST_AMOUNT}.")
    if number != number.quantize(CENT, rounding=ROUND_DOWN):
        raise ValueError("Enter an amount in dollars and cents (at most two decimal places).")
    return money(number)


def revised_rate(rate: FineRate, proposed: Any) -> FineRate:
    """``rate`` with an admin's new amounts, or ``ValueError`` saying what is wrong.

    A fixed offense takes ``first``, ``second`` and ``later`` (null for a
    written warning); a ranged one ``minimum`` and ``maximum``. Whether an
    offense is ranged, fined per day or per unit comes from the law and is
    kept.
    """
    names = RANGE_BOUNDS if rate.ranged else FIXED_AMOUNTS
    if not isinstance(proposed, Mapping) or set(proposed) != set(names):
        raise ValueError(f"Give exactly {', '.join(names)} for this offense.")
    amounts = {}
    for name in names:
        value = proposed[name]
        if value is None and not rate.ranged:
            amounts[name] = None
            continue
        try:
            amounts[name] = parse_money(value)
        except ValueError as error:
            raise ValueError(f"{name}: {error}") from error
    if rate.ranged and amounts["minimum"] > amounts["maximum"]:
        raise ValueError("The minimum cannot be above the maximum.")
    return replace(rate, **amounts)


def _text(amount: Decimal | None) -> str | None:
    return None if amount is None else f"{money(amount)}"
