"""A needs_review finding holds issuance until determined; the online switch closes the web
form and the API but not the counter (spec ``lifecycle.md``)."""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader

from permits_site.audit.models import AuditEntry
from permits_site.exceptions import DomainError, InvalidTransition
from permits_site.licensing.models import Application
from permits_site.licensing.services import applications as application_services
from permits_site.licensing.services.declarations import set_online
from permits_site.parties.services import find_or_create_property
from permits_site.pdf.rendering import render_permit_pdf_bytes
from tests.factories import UserFactory, municipality
from tests.lifecycle.conftest import finish, party_on


@pytest.fixture
def host(db):
    return UserFactory(username="hal", first_name="Hal", last_name="Host")


@pytest.fixture
def garden(host):
    return find_or_create_property(municipality=municipality("north_andover"),
                                   address="3 Elm Street", acting_user=host)[0]


def details(garden, guests: int = 120) -> dict:
    return {"property": garden.pk, "guests": guests, "party_date": party_on()}


def big_party(api, host, garden, permit_type) -> Application:
    api.force_authenticate(host)
    response = api.post("/api/v1/applications/", {
        "permit_type": permit_type.code, "action": "new", "details": details(garden),
    }, format="json")
    assert response.status_code == 201, response.content
    assert ("garden.1.neighbours", "review_determined") in [
        (blocker["code"], blocker["gate"]) for blocker in response.json()["blockers"]]
    application = Application.objects.get(pk=response.json()["id"])
    application_services.submit_application(application=application, acting_user=host)
    return application


def determine(api, clerk, application, *, acceptable: bool, note: str):
    api.force_authenticate(clerk)
    return api.post(f"/api/v1/applications/{application.pk}/determinations/", {
        "rule": "garden.1.neighbours", "acceptable": acceptable, "note": note,
    }, format="json")


def test_an_acceptable_determination_clears_the_gate_and_prints_on_the_permit(
    api, garden_party, host, garden, clerk
):
    application = big_party(api, host, garden, garden_party)
    response = determine(api, clerk, application, acceptable=True,
                         note="Neighbours consulted; music ends at 9 pm.")
    assert response.status_code == 201, response.content
    assert "review_determined" not in {blocker["gate"] for blocker in response.json()["blockers"]}

    permit = finish(Application.objects.get(pk=application.pk), clerk=clerk, reference="D-1")
    assert permit.determinations[0]["reviewer"] == "Carla Clerk"
    text = "".join(page.extract_text() for page in PdfReader(
        io.BytesIO(render_permit_pdf_bytes(permit))).pages)
    assert "Neighbours consulted; music ends at 9 pm." in text
    assert "Carla Clerk" in text


def test_a_not_acceptable_determination_keeps_holding_issuance(
    api, garden_party, host, garden, clerk
):
    application = big_party(api, host, garden, garden_party)
    response = determine(api, clerk, application, acceptable=False, note="Too close to homes.")
    blockers = {blocker["gate"]: blocker["message"] for blocker in response.json()["blockers"]}
    assert blockers["review_determined"] == "Determined not acceptable: Too close to homes."
    with pytest.raises(InvalidTransition):
        application_services.approve_application(application=application, acting_user=clerk)


def test_only_a_finding_that_needs_review_is_determined(api, garden_party, host, garden, clerk):
    application = big_party(api, host, garden, garden_party)
    with pytest.raises(DomainError) as refused:
        application_services.record_determination(
            application=application, rule_id="garden.2.size", acceptable=True,
            note="Fine.", acting_user=clerk)
    assert "rule" in refused.value.errors
    with pytest.raises(DomainError) as unwritten:
        application_services.record_determination(
            application=application, rule_id="garden.1.neighbours", acceptable=True,
            note="  ", acting_user=clerk)
    assert "note" in unwritten.value.errors
    api.force_authenticate(host)
    assert determine(api, host, application, acceptable=True, note="I say so.").status_code == 403


def test_switching_a_type_off_closes_the_web_form_and_the_api_but_not_the_counter(
    api, client, garden_party, host, garden, clerk
):
    town_admin = clerk
    set_online(permit_type=garden_party, online=False, acting_user=town_admin)
    assert AuditEntry.objects.filter(action="permit_type.offline").exists()

    api.force_authenticate(host)
    refused = api.post("/api/v1/applications/", {
        "permit_type": garden_party.code, "action": "new", "details": details(garden, 5),
    }, format="json")
    assert refused.status_code == 400
    assert "online" in refused.json()["permit_type"][0]
    client.force_login(host)
    assert client.get(f"/apply/{garden_party.code}/").status_code == 403

    api.force_authenticate(clerk)
    at_counter = api.post("/api/v1/applications/", {
        "permit_type": garden_party.code, "action": "new", "applicant": "hal",
        "details": details(garden, 5),
    }, format="json")
    assert at_counter.status_code == 201, at_counter.content
    assert at_counter.json()["applicant"] == "Hal Host"


def test_only_clerks_apply_for_someone_else(api, garden_party, host, garden):
    neighbour = UserFactory()
    api.force_authenticate(neighbour)
    response = api.post("/api/v1/applications/", {
        "permit_type": garden_party.code, "action": "new", "applicant": "hal",
        "details": details(garden, 5),
    }, format="json")
    assert response.status_code == 400
    assert "applicant" in response.json()
