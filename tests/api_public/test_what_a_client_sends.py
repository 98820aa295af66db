"""What a client must send, described by the API itself (api.md, Public): a town's place
attributes in the shape of a permit type's fields, and every rule set the product takes
anywhere — inspection checklists included — in the check catalogue."""

import pytest

from permits_site.api.public.serializers import DeclaredFieldSerializer, PlaceAttributeSerializer
from permits_site.enforcement.services.inspections import checks_of
from permits_site.towns.models import Municipality

TOWNS = ["north_andover", "northborough", "tisbury"]
KITCHEN_VISIT = "tisbury.residential_kitchen_visit"


def town(public, code):
    response = public.get(f"/api/v1/municipalities/{code}/")
    assert response.status_code == 200
    return response.json()


def place_attribute(public, code, name):
    return next(item for item in town(public, code)["place_attributes"] if item["name"] == name)


def test_tisbury_s_zone_is_described_as_derived_with_its_choices_and_how(public):
    zone = place_attribute(public, "tisbury", "zone")

    assert zone["derived"] is True
    assert zone["required"] is False
    assert zone["type"] == "choice"
    assert zone["choices"] == ["barrier_beach", "coastal_district", "inland", "not_determined"]
    assert "09.9.2" in zone["how"]


def test_an_asked_place_attribute_is_not_derived_and_says_no_how(public):
    zoning = place_attribute(public, "northborough", "zoning")

    assert zoning["derived"] is False
    assert "how" not in zoning


def test_place_attributes_share_the_serializer_of_a_permit_type_s_fields():
    assert issubclass(PlaceAttributeSerializer, DeclaredFieldSerializer)
    assert set(PlaceAttributeSerializer().fields) - set(DeclaredFieldSerializer().fields) == {
        "derived", "how"}


@pytest.mark.parametrize("code", TOWNS)
def test_each_place_attribute_has_exactly_the_keys_a_permit_type_s_field_may_have(public, code):
    field_keys = set(DeclaredFieldSerializer().fields)

    for attribute in town(public, code)["place_attributes"]:
        assert {"name", "type", "required", "label", "help", "unit"} <= set(attribute)
        assert set(attribute) - {"derived", "how"} <= field_keys, attribute["name"]


def test_a_permit_type_s_fields_keep_to_the_shared_field_keys(public):
    field_keys = set(DeclaredFieldSerializer().fields)

    for listed in public.get("/api/v1/permit-types/").json():
        described = public.get(f"/api/v1/permit-types/{listed['code']}/").json()
        for field in described["fields"]:
            assert set(field) <= field_keys, (listed["code"], field["name"])


def test_the_schema_describes_place_attributes_as_fields_plus_derived_and_how(public):
    schema = public.get("/api/v1/schema/", {"format": "json"}).json()["components"]["schemas"]

    field, place = schema["DeclaredField"], schema["PlaceAttribute"]
    assert schema["PermitTypeDeclaration"]["properties"]["fields"]["items"] == {
        "$ref": "#/components/schemas/DeclaredField"}
    assert {name: place["properties"][name] for name in field["properties"]} == \
        field["properties"]
    assert set(place["required"]) - set(field["required"]) == {"derived"}


# -- the check catalogue: inspection checklists too ---------------------------------------


def catalogue(public):
    return {check["code"]: check for check in public.get("/api/v1/checks/").json()}


@pytest.mark.parametrize("code", TOWNS)
def test_every_check_an_inspection_takes_is_in_the_catalogue(public, code):
    listed = catalogue(public)

    for check in checks_of(Municipality.objects.get(code=code)):
        assert check in listed, check
        assert listed[check]["municipality"] == code
        one = public.get(f"/api/v1/checks/{check}/")
        assert one.status_code == 200, check
        assert one.json() == listed[check]


def test_each_check_is_listed_once(public):
    codes = [check["code"] for check in public.get("/api/v1/checks/").json()]

    assert len(codes) == len(set(codes))


def test_a_kitchen_visit_is_judged_by_the_public_check(public):
    facts = {fact["name"]: True for fact in catalogue(public)[KITCHEN_VISIT]["facts"]}

    response = public.post(f"/api/v1/checks/{KITCHEN_VISIT}/",
                           {"facts": {**facts, "no_guest_cooking": False}})

    assert response.status_code == 200, response.json()
    body = response.json()
    assert body["compliant"] is False
    assert [finding["rule"] for finding in body["findings"]
            if finding["outcome"] == "fail"] == ["ti.5.5.guest_cooking"]


def test_an_unknown_check_is_still_a_404(public):
    assert public.get("/api/v1/checks/tisbury.no_such_visit/").status_code == 404


@pytest.mark.parametrize(("permit_type", "check"), [
    ("tisbury.residential_kitchen", KITCHEN_VISIT),
    ("tisbury.dumpster", "tisbury.dumpster_site_visit"),
    ("north_andover.kennel_license", "north_andover.kennel_inspection"),
    ("northborough.private_stable", None),
])
def test_a_permit_type_names_the_checklist_its_inspection_uses(public, permit_type, check):
    described = public.get(f"/api/v1/permit-types/{permit_type}/").json()

    assert described["inspection_check"] == check
    if check is not None:
        assert check in catalogue(public)
