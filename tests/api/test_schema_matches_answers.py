"""The published schema says what the API answers: its refusals, its nulls, its files,
and list parameters refused rather than read as their defaults."""

import pytest
from drf_spectacular.generators import SchemaGenerator

pytestmark = pytest.mark.django_db

METHODS = ("get", "post", "put", "patch", "delete")


@pytest.fixture(scope="module")
def openapi():
    return SchemaGenerator().get_schema(request=None, public=True)


def operations(openapi):
    for path, item in openapi["paths"].items():
        for method in METHODS:
            if method in item:
                yield f"{method.upper()} {path}", item[method]


def component(openapi, name):
    return openapi["components"]["schemas"][name]


@pytest.mark.parametrize("value", ["null", "-1", "1.5", "ten", ""])
@pytest.mark.parametrize("name", ["limit", "offset"])
def test_a_list_parameter_that_is_not_a_whole_number_is_400_naming_it(resident_api, name, value):
    response = resident_api.get("/api/v1/dogs/", {name: value})

    assert response.status_code == 400
    assert list(response.json()) == [name]


def test_a_limit_of_zero_is_400_naming_limit(resident_api):
    response = resident_api.get("/api/v1/dogs/", {"limit": "0"})

    assert response.status_code == 400
    assert "limit" in response.json()


def test_whole_numbers_page_the_list_and_a_large_limit_is_clamped(resident_api, dog):
    response = resident_api.get("/api/v1/dogs/", {"limit": "100000", "offset": "0"})

    assert response.status_code == 200
    assert response.json()["count"] == 1


def test_the_schema_gives_the_least_limit_and_offset(openapi):
    parameters = {parameter["name"]: parameter["schema"]
                  for parameter in openapi["paths"]["/api/v1/dogs/"]["get"]["parameters"]}

    assert parameters["limit"]["minimum"] == 1
    assert parameters["offset"]["minimum"] == 0


def test_every_operation_documents_the_refusals_it_can_answer(openapi):
    undocumented = {}
    for name, operation in operations(openapi):
        public = {} in operation.get("security", ())
        expected = {"400", "404"} if public else {"400", "401", "403", "404"}
        if missing := expected - set(operation["responses"]):
            undocumented[name] = missing

    assert undocumented == {}


def test_a_public_operation_documents_no_sign_in_refusal(openapi):
    responses = openapi["paths"]["/api/v1/permit-types/"]["get"]["responses"]

    assert "401" not in responses


def test_a_document_file_is_documented_in_the_formats_uploads_take(openapi):
    content = openapi["paths"]["/api/v1/documents/{id}/file/"]["get"]["responses"]["200"][
        "content"]

    assert set(content) == {"application/pdf", "image/png", "image/jpeg"}


def test_an_applications_documents_are_documented_as_the_plain_list_they_are(openapi):
    content = openapi["paths"]["/api/v1/applications/{id}/documents/"]["get"]["responses"][
        "200"]["content"]["application/json"]

    assert content["schema"]["type"] == "array"


def test_a_business_email_may_be_the_empty_string_it_is_stored_as(openapi):
    email = component(openapi, "Business")["properties"]["email"]

    assert {"type": "string", "maxLength": 0} in email["oneOf"]


@pytest.mark.parametrize(("serializer", "field"), [
    ("Case", "permit_number"),
    ("Impoundment", "fee_invoice"),
    ("Impoundment", "adoption_invoice"),
])
def test_what_may_be_missing_is_documented_as_nullable(openapi, serializer, field):
    schema = component(openapi, serializer)["properties"][field]

    assert schema.get("nullable") or any(
        option.get("nullable") for option in schema.get("allOf", ()) + schema.get("oneOf", ()))
