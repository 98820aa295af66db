"""The Tisbury items the inspection checklists and rule sets gained (BOH Reg 09.2.3–09.2.6,
09.4.1, 09.4.6, 09.8.2–09.8.5, 09.9.6(2)): each item holds on yes and fails on no, naming its
section; the subdivision review always waits on the Board; an inlet needs approval only inland
of mean high water; the lead determination is asked from 1977 back, not from 1978."""

from __future__ import annotations

import datetime as dt

import pytest

from permits_site.rules.base import FactsInvalid, Outcome
from tests.rules.test_tisbury_rules import CAMPGROUND_OK, check
from tests.tisbury.test_every_permit_type import DUMPSTER_VISIT
from tisbury_regs.permits.dumpster_care import DUMPSTER_SITE_VISIT, ITEMS
from tisbury_regs.permits.lead_paint import lead_facts
from tisbury_regs.rules import CAMPGROUND, CAMPGROUND_UPKEEP, INLET, LEAD_PAINT, SUBDIVISION

ON = dt.date(2030, 6, 12)


def finding(rule_set, answers, rule_id):
    result = rule_set.evaluate(rule_set.parse(answers), on=ON)
    return next(found for found in result.findings if found.rule == rule_id)


@pytest.mark.parametrize("item", CAMPGROUND_UPKEEP, ids=lambda item: item.rule_id)
def test_campground_item_fails_on_no_naming_its_section_8_2_to_8_5(item):
    refused = finding(CAMPGROUND, {**CAMPGROUND_OK, item.fact: False}, item.rule_id)
    held = finding(CAMPGROUND, CAMPGROUND_OK, item.rule_id)

    assert (refused.outcome, held.outcome) == (Outcome.FAIL, Outcome.PASS)
    assert refused.citation == item.citation
    assert refused.message == item.refusal


def test_campground_poison_ivy_within_2_ft_fails_8_3_3():
    found = check(CAMPGROUND, "ti.8.3.3.poison_ivy", no_poison_ivy=False)

    assert found.outcome is Outcome.FAIL
    assert found.citation == "Tisbury BOH Reg 09.8.3(3)"


def test_campground_item_the_visit_did_not_record_is_not_applicable_8_5():
    """The spec lists the campground's facts; the agent's further items are judged where the
    visit recorded them (each item's yes and no: the test above)."""
    answers = {name: value for name, value in CAMPGROUND_OK.items() if name != "public_telephone"}

    unrecorded = finding(CAMPGROUND, answers, "ti.8.5.2.telephone")

    assert unrecorded.outcome is Outcome.NOT_APPLICABLE
    assert unrecorded.message == "Not recorded on this visit."


@pytest.mark.parametrize("item", ITEMS, ids=lambda item: item.rule_id)
def test_dumpster_site_visit_item_fails_on_no_naming_its_section_2_3_2_4_2_6(item):
    refused = finding(DUMPSTER_SITE_VISIT, {**DUMPSTER_VISIT, item.fact: False}, item.rule_id)

    assert refused.outcome is Outcome.FAIL
    assert refused.citation == item.citation


def test_dumpster_site_visit_approves_the_location_2_3_1():
    result = DUMPSTER_SITE_VISIT.evaluate(DUMPSTER_SITE_VISIT.parse(DUMPSTER_VISIT), on=ON)

    assert result.compliant
    assert [found.rule for found in result.findings][:3] == [
        "ti.2.3.1.location", "ti.2.3.2.traffic", "ti.2.3.3.screening"]


@pytest.mark.parametrize(("year", "filed", "outcome"), [
    (1977, False, Outcome.FAIL),
    (1977, True, Outcome.PASS),
    (1978, False, Outcome.NOT_APPLICABLE),
])
def test_lead_determination_from_a_sandblasting_application_4_6(year, filed, outcome):
    facts = lead_facts({"building_year_built": year, "lead_determination_filed": filed})

    assert finding(LEAD_PAINT, facts, "ti.4.6.lead").outcome is outcome


def test_no_building_named_asks_no_lead_determination_4_6():
    assert lead_facts({"building_year_built": None}) is None


def test_subdivision_review_always_waits_on_the_board_4_1():
    found = finding(SUBDIVISION, {"lots": 2, "water_table_shown": True}, "ti.4.1.review")

    assert found.outcome is Outcome.NEEDS_REVIEW
    assert "observation or monitoring wells" in found.message


def test_subdivision_plan_without_the_water_table_fails_4_1():
    found = finding(SUBDIVISION, {"lots": 3, "water_table_shown": False}, "ti.4.1.water_table")

    assert found.outcome is Outcome.FAIL
    assert found.citation == "Tisbury BOH Reg 09.4.1"


@pytest.mark.parametrize(("lots", "valid"), [(1, False), (2, True)])
def test_a_subdivision_is_two_lots_or_more_4_1(lots, valid):
    answers = {"lots": lots, "water_table_shown": True}
    if valid:
        assert SUBDIVISION.parse(answers)["lots"] == lots
    else:
        with pytest.raises(FactsInvalid):
            SUBDIVISION.parse(answers)


@pytest.mark.parametrize(("inland", "outcome"), [
    (True, Outcome.NEEDS_REVIEW), (False, Outcome.NOT_APPLICABLE)])
def test_a_new_inlet_inland_of_mean_high_water_needs_written_approval_9_6_2(inland, outcome):
    found = finding(INLET, {"inland_of_mean_high_water": inland}, "ti.9.6.2.inlet")

    assert found.outcome is outcome
    assert found.citation == "Tisbury BOH Reg 09.9.6(2)"
