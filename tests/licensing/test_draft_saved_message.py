"""Saving a draft on the generated form says what is left to do: the documents only when
the permit asks for some."""

from __future__ import annotations

import pytest
from django.contrib.messages import get_messages
from django.urls import reverse

from permits_site.parties.services import find_or_create_property
from tests.declared import declared_permit_type
from tests.factories import UserFactory, municipality
from tests.lifecycle.conftest import party_on
from tests.tisbury.test_waste_permits import TEMPORARY_ANSWERS

pytestmark = pytest.mark.django_db


def saved_message(client, user, code: str, data: dict) -> str:
    client.force_login(user)
    response = client.post(reverse("licensing:apply", args=[code]), {"action": "new", **data})
    assert response.status_code == 302
    return " ".join(str(message) for message in get_messages(response.wsgi_request))


def test_a_permit_asking_for_no_documents_is_not_said_to_ask_for_them(client):
    owner = UserFactory(city="Tisbury")
    place, _ = find_or_create_property(municipality=municipality("tisbury"),
                                       address="9 Beach Road", acting_user=owner)

    said = saved_message(client, owner, "tisbury.temporary_dumpster",
                         {"property": place.pk, **TEMPORARY_ANSWERS})

    assert said == "Draft saved. Submit it on this page when it is ready."


def test_a_permit_asking_for_documents_says_to_add_them(client):
    host = UserFactory()
    place, _ = find_or_create_property(municipality=municipality("north_andover"),
                                       address="3 Elm Street", acting_user=host)
    with declared_permit_type() as garden_party:
        said = saved_message(client, host, garden_party.code,
                             {"property": place.pk, "guests": 20, "party_date": party_on()})

    assert said == "Draft saved. Add the documents asked for, then submit."
