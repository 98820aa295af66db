"""The printed kennel roster (North Andover Code ch. 60, Kennel license B(1), B(2)): the
license is kept as issued, while the roster of its dogs is printed as of the day asked,
from the kennel's page and the API, for those who see the kennel's page."""

from __future__ import annotations

import datetime as dt
import io

import pytest
import time_machine
from django.urls import reverse
from pypdf import PdfReader

from dogs.kennels.services import add_kennel_dog
from permits_site.parties.services import find_or_create_property
from tests.dogs.kennels import kennel_licensed
from tests.dogs.test_kennel_pages import kennel_permit
from tests.factories import KennelDogFactory, Role, municipality, staff
from tests.tisbury.support import client_for

pytestmark = pytest.mark.django_db
#: Wednesday 10 June 2026, a North Andover business day.
JUNE_10 = dt.datetime(2026, 6, 10, 10, 0)


@pytest.fixture(autouse=True)
def on_a_business_day():
    with time_machine.travel(JUNE_10, tick=False):
        yield


@pytest.fixture
def issued(resident, clerk):
    """A kennel license issued on June 10 for six dogs, before any dog is listed."""
    site, _ = find_or_create_property(municipality=municipality("north_andover"),
                                      address="40 Kennel Road", acting_user=resident)
    inspector = staff(Role.INSPECTOR, "north_andover")
    return kennel_licensed(resident, site, inspector=inspector, clerk=clerk)


def words(content: bytes) -> str:
    return " ".join(" ".join(page.extract_text().split())
                    for page in PdfReader(io.BytesIO(content)).pages)


def roster_url(permit) -> str:
    return reverse("dogs:kennel_roster_pdf", args=[permit.pk])


def printed(client, user, permit) -> str:
    client.force_login(user)
    response = client.get(roster_url(permit))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    return words(response.content)


def test_the_roster_lists_the_license_and_each_dog_as_of_the_day_printed(client, resident,
                                                                         issued):
    add_kennel_dog(permit=issued, name="Biscuit", breed="Beagle",
                   rabies_valid_through=dt.date(2027, 5, 1), acting_user=resident)
    add_kennel_dog(permit=issued, name="Juniper", breed="Border Collie",
                   rabies_valid_through=dt.date(2028, 1, 31), acquired_on=dt.date(2026, 4, 1),
                   acting_user=resident)

    text = printed(client, resident, issued)

    assert "North Andover" in text
    assert f"Kennel roster Kennel license No. {issued.number} · as of June 10, 2026" in text
    assert "Licensee Jane Smith" in text
    assert "License year 2026: June 10, 2026 through December 31, 2026" in text
    assert "Kennel license B(7)" in text
    assert "Licensed for 6 dogs over six months; 1 listed, 5 still to list" in text
    assert "New dogs reported since 1" in text
    assert "Biscuit Beagle Valid through May 1, 2027 Licensed with the kennel" in text
    assert ("Juniper Border Collie Valid through January 31, 2028 Reported later: acquired "
            "April 1, 2026, reported June 10, 2026 Reported late: due by May 4, 2026 "
            "(North Andover Code ch. 60, Kennel license B(2)).") in text
    assert "Kennel license B(1), B(2)" in text


def test_the_roster_is_printed_again_as_new_dogs_are_reported(client, resident, issued):
    before = printed(client, resident, issued)
    with time_machine.travel(dt.datetime(2026, 6, 20, 10, 0), tick=False):
        add_kennel_dog(permit=issued, name="Pip", breed="Whippet",
                       rabies_valid_through=dt.date(2027, 6, 1),
                       acquired_on=dt.date(2026, 6, 15), acting_user=resident)
        after = printed(client, resident, issued)

    assert "as of June 10, 2026" in before
    assert "No dog listed yet." in before
    assert "as of June 20, 2026" in after
    assert ("Pip Whippet Valid through June 1, 2027 Reported later: acquired June 15, 2026, "
            "reported June 20, 2026") in after
    assert "Reported late:" not in after


@pytest.mark.parametrize(("valid_through", "printed_as"), [
    (dt.date(2026, 6, 9), "Expired: valid through June 9, 2026"),
    (dt.date(2026, 6, 10), "Valid through June 10, 2026"),
    (dt.date(2026, 6, 11), "Valid through June 11, 2026"),
])
def test_a_vaccination_is_valid_through_its_last_day_and_expired_after(client, valid_through,
                                                                       printed_as):
    permit = kennel_permit()
    KennelDogFactory(permit=permit, name="Old Tom", rabies_valid_through=valid_through)

    assert f"Old Tom Beagle {printed_as} Licensed with the kennel" in printed(
        client, permit.holder, permit)


@pytest.mark.parametrize("role", [Role.ANIMAL_CONTROL_OFFICER, Role.HEARING_AUTHORITY,
                                  Role.CLERK])
def test_the_town_s_animal_control_hearing_authority_and_clerk_print_it(client, role):
    permit = kennel_permit()
    KennelDogFactory(permit=permit, name="Biscuit")

    assert "Biscuit Beagle" in printed(client, staff(role, "north_andover"), permit)


@pytest.mark.parametrize("who", ["another resident", "another town's clerk"])
def test_no_one_else_gets_the_roster(client, other_resident, who):
    permit = kennel_permit()
    client.force_login(other_resident if who == "another resident"
                       else staff(Role.CLERK, "tisbury"))

    assert client.get(roster_url(permit)).status_code == 404


def test_the_kennel_page_links_to_the_printed_roster(client):
    permit = kennel_permit()
    client.force_login(permit.holder)

    page = client.get(reverse("dogs:kennel", args=[permit.pk])).content.decode()

    assert f'<a href="{roster_url(permit)}">Print the roster (PDF)</a>' in page


def test_the_api_downloads_the_roster_and_refuses_another_resident(resident, other_resident,
                                                                   issued):
    add_kennel_dog(permit=issued, name="Biscuit", breed="Beagle",
                   rabies_valid_through=dt.date(2027, 5, 1), acting_user=resident)
    url = f"/api/v1/kennels/{issued.pk}/roster-pdf/"

    response = client_for(resident).get(url)

    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert response["Content-Disposition"] == (
        f'attachment; filename="kennel-roster-{issued.number}-2026-06-10.pdf"')
    assert "Biscuit Beagle Valid through May 1, 2027" in words(b"".join(
        response.streaming_content))
    assert client_for(other_resident).get(url).status_code == 404
