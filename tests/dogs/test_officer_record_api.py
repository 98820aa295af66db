"""The API of the Animal Control Officer's records (North Andover Code ch. 60, ACO B(2);
Welfare C, G): ``/api/v1/animal-calls/``, ``/api/v1/bites/``,
``/api/v1/quarantine-orders/`` and ``/api/v1/vacated-properties/``, over the services of
the pages. Staff of the town only: residents and other towns get 404; refusals are 400s
naming their field; the OpenAPI schema describes what is returned."""

from __future__ import annotations

import datetime as dt

import pytest

from dogs.models import BiteRecord
from tests.factories import (
    AnimalCallFactory,
    BiteRecordFactory,
    QuarantineOrderFactory,
    Role,
    UserFactory,
    VacatedPropertyReportFactory,
    local,
    staff,
)

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("on_monday_june_8")]


@pytest.fixture
def inspector(db):
    return staff(Role.INSPECTOR)


def test_aco_b2_api_logs_a_call_and_its_outcome(api, aco):
    api.force_authenticate(aco)
    created = api.post("/api/v1/animal-calls/", {
        "received_at": "2026-06-08T09:00:00-04:00", "kind": "motorist_struck",
        "caller_name": "Pat Driver", "place": "Route 114", "species": "cat",
        "what_happened": "Struck a grey cat."}, format="json")
    assert created.status_code == 201, created.content
    call = created.json()
    assert call["kind"] == "motorist_struck" and call["keep_until"] == "2028-06-08"
    closed = api.post(f"/api/v1/animal-calls/{call['id']}/outcome/", {
        "outcome": "Cat taken to the vet", "closed_on": "2026-06-08"}, format="json")
    assert closed.status_code == 200 and closed.json()["closed_on"] == "2026-06-08"


def test_aco_b2_api_call_bad_input_names_the_field(api, aco):
    api.force_authenticate(aco)
    refused = api.post("/api/v1/animal-calls/", {
        "received_at": "2026-06-09T09:00:00-04:00", "kind": "bite", "caller_name": "x",
        "place": "y", "what_happened": "z"}, format="json")
    assert refused.status_code == 400 and "received_at" in refused.json()


def test_aco_b2_api_call_becomes_a_bite_and_the_inspector_quarantines_it(api, aco, inspector):
    call = AnimalCallFactory(received_at=local(dt.date(2026, 6, 7), 15))
    api.force_authenticate(aco)
    created = api.post("/api/v1/bites/", {"call": call.pk, "victim_name": "Casey Child"},
                       format="json")
    assert created.status_code == 201, created.content
    bite = created.json()
    assert (bite["call"], bite["bitten_on"], bite["quarantine"]) == (call.pk, "2026-06-07", None)
    api.force_authenticate(inspector)
    ordered = api.post(f"/api/v1/bites/{bite['id']}/quarantine/", {
        "issued_on": "2026-06-08", "confined_at": "Home", "served_to": "Sam Keeper"},
        format="json")
    assert ordered.status_code == 201
    assert ordered.json()["quarantine"]["ends_on"] == "2026-06-17"


def test_welfare_c_api_release_before_the_end_is_a_400_naming_the_field(api, inspector):
    order = QuarantineOrderFactory(ends_on=dt.date(2026, 6, 17))
    api.force_authenticate(inspector)
    refused = api.post(f"/api/v1/quarantine-orders/{order.pk}/release/",
                       {"released_on": "2026-06-08"}, format="json")
    assert refused.status_code == 400 and "released_on" in refused.json()


def test_potentially_dangerous_api_opens_the_case_from_a_bite(api, aco, dog):
    bite = BiteRecordFactory(dog=dog)
    api.force_authenticate(aco)
    opened = api.post(f"/api/v1/bites/{bite.pk}/potentially-dangerous-case/", format="json")
    assert opened.status_code == 201
    assert BiteRecord.objects.get().case_id == opened.json()["case"]


def test_welfare_g_api_records_a_vacated_property_and_its_inspection(api, aco):
    api.force_authenticate(aco)
    created = api.post("/api/v1/vacated-properties/", {
        "address": "40 Chickering Road", "responsible_party": "Lakeside Bank",
        "reason": "foreclosure", "known_vacated_on": "2026-06-04"}, format="json")
    assert created.status_code == 201 and created.json()["inspect_by"] == "2026-06-07"
    report = created.json()["id"]
    inspected = api.post(f"/api/v1/vacated-properties/{report}/inspection/", {
        "inspected_on": "2026-06-08", "animals_found": False}, format="json")
    assert inspected.status_code == 200
    assert inspected.json()["penalty_grounds"] == [
        "Not inspected by June 7, 2026 (North Andover Code ch. 60, Welfare G(1))"]


@pytest.mark.parametrize("path", ["animal-calls", "bites", "quarantine-orders",
                                  "vacated-properties"])
def test_aco_b2_api_residents_and_other_towns_get_404(api, path):
    records = {"animal-calls": AnimalCallFactory, "bites": BiteRecordFactory,
               "quarantine-orders": QuarantineOrderFactory,
               "vacated-properties": VacatedPropertyReportFactory}
    record = records[path]()
    api.force_authenticate(UserFactory())
    assert api.get(f"/api/v1/{path}/").status_code == 404
    api.force_authenticate(staff(Role.ANIMAL_CONTROL_OFFICER, "tisbury"))
    assert api.get(f"/api/v1/{path}/{record.pk}/").status_code == 404


def test_aco_b2_api_schema_describes_the_records(api, aco):
    api.force_authenticate(aco)
    schema = api.get("/api/v1/schema/", {"format": "json"}).json()
    schemas = schema["components"]["schemas"]
    assert schemas["BiteRecord"]["properties"]["quarantine"]["nullable"] is True
    assert schemas["AnimalCall"]["properties"]["bite"]["nullable"] is True
    assert "201" in schema["paths"]["/api/v1/bites/{id}/quarantine/"]["post"]["responses"]
    assert "/api/v1/animal-calls/{id}/outcome/" in schema["paths"]
    assert "/api/v1/vacated-properties/" in schema["paths"]
