"""Every form that sets a hearing starts at the town's usual hour and place; where the town has
none yet, the empty field asks for it instead of letting a notice go out without it."""

import datetime as dt

import pytest

from permits_site.licensing.fact_forms import HearingTimeAndPlaceFields
from tests.factories import municipality

pytestmark = pytest.mark.django_db


def prefilled(town) -> HearingTimeAndPlaceFields:
    form = HearingTimeAndPlaceFields()
    form.prefill_time_and_place(town)
    return form


def test_a_town_with_a_usual_hour_and_place_fills_them_in_and_asks_nothing():
    town = municipality("northborough")
    town.hearing_time, town.hearing_place = dt.time(19, 0), "Town Hall, Room 2"

    form = prefilled(town)

    assert form.fields["hearing_time"].initial == dt.time(19, 0)
    assert form.fields["location"].initial == "Town Hall, Room 2"
    assert not form.fields["hearing_time"].help_text and not form.fields["location"].help_text


def test_a_town_without_them_asks_for_each_missing_one_on_its_field():
    town = municipality("tisbury")
    town.hearing_time, town.hearing_place = None, ""

    form = prefilled(town)

    assert form.fields["hearing_time"].initial is None
    assert "Tisbury has no usual hearing time yet" in form.fields["hearing_time"].help_text
    assert "Tisbury has no usual hearing place yet" in form.fields["location"].help_text
    assert "Tisbury has no usual hearing place" in form.as_div()


def test_a_town_with_a_place_but_no_hour_asks_for_the_hour_only():
    town = municipality("north_andover")
    town.hearing_time, town.hearing_place = None, "Town Hall"

    form = prefilled(town)

    assert "no usual hearing time" in form.fields["hearing_time"].help_text
    assert not form.fields["location"].help_text
