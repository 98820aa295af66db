"""A list on My work counts its items beside its title; a list with nothing in it — the
town's usual hearing time and place once set, no closure ahead — says so in words and shows
no "0" beside its title."""

import datetime as dt

import pytest
from django.urls import reverse

from tests.factories import Role, municipality, staff

pytestmark = pytest.mark.django_db
BADGE = '<span class="badge text-bg-secondary">'


def heading(page: str, title: str) -> str:
    return page.split(f">{title}", 1)[1].split("</h4>", 1)[0]


def test_an_empty_list_shows_its_sentence_without_a_zero(client):
    town = municipality("tisbury")
    town.hearing_time, town.hearing_place = dt.time(19, 0), "Town Hall"
    town.save(update_fields=["hearing_time", "hearing_place"])
    client.force_login(staff(Role.ADMIN, "tisbury"))

    page = client.get(reverse("staff_home")).content.decode()

    assert BADGE not in heading(page, "Usual hearing time and place")
    assert "Hearings are held at 7:00 PM, Town Hall, unless scheduled otherwise." in page


def test_a_list_with_items_counts_them(client):
    town = municipality("tisbury")
    town.hearing_time, town.hearing_place = None, ""
    town.save(update_fields=["hearing_time", "hearing_place"])
    client.force_login(staff(Role.ADMIN, "tisbury"))

    page = client.get(reverse("staff_home")).content.decode()

    assert f"{BADGE}1</span>" in heading(page, "Usual hearing time and place")
