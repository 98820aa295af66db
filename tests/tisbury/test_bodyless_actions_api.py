"""Tisbury's actions that take no body refuse one: a health order's ``fine/`` (09.4.8) and
``fuel-fine/`` (09.4.7) and a septic system inspector's license ``revoke/``. A body is a 400
that changes nothing; no body, or ``{}``, is taken, and the schema documents the case a
health order's action answers with."""

import datetime as dt

import pytest
import time_machine
from drf_spectacular.generators import SchemaGenerator

from tests.api.bodyless import EMPTY_BODIES, REFUSED_BODIES, assert_refused_unchanged, post_body
from tests.factories import Role, UserFactory, local, municipality, staff
from tisbury_regs.health_orders import services as health_orders
from tisbury_regs.septic.services import grant_inspector_license

pytestmark = pytest.mark.django_db

#: Friday 31 May 2030: a warning written then has run its 24 hours by Monday 3 June.
FRIDAY = dt.date(2030, 5, 31)


@pytest.fixture
def people(db):
    return {"inspector": staff(Role.INSPECTOR, "tisbury"), "admin": staff(Role.ADMIN, "tisbury"),
            "party": UserFactory(first_name="Olive", last_name="Owner")}


def facility_past_its_24_hours(people):
    with time_machine.travel(local(FRIDAY, 10), tick=False):
        case = health_orders.warn_public_facility(
            party=people["party"], facility="Owen Park restrooms", condition="Toilets blocked",
            acting_user=people["inspector"])
    return people["inspector"], f"/api/v1/health-orders/{case.pk}/fine/", case


def tank_notification_late(people):
    case = health_orders.record_new_tank(
        owner=people["party"], tank="Heating oil, 1,000 gallons", address="3 Main Street",
        in_use_on=dt.date(2030, 4, 1), acting_user=people["inspector"])
    return people["inspector"], f"/api/v1/health-orders/{case.pk}/fuel-fine/", case


def licensed_inspector(people):
    license = grant_inspector_license(
        municipality=municipality("tisbury"), user=UserFactory(), license_number="SI-7",
        expires_on=dt.date(2031, 1, 1), acting_user=people["admin"])
    return people["admin"], f"/api/v1/septic-inspector-licenses/{license.pk}/revoke/", license


#: Each action: a record it may be taken on now, and whether it was.
ACTIONS = {
    "fine a public facility": (facility_past_its_24_hours,
                               lambda case: case.citations.filter(warning=False).exists()),
    "fine a late tank notification": (tank_notification_late,
                                      lambda case: case.citations.exists()),
    "revoke an inspector's license": (licensed_inspector,
                                      lambda license: license.revoked_on is not None),
}


@pytest.mark.parametrize("body", REFUSED_BODIES)
@pytest.mark.parametrize("action", ACTIONS)
def test_a_body_is_refused_and_nothing_changes(people, action, body):
    user, url, record = ACTIONS[action][0](people)

    assert_refused_unchanged(user, url, record, body)


@pytest.mark.parametrize("body", EMPTY_BODIES)
@pytest.mark.parametrize("action", ACTIONS)
def test_no_body_or_an_empty_object_takes_the_action(people, action, body):
    setup, taken = ACTIONS[action]
    user, url, record = setup(people)

    response = post_body(user, url, *EMPTY_BODIES[body])

    assert response.status_code == 200, response.content
    record.refresh_from_db()
    assert taken(record)


@pytest.mark.parametrize(("path", "code"), [
    ("/api/v1/health-orders/{id}/fine/", "200"),
    ("/api/v1/health-orders/{id}/release/", "200"),
    ("/api/v1/health-orders/tanks/", "201"),
])
def test_a_health_orders_action_is_documented_as_answering_with_the_case(path, code):
    operation = SchemaGenerator().get_schema(request=None, public=True)["paths"][path]["post"]

    assert operation["responses"][code]["content"]["application/json"]["schema"] == {
        "$ref": "#/components/schemas/HealthCase"}
