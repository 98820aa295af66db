"""A dog's name, breed and color are words a person types, printed on its license, its tag's
records and the town's letters: like a place's street address, they hold no markup, brace,
backslash or control character (``permits_site.parties.services.holds_markup``, shared by
both). Refused on the field, by the dog services the form and the API share, and nothing is
saved."""

from __future__ import annotations

import pytest
from django.urls import reverse

from dogs.licenses.services import register_dog, update_dog
from dogs.models import Dog
from permits_site.exceptions import DomainError
from permits_site.parties.services import holds_markup, new_address_refusal
from tests.clients import api_for, page_text

pytestmark = pytest.mark.django_db
MAPLE = {"name": "Maple", "breed": "Beagle", "color": "Tricolor", "sex": "female",
         "date_of_birth": "2024-06-01", "spayed_neutered": True, "microchip": ""}
REFUSALS = {
    "name": "Enter the dog's name in plain words, without <, >, {, } or a backslash.",
    "breed": "Enter the breed in plain words, without <, >, {, } or a backslash.",
    "color": "Enter the color in plain words, without <, >, {, } or a backslash.",
}


@pytest.mark.parametrize(("words", "held"), [
    ("Mister O'Malley-Ñandú", False),
    ("Black & tan, white (chest)", False),
    ("<b>Rex</b>", True),
    ("Rex {{ 7 }}", True),
    ("Rex\\n", True),
    ("Rex\x07", True),
])
def test_what_holds_markup(words, held):
    assert holds_markup(words) is held


def test_a_street_address_is_refused_by_the_same_test():
    assert new_address_refusal("<b>12 Main Street</b>")
    assert not new_address_refusal("12 Main Street")


@pytest.mark.parametrize("field", list(REFUSALS))
def test_registering_refuses_markup_on_its_field_and_makes_nothing(resident, field):
    with pytest.raises(DomainError) as refused:
        register_dog(owner=resident, acting_user=resident, **{**MAPLE, field: "<b>Rex</b>"})

    assert refused.value.errors == {field: [REFUSALS[field]]}
    assert not Dog.objects.exists()


def test_each_field_holding_markup_is_named(resident):
    with pytest.raises(DomainError) as refused:
        register_dog(owner=resident, acting_user=resident,
                     **{**MAPLE, "name": "<i>Rex</i>", "color": "{red}"})

    assert refused.value.errors == {"name": [REFUSALS["name"]],
                                    "color": [REFUSALS["color"]]}


def test_correcting_a_dog_refuses_markup_and_keeps_it_as_it_was(dog):
    with pytest.raises(DomainError) as refused:
        update_dog(dog=dog, acting_user=dog.owner, breed="<script>x</script>")

    assert refused.value.errors == {"breed": [REFUSALS["breed"]]}
    dog.refresh_from_db()
    assert dog.breed != "<script>x</script>"


def test_the_form_shows_the_refusal_on_the_name(client, resident):
    client.force_login(resident)

    response = client.post(reverse("dogs:dog_new"), {**MAPLE, "name": "<b>Rex</b>"})

    assert response.status_code == 400
    assert response.context["form"].errors["name"] == [REFUSALS["name"]]
    assert REFUSALS["name"] in page_text(response)
    assert not Dog.objects.exists()


def test_the_api_refuses_it_on_the_field(resident, dog):
    api = api_for(resident)

    created = api.post("/api/v1/dogs/", {**MAPLE, "name": "<b>Rex</b>"}, format="json")
    changed = api.patch(f"/api/v1/dogs/{dog.pk}/", {"color": "Red\\Blue"}, format="json")

    assert created.status_code == 400 and created.json() == {"name": [REFUSALS["name"]]}
    assert changed.status_code == 400 and changed.json() == {"color": [REFUSALS["color"]]}
    assert list(Dog.objects.values_list("name", "color")) == [(dog.name, dog.color)]
