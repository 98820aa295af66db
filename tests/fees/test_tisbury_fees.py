"""Tisbury fee quotes: sandblasting, temporary food, compliance surcharges, the food
service waiver and pro-rating, and the stable license cap (BOH Regs 09.1.4–09.7.2)."""

import datetime as dt
from decimal import Decimal

import pytest
import time_machine

from permits_site.exceptions import DomainError
from permits_site.licensing.adoption import Adoption
from permits_site.licensing.models import PermitType
from permits_site.licensing.services.fees import create_fee_schedule_version
from tests.factories import Role, staff
from tests.fees.quoting import quote, refusal

pytestmark = pytest.mark.django_db

ON = dt.date(2027, 5, 3)
FOOD = "tisbury.food_service"
SEPTAGE = "tisbury.septage_handler"
TEMPORARY_FOOD = "tisbury.temporary_food"
SANDBLASTING = "tisbury.sandblasting"

FOOD_EVENT_PERCENTS = {
    "validated_complaint": 25, "trash_violation": 25, "smoking_violation": 25,
    "late_renewal": 50, "operating_without_permit": 50, "foodborne_illness_responsible": 50,
    "citation_noncritical": 50, "reinspections_2plus": 75, "preventive_inspections": 75,
    "citation_critical": 100, "show_cause_hearing": 150, "suspension_revocation": 200,
}
SEPTAGE_EVENT_PERCENTS = {
    "validated_complaint": 25, "late_renewal": 50, "operating_without_permit": 50,
    "citation_order": 100, "show_cause_hearing": 150, "suspension_revocation": 200,
}


def codes(lines):
    return [code for code, _, _ in lines]


# -- sandblasting (09.4.3) --------------------------------------------------------


@pytest.mark.parametrize(("variant", "amount"), [("year_round", "100.00"),
                                                 ("individual", "25.00")])
def test_sandblasting_is_priced_by_variant_under_the_new_action(variant, amount):
    assert quote(SANDBLASTING, "new", {"variant": variant}, on=ON) == (
        [("new", amount, None)], amount)


@pytest.mark.parametrize("facts", [{}, {"variant": "weekly"}, {"variant": None}])
def test_sandblasting_needs_a_known_variant(facts):
    assert list(refusal(SANDBLASTING, "new", facts, on=ON)) == ["variant"]


def test_sandblasting_has_no_renewal():
    assert list(refusal(SANDBLASTING, "renewal", {"variant": "individual"}, on=ON)) == ["action"]


# -- temporary food (09.5.3) -----------------------------------------------------


@pytest.mark.parametrize(("facts", "amount"), [
    ({"operator": "non_profit"}, "0.00"),
    ({"operator": "non_profit", "in_town": False}, "0.00"),
    ({"operator": "for_profit", "in_town": True, "has_valid_food_permit": True}, "0.00"),
    ({"operator": "for_profit", "in_town": True, "has_valid_food_permit": False}, "20.00"),
    ({"operator": "for_profit", "in_town": False}, "35.00"),
    ({"operator": "for_profit", "in_town": False, "has_valid_food_permit": True}, "35.00"),
])
def test_temporary_food_fee_by_operator_origin_and_food_permit(facts, amount):
    assert quote(TEMPORARY_FOOD, "new", facts, on=ON) == ([("new", amount, None)], amount)


@pytest.mark.parametrize(("facts", "field"), [
    ({}, "operator"),
    ({"operator": "charity"}, "operator"),
    ({"operator": "for_profit"}, "in_town"),
    ({"operator": "for_profit", "in_town": True}, "has_valid_food_permit"),
    ({"operator": "for_profit", "in_town": "yes"}, "in_town"),
])
def test_temporary_food_refuses_missing_or_mistyped_facts(facts, field):
    assert field in refusal(TEMPORARY_FOOD, "new", facts, on=ON)


# -- compliance surcharges (09.1.4, 09.5.1) ---------------------------------------


@pytest.mark.parametrize(("event", "percent"), FOOD_EVENT_PERCENTS.items())
def test_food_service_renewal_surcharge_by_event(event, percent):
    surcharge = Decimal("150.00") * percent / 100

    lines, total = quote(FOOD, "renewal", {"surcharge_events": [event]}, on=ON)

    assert lines == [("renewal", "150.00", None),
                     ("compliance_surcharge", f"{surcharge:.2f}", percent)]
    assert Decimal(total) == Decimal("150.00") + surcharge


@pytest.mark.parametrize(("event", "percent"), SEPTAGE_EVENT_PERCENTS.items())
def test_septage_handler_renewal_surcharge_by_event(event, percent):
    surcharge = Decimal("100.00") * percent / 100

    lines, _ = quote(SEPTAGE, "renewal", {"surcharge_events": [event]}, on=ON)

    assert lines == [("renewal", "100.00", None),
                     ("compliance_surcharge", f"{surcharge:.2f}", percent)]


def test_the_surcharge_is_the_highest_level_reached_not_the_sum():
    events = ["validated_complaint", "citation_noncritical", "reinspections_2plus",
              "trash_violation"]

    lines, total = quote(FOOD, "renewal", {"surcharge_events": events}, on=ON)

    assert lines == [("renewal", "150.00", None), ("compliance_surcharge", "112.50", 75)]
    assert total == "262.50"


def test_one_surcharge_line_however_often_an_event_recurs():
    lines, total = quote(SEPTAGE, "renewal",
                         {"surcharge_events": ["late_renewal", "late_renewal"]}, on=ON)

    assert codes(lines) == ["renewal", "compliance_surcharge"]
    assert total == "150.00"


@pytest.mark.parametrize("events", [[], None])
def test_no_events_means_no_surcharge(events):
    assert quote(FOOD, "renewal", {"surcharge_events": events}, on=ON)[0] == [
        ("renewal", "150.00", None)]


@pytest.mark.parametrize(("permit_type", "event"), [
    (SEPTAGE, "trash_violation"),
    (SEPTAGE, "citation_critical"),
    (FOOD, "citation_order"),
    (FOOD, "no_such_event"),
])
def test_an_event_not_on_the_permit_types_own_schedule_is_refused(permit_type, event):
    errors = refusal(permit_type, "renewal", {"surcharge_events": [event]}, on=ON)

    assert list(errors) == ["surcharge_events"]
    assert event in errors["surcharge_events"][0]


@pytest.mark.parametrize("permit_type", [FOOD, SEPTAGE])
def test_surcharge_events_on_a_new_permit_are_refused(permit_type):
    errors = refusal(permit_type, "new", {"surcharge_events": ["late_renewal"]}, on=ON)

    assert "renewal" in errors["surcharge_events"][0]


@pytest.mark.parametrize("events", ["late_renewal", [1], {"late_renewal": True}])
def test_surcharge_events_must_be_a_list_of_codes(events):
    assert "surcharge_events" in refusal(SEPTAGE, "renewal", {"surcharge_events": events}, on=ON)


def test_the_septage_handler_takes_no_food_facts():
    assert "non_profit" in refusal(SEPTAGE, "renewal", {"non_profit": True}, on=ON)


def test_errors_in_facts_and_events_are_reported_together():
    errors = refusal(FOOD, "new", {"non_profit": "yes", "surcharge_events": ["late_renewal"]},
                     on=ON)

    assert set(errors) == {"non_profit", "surcharge_events"}


# -- non-profit waiver (09.5, Policy Statements) ----------------------------------


@pytest.mark.parametrize(("facts", "waived"), [
    ({"non_profit": True}, True),
    ({"non_profit": True, "sells_retail_products": True}, False),
    ({"non_profit": True, "rents_kitchen_commercially": True}, False),
    ({"non_profit": True, "sells_retail_products": True, "occasional_benefit": True}, True),
    ({"non_profit": True, "rents_kitchen_commercially": True, "occasional_benefit": True}, True),
    ({"non_profit": False, "occasional_benefit": True}, False),
])
@pytest.mark.parametrize("action", ["new", "renewal"])
def test_non_profit_waiver_unless_retail_or_kitchen_rental_save_an_occasional_benefit(
    action, facts, waived
):
    lines, total = quote(FOOD, action, facts, on=ON)

    if waived:
        assert lines == [(action, "150.00", None), ("non_profit_waiver", "-150.00", None)]
        assert total == "0.00"
    else:
        assert lines == [(action, "150.00", None)]
        assert total == "150.00"


def test_the_waiver_removes_the_base_fee_but_not_a_surcharge():
    lines, total = quote(FOOD, "renewal",
                         {"non_profit": True, "surcharge_events": ["late_renewal"]}, on=ON)

    assert codes(lines) == ["renewal", "compliance_surcharge", "non_profit_waiver"]
    assert total == "75.00"


# -- late-year pro-rating (09.5, Policy Statements) -------------------------------


def test_a_fee_waiver_request_before_october_1_changes_nothing():
    assert quote(FOOD, "new", {"fee_waiver_requested": True}, on=dt.date(2027, 9, 30)) == (
        [("new", "150.00", None)], "150.00")


@pytest.mark.parametrize("on", [dt.date(2027, 10, 1), dt.date(2027, 12, 31)])
def test_from_october_1_a_fee_waiver_is_pro_rated_to_the_last_quarter(on):
    lines, total = quote(FOOD, "new", {"fee_waiver_requested": True}, on=on)

    assert lines == [("new", "150.00", None), ("proration", "-112.50", 25)]
    assert total == "37.50"


def test_without_a_request_there_is_no_pro_rating_in_october():
    assert codes(quote(FOOD, "new", {}, on=dt.date(2027, 10, 15))[0]) == ["new"]


def test_pro_rating_applies_to_the_base_fee_never_to_the_surcharge():
    lines, total = quote(
        FOOD, "renewal",
        {"fee_waiver_requested": True, "surcharge_events": ["show_cause_hearing"]},
        on=dt.date(2027, 10, 1),
    )

    assert lines == [("renewal", "150.00", None), ("compliance_surcharge", "225.00", 150),
                     ("proration", "-112.50", 25)]
    assert total == "262.50"


def test_a_waived_non_profit_is_not_also_pro_rated():
    lines, total = quote(FOOD, "new", {"non_profit": True, "fee_waiver_requested": True},
                         on=dt.date(2027, 11, 1))

    assert codes(lines) == ["new", "non_profit_waiver"]
    assert total == "0.00"


# -- stable license cap (09.7.2) ---------------------------------------------------

#: The Board amends its fee schedules after notice and hearing (09.0.4).
HEARD = Adoption(notice_given_on=dt.date(2027, 4, 12), hearing_held_on=dt.date(2027, 4, 26))


def test_the_stable_license_is_20_dollars():
    assert quote("tisbury.stable", "renewal", on=ON) == ([("renewal", "20.00", None)], "20.00")


@time_machine.travel(dt.datetime(2027, 5, 3, 10, 0), tick=False)
def test_a_stable_fee_schedule_above_20_dollars_is_refused_citing_09_7_2():
    stable = PermitType.objects.get(code="tisbury.stable")

    with pytest.raises(DomainError) as refused:
        create_fee_schedule_version(
            permit_type=stable, effective_from=dt.date(2027, 6, 1),
            amounts={"new": Decimal("20.01"), "renewal": Decimal("20.00")},
            acting_user=staff(Role.ADMIN, "tisbury"), adoption=HEARD,
        )

    assert list(refused.value.errors) == ["new"]
    assert "09.7.2" in refused.value.errors["new"][0]


@time_machine.travel(dt.datetime(2027, 5, 3, 10, 0), tick=False)
def test_a_stable_fee_schedule_at_or_below_20_dollars_is_saved():
    stable = PermitType.objects.get(code="tisbury.stable")

    create_fee_schedule_version(
        permit_type=stable, effective_from=dt.date(2027, 6, 1),
        amounts={"new": Decimal("15.00"), "renewal": Decimal("20.00")},
        acting_user=staff(Role.ADMIN, "tisbury"), adoption=HEARD,
    )

    assert quote("tisbury.stable", "new", on=dt.date(2027, 5, 31))[1] == "20.00"
    assert quote("tisbury.stable", "new", on=dt.date(2027, 6, 1))[1] == "15.00"


# -- the other permit types keep the one-amount default -----------------------------


def test_a_plain_permit_type_is_priced_by_its_action_and_takes_no_facts():
    assert quote("tisbury.dumpster", "renewal", on=ON) == ([("renewal", "50.00", None)], "50.00")
    assert "variant" in refusal("tisbury.dumpster", "new", {"variant": "year_round"}, on=ON)
