"""Every offense of the three towns' seeded fine schedules, quoted through the service."""

import datetime as dt
from decimal import Decimal

import pytest

from permits_site.enforcement.models import FineSchedule, PriorWindow
from permits_site.enforcement.services import quote_fine
from permits_site.rules.fees import QuoteRefused
from tests.factories import municipality

pytestmark = pytest.mark.django_db

ON = dt.date(2027, 6, 1)
W = "warning"

#: offense → (1st, 2nd, 3rd), per day, per unit — the spec's tables, copied by hand.
NORTH_ANDOVER = {
    "dangerous_dog_at_large": (("200", "300", "300"), True, False),
    "dangerous_dog_unregistered": (("100", "100", "100"), True, False),
    "unlicensed_dog": (("50", "50", "50"), False, False),
    "running_at_large": (("25", "50", "100"), False, False),
    "dog_litter": (("25", "50", "100"), False, False),
    "nuisance_noise": (("25", "50", "100"), False, False),
    "animal_limit": ((W, "25", "25"), True, False),
    "feeding_wildlife": (("25", "50", "100"), False, False),
}
#: The rest of the chapter's offenses (Code ch. 60): the amounts of all but the
#: commonwealth's two are the Select Board's to set, none seeded.
NORTH_ANDOVER_CHAPTER = {
    "chasing", "large_animal_at_large", "biting_or_menacing", "dog_in_heat_not_confined",
    "dog_on_school_grounds", "dog_on_athletic_field", "dog_in_lake_or_pond",
    "rabies_vaccination_missing", "kennel_after_revocation", "animal_in_vehicle",
    "animal_unsecured_in_vehicle_load", "dog_tethered", "quarantine_order_violated",
    "trap_not_checked", "abandoned_animals_not_reported", "pdd_noncompliance",
    "pdd_relocation_not_notified", "temporary_restraint_violated", "stray_not_turned_over",
    "pet_shop_unlawful_sale", "pet_shop_unlawful_space",
}
TISBURY = {
    "illegal_dumping": (("50", "100", "100"), False, False),
    "littering": (("50", "100", "100"), False, False),
    "illegal_disposal_public_receptacle": (("50", "100", "100"), False, False),
    "unlawful_discharge_water": (("50", "100", "100"), False, False),
    "human_habitation_sanitary_code": (("50", "100", "100"), False, False),
    "state_sanitary_code": (("50", "100", "100"), False, False),
    "commercial_hydroseed_fertilizing": (("50", "50", "50"), False, False),
    "lead_law": (("500", "500", "500"), False, False),
    "animal_excrement": (("25", "50", "50"), False, False),
    "quarantine": (("10", "25", "25"), False, False),
    "food_sale_without_permit": (("300", "300", "300"), False, False),
    "septic_work_without_permit": (("100", "100", "100"), False, False),
    "feeding_waterfowl": ((W, "100", "100"), False, False),
    "dumpster": (("25", "50", "50"), False, False),
    "junkyard_noncompliance": (("100", "100", "100"), True, False),
    "unsanitary_public_facility": ((W, "50", "50"), True, False),
    "work_without_permit": (("100", "100", "100"), False, False),
    "fuel_storage": (("200", "200", "200"), True, False),
    "unlawful_hydroseeding": (("50", "50", "50"), False, False),
    "woodwaste_disposal": (("300", "300", "300"), False, False),
    "septic_pumpout_permit_late": (("10", "10", "10"), True, True),
}
TISBURY_RANGED = {
    "living_aboard_boat": ("100.00", "300.00", True),
    "board_regulation_violation": ("0.01", "500.00", False),
}
#: offense → the section its citation must name (the spec's "enabling" column).
TISBURY_SECTIONS = {
    "illegal_dumping": "MGL c.270 §16A", "littering": "MGL c.270 §16A",
    "illegal_disposal_public_receptacle": "09.6.3", "unlawful_discharge_water": "MGL c.270 §16A",
    "human_habitation_sanitary_code": "09.4.9", "state_sanitary_code": "09.5.4",
    "commercial_hydroseed_fertilizing": "09.9.16", "lead_law": "09.4.6",
    "animal_excrement": "09.7.1", "quarantine": "09.7.3", "food_sale_without_permit": "09.5.1",
    "septic_work_without_permit": "09.6.1", "feeding_waterfowl": "09.9.17",
    "dumpster": "09.2.4", "junkyard_noncompliance": "09.6.4",
    "unsanitary_public_facility": "09.4.8", "work_without_permit": "09.6.1",
    "fuel_storage": "09.4.7", "unlawful_hydroseeding": "09.9.16",
    "woodwaste_disposal": "09.2.9", "septic_pumpout_permit_late": "09.6.2",
    "living_aboard_boat": "09.4.10", "board_regulation_violation": "09.0.7(B)",
}
FIXED = [("north_andover", code, spec) for code, spec in NORTH_ANDOVER.items()] + [
    ("tisbury", code, spec) for code, spec in TISBURY.items()
]


def quote(town, offense, **options):
    return quote_fine(municipality=municipality(town), offense=offense, on=ON, **options)


def refusal(town, offense, **options):
    with pytest.raises(QuoteRefused) as refused:
        quote(town, offense, **options)
    return refused.value.errors


@pytest.mark.parametrize(("town", "codes"), [
    ("north_andover", set(NORTH_ANDOVER) | NORTH_ANDOVER_CHAPTER),
    ("northborough", {"stable_regulation_violation"}),
    ("tisbury", set(TISBURY) | set(TISBURY_RANGED)),
])
def test_migrations_seed_exactly_the_offense_codes_of_the_spec(town, codes):
    schedule = FineSchedule.objects.get(municipality__code=town)

    assert set(schedule.items.values_list("offense", flat=True)) == codes


def test_north_andovers_amounts_are_seeded_placeholders_the_others_come_from_the_text():
    seeded = dict(FineSchedule.objects.values_list("municipality__code", "seeded"))

    assert seeded == {"north_andover": True, "northborough": False, "tisbury": False}


@pytest.mark.parametrize(("town", "offense", "spec"), FIXED, ids=[code for _, code, _ in FIXED])
@pytest.mark.parametrize("prior", [0, 1, 2])
def test_each_offense_costs_its_scheduled_amount_for_the_1st_2nd_and_3rd_offense(
    town, offense, spec, prior
):
    amounts, _, _ = spec
    expected = amounts[prior]

    result = quote(town, offense, prior_offenses=prior)

    assert result.offense_number == prior + 1
    assert result.warning is (expected == W)
    assert result.amount_per_offense == (Decimal("0.00") if expected == W else Decimal(expected))
    assert result.total == result.amount_per_offense
    assert result.citation


@pytest.mark.parametrize(("town", "offense", "spec"), FIXED, ids=[code for _, code, _ in FIXED])
def test_days_beyond_one_are_allowed_only_where_each_day_is_a_separate_offense(
    town, offense, spec
):
    amounts, per_day, _ = spec
    if per_day:
        result = quote(town, offense, prior_offenses=1, days=3)
        assert result.total == Decimal(amounts[1]) * 3
    else:
        assert "days" in refusal(town, offense, days=2)


@pytest.mark.parametrize(("town", "offense", "spec"), FIXED, ids=[code for _, code, _ in FIXED])
def test_units_beyond_one_are_allowed_only_for_offenses_counted_per_permit_or_boat(
    town, offense, spec
):
    _, _, per_unit = spec
    if per_unit:
        assert quote(town, offense, units=2).total == Decimal(spec[0][0]) * 2
    else:
        assert "units" in refusal(town, offense, units=2)


@pytest.mark.parametrize("offense", [*NORTH_ANDOVER, *TISBURY])
def test_a_fixed_amount_offense_refuses_an_officer_set_amount(offense):
    town = "north_andover" if offense in NORTH_ANDOVER else "tisbury"

    assert "amount" in refusal(town, offense, amount=Decimal("25.00"))


# -- North Andover --------------------------------------------------------------


def test_dangerous_dog_at_large_second_offense_for_three_days_is_900():
    result = quote("north_andover", "dangerous_dog_at_large", prior_offenses=1, days=3)

    assert (result.amount_per_offense, result.total) == (Decimal("300.00"), Decimal("900.00"))
    assert result.citation == "North Andover Code ch. 60, Dangerous F(1)"


def test_animal_limit_first_offense_is_a_written_warning_then_25_a_day():
    warning = quote("north_andover", "animal_limit", days=10)
    fine = quote("north_andover", "animal_limit", prior_offenses=1, days=10)

    assert warning.warning and warning.total == Decimal("0.00")
    assert not fine.warning and fine.total == Decimal("250.00")


# -- Northborough ---------------------------------------------------------------


@pytest.mark.parametrize("amount", ["5.00", "5", "57.25", "100.00"])
def test_stable_violation_amount_between_5_and_100_is_quoted_per_day(amount):
    result = quote("northborough", "stable_regulation_violation", amount=Decimal(amount), days=4)

    assert result.amount_per_offense == Decimal(amount)
    assert result.total == Decimal(amount) * 4
    assert result.citation == "Northborough Horse & Stable Regs §8.3"


@pytest.mark.parametrize("amount", ["4.99", "100.01"])
def test_stable_violation_amount_outside_5_to_100_is_refused_on_amount(amount):
    errors = refusal("northborough", "stable_regulation_violation", amount=Decimal(amount))

    assert list(errors) == ["amount"]
    assert "§8.3" in errors["amount"][0]


def test_stable_violation_without_an_amount_is_refused_on_amount():
    assert "amount" in refusal("northborough", "stable_regulation_violation")


def test_stable_violation_is_not_counted_per_unit():
    errors = refusal("northborough", "stable_regulation_violation", amount=Decimal("5"), units=2)

    assert list(errors) == ["units"]


# -- Tisbury --------------------------------------------------------------------


@pytest.mark.parametrize(("offense", "low", "high", "per_unit"),
                         [(code, *spec) for code, spec in TISBURY_RANGED.items()])
def test_tisbury_ranged_offenses_take_an_amount_within_their_range_per_day(
    offense, low, high, per_unit
):
    assert quote("tisbury", offense, amount=Decimal(low)).total == Decimal(low)
    assert quote("tisbury", offense, amount=Decimal(high), days=2).total == Decimal(high) * 2
    below = Decimal(low) - Decimal("0.01")
    assert "amount" in refusal("tisbury", offense, amount=below)
    assert "amount" in refusal("tisbury", offense, amount=Decimal(high) + Decimal("0.01"))
    assert "amount" in refusal("tisbury", offense)


@pytest.mark.parametrize(("offense", "section"), TISBURY_SECTIONS.items())
def test_each_tisbury_fine_cites_the_law_it_enforces(offense, section):
    item = FineSchedule.objects.get(municipality__code="tisbury").items.get(offense=offense)

    assert section in item.citation


def test_living_aboard_is_fined_per_boat_per_day():
    result = quote("tisbury", "living_aboard_boat", amount=Decimal("150"), units=2, days=3)

    assert (result.units, result.days, result.total) == (2, 3, Decimal("900.00"))


def test_board_regulation_violation_is_not_counted_per_unit():
    assert "units" in refusal("tisbury", "board_regulation_violation", amount=Decimal("1"),
                              units=2)


def test_late_pumpout_permits_cost_10_per_permit_per_day():
    result = quote("tisbury", "septic_pumpout_permit_late", units=3, days=4)

    assert result.total == Decimal("120.00")
    assert result.citation == "Tisbury BOH Reg 09.6.2"


def test_quarantine_counts_prior_offenses_within_the_calendar_year():
    item = FineSchedule.objects.get(municipality__code="tisbury").items.get(offense="quarantine")

    assert item.prior_window == PriorWindow.CALENDAR_YEAR
    assert "09.7.3" in item.citation


def test_animal_excrement_second_offense_matches_the_api_example():
    assert quote("tisbury", "animal_excrement", prior_offenses=1).as_dict() == {
        "offense": "animal_excrement", "offense_number": 2, "warning": False,
        "amount_per_offense": "50.00", "days": 1, "units": 1, "total": "50.00",
        "citation": "Tisbury BOH Reg 09.7.1; 09.0.6",
    }


# -- refusals -------------------------------------------------------------------


@pytest.mark.parametrize("offense", ["no_such_offense", "running_at_large", "", None, 5])
def test_an_offense_not_on_the_towns_schedule_is_refused_on_offense(offense):
    assert list(refusal("tisbury", offense)) == ["offense"]


def test_no_schedule_in_force_before_the_first_version_is_refused_on_on():
    with pytest.raises(QuoteRefused) as refused:
        quote_fine(municipality=municipality("tisbury"), offense="littering",
                   on=dt.date(1999, 12, 31))

    assert list(refused.value.errors) == ["on"]
