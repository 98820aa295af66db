"""A dog is licensed in North Andover while it resides there (ch. 60, Licenses A(1)). A dog
registered without naming where it is kept is kept at its owner's mailing address; an owner
whose mailing address is out of town — the summer resident from New York — names the
property in town instead, and no North Andover property is made of an address in another
town or state."""

import pytest
from django.urls import reverse

from dogs.licenses.services import mails_in_town, register_dog
from dogs.models import Dog
from permits_site.exceptions import DomainError
from permits_site.parties.models import Property
from permits_site.parties.services import find_or_create_property, link_property
from tests.clients import api_for, page_text
from tests.factories import UserFactory, municipality

pytestmark = pytest.mark.django_db
SECTION = "North Andover Code ch. 60, Licenses A(1)"
MAPLE = {"name": "Maple", "breed": "Beagle", "color": "Tricolor", "sex": "female",
         "date_of_birth": "2024-06-01", "spayed_neutered": True, "microchip": ""}


@pytest.fixture
def new_yorker(db):
    return UserFactory(street_address="210 West 89th Street", city="New York", state="NY",
                       postal_code="10024")


def summer_house(owner) -> Property:
    place, _ = find_or_create_property(municipality=municipality("north_andover"),
                                       address="12 Lakeside Drive", acting_user=owner)
    link_property(property=place, user=owner)
    return place


@pytest.mark.parametrize(("state", "city", "zip_code", "in_town"), [
    ("MA", "North Andover", "01845", True),
    ("MA", "North Andover", "01845-2210", True),
    ("MA", "", "01845", True),
    ("MA", "north andover", "", True),
    ("MA", "", "", True),
    ("MA", "Andover", "01810", False),
    ("MA", "North Andover", "01810", False),
    ("MA", "Andover", "", False),
    ("NY", "New York", "10024", False),
    ("NH", "", "01845", False),
])
def test_a_mailing_address_is_in_town_by_its_state_and_zip_code_else_its_city(
        state, city, zip_code, in_town):
    person = UserFactory.build(state=state, city=city, postal_code=zip_code)

    assert mails_in_town(person) is in_town


def test_an_out_of_town_owner_naming_no_property_is_refused_and_nothing_is_made(new_yorker):
    with pytest.raises(DomainError) as refused:
        register_dog(owner=new_yorker, acting_user=new_yorker, **MAPLE)

    [message] = refused.value.errors["property"]
    assert message.startswith("The mailing address 210 West 89th Street, New York, NY 10024 "
                              "is not in North Andover")
    assert message.endswith(f"({SECTION}).")
    assert not Dog.objects.exists() and not Property.objects.exists()


def test_an_out_of_town_owner_keeps_the_dog_at_their_property_in_town(new_yorker):
    house = summer_house(new_yorker)

    dog = register_dog(owner=new_yorker, acting_user=new_yorker, residence=house, **MAPLE)

    assert dog.residence == house
    assert list(Property.objects.values_list("address", flat=True)) == [
        "12 Lakeside Drive"]


def test_an_owner_in_town_still_keeps_the_dog_at_the_mailing_address(resident):
    dog = register_dog(owner=resident, acting_user=resident, **MAPLE)

    assert dog.residence.address == resident.street_address


def test_the_form_asks_an_out_of_town_owner_for_the_property_in_town(client, new_yorker):
    summer_house(new_yorker)
    client.force_login(new_yorker)

    form = page_text(client.get(reverse("dogs:dog_new")))
    refused = client.post(reverse("dogs:dog_new"), {**MAPLE, "property": ""})

    assert "The owner's mailing address (" not in form
    assert "is not in North Andover: choose the property in town where the dog is kept" in form
    assert refused.status_code == 400
    assert (f"Choose the property in North Andover where the dog is kept ({SECTION})."
            in page_text(refused))
    assert not Dog.objects.exists()


def test_the_api_refuses_it_on_property(new_yorker):
    response = api_for(new_yorker).post("/api/v1/dogs/", MAPLE, format="json")

    assert response.status_code == 400
    assert list(response.json()) == ["property"]
    assert SECTION in response.json()["property"][0]
    assert not Dog.objects.exists() and not Property.objects.exists()


def test_the_api_registers_it_at_the_property_named(new_yorker):
    house = summer_house(new_yorker)

    response = api_for(new_yorker).post("/api/v1/dogs/", {**MAPLE, "property": house.pk},
                                        format="json")

    assert response.status_code == 201, response.json()
    assert Dog.objects.get().residence == house
