"""'Add a property' on a town's apply page opens that town's property form, not the town
chooser, and the property added comes back chosen on the apply page."""

import html
import re

import pytest
from django.urls import reverse

from permits_site.parties.models import Property

pytestmark = pytest.mark.django_db
APPLY = reverse("licensing:apply", args=["tisbury.residential_kitchen"])


def add_property_link(client, resident) -> str:
    client.force_login(resident)
    page = client.get(APPLY).content.decode()
    return html.unescape(re.search(r'<a href="([^"]+)">Add a property</a>', page).group(1))


def test_add_a_property_opens_the_permit_types_towns_form(client, resident):
    link = add_property_link(client, resident)

    form = client.get(link).content.decode()

    assert link.startswith(f"{reverse('parties:property_new')}?town=tisbury&")
    assert "Add a property in Tisbury" in form and "Choose a town" not in form
    assert 'for="id_address"' in form


def test_the_property_added_comes_back_chosen_on_the_apply_page(client, resident):
    link = add_property_link(client, resident)
    form = client.get(link).content.decode().split("<main")[1]
    action = html.unescape(re.search(r'<form method="post" action="([^"]+)"', form).group(1))
    back = html.unescape(re.search(r'name="next" value="([^"]+)"', form).group(1))

    response = client.post(action, {"address": "9 Beach Road", "parcel": "30-A-4",
                                    "zoning": "", "next": back})

    place = Property.objects.get()
    assert place.municipality.code == "tisbury"
    assert response.status_code == 302
    assert response["Location"].startswith(APPLY) and f"property={place.pk}" in response["Location"]
