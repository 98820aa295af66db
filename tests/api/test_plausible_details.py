"""What ``details`` and check facts may say: a place in the permit type's own town, lists of
a declared length, dates and years a real application can have. Each refusal is a 400 naming
the field, and nothing is created (the clock is frozen on 10 February 2027)."""

from __future__ import annotations

import datetime as dt

import pytest
from rest_framework.test import APIClient

from dogs.models import DogLicense
from permits_site.licensing.fact_forms import out_of_bounds
from permits_site.licensing.models import Application, PermitType
from permits_site.parties.services import create_business, find_or_create_property
from permits_site.rules.base import Fact, FactType
from tests.api.conftest import client_for
from tests.dogs.kennels import KENNEL, KENNEL_ANSWERS
from tests.factories import municipality
from tests.law.answers import DOG_LICENSE_RENEWAL

pytestmark = pytest.mark.django_db

APPLICATIONS = "/api/v1/applications/"


def lot(user, town: str, address: str):
    return find_or_create_property(municipality=municipality(town), address=address,
                                   acting_user=user)[0]


def apply(user, code: str, **details):
    return client_for(user).post(APPLICATIONS, {"permit_type": code, "action": "new",
                                                "details": details}, format="json")


def field(code: str, name: str) -> dict:
    declared = APIClient().get(f"/api/v1/permit-types/{code}/").json()["fields"]
    return next(entry for entry in declared if entry["name"] == name)


# -- a place in the permit type's town (lifecycle.md, "Property") -------------------------


@pytest.mark.parametrize(("code", "details", "town", "elsewhere"), [
    (KENNEL, KENNEL_ANSWERS, "North Andover", ("northborough", "24 Whitney Street")),
    ("tisbury.temporary_dumpster", {"start_date": "2027-03-01", "end_date": "2027-03-20"},
     "Tisbury", ("north_andover", "12 Elm Street")),
])
def test_a_property_in_another_town_is_refused_naming_the_town(resident, code, details, town,
                                                               elsewhere):
    place = lot(resident, *elsewhere)

    response = apply(resident, code, property=place.pk, **details)

    assert response.status_code == 400, response.content
    assert list(response.json()["details"]) == ["property"]
    [message] = response.json()["details"]["property"]
    assert town in message and place.address in message
    assert not Application.objects.exists()


def test_a_property_in_the_permit_types_town_is_taken(resident):
    place = lot(resident, "north_andover", "12 Elm Street")

    response = apply(resident, KENNEL, property=place.pk, **KENNEL_ANSWERS)

    assert response.status_code == 201, response.content
    assert Application.objects.get().place == place


# -- lists of a declared length ------------------------------------------------------------


@pytest.fixture
def hauler(resident):
    return create_business(legal_name="Island Hauling LLC", kind="llc",
                           mailing_address="1 Main Street", acting_user=resident)


def test_a_list_longer_than_its_declared_maximum_is_refused_naming_it(resident, hauler):
    declared = field("tisbury.septage_handler", "vehicles")
    many = [f"Truck {number}" for number in range(declared["max_items"] + 1)]

    refused = apply(resident, "tisbury.septage_handler", business=hauler.pk, vehicles=many)
    taken = apply(resident, "tisbury.septage_handler", business=hauler.pk, vehicles=many[1:])

    assert refused.status_code == 400, refused.content
    assert refused.json()["details"] == {
        "vehicles": [f"List at most {declared['max_items']} entries."]}
    assert taken.status_code == 201, taken.content
    assert Application.objects.count() == 1


def test_every_list_field_publishes_its_maximum():
    assert field("tisbury.septage_handler", "vehicles")["max_items"] == 50
    assert field("tisbury.dumpster_contractor", "dumpsters")["max_items"] > 50


# -- dates and years a real application can have -------------------------------------------


@pytest.fixture
def dog_license(dog):
    def started(**changes):
        return apply(dog.owner, "north_andover.dog_license", dog=dog.pk, license_year=2027,
                     **changes)
    return started


def test_a_dog_acquired_in_the_future_is_refused_naming_the_date(dog_license):
    refused = dog_license(acquired_on="2027-02-11")
    taken = dog_license(acquired_on="2027-02-10")

    assert refused.status_code == 400, refused.content
    assert refused.json()["details"] == {"acquired_on": ["Enter a date no later than today."]}
    assert taken.status_code == 201, taken.content
    assert DogLicense.objects.count() == 1


def test_a_move_to_town_in_the_future_is_refused_naming_the_date(dog_license):
    refused = dog_license(moved_in_on="2027-03-01")

    assert refused.status_code == 400
    assert list(refused.json()["details"]) == ["moved_in_on"]


def test_the_permit_type_publishes_its_date_bounds():
    assert field("north_andover.dog_license", "acquired_on")["max_date"] == "today"
    assert field("tisbury.temporary_food", "start_date")["min_date"] == "today"
    assert "max_date" not in field("tisbury.temporary_food", "start_date")


EVENT = {"event_name": "Tisbury Street Fair", "event_location": "Main Street",
         "operator": "for_profit", "in_town": False}


@pytest.mark.parametrize(("start", "end", "refused"), [
    ("2020-12-10", "2020-12-11", {"start_date", "end_date"}),
    ("2027-02-09", "2027-02-12", {"start_date"}),
])
def test_an_event_already_past_is_refused_naming_its_dates(resident, start, end, refused):
    response = apply(resident, "tisbury.temporary_food", start_date=start, end_date=end, **EVENT)

    assert response.status_code == 400, response.content
    assert set(response.json()["details"]) == refused
    assert response.json()["details"]["start_date"] == ["Enter a date no earlier than today."]
    assert not Application.objects.exists()


def test_an_event_starting_today_is_taken(resident):
    response = apply(resident, "tisbury.temporary_food", start_date="2027-02-10",
                     end_date="2027-02-10", **EVENT)

    assert response.status_code == 201, response.content


@pytest.mark.parametrize("year", [99999, 1599, 2101])
def test_a_lead_paint_check_refuses_an_implausible_year_built(api, year):
    response = api.post("/api/v1/checks/tisbury.lead_paint/", {
        "facts": {"year_built": year, "determination_filed": False}}, format="json")

    assert response.status_code == 400, response.content
    assert list(response.json()["facts"]) == ["year_built"]


def test_the_building_year_of_a_sandblasting_permit_has_the_lead_paint_bounds():
    PermitType.objects.filter(code="tisbury.sandblasting").update(online=True)
    year_built = field("tisbury.sandblasting", "building_year_built")

    assert (year_built["minimum"], year_built["maximum"]) == (1600, 2100)


@pytest.mark.parametrize(("day", "refusal"), [
    (dt.date(2026, 12, 31), "Enter a date no earlier than January 1, 2027."),
    (dt.date(2027, 7, 1), "Enter a date no later than June 30, 2027."),
    (dt.date(2027, 1, 1), None),
])
def test_a_date_fact_may_be_bounded_by_fixed_days(day, refusal):
    season = Fact("opens_on", FactType.DATE, "Opening day", min_date=dt.date(2027, 1, 1),
                  max_date=dt.date(2027, 6, 30))

    assert out_of_bounds(season, day, today=dt.date(2027, 2, 10)) == refusal


def test_a_check_on_a_later_day_bounds_the_dates_by_that_day(api):
    """A check judged ``on`` a day to come takes a dog acquired before that day."""
    facts = {**DOG_LICENSE_RENEWAL, "renewal": False, "acquired_on": "2027-03-01"}
    judged = lambda on: api.post("/api/v1/checks/north_andover.dog_license/",  # noqa: E731
                                 {"facts": facts, "on": on}, format="json")

    assert judged("2027-03-10").status_code == 200, judged("2027-03-10").content
    assert judged(None).json() == {"facts": {"acquired_on": ["Enter a date no later than today."]}}
