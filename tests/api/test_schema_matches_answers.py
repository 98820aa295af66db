"""The published schema says what the API answers: its refusals, its nulls, its files,
and list parameters refused rather than read as their defaults."""

import inspect

import pytest
from drf_spectacular.generators import SchemaGenerator
from rest_framework import serializers

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
    ("Inspection", "place"),
    ("Impoundment", "fee_invoice"),
    ("Impoundment", "adoption_invoice"),
])
def test_what_may_be_missing_is_documented_as_nullable(openapi, serializer, field):
    schema = component(openapi, serializer)["properties"][field]

    assert schema.get("nullable") or any(
        option.get("nullable") for option in schema.get("allOf", ()) + schema.get("oneOf", ()))


#: The methods whose request has a body the API parses, so a body of a type it does not
#: read is a 415.
WITH_A_BODY = ("POST", "PUT", "PATCH")


def test_every_operation_documents_an_accept_header_it_cannot_answer(openapi):
    undocumented = [name for name, operation in operations(openapi)
                    if "406" not in operation["responses"]]

    assert undocumented == []


def test_every_operation_taking_a_body_documents_a_content_type_it_does_not_read(openapi):
    documented = {name: "415" in operation["responses"] for name, operation in operations(openapi)}

    assert [name for name, has_415 in documented.items()
            if has_415 != name.startswith(WITH_A_BODY)] == []


def test_the_documented_415_and_406_are_what_the_api_answers(api):
    unread = api.post("/api/v1/fee-quotes/", "amount", content_type="text/plain")
    unanswerable = api.get("/api/v1/municipalities/", HTTP_ACCEPT="application/xml")

    assert unread.status_code == 415
    assert unanswerable.status_code == 406


def test_a_business_held_permit_is_documented_with_the_business_as_its_holder(openapi):
    description = component(openapi, "Permit")["properties"]["holder_business"]["description"]

    assert "member" not in description
    assert "the business is the holder" in description


def _project_serializer_bases() -> dict[str, str]:
    """The docstring of each serializer class of the project that others are built on, by
    the docstring: it says how the API is built, not what a subclass's object is."""
    every, waiting = set(), [serializers.BaseSerializer]
    while waiting:
        for subclass in waiting.pop().__subclasses__():
            waiting.append(subclass)
            if subclass.__module__.startswith(("permits_site", "dogs", "stables", "tisbury_regs")):
                every.add(subclass)
    return {inspect.cleandoc(base.__doc__): base.__name__ for base in every
            if base.__doc__ and any(other is not base and issubclass(other, base)
                                    for other in every)}


def test_no_component_is_described_by_a_base_class_s_docstring(openapi):
    bases = _project_serializer_bases()
    borrowed = {
        name: bases[schema["description"]]
        for name, schema in openapi["components"]["schemas"].items()
        if schema.get("description") in bases
        and f"{name.removesuffix('Request')}Serializer" != bases[schema["description"]]
    }

    assert "BoundedModelSerializer" in bases.values()
    assert borrowed == {}
