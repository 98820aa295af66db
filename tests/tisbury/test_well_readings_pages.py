"""The well meter pages and API (Tisbury BOH Reg 09.3.1(4)): the owner's readings and form,
the Board's metered wells with the missing readings and the seasonal schedule form, and
``/api/v1/well-readings/``."""

from __future__ import annotations

import datetime as dt

import pytest

from tests.factories import (
    MeteredWellFactory,
    Role,
    UserFactory,
    WellMeterReadingFactory,
    staff,
)
from tests.page_forms import field_error
from tests.tisbury.support import client_for
from tisbury_regs.models import SeasonalWellSchedule, WellMeterReading

pytestmark = pytest.mark.django_db
MINE = "/tisbury/wells/readings/"


@pytest.fixture
def well():
    return MeteredWellFactory(valid_from=dt.date(2029, 1, 2))


def reading(well, **changes):
    return {"well": well.pk, "season": "spring", "read_on": "2030-05-12",
            "meter_gallons": 150_000, **changes}


def test_the_owner_records_a_reading_on_the_page(client, well):
    WellMeterReadingFactory(well=well, year=2029, season="fall", read_on=dt.date(2029, 11, 3),
                            meter_gallons=140_000)
    client.force_login(well.holder)

    response = client.post(MINE, reading(well), follow=True)

    assert "10,000 gallons pumped since the previous reading" in response.content.decode()
    assert well.meter_readings.count() == 2


def test_a_reading_outside_its_window_is_refused_on_the_date(client, well):
    client.force_login(well.holder)

    response = client.post(MINE, reading(well, read_on="2030-05-20"))

    assert response.status_code == 400
    assert "taken May 1, 2030 – May 15, 2030, under Tisbury BOH Reg 09.3.1(4)" in (
        response.content.decode())
    assert not WellMeterReading.objects.exists()


def test_someone_without_a_metered_well_is_refused(client, well):
    client.force_login(UserFactory())
    assert client.get(MINE).status_code == 403
    assert client.get("/tisbury/wells/").status_code == 403


def test_the_owner_cannot_record_on_another_s_well(client, well):
    mine = MeteredWellFactory()
    client.force_login(mine.holder)

    assert client.post(MINE, reading(well)).status_code == 400
    assert client_for(mine.holder).post("/api/v1/well-readings/", reading(well),
                                        format="json").status_code == 400
    assert not WellMeterReading.objects.exists()


@pytest.mark.parametrize("rows", [2, 10])
def test_the_board_s_list_flags_missing_readings_in_fixed_queries(
        client, rows, django_assert_num_queries):
    for number in range(rows):
        well = MeteredWellFactory(valid_from=dt.date(2029, 1, 2))
        if number % 2:
            WellMeterReadingFactory(well=well, year=2030, read_on=dt.date(2030, 5, 3))
    client.force_login(staff(Role.CLERK, "tisbury"))
    client.get("/tisbury/wells/")

    with django_assert_num_queries(8):
        page = client.get("/tisbury/wells/").content.decode()

    assert page.count("Missing</span>") == rows // 2
    assert page.count("Spring 2030: May 1 – May 15") == rows


def test_the_board_records_a_seasonal_schedule(client, well):
    client.force_login(staff(Role.CLERK, "tisbury"))

    response = client.post("/tisbury/wells/", {
        "well": well.pk, "year": 2030, "spring_from": "2030-04-01",
        "spring_through": "2030-04-15", "fall_from": "2030-10-01",
        "fall_through": "2030-10-15"}, follow=True)

    assert "The seasonal schedule is recorded." in response.content.decode()
    assert SeasonalWellSchedule.objects.get().well == well


def test_a_schedule_whose_windows_overlap_is_refused_on_the_field(client, well):
    client.force_login(staff(Role.CLERK, "tisbury"))

    response = client.post("/tisbury/wells/", {
        "well": well.pk, "year": 2030, "spring_from": "2030-04-01",
        "spring_through": "2030-10-15", "fall_from": "2030-10-01",
        "fall_through": "2030-10-20"})

    assert response.status_code == 400
    assert "The after-season reading comes after the before-season one. (Tisbury BOH Reg " \
        "09.3.1(4)***)" in field_error(response.content.decode(), "fall_from")
    assert not SeasonalWellSchedule.objects.exists()


def test_the_api_records_a_reading_and_scopes_the_list(well):
    WellMeterReadingFactory()  # another owner's
    api = client_for(well.holder)

    created = api.post("/api/v1/well-readings/", reading(well), format="json")

    assert created.status_code == 201, created.content
    assert created.json()["gallons_since_previous"] is None
    assert api.get("/api/v1/well-readings/").json()["count"] == 1
    assert client_for(staff(Role.CLERK, "tisbury")).get(
        "/api/v1/well-readings/").json()["count"] == 2
    other = WellMeterReading.objects.exclude(well=well).get()
    assert api.get(f"/api/v1/well-readings/{other.pk}/").status_code == 404


def test_the_api_refuses_a_reading_out_of_season_naming_the_field(well):
    response = client_for(well.holder).post("/api/v1/well-readings/",
                                            reading(well, read_on="2030-05-20"), format="json")

    assert response.status_code == 400
    assert "read_on" in response.json() and "09.3.1(4)" in str(response.json())


@pytest.mark.parametrize(("role", "linked"), [(Role.CLERK, True), (Role.BOARD_MEMBER, False),
                                              (Role.INSPECTOR, False)])
def test_the_board_s_list_links_a_well_s_property_for_those_who_may_open_it(
        client, well, role, linked):
    """The staff property page is the clerk's: other staff read the address unlinked, never a
    link that refuses them."""
    client.force_login(staff(role, "tisbury"))

    page = client.get("/tisbury/wells/").content.decode()

    assert well.place_address in page
    assert (f"/staff/properties/{well.place.pk}/" in page) is linked
    if not linked:
        assert client.get(f"/staff/properties/{well.place.pk}/").status_code == 403
