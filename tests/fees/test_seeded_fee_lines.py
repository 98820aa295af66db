"""Every seeded fee line of the three spec files, quoted by the schedule the migrations seed."""

import datetime as dt

import pytest

from tests.fees.quoting import quote, refusal

pytestmark = pytest.mark.django_db

ON = dt.date(2027, 5, 3)

#: (permit type, action, facts, amount) — the spec's fee tables, copied by hand.
ONE_LINE_FEES = [
    ("northborough.horse_registration", "new", {}, "0.00"),
    ("northborough.private_stable", "new", {}, "50.00"),
    ("northborough.private_stable", "renewal", {}, "40.00"),
    ("northborough.private_stable", "transfer", {}, "20.00"),
    ("northborough.public_stable", "new", {}, "200.00"),
    ("northborough.public_stable", "renewal", {}, "200.00"),
    ("northborough.public_stable", "transfer", {}, "100.00"),
    ("north_andover.dog_license", "new", {"spayed_neutered": True}, "10.00"),
    ("north_andover.dog_license", "new", {"spayed_neutered": False}, "15.00"),
    ("north_andover.dog_license", "transfer", {}, "2.00"),
    ("north_andover.dog_license", "replacement_tag", {}, "5.00"),
    ("north_andover.kennel_license", "new", {"dogs": 5}, "50.00"),
    ("north_andover.kennel_license", "new", {"dogs": 11}, "100.00"),
    ("tisbury.dumpster", "new", {}, "50.00"),
    ("tisbury.dumpster", "renewal", {}, "50.00"),
    ("tisbury.dumpster_contractor", "new", {}, "100.00"),
    ("tisbury.dumpster_contractor", "renewal", {}, "100.00"),
    ("tisbury.temporary_dumpster", "new", {}, "25.00"),
    ("tisbury.temporary_dumpster", "renewal", {}, "25.00"),
    ("tisbury.septage_handler", "new", {}, "100.00"),
    ("tisbury.septage_handler", "renewal", {}, "100.00"),
    ("tisbury.sandblasting", "new", {"variant": "year_round"}, "100.00"),
    ("tisbury.sandblasting", "new", {"variant": "individual"}, "25.00"),
    ("tisbury.food_service", "new", {}, "150.00"),
    ("tisbury.food_service", "renewal", {}, "150.00"),
    ("tisbury.temporary_food", "new", {"operator": "non_profit"}, "0.00"),
    ("tisbury.residential_kitchen", "new", {}, "75.00"),
    ("tisbury.residential_kitchen", "renewal", {}, "75.00"),
    ("tisbury.stable", "new", {}, "20.00"),
    ("tisbury.stable", "renewal", {}, "20.00"),
    ("tisbury.disposal_works", "new", {}, "100.00"),
    ("tisbury.well_registration", "new", {}, "50.00"),
    ("tisbury.body_art_establishment", "new", {}, "200.00"),
    ("tisbury.body_art_establishment", "renewal", {}, "200.00"),
    ("tisbury.body_art_practitioner", "new", {}, "100.00"),
    ("tisbury.body_art_practitioner", "renewal", {}, "100.00"),
    ("tisbury.tobacco_sales", "new", {}, "100.00"),
    ("tisbury.tobacco_sales", "renewal", {}, "100.00"),
]

#: Actions the spec does not list for a permit type.
UNLISTED_ACTIONS = [
    ("northborough.horse_registration", "renewal"),
    ("tisbury.disposal_works", "renewal"),
    ("tisbury.well_registration", "transfer"),
    ("tisbury.temporary_food", "renewal"),
    ("tisbury.food_service", "transfer"),
    ("north_andover.kennel_license", "replacement_tag"),
]


@pytest.mark.parametrize(("permit_type", "action", "facts", "amount"), ONE_LINE_FEES,
                         ids=[f"{row[0]}-{row[1]}-{row[3]}" for row in ONE_LINE_FEES])
def test_seeded_fee_is_one_line_coded_by_the_action(permit_type, action, facts, amount):
    assert quote(permit_type, action, facts, on=ON) == ([(action, amount, None)], amount)


@pytest.mark.parametrize(("permit_type", "action"), UNLISTED_ACTIONS)
def test_an_action_the_permit_type_does_not_list_is_refused_on_action(permit_type, action):
    assert list(refusal(permit_type, action, on=ON)) == ["action"]


@pytest.mark.parametrize(("on", "late"), [(dt.date(2030, 3, 4), False),
                                          (dt.date(2030, 3, 5), True)])
def test_dog_renewal_late_fee_from_the_day_after_the_rolled_march_1_due_date(on, late):
    lines, _ = quote("north_andover.dog_license", "renewal",
                     {"spayed_neutered": False, "license_year": 2030}, on=on)

    assert lines == [("renewal", "15.00", None)] + ([("late_fee", "25.00", None)] if late else [])
