"""The food permits (Tisbury BOH Reg 09.5, 09.5.3, 09.5.5) and the sandblasting permit
(09.4.3): each declared through the API, carried from application to a verified permit whose
PDF prints its own rows; the food service waiver read from the business's kind and pro-rated
from October 1 only on request; the residential kitchen held until a passed inspection; the
sandblasting application held until its seventeen items are answered."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest
import time_machine
from rest_framework.test import APIClient

from permits_site.enforcement.services.inspections import (
    close_inspection,
    record_inspection,
    schedule_inspection,
)
from permits_site.licensing.models import Application, Permit
from permits_site.parties.services import create_business
from tests.factories import Role, UserFactory, staff, tisbury_place
from tests.rules.test_tisbury_rules import SANDBLASTING_OK
from tests.tisbury.support import (
    TODAY,
    accepted_documents,
    client_for,
    pdf_text,
    with_required_documents,
)
from tisbury_regs.permits import food

pytestmark = pytest.mark.django_db
FOOD = "tisbury.food_service"
TEMPORARY_FOOD = "tisbury.temporary_food"
KITCHEN = "tisbury.residential_kitchen"
SANDBLASTING = "tisbury.sandblasting"
FOOD_DOCUMENTS = ("food_protection_manager", "allergen_awareness")
FOOD_WAIVER_FIELDS = ["sells_retail_products", "rents_kitchen_commercially",
                      "occasional_benefit", "fee_waiver_requested"]
EVENT = {"event_name": "Tisbury Street Fair", "event_location": "Main Street, Vineyard Haven",
         "start_date": "2030-07-10", "end_date": "2030-07-12"}
#: The agent's visit is judged item by item on the checklist of 09.5.5.
VISIT_CHECK = "tisbury.residential_kitchen_visit"
VISIT_PASSES = dict.fromkeys(("only_non_hazardous_foods", "private_foods_kept_apart",
                              "pets_kept_out", "laundry_idle", "no_guest_cooking"), True)
VISIT_FAILS = {**VISIT_PASSES, "pets_kept_out": False}



@pytest.fixture
def owner(db):
    return UserFactory(username="fern", first_name="Fern", last_name="Owner")



@pytest.fixture
def inspector(db):
    return staff(Role.INSPECTOR, "tisbury", first_name="Ian", last_name="Agent")



def business(owner, kind: str = "corporation", name: str = "Harbor Diner Inc."):
    return create_business(legal_name=name, kind=kind, mailing_address="4 Main Street, Tisbury",
                           acting_user=owner)


def lot(owner, address: str = "12 Beach Road"):
    return tisbury_place(owner, "inland", address=address)


def start(owner, code: str, **details) -> dict:
    response = client_for(owner).post("/api/v1/applications/", {
        "permit_type": code, "action": "new", "details": details}, format="json")
    assert response.status_code == 201, response.content
    return response.json()


def submit(owner, created: dict) -> dict:
    response = client_for(owner).post(f"/api/v1/applications/{created['id']}/submit/")
    assert response.status_code == 200, response.content
    return response.json()


def invoice_of(owner, created: dict) -> dict:
    """The submitted application's invoice, with its lines, as its payer reads it (its
    required documents attached first)."""
    with_required_documents(Application.objects.get(pk=created["id"]))
    invoice = submit(owner, created)["invoice"]
    response = client_for(owner).get(f"/api/v1/invoices/{invoice['id']}/")
    assert response.status_code == 200, response.content
    return response.json()


def gates_of(body: dict) -> set[str]:
    return {blocker["gate"] for blocker in body["blockers"]}



def inspect(application_id: int, answers: dict, *, inspector, clerk, notes: str):
    """The agent's visit to the application: scheduled, recorded with notes, closed."""
    application = Application.objects.get(pk=application_id)
    visit = schedule_inspection(municipality=application.municipality, check_code=VISIT_CHECK,
                                scheduled_for=TODAY, inspector=inspector, acting_user=clerk,
                                application=application)
    record_inspection(inspection=visit, answers=answers, notes=notes, acting_user=inspector)
    return close_inspection(inspection=visit, acting_user=inspector)


# -- the declarations ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("code", "holder", "about", "fields", "documents", "gates", "term"), [
        (FOOD, "business", "business", ["business", "permit", *FOOD_WAIVER_FIELDS],
         FOOD_DOCUMENTS, ["documents_accepted", "hearing_decided", "board_signatures", "fee_paid"],
         "Valid through December 31 of the year issued"),
        (TEMPORARY_FOOD, "person_or_business", "event",
         ["business", *EVENT, "operator", "in_town", "has_valid_food_permit"], (),
         ["hearing_decided", "board_signatures", "fee_paid"], "The event"),
        (KITCHEN, "person", "property", ["property", "permit", "serves"], (),
         ["inspection_passed", "hearing_decided", "board_signatures", "fee_paid"],
         "Valid through December 31 of the year issued"),
        (SANDBLASTING, "person_or_business", "property",
         ["business", "property", "variant", "building_year_built", "lead_determination_filed",
          *SANDBLASTING_OK], (),
         ["rules_met", "hearing_decided", "board_signatures", "fee_paid"],
         "Year-round: the calendar year; individual: the job"),
    ])
def test_each_type_declares_its_holder_place_fields_documents_gates_and_term(
    api, code, holder, about, fields, documents, gates, term
):
    described = api.get(f"/api/v1/permit-types/{code}/").json()

    assert (described["holder"], described["about"]) == (holder, about)
    assert [field["name"] for field in described["fields"]] == fields
    assert [document["kind"] for document in described["documents"]] == list(documents)
    assert all(document["required"] for document in described["documents"])
    assert described["gates"] == gates
    assert described["term"] == term


def test_the_food_certificates_cite_the_law_that_asks_for_them(api):
    documents = {document["kind"]: document
                 for document in api.get(f"/api/v1/permit-types/{FOOD}/").json()["documents"]}

    assert documents["food_protection_manager"]["section"] == "Tisbury BOH Reg 09.5.2"
    assert "105 CMR 590" in documents["allergen_awareness"]["section"]
    assert "09.5.4" in documents["allergen_awareness"]["section"]


def test_non_profit_is_the_business_s_kind_and_no_field_of_the_food_application(owner):
    response = client_for(owner).post("/api/v1/applications/", {
        "permit_type": FOOD, "action": "new",
        "details": {"business": business(owner).pk, "non_profit": True}}, format="json")

    assert response.status_code == 400
    assert set(response.json()["details"]) == {"non_profit"}
    assert not Application.objects.exists()


# -- from application to a verified permit, through the API --------------------------------


def carried_to_a_permit(owner, clerk, created: dict, documents=(), *, before_approval=None
                        ) -> tuple[Permit, dict]:
    """Documents accepted, submitted, paid (when anything is owed), approved, issued."""
    resident, staff_api = client_for(owner), client_for(clerk)
    pk = created["id"]
    accepted_documents(resident, staff_api, pk, documents)
    submitted = submit(owner, created)
    invoice = submitted["invoice"]
    if Decimal(invoice["total"]) > 0:
        paid = staff_api.post("/api/v1/payments/", {
            "invoice": invoice["id"], "method": "check", "reference": f"CHK-{pk}",
            "amount": invoice["total"]}, format="json")
        assert paid.status_code == 201, paid.content
    if before_approval is not None:
        before_approval(pk)
    approved = staff_api.post(f"/api/v1/applications/{pk}/review/", {"decision": "approve"},
                              format="json")
    assert approved.json().get("status") == "approved", approved.content
    issued = staff_api.post("/api/v1/permits/", {"application": pk}, format="json")
    assert issued.status_code == 201, issued.content
    permit = Permit.objects.get(pk=issued.json()["id"])
    verified = APIClient().get(f"/api/v1/verify/{permit.verification_token}/")
    assert verified.status_code == 200
    assert verified.json()["status"] == "active"
    assert verified.json()["permit_type"] == permit.permit_type.code
    return permit, submitted


def test_a_food_service_permit_goes_from_application_to_a_verified_pdf(owner, clerk):
    diner = business(owner)
    created = start(owner, FOOD, business=diner.pk, fee_waiver_requested=False)
    assert gates_of(created) == {"documents_accepted"}

    permit, submitted = carried_to_a_permit(owner, clerk, created, FOOD_DOCUMENTS)

    assert submitted["invoice"]["total"] == "150.00"
    assert permit.holder_business == diner
    assert (permit.valid_from, permit.valid_through) == (TODAY, dt.date(2030, 12, 31))
    text = pdf_text(permit)
    assert "Harbor Diner Inc." in text
    assert "Establishment Harbor Diner Inc." in text
    assert "A fee waiver was not requested." in text


def test_the_food_service_permit_is_not_submitted_without_both_certificates(owner, clerk):
    created = start(owner, FOOD, business=business(owner).pk)

    response = client_for(owner).post(f"/api/v1/applications/{created['id']}/submit/")

    assert response.status_code == 400
    refusals = response.json()["documents"]
    assert len(refusals) == 2
    assert any("Tisbury BOH Reg 09.5.2" in refusal for refusal in refusals)


def test_a_temporary_food_permit_runs_for_the_event(owner, clerk):
    created = start(owner, TEMPORARY_FOOD, **EVENT, operator="for_profit", in_town=False)

    permit, submitted = carried_to_a_permit(owner, clerk, created)

    assert submitted["invoice"]["total"] == "35.00"
    assert (permit.valid_from, permit.valid_through) == (dt.date(2030, 7, 10),
                                                         dt.date(2030, 7, 12))
    text = pdf_text(permit)
    assert "Tisbury Street Fair" in text
    assert "Main Street, Vineyard Haven" in text
    assert "July 10, 2030" in text and "July 12, 2030" in text
    assert "2030-07-10" not in text and "2030-07-12" not in text


def test_a_residential_kitchen_license_issues_after_a_passed_inspection(
    owner, clerk, inspector
):
    created = start(owner, KITCHEN, property=lot(owner).pk, serves="breakfast")

    def visited(pk):
        inspect(pk, VISIT_PASSES, inspector=inspector, clerk=clerk,
                notes="Pets kept out of the kitchen; guests have no access to the stove.")

    permit, submitted = carried_to_a_permit(owner, clerk, created, before_approval=visited)

    assert "inspection_passed" in gates_of(submitted)
    assert submitted["invoice"]["total"] == "75.00"
    assert (permit.valid_from, permit.valid_through) == (TODAY, dt.date(2030, 12, 31))
    text = pdf_text(permit)
    assert "12 Beach Road" in text
    assert "The kitchen offers the public: breakfast." in text


@pytest.mark.parametrize(("variant", "fee", "through"), [
    ("year_round", "100.00", dt.date(2030, 12, 31)),
    ("individual", "25.00", dt.date(2030, 7, 1)),
])
def test_a_sandblasting_permit_runs_the_year_or_the_job(owner, clerk, variant, fee, through):
    created = start(owner, SANDBLASTING, property=lot(owner).pk, variant=variant,
                    **SANDBLASTING_OK)
    assert gates_of(created) == set()

    permit, submitted = carried_to_a_permit(owner, clerk, created)

    assert submitted["invoice"]["total"] == fee
    assert (permit.valid_from, permit.valid_through) == (TODAY, through)
    text = pdf_text(permit)
    assert "12 Beach Road" in text
    assert "Island Blasting" in text
    assert "Date of the sandblasting July 1, 2030" in text
    assert f"The permit is for {variant.replace('_', ' ')} sandblasting." in text


# -- food service: the non-profit waiver and the October 1 pro-rating ------------------------


@pytest.mark.parametrize(("kind", "answers", "total"), [
    ("non_profit", {}, "0.00"),
    ("corporation", {}, "150.00"),
    ("non_profit", {"sells_retail_products": True}, "150.00"),
    ("non_profit", {"rents_kitchen_commercially": True}, "150.00"),
    ("non_profit", {"sells_retail_products": True, "occasional_benefit": True}, "0.00"),
    ("corporation", {"occasional_benefit": True}, "150.00"),
])
def test_the_non_profit_waiver_follows_the_business_s_kind_and_the_policy_exceptions(
    owner, kind, answers, total
):
    created = start(owner, FOOD, business=business(owner, kind).pk, **answers)

    invoice = invoice_of(owner, created)

    assert invoice["total"] == total
    waived = [line for line in invoice["lines"] if line["code"] == "non_profit_waiver"]
    assert bool(waived) is (total == "0.00")


@pytest.mark.parametrize(("day", "requested", "total"), [
    (dt.date(2030, 9, 30), True, "150.00"),
    (dt.date(2030, 10, 1), True, "37.50"),
    (dt.date(2030, 10, 2), True, "37.50"),
    (dt.date(2030, 9, 30), False, "150.00"),
    (dt.date(2030, 10, 1), False, "150.00"),
    (dt.date(2030, 10, 2), False, "150.00"),
])
def test_a_requested_fee_waiver_is_pro_rated_from_october_1_only(owner, day, requested, total):
    created = start(owner, FOOD, business=business(owner).pk, fee_waiver_requested=requested)

    with time_machine.travel(dt.datetime.combine(day, dt.time(10, 0)), tick=False):
        invoice = invoice_of(owner, created)

    assert invoice["total"] == total
    prorated = [line for line in invoice["lines"] if line["code"] == "proration"]
    assert [line["percent"] for line in prorated] == ([25] if total == "37.50" else [])


# -- temporary food: the operator category sets the fee; the event's dates ------------------


@pytest.mark.parametrize(("answers", "total"), [
    ({"operator": "non_profit"}, "0.00"),
    ({"operator": "for_profit", "in_town": True, "has_valid_food_permit": True}, "0.00"),
    ({"operator": "for_profit", "in_town": True, "has_valid_food_permit": False}, "20.00"),
    ({"operator": "for_profit", "in_town": False}, "35.00"),
])
def test_the_operator_category_sets_the_temporary_food_fee(owner, answers, total):
    created = start(owner, TEMPORARY_FOOD, **EVENT, **answers)

    assert submit(owner, created)["invoice"]["total"] == total


def test_an_event_ending_before_it_starts_is_refused_naming_the_end_date(owner):
    response = client_for(owner).post("/api/v1/applications/", {
        "permit_type": TEMPORARY_FOOD, "action": "new",
        "details": {**EVENT, "end_date": "2030-07-09", "operator": "non_profit"}},
        format="json")

    assert response.status_code == 400
    assert list(response.json()["details"]) == ["end_date"]
    assert "09.5.3" in response.json()["details"]["end_date"][0]
    assert not Application.objects.exists()


# -- residential kitchen: no license before a passed inspection -----------------------------


def test_a_residential_kitchen_is_held_until_the_agent_s_inspection_passes(
    owner, clerk, inspector
):
    created = start(owner, KITCHEN, property=lot(owner).pk, serves="both")
    pk = created["id"]
    staff_api = client_for(clerk)
    invoice = submit(owner, created)["invoice"]
    staff_api.post("/api/v1/payments/", {"invoice": invoice["id"], "method": "cash",
                                         "reference": "R-1", "amount": invoice["total"]},
                   format="json")

    def held() -> set[str]:
        return gates_of(staff_api.get(f"/api/v1/applications/{pk}/").json())

    assert held() == {"inspection_passed"}
    failed = inspect(pk, VISIT_FAILS, inspector=inspector, clerk=clerk,
                     notes="The dog was in the dining room during breakfast service.")
    assert failed.result == "failed"
    assert failed.notes.startswith("The dog was in the dining room")
    assert [(violation.rule, violation.citation) for violation in failed.violations.all()] == [
        ("ti.5.5.pets", "Tisbury BOH Reg 09.5.5")]
    assert held() == {"inspection_passed"}
    refused = staff_api.post(f"/api/v1/applications/{pk}/review/", {"decision": "approve"},
                             format="json")
    assert refused.status_code == 400, refused.content
    assert refused.json()["non_field_errors"] == [
        "The inspection has not been passed yet. (Tisbury BOH Reg 09.5.5)"]
    assert Application.objects.get(pk=pk).status == "submitted"
    assert not Permit.objects.exists()

    inspect(pk, VISIT_PASSES, inspector=inspector, clerk=clerk, notes="Corrected.")

    assert held() == set()


# -- sandblasting: the 09.4.3 completeness check is the rules gate --------------------------


def test_an_incomplete_sandblasting_application_is_held_on_the_completeness_rule(owner):
    answers = {name: value for name, value in SANDBLASTING_OK.items()
               if name not in ("company_name", "sandblasting_date")}
    created = start(owner, SANDBLASTING, property=lot(owner).pk, variant="individual",
                    **answers)

    blockers = {blocker["code"]: blocker for blocker in created["blockers"]}
    assert blockers["ti.4.3.complete"]["gate"] == "rules_met"
    assert blockers["ti.4.3.complete"]["citation"] == "Tisbury BOH Reg 09.4.3"
    assert "Sandblasting company name" in blockers["ti.4.3.complete"]["message"]
    assert "Date of the sandblasting" in blockers["ti.4.3.complete"]["message"]


@pytest.mark.parametrize(("visit", "section"), [
    (food.RESIDENTIAL_KITCHEN_VISIT, "Tisbury BOH Reg 09.5.5"),
    (food.TEMPORARY_KITCHEN_VISIT, "Tisbury BOH Reg 09.5.3"),
])
def test_kitchen_visits_are_yes_or_no_checklists_citing_their_section(visit, section):
    assert [fact.help_text for fact in visit.facts] == [section] * len(visit.facts)
    assert all(rule.citation == section for rule in visit.rules)
