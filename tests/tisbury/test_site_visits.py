"""The agent's visits that no permit asks for (Tisbury BOH Reg 09.6.4, 09.6.5, 09.7.2 with MGL
c.129 §19): each item holds on yes and fails on no naming its section, and a visit is
scheduled against an address, answered and closed through the inspections API — a junkyard
not screened from sight fails its visit."""

from __future__ import annotations

import datetime as dt

import pytest

from permits_site.rules.base import Outcome
from tests.factories import Role, staff
from tests.tisbury.support import TODAY, client_for
from tisbury_regs.site_visits.checklists import (
    JUNKYARD_VISIT,
    LIVESTOCK_VISIT,
    RECREATIONAL_RESTROOMS_VISIT,
    SITE_VISITS,
)

ON = dt.date(2030, 6, 12)
ITEMS = [(visit, fact) for visit in SITE_VISITS for fact in visit.facts]


def all_yes(visit) -> dict[str, bool]:
    return {fact.name: True for fact in visit.facts}


@pytest.mark.parametrize(("visit", "fact"), ITEMS,
                         ids=[f"{visit.code}:{fact.name}" for visit, fact in ITEMS])
def test_each_site_visit_item_fails_on_no_naming_its_section(visit, fact):
    result = visit.evaluate(visit.parse({**all_yes(visit), fact.name: False}), on=ON)

    failed = [finding for finding in result.findings if finding.outcome is Outcome.FAIL]
    assert len(failed) == 1
    assert failed[0].citation == fact.help_text


@pytest.mark.parametrize(("visit", "section"), [
    (JUNKYARD_VISIT, "Tisbury BOH Reg 09.6.4"),
    (RECREATIONAL_RESTROOMS_VISIT, "Tisbury BOH Reg 09.6.5"),
    (LIVESTOCK_VISIT, "Tisbury BOH Reg 09.7.2, MGL c.129 §19"),
])
def test_each_visit_cites_its_section_and_passes_when_all_hold_6_4_6_5_7_2(visit, section):
    result = visit.evaluate(visit.parse(all_yes(visit)), on=ON)

    assert result.compliant
    assert {finding.citation for finding in result.findings} == {section}


@pytest.mark.django_db
def test_a_junkyard_not_screened_from_sight_fails_its_visit_6_4(clerk):
    inspector = staff(Role.INSPECTOR, "tisbury")
    scheduled = client_for(clerk).post("/api/v1/inspections/", {
        "municipality": "tisbury", "check": JUNKYARD_VISIT.code,
        "scheduled_for": TODAY.isoformat(), "inspector": inspector.pk,
        "address": "40 State Road"}, format="json")
    assert scheduled.status_code == 201, scheduled.content
    agent, visit = client_for(inspector), scheduled.json()["id"]

    agent.post(f"/api/v1/inspections/{visit}/findings/", {
        "answers": {**all_yes(JUNKYARD_VISIT), "screened_from_sight": False},
        "notes": "Cars in plain sight from the road."}, format="json")
    closed = agent.post(f"/api/v1/inspections/{visit}/close/")

    assert closed.json()["result"] == "failed", closed.content
