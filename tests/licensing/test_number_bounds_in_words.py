"""A number out of its bounds is refused in words a resident reads: the law's own sentence
where the declaration gives one (the dog license year, Licenses A(8)), else the bound itself,
and for the site's outer bound only that the number is too large or too small — never
Django's "Ensure this value is less than or equal to 1000000000."."""

import datetime as dt

import pytest
from django.utils import translation

from dogs.licenses.kinds import license_year_field
from permits_site.licensing.fact_forms import LARGEST_MAGNITUDE, form_field
from permits_site.rules.base import Fact, FactType

DECEMBER = dt.date(2026, 12, 7)
HORSES = Fact("horses", FactType.INTEGER, "Horses", maximum=12)
AREA = Fact("corral_area_sqft", FactType.NUMBER, "Corral area", unit="sq ft")
ELEVATION = Fact("elevation_ft", FactType.NUMBER, "Elevation", minimum=None)


def refusal(fact: Fact, value) -> list[str]:
    field = form_field(fact)
    with pytest.raises(Exception) as refused:
        field.clean(str(value))
    return refused.value.messages


@pytest.mark.parametrize("year", [2025, 2028])
def test_a_license_year_not_sold_names_the_years_that_are_and_the_section(year):
    fact = license_year_field(DECEMBER).fact

    assert refusal(fact, year) == [
        "The license year is 2026 or 2027 (North Andover Code ch. 60, Licenses A(8))."]
    assert form_field(fact).clean("2026") == 2026 and form_field(fact).clean("2027") == 2027


def test_a_declared_bound_without_the_laws_sentence_is_given_as_a_number():
    assert refusal(HORSES, 13) == ["Enter 12 or less."]
    assert refusal(HORSES, -1) == ["Enter 0 or more."]
    assert form_field(HORSES).clean("12") == 12


def test_the_sites_outer_bound_says_only_too_large_or_too_small():
    assert refusal(AREA, LARGEST_MAGNITUDE + 1) == ["Enter a smaller number."]
    assert refusal(ELEVATION, -LARGEST_MAGNITUDE - 1) == ["Enter a larger number."]
    assert form_field(AREA).clean(str(LARGEST_MAGNITUDE)) == LARGEST_MAGNITUDE


def test_the_refusals_are_said_in_the_readers_language():
    with translation.override("es"):
        assert refusal(AREA, LARGEST_MAGNITUDE + 1) == ["Indique un número menor."]
        assert refusal(license_year_field(DECEMBER).fact, 2028) == [
            "El año de la licencia es 2026 o 2027 (North Andover Code ch. 60, Licenses A(8))."]
