"""``PATCH`` changes only what it names (RFC 5789; docs/api/index.md, Conventions): each
``PATCH`` the API offers — a draft application's ``details``, a dog, a property — sent one
field answers 200 with that field changed and every other one as it was; an unknown field is
a 400 naming it and changes nothing. ``PUT`` of a draft still replaces all of its details."""

from __future__ import annotations

import datetime as dt

import pytest
import time_machine

from dogs.licenses.services import apply_for_dog_license
from permits_site.licensing.models import Application, PermitType
from permits_site.parties.services import find_or_create_property
from tests.api.conftest import client_for
from tests.factories import municipality
from tests.parties.test_services import place

pytestmark = pytest.mark.django_db

APPLICATIONS = "/api/v1/applications/"
DOGS = "/api/v1/dogs/"
PROPERTIES = "/api/v1/properties/"


def details_of(application: Application) -> dict:
    return client_for(application.applicant).get(
        f"{APPLICATIONS}{application.pk}/").json()["details"]


# -- a dog license draft ---------------------------------------------------------


def test_a_patch_of_a_dog_license_draft_changes_only_the_detail_sent(resident_api, draft):
    before = details_of(draft)

    response = resident_api.patch(f"{APPLICATIONS}{draft.pk}/",
                                  {"details": {"acquired_on": "2027-01-25"}}, format="json")

    assert response.status_code == 200, response.json()
    assert response.json()["details"] == {**before, "acquired_on": "2027-01-25"}
    draft.dog_license.refresh_from_db()
    assert draft.dog_license.acquired_on == dt.date(2027, 1, 25)
    assert (draft.dog_license.dog_id, draft.dog_license.license_year) == (
        before["dog"], before["license_year"])


def test_a_patch_that_does_not_name_the_year_keeps_next_years_license(resident, dog):
    """In December next year's license is on sale (Licenses A(7), A(8)): a draft for it,
    patched on another detail, stays a draft for next year's license."""
    with time_machine.travel(dt.datetime(2027, 12, 10, 15, 0), tick=False):
        draft = apply_for_dog_license(applicant=resident, dog=dog, action="new",
                                      license_year=2028, acquired_on=dt.date(2027, 12, 1))

        response = client_for(resident).patch(
            f"{APPLICATIONS}{draft.pk}/", {"details": {"acquired_on": "2027-12-02"}},
            format="json")

    assert response.status_code == 200, response.json()
    assert response.json()["details"]["license_year"] == 2028
    draft.dog_license.refresh_from_db()
    assert (draft.dog_license.license_year, draft.dog_license.acquired_on) == (
        2028, dt.date(2027, 12, 2))


def test_a_patch_with_an_empty_body_changes_nothing(resident_api, draft):
    before = details_of(draft)

    response = resident_api.patch(f"{APPLICATIONS}{draft.pk}/", {}, format="json")

    assert response.status_code == 200, response.json()
    assert response.json()["details"] == before


@pytest.mark.parametrize(("body", "where"), [
    ({"details": {"unicorns": 1}}, "details"),
    ({"colour": "blue"}, None),
])
def test_an_unknown_field_in_a_draft_patch_is_refused_naming_it(resident_api, draft, body,
                                                                  where):
    before = details_of(draft)

    response = resident_api.patch(f"{APPLICATIONS}{draft.pk}/", body, format="json")

    assert response.status_code == 400
    errors = response.json()[where] if where else response.json()
    assert list(errors) == ["unicorns" if where else "colour"]
    assert details_of(draft) == before


def test_a_put_of_a_draft_still_replaces_all_its_details(resident_api, draft):
    """``PUT`` is the whole body: details not sent are required, as when it was started."""
    response = resident_api.put(f"{APPLICATIONS}{draft.pk}/",
                                {"details": {"acquired_on": "2027-01-25"}}, format="json")

    assert response.status_code == 400
    assert "dog" in response.json()["details"]


# -- a generic draft (declared fields and a rule set's facts) ------------------------


@pytest.fixture
def sandblasting_draft(resident_api, resident):
    PermitType.objects.filter(code="tisbury.sandblasting").update(online=True)
    site = find_or_create_property(municipality=municipality("tisbury"),
                                   address="8 Beach Road", acting_user=resident)[0]
    created = resident_api.post(APPLICATIONS, {
        "permit_type": "tisbury.sandblasting", "action": "new",
        "details": {"distance_to_abutting_properties_ft": 30, "free_silica": True,
                    "property": site.pk, "variant": "individual"}}, format="json")
    assert created.status_code == 201, created.json()
    return Application.objects.get(pk=created.json()["id"])


def test_a_patch_of_a_generic_draft_changes_only_the_fact_sent(resident_api, sandblasting_draft):
    before = details_of(sandblasting_draft)

    response = resident_api.patch(
        f"{APPLICATIONS}{sandblasting_draft.pk}/",
        {"details": {"distance_to_abutting_properties_ft": 45}}, format="json")

    assert response.status_code == 200, response.json()
    assert response.json()["details"] == {**before, "distance_to_abutting_properties_ft": 45}
    sandblasting_draft.refresh_from_db()
    assert sandblasting_draft.place_id == before["property"]


# -- a dog ---------------------------------------------------------------------------


def test_a_patch_of_a_dog_changes_only_the_field_sent(resident_api, dog):
    before = resident_api.get(f"{DOGS}{dog.pk}/").json()

    response = resident_api.patch(f"{DOGS}{dog.pk}/", {"name": "Rex"}, format="json")

    assert response.status_code == 200, response.json()
    assert response.json() == {**before, "name": "Rex"}
    assert resident_api.get(f"{DOGS}{dog.pk}/").json() == {**before, "name": "Rex"}


def test_an_unknown_field_in_a_dog_patch_is_refused_naming_it(resident_api, dog):
    before = resident_api.get(f"{DOGS}{dog.pk}/").json()

    response = resident_api.patch(f"{DOGS}{dog.pk}/", {"name": "Rex", "colour": "blue"},
                                  format="json")

    assert response.status_code == 400
    assert list(response.json()) == ["colour"]
    assert resident_api.get(f"{DOGS}{dog.pk}/").json() == before


# -- a property ---------------------------------------------------------------------


def test_a_patch_of_a_property_changes_only_the_field_sent(resident, clerk):
    lot = place(resident, "1 Elm Street", parcel="104-12", zoning="business")
    clerk_api = client_for(clerk)
    before = clerk_api.get(f"{PROPERTIES}{lot.pk}/").json()

    response = clerk_api.patch(f"{PROPERTIES}{lot.pk}/", {"parcel": "104-13"}, format="json")

    assert response.status_code == 200, response.json()
    assert response.json() == {**before, "parcel": "104-13"}
    lot.refresh_from_db()
    assert (lot.address, lot.parcel, lot.attributes) == (
        before["address"], "104-13", before["attributes"])


# -- the published schema -------------------------------------------------------------


def test_the_schema_describes_each_patch_body_as_partial(api):
    """Every ``PATCH`` body in the schema requires nothing: each field may be left out."""
    paths = api.get("/api/v1/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
    schemas = paths["components"]["schemas"]
    patches = {path: operation["patch"] for path, operation in paths["paths"].items()
               if "patch" in operation}

    assert set(patches) == {"/api/v1/applications/{id}/", "/api/v1/dogs/{id}/",
                            "/api/v1/properties/{id}/"}
    for path, operation in patches.items():
        for content in operation["requestBody"]["content"].values():
            body = schemas[content["schema"]["$ref"].rsplit("/", 1)[1]]
            assert not body.get("required"), (path, body.get("required"))
    application_body = patches["/api/v1/applications/{id}/"]["requestBody"]["content"]
    ref = application_body["application/json"]["schema"]["$ref"].rsplit("/", 1)[1]
    assert set(schemas[ref]["properties"]) == {"details"}
