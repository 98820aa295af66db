"""A North Andover kennel license through the API: applied for, held up by the Animal
Inspector's inspection until it is favorable (Kennel license B(3)), paid, issued and verified."""

from __future__ import annotations

import datetime as dt

import pytest
import time_machine
from rest_framework.test import APIClient

from permits_site.licensing.models import Application, Permit
from permits_site.parties.services import find_or_create_property
from tests.dogs.kennels import (
    FAVORABLE,
    KENNEL,
    KENNEL_ANSWERS,
    KENNEL_INSPECTION,
    attach_rabies_certificates,
    kennel_licensed,
)
from tests.factories import Role, municipality, staff
from tests.tisbury.support import client_for, pdf_text

pytestmark = pytest.mark.django_db
#: Wednesday 10 June 2026, a North Andover business day.
JUNE_10 = dt.datetime(2026, 6, 10, 10, 0)


@pytest.fixture(autouse=True)
def on_a_business_day():
    with time_machine.travel(JUNE_10, tick=False):
        yield


@pytest.fixture
def inspector(db):
    return staff(Role.INSPECTOR, "north_andover", first_name="Ina", last_name="Inspector")


@pytest.fixture
def kennel_site(resident):
    site, _ = find_or_create_property(municipality=municipality("north_andover"),
                                      address="40 Kennel Road", acting_user=resident)
    return site


def applied(resident, kennel_site) -> int:
    created = client_for(resident).post("/api/v1/applications/", {
        "permit_type": KENNEL, "action": "new",
        "details": {"property": kennel_site.pk, **KENNEL_ANSWERS}}, format="json")
    assert created.status_code == 201, created.content
    pk = created.json()["id"]
    attach_rabies_certificates(Application.objects.get(pk=pk),
                               KENNEL_ANSWERS["dogs_over_6_months"])
    submitted = client_for(resident).post(f"/api/v1/applications/{pk}/submit/")
    assert submitted.status_code == 200, submitted.content
    return pk


def inspected(office: APIClient, inspector, application_id: int, findings: dict) -> dict:
    """The Animal Inspector's visit, scheduled by the Clerk, answered and closed."""
    scheduled = office.post("/api/v1/inspections/", {
        "municipality": "north_andover", "check": KENNEL_INSPECTION,
        "scheduled_for": JUNE_10.date().isoformat(), "inspector": inspector.pk,
        "application": application_id}, format="json")
    assert scheduled.status_code == 201, scheduled.content
    visit = scheduled.json()["id"]
    agent = client_for(inspector)
    recorded = agent.post(f"/api/v1/inspections/{visit}/findings/",
                          {"answers": findings, "notes": ""},
                          format="json")
    assert recorded.status_code == 200, recorded.content
    return agent.post(f"/api/v1/inspections/{visit}/close/").json()


def blocker_codes(office: APIClient, pk: int) -> list[str]:
    return [blocker["code"] for blocker in office.get(f"/api/v1/applications/{pk}/").json()[
        "blockers"]]


def paid(office: APIClient, pk: int) -> None:
    invoice = office.get(f"/api/v1/applications/{pk}/").json()["invoice"]
    assert invoice["total"] == "50.00"
    payment = office.post("/api/v1/payments/", {
        "invoice": invoice["id"], "method": "check", "reference": f"CHK-{pk}",
        "amount": invoice["total"]}, format="json")
    assert payment.status_code == 201, payment.content


def test_a_kennel_license_goes_from_application_to_a_verified_pdf(resident, clerk, inspector,
                                                                  kennel_site):
    office = client_for(clerk)
    pk = applied(resident, kennel_site)
    waiting = blocker_codes(office, pk)
    paid(office, pk)
    for document in office.get(f"/api/v1/applications/{pk}/documents/").json():
        reviewed = office.post(f"/api/v1/documents/{document['id']}/review/",
                               {"accepted": True}, format="json")
        assert reviewed.status_code == 200, reviewed.content

    closed = inspected(office, inspector, pk, FAVORABLE)
    assert closed["result"] == "passed", closed
    assert blocker_codes(office, pk) == []
    approved = office.post(f"/api/v1/applications/{pk}/review/", {"decision": "approve"},
                           format="json")
    assert approved.json()["status"] == "approved", approved.content
    issued = office.post("/api/v1/permits/", {"application": pk}, format="json")

    assert "inspection.not_passed" in waiting
    assert issued.status_code == 201, issued.content
    permit = Permit.objects.get(pk=issued.json()["id"])
    pdf = client_for(resident).get(f"/api/v1/permits/{permit.pk}/pdf/")
    assert (pdf.status_code, pdf["Content-Type"]) == (200, "application/pdf")
    assert permit.number in pdf_text(permit)
    verified = APIClient().get(f"/api/v1/verify/{permit.verification_token}/").json()
    assert (verified["status"], verified["permit_type"]) == ("active", KENNEL)


def test_an_unfavorable_inspection_keeps_the_kennel_license_from_issuing_b3(
    resident, clerk, inspector, kennel_site
):
    office = client_for(clerk)
    pk = applied(resident, kennel_site)
    paid(office, pk)

    closed = inspected(office, inspector, pk, {**FAVORABLE, "records_kept": False})
    refused = office.post("/api/v1/permits/", {"application": pk}, format="json")

    assert closed["result"] == "failed"
    assert "inspection.not_passed" in blocker_codes(office, pk)
    assert refused.status_code in (400, 409), refused.content
    assert not Permit.objects.exists()


def test_the_applicant_cannot_record_the_inspection_findings(resident, clerk, inspector,
                                                             kennel_site):
    office = client_for(clerk)
    pk = applied(resident, kennel_site)
    scheduled = office.post("/api/v1/inspections/", {
        "municipality": "north_andover", "check": KENNEL_INSPECTION,
        "scheduled_for": JUNE_10.date().isoformat(), "inspector": inspector.pk,
        "application": pk}, format="json").json()

    refused = client_for(resident).post(f"/api/v1/inspections/{scheduled['id']}/findings/",
                                        {"answers": FAVORABLE},
                                        format="json")

    assert refused.status_code in (403, 404)
    assert "inspection.not_passed" in blocker_codes(office, pk)


#: What an applicant states of a kennel that breaks three rules of the set: three of five
#: dogs vaccinated (B(1)), 10 ft to the lot line (B(3)(c)), 5 ft to a dwelling (B(3)(d)).
SHORT_OF_THE_RULES = {"dogs_over_6_months": 5, "dogs_with_current_rabies": 3,
                      "distance_to_lot_line_ft": 10, "distance_to_abutting_dwelling_ft": 5,
                      "veterinary_medical_boarding": False}


def outcomes(answer: dict) -> dict[str, str]:
    return {finding["rule"]: finding["outcome"] for finding in answer["findings"]}


def test_the_application_is_judged_by_its_rule_set_before_any_inspection_b1_b3(
    resident, clerk, kennel_site
):
    created = client_for(resident).post("/api/v1/applications/", {
        "permit_type": KENNEL, "action": "new",
        "details": {"property": kennel_site.pk, **SHORT_OF_THE_RULES}}, format="json")
    shown = client_for(clerk).get(f"/api/v1/applications/{created.json()['id']}/").json()

    assert created.status_code == 201, created.content
    assert shown["check"] == KENNEL
    assert outcomes(shown) == {
        "na.kennel.B1.required": "pass", "na.kennel.B1.rabies": "fail",
        "na.kennel.B3c.lot_line": "fail", "na.kennel.B3d.dwelling": "fail",
        "na.kennel.B3.inspection": "needs_review"}
    blockers = {blocker["code"]: blocker["gate"] for blocker in shown["blockers"]}
    assert {code: blockers.get(code) for code in (
        "na.kennel.B1.rabies", "na.kennel.B3c.lot_line", "na.kennel.B3d.dwelling",
        "na.kennel.B3.inspection", "inspection.not_passed")} == {
        "na.kennel.B1.rabies": "rules_met", "na.kennel.B3c.lot_line": "rules_met",
        "na.kennel.B3d.dwelling": "rules_met", "na.kennel.B3.inspection": "review_determined",
        "inspection.not_passed": "inspection_passed"}


def test_the_inspection_asks_only_the_inspector_s_five_findings_b3(resident, clerk, inspector,
                                                                    kennel_site):
    office = client_for(clerk)
    pk = applied(resident, kennel_site)
    described = APIClient().get(f"/api/v1/permit-types/{KENNEL}/").json()
    scheduled = office.post("/api/v1/inspections/", {
        "municipality": "north_andover", "check": described["inspection_check"],
        "scheduled_for": JUNE_10.date().isoformat(), "inspector": inspector.pk,
        "application": pk}, format="json").json()
    agent = client_for(inspector)

    retyped = agent.post(f"/api/v1/inspections/{scheduled['id']}/findings/",
                         {"answers": {**FAVORABLE, "distance_to_lot_line_ft": 90}},
                         format="json")
    recorded = agent.post(f"/api/v1/inspections/{scheduled['id']}/findings/",
                          {"answers": FAVORABLE}, format="json")
    closed = agent.post(f"/api/v1/inspections/{scheduled['id']}/close/").json()

    assert described["inspection_check"] == KENNEL_INSPECTION
    assert {name for name, source in described["facts_from"].items() if source == "office"} == (
        set(FAVORABLE))
    assert retyped.status_code == 400
    assert list(retyped.json()["answers"]) == ["distance_to_lot_line_ft"]
    assert recorded.status_code == 200, recorded.content
    assert closed["result"] == "passed"
    shown = office.get(f"/api/v1/applications/{pk}/").json()
    assert outcomes(shown)["na.kennel.B3.inspection"] == "pass"
    assert [blocker["code"] for blocker in shown["blockers"]
            if blocker["gate"] in ("inspection_passed", "rules_met", "review_determined")] == []


def test_the_inspection_never_replaces_what_the_applicant_stated_b3(resident, clerk, inspector,
                                                                    kennel_site):
    office = client_for(clerk)
    pk = applied(resident, kennel_site)
    Application.objects.filter(pk=pk).update(
        facts={**KENNEL_ANSWERS, "distance_to_lot_line_ft": 10})

    closed = inspected(office, inspector, pk, FAVORABLE)
    shown = office.get(f"/api/v1/applications/{pk}/").json()

    assert closed["result"] == "passed"
    assert shown["details"]["distance_to_lot_line_ft"] == 10
    assert outcomes(shown)["na.kennel.B3c.lot_line"] == "fail"
    assert "na.kennel.B3c.lot_line" in [blocker["code"] for blocker in shown["blockers"]]


# -- the roster and the review through the API -------------------------------------------


@pytest.fixture
def kennel_permit(resident, clerk, inspector, kennel_site):
    return kennel_licensed(resident, kennel_site, inspector=inspector, clerk=clerk)


def test_the_licensee_reports_a_new_dog_late_and_it_is_kept_flagged(resident, kennel_permit):
    licensee = client_for(resident)

    reported = licensee.post(f"/api/v1/kennels/{kennel_permit.pk}/dogs/", {
        "name": "Pip", "breed": "Collie", "rabies_valid_through": "2027-04-01",
        "acquired_on": "2026-05-01"}, format="json")
    kennel = licensee.get(f"/api/v1/kennels/{kennel_permit.pk}/").json()

    assert reported.status_code == 201, reported.content
    assert (reported.json()["report_due"], reported.json()["reported_late"]) == (
        "2026-06-01", True)
    assert "Kennel license B(2)" in reported.json()["late_note"]
    assert kennel["licensed_dogs"] == 6
    assert [dog["name"] for dog in kennel["dogs"]] == ["Pip"]


def test_a_dog_with_lapsed_rabies_vaccination_is_refused_naming_the_field(resident,
                                                                         kennel_permit):
    refused = client_for(resident).post(f"/api/v1/kennels/{kennel_permit.pk}/dogs/", {
        "name": "Pip", "breed": "Collie", "rabies_valid_through": "2026-06-09"}, format="json")

    assert refused.status_code == 400
    assert "Kennel license B(1)" in refused.json()["rabies_valid_through"][0]


def test_another_resident_sees_no_kennel(other_resident, kennel_permit):
    stranger = client_for(other_resident)

    assert stranger.get(f"/api/v1/kennels/{kennel_permit.pk}/").status_code == 404
    assert stranger.get("/api/v1/kennels/").json()["results"] == []


def test_a_kennel_review_goes_from_the_report_to_a_suspension_and_refuses_a_late_notice(
    kennel_permit
):
    aco = staff(Role.ANIMAL_CONTROL_OFFICER, "north_andover")
    chief = client_for(staff(Role.HEARING_AUTHORITY, "north_andover"))
    opened = client_for(aco).post(f"/api/v1/kennels/{kennel_permit.pk}/reviews/", {
        "received_on": "2026-05-21", "report": "Pens not cleaned."}, format="json")
    review = f"/api/v1/kennel-reviews/{opened.json()['id']}"

    late = chief.post(f"{review}/hearing/", {"notice_sent_on": "2026-06-05",
                                             "hearing_date": "2026-06-10"}, format="json")
    noticed = chief.post(f"{review}/hearing/", {"notice_sent_on": "2026-06-04",
                                                "hearing_date": "2026-06-10"}, format="json")
    decided = chief.post(f"{review}/decision/", {
        "outcome": "suspend", "decided_on": "2026-06-10", "reasons": "Unsanitary."},
        format="json")

    # Thursday, May 21, then Memorial Day: seven Monday-to-Thursday business days end
    # Thursday, June 4; a hearing on Wednesday, June 10 is decided by Tuesday, June 23.
    assert opened.json()["dates"]["notice_due"] == "2026-06-04"
    assert late.status_code == 400
    assert "June 4, 2026" in late.json()["notice_sent_on"][0]
    assert noticed.json()["dates"]["decision_due"] == "2026-06-23"
    assert decided.json()["findings"]["outcome"] == "suspend", decided.content
    kennel_permit.refresh_from_db()
    assert kennel_permit.status == "suspended"
