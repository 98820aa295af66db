"""``/inspections/{id}/close/`` and ``/cases/{id}/close/`` take no body: one is refused and
changes nothing; no body, or ``{}``, closes."""

import datetime as dt

import pytest
import time_machine

from permits_site.enforcement.models import CaseStatus, InspectionStatus
from permits_site.enforcement.services import record_inspection
from tests.api.bodyless import EMPTY_BODIES, REFUSED_BODIES, assert_refused_unchanged, post_body
from tests.enforcement.conftest import CLEAN_STABLE, sanitary_inspection, stable_case

pytestmark = pytest.mark.django_db

MONDAY = dt.date(2027, 6, 7)


@pytest.fixture(autouse=True)
def _monday():
    with time_machine.travel(dt.datetime(2027, 6, 7, 9, 0), tick=False):
        yield


def inspected(stable_permit, nb_inspector):
    """An inspection with its checklist answered, ready to close."""
    inspection = sanitary_inspection(stable_permit, nb_inspector, on=MONDAY)
    record_inspection(inspection=inspection, answers=CLEAN_STABLE, notes="",
                      acting_user=nb_inspector)
    return f"/api/v1/inspections/{inspection.pk}/close/", inspection


def case_to_close(stable_permit, nb_inspector):
    case = stable_case(stable_permit, nb_inspector, received_on=MONDAY)
    return f"/api/v1/cases/{case.pk}/close/", case


#: Each action: a record it may be taken on now, and whether it was.
ACTIONS = {
    "close an inspection": (inspected,
                            lambda inspection: inspection.status == InspectionStatus.CLOSED),
    "close a case": (case_to_close, lambda case: case.status == CaseStatus.CLOSED),
}


@pytest.mark.parametrize("body", REFUSED_BODIES)
@pytest.mark.parametrize("action", ACTIONS)
def test_a_body_is_refused_and_nothing_changes(stable_permit, nb_inspector, action, body):
    url, record = ACTIONS[action][0](stable_permit, nb_inspector)

    assert_refused_unchanged(nb_inspector, url, record, body)


@pytest.mark.parametrize("body", EMPTY_BODIES)
@pytest.mark.parametrize("action", ACTIONS)
def test_no_body_or_an_empty_object_takes_the_action(stable_permit, nb_inspector, action,
                                                     body):
    setup, taken = ACTIONS[action]
    url, record = setup(stable_permit, nb_inspector)

    response = post_body(nb_inspector, url, *EMPTY_BODIES[body])

    assert response.status_code == 200, response.content
    record.refresh_from_db()
    assert taken(record)
