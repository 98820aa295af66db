"""The units rules measure in, one vocabulary for every town's law.

Each is an English abbreviation a bylaw app passes as a fact's or a verdict's ``unit``:
the number on a page reads "50 ft" in the reader's language (``rules.base._measure``),
and a form's label spells it out ("feet", ``licensing.fact_forms.UNIT_WORDS``). What a
town's rules count (dogs, horses, bedrooms) stays with its rules.
"""

from permits_site.rules.wording import gettext_noop

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
