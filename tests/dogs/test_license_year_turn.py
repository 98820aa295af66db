"""The turn of the license year: from December 1 the resident's form offers next year's
license and the renewal season screen opens on the season being renewed (spec
``lifecycle.md``, North Andover corrections; Licenses A(7), A(8))."""

import datetime as dt
from zoneinfo import ZoneInfo

import pytest
import time_machine
from django.urls import reverse

from dogs.licenses.services import default_license_year, license_years_on_offer

pytestmark = pytest.mark.django_db
EASTERN = ZoneInfo("America/New_York")
UTC = ZoneInfo("UTC")

#: (moment, the year the resident's form offers first, every year it offers)
BOUNDARY_DAYS = [
    pytest.param(dt.datetime(2026, 11, 30, 23, 59, tzinfo=EASTERN), 2026, [2026],
                 id="nov-30-late-evening"),
    pytest.param(dt.datetime(2026, 12, 1, 3, 0, tzinfo=UTC), 2026, [2026],
                 id="dec-1-utc-still-nov-30-in-massachusetts"),
    pytest.param(dt.datetime(2026, 12, 1, 0, 1, tzinfo=EASTERN), 2027, [2027, 2026],
                 id="dec-1"),
    pytest.param(dt.datetime(2026, 12, 2, 12, 0, tzinfo=EASTERN), 2027, [2027, 2026],
                 id="dec-2"),
]


@pytest.mark.parametrize(("today", "year", "offered"), [
    (dt.date(2026, 11, 30), 2026, (2026,)),
    (dt.date(2026, 12, 1), 2027, (2027, 2026)),
    (dt.date(2026, 12, 2), 2027, (2027, 2026)),
    (dt.date(2027, 1, 2), 2027, (2027,)),
])
def test_next_years_license_is_on_offer_from_december_1(today, year, offered):
    assert default_license_year(today) == year
    assert license_years_on_offer(today) == offered


@pytest.mark.parametrize(("moment", "year", "offered"), BOUNDARY_DAYS)
def test_the_residents_form_offers_next_years_license_from_december_1(
    client, dog, moment, year, offered
):
    client.force_login(dog.owner)

    with time_machine.travel(moment, tick=False):
        response = client.get(reverse("dogs:apply"))

    field = response.context["details"]["license_year"]
    assert field.value() == year
    assert [int(value) for value, _label in field.field.choices] == offered


def test_next_years_license_is_refused_on_the_form_before_december_1(client, dog):
    client.force_login(dog.owner)

    with time_machine.travel(dt.datetime(2026, 11, 30, 12, 0, tzinfo=EASTERN), tick=False):
        response = client.post(reverse("dogs:apply"),
                               {"dog": dog.pk, "action": "new", "license_year": 2027})

    assert response.status_code == 400
    assert "license_year" in response.context["details"].errors
    assert not dog.license_applications.exists()


@pytest.mark.parametrize(("moment", "year"), [
    *[pytest.param(moment, year, id=param.id)
      for param in BOUNDARY_DAYS for moment, year, _offered in [param.values]],
    pytest.param(dt.datetime(2027, 1, 4, 9, 0, tzinfo=EASTERN), 2027, id="january"),
])
def test_the_season_screen_opens_on_the_season_being_renewed(client, clerk, moment, year):
    with time_machine.travel(moment, tick=False):
        client.force_login(clerk)
        response = client.get(reverse("dogs:renewal_season"))

    assert response.status_code == 200
    assert response.context["year"] == year
    assert f"Dog license renewals for {year}".encode() in response.content


def test_the_season_screen_still_opens_on_a_chosen_year(client, clerk):
    client.force_login(clerk)

    with time_machine.travel(dt.datetime(2026, 12, 1, 9, 0, tzinfo=EASTERN), tick=False):
        response = client.get(reverse("dogs:renewal_season"), {"year": "2026"})

    assert response.context["year"] == 2026
