"""Potential bedrooms (Tisbury BOH Reg 09.1.3(7)): "a bedroom is any potential living space
other than a kitchen, bathroom, living room, dining/family room or service room". Beyond the
well's meter (09.3.1(4)), the bedroom count decides a septic system's design flow, so the
disposal works application counts the potential bedrooms on its floor plan (09.0.8(9)) and
the bedrooms the design flow is computed for; a design for fewer is refused naming 09.1.3(7)."""

from __future__ import annotations

import datetime as dt

import pytest

from permits_site.rules.base import FactsInvalid, Outcome
from tests.factories import UserFactory
from tests.rules.test_tisbury_rules import COASTAL_SEPTIC_OK
from tests.tisbury.test_barrier_beach_limits import application_on, findings_of
from tisbury_regs.rules import DISPOSAL_WORKS_CHECK

RULE = "ti.1.3.7.bedrooms"
ON = dt.date(2030, 6, 3)


def judged(**facts):
    result = DISPOSAL_WORKS_CHECK.evaluate(DISPOSAL_WORKS_CHECK.parse(
        {**COASTAL_SEPTIC_OK, **facts}), on=ON)
    return {finding.rule: finding for finding in result.findings}[RULE]


@pytest.mark.parametrize(("design_bedrooms", "outcome"), [
    (3, Outcome.FAIL),   # one potential bedroom left out of the design flow
    (4, Outcome.PASS),   # every potential bedroom counted
    (5, Outcome.PASS),   # a design for more is never refused
])
def test_the_design_flow_counts_every_potential_bedroom_1_3_7(design_bedrooms, outcome):
    finding = judged(potential_bedrooms=4, design_bedrooms=design_bedrooms)

    assert finding.outcome is outcome
    assert finding.citation == "Tisbury BOH Reg 09.1.3(7)"
    assert (finding.required, finding.actual) == (4, design_bedrooms)


def test_a_refusal_says_what_counts_as_a_bedroom_1_3_7():
    message = judged(potential_bedrooms=4, design_bedrooms=3).message

    assert "any potential living space other than a kitchen, bathroom" in message
    assert "4 bedrooms" in message and "3 bedrooms" in message


def test_rooms_not_yet_counted_are_not_judged_1_3_7():
    assert judged().outcome is Outcome.NOT_APPLICABLE
    assert judged(potential_bedrooms=4).outcome is Outcome.NOT_APPLICABLE


def test_a_negative_count_is_refused_naming_the_fact_1_3_7():
    with pytest.raises(FactsInvalid) as refused:
        DISPOSAL_WORKS_CHECK.parse({**COASTAL_SEPTIC_OK, "potential_bedrooms": -1,
                                    "design_bedrooms": 2})
    assert list(refused.value.errors) == ["potential_bedrooms"]
    assert "Unknown fact" not in refused.value.errors["potential_bedrooms"][0]


@pytest.mark.django_db
def test_the_disposal_works_application_is_refused_a_design_for_fewer_bedrooms_1_3_7():
    owner = UserFactory(username="olive")
    application = application_on(owner, "7-B-2", potential_bedrooms=4, design_bedrooms=3)

    finding = findings_of(application)[RULE]
    assert finding.outcome is Outcome.FAIL
    assert "09.1.3(7)" in finding.citation
