"""/api/v1/dogs/: a resident's own dogs, registered and updated through the dog services."""

import pytest

from dogs.models import Dog
from permits_site.licensing.models import AuditEntry

pytestmark = pytest.mark.django_db

DOGS = "/api/v1/dogs/"
MAPLE = {"name": "Maple", "breed": "Beagle", "color": "Tricolor", "sex": "female",
         "date_of_birth": "2024-06-01", "spayed_neutered": True, "microchip": ""}


def test_resident_registers_a_dog(resident_api, resident):
    response = resident_api.post(DOGS, MAPLE, format="json")

    assert response.status_code == 201, response.json()
    dog = Dog.objects.get(pk=response.json()["id"])
    assert (dog.owner, dog.name, dog.spayed_neutered) == (resident, "Maple", True)
    assert AuditEntry.objects.filter(action="dog.registered", object_id=dog.pk).exists()


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
