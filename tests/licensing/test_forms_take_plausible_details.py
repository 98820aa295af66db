"""The generated application form takes what ``POST /applications/`` takes: a place of the
permit type's own town, dates a real application can have (spec ``lifecycle.md``)."""

import datetime as dt

import pytest
import time_machine

from permits_site.licensing.models import Application
from permits_site.parties.services import find_or_create_property
from tests.factories import PermitFactory, municipality, permit_type

pytestmark = pytest.mark.django_db

KENNEL_FORM = "/apply/north_andover.kennel_license/?action=new"
DOG_LICENSE_FORM = "/apply/north_andover.dog_license/?action=new"


@pytest.fixture(autouse=True)
def _frozen_clock():
    with time_machine.travel(dt.datetime(2027, 2, 10, 15, 0), tick=False):
        yield


def test_a_form_about_a_place_offers_only_the_places_of_its_town(client, resident):
    for town, address in (("north_andover", "12 Elm Street"),
                          ("northborough", "24 Whitney Street")):
        find_or_create_property(municipality=municipality(town), address=address,
                                acting_user=resident)
    client.force_login(resident)

    page = client.get(KENNEL_FORM).content.decode()

    assert "12 Elm Street" in page
    assert "24 Whitney Street" not in page


def test_a_dog_acquired_after_today_is_refused_on_the_field(client, resident, dog):
    client.force_login(resident)

    response = client.post(DOG_LICENSE_FORM, {"dog": dog.pk, "license_year": 2027,
                                              "acquired_on": "2027-03-01"})

    assert response.status_code == 400
    assert response.context["form"].errors["acquired_on"] == [
        "Enter a date no later than today."]
    assert not Application.objects.exists()


@pytest.mark.parametrize(("today", "offered"), [
    (dt.datetime(2027, 11, 30, 15, 0), 2027),  # the day before next year's forms go out
    (dt.datetime(2027, 12, 1, 9, 0), 2028),  # from December 1 (Licenses A(7), A(8))
])
def test_the_dog_license_form_offers_the_license_year_on_offer(client, resident, today, offered):
    with time_machine.travel(today, tick=False):
        client.force_login(resident)
        response = client.get(DOG_LICENSE_FORM)

    assert response.status_code == 200, response.content[:300]
    assert response.context["form"]["license_year"].value() == offered


def test_a_renewal_offers_only_permits_of_the_type_renewed(client, resident):
    """What a renewal follows up is a permit of the same type: the applicant's dog license is
    not offered on a Tisbury dumpster's renewal."""
    dumpster, dog_license = (
        PermitFactory(application__applicant=resident, number=number,
                      application__permit_type=permit_type(code))
        for code, number in (("tisbury.temporary_dumpster", "TDP-2027-00001"),
                             ("north_andover.dog_license", "DOG-2027-00002")))
    client.force_login(resident)

    response = client.get("/apply/tisbury.temporary_dumpster/?action=renewal")

    offered = dict(response.context["form"].fields["permit"].choices)
    assert offered == {"": "Choose…", dumpster.pk: "TDP-2027-00001"}
    assert dog_license.pk not in offered
