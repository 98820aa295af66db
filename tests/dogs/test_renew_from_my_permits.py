"""A dog license is renewed from its row of "My permits" like any annual permit: "Renew"
opens the dog license form with the dog, "Renewal of last year's license" and the next
license year chosen, once that year is on offer (from December 1, Licenses A(8)) — or after
the license has run out."""

from __future__ import annotations

import datetime as dt
import html
import re

import pytest
import time_machine
from django.urls import reverse

from tests.dogs.test_license_flow import licensed
from tests.factories import DogFactory

pytestmark = pytest.mark.django_db

FEBRUARY = dt.datetime(2027, 2, 10, 15, 0)


def renew_link(client, permit) -> str | None:
    """The "Renew" link of the license's row on the dashboard, if it has one."""
    page = html.unescape(client.get(reverse("licensing:dashboard")).content.decode())
    found = re.search(r'href="([^"]+)">Renew<span class="visually-hidden"> '
                      + re.escape(permit.number) + "<", page)
    return found and found.group(1)


def chosen(page: str, name: str) -> str | None:
    """The value the form has chosen for the select or the radio buttons ``name``."""
    select = re.search(rf'<select name="{name}".*?</select>', page, re.DOTALL)
    found = (re.search(r'<option value="([^"]*)" selected', select.group(0)) if select
             else re.search(rf'name="{name}" value="([^"]*)"[^>]*checked', page))
    return found and found.group(1)


@pytest.fixture
def license_2027(dog, clerk):
    with time_machine.travel(FEBRUARY, tick=False):
        return licensed(dog, clerk)


def test_in_december_the_license_row_offers_renew_to_next_years_form(client, dog,
                                                                     license_2027):
    DogFactory(owner=dog.owner, name="Pepper")  # the form would otherwise choose the first dog
    with time_machine.travel(dt.datetime(2027, 12, 6, 10, 0), tick=False):
        client.force_login(dog.owner)
        link = renew_link(client, license_2027)
        form = client.get(link).content.decode()

    assert link == f"/dogs/apply/?action=renewal&permit={license_2027.pk}"
    assert chosen(form, "dog") == str(dog.pk)
    assert chosen(form, "action") == "renewal"
    assert chosen(form, "license_year") == "2028"


def test_before_next_years_licenses_open_the_row_has_no_renew(client, dog, license_2027):
    with time_machine.travel(dt.datetime(2027, 6, 10, 10, 0), tick=False):
        client.force_login(dog.owner)
        assert renew_link(client, license_2027) is None


def test_someone_elses_license_chooses_nothing_on_the_form(client, dog, license_2027,
                                                           other_resident):
    DogFactory(owner=other_resident, name="Rex")
    with time_machine.travel(dt.datetime(2027, 12, 6, 10, 0), tick=False):
        client.force_login(other_resident)
        form = client.get(f"/dogs/apply/?action=renewal&permit={license_2027.pk}"
                          ).content.decode()

    assert "Biscuit" not in form
    assert chosen(form, "dog") is None
    assert chosen(form, "license_year") == "2028"
