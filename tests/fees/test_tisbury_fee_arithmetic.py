"""The pure arithmetic behind Tisbury's surcharges, waiver and pro-rating."""

import datetime as dt
from decimal import Decimal

import pytest

from tisbury_regs.fines import FOOD_SURCHARGES, SEPTAGE_SURCHARGES
from tisbury_regs.permits.fees import (
    compliance_surcharge,
    non_profit_waiver_applies,
    proration,
    share_still_due,
)

OCT_1 = dt.date(2027, 10, 1)


@pytest.mark.parametrize(("on", "percent"), [
    (dt.date(2027, 1, 1), 100), (dt.date(2027, 3, 31), 100), (dt.date(2027, 4, 1), 75),
    (dt.date(2027, 7, 1), 50), (dt.date(2027, 9, 30), 50), (OCT_1, 25), (dt.date(2027, 12, 31), 25),
])
def test_share_still_due_counts_the_current_quarter(on, percent):
    assert share_still_due(on) == percent


def test_proration_before_waivers_open_is_nothing():
    assert proration(Decimal("150.00"), on=dt.date(2027, 9, 30), waivers_open=OCT_1) is None


def test_proration_leaves_exactly_the_share_due_in_cents():
    line = proration(Decimal("99.99"), on=OCT_1, waivers_open=OCT_1)

    assert (line.code, line.percent) == ("proration", 25)
    assert Decimal("99.99") + line.amount == Decimal("25.00")


def test_the_surcharge_line_names_the_highest_event_and_its_section():
    line = compliance_surcharge(Decimal("100.00"), ("validated_complaint", "citation_order"),
                                SEPTAGE_SURCHARGES)

    assert (line.amount, line.percent) == (Decimal("100.00"), 100)
    assert "citation/order to correct violations" in line.description
    assert line.citation == "Tisbury BOH Reg 09.1.4"


def test_no_events_no_surcharge_line():
    assert compliance_surcharge(Decimal("150.00"), (), FOOD_SURCHARGES) is None


def test_every_surcharge_level_of_the_text_is_on_a_schedule():
    assert set(FOOD_SURCHARGES.percents.values()) == {25, 50, 75, 100, 150, 200}
    assert set(SEPTAGE_SURCHARGES.percents.values()) == {25, 50, 100, 150, 200}


@pytest.mark.parametrize(("retail", "kitchen", "benefit", "waived"), [
    (False, False, False, True), (True, False, False, False), (False, True, False, False),
    (True, True, False, False), (True, True, True, True),
])
def test_non_profit_waiver_truth_table(retail, kitchen, benefit, waived):
    assert non_profit_waiver_applies(
        non_profit=True, sells_retail_products=retail, rents_kitchen_commercially=kitchen,
        occasional_benefit=benefit,
    ) is waived
