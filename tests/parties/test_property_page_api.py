"""``GET /api/v1/properties/{id}/record/``: the town's staff read a property's cases (with
their open orders), citations, inspections and waivers, each with its status and link; the
place of another town does not exist for them, and residents are refused."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest
import time_machine
from rest_framework.test import APIClient

from tests.factories import (
    ApplicationFactory,
    CaseFactory,
    CitationFactory,
    InspectionFactory,
    InvoiceLineFactory,
    OrderFactory,
    PaymentFactory,
    PropertyFactory,
    Role,
    UserFactory,
    VarianceFactory,
    local,
    municipality,
    staff,
)
from tests.parties.test_property_page import fill, issued_permit

pytestmark = pytest.mark.django_db

TODAY = dt.date(2026, 6, 10)


@pytest.fixture(autouse=True)
def _today():
    with time_machine.travel(local(TODAY, 10), tick=False):
        yield


@pytest.fixture
def lot(db):
    return PropertyFactory(municipality=municipality("north_andover"), address="5 Elm Street")


def record_of(user, place):
    client = APIClient()
    client.force_authenticate(user)
    return client.get(f"/api/v1/properties/{place.pk}/record/")


def test_staff_read_the_places_record_with_statuses_and_links(clerk, lot):
    permit = issued_permit(lot, "north_andover.dog_license")
    visit = InspectionFactory(municipality=lot.municipality, permit=permit,
                              inspected_on=TODAY, status="closed", result="failed")
    case = CaseFactory(municipality=lot.municipality, place=lot, inspection=visit)
    late = OrderFactory(case=case, comply_by=TODAY - dt.timedelta(days=1))
    due_today = OrderFactory(case=case, comply_by=TODAY)
    OrderFactory(case=case, complied_on=TODAY)
    citation = CitationFactory(case=case)
    InvoiceLineFactory(invoice=citation.invoice, amount=Decimal("50.00"))
    PaymentFactory(invoice=citation.invoice, amount=Decimal("20.00"))
    waiver = VarianceFactory(application=ApplicationFactory(place=lot))

    response = record_of(clerk, lot)

    assert response.status_code == 200
    body = response.json()
    assert body["property"] == lot.pk
    assert body["cases"] == [{
        "id": case.pk, "case_type": case.case_type, "status": "open",
        "received_on": str(TODAY), "permit": None, "url": f"/api/v1/cases/{case.pk}/",
        "open_orders": [
            {"id": late.pk, "text": late.text, "citation": late.citation,
             "comply_by": str(late.comply_by), "overdue": True},
            {"id": due_today.pk, "text": due_today.text, "citation": due_today.citation,
             "comply_by": str(TODAY), "overdue": False},
        ],
    }]
    assert body["citations"] == [{
        "id": citation.pk, "case": case.pk, "offense": "running_at_large",
        "citation": "Chapter 60", "issued_on": str(TODAY), "amount": "50.00",
        "balance": "30.00", "standing": "due", "url": f"/api/v1/citations/{citation.pk}/",
    }]
    assert body["inspections"] == [{
        "id": visit.pk, "check": visit.check_code, "permit": permit.pk, "application": None,
        "scheduled_for": str(TODAY), "inspected_on": str(TODAY), "status": "closed",
        "result": "failed", "url": f"/api/v1/inspections/{visit.pk}/",
    }]
    assert [(row["id"], row["status"], row["rule_ids"], row["url"])
            for row in body["variances"]] == [
        (waiver.pk, "requested", ["ti.9.7.6.private_well"],
         f"/api/v1/applications/{waiver.application_id}/variances/")]


def test_another_towns_staff_find_no_such_property(lot):
    assert record_of(staff(Role.CLERK, "tisbury"), lot).status_code == 404


def test_residents_and_staff_outside_enforcement_are_refused(lot):
    owner = UserFactory()
    lot.people.add(owner)

    assert record_of(owner, lot).status_code == 403
    assert record_of(staff(Role.ADMIN, "north_andover"), lot).status_code == 403
    assert record_of(staff(Role.INSPECTOR, "north_andover"), lot).status_code == 200


@pytest.mark.parametrize("rows", [2, 10])
def test_the_record_runs_a_fixed_number_of_queries(clerk, lot, rows,
                                                   django_assert_max_num_queries):
    fill(lot, rows)

    with django_assert_max_num_queries(12):
        response = record_of(clerk, lot)

    body = response.json()
    assert [len(body[kind]) for kind in ("cases", "citations", "inspections", "variances")] \
        == [rows, rows, 2 * rows, rows]


# -- a complaint about a property, over the API --------------------------------------------


def test_a_complaint_names_the_property_and_takes_its_address(lot):
    tisbury_lot = PropertyFactory(municipality=municipality("tisbury"), address="12 Beach Road")
    clerk = staff(Role.CLERK, "tisbury")
    client = APIClient()
    client.force_authenticate(clerk)

    response = client.post("/api/v1/cases/", {
        "municipality": "tisbury", "case_type": "tisbury.health_violation",
        "place": tisbury_lot.pk, "party_name": "Olive Owner", "complaint": "Odour",
    }, format="json")

    assert response.status_code == 201, response.json()
    assert (response.json()["place"], response.json()["address"]) == (
        tisbury_lot.pk, "12 Beach Road, Tisbury")
    assert record_of(clerk, tisbury_lot).json()["cases"][0]["id"] == response.json()["id"]
    refused = client.post("/api/v1/cases/", {
        "municipality": "tisbury", "case_type": "tisbury.health_violation", "place": lot.pk,
        "party_name": "Olive Owner", "complaint": "Odour"}, format="json")
    assert refused.status_code == 400 and set(refused.json()) == {"place"}
