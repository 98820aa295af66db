"""What the Tisbury permits now carry and wait for (BOH Reg 09.0.8, 09.1.3, 09.2.3–09.2.9,
09.4.1–09.4.6, 09.8.5, 09.9.6, 09.9.7): the conditions printed on each permit with their
sections, the dumpster's site visit approving its location, the lead paint determination
before a pre-1978 building is sandblasted, and the woodwaste site assignment over 200 cubic
yards — each through the same API the pages use."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from permits_site.licensing.kinds import kind_for
from tests.factories import Role, UserFactory, staff
from tests.rules.test_tisbury_rules import SANDBLASTING_OK, WOODWASTE_OK
from tests.tisbury.support import client_for, pdf_text
from tests.tisbury.test_every_permit_type import details_for, issued_through_the_api

pytestmark = pytest.mark.django_db


@pytest.fixture
def owner(db):
    return UserFactory(username="tilly", first_name="Tilly", last_name="Holder")


@pytest.fixture
def inspector(db):
    return staff(Role.INSPECTOR, "tisbury", first_name="Ian", last_name="Agent")


def submitted(owner, clerk, code: str, details: dict) -> dict:
    """An application submitted through the API, as the office then sees it."""
    resident, office = client_for(owner), client_for(clerk)
    created = resident.post("/api/v1/applications/", {
        "permit_type": code, "action": "new", "details": {**details_for(owner, code), **details}},
        format="json")
    assert created.status_code == 201, created.content
    pk = created.json()["id"]
    assert resident.post(f"/api/v1/applications/{pk}/submit/").status_code == 200
    return office.get(f"/api/v1/applications/{pk}/").json()


def citations_of(permit) -> list[str]:
    return [item["citation"] for item in permit.conditions if item["kind"] == "condition"]


# -- conditions printed on the permit --------------------------------------------------------


def test_the_dumpster_permit_prints_siting_loading_lid_and_overflow_conditions_2_3_2_4(
        owner, clerk, inspector):
    permit = issued_through_the_api(owner, clerk, inspector, "tisbury.dumpster",
                                    details_for(owner, "tisbury.dumpster"))

    assert citations_of(permit) == [
        "Tisbury BOH Reg 09.2.3(1)", "Tisbury BOH Reg 09.2.3(2)", "Tisbury BOH Reg 09.2.3(3)",
        "Tisbury BOH Reg 09.2.4(1)", "Tisbury BOH Reg 09.2.4(1)", "Tisbury BOH Reg 09.2.4(2)",
        "Tisbury BOH Reg 09.2.4(3)"]
    text = " ".join(pdf_text(permit).split())
    assert "not loaded between 11:00 P.M. and 7:00 A.M." in text
    assert "The lid is kept closed." in text


def test_the_contractor_permit_prints_name_phone_hours_and_deodorizing_2_6(
        owner, clerk, inspector):
    permit = issued_through_the_api(owner, clerk, inspector, "tisbury.dumpster_contractor",
                                    details_for(owner, "tisbury.dumpster_contractor"))

    assert citations_of(permit) == [
        "Tisbury BOH Reg 09.2.6(1)", "Tisbury BOH Reg 09.2.6(2)", "Tisbury BOH Reg 09.2.6(3)"]
    assert "business telephone number" in " ".join(pdf_text(permit).split())


def test_the_septage_handler_permit_prints_the_formaldehyde_and_acid_conditions_4_4_4_5(
        owner, clerk, inspector):
    permit = issued_through_the_api(owner, clerk, inspector, "tisbury.septage_handler",
                                    details_for(owner, "tisbury.septage_handler"))

    assert citations_of(permit) == [
        "Tisbury BOH Reg 09.4.4", "Tisbury BOH Reg 09.4.5", "Tisbury BOH Reg 09.1.3(6)"]


def test_the_disposal_works_permit_prints_its_construction_conditions_inland(
        owner, clerk, inspector):
    permit = issued_through_the_api(owner, clerk, inspector, "tisbury.disposal_works",
                                    details_for(owner, "tisbury.disposal_works"))

    assert citations_of(permit) == [
        "Tisbury BOH Reg 09.0.8(1)", "Tisbury BOH Reg 09.0.8(2)", "Tisbury BOH Reg 09.0.8(6)",
        "Tisbury BOH Reg 09.1.3(1)", "Tisbury BOH Reg 09.1.3(2)", "Tisbury BOH Reg 09.1.3(6)",
        "Tisbury BOH Reg 09.9.7(5)", "Tisbury BOH Reg 09.9.6(3)"]
    assert "Greywater is never discharged" in " ".join(pdf_text(permit).split())


@pytest.mark.parametrize(("zone", "asked"), [
    ("inland", False), ("coastal_district", True), ("barrier_beach", True)])
def test_ngvd_1929_benchmarks_are_a_condition_only_in_the_coastal_district_0_8_10(zone, asked):
    application = SimpleNamespace(place=SimpleNamespace(attributes={"zone": zone}))

    cited = [condition.citation
             for condition in kind_for("tisbury.disposal_works").conditions_for(application)]

    assert ("Tisbury BOH Reg 09.0.8(10)" in cited) is asked


def test_the_campground_license_prints_what_is_reported_at_once_8_5_3(owner, clerk, inspector):
    permit = issued_through_the_api(owner, clerk, inspector, "tisbury.campground",
                                    details_for(owner, "tisbury.campground"))

    assert citations_of(permit) == ["Tisbury BOH Reg 09.8.5(3)"]


def test_the_subdivision_review_prints_the_board_s_determination_and_lot_criteria_4_1_4_2(
        owner, clerk, inspector):
    permit = issued_through_the_api(owner, clerk, inspector, "tisbury.subdivision_review",
                                    details_for(owner, "tisbury.subdivision_review"))

    assert citations_of(permit) == ["Tisbury BOH Reg 09.4.2"]
    assert [entry["rule"] for entry in permit.determinations] == ["ti.4.1.review"]


# -- gates -----------------------------------------------------------------------------------


def test_a_dumpster_waits_for_the_board_s_site_visit_approving_its_location_2_3_1(
        owner, clerk):
    application = submitted(owner, clerk, "tisbury.dumpster", {})

    assert "inspection_passed" in [blocker["gate"] for blocker in application["blockers"]]


def test_a_pre_1978_building_is_not_sandblasted_before_its_lead_determination_4_6(
        owner, clerk):
    application = submitted(owner, clerk, "tisbury.sandblasting", {
        "building_year_built": 1977, "lead_determination_filed": False})

    lead = [blocker for blocker in application["blockers"] if blocker["code"] == "ti.4.6.lead"]
    assert [(blocker["gate"], blocker["citation"]) for blocker in lead] == [
        ("rules_met", "Tisbury BOH Reg 09.4.6")]


@pytest.mark.parametrize("details", [
    {"building_year_built": 1978, "lead_determination_filed": False},
    {"building_year_built": 1977, "lead_determination_filed": True},
    {"building_year_built": None},
])
def test_a_filed_determination_a_newer_building_or_no_building_is_not_held_4_6(
        owner, clerk, details):
    application = submitted(owner, clerk, "tisbury.sandblasting", {**SANDBLASTING_OK, **details})

    assert "ti.4.6.lead" not in [blocker["code"] for blocker in application["blockers"]]


@pytest.mark.parametrize(("volume", "assigned", "gates"), [
    (201, False, ["rules_met"]), (201, True, []), (200, False, ["review_determined"])])
def test_woodwaste_over_200_cubic_yards_waits_for_a_site_assignment_2_9(
        owner, clerk, volume, assigned, gates):
    """Over 200 cu yd: the site assignment holds the permit; 200 or less: the Board's
    case-by-case review does."""
    application = submitted(owner, clerk, "tisbury.woodwaste_burial", {
        **WOODWASTE_OK, "volume_cuyd": volume, "site_assigned": assigned})

    site = [blocker for blocker in application["blockers"] if blocker["code"] == "ti.2.9.site"]
    assert [blocker["gate"] for blocker in site] == gates
    assert {blocker["citation"] for blocker in site} <= {"Tisbury BOH Reg 09.2.9(1)"}
