"""The Board "will inspect temporary food kitchens" (Tisbury BOH Reg 09.5.3): the inspection is
scheduled on the permit for the event's first day when the permit issues (not a gate before
issue: the kitchen is set up on the day), and a failed inspection suspends the permit."""

from __future__ import annotations

import datetime as dt

import pytest
import time_machine

from permits_site import audit
from permits_site.enforcement.models import Inspection
from permits_site.enforcement.services.inspections import close_inspection
from permits_site.licensing.models import PermitStatus
from tests.factories import Role, UserFactory, local, staff
from tests.tisbury.test_food_and_sandblasting_permits import (
    EVENT,
    TEMPORARY_FOOD,
    carried_to_a_permit,
    start,
)
from tisbury_regs.permits.food import TEMPORARY_KITCHEN_VISIT

pytestmark = pytest.mark.django_db

KITCHEN_PASSES = dict.fromkeys(("clean_and_sanitary", "food_handling", "transportation",
                                "approved_sources"), True)


@pytest.fixture
def owner(db):
    return UserFactory(username="fern", first_name="Fern", last_name="Owner")


@pytest.fixture
def agent(db):
    return staff(Role.INSPECTOR, "tisbury", first_name="Ian", last_name="Agent")


@pytest.fixture
def permit(owner, clerk, agent):
    created = start(owner, TEMPORARY_FOOD, **EVENT, operator="non_profit")
    issued, _submitted = carried_to_a_permit(owner, clerk, created)
    return issued


def test_the_kitchen_inspection_is_scheduled_on_the_permit_for_the_event_0953(permit, agent):
    [visit] = Inspection.objects.filter(permit=permit)

    assert visit.check_code == TEMPORARY_KITCHEN_VISIT.code
    assert visit.scheduled_for == dt.date(2030, 7, 10)
    assert visit.inspector == agent
    assert visit.address == "Main Street, Vineyard Haven"
    assert permit.status == PermitStatus.ACTIVE


def test_the_checklist_names_each_thing_the_board_inspects_0953():
    assert {fact.name for fact in TEMPORARY_KITCHEN_VISIT.facts} == set(KITCHEN_PASSES)
    assert all(rule.citation.endswith("09.5.3") for rule in TEMPORARY_KITCHEN_VISIT.rules)


def test_a_failed_kitchen_inspection_suspends_the_permit_0953(permit, agent):
    visit = Inspection.objects.get(permit=permit)

    with time_machine.travel(local(dt.date(2030, 7, 10)), tick=False):
        close_inspection(inspection=visit, acting_user=agent,
                         answers={**KITCHEN_PASSES, "approved_sources": False})

    permit.refresh_from_db()
    assert permit.status == PermitStatus.SUSPENDED
    [entry] = [entry for entry in audit.history_of(permit) if entry.action == "permit.suspend"]
    assert "failed the Board of Health's inspection of July 10, 2030" in entry.summary
    assert "09.5.3" in entry.summary


def test_a_passed_kitchen_inspection_leaves_the_permit_active_0953(permit, agent):
    visit = Inspection.objects.get(permit=permit)

    with time_machine.travel(local(dt.date(2030, 7, 10)), tick=False):
        close_inspection(inspection=visit, acting_user=agent, answers=KITCHEN_PASSES)

    permit.refresh_from_db()
    assert permit.status == PermitStatus.ACTIVE
