"""Disposal works on a lot a subdivision created (Tisbury BOH Reg 09.4.2): "No Disposal Works
Construction Permit shall be issued for any lot created after the approval of the above
regulation until said lot has met Board of health criteria". A lot is known to come from a
subdivision when an issued subdivision plan review (09.4.1) names its assessors' parcel among
the lots the plan creates; a disposal works application on it waits on the Board's
determination that the lot meets the criteria (``ti.4.2.lot_criteria``, ``review_determined``)."""

from __future__ import annotations

import pytest

from permits_site.licensing.services import applications as application_services
from permits_site.rules.base import Outcome
from tests.factories import Role, UserFactory, staff
from tests.tisbury.support import client_for
from tests.tisbury.test_barrier_beach_limits import application_on, findings_of
from tests.tisbury.test_every_permit_type import details_for, issued_through_the_api
from tests.tisbury.test_septic_and_well_permits import (
    SEPTIC_DOCUMENTS,
    blocker_codes,
    submitted_with_documents,
)

pytestmark = pytest.mark.django_db
RULE = "ti.4.2.lot_criteria"


@pytest.fixture
def owner():
    return UserFactory(username="olive", first_name="Olive", last_name="Owner")


@pytest.fixture
def subdivision(owner, clerk):
    inspector = staff(Role.INSPECTOR, "tisbury")
    details = {**details_for(owner, "tisbury.subdivision_review"),
               "lot_parcels": ["12-A-1", "12-A-2"]}
    return issued_through_the_api(owner, clerk, inspector, "tisbury.subdivision_review",
                                  details)


def test_a_lot_the_subdivision_names_waits_on_the_boards_lot_criteria_4_2(owner, subdivision):
    application = application_on(owner, "12-a-2")

    finding = findings_of(application)[RULE]
    assert finding.outcome is Outcome.NEEDS_REVIEW
    assert finding.citation == "Tisbury BOH Reg 09.4.2"
    assert subdivision.number in finding.message
    assert "meets the Board of Health's criteria" in finding.message


def test_the_lot_is_held_on_the_review_gate_naming_4_2(owner, subdivision, clerk):
    application = submitted_with_documents(application_on(owner, "12-A-1"), SEPTIC_DOCUMENTS,
                                           clerk=clerk)

    held = [(blocker.gate, blocker.citation)
            for blocker in application_services.blockers(application) if blocker.code == RULE]
    assert held == [("review_determined", "Tisbury BOH Reg 09.4.2")]


def test_the_boards_determination_that_the_lot_meets_the_criteria_releases_it_4_2(
        owner, subdivision, clerk):
    application = submitted_with_documents(application_on(owner, "12-A-1"), SEPTIC_DOCUMENTS,
                                           clerk=clerk)

    determined = client_for(clerk).post(
        f"/api/v1/applications/{application.pk}/determinations/", {
            "rule": RULE, "acceptable": True,
            "note": "Observation wells show the water table at 9 ft."}, format="json")

    assert determined.status_code == 201, determined.content
    application.refresh_from_db()
    assert RULE not in blocker_codes(application, "review_determined")


def test_a_lot_no_subdivision_names_is_not_held_4_2(owner, subdivision):
    assert findings_of(application_on(owner, "12-A-3"))[RULE].outcome is (
        Outcome.NOT_APPLICABLE)


def test_a_subdivision_review_not_yet_issued_holds_no_lot_4_2(owner):
    created = client_for(owner).post("/api/v1/applications/", {
        "permit_type": "tisbury.subdivision_review", "action": "new",
        "details": {**details_for(owner, "tisbury.subdivision_review"),
                    "lot_parcels": ["12-A-1"]}}, format="json")
    assert created.status_code == 201, created.content

    assert findings_of(application_on(owner, "12-A-1"))[RULE].outcome is (
        Outcome.NOT_APPLICABLE)


def test_a_resident_cannot_send_the_subdivision_of_a_lot_4_2(owner):
    response = client_for(owner).post("/api/v1/properties/", {
        "municipality": "tisbury", "address": "2 Lot Lane", "parcel": "12-A-9",
        "attributes": {"subdivision_review": "TIS-2030-0001"}}, format="json")

    assert response.status_code == 400
    assert "subdivision_review" in str(response.json())
