"""GET /municipalities/, their key dates and their statutory periods (api.md, Public)."""

import datetime as dt

import pytest
import time_machine

from permits_site.towns.models import Closure
from tests.factories import municipality


def test_municipalities_list_every_town_with_its_business_days(public):
    response = public.get("/api/v1/municipalities/")

    assert response.status_code == 200
    assert response.json() == [
        {"code": "north_andover", "name": "Town of North Andover",
         "business_days": ["mon", "tue", "wed", "thu"]},
        {"code": "northborough", "name": "Town of Northborough",
         "business_days": ["mon", "tue", "wed", "thu", "fri"]},
        {"code": "tisbury", "name": "Town of Tisbury",
         "business_days": ["mon", "tue", "wed", "thu", "fri"]},
    ]


def key_dates(public, town, **params):
    return public.get(f"/api/v1/municipalities/{town}/key-dates/", params)


def test_dog_licenses_due_march_1_roll_past_a_friday_to_monday_licenses_a8(public):
    body = key_dates(public, "north_andover", year=2030).json()

    assert body["municipality"] == "north_andover"
    assert body["year"] == 2030
    due = {row["code"]: row for row in body["dates"]}
    assert due["dog_license_due"] == {
        "code": "dog_license_due", "date": "2030-03-04",
        "citation": "North Andover Code ch. 60, Licenses A(8)",
    }
    assert due["dog_forms_available_by"]["date"] == "2029-12-31"


def test_key_dates_are_listed_in_calendar_order(public):
    dates = [row["date"] for row in key_dates(public, "tisbury", year=2027).json()["dates"]]

    assert dates == sorted(dates)
    assert len(dates) == 4


def dog_license_due(public, year):
    rows = key_dates(public, "north_andover", year=year).json()["dates"]
    return {row["code"]: row["date"] for row in rows}["dog_license_due"]


def test_an_admin_closure_moves_a_rolled_key_date(public):
    assert dog_license_due(public, 2027) == "2027-03-01"
    Closure.objects.create(
        municipality=municipality("north_andover"), date=dt.date(2027, 3, 1), reason="Blizzard"
    )

    assert dog_license_due(public, 2027) == "2027-03-02"


@time_machine.travel(dt.datetime(2031, 6, 1, 12, 0), tick=False)
def test_key_dates_default_to_the_current_year(public):
    assert key_dates(public, "northborough").json()["year"] == 2031


@pytest.mark.parametrize("year", ["abc", "2030.0", "2030.5", "1899", "2200", "-5", "9" * 40])
def test_a_year_that_is_not_a_whole_number_in_range_is_refused_naming_year(public, year):
    response = key_dates(public, "tisbury", year=year)

    assert response.status_code == 400
    assert list(response.json()) == ["year"]


def test_key_dates_of_an_unknown_town_are_not_found(public):
    assert key_dates(public, "springfield", year=2030).status_code == 404


def deadline(public, town, period, **params):
    return public.get(f"/api/v1/municipalities/{town}/deadlines/{period}/", params)


def test_an_appeal_is_due_10_north_andover_business_days_later_hearing_authority_b(public):
    response = deadline(public, "north_andover", "appeal_aco_decision", **{"from": "2027-05-03"})

    assert response.status_code == 200
    assert response.json() == {
        "period": "appeal_aco_decision",
        "from": "2027-05-03",
        "due": "2027-05-19",
        "kind": "deadline",
        "citation": "North Andover Code ch. 60, Hearing authority B",
    }


def test_pumpout_permits_due_on_washingtons_birthday_roll_to_the_next_day_09_6_2(public):
    response = deadline(public, "tisbury", "pumpout_permits_return", **{"from": "2027-01-20"})

    assert response.json()["due"] == "2027-02-16"


def test_a_duration_ending_on_a_saturday_does_not_roll(public):
    response = deadline(public, "north_andover", "restraint_order", **{"from": "2027-05-06"})

    assert response.json()["due"] == "2027-06-05"
    assert response.json()["kind"] == "duration"


@pytest.mark.parametrize("start", [None, "", "2027-5-3", "05/03/2027", "2027-02-30", "1850-01-01"])
def test_a_missing_or_malformed_from_date_is_refused_naming_from(public, start):
    params = {} if start is None else {"from": start}
    response = deadline(public, "north_andover", "appeal_aco_decision", **params)

    assert response.status_code == 400
    assert list(response.json()) == ["from"]


@pytest.mark.parametrize(("town", "period"), [
    ("north_andover", "no_such_period"),
    ("northborough", "appeal_aco_decision"),
    ("springfield", "appeal_aco_decision"),
])
def test_an_unknown_town_or_period_is_not_found(public, town, period):
    assert deadline(public, town, period, **{"from": "2027-05-03"}).status_code == 404
