"""The units rules measure in, one vocabulary for every town's law.

Each is an English abbreviation or plural a bylaw app passes as a fact's or a verdict's
``unit``: the number on a page reads "50 ft" in the reader's language (:func:`measure`), one
thing counted in the singular ("1 acre", :data:`COUNTED`), and a form's label spells it out
("feet", ``licensing.fact_forms.UNIT_WORDS``). What a town's rules count (dogs, horses,
bedrooms) stays with its rules; how one of them reads is here, with the other units.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from permits_site.rules.wording import Plural, explain, gettext_noop, ngettext_lazy, phrase

FEET = gettext_noop("ft")
INCHES = gettext_noop("in")
SQUARE_FEET = gettext_noop("sq ft")
CUBIC_FEET = gettext_noop("cu ft")
CUBIC_YARDS = gettext_noop("cu yd")
ACRES = gettext_noop("acres")
GALLONS = gettext_noop("gal")
GALLONS_PER_MINUTE = gettext_noop("gpm")
GALLONS_PER_HOUR = gettext_noop("gph")
MINUTES = gettext_noop("minutes")
DAYS = gettext_noop("days")
YEARS = gettext_noop("years")

#: The units that are words, by the plural a declaration names: their singular for one thing
#: ("1 acre", "1 residence") and their plural for any other number. An abbreviation ("ft")
#: reads the same for any number.
COUNTED: dict[str, Plural] = {forms.plural.removeprefix("%(count)s "): forms for forms in (
    ngettext_lazy("%(count)s acre", "%(count)s acres", "count"),
    ngettext_lazy("%(count)s minute", "%(count)s minutes", "count"),
    ngettext_lazy("%(count)s hour", "%(count)s hours", "count"),
    ngettext_lazy("%(count)s day", "%(count)s days", "count"),
    ngettext_lazy("%(count)s month", "%(count)s months", "count"),
    ngettext_lazy("%(count)s year", "%(count)s years", "count"),
    ngettext_lazy("%(count)s abutter", "%(count)s abutters", "count"),
    ngettext_lazy("%(count)s animal", "%(count)s animals", "count"),
    ngettext_lazy("%(count)s bedroom", "%(count)s bedrooms", "count"),
    ngettext_lazy("%(count)s cat", "%(count)s cats", "count"),
    ngettext_lazy("%(count)s dog", "%(count)s dogs", "count"),
    ngettext_lazy("%(count)s horse", "%(count)s horses", "count"),
    ngettext_lazy("%(count)s label", "%(count)s labels", "count"),
    ngettext_lazy("%(count)s residence", "%(count)s residences", "count"),
    ngettext_lazy("%(count)s side", "%(count)s sides", "count"),
)}


def measure(amount: Any, unit: str) -> Any:
    """ "50 ft", "1 acre", "2 acres", or the bare number without a unit, said the reader's
    way on a page, as the number is. A computed figure reads without the zeros its
    arithmetic left ("225 sq ft", "1.7")."""
    amount = plain_number(amount)
    if not unit:
        return amount
    if unit in COUNTED:
        return explain(COUNTED[unit], count=amount)
    return explain(gettext_noop("%(amount)s %(unit)s"), amount=amount, unit=phrase(unit))


def plain_number(value: Any) -> Any:
    """A Decimal without trailing zeros (225.0 → 225, 1.70 → 1.7); anything else as it is."""
    if not isinstance(value, Decimal) or not value.is_finite():
        return value
    if value == value.to_integral_value():
        return int(value)
    return value.normalize()
