"""The pages of required septic inspections (Tisbury BOH Reg 09.0.8(4)): the staff property
page's panel, the Board's page recording a sale, change of use or plan date, the owners'
letter, and the owner's "My properties"."""

from __future__ import annotations

import datetime as dt

import pytest

from tests.factories import (
    PropertyFactory,
    PropertyOwnerFactory,
    PumpoutJobFactory,
    PumpoutReturnFactory,
    Role,
    SeptageHandlerPermitFactory,
    UserFactory,
    municipality,
    staff,
)
from tests.page_forms import assert_on_the_page, field_error, post_form
from tests.tisbury.support import client_for
from tisbury_regs.models import SystemInspectionTrigger

pytestmark = pytest.mark.django_db

FOUR = (dt.date(2030, 2, 10), dt.date(2030, 3, 10), dt.date(2030, 4, 10), dt.date(2030, 5, 10))


@pytest.fixture
def place():
    return PropertyFactory(municipality=municipality("tisbury"), address="9 Beach Road")


def pumped_four_times(place):
    permit = SeptageHandlerPermitFactory()
    for day in FOUR:
        filed = PumpoutReturnFactory(handler_permit=permit, month=day.replace(day=1))
        PumpoutJobFactory(pumpout_return=filed, property=place, pumped_on=day)


def test_the_staff_property_page_shows_the_inspection_due_and_by_when_0908_4(
        client, clerk, place):
    pumped_four_times(place)
    client.force_login(clerk)

    page = client.get(f"/staff/properties/{place.pk}/").content.decode()

    assert "Septic system: inspection required" in page
    assert "Inspection due" in page and "Jul 3, 2030" in page
    assert f"/tisbury/septic/properties/{place.pk}/inspections/letter/" in page


def test_the_owners_my_properties_says_the_inspection_is_due_and_by_when_0908_4(client, place):
    owner = UserFactory()
    PropertyOwnerFactory(property=place, account=owner)
    pumped_four_times(place)
    client.force_login(owner)

    page = client.get("/properties/").content.decode()

    assert "9 Beach Road" in page and "Owner of record" in page
    assert "A septic system inspection by a licensed system inspector is due by July 3, " \
           "2030" in page


def test_my_properties_tells_nobody_else_of_the_owners_inspection_0908_4(client, place):
    pumped_four_times(place)
    PropertyOwnerFactory(property=place, account=UserFactory())
    client.force_login(UserFactory())

    page = client.get("/properties/").content.decode()

    assert "9 Beach Road" not in page


def test_my_properties_runs_a_fixed_number_of_queries_0908_4(
        client, django_assert_max_num_queries):
    owner = UserFactory()
    for number in range(6):
        place = PropertyFactory(municipality=municipality("tisbury"), address=f"{number} Main St")
        PropertyOwnerFactory(property=place, account=owner)
        pumped_four_times(place)
    client.force_login(owner)

    with django_assert_max_num_queries(14):
        response = client.get("/properties/")

    assert response.content.decode().count("is due by") == 6


def test_the_board_records_a_sale_on_the_page_0908_4(client, place):
    agent = staff(Role.INSPECTOR, "tisbury")
    client.force_login(agent)
    url = f"/tisbury/septic/properties/{place.pk}/inspections/"
    assert client.get(url).status_code == 200

    response = client.post(url, {"action": "trigger", "reason": "sale",
                                 "occurred_on": "2030-07-15"}, follow=True)

    assert "The inspection is required by July 14, 2030." in response.content.decode()
    assert SystemInspectionTrigger.objects.get().property == place


def test_a_refused_record_names_the_field_and_changes_nothing_0908_4(client, place):
    client.force_login(staff(Role.INSPECTOR, "tisbury"))
    page = f"/tisbury/septic/properties/{place.pk}/inspections/"

    response = post_form(client, page, 'name="occurred_on"',
                         {"reason": "sale", "occurred_on": ""})

    assert response.status_code == 400
    assert_on_the_page(client, response, page)
    assert "Enter a date." in field_error(response.content.decode(), "occurred_on")
    assert not SystemInspectionTrigger.objects.exists()


@pytest.mark.parametrize(("path", "posted"), [("", None), ("", {"action": "trigger"}),
                                              ("letter/", None)])
def test_the_required_inspections_of_a_place_are_not_found_by_a_resident_0908_4(
        client, place, path, posted):
    client.force_login(UserFactory())
    url = f"/tisbury/septic/properties/{place.pk}/inspections/{path}"

    response = client.post(url, posted) if posted else client.get(url)

    assert response.status_code == 404


def test_the_owners_letter_names_the_owner_and_the_due_date_0908_4(client, clerk, place):
    PropertyOwnerFactory(property=place, name="Olive Owner")
    pumped_four_times(place)
    client.force_login(clerk)

    page = client.get(f"/tisbury/septic/properties/{place.pk}/inspections/letter/"
                      ).content.decode()

    assert "Olive Owner" in page and "Wednesday, July 3, 2030" in page


def test_the_boards_list_shows_each_open_inspection_in_fixed_queries_0908_4(
        client, django_assert_max_num_queries):
    for number in range(5):
        pumped_four_times(PropertyFactory(municipality=municipality("tisbury"),
                                          address=f"{number} Lagoon Pond Road"))
    client.force_login(staff(Role.INSPECTOR, "tisbury"))

    with django_assert_max_num_queries(12):
        page = client.get("/tisbury/septic/inspections-required/").content.decode()

    assert page.count("4 or more pump-outs") == 5 and "Jul 3, 2030" in page


def test_the_boards_list_is_refused_to_a_resident_0908_4(client):
    client.force_login(UserFactory())

    assert client.get("/tisbury/septic/inspections-required/").status_code == 403


# -- the API ------------------------------------------------------------------------------


def test_the_api_lists_the_open_inspections_for_staff_0908_4(place):
    pumped_four_times(place)

    response = client_for(staff(Role.INSPECTOR, "tisbury")).get(
        "/api/v1/septic-inspections-required/")

    assert response.status_code == 200
    [row] = response.json()
    assert row["property"] == place.pk and row["due_on"] == "2030-07-03"
    assert row["overdue"] is False


def test_the_api_records_a_sale_and_refuses_a_bad_reason_by_field_0908_4(place):
    api = client_for(staff(Role.INSPECTOR, "tisbury"))

    created = api.post("/api/v1/septic-inspections-required/", {
        "property": place.pk, "reason": "sale", "occurred_on": "2030-07-15"}, format="json")
    refused = api.post("/api/v1/septic-inspections-required/", {
        "property": place.pk, "reason": "rumour", "occurred_on": "2030-07-15"}, format="json")

    assert created.status_code == 201 and created.json()["due_on"] == "2030-07-14"
    assert refused.status_code == 400 and "reason" in refused.json()
    assert SystemInspectionTrigger.objects.count() == 1


def test_the_api_is_refused_to_a_resident_0908_4(place):
    assert client_for(UserFactory()).get(
        "/api/v1/septic-inspections-required/").status_code == 403
