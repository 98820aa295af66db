"""``GET /api/v1/search/?q=`` (issue 20, "One search"): the page's groups as JSON."""

from __future__ import annotations

import pytest
from django.core.management import call_command
from rest_framework.test import APIClient

from permits_site.accounts.models import Role
from permits_site.licensing.models import ApplicationStatus
from tests.factories import (
    ApplicationFactory,
    BusinessFactory,
    DogTagFactory,
    UserFactory,
    permit_type,
    staff,
)

pytestmark = pytest.mark.django_db

SEARCH = "/api/v1/search/"


def client_for(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def test_the_groups_and_hits_as_json(clerk):
    application = ApplicationFactory(status=ApplicationStatus.WITHDRAWN,
                                     applicant=UserFactory(first_name="Al", last_name="Abernathy"))
    body = client_for(clerk).get(SEARCH, {"q": "  abernathy "}).json()
    assert body["query"] == "abernathy"
    applications = next(group for group in body["groups"] if group["kind"] == "applications")
    assert applications["label"] == "Applications"
    assert applications["more"] is False
    assert applications["results"] == [{
        "title": f"Application #{application.pk} · Dog License (new)",
        "status": "Withdrawn",
        "town": "North Andover",
        "detail": "Al Abernathy",
        "url": f"/staff/applications/{application.pk}/",
    }]


def test_a_dog_license_by_tag_and_a_business_by_dba():
    tisbury_clerk = staff(Role.CLERK, "tisbury")
    business = BusinessFactory(legal_name="Menemsha Holdings", dba="Lobster Pot")
    ApplicationFactory(permit_type=permit_type("tisbury.dumpster"), business=business)
    groups = client_for(tisbury_clerk).get(SEARCH, {"q": "lobster pot"}).json()["groups"]
    assert {group["kind"]: [hit["title"] for hit in group["results"]] for group in groups}[
        "businesses"] == ["Menemsha Holdings d/b/a Lobster Pot"]
    na_clerk = staff(Role.CLERK, "north_andover")
    DogTagFactory(number=904, year=2026)
    kinds = [group["kind"] for group in
             client_for(na_clerk).get(SEARCH, {"q": "2026-904"}).json()["groups"]]
    assert kinds == ["dog_licenses"]


@pytest.mark.parametrize("query,message", [
    ({}, "Type a name, an address, an email or a number to search for."),
    ({"q": ""}, "Type a name, an address, an email or a number to search for."),
    ({"q": "x"}, "Type at least 2 characters to search for."),
])
def test_an_empty_or_one_letter_search_is_a_400_on_q(clerk, query, message):
    response = client_for(clerk).get(SEARCH, query)
    assert response.status_code == 400
    assert response.json() == {"q": [message]}


def test_a_resident_is_refused_and_a_visitor_must_sign_in(resident):
    refused = client_for(resident).get(SEARCH, {"q": "smith"})
    assert refused.status_code == 403
    assert refused.json() == {"detail": "Only the staff of a town search its records."}
    assert APIClient().get(SEARCH, {"q": "smith"}).status_code in (401, 403)


def test_another_towns_records_are_not_found(clerk):
    ApplicationFactory(permit_type=permit_type("tisbury.dumpster"),
                       applicant=UserFactory(last_name="Elsewhere"))
    assert client_for(clerk).get(SEARCH, {"q": "elsewhere"}).json()["groups"] == []


@pytest.mark.parametrize("count", [2, 25])
def test_a_fixed_number_of_queries(django_assert_max_num_queries, clerk, count):
    for _ in range(count):
        ApplicationFactory(applicant=UserFactory(last_name="Fairweather"))
    client = client_for(clerk)
    with django_assert_max_num_queries(9):
        body = client.get(SEARCH, {"q": "fairweather"}).json()
    assert {group["kind"] for group in body["groups"]} == {"applications", "people"}


def test_the_published_schema_describes_the_search(tmp_path):
    call_command("spectacular", "--validate", "--fail-on-warn", "--file", tmp_path / "api.yml")
    schema = (tmp_path / "api.yml").read_text()
    assert "/api/v1/search/:" in schema
    assert "operationId: search" in schema
