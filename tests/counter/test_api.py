"""The counter through the API: ``/people/`` finds a resident or enters one without an email
address; ``POST /applications/`` names them by username; the clerk submits for them."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from permits_site.accounts.models import User
from permits_site.audit.models import AuditEntry
from permits_site.licensing.models import Application
from tests.counter.conftest import BODY_ART
from tests.factories import Role, UserFactory, staff

pytestmark = pytest.mark.django_db

RUTH = {"municipality": "tisbury", "first_name": "Ruth", "last_name": "Walker",
        "street_address": "4 Main Street", "city": "Vineyard Haven", "postal_code": "02568"}


def client_for(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


@pytest.fixture
def api(tisbury_clerk):
    return client_for(tisbury_clerk)


def test_the_clerk_enters_two_people_without_an_email_address(api):
    first = api.post("/api/v1/people/", RUTH, format="json")
    second = api.post("/api/v1/people/", {**RUTH, "first_name": "Sam", "email": ""},
                      format="json")

    assert (first.status_code, second.status_code) == (201, 201)
    assert first.json()["email"] is None and second.json()["email"] is None
    assert first.json()["mailing_address"] == "4 Main Street, Vineyard Haven, MA 02568"
    assert User.objects.filter(email__isnull=True).count() == 2


def test_a_null_email_is_none_too(api):
    response = api.post("/api/v1/people/", {**RUTH, "email": None}, format="json")

    assert response.status_code == 201 and response.json()["email"] is None


def test_an_address_taken_in_another_case_is_a_400_on_email(api):
    UserFactory(email="ruth@example.org")

    response = api.post("/api/v1/people/", {**RUTH, "email": "RUTH@example.org"},
                        format="json")

    assert response.status_code == 400 and list(response.json()) == ["email"]


@pytest.mark.parametrize("field, value", [("postal_code", "ABCDE"), ("municipality", "atlantis"),
                                          ("first_name", ""), ("state", "ZZ"), ("state", "ny"),
                                          ("state", ""), ("state", None)])
def test_bad_input_names_the_field(api, field, value):
    people_before = User.objects.count()

    response = api.post("/api/v1/people/", {**RUTH, field: value}, format="json")

    assert response.status_code == 400 and field in response.json()
    assert User.objects.count() == people_before


@pytest.mark.parametrize("make", [UserFactory, lambda: staff(Role.INSPECTOR, "tisbury")],
                         ids=["resident", "inspector"])
def test_only_clerks_find_or_enter_people(make):
    client = client_for(make())
    people_before = User.objects.count()

    assert client.get("/api/v1/people/", {"q": "Walker"}).status_code == 403
    assert client.post("/api/v1/people/", RUTH, format="json").status_code == 403
    assert User.objects.count() == people_before


def test_another_towns_clerk_cannot_enter_people_for_tisbury():
    client = client_for(staff(Role.CLERK, "north_andover"))

    assert client.post("/api/v1/people/", RUTH, format="json").status_code == 403


def test_anonymous_callers_are_asked_to_sign_in():
    assert APIClient().get("/api/v1/people/").status_code == 401


def test_a_person_entered_without_a_state_lives_in_massachusetts(api):
    """The towns' forms offer Massachusetts first; a client that sends no state gets it."""
    response = api.post("/api/v1/people/", RUTH, format="json")

    assert response.status_code == 201 and response.json()["state"] == "MA"
    assert User.objects.get(pk=response.json()["id"]).state == "MA"


def test_the_clerk_enters_a_summer_resident_from_new_york_and_finds_their_state(api):
    response = api.post("/api/v1/people/", {
        **RUTH, "street_address": "210 West 89th Street", "city": "New York", "state": "NY",
        "postal_code": "10024"}, format="json")

    assert response.status_code == 201
    assert response.json()["mailing_address"] == "210 West 89th Street, New York, NY 10024"
    found = api.get("/api/v1/people/", {"q": "Walker"}).json()
    assert [(person["state"], person["mailing_address"]) for person in found] == [
        ("NY", "210 West 89th Street, New York, NY 10024")]


def test_a_state_not_on_the_list_is_refused_in_words(api):
    response = api.post("/api/v1/people/", {**RUTH, "state": "Mass."}, format="json")

    assert response.json() == {"state": [
        "\"Mass.\" is not a state's code: send the two letters USPS uses, like MA or NY."]}


def test_the_clerk_finds_people_by_name_or_address(api, walk_in):
    found = api.get("/api/v1/people/", {"q": "vineyard haven"}).json()

    assert [person["username"] for person in found] == [walk_in.username]
    assert api.get("/api/v1/people/").json() == []


def test_the_clerk_applies_and_submits_for_a_person_without_an_address(api, walk_in,
                                                                        tisbury_clerk):
    created = api.post("/api/v1/applications/", {
        "permit_type": BODY_ART, "action": "new", "applicant": walk_in.username,
    }, format="json")
    assert created.status_code == 201, created.json()

    submitted = api.post(f"/api/v1/applications/{created.json()['id']}/submit/")

    assert submitted.status_code == 200 and submitted.json()["status"] == "submitted"
    assert Application.objects.get().applicant == walk_in
    entry = AuditEntry.objects.get(action="application.submitted")
    assert entry.actor == tisbury_clerk and "at the counter" in entry.summary


def test_another_towns_clerk_cannot_submit_it(api, walk_in):
    created = api.post("/api/v1/applications/", {
        "permit_type": BODY_ART, "action": "new", "applicant": walk_in.username,
    }, format="json").json()
    other = client_for(staff(Role.CLERK, "north_andover"))

    assert other.post(f"/api/v1/applications/{created['id']}/submit/").status_code == 404
    assert Application.objects.get().status == "draft"


def test_a_board_member_of_the_town_cannot_submit_it(api, walk_in):
    created = api.post("/api/v1/applications/", {
        "permit_type": BODY_ART, "action": "new", "applicant": walk_in.username,
    }, format="json").json()
    board = client_for(staff(Role.BOARD_MEMBER, "tisbury"))

    assert board.post(f"/api/v1/applications/{created['id']}/submit/").status_code == 403
    assert Application.objects.get().status == "draft"
