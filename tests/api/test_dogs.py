"""/api/v1/dogs/: a resident's own dogs, registered and updated through the dog services, and
a dog license's ``details``: exactly the fields its declaration lists."""

import datetime as dt

import pytest

from dogs.models import Dog, DogLicense
from permits_site.audit.models import AuditEntry
from permits_site.licensing.models import Application
from permits_site.parties.services import find_or_create_property
from tests.factories import DogFactory

pytestmark = pytest.mark.django_db

DOGS = "/api/v1/dogs/"
APPLICATIONS = "/api/v1/applications/"
DOG_LICENSE = "north_andover.dog_license"
MAPLE = {"name": "Maple", "breed": "Beagle", "color": "Tricolor", "sex": "female",
         "date_of_birth": "2024-06-01", "spayed_neutered": True, "microchip": ""}


def test_resident_registers_a_dog(resident_api, resident):
    response = resident_api.post(DOGS, MAPLE, format="json")

    assert response.status_code == 201, response.json()
    dog = Dog.objects.get(pk=response.json()["id"])
    assert (dog.owner, dog.name, dog.spayed_neutered) == (resident, "Maple", True)
    assert AuditEntry.objects.filter(action="dog.registered", object_id=dog.pk).exists()


@pytest.mark.parametrize("sent", ["yes", "true", 1])
def test_whether_a_dog_is_spayed_is_a_json_boolean(resident_api, sent):
    """It prices the license (Licenses A: $10.00 or $15.00): "yes" is not read as true."""
    response = resident_api.post(DOGS, {**MAPLE, "spayed_neutered": sent}, format="json")

    assert response.status_code == 400
    assert response.json() == {"spayed_neutered": ["Enter true or false (a JSON boolean)."]}
    assert not Dog.objects.exists()


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"date_of_birth": "2027-03-01"}, "date_of_birth"),
        ({"date_of_birth": 2024}, "date_of_birth"),
        ({"sex": "unknown"}, "sex"),
        ({"name": ""}, "name"),
    ],
)
def test_invalid_dogs_are_400_naming_the_field(resident_api, changes, field):
    response = resident_api.post(DOGS, {**MAPLE, **changes}, format="json")

    assert response.status_code == 400
    assert field in response.json()
    assert not Dog.objects.exists()


def test_resident_lists_only_their_own_dogs(resident_api, dog, other_dog):
    response = resident_api.get(DOGS)

    assert [row["name"] for row in response.json()["results"]] == ["Biscuit"]


def test_resident_updates_their_dog(resident_api, dog):
    response = resident_api.patch(f"{DOGS}{dog.pk}/", {"spayed_neutered": False}, format="json")

    assert response.status_code == 200
    dog.refresh_from_db()
    assert dog.spayed_neutered is False
    assert AuditEntry.objects.filter(action="dog.updated", object_id=dog.pk).exists()


def test_another_residents_dog_is_404_to_read_and_to_change(resident_api, other_dog):
    assert resident_api.get(f"{DOGS}{other_dog.pk}/").status_code == 404
    response = resident_api.patch(f"{DOGS}{other_dog.pk}/", {"name": "Mine"}, format="json")
    assert response.status_code == 404
    other_dog.refresh_from_db()
    assert other_dog.name == "Pepper"


def test_town_staff_do_not_see_residents_dogs_here(clerk_api, dog):
    assert clerk_api.get(f"{DOGS}{dog.pk}/").status_code == 404


def test_dogs_are_not_deleted_through_the_api(resident_api, dog):
    assert resident_api.delete(f"{DOGS}{dog.pk}/").status_code == 405
    assert Dog.objects.filter(pk=dog.pk).exists()


# -- where the dog is kept ------------------------------------------------------------


def test_a_dog_posted_without_a_property_is_kept_at_the_mailing_address(resident_api, resident):
    response = resident_api.post(DOGS, MAPLE, format="json")

    dog = Dog.objects.get(pk=response.json()["id"])
    assert response.json()["property"] == dog.residence_id
    assert dog.residence.address == resident.street_address


def test_a_dog_posted_with_one_of_the_owners_properties_is_kept_there(resident_api, resident,
                                                                      north_andover):
    farm, _ = find_or_create_property(municipality=north_andover, address="300 Farm Lane",
                                      acting_user=resident)

    response = resident_api.post(DOGS, {**MAPLE, "property": farm.pk}, format="json")

    assert response.status_code == 201, response.json()
    assert Dog.objects.get(pk=response.json()["id"]).residence == farm


def test_another_residents_property_is_a_400_naming_the_property(resident_api, other_resident,
                                                                 north_andover):
    theirs, _ = find_or_create_property(municipality=north_andover, address="9 Oak Road",
                                        acting_user=other_resident)

    response = resident_api.post(DOGS, {**MAPLE, "property": theirs.pk}, format="json")

    assert response.status_code == 400
    assert "property" in response.json()
    assert not Dog.objects.exists()


# -- a dog license's details are the declared fields ------------------------------------


def dog_license(dog, action="new", **details):
    return {"permit_type": DOG_LICENSE, "action": action,
            "details": {"dog": dog.pk, "license_year": 2027, **details}}


def test_the_declaration_lists_what_a_dog_license_application_takes(api, db):
    described = api.get(f"/api/v1/permit-types/{DOG_LICENSE}/").json()

    assert (described["holder"], described["about"]) == ("person", "animal")
    assert [field["name"] for field in described["fields"]] == [
        "dog", "license_year", "previous_jurisdiction", "previous_license_number",
        "acquired_on", "moved_in_on",
    ]
    assert described["facts_from"] == {
        "date_of_birth": "record", "spayed_neutered": "record",
        "rabies_vaccination_expires": "document", "rabies_exemption_until": "document",
        "acquired_on": "field", "moved_in_on": "field",
        "dogs_at_residence_over_6_months": "record", "kennel_license": "record",
        "renewal": "application",
    }
    assert {document["kind"]: document.get("one_of") for document in described["documents"]} == {
        "rabies_certificate": "rabies", "rabies_exemption": "rabies", "other_town_license": None,
    }
    assert described["gates"] == ["documents_accepted", "rules_met", "fee_paid"]


def test_a_draft_is_started_and_shown_with_the_dogs_id(resident_api, dog):
    response = resident_api.post(APPLICATIONS, dog_license(dog, acquired_on="2027-02-01"),
                                 format="json")

    assert response.status_code == 201, response.json()
    assert response.json()["details"] == {"dog": dog.pk, "license_year": 2027,
                                          "acquired_on": "2027-02-01"}
    details = DogLicense.objects.get(application_id=response.json()["id"])
    assert (details.dog, details.acquired_on) == (dog, dt.date(2027, 2, 1))


def test_a_transfer_names_the_surrendered_license(resident_api, dog):
    response = resident_api.post(APPLICATIONS, dog_license(
        dog, "transfer", moved_in_on="2027-02-01", previous_jurisdiction="Andover, MA",
        previous_license_number="A-553"), format="json")

    assert response.status_code == 201, response.json()
    assert response.json()["details"]["previous_license_number"] == "A-553"


@pytest.mark.parametrize(("details", "field"), [
    ({"license_year": 2025}, "license_year"),
    ({"license_year": "2027"}, "license_year"),
    ({"acquired_on": "Feb 1"}, "acquired_on"),
    ({"previous_jurisdiction": "Andover, MA"}, "previous_jurisdiction"),
    ({"kennel_license": True}, "kennel_license"),
])
def test_misfit_details_are_refused_under_details(resident_api, dog, details, field):
    response = resident_api.post(APPLICATIONS, dog_license(dog, **details), format="json")

    assert response.status_code == 400
    assert field in response.json()["details"]
    assert not Application.objects.exists()


def test_another_residents_dog_is_refused_under_details(resident_api, other_dog):
    response = resident_api.post(APPLICATIONS, dog_license(other_dog), format="json")

    assert response.status_code == 400
    assert "dog" in response.json()["details"]


def test_a_transfer_without_the_surrendered_license_is_refused_a4(resident_api, dog):
    response = resident_api.post(APPLICATIONS, dog_license(dog, "transfer"), format="json")

    assert response.status_code == 400
    assert {"previous_jurisdiction", "previous_license_number"} <= set(response.json()["details"])


def test_a_drafts_details_are_replaced(resident_api, dog, resident):
    other = DogFactory(owner=resident, name="Moose")
    created = resident_api.post(APPLICATIONS, dog_license(dog), format="json").json()

    response = resident_api.patch(f"{APPLICATIONS}{created['id']}/", {"details": {
        "dog": other.pk, "license_year": 2027, "acquired_on": "2027-01-20"}}, format="json")

    assert response.status_code == 200, response.json()
    assert response.json()["details"] == {"dog": other.pk, "license_year": 2027,
                                          "acquired_on": "2027-01-20"}
    assert DogLicense.objects.get(application_id=created["id"]).dog == other
    assert AuditEntry.objects.filter(action="application.updated",
                                     object_id=created["id"]).exists()


def test_a_submitted_application_is_not_edited(resident_api, submitted):
    response = resident_api.patch(f"{APPLICATIONS}{submitted.pk}/", {"details": {
        "dog": submitted.dog_license.dog_id, "license_year": 2027}}, format="json")

    assert response.status_code == 400
    assert "submitted" in str(response.json())
