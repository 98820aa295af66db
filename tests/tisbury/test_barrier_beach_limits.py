"""What a disposal works application is asked and refused on the Designated Barrier Beach
(BOH Reg 09.9.4(2)), the number of systems on any lot (09.1.3(3), (4)), and the private well
where the public main is practical (09.3.1(2), 09.9.5(2)) — all read with the place's derived
zone and the clerk's records, never typed by the resident."""

from __future__ import annotations

import datetime as dt

import pytest

from permits_site.licensing.models import Application
from permits_site.licensing.services import applications as application_services
from permits_site.parties.services import find_or_create_property
from permits_site.rules.base import Outcome
from tests.factories import UserFactory, municipality
from tests.rules.test_tisbury_rules import COASTAL_SEPTIC_OK, PRIVATE_WELL_OK
from tests.tisbury.support import client_for
from tisbury_regs.rules import DISPOSAL_WORKS_CHECK, PRIVATE_WELL

pytestmark = pytest.mark.django_db
SEPTIC_ANSWERS = {name: value for name, value in COASTAL_SEPTIC_OK.items() if name != "zone"}
WELL_ANSWERS = {name: value for name, value in PRIVATE_WELL_OK.items() if name != "zone"}
ON = dt.date(2030, 6, 3)


def judged(**facts):
    result = DISPOSAL_WORKS_CHECK.evaluate(DISPOSAL_WORKS_CHECK.parse(
        {**COASTAL_SEPTIC_OK, **facts}), on=ON)
    return {finding.rule: finding for finding in result.findings}


@pytest.fixture
def owner(db):
    return UserFactory(username="olive")


def application_on(owner, parcel: str, code="tisbury.disposal_works", **answers) -> Application:
    place, _ = find_or_create_property(municipality=municipality("tisbury"),
                                       address="4 Beach Road", parcel=parcel, acting_user=owner)
    base = SEPTIC_ANSWERS if code == "tisbury.disposal_works" else WELL_ANSWERS
    response = client_for(owner).post("/api/v1/applications/", {
        "permit_type": code, "action": "new",
        "details": {"property": place.pk, **base, **answers}}, format="json")
    assert response.status_code == 201, response.content
    return Application.objects.get(pk=response.json()["id"])


def findings_of(application) -> dict:
    return {finding.rule: finding
            for finding in application_services.evaluate(application).findings}


# -- 09.9.4(2) on the barrier beach -----------------------------------------------------------


def test_new_system_on_listed_lot_refused_without_a_zone_sent_09_9_4_2(owner):
    findings = findings_of(application_on(owner, "30-A-4", new_system=True))
    assert findings["ti.9.4.2.bb_new"].outcome is Outcome.FAIL
    assert findings["ti.9.4.2.bb_new"].citation == "Tisbury BOH Reg 09.9.4(2)"
    blockers = [blocker.code for blocker in application_services.blockers(
        application_on(owner, "30-A-5", new_system=True))]
    assert "ti.9.4.2.bb_new" in blockers


@pytest.mark.parametrize(("answer", "rule"), [
    ("increases_occupancy", "ti.9.4.2.bb_occupancy"),
    ("adds_wastewater_devices", "ti.9.4.2.bb_devices"),
])
def test_no_increase_of_occupancy_or_devices_on_the_barrier_beach_09_9_4_2(answer, rule):
    assert judged(zone="barrier_beach", **{answer: True})[rule].outcome is Outcome.FAIL
    assert judged(zone="barrier_beach", **{answer: False})[rule].outcome is Outcome.PASS
    assert judged(zone="coastal_district", **{answer: True})[rule].outcome is (
        Outcome.NOT_APPLICABLE)
    assert judged(zone="not_determined", **{answer: True})[rule].outcome is (
        Outcome.NEEDS_REVIEW)


def test_occupancy_is_asked_on_the_application_and_refused_naming_the_rule_09_9_4_2(owner):
    findings = findings_of(application_on(owner, "31-B-13.1", increases_occupancy=True))
    assert findings["ti.9.4.2.bb_occupancy"].outcome is Outcome.FAIL
    assert "09.9.4(2)" in findings["ti.9.4.2.bb_occupancy"].citation


def test_a_board_required_replacement_is_not_a_new_system_09_9_4_2():
    assert judged(zone="barrier_beach", new_system=True, replacement_required_by_board=True
                  )["ti.9.4.2.bb_new"].outcome is Outcome.PASS


# -- 09.1.3(3), (4) on disposal works applications --------------------------------------------


@pytest.mark.parametrize(("facts", "outcome"), [
    ({"systems_on_lot": 2, "dwelling_units_per_system": 2}, Outcome.PASS),
    ({"systems_on_lot": 3}, Outcome.FAIL),
    ({"dwelling_units_per_system": 3}, Outcome.FAIL),
    ({"systems_on_lot": 3, "sewer_at_lot_line": True}, Outcome.NEEDS_REVIEW),
    ({"zoning": "business", "systems_on_lot": 5}, Outcome.NEEDS_REVIEW),
    ({"public_interest_housing": True, "dwelling_units_per_system": 6}, Outcome.NEEDS_REVIEW),
])
def test_two_systems_per_lot_two_units_per_system_business_case_by_case_09_1_3_3_4(facts,
                                                                                 outcome):
    assert judged(zone="inland", **facts)["ti.1.3.3.max"].outcome is outcome


def test_a_third_system_is_refused_on_the_disposal_works_application_09_1_3_3(owner):
    findings = findings_of(application_on(owner, "7-B-2", systems_on_lot=3))
    assert findings["ti.1.3.3.max"].outcome is Outcome.FAIL
    assert findings["ti.1.3.3.max"].citation == "Tisbury BOH Reg 09.1.3(3)"


def test_the_lots_business_zoning_is_read_from_the_property_09_1_3_4(owner):
    place, _ = find_or_create_property(municipality=municipality("tisbury"),
                                       address="9 Main Street", parcel="7-B-9",
                                       attributes={"zoning": "business"}, acting_user=owner)
    response = client_for(owner).post("/api/v1/applications/", {
        "permit_type": "tisbury.disposal_works", "action": "new",
        "details": {"property": place.pk, **SEPTIC_ANSWERS}}, format="json")
    findings = findings_of(Application.objects.get(pk=response.json()["id"]))
    assert findings["ti.1.3.3.max"].outcome is Outcome.NEEDS_REVIEW


# -- 09.3.1(2), 09.9.5(2): the public main ----------------------------------------------------


def test_a_well_where_the_clerk_recorded_the_main_reachable_needs_review_09_3_1_2(owner,
                                                                                 clerk):
    application = application_on(owner, "7-B-3", code="tisbury.well_registration")
    assert findings_of(application)["ti.3.1.2.public_main"].outcome is Outcome.PASS

    response = client_for(clerk).patch(f"/api/v1/properties/{application.place_id}/", {
        "public_main_reachable": True, "reason": "The main runs in Beach Road"}, format="json")
    assert response.status_code == 200, response.content
    assert response.json()["derived"]["public_main_reachable"]["value"] is True

    finding = findings_of(application)["ti.3.1.2.public_main"]
    assert finding.outcome is Outcome.NEEDS_REVIEW
    assert finding.citation == "Tisbury BOH Reg 09.3.1(2); Tisbury BOH Reg 09.9.5(2)"


def test_a_resident_may_not_record_the_public_main_09_3_1_2(owner):
    place, _ = find_or_create_property(municipality=municipality("tisbury"),
                                       address="4 Beach Road", acting_user=owner)
    response = client_for(owner).patch(f"/api/v1/properties/{place.pk}/", {
        "public_main_reachable": False, "reason": "no"}, format="json")
    assert response.status_code == 400 and "public_main_reachable" in response.json()
    refused = client_for(owner).post("/api/v1/properties/", {
        "municipality": "tisbury", "address": "5 Beach Road", "public_main_reachable": False},
        format="json")
    assert refused.status_code == 400 and "public_main_reachable" in refused.json()


def test_the_public_main_rule_reads_the_fact_09_9_5_2():
    facts = PRIVATE_WELL.parse({**PRIVATE_WELL_OK, "public_main_reachable": True})
    [finding] = [finding for finding in PRIVATE_WELL.evaluate(facts, on=ON).findings
                 if finding.rule == "ti.3.1.2.public_main"]
    assert finding.outcome is Outcome.NEEDS_REVIEW
