"""A new place's street address reads as a letter to it is addressed: a street named in words,
nothing of markup (a number is not required: "One Elm Street", a lot with none). Refused on
the address field, on the page and in the API, and nothing is created."""

from __future__ import annotations

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from permits_site.parties.models import Property
from permits_site.parties.services import new_address_refusal

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(("address", "refused"), [
    ("12 Main Street", False),
    ("12-14 Beach Road, Unit 3", False),
    ("One Elm Street", False),
    ("Lambert's Cove Road", False),
    ("<script>alert(1)</script>", True),
    ("12 Main {Street}", True),
    ("12", True),
    ("12 Main\x07 Street", True),
])
def test_what_a_new_street_address_must_be(address, refused):
    assert bool(new_address_refusal(address)) is refused


def test_the_page_refuses_markup_on_the_address_field(client, resident):
    client.force_login(resident)

    response = client.post(reverse("parties:property_new") + "?town=tisbury",
                           {"address": "<script>alert(1)</script>"})

    assert response.status_code == 400
    assert 'id="id_address_error"' in response.content.decode()
    assert "number and street, e.g. 12 Main Street" in response.content.decode()
    assert not Property.objects.exists()


def test_the_api_refuses_markup_naming_the_address(resident):
    api = APIClient()
    api.force_authenticate(resident)

    response = api.post("/api/v1/properties/", {"municipality": "north_andover",
                                                "address": "12 <b>Osgood</b> Street"},
                        format="json")

    assert response.status_code == 400
    assert "number and street, e.g. 12 Main Street" in str(response.json()["address"])
    assert not Property.objects.exists()
