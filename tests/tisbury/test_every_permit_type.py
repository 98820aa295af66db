"""Every Tisbury permit type (Board of Health Regulations 09.0–09.12), one table: what each
declares — holder, place, fields, documents, gates, term — and each carried through the API
from application to a verified PDF, every gate cleared the way the office clears it: the
documents accepted, the agent's inspection passed (09.5.5, 09.8), public water recorded for a
disposal works lot (09.3.1(3)). Each annual type is then renewed from the body
``GET /permits/{id}/renewal/`` pre-fills from last year's permit."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

import pytest
from rest_framework.test import APIClient

from permits_site.licensing.models import Permit
from permits_site.parties.services import create_business
from tests.factories import Role, UserFactory, staff, tisbury_place
from tests.rules.test_tisbury_rules import (
    CAMPGROUND_OK,
    COASTAL_SEPTIC_OK,
    PRIVATE_WELL_OK,
    SANDBLASTING_OK,
    WOODWASTE_OK,
)
from tests.tisbury.support import TODAY, accepted_documents, client_for, pdf_text

pytestmark = pytest.mark.django_db
DEC_31 = dt.date(2030, 12, 31)
CALENDAR_YEAR = "Valid through December 31 of the year issued"
ANNUAL_GATES = ["hearing_decided", "board_signatures", "fee_paid"]
KITCHEN_VISIT = dict.fromkeys(("only_non_hazardous_foods", "private_foods_kept_apart",
                               "pets_kept_out", "laundry_idle", "no_guest_cooking"), True)
#: The dumpster site visit approving its location and upkeep (09.2.3, 09.2.4, 09.2.6).
DUMPSTER_VISIT = dict.fromkeys((
    "location_approved", "traffic_view_clear", "screened_where_required", "lid_closed",
    "children_kept_off", "no_overflow", "area_free_of_nuisance", "contractor_name_displayed",
    "deodorized"), True)
NO_EXPIRY = dt.date(9999, 12, 31)


#: What the disposal works check asks besides the coastal septic facts: 09.9.4(2)'s use limits
#: and 09.1.3(3), (4)'s number of systems (the lot's zoning comes from the property), 09.1.3(7)'s
#: potential bedrooms.
DISPOSAL_WORKS_ONLY = ["increases_occupancy", "adds_wastewater_devices", "systems_on_lot",
                       "dwelling_units_per_system", "public_interest_housing",
                       "sewer_at_lot_line", "potential_bedrooms", "design_bedrooms"]


def without_zone(answers: dict[str, Any]) -> dict[str, Any]:
    """The applicant's answers: the zone is read from the property (09.9)."""
    return {name: value for name, value in answers.items() if name != "zone"}


@dataclass(frozen=True)
class Declared:
    """A permit type as the spec and the issue declare it, and an application's answers."""

    holder: str
    about: str
    fields: list[str]
    answers: dict[str, Any]
    documents: tuple[str, ...] = ()
    gates: list[str] = field(default_factory=lambda: ANNUAL_GATES)
    term: str = CALENDAR_YEAR
    #: The check the agent's inspection is judged by, and its passing answers.
    inspection: tuple[str, dict[str, Any]] | None = None
    #: The period the permit runs, when not the calendar year of issue.
    period: tuple[dt.date, dt.date] = (TODAY, DEC_31)
    #: The needs_review findings the Board's reviewer accepts in writing.
    determined: tuple[str, ...] = ()


TYPES: dict[str, Declared] = {
    "tisbury.dumpster": Declared(
        "person_or_business", "property",
        ["business", "property", "permit", "location_on_lot", "sticker_number"],
        {"location_on_lot": "Behind the kitchen door", "sticker_number": "T-0412"},
        gates=["inspection_passed", *ANNUAL_GATES],
        inspection=("tisbury.dumpster_site_visit", DUMPSTER_VISIT)),
    "tisbury.dumpster_contractor": Declared(
        "business", "business", ["business", "permit", "dumpsters"],
        {"dumpsters": ["T-0412 / 10 cubic yards / 5 Main Street"]}),
    "tisbury.temporary_dumpster": Declared(
        "person_or_business", "property",
        ["business", "property", "permit", "start_date", "end_date"],
        {"start_date": "2030-06-05", "end_date": "2030-07-05"},
        gates=["rules_met", *ANNUAL_GATES],
        term="From the start date for up to 30 days; a renewal adds up to 30 more",
        period=(dt.date(2030, 6, 5), dt.date(2030, 7, 5))),
    "tisbury.septage_handler": Declared(
        "business", "business", ["business", "permit", "vehicles"],
        {"vehicles": ["International 4300, MA plate 1234-AB"]}, ("liability_insurance",),
        ["documents_accepted", *ANNUAL_GATES]),
    "tisbury.sandblasting": Declared(
        "person_or_business", "property",
        ["business", "property", "variant", "building_year_built", "lead_determination_filed",
         *SANDBLASTING_OK],
        {"variant": "year_round", **SANDBLASTING_OK}, gates=["rules_met", *ANNUAL_GATES],
        term="Year-round: the calendar year; individual: the job"),
    "tisbury.food_service": Declared(
        "business", "business",
        ["business", "permit", "sells_retail_products", "rents_kitchen_commercially",
         "occasional_benefit", "fee_waiver_requested"],
        {"fee_waiver_requested": False}, ("food_protection_manager", "allergen_awareness"),
        ["documents_accepted", *ANNUAL_GATES]),
    "tisbury.temporary_food": Declared(
        "person_or_business", "event",
        ["business", "event_name", "event_location", "start_date", "end_date", "operator",
         "in_town", "has_valid_food_permit"],
        {"event_name": "Tisbury Street Fair", "event_location": "Main Street",
         "start_date": "2030-07-10", "end_date": "2030-07-12", "operator": "for_profit",
         "in_town": False},
        term="The event", period=(dt.date(2030, 7, 10), dt.date(2030, 7, 12))),
    "tisbury.residential_kitchen": Declared(
        "person", "property", ["property", "permit", "serves"], {"serves": "breakfast"},
        gates=["inspection_passed", *ANNUAL_GATES],
        inspection=("tisbury.residential_kitchen_visit", KITCHEN_VISIT)),
    "tisbury.stable": Declared("person", "property", ["property", "permit", "horses"],
                               {"horses": 6}),
    "tisbury.disposal_works": Declared(
        "person", "property",
        ["property", "alternative_system", "perc_tested_on", *without_zone(COASTAL_SEPTIC_OK),
         *DISPOSAL_WORKS_ONLY],
        without_zone(COASTAL_SEPTIC_OK), ("septic_design", "floor_plan"),
        ["documents_accepted", "rules_met", "review_determined", "hearing_decided",
         "board_signatures", "well_ready", "fee_paid"],
        term="The construction", period=(TODAY, dt.date(9999, 12, 31))),
    "tisbury.well_registration": Declared(
        "person", "property", ["property", *without_zone(PRIVATE_WELL_OK)],
        without_zone(PRIVATE_WELL_OK), ("potability_report", "pumping_test"),
        ["documents_accepted", "rules_met", "review_determined", *ANNUAL_GATES],
        term="No expiry",
        period=(TODAY, dt.date(9999, 12, 31))),
    "tisbury.campground": Declared(
        "person_or_business", "property", ["business", "property", "permit"], {},
        gates=["rules_met", "inspection_passed", *ANNUAL_GATES],
        inspection=("tisbury.campground", CAMPGROUND_OK)),
    "tisbury.body_art_establishment": Declared("business", "business", ["business", "permit"],
                                               {}),
    "tisbury.body_art_practitioner": Declared("person", "person", ["permit"], {}),
    "tisbury.tobacco_sales": Declared("business", "business", ["business", "permit"], {}),
    "tisbury.woodwaste_burial": Declared(
        "person_or_business", "property", ["business", "property", *WOODWASTE_OK], WOODWASTE_OK,
        gates=["rules_met", "review_determined", *ANNUAL_GATES], term="The burial",
        period=(TODAY, NO_EXPIRY)),
    "tisbury.subdivision_review": Declared(
        "person_or_business", "property",
        ["business", "property", "lot_parcels", "lots", "water_table_shown"],
        {"lots": 4, "water_table_shown": True},
        gates=["rules_met", "review_determined", *ANNUAL_GATES], term="The subdivision",
        period=(TODAY, NO_EXPIRY), determined=("ti.4.1.review",)),
    "tisbury.inlet_approval": Declared(
        "person_or_business", "property", ["business", "property", "inland_of_mean_high_water"],
        {"inland_of_mean_high_water": True},
        gates=["rules_met", "review_determined", *ANNUAL_GATES], term="The construction",
        period=(TODAY, NO_EXPIRY), determined=("ti.9.6.2.inlet",)),
}
RENEWED = [code for code in TYPES if "permit" in TYPES[code].fields]


@pytest.fixture
def owner(db):
    return UserFactory(username="tilly", first_name="Tilly", last_name="Holder")


@pytest.fixture
def inspector(db):
    return staff(Role.INSPECTOR, "tisbury", first_name="Ian", last_name="Agent")


def details_for(owner, code: str) -> dict[str, Any]:
    """The declared answers, with the owner's inland lot and business where the type names
    them (the business left out where the permit may be the owner's own)."""
    declared = TYPES[code]
    references = {}
    if "property" in declared.fields:
        references["property"] = tisbury_place(owner, "inland").pk
    if declared.holder == "business":
        references["business"] = create_business(
            legal_name="Island Works LLC", kind="llc", mailing_address="1 Main Street",
            acting_user=owner).pk
    return {**references, **declared.answers}


def passed_inspection(office: APIClient, inspector, application_id: int, check: str,
                      answers: dict[str, Any]) -> None:
    """The agent's visit, scheduled, answered on its checklist and closed — through the API."""
    scheduled = office.post("/api/v1/inspections/", {
        "municipality": "tisbury", "check": check, "scheduled_for": TODAY.isoformat(),
        "inspector": inspector.pk, "application": application_id}, format="json")
    assert scheduled.status_code == 201, scheduled.content
    agent = client_for(inspector)
    visit = scheduled.json()["id"]
    recorded = agent.post(f"/api/v1/inspections/{visit}/findings/",
                          {"answers": answers, "notes": "Found as answered."}, format="json")
    assert recorded.status_code == 200, recorded.content
    closed = agent.post(f"/api/v1/inspections/{visit}/close/")
    assert closed.json()["result"] == "passed", closed.content


def issued_through_the_api(owner, clerk, inspector, code: str, details: dict,
                           *, action: str = "new") -> Permit:
    """Applied for, documents accepted, submitted, paid, every office gate cleared, approved
    and issued — each step an API call."""
    declared = TYPES[code]
    resident, office = client_for(owner), client_for(clerk)
    created = resident.post("/api/v1/applications/", {
        "permit_type": code, "action": action, "details": details}, format="json")
    assert created.status_code == 201, created.content
    pk = created.json()["id"]
    accepted_documents(resident, office, pk, declared.documents)
    submitted = resident.post(f"/api/v1/applications/{pk}/submit/")
    assert submitted.status_code == 200, submitted.content
    invoice = submitted.json()["invoice"]
    if Decimal(invoice["total"]) > 0:
        paid = office.post("/api/v1/payments/", {
            "invoice": invoice["id"], "method": "check", "reference": f"CHK-{pk}",
            "amount": invoice["total"]}, format="json")
        assert paid.status_code == 201, paid.content
    if declared.inspection is not None:
        passed_inspection(office, inspector, pk, *declared.inspection)
    for rule in declared.determined:
        determined = office.post(f"/api/v1/applications/{pk}/determinations/", {
            "rule": rule, "acceptable": True, "note": "Approved by the Board."}, format="json")
        assert determined.status_code == 201, determined.content
    if "well_ready" in declared.gates:
        recorded = office.post(f"/api/v1/disposal-works-applications/{pk}/public-water/",
                               {"note": "Water department account 4411"}, format="json")
        assert recorded.status_code == 200, recorded.content
    assert office.get(f"/api/v1/applications/{pk}/").json()["blockers"] == []
    approved = office.post(f"/api/v1/applications/{pk}/review/", {"decision": "approve"},
                           format="json")
    assert approved.json()["status"] == "approved", approved.content
    issued = office.post("/api/v1/permits/", {"application": pk}, format="json")
    assert issued.status_code == 201, issued.content
    return Permit.objects.get(pk=issued.json()["id"])


@pytest.mark.parametrize("code", TYPES)
def test_each_type_declares_what_the_issue_lists(api, code):
    declared = TYPES[code]

    described = api.get(f"/api/v1/permit-types/{code}/").json()

    assert (described["holder"], described["about"]) == (declared.holder, declared.about)
    assert [entry["name"] for entry in described["fields"]] == declared.fields
    assert [entry["kind"] for entry in described["documents"]] == list(declared.documents)
    assert described["gates"] == declared.gates
    assert described["term"] == declared.term


@pytest.mark.parametrize("code", TYPES)
def test_each_type_goes_from_application_to_a_verified_pdf(owner, clerk, inspector, code):
    declared = TYPES[code]

    permit = issued_through_the_api(owner, clerk, inspector, code, details_for(owner, code))

    verified = APIClient().get(f"/api/v1/verify/{permit.verification_token}/")
    assert verified.status_code == 200
    assert (verified.json()["status"], verified.json()["permit_type"]) == ("active", code)
    assert (permit.valid_from, permit.valid_through) == declared.period
    assert (permit.holder_business is not None) == (declared.holder == "business")
    text = pdf_text(permit)
    assert permit.number in text
    assert (permit.holder_business.legal_name if permit.holder_business
            else "Tilly Holder") in text


@pytest.mark.parametrize("code", RENEWED)
def test_each_annual_type_is_renewed_pre_filled_from_last_year_s_permit(
    owner, clerk, inspector, code
):
    resident = client_for(owner)
    permit = issued_through_the_api(owner, clerk, inspector, code, details_for(owner, code))

    body = resident.get(f"/api/v1/permits/{permit.pk}/renewal/").json()

    assert (body["permit_type"], body["action"]) == (code, "renewal")
    assert body["details"]["permit"] == permit.pk
    renewal = issued_through_the_api(owner, clerk, inspector, code, body["details"],
                                     action="renewal")
    assert renewal.application.previous_permit == permit
    asked_again = {name for name in TYPES[code].answers if name not in ("start_date", "end_date")}
    assert {name: renewal.application.details.get(name, renewal.application.facts.get(name))
            for name in asked_again} == {name: TYPES[code].answers[name] for name in asked_again}


@pytest.mark.parametrize("code", ["tisbury.disposal_works", "tisbury.well_registration",
                                  "tisbury.temporary_food", "tisbury.sandblasting"])
def test_a_type_without_renewals_has_no_renewal_body(owner, clerk, inspector, code):
    permit = issued_through_the_api(owner, clerk, inspector, code, details_for(owner, code))

    refused = client_for(owner).get(f"/api/v1/permits/{permit.pk}/renewal/")

    assert refused.status_code == 404


def test_another_holder_s_permit_has_no_renewal_body_for_the_caller(owner, clerk, inspector):
    code = "tisbury.stable"
    permit = issued_through_the_api(owner, clerk, inspector, code, details_for(owner, code))

    stranger = client_for(UserFactory(username="stranger"))

    assert stranger.get(f"/api/v1/permits/{permit.pk}/renewal/").status_code == 404


def test_a_temporary_dumpster_renewal_is_pre_filled_up_to_thirty_days_after_the_end(
    owner, clerk, inspector
):
    code = "tisbury.temporary_dumpster"
    permit = issued_through_the_api(owner, clerk, inspector, code, details_for(owner, code))

    details = client_for(owner).get(f"/api/v1/permits/{permit.pk}/renewal/").json()["details"]

    assert (details["start_date"], details["end_date"]) == ("2030-07-06", "2030-08-04")
    renewal = issued_through_the_api(owner, clerk, inspector, code, details, action="renewal")
    assert (renewal.valid_from, renewal.valid_through) == (dt.date(2030, 7, 6),
                                                          dt.date(2030, 8, 4))
