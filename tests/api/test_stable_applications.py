"""Northborough stable permits through the API: a new private stable applied for on its site
with the §2.2 plan items and the answers as flat ``details`` — exactly the permit type's
declared ``fields`` — and the office's sign-offs (§2.3, §4.1)."""

import pytest

from permits_site.audit.models import AuditEntry
from permits_site.licensing.models import Application
from permits_site.licensing.services.applications import submit_application
from permits_site.parties.services import find_or_create_property
from stables.facts import resident_questions
from stables.models import StableApplication
from tests.api.conftest import client_for
from tests.factories import Role, UserFactory, municipality, staff
from tests.stables.flow import ITEMS, PRIVATE, PRIVATE_FACTS, site, submitted, with_plans

APPLICATIONS = "/api/v1/applications/"
DECLARATION = f"/api/v1/permit-types/{PRIVATE}/"


def signoffs_url(application) -> str:
    return f"/api/v1/stable-applications/{application.pk}/signoffs/"


@pytest.fixture
def nb_clerk_api(db):
    return client_for(staff(Role.CLERK, "northborough"))


@pytest.fixture
def stable_site(keeper):
    """The keeper's stable site in Northborough, on file as their property."""
    return site(keeper)


def new_private_stable(place, **changes):
    details = {"property": place.pk, "occupancy": "owner", **ITEMS, **PRIVATE_FACTS, **changes}
    return {"permit_type": PRIVATE, "action": "new", "details": details}


def declared_names(client, action: str) -> set[str]:
    fields = client.get(DECLARATION).json()["fields"]
    return {field["name"] for field in fields
            if not field.get("actions") or action in field["actions"]}


def test_the_declared_fields_of_each_action_are_flat(keeper_api):
    declared = keeper_api.get(DECLARATION).json()
    answers = {fact.name for fact in resident_questions(PRIVATE).facts}
    items = set(ITEMS) | {"other_data"}

    assert declared["about"] == "property"
    assert declared_names(keeper_api, "new") == {"property", "occupancy", *items, *answers}
    assert declared_names(keeper_api, "renewal") == {"permit", "changes_made", *items, *answers}
    assert declared_names(keeper_api, "transfer") == {"permit_number", "address", "occupancy"}
    assert {field["type"] for field in declared["fields"]} <= {
        "reference", "choice", "string", "integer", "number", "boolean"}
    assert declared["facts_from"]["zoning_certified"] == "office"
    assert {document["kind"]: document.get("actions") for document in declared["documents"]} == {
        "plot_plan": ["new", "renewal"], "stable_plan": ["new", "renewal"],
        "transfer_notice_transferor": ["transfer"], "transfer_notice_transferee": ["transfer"],
        "other_data": ["new", "renewal"]}


def test_a_private_stable_draft_42_ft_from_the_lot_line_shows_the_4_1a_finding(
    keeper_api, stable_site
):
    body = new_private_stable(stable_site, distance_to_abutter_property_line_ft=42)

    created = keeper_api.post(APPLICATIONS, body, format="json")
    retrieved = keeper_api.get(f"{APPLICATIONS}{created.json()['id']}/")

    assert created.status_code == 201, created.json()
    application = retrieved.json()
    assert application["details"] == body["details"]
    assert application["property"] == "12 Bartlett Street, Northborough"
    [setback] = [f for f in application["findings"] if f["rule"] == "nb.4.1a.lot_line"]
    assert setback["outcome"] == "fail"
    assert "§4.1" in setback["citation"]
    assert Application.objects.get().place == stable_site


def test_details_built_from_the_declared_fields_alone_are_accepted(keeper_api, stable_site):
    fields = keeper_api.get(DECLARATION).json()["fields"]
    sample = {"property": stable_site.pk, "occupancy": "occupant", "fence_material": "wood",
              **PRIVATE_FACTS}
    details = {
        field["name"]: sample.get(field["name"], f"About {field['name']}")
        for field in fields
        if "new" in field.get("actions", ["new"]) and field["required"]
    }

    created = keeper_api.post(APPLICATIONS, {"permit_type": PRIVATE, "action": "new",
                                             "details": details}, format="json")

    assert created.status_code == 201, created.json()
    assert created.json()["details"] == details


def test_a_property_that_is_not_the_applicants_is_refused_under_details(keeper_api, db):
    theirs = site(UserFactory(), "3 Church Street")

    response = keeper_api.post(APPLICATIONS, new_private_stable(theirs), format="json")

    assert response.status_code == 400
    assert "property" in response.json()["details"]
    assert not StableApplication.objects.exists()


def test_a_site_outside_northborough_is_refused_on_the_property(keeper, keeper_api):
    home, _ = find_or_create_property(municipality=municipality("north_andover"),
                                      address="12 Elm Street", acting_user=keeper)

    response = keeper_api.post(APPLICATIONS, new_private_stable(home), format="json")

    assert response.status_code == 400
    assert "Northborough" in response.json()["details"]["property"][0]


def test_missing_and_mistyped_answers_are_refused_under_their_own_names(
    keeper_api, stable_site
):
    body = new_private_stable(stable_site, horses="two")
    del body["details"]["fence_material"]
    del body["details"]["layout"]

    response = keeper_api.post(APPLICATIONS, body, format="json")

    assert response.status_code == 400
    assert {"horses", "fence_material", "layout"} <= set(response.json()["details"])
    assert not StableApplication.objects.exists()


def test_nested_items_or_facts_are_unknown_fields(keeper_api, stable_site):
    body = new_private_stable(stable_site, items=ITEMS, facts=PRIVATE_FACTS)

    response = keeper_api.post(APPLICATIONS, body, format="json")

    assert response.status_code == 400
    assert {"items", "facts"} <= set(response.json()["details"])


def test_the_office_facts_are_not_the_applicants_to_state(keeper_api, stable_site):
    body = new_private_stable(stable_site, zoning_certified=True)

    response = keeper_api.post(APPLICATIONS, body, format="json")

    assert response.status_code == 400
    assert "zoning_certified" in response.json()["details"]


def test_a_blank_plan_item_is_refused_citing_2_2(keeper_api, stable_site):
    response = keeper_api.post(APPLICATIONS, new_private_stable(stable_site, fencing="  "),
                               format="json")

    assert response.status_code == 400
    assert "§2.2" in response.json()["details"]["fencing"][0]


def test_an_action_stable_permits_lack_is_refused_naming_the_action(keeper_api, stable_site):
    response = keeper_api.post(APPLICATIONS,
                               {**new_private_stable(stable_site), "action": "amendment"},
                               format="json")

    assert response.status_code == 400
    assert "action" in response.json()


def test_a_draft_s_details_are_replaced_with_the_same_fields(keeper_api, stable_site):
    body = new_private_stable(stable_site, distance_to_abutter_property_line_ft=42)
    created = keeper_api.post(APPLICATIONS, body, format="json").json()
    details = {**created["details"], "distance_to_abutter_property_line_ft": 55,
               "layout": "Three stalls.", "occupancy": "occupant"}

    patched = keeper_api.patch(f"{APPLICATIONS}{created['id']}/", {"details": details},
                               format="json")

    assert patched.status_code == 200, patched.json()
    assert patched.json()["details"] == details
    outcomes = {f["rule"]: f["outcome"] for f in patched.json()["findings"]}
    assert outcomes["nb.4.1a.lot_line"] == "pass"
    stable_application = StableApplication.objects.get()
    assert (stable_application.layout, stable_application.occupancy) == ("Three stalls.",
                                                                         "occupant")


def test_the_clerk_records_the_zoning_certification_and_the_conservation_review(
    keeper, keeper_api, nb_clerk_api, stable_site
):
    created = keeper_api.post(APPLICATIONS, new_private_stable(stable_site), format="json")
    application = Application.objects.get(pk=created.json()["id"])
    submit_application(application=with_plans(application, keeper), acting_user=keeper)

    zoning = nb_clerk_api.post(signoffs_url(application), {
        "kind": "zoning", "on": "2027-02-08", "reference": "ZBA letter 27-14"}, format="json")
    conservation = nb_clerk_api.post(signoffs_url(application), {
        "kind": "conservation", "on": "2027-02-09"}, format="json")

    assert zoning.status_code == 200, zoning.json()
    assert conservation.status_code == 200, conservation.json()
    recorded = StableApplication.objects.get(application=application)
    assert (str(recorded.zoning_certified_on), str(recorded.conservation_reviewed_on)) == (
        "2027-02-08", "2027-02-09")
    rules = {finding["rule"]: finding["outcome"] for finding in conservation.json()["findings"]}
    assert rules["nb.2.3.zoning"] == rules["nb.4.1.concom"] == "pass"
    assert "zoning_certified" not in conservation.json()["details"]
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
