"""The OpenAPI schema and its docs page, authentication, and bodies that must never be a 500."""

import pytest
from django.contrib.staticfiles import finders
from django.core.management import call_command
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tests.factories import PASSWORD

pytestmark = pytest.mark.django_db

SWAGGER_BUNDLE = "drf_spectacular_sidecar/swagger-ui-dist/swagger-ui-bundle.js"


def test_the_schema_generates_and_validates_without_warnings(tmp_path):
    call_command("spectacular", "--validate", "--fail-on-warn", "--file", tmp_path / "api.yml")

    assert "/api/v1/applications/{id}/review/" in (tmp_path / "api.yml").read_text()


def test_the_schema_is_public(api):
    response = api.get("/api/v1/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")

    assert response.status_code == 200
    assert "/api/v1/verify/{token}/" in response.json()["paths"]


def test_the_docs_page_loads_swagger_ui_from_local_static_files(api):
    response = api.get("/api/v1/docs/")

    page = response.content.decode()
    assert response.status_code == 200
    assert f"/static/{SWAGGER_BUNDLE}" in page
    assert "cdn" not in page.lower()
    assert finders.find(SWAGGER_BUNDLE) is not None


def test_token_authentication_works(resident, dog):
    token = Token.objects.create(user=resident)
    client = APIClient()

    response = client.get("/api/v1/dogs/", HTTP_AUTHORIZATION=f"Token {token.key}")

    assert response.status_code == 200
    assert response.json()["count"] == 1


def test_session_authentication_works(resident, dog):
    client = APIClient()
    assert client.login(username=resident.username, password=PASSWORD)

    assert client.get("/api/v1/dogs/").json()["count"] == 1


def test_a_wrong_token_is_refused(db):
    response = APIClient().get("/api/v1/dogs/", HTTP_AUTHORIZATION="Token not-a-token")

    assert response.status_code in (401, 403)
    assert response.json() == {"detail": "Invalid token."}


@pytest.mark.parametrize(
    "body",
    ['{"permit_type": "north_andover.dog_license",', "[1, 2", "NaN", '"a string"', "[]", "null",
     b"\xff\xfe\x00"],
)
def test_malformed_json_bodies_are_400_not_500(resident_api, body):
    response = resident_api.post("/api/v1/applications/", body, content_type="application/json")

    assert response.status_code == 400


def test_a_json_body_sent_to_the_upload_endpoint_is_415(resident_api, draft):
    response = resident_api.post(f"/api/v1/applications/{draft.pk}/documents/",
                                 {"kind": "rabies_certificate"}, format="json")

    assert response.status_code == 415


@pytest.mark.parametrize("path", ["applications", "permits", "invoices", "documents", "dogs",
                                  "fee-schedules"])
def test_non_numeric_and_huge_ids_are_404_not_500(clerk_api, town_admin, path):
    from tests.api.conftest import client_for

    api = client_for(town_admin) if path == "fee-schedules" else clerk_api

    assert api.get(f"/api/v1/{path}/abc/").status_code == 404
    assert api.get(f"/api/v1/{path}/{10**30}/").status_code == 404
