"""Northborough stable permits through the API: a new private stable applied for with its site,
§2.2 plan items and answers, and the office's sign-offs (§2.3, §4.1)."""

import pytest

from permits_site.licensing.models import AuditEntry
from permits_site.licensing.services.applications import submit_application
from stables.models import StableApplication
from tests.api.conftest import client_for
from tests.factories import Role, UserFactory, staff
from tests.stables.flow import ITEMS, PRIVATE, PRIVATE_FACTS, submitted, with_plans

APPLICATIONS = "/api/v1/applications/"


def signoffs_url(application) -> str:
    return f"/api/v1/stable-applications/{application.pk}/signoffs/"


@pytest.fixture
def nb_clerk_api(db):
    return client_for(staff(Role.CLERK, "northborough"))


def new_private_stable(**changes):
    details = {
        "stable": None,
        "address": "12 Bartlett Street",
        "parcel": "62-104",
        "occupancy": "owner",
        "items": ITEMS,
        "facts": PRIVATE_FACTS,
        **changes,
    }
    return {"permit_type": PRIVATE, "action": "new", "details": details}


def test_a_private_stable_draft_42_ft_from_the_lot_line_shows_the_4_1a_finding(keeper_api):
    body = new_private_stable(
        facts={**PRIVATE_FACTS, "distance_to_abutter_property_line_ft": 42}
    )

    created = keeper_api.post(APPLICATIONS, body, format="json")
    retrieved = keeper_api.get(f"{APPLICATIONS}{created.json()['id']}/")

    assert created.status_code == 201, created.json()
    details = retrieved.json()["details"]
    assert details["stable"]["address"] == "12 Bartlett Street"
    assert details["items"]["layout"] == ITEMS["layout"]
    assert details["facts"]["distance_to_abutter_property_line_ft"] == 42
    assert details["zoning_certified_on"] is None
    [setback] = [f for f in retrieved.json()["findings"] if f["rule"] == "nb.4.1a.lot_line"]
    assert setback["outcome"] == "fail"
    assert "§4.1" in setback["citation"]


def test_an_existing_stable_of_another_keeper_is_refused_under_details(keeper_api, db):
    neighbour = UserFactory()
    theirs = submitted(neighbour).stable_application.stable

    response = keeper_api.post(APPLICATIONS, new_private_stable(stable=theirs.pk), format="json")

    assert response.status_code == 400
    assert "own stables" in response.json()["details"]["stable"][0]


def test_missing_and_mistyped_answers_are_refused_under_details_facts(keeper_api):
    facts = {**PRIVATE_FACTS, "horses": "two"}
    del facts["fence_material"]

    response = keeper_api.post(APPLICATIONS, new_private_stable(facts=facts), format="json")

    assert response.status_code == 400
    refused = response.json()["details"]["facts"]
    assert {"horses", "fence_material"} <= set(refused)
    assert not StableApplication.objects.exists()


def test_the_office_facts_are_not_the_applicants_to_state(keeper_api):
    facts = {**PRIVATE_FACTS, "zoning_certified": True}

    response = keeper_api.post(APPLICATIONS, new_private_stable(facts=facts), format="json")

    assert response.status_code == 400
    assert "zoning_certified" in response.json()["details"]["facts"]


def test_an_action_stable_permits_lack_is_refused_naming_the_action(keeper_api):
    response = keeper_api.post(APPLICATIONS, {**new_private_stable(), "action": "amendment"},
                               format="json")

    assert response.status_code == 400
    assert "action" in response.json()


def test_the_clerk_records_the_zoning_certification_and_the_conservation_review(
    keeper, keeper_api, nb_clerk_api
):
    created = keeper_api.post(APPLICATIONS, new_private_stable(), format="json")
    application = StableApplication.objects.get(application=created.json()["id"]).application
    submit_application(application=with_plans(application, keeper), acting_user=keeper)

    zoning = nb_clerk_api.post(signoffs_url(application), {
        "kind": "zoning", "on": "2027-02-08", "reference": "ZBA letter 27-14"}, format="json")
    conservation = nb_clerk_api.post(signoffs_url(application), {
        "kind": "conservation", "on": "2027-02-09"}, format="json")

    assert zoning.status_code == 200, zoning.json()
    assert conservation.status_code == 200, conservation.json()
    details = conservation.json()["details"]
    assert (details["zoning_certified_on"], details["conservation_reviewed_on"]) == (
        "2027-02-08", "2027-02-09")
    rules = {finding["rule"]: finding["outcome"] for finding in conservation.json()["findings"]}
    assert rules["nb.2.3.zoning"] == rules["nb.4.1.concom"] == "pass"
    assert AuditEntry.objects.filter(action="stable_application.zoning_certified").exists()


def test_a_sign_off_is_recorded_once_and_never_dated_in_the_future(keeper, nb_clerk_api):
    application = submitted(keeper)
    first = nb_clerk_api.post(signoffs_url(application), {"kind": "zoning", "on": "2027-02-08"},
                              format="json")

    again = nb_clerk_api.post(signoffs_url(application), {"kind": "zoning", "on": "2027-02-09"},
                              format="json")
    future = nb_clerk_api.post(signoffs_url(application),
                               {"kind": "conservation", "on": "2027-03-01"}, format="json")
    unknown = nb_clerk_api.post(signoffs_url(application), {"kind": "septic", "on": "2027-02-08"},
                                format="json")

    assert first.status_code == 200
    assert again.status_code == 400
    assert "already recorded" in str(again.json())
    assert future.status_code == 400
    assert "on" in future.json()
    assert unknown.status_code == 400
    assert "kind" in unknown.json()


def test_only_the_towns_clerk_records_sign_offs(keeper, keeper_api, db):
    application = submitted(keeper)
    body = {"kind": "zoning", "on": "2027-02-08"}
    tisbury_clerk = client_for(staff(Role.CLERK, "tisbury"))
    board_member = client_for(staff(Role.BOARD_MEMBER, "northborough"))

    assert keeper_api.post(signoffs_url(application), body, format="json").status_code == 403
    assert tisbury_clerk.post(signoffs_url(application), body, format="json").status_code == 404
    assert board_member.post(signoffs_url(application), body, format="json").status_code == 403
    assert StableApplication.objects.get(application=application).zoning_certified_on is None
