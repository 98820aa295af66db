"""North Andover kennel license fees (Code ch. 60, Kennel license B): tiers and the late fee."""

import datetime as dt

import pytest

from permits_site.towns.models import Closure
from tests.factories import municipality
from tests.fees.quoting import quote, refusal

pytestmark = pytest.mark.django_db

KENNEL = "north_andover.kennel_license"
ON = dt.date(2027, 1, 5)


@pytest.mark.parametrize(("dogs", "amount"), [(5, "50.00"), (10, "50.00"), (11, "100.00"),
                                              (40, "100.00")])
@pytest.mark.parametrize("action", ["new", "renewal"])
def test_kennel_fee_is_50_for_5_to_10_dogs_and_100_for_11_or_more(action, dogs, amount):
    lines, total = quote(KENNEL, action, {"dogs": dogs}, on=ON)

    assert lines == [(action, amount, None)]
    assert total == amount


@pytest.mark.parametrize("dogs", [0, 4])
def test_four_or_fewer_dogs_need_no_kennel_license(dogs):
    errors = refusal(KENNEL, "new", {"dogs": dogs}, on=ON)

    assert list(errors) == ["dogs"]
    assert "No kennel license is needed" in errors["dogs"][0]


@pytest.mark.parametrize(("facts", "field"), [
    ({}, "dogs"),
    ({"dogs": "6"}, "dogs"),
    ({"dogs": 6.0}, "dogs"),
    ({"dogs": -6}, "dogs"),
    ({"dogs": True}, "dogs"),
    ({"dogs": 6, "license_year": 1850}, "license_year"),
    ({"dogs": 6, "license_year": "2027"}, "license_year"),
    ({"dogs": 6, "spayed_neutered": True}, "spayed_neutered"),
])
def test_malformed_kennel_facts_are_refused_naming_the_fact(facts, field):
    assert field in refusal(KENNEL, "renewal", facts, on=ON)


def test_a_kennel_license_has_no_transfer_action():
    assert list(refusal(KENNEL, "transfer", {"dogs": 6}, on=ON)) == ["action"]


# Jan 15: 2026 a Thursday (business day); 2027 a Friday and 2028 a Saturday, each
# followed by Martin Luther King Day, so the due date rolls to the Tuesday.
@pytest.mark.parametrize(("year", "due"), [
    (2026, dt.date(2026, 1, 15)),
    (2027, dt.date(2027, 1, 19)),
    (2028, dt.date(2028, 1, 18)),
    (2029, dt.date(2029, 1, 16)),
])
def test_kennel_renewal_on_the_due_date_owes_no_late_fee_the_day_after_owes_25(year, due):
    facts = {"dogs": 7, "license_year": year}

    on_time, _ = quote(KENNEL, "renewal", facts, on=due)
    late, total = quote(KENNEL, "renewal", facts, on=due + dt.timedelta(days=1))

    assert on_time == [("renewal", "50.00", None)]
    assert late == [("renewal", "50.00", None), ("late_fee", "25.00", None)]
    assert total == "75.00"


def test_a_friday_january_15_is_not_the_due_date_in_a_monday_to_thursday_week():
    lines, _ = quote(KENNEL, "renewal", {"dogs": 7, "license_year": 2027},
                     on=dt.date(2027, 1, 16))

    assert [code for code, _, _ in lines] == ["renewal"]


def test_a_closure_on_the_due_date_rolls_it_to_the_next_business_day():
    Closure.objects.create(municipality=municipality("north_andover"),
                           date=dt.date(2026, 1, 15), reason="Storm")

    lines, _ = quote(KENNEL, "renewal", {"dogs": 7, "license_year": 2026},
                     on=dt.date(2026, 1, 20))

    assert [code for code, _, _ in lines] == ["renewal"]


def test_the_license_year_defaults_to_the_year_of_the_quote():
    late, _ = quote(KENNEL, "renewal", {"dogs": 12}, on=dt.date(2027, 2, 1))
    early, _ = quote(KENNEL, "renewal", {"dogs": 12, "license_year": 2027},
                     on=dt.date(2026, 12, 1))

    assert late == [("renewal", "100.00", None), ("late_fee", "25.00", None)]
    assert early == [("renewal", "100.00", None)]


def test_a_new_kennel_license_after_the_due_date_owes_no_late_fee():
    lines, _ = quote(KENNEL, "new", {"dogs": 7}, on=dt.date(2027, 6, 1))

    assert lines == [("new", "50.00", None)]
