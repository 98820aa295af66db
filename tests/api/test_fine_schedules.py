"""``/fine-schedules/``: admins version their town's fine schedule; nobody else may."""

import datetime as dt
from decimal import Decimal

import pytest

from permits_site.enforcement.models import FineSchedule
from permits_site.enforcement.services import fine_schedule_in_force, quote_fine
from tests.api.conftest import client_for

pytestmark = pytest.mark.django_db
URL = "/api/v1/fine-schedules/"


def current_amounts(municipality) -> dict:
    """Every offense of the version in force, as the create body states it."""
    schedule = fine_schedule_in_force(municipality, dt.date(2027, 2, 10))
    amounts = {}
    for item in schedule.items.all():
        if item.minimum_amount is not None:
            amounts[item.offense] = {
                "minimum": str(item.minimum_amount),
                "maximum": str(item.maximum_amount),
            }
        else:
            amounts[item.offense] = {
                key: None if value is None else str(value)
                for key, value in (
                    ("first", item.first_amount),
                    ("second", item.second_amount),
                    ("later", item.later_amount),
                )
            }
    return amounts


def test_admin_lists_only_their_towns_fine_schedules(town_admin):
    response = client_for(town_admin).get(URL)

    assert response.status_code == 200
    assert {row["municipality"] for row in response.json()["results"]} == {"north_andover"}


def test_admin_publishes_a_new_version_that_quotes_from_its_date(town_admin, north_andover):
    amounts = current_amounts(north_andover)
    amounts["running_at_large"] = {"first": "30.00", "second": "60.00", "later": "120.00"}

    response = client_for(town_admin).post(
        URL,
        {
            "municipality": "north_andover",
            "effective_from": "2027-03-01",
            "amounts": amounts,
            "note": "Select Board vote of February 8, 2027",
        },
        format="json",
    )

    assert response.status_code == 201
    before = quote_fine(
        municipality=north_andover, offense="running_at_large", on=dt.date(2027, 2, 28)
    )
    after = quote_fine(
        municipality=north_andover, offense="running_at_large", on=dt.date(2027, 3, 1)
    )
    assert (before.total, after.total) == (Decimal("25.00"), Decimal("30.00"))


def test_a_version_missing_an_offense_is_refused_naming_it(town_admin, north_andover):
    amounts = current_amounts(north_andover)
    del amounts["dog_litter"]

    response = client_for(town_admin).post(
        URL,
        {"municipality": "north_andover", "effective_from": "2027-03-01", "amounts": amounts},
        format="json",
    )

    assert response.status_code == 400
    assert "dog_litter" in str(response.json())
    assert FineSchedule.objects.filter(municipality=north_andover).count() == 1


def test_another_towns_admin_and_clerks_are_refused(town_admin, clerk):
    body = {
        "municipality": "tisbury",
        "effective_from": "2027-03-01",
        "amounts": {"littering": {"first": "50.00", "second": "100.00", "later": "100.00"}},
    }

    assert client_for(town_admin).post(URL, body, format="json").status_code == 403
    assert client_for(clerk).get(URL).status_code == 403


def test_an_unknown_town_filter_is_a_400(town_admin):
    response = client_for(town_admin).get(URL, {"municipality": "atlantis"})

    assert response.status_code == 400
    assert "municipality" in response.json()
