"""The actions that take no body refuse one: an application's ``submit/`` and ``withdraw/``,
a fee or fine schedule version's ``retire/``, a citation's ``hearing-request/`` (the other
apps' are tested beside them: ``tests/enforcement``, ``tests/dogs``, ``tests/tisbury``)."""

import importlib.util

import pytest
from drf_spectacular.generators import SchemaGenerator

from permits_site.enforcement.models import FineSchedule
from permits_site.licensing.models import ApplicationStatus, FeeSchedule
from tests.api.bodyless import EMPTY_BODIES, REFUSED_BODIES, assert_refused_unchanged, post_body
from tests.api.conftest import client_for, draft_for, with_rabies_proof
from tests.api.test_citations_api import MONDAY, at, cite
from tests.api.test_fee_schedules import new_version
from tests.api.test_fine_schedules import current_amounts
from tests.factories import DogFactory, Role, staff

pytestmark = pytest.mark.django_db

#: Every operation that takes no body, by the test that holds it to that.
BODYLESS = {
    "/api/v1/applications/{id}/submit/": __name__,
    "/api/v1/applications/{id}/withdraw/": __name__,
    "/api/v1/fee-schedules/{id}/retire/": __name__,
    "/api/v1/fine-schedules/{id}/retire/": __name__,
    "/api/v1/inspections/{id}/close/": "tests.enforcement.test_bodyless_actions_api",
    "/api/v1/cases/{id}/close/": "tests.enforcement.test_bodyless_actions_api",
    "/api/v1/citations/{id}/hearing-request/": __name__,
    "/api/v1/bites/{id}/potentially-dangerous-case/": "tests.dogs.test_bodyless_actions_api",
    "/api/v1/dog-cases/{id}/close/": "tests.dogs.test_bodyless_actions_api",
    "/api/v1/dog-cases/{id}/compliance/": "tests.dogs.test_bodyless_actions_api",
    "/api/v1/dog-cases/{id}/release/": "tests.dogs.test_bodyless_actions_api",
    "/api/v1/impoundments/{id}/invoice/": "tests.dogs.test_bodyless_actions_api",
    "/api/v1/impoundments/{id}/release/": "tests.dogs.test_bodyless_actions_api",
    "/api/v1/impoundments/{id}/town-property/": "tests.dogs.test_bodyless_actions_api",
    "/api/v1/found-reports/{id}/cite/": "tests.dogs.test_bodyless_actions_api",
    "/api/v1/health-orders/{id}/fine/": "tests.tisbury.test_bodyless_actions_api",
    "/api/v1/health-orders/{id}/fuel-fine/": "tests.tisbury.test_bodyless_actions_api",
    "/api/v1/septic-inspector-licenses/{id}/revoke/":
        "tests.tisbury.test_bodyless_actions_api",
}


@pytest.fixture(autouse=True)
def _monday(_frozen_clock):
    """A day a citation written today may still be heard."""
    with at(MONDAY):
        yield


def test_every_action_the_schema_gives_no_body_is_held_to_refusing_one():
    paths = SchemaGenerator().get_schema(request=None, public=True)["paths"]

    bodyless = {path for path, operations in paths.items()
                if "post" in operations and "requestBody" not in operations["post"]}

    assert bodyless == set(BODYLESS)
    assert all(importlib.util.find_spec(module) for module in set(BODYLESS.values()))


def fresh_dog_draft(resident):
    return draft_for(DogFactory(owner=resident))


def submittable(people):
    application = fresh_dog_draft(people["resident"])
    with_rabies_proof(application)
    return people["resident"], f"/api/v1/applications/{application.pk}/submit/", application


def withdrawable(people):
    application = fresh_dog_draft(people["resident"])
    return people["resident"], f"/api/v1/applications/{application.pk}/withdraw/", application


def fee_schedule_version(people):
    created = new_version(people["admin_api"]).json()
    return (people["town_admin"], f"/api/v1/fee-schedules/{created['id']}/retire/",
            FeeSchedule.objects.get(pk=created["id"]))


def fine_schedule_version(people):
    created = people["admin_api"].post("/api/v1/fine-schedules/", {
        "municipality": "north_andover", "effective_from": "2027-07-01",
        "amounts": current_amounts(people["north_andover"])}, format="json").json()
    return (people["town_admin"], f"/api/v1/fine-schedules/{created['id']}/retire/",
            FineSchedule.objects.get(pk=created["id"]))


def citation_to_hear(people):
    citation = cite(people["resident"], staff(Role.ANIMAL_CONTROL_OFFICER, "north_andover"))
    return people["resident"], f"/api/v1/citations/{citation.pk}/hearing-request/", citation


#: Each action: a record it may be taken on now, by whom, what it answers and what taking
#: it leaves.
ACTIONS = {
    "submit": (submittable, 200,
               lambda application: application.status == ApplicationStatus.SUBMITTED),
    "withdraw": (withdrawable, 200,
                 lambda application: application.status == ApplicationStatus.WITHDRAWN),
    "retire a fee schedule": (fee_schedule_version, 200,
                              lambda schedule: schedule.retired_at is not None),
    "retire a fine schedule": (fine_schedule_version, 200,
                               lambda schedule: schedule.retired_at is not None),
    "ask for a citation's hearing": (citation_to_hear, 201,
                                     lambda citation: citation.hearings.exists()),
}


@pytest.fixture
def people(resident, town_admin, north_andover):
    return {"resident": resident, "town_admin": town_admin, "north_andover": north_andover,
            "admin_api": client_for(town_admin)}


@pytest.mark.parametrize("body", REFUSED_BODIES)
@pytest.mark.parametrize("action", ACTIONS)
def test_a_body_is_refused_and_nothing_changes(people, action, body):
    user, url, record = ACTIONS[action][0](people)

    assert_refused_unchanged(user, url, record, body)


@pytest.mark.parametrize("body", EMPTY_BODIES)
@pytest.mark.parametrize("action", ACTIONS)
def test_no_body_or_an_empty_object_takes_the_action(people, action, body):
    setup, code, taken = ACTIONS[action]
    user, url, record = setup(people)

    response = post_body(user, url, *EMPTY_BODIES[body])

    assert response.status_code == code, response.content
    record.refresh_from_db()
    assert taken(record)
