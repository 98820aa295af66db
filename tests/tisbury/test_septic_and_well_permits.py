"""The private well registration and the disposal works construction permit (Tisbury BOH Reg
09.3.1, 09.9, 09.0.8): declared through the API, the zone read from the property, the
disposal works held on ``well_ready`` (09.3.1(3)) and, for an alternative system, on a
hearing with ten days' notice to the abutters (09.0.8(13))."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest
import time_machine
from django.core.files.uploadedfile import SimpleUploadedFile
from rest_framework.test import APIClient

from permits_site.audit.models import AuditEntry
from permits_site.enforcement.services.inspections import schedule_inspection
from permits_site.exceptions import DomainError, InvalidTransition, PermissionDenied
from permits_site.licensing.models import Application, Permit, PermitType, Variance
from permits_site.licensing.services import applications as application_services
from permits_site.licensing.services.documents import review_document, upload_document
from permits_site.licensing.services.hearings import decide_hearing, schedule_hearing
from permits_site.licensing.services.payments import record_payment
from permits_site.licensing.services.permits import issue_permit
from permits_site.licensing.services.variances import request_variance, sign_variance
from permits_site.pdf.notices import render_hearing_notices_pdf
from tests.e2e.plain_language import pdf_title_and_text
from tests.factories import Role, UserFactory, municipality, staff, tisbury_place
from tests.rules.test_tisbury_rules import COASTAL_SEPTIC_OK, PRIVATE_WELL_OK
from tests.tisbury.support import (
    SAMPLE,
    TODAY,
    WRITTEN_WAIVER,
    accepted_documents,
    client_for,
    pdf_text,
)
from tests.tisbury.test_every_permit_type import DISPOSAL_WORKS_ONLY
from tisbury_regs.permits.disposal_works import record_public_water

pytestmark = pytest.mark.django_db
WELL = "tisbury.well_registration"
DISPOSAL_WORKS = "tisbury.disposal_works"
WELL_SECTION = "Tisbury BOH Reg 09.3.1(3)"
HEARING_SECTION = "Tisbury BOH Reg 09.0.8(13)"
#: The applicant's answers: the zone is the property's, never asked.
WELL_ANSWERS = {name: value for name, value in PRIVATE_WELL_OK.items() if name != "zone"}
SEPTIC_ANSWERS = {name: value for name, value in COASTAL_SEPTIC_OK.items() if name != "zone"}
WELL_DOCUMENTS = ("potability_report", "pumping_test")
SEPTIC_DOCUMENTS = ("septic_design", "floor_plan")
ABUTTERS = [{"name": "Ann Abbot", "mailing_address": "3 Beach Road, Vineyard Haven MA 02568"}]



@pytest.fixture
def owner(db):
    return UserFactory(username="olive", first_name="Olive", last_name="Owner")




def lot(owner, zone: str = "coastal_district", address: str = "12 Beach Road"):
    return tisbury_place(owner, zone, address=address)


def start(owner, code: str, place, **answers) -> Application:
    response = client_for(owner).post("/api/v1/applications/", {
        "permit_type": code, "action": "new", "details": {"property": place.pk, **answers},
    }, format="json")
    assert response.status_code == 201, response.content
    return Application.objects.get(pk=response.json()["id"])


def words_of(content: bytes) -> str:
    title, text = pdf_title_and_text(content)
    return f"{title} {text}"


def blocker_codes(application, gate: str) -> list[str]:
    return [blocker.code for blocker in application_services.blockers(application)
            if blocker.gate == gate]


def submitted_with_documents(application, kinds, *, clerk) -> Application:
    """The documents attached (they are required before submitting), submitted, the
    documents accepted and the fee paid."""
    documents = []
    for kind in kinds:
        with open(SAMPLE, "rb") as sample:
            documents.append(upload_document(
                application=application, uploaded_by=application.applicant, kind=kind,
                upload=SimpleUploadedFile(f"{kind}.pdf", sample.read(), "application/pdf")))
    application_services.submit_application(application=application,
                                             acting_user=application.applicant)
    for document in documents:
        review_document(document=document, accepted=True, acting_user=clerk)
    invoice = application_services.current_invoice(application)
    record_payment(invoice=invoice, method="cash", reference=f"R-{application.pk}",
                   amount=Decimal(invoice.total), acting_user=clerk)
    application.refresh_from_db()
    return application


def issued(application, kinds, *, clerk) -> Permit:
    submitted_with_documents(application, kinds, clerk=clerk)
    application_services.approve_application(application=application, acting_user=clerk)
    return issue_permit(application=application, acting_user=clerk)


def registered_well(owner, place, clerk, **answers) -> Permit:
    return issued(start(owner, WELL, place, **{**WELL_ANSWERS, **answers}), WELL_DOCUMENTS,
                  clerk=clerk)



# -- the declarations ----------------------------------------------------------------------


@pytest.mark.parametrize(("code", "extra_fields", "answers", "documents", "gates", "term"), [
    (WELL, [], list(WELL_ANSWERS), WELL_DOCUMENTS,
     ["documents_accepted", "rules_met", "review_determined", "hearing_decided",
      "board_signatures", "fee_paid"],
     "No expiry"),
    (DISPOSAL_WORKS, ["alternative_system", "perc_tested_on"],
     [*SEPTIC_ANSWERS, *DISPOSAL_WORKS_ONLY], SEPTIC_DOCUMENTS,
     ["documents_accepted", "rules_met", "review_determined", "hearing_decided",
      "board_signatures", "well_ready", "fee_paid"], "The construction"),
])
def test_each_type_declares_its_fields_documents_gates_and_term(
    api, code, extra_fields, answers, documents, gates, term
):
    described = api.get(f"/api/v1/permit-types/{code}/").json()

    assert described["holder"] == "person"
    assert described["about"] == "property"
    assert [field["name"] for field in described["fields"]] == [
        "property", *extra_fields, *answers]
    assert described["facts_from"]["zone"] == "property"
    assert [document["kind"] for document in described["documents"]] == list(documents)
    assert all(document["required"] for document in described["documents"])
    assert described["gates"] == gates
    assert described["term"] == term
    assert described["actions"] == ["new"]


def test_the_alternative_system_answer_is_optional_and_no_fact_of_the_rules(api):
    described = api.get(f"/api/v1/permit-types/{DISPOSAL_WORKS}/").json()
    alternative = next(field for field in described["fields"]
                       if field["name"] == "alternative_system")

    assert alternative["type"] == "boolean"
    assert alternative["required"] is False
    assert HEARING_SECTION in alternative["help"]
    assert "alternative_system" not in described["facts_from"]


# -- the private well registration -------------------------------------------------------


def test_a_well_registration_goes_from_application_to_a_verified_permit(owner, clerk):
    place = lot(owner)
    resident, staff_api = client_for(owner), client_for(clerk)
    created = resident.post("/api/v1/applications/", {
        "permit_type": WELL, "action": "new", "details": {"property": place.pk, **WELL_ANSWERS},
    }, format="json")
    assert created.status_code == 201, created.content
    pk = created.json()["id"]
    assert {blocker["gate"] for blocker in created.json()["blockers"]} == {"documents_accepted"}
    accepted_documents(resident, staff_api, pk, WELL_DOCUMENTS)
    submitted = resident.post(f"/api/v1/applications/{pk}/submit/").json()
    assert [blocker["gate"] for blocker in submitted["blockers"]] == ["fee_paid"]
    assert submitted["invoice"]["total"] == "50.00"
    paid = staff_api.post("/api/v1/payments/", {
        "invoice": submitted["invoice"]["id"], "method": "check", "reference": "CHK-7",
        "amount": "50.00"}, format="json")
    assert paid.status_code == 201, paid.content
    approved = staff_api.post(f"/api/v1/applications/{pk}/review/", {"decision": "approve"},
                              format="json")
    assert approved.json()["status"] == "approved", approved.content

    response = staff_api.post("/api/v1/permits/", {"application": pk}, format="json")

    assert response.status_code == 201, response.content
    permit = Permit.objects.get(pk=response.json()["id"])
    assert permit.place == place
    assert permit.valid_from == TODAY
    assert permit.is_open_ended
    verified = APIClient().get(f"/api/v1/verify/{permit.verification_token}/")
    assert verified.status_code == 200
    assert verified.json()["status"] == "active"
    assert verified.json()["permit_type"] == WELL
    text = pdf_text(permit)
    assert "12 Beach Road" in text
    assert "The well serves a residential use." in text
    assert "no expiry" in text.lower()


@pytest.mark.parametrize(("zone", "refused"), [
    ("barrier_beach", True), ("coastal_district", True), ("inland", False)])
def test_business_use_is_refused_in_the_coastal_zones_read_from_the_property(
    owner, zone, refused
):
    application = start(owner, WELL, lot(owner, zone), **{**WELL_ANSWERS, "use": "business"})

    blockers = {blocker.code: blocker for blocker in application_services.blockers(application)}
    assert ("ti.9.5.5.business" in blockers) is refused
    if refused:
        assert blockers["ti.9.5.5.business"].citation == "Tisbury BOH Reg 09.9.5(5)"
        assert blockers["ti.9.5.5.business"].gate == "rules_met"


def test_the_pump_limit_is_halved_on_a_barrier_beach_property(owner):
    answers = {**WELL_ANSWERS, "peak_gpm": 15, "continuous_gph_30min": 150}

    on_the_beach = start(owner, WELL, lot(owner, "barrier_beach", "1 Beach Road"), **answers)
    in_the_district = start(owner, WELL, lot(owner, "coastal_district", "2 Main Street"),
                            **answers)

    assert "ti.9.5.6.capacity" in blocker_codes(on_the_beach, "rules_met")
    assert "ti.9.5.6.capacity" not in blocker_codes(in_the_district, "rules_met")


@pytest.mark.parametrize("code", [WELL, DISPOSAL_WORKS])
def test_the_zone_is_not_the_applicants_to_give(owner, code):
    answers = WELL_ANSWERS if code == WELL else SEPTIC_ANSWERS
    response = client_for(owner).post("/api/v1/applications/", {
        "permit_type": code, "action": "new",
        "details": {"property": lot(owner).pk, **answers, "zone": "inland"},
    }, format="json")

    assert response.status_code == 400
    assert set(response.json()["details"]) == {"zone"}
    assert not Application.objects.exists()


# -- the disposal works permit: the well gate ------------------------------------------------


def test_the_barrier_beach_rules_read_the_zone_of_the_property(owner):
    on_the_beach = start(owner, DISPOSAL_WORKS, lot(owner, "barrier_beach"),
                         **{**SEPTIC_ANSWERS, "new_system": True})

    assert "ti.9.4.2.bb_new" in blocker_codes(on_the_beach, "rules_met")
    assert on_the_beach.facts.get("zone") is None


def test_the_disposal_works_waits_on_the_well_until_it_is_registered(owner, clerk):
    place = lot(owner)
    application = submitted_with_documents(
        start(owner, DISPOSAL_WORKS, place, **SEPTIC_ANSWERS), SEPTIC_DOCUMENTS, clerk=clerk)
    [blocker] = [blocker for blocker in application_services.blockers(application)
                 if blocker.gate == "well_ready"]
    assert blocker.code == "well.not_ready"
    assert blocker.citation == WELL_SECTION
    with pytest.raises(DomainError) as refused:
        application_services.approve_application(application=application, acting_user=clerk)
    assert any(WELL_SECTION in message for message in refused.value.errors["non_field_errors"])

    registered_well(owner, lot(owner, address="99 Other Road"), clerk)
    assert blocker_codes(application, "well_ready") == ["well.not_ready"]

    well = registered_well(owner, place, clerk)
    assert blocker_codes(application, "well_ready") == []
    application_services.approve_application(application=application, acting_user=clerk)
    permit = issue_permit(application=application, acting_user=clerk)
    assert permit.is_open_ended
    assert f"Private well, registration {well.number}" in pdf_text(permit)


def well_registered_under_a_waiver(owner, place, clerk) -> tuple[Permit, Variance]:
    """An untested well registered because two Board members waived ``ti.3.1.3.ready``."""
    untested = submitted_with_documents(
        start(owner, WELL, place, **{**WELL_ANSWERS, "tested": False}), WELL_DOCUMENTS,
        clerk=clerk)
    waiver = request_variance(application=untested, rule_ids=["ti.3.1.3.ready"],
                              request_text="The laboratory report is late.", acting_user=clerk,
                              **WRITTEN_WAIVER)
    for name in ("Bea", "Ben"):
        sign_variance(variance=waiver, approve=True, conditions="Test within 30 days.",
                      bases="The laboratory is closed.",
                      board_member=staff(Role.BOARD_MEMBER, "tisbury", first_name=name))
    application_services.approve_application(application=untested, acting_user=clerk)
    return issue_permit(application=untested, acting_user=clerk), waiver


def test_a_well_registered_under_a_waiver_of_readiness_does_not_open_the_gate(owner, clerk):
    place = lot(owner)
    well_registered_under_a_waiver(owner, place, clerk)

    disposal_works = start(owner, DISPOSAL_WORKS, place, **SEPTIC_ANSWERS)

    assert blocker_codes(disposal_works, "well_ready") == ["well.not_ready"]


def test_a_waiver_of_the_sealed_meter_is_noticed_in_the_rule_s_own_words_09_3_1_4(
        owner, clerk):
    """The finding reports its counts by fact; the abutters' notice says what the Board is
    asked in the rule's sentence, never the counts as data."""
    unmetered = submitted_with_documents(
        start(owner, WELL, lot(owner), **{**WELL_ANSWERS, "bedrooms": 3}), WELL_DOCUMENTS,
        clerk=clerk)
    request_variance(application=unmetered, rule_ids=["ti.3.1.4.meter"],
                     request_text="A seasonal cottage.", acting_user=clerk, **WRITTEN_WAIVER)

    hearing = schedule_hearing(application=unmetered, hearing_date=dt.date(2030, 6, 24),
                               notices_mailed_on=dt.date(2030, 6, 3),
                               location="Town Hall, 7 pm", abutters=ABUTTERS,
                               acting_user=clerk)

    notice = " ".join(words_of(render_hearing_notices_pdf(hearing)).split())
    assert ("A waiver of Tisbury BOH Reg 09.3.1(4): A well serving more than 2 bedrooms or "
            "more than 4 occupants needs a sealed water meter") in notice
    assert "{" not in notice


def test_the_clerk_records_public_water_and_the_gate_clears(owner, clerk):
    application = start(owner, DISPOSAL_WORKS, lot(owner), **SEPTIC_ANSWERS)
    assert blocker_codes(application, "well_ready") == ["well.not_ready"]

    record_public_water(application=application, note="Water Dept. account 4411",
                        acting_user=clerk)

    application.refresh_from_db()
    assert blocker_codes(application, "well_ready") == []
    entry = AuditEntry.objects.get(action="application.public_water_recorded")
    assert entry.actor == clerk
    assert entry.after["public_water"]["note"] == "Water Dept. account 4411"
    permit = issued(application, SEPTIC_DOCUMENTS, clerk=clerk)
    assert "Public water, recorded by the clerk on June 3, 2030" in pdf_text(permit)


def test_only_the_clerk_records_public_water_with_a_note(owner, clerk):
    application = start(owner, DISPOSAL_WORKS, lot(owner), **SEPTIC_ANSWERS)

    with pytest.raises(PermissionDenied):
        record_public_water(application=application, note="Town water", acting_user=owner)
    with pytest.raises(DomainError) as refused:
        record_public_water(application=application, note="  ", acting_user=clerk)

    assert WELL_SECTION in refused.value.errors["note"][0]
    application.refresh_from_db()
    assert "public_water" not in application.details
    assert not AuditEntry.objects.filter(action="application.public_water_recorded").exists()


def test_the_applicant_cannot_record_public_water_nor_lose_the_clerks_record(owner, clerk):
    resident = client_for(owner)
    place = lot(owner)
    refused = resident.post("/api/v1/applications/", {
        "permit_type": DISPOSAL_WORKS, "action": "new",
        "details": {"property": place.pk, **SEPTIC_ANSWERS, "public_water": True},
    }, format="json")
    assert refused.status_code == 400
    assert set(refused.json()["details"]) == {"public_water"}

    application = start(owner, DISPOSAL_WORKS, place, **SEPTIC_ANSWERS)
    record_public_water(application=application, note="Water Dept. account 4411",
                        acting_user=clerk)
    edited = resident.patch(f"/api/v1/applications/{application.pk}/", {
        "details": {"property": place.pk, **SEPTIC_ANSWERS, "distance_to_wetlands_ft": 500},
    }, format="json")

    assert edited.status_code == 200, edited.content
    application.refresh_from_db()
    assert application.details["public_water"]["note"] == "Water Dept. account 4411"
    assert blocker_codes(application, "well_ready") == []


# -- the disposal works permit: the hearing for an alternative system ----------------------


def test_a_conventional_system_needs_no_hearing_and_is_offered_none(owner, clerk):
    application = start(owner, DISPOSAL_WORKS, lot(owner), **SEPTIC_ANSWERS)

    assert blocker_codes(application, "hearing_decided") == []
    with pytest.raises(InvalidTransition) as refused:
        schedule_hearing(application=application, hearing_date=dt.date(2030, 6, 20),
                         notices_mailed_on=dt.date(2030, 6, 3), location="Town Hall, 7 pm",
                         abutters=ABUTTERS, acting_user=clerk)
    assert refused.value.errors == {"hearing_date": [
        f"This disposal works construction permit application has no public hearing "
        f"({HEARING_SECTION})."]}
    assert not application.hearings.exists()


def test_an_alternative_system_waits_on_a_hearing_with_ten_days_notice(owner, clerk):
    place = lot(owner)
    registered_well(owner, place, clerk)
    application = submitted_with_documents(
        start(owner, DISPOSAL_WORKS, place, **SEPTIC_ANSWERS, alternative_system=True),
        SEPTIC_DOCUMENTS, clerk=clerk)
    [blocker] = [blocker for blocker in application_services.blockers(application)
                 if blocker.gate == "hearing_decided"]
    assert (blocker.code, blocker.citation) == ("hearing.required", HEARING_SECTION)

    with pytest.raises(DomainError) as too_soon:
        schedule_hearing(application=application, hearing_date=dt.date(2030, 6, 12),
                         notices_mailed_on=dt.date(2030, 6, 3), location="Town Hall, 7 pm",
                         abutters=ABUTTERS, acting_user=clerk)
    [message] = too_soon.value.errors["hearing_date"]
    assert "at least 10 days" in message and HEARING_SECTION in message
    assert not application.hearings.exists()

    hearing = schedule_hearing(application=application, hearing_date=dt.date(2030, 6, 13),
                               notices_mailed_on=dt.date(2030, 6, 3),
                               location="Town Hall, 7 pm", abutters=ABUTTERS,
                               acting_user=clerk)
    assert blocker_codes(application, "hearing_decided") == ["hearing.undecided"]
    with time_machine.travel(dt.datetime(2030, 6, 14, 10, 0), tick=False):
        decide_hearing(hearing=hearing, decision="Approved with annual monitoring.",
                       decided_on=dt.date(2030, 6, 13), acting_user=clerk)
        assert blocker_codes(application, "hearing_decided") == []
        application_services.approve_application(application=application, acting_user=clerk)
        assert issue_permit(application=application, acting_user=clerk).valid_from == (
            dt.date(2030, 6, 14))


def test_the_alternative_system_answer_prints_on_the_permit(owner, clerk):
    application = start(owner, DISPOSAL_WORKS, lot(owner), **SEPTIC_ANSWERS,
                        alternative_system=False)
    application = record_public_water(application=application,
                                      note="Water Dept. account 4411", acting_user=clerk)

    permit = issued(application, SEPTIC_DOCUMENTS, clerk=clerk)

    assert PermitType.objects.get(code=DISPOSAL_WORKS).term == "The construction"
    assert "The system is not an alternative or advanced treatment system." in pdf_text(permit)


# -- the review screen: the water supply panel and the property's record --------------------


def test_the_clerk_records_public_water_on_the_review_screen(owner, clerk, client):
    application = start(owner, DISPOSAL_WORKS, lot(owner), **SEPTIC_ANSWERS)
    client.force_login(clerk)
    screen = client.get(f"/staff/applications/{application.pk}/").content.decode()
    assert "Record public water connection" in screen
    action = f"/tisbury/applications/{application.pk}/public-water/"

    refused = client.post(action, {"note": ""}, follow=True)
    assert "Say how the connection is known." in refused.content.decode()
    application.refresh_from_db()
    assert "public_water" not in application.details

    done = client.post(action, {"note": "Water Dept. account 4411"}, follow=True)
    assert "the well gate is cleared" in done.content.decode()
    application.refresh_from_db()
    assert blocker_codes(application, "well_ready") == []
    screen = client.get(f"/staff/applications/{application.pk}/").content.decode()
    assert "Served by public water" in screen
    assert "Record public water connection" not in screen


def test_only_the_town_s_clerk_reaches_the_public_water_form(owner, clerk, client):
    application = start(owner, DISPOSAL_WORKS, lot(owner), **SEPTIC_ANSWERS)
    action = f"/tisbury/applications/{application.pk}/public-water/"

    for outsider in (owner, staff(Role.CLERK, "north_andover")):
        client.force_login(outsider)
        assert client.post(action, {"note": "Town water"}).status_code == 404
    application.refresh_from_db()
    assert "public_water" not in application.details


def test_the_api_records_public_water_naming_the_note(owner, clerk):
    application = start(owner, DISPOSAL_WORKS, lot(owner), **SEPTIC_ANSWERS)
    office = client_for(clerk)
    url = f"/api/v1/disposal-works-applications/{application.pk}/public-water/"

    assert office.post(url, {}, format="json").json() == {"note": ["This field is required."]}
    assert client_for(owner).post(url, {"note": "Mine"}, format="json").status_code == 403
    recorded = office.post(url, {"note": "Water Dept. account 4411"}, format="json")

    assert recorded.status_code == 200, recorded.content
    assert "well_ready" not in {blocker["gate"] for blocker in recorded.json()["blockers"]}


def test_the_hearing_form_shows_only_for_an_alternative_system(owner, clerk, client):
    place = lot(owner)
    conventional = start(owner, DISPOSAL_WORKS, place, **SEPTIC_ANSWERS)
    alternative = start(owner, DISPOSAL_WORKS, place, **SEPTIC_ANSWERS, alternative_system=True)
    client.force_login(clerk)

    def shows_hearings(application) -> bool:
        screen = client.get(f"/staff/applications/{application.pk}/").content.decode()
        return 'id="hearing-heading"' in screen

    assert not shows_hearings(conventional)
    assert shows_hearings(alternative)


def test_the_review_screen_shows_the_property_s_earlier_permits_inspections_and_waivers(
    owner, clerk, client
):
    place = lot(owner)
    well, waiver = well_registered_under_a_waiver(owner, place, clerk)
    schedule_inspection(municipality=municipality("tisbury"), check_code="tisbury.private_well",
                        scheduled_for=TODAY, inspector=staff(Role.INSPECTOR, "tisbury"),
                        acting_user=clerk, permit=well)
    disposal_works = start(owner, DISPOSAL_WORKS, place, **SEPTIC_ANSWERS)
    client.force_login(clerk)

    screen = client.get(f"/staff/applications/{disposal_works.pk}/").content.decode()

    record = screen[screen.index("This property's record"):]
    assert f"{well.number}, Private Well Registration" in record
    assert "Private drinking water well, June 3, 2030</a> — scheduled" in record
    assert f"Waiver #{waiver.pk}" in record
    assert ("The well is installed, proven and tested before the disposal works permit "
            "(Tisbury BOH Reg 09.3.1(3))") in record
    assert "Test within 30 days." in record
