"""Northborough stables through the API, each a call the matching web page makes: renewals
(§2.2) and transfers (§2.4), the keeper's stables and expansions (§2.1), horse registration
(B, §3.2) and burial notices (§6.6). The clock is frozen on Wednesday, 10 February 2027."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from permits_site.audit.models import AuditEntry
from permits_site.licensing.models import Application
from stables.horses.services import HORSE_REGISTRATION, register_horse
from stables.models import Horse, HorseBurialNotice, Stable, StableExpansion, northborough
from tests.api.conftest import client_for
from tests.factories import Role, UserFactory, staff
from tests.stables.flow import (
    ITEMS,
    PRIVATE,
    PRIVATE_FACTS,
    answers,
    pdf,
    permitted,
    site,
    with_plans,
)

APPLICATIONS = "/api/v1/applications/"
STABLES = "/api/v1/stables/"
HORSES = "/api/v1/horses/"
BURIALS = "/api/v1/horse-burial-notices/"
HOLE = {
    "bottom_above_high_water_ft": 5,
    "cover_depth_ft": 6,
    "distance_to_lot_line_ft": 20,
    "distance_to_wetland_ft": 150,
    "distance_to_well_ft": 120,
}


@pytest.fixture
def nb_clerk(db):
    return staff(Role.CLERK, "northborough")


@pytest.fixture
def permit(keeper, nb_clerk):
    """A private stable permit in force for 400 sq ft of floor: 100 sq ft is its 25 %."""
    return permitted(keeper, nb_clerk, facts=answers(stable_floor_area_sqft=400))


@pytest.fixture
def stable(permit):
    return permit.application.stable_application.stable


@pytest.fixture
def neighbours_stable(db):
    neighbour = UserFactory(first_name="Ned", last_name="Neighbour")
    return Stable.objects.create(municipality=northborough(), keeper=neighbour,
                                 occupancy="owner", property=site(neighbour, "3 Church Street"))


# -- renewal (§2.2) and transfer (§2.4) ----------------------------------------------------


def renewal(permit, **changes):
    details = {"permit": permit.pk, **ITEMS, "changes_made": "Added a run-in shed door.",
               **PRIVATE_FACTS, **changes}
    return {"permit_type": PRIVATE, "action": "renewal", "details": details}


def test_a_private_renewal_drafted_through_the_api_is_invoiced_40_dollars(keeper, keeper_api,
                                                                          permit):
    created = keeper_api.post(APPLICATIONS, renewal(permit), format="json")
    with_plans(Application.objects.get(pk=created.json()["id"]), keeper)
    submitted = keeper_api.post(f"{APPLICATIONS}{created.json()['id']}/submit/")

    assert created.status_code == 201, created.json()
    assert created.json()["action"] == "renewal"
    assert created.json()["previous_permit"] == permit.pk
    assert created.json()["details"] == renewal(permit)["details"]
    assert created.json()["property"] == "12 Bartlett Street, Northborough"
    assert submitted.status_code == 200, submitted.json()
    assert submitted.json()["invoice"]["total"] == "40.00"


def test_a_renewal_must_say_what_changed_2_2(keeper_api, permit):
    response = keeper_api.post(APPLICATIONS, renewal(permit, changes_made=" "), format="json")

    assert response.status_code == 400
    assert "§2.2" in response.json()["details"]["changes_made"][0]


def test_another_keepers_permit_is_not_renewed(permit, db):
    stranger = client_for(UserFactory())

    response = stranger.post(APPLICATIONS, renewal(permit), format="json")

    assert response.status_code == 400
    assert "No permit of yours" in response.json()["details"]["permit"][0]


def test_the_new_occupant_applies_for_the_transfer_with_the_permit_number_and_address(permit):
    newcomer = client_for(UserFactory(first_name="Nia", last_name="Newcomer"))
    details = {"permit_number": permit.number.lower(), "address": " 12  bartlett street ",
               "occupancy": "occupant"}

    response = newcomer.post(APPLICATIONS, {"permit_type": PRIVATE, "action": "transfer",
                                            "details": details}, format="json")

    assert response.status_code == 201, response.json()
    assert response.json()["action"] == "transfer"
    assert response.json()["details"] == {"permit_number": permit.number,
                                          "address": "12 Bartlett Street",
                                          "occupancy": "occupant"}
    assert response.json()["previous_permit"] == permit.pk
    assert response.json()["property"] == "12 Bartlett Street, Northborough"


def test_a_transfer_naming_the_wrong_address_is_refused_under_details(permit):
    newcomer = client_for(UserFactory())
    details = {"permit_number": permit.number, "address": "99 Main Street",
               "occupancy": "owner"}

    response = newcomer.post(APPLICATIONS, {"permit_type": PRIVATE, "action": "transfer",
                                            "details": details}, format="json")

    assert response.status_code == 400
    assert "permit_number" in response.json()["details"]


# -- stables and expansions (§2.1) ---------------------------------------------------------


def test_the_keeper_sees_their_stable_with_its_permit_and_expansions(keeper_api, permit, stable):
    expanded = keeper_api.post(f"{STABLES}{stable.pk}/expansions/",
                               {"area_sqft": 40, "on": "2027-02-09", "note": "Tack room"},
                               format="json")
    shown = keeper_api.get(f"{STABLES}{stable.pk}/")

    assert expanded.status_code == 201, expanded.json()
    body = shown.json()
    assert [row["number"] for row in body["permits"]] == [permit.number]
    assert body["permits"][0]["status"] == "active"
    assert [row["description"] for row in body["expansions"]] == ["Tack room"]
    assert body["standing"]["cumulated"] == "40.0"
    assert body["grandfathered"] is False
    assert (body["property"], body["address"]) == (stable.property_id, "12 Bartlett Street")
    assert keeper_api.get(STABLES).json()["count"] == 1


def test_an_expansion_bringing_the_total_to_25_percent_is_refused_citing_2_1(
    keeper_api, stable
):
    response = keeper_api.post(f"{STABLES}{stable.pk}/expansions/",
                               {"area_sqft": "100", "on": "2027-02-09"}, format="json")

    assert response.status_code == 400
    assert "§2.1" in response.json()["area_sqft"][0]
    assert not StableExpansion.objects.exists()


def test_another_keepers_stable_is_a_404(keeper_api, neighbours_stable):
    shown = keeper_api.get(f"{STABLES}{neighbours_stable.pk}/")
    expanded = keeper_api.post(f"{STABLES}{neighbours_stable.pk}/expansions/",
                               {"area_sqft": 10, "on": "2027-02-09"}, format="json")

    assert (shown.status_code, expanded.status_code) == (404, 404)


# -- horses (B, §3.2) ----------------------------------------------------------------------


def test_a_horse_is_registered_with_its_certificate_as_a_draft(keeper_api, stable):
    response = keeper_api.post(HORSES, {
        "stable": stable.pk, "name": "Juniper", "description": "Bay Morgan mare, 12",
        "certificate": pdf("eee-tetanus.pdf"), "certificate_dated": "2027-02-01",
    }, format="multipart")

    assert response.status_code == 201, response.json()
    assert response.json()["certificate"]["code"] == "current"
    assert response.json()["registration_status"] == "draft"
    horse = Horse.objects.get()
    assert horse.inoculation_certificate.kind == "inoculation_certificate"
    assert keeper_api.get(HORSES).json()["results"][0]["name"] == "Juniper"


def registration(stable, **changes):
    details = {"stable": stable.pk, "name": "Juniper", "description": "Bay Morgan mare, 12",
               **changes}
    return {"permit_type": HORSE_REGISTRATION, "action": "new", "details": details}


def test_a_horse_registration_is_also_started_with_its_declared_fields(keeper_api, stable):
    fields = keeper_api.get(f"/api/v1/permit-types/{HORSE_REGISTRATION}/").json()["fields"]

    created = keeper_api.post(APPLICATIONS, registration(stable), format="json")

    assert [(field["name"], field["type"]) for field in fields] == [
        ("stable", "reference"), ("name", "string"), ("description", "string")]
    assert created.status_code == 201, created.json()
    assert created.json()["details"] == registration(stable)["details"]
    horse = Horse.objects.get()
    assert (horse.registration_id, horse.stable) == (created.json()["id"], stable)
    assert keeper_api.get(HORSES).json()["results"][0]["certificate"]["code"] == "missing"


def test_a_horse_registration_draft_is_corrected_through_its_details(keeper_api, stable):
    created = keeper_api.post(APPLICATIONS, registration(stable), format="json").json()

    patched = keeper_api.patch(f"{APPLICATIONS}{created['id']}/",
                               {"details": {**created["details"], "name": "Juniper Star"}},
                               format="json")

    assert patched.status_code == 200, patched.json()
    assert Horse.objects.get().name == "Juniper Star"
    assert AuditEntry.objects.filter(action="horse.updated").exists()


def test_a_horse_registration_names_a_stable_the_owner_may_keep_it_at(
    keeper_api, stable, neighbours_stable
):
    refused = keeper_api.post(APPLICATIONS, registration(neighbours_stable), format="json")
    too_long = keeper_api.post(APPLICATIONS, registration(stable, name="J" * 61), format="json")

    assert refused.status_code == 400
    assert "stable" in refused.json()["details"]
    assert too_long.status_code == 400
    assert "name" in too_long.json()["details"]
    assert not Horse.objects.exists()


def test_a_certificate_that_is_not_a_pdf_or_image_is_refused_by_content(keeper_api, stable):
    fake = SimpleUploadedFile("certificate.pdf", b"not a pdf at all", "application/pdf")

    response = keeper_api.post(HORSES, {
        "stable": stable.pk, "name": "Juniper", "description": "Bay mare",
        "certificate": fake, "certificate_dated": "2027-02-01",
    }, format="multipart")

    assert response.status_code == 400
    assert "certificate" in response.json()
    assert not Horse.objects.exists()


def test_another_keepers_horse_is_a_404_and_their_stable_is_not_offered(
    keeper_api, neighbours_stable
):
    theirs = register_horse(owner=neighbours_stable.keeper, stable=neighbours_stable,
                            name="Pepper", description="Grey pony")

    shown = keeper_api.get(f"{HORSES}{theirs.pk}/")
    boarded = keeper_api.post(HORSES, {"stable": neighbours_stable.pk, "name": "Juniper",
                                       "description": "Bay mare"}, format="json")

    assert shown.status_code == 404
    assert boarded.status_code == 400
    assert "stable" in boarded.json()


# -- burial notices (§6.6) -----------------------------------------------------------------


def burial(stable, **facts):
    return {"stable": stable.pk, "site": "North corner of the back pasture",
            "facts": {**HOLE, "burial_date": "2027-02-08", "notice_date": "2027-02-08",
                      **facts}}


def test_a_burial_notice_returns_the_findings_with_their_sections(keeper_api, stable):
    filed = keeper_api.post(BURIALS, burial(stable), format="json")
    listed = keeper_api.get(BURIALS)

    assert filed.status_code == 201, filed.json()
    assert filed.json()["compliant"] is True
    assert {finding["citation"] for finding in filed.json()["findings"]} == {
        "Northborough Horse & Stable Regs §6.6"}
    assert listed.json()["results"][0]["id"] == filed.json()["id"]
    assert AuditEntry.objects.filter(action="stable.burial_notice_filed").count() == 1


def test_notice_the_day_after_a_monday_burial_fails_the_notice_rule(keeper_api, stable):
    filed = keeper_api.post(BURIALS, burial(stable, notice_date="2027-02-09"), format="json")

    assert filed.status_code == 201, filed.json()
    outcomes = {finding["rule"]: finding["outcome"] for finding in filed.json()["findings"]}
    assert outcomes["nb.6.6.notice"] == "fail"
    assert filed.json()["compliant"] is False


def test_burial_facts_take_strict_types(keeper_api, stable):
    filed = keeper_api.post(BURIALS, burial(stable, cover_depth_ft="6"), format="json")

    assert filed.status_code == 400
    assert "cover_depth_ft" in filed.json()["facts"]
    assert not HorseBurialNotice.objects.exists()


def test_another_keepers_stable_and_notice_are_out_of_reach(keeper_api, neighbours_stable):
    neighbour = client_for(neighbours_stable.keeper)
    theirs = neighbour.post(BURIALS, burial(neighbours_stable), format="json")

    refused = keeper_api.post(BURIALS, burial(neighbours_stable), format="json")
    shown = keeper_api.get(f"{BURIALS}{theirs.json()['id']}/")

    assert theirs.status_code == 201
    assert refused.status_code == 400
    assert "stable" in refused.json()
    assert shown.status_code == 404


@pytest.mark.parametrize("path", [STABLES, HORSES, BURIALS])
def test_non_numeric_and_huge_ids_are_404_not_500(keeper_api, path):
    assert keeper_api.get(f"{path}abc/").status_code == 404
    assert keeper_api.get(f"{path}{10**30}/").status_code == 404
