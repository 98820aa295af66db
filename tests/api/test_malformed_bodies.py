"""Malformed bodies on the signed-in endpoints are 400s, never server errors."""

import pytest

from tests.api.conftest import client_for

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("body", "content_type"),
    [
        (b"{not json", "application/json"),
        (b"[" * 100_000 + b"]" * 100_000, "application/json"),
        (b'{"permit_type": NaN}', "application/json"),
        (b'{"a": 1}', "application/json; charset=no-such-charset"),
    ],
)
def test_a_malformed_application_body_is_a_400(resident, body, content_type):
    response = client_for(resident).generic(
        "POST", "/api/v1/applications/", body, content_type=content_type
    )

    assert response.status_code == 400


@pytest.mark.parametrize("job", [False, 0, "pumped", ["a list"]])
def test_a_nested_item_that_is_not_an_object_is_a_400_naming_its_list(resident, job):
    body = {"handler": 1, "month": "2027-01-01", "jobs": [job]}

    response = client_for(resident).post("/api/v1/pumpout-returns/", body, format="json")

    assert response.status_code == 400
    assert list(response.json()) == ["jobs"]


@pytest.mark.parametrize("path", ["/api/v1/dogs/0.5/", "/api/v1/no-such-thing/"])
def test_an_api_address_that_names_no_operation_is_a_json_404(resident, path):
    response = client_for(resident).get(path)

    assert response.status_code == 404
    assert response.json() == {"detail": "Not found."}


def test_a_page_that_does_not_exist_is_still_the_sites_404_page(client, db):
    response = client.get("/no-such-page/")

    assert response.status_code == 404
    assert response["Content-Type"].startswith("text/html")
