"""A case about a permit a business holds has the business as its party, however it is
opened: at the counter by permit number, through the API, or from a failed inspection.
"The business is the party everywhere — … the record its citations, repeat offenses and
surcharges count" (lifecycle.md); Tisbury's renewal surcharge reads that record (09.1.4)."""

from __future__ import annotations

import datetime as dt

import pytest
from django.urls import reverse

from permits_site.enforcement.models import Case, InspectionResult, InspectionStatus
from permits_site.enforcement.services import issue_citation, open_case_from_inspection
from tests.api.conftest import client_for
from tests.enforcement.test_surcharge_record import (
    HEALTH_CASE,
    SEPTAGE,
    at,
    codes,
    events_of,
    held_permit,
)
from tests.factories import (
    ApplicationFactory,
    BusinessFactory,
    InspectionFactory,
    UserFactory,
    permit_type,
)

pytestmark = pytest.mark.django_db

DAY = dt.date(2027, 3, 10)


@pytest.fixture
def officer(tisbury_inspector):
    return tisbury_inspector


@pytest.fixture
def septic_company(db):
    return BusinessFactory(legal_name="Island Septic Services LLC")


@pytest.fixture
def septage_permit(septic_company):
    return held_permit(septic_company, SEPTAGE)


def assert_business_is_the_party(case: Case, business) -> None:
    assert case.party_business == business
    assert case.party_name == business.legal_name


def test_a_complaint_at_the_counter_on_a_business_s_permit_names_the_business(
    client, officer, septage_permit, septic_company
):
    with at(DAY):
        client.force_login(officer)
        response = client.post(reverse("enforcement:cases"), {"action": "open",
            "case_type": HEALTH_CASE, "permit_number": septage_permit.number,
            "address": "4 Main Street", "complaint": "Septage spilled on the road",
            "received_on": DAY.isoformat()})

    assert response.status_code == 302, response.context["open_form"].errors
    assert response["Location"] == reverse("enforcement:case", args=[Case.objects.get().pk])
    case = Case.objects.get()
    assert_business_is_the_party(case, septic_company)
    with at(DAY):
        issue_citation(case=case, offense="state_sanitary_code",
                       surcharge_event="citation_critical", acting_user=officer)
    assert "citation_critical" in codes(events_of(septic_company, SEPTAGE, on=DAY))


def test_a_case_opened_through_the_api_on_a_business_s_permit_names_the_business(
    officer, septage_permit, septic_company
):
    with at(DAY):
        response = client_for(officer).post("/api/v1/cases/", {
            "municipality": "tisbury", "case_type": HEALTH_CASE,
            "permit": septage_permit.pk, "address": "4 Main Street",
            "complaint": "Septage spilled on the road"},
            format="json")

    assert response.status_code == 201, response.json()
    assert_business_is_the_party(Case.objects.get(), septic_company)


def test_a_failed_inspection_of_a_business_s_application_opens_a_case_on_the_business(
    officer, septic_company
):
    application = ApplicationFactory(permit_type=permit_type(SEPTAGE), business=septic_company,
                                     applicant=UserFactory(first_name="Rosa", last_name="Costa"))
    inspection = InspectionFactory(
        municipality=application.municipality, application=application, inspector=officer,
        check_code="tisbury.dumpster_site_visit", status=InspectionStatus.CLOSED,
        result=InspectionResult.FAILED, scheduled_for=DAY, inspected_on=DAY)

    with at(DAY):
        case = open_case_from_inspection(inspection=inspection, case_type=HEALTH_CASE,
                                         acting_user=officer)

    assert_business_is_the_party(case, septic_company)
    assert case.party == application.applicant
