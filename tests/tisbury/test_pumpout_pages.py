"""The pump-out return pages and API (Tisbury BOH Reg 09.6.2): the handler's list and form, a
return, the Board's list of unfiled and filed returns, ``/api/v1/pumpout-returns/`` and the
clerk's property page."""

from __future__ import annotations

import datetime as dt

import pytest
import time_machine

from tests.factories import (
    MeteredWellFactory,
    PropertyFactory,
    PumpoutJobFactory,
    PumpoutReturnFactory,
    Role,
    SeptageHandlerPermitFactory,
    UserFactory,
    WellMeterReadingFactory,
    local,
    municipality,
    staff,
)
from tests.tisbury.support import client_for
from tisbury_regs.models import PumpoutReturn

pytestmark = pytest.mark.django_db
NEW = "/tisbury/pumpout/returns/new/"


@pytest.fixture
def permit():
    return SeptageHandlerPermitFactory(holder_business__legal_name="Island Septic LLC")


@pytest.fixture
def member(permit):
    return permit.holder


def form_data(permit, *, jobs=(), rows=5, **fields):
    data = {"handler": permit.holder_business_id, "month": "2030-05",
            "jobs-TOTAL_FORMS": rows, "jobs-INITIAL_FORMS": 0, **fields}
    for index, job in enumerate(jobs):
        data.update({f"jobs-{index}-{name}": value for name, value in job.items()})
    return data


def job(number: int, **changes):
    return {"permit_number": f"PO-{number}", "address": f"{number} Skiff Avenue",
            "pumped_on": f"2030-05-{number:02d}", "gallons": 1000, **changes}


def test_a_handler_files_a_return_with_its_jobs_on_the_page(client, member, permit):
    client.force_login(member)
    assert client.get(NEW).status_code == 200

    response = client.post(NEW, form_data(permit, jobs=[job(3), job(4)]), follow=True)

    filed = PumpoutReturn.objects.get()
    assert response.redirect_chain[-1][0] == f"/tisbury/pumpout/returns/{filed.pk}/"
    page = response.content.decode()
    assert "The return is filed." in page and "PO-3" in page and "PO-4" in page
    assert filed.jobs.count() == 2


def test_a_late_return_tells_the_fine_written(client, member, permit):
    with time_machine.travel(local(dt.date(2030, 6, 19)), tick=False):
        client.force_login(member)
        response = client.post(NEW, form_data(permit, jobs=[job(3)]), follow=True)

    assert "filed late: it was due by June 17, 2 day(s) ago. A citation of $20.00" in (
        response.content.decode())


def test_an_empty_return_is_confirmed_with_the_box(client, member, permit):
    client.force_login(member)

    refused = client.post(NEW, form_data(permit))
    assert refused.status_code == 400
    assert "tick this box to file an empty return" in refused.content.decode()
    assert not PumpoutReturn.objects.exists()

    client.post(NEW, form_data(permit, nothing_pumped="on"))
    assert PumpoutReturn.objects.get().jobs.count() == 0


def test_a_refused_job_shows_on_its_row_and_files_nothing(client, member, permit):
    client.force_login(member)

    response = client.post(NEW, form_data(permit, jobs=[job(3), {}, job(5, gallons=-10)]))

    assert response.status_code == 400
    page = response.content.decode()
    assert "Pump-out 3, volume (gallons): Enter the volume pumped" in page
    assert "09.6.2" in page
    assert not PumpoutReturn.objects.exists()


def test_someone_acting_for_no_handler_is_refused_the_pages(client):
    client.force_login(UserFactory())
    assert client.get(NEW).status_code == 403
    assert client.get("/tisbury/pumpout/returns/").status_code == 403
    assert client.get("/tisbury/pumpout/").status_code == 403


def test_another_handler_s_return_is_not_found(client, member):
    other = PumpoutReturnFactory()
    client.force_login(member)

    assert client.get(f"/tisbury/pumpout/returns/{other.pk}/").status_code == 404
    assert client_for(member).get(f"/api/v1/pumpout-returns/{other.pk}/").status_code == 404


@pytest.mark.parametrize("rows", [2, 10])
def test_the_handler_s_list_runs_a_fixed_number_of_queries(
        client, member, permit, rows, django_assert_num_queries):
    for month in range(1, rows + 1):
        PumpoutJobFactory(pumpout_return=PumpoutReturnFactory(
            handler_permit=permit, month=dt.date(2029 + month // 7, month % 7 + 1, 1)))
    client.force_login(member)
    client.get("/tisbury/pumpout/returns/")  # warm the session

    with django_assert_num_queries(6):
        page = client.get("/tisbury/pumpout/returns/")

    assert page.content.decode().count("/tisbury/pumpout/returns/") - 1 == rows


@pytest.mark.parametrize("rows", [2, 10])
def test_the_board_s_list_runs_a_fixed_number_of_queries(
        client, rows, django_assert_num_queries):
    for _ in range(rows):
        PumpoutJobFactory()
    clerk = staff(Role.CLERK, "tisbury")
    client.force_login(clerk)
    client.get("/tisbury/pumpout/")

    with django_assert_num_queries(8):
        page = client.get("/tisbury/pumpout/").content.decode()

    assert page.count("Not filed") == rows * 4  # January to April 2030 for each handler
    assert page.count('href="/tisbury/pumpout/returns/') == rows


# -- the API ---------------------------------------------------------------------------------


def test_the_api_files_a_late_return_with_a_property_on_file(member, permit):
    home = PropertyFactory(municipality=municipality("tisbury"), address="3 Skiff Avenue")
    api = client_for(member)

    with time_machine.travel(local(dt.date(2030, 6, 20)), tick=False):
        created = api.post("/api/v1/pumpout-returns/", {
            "handler": permit.holder_business_id, "month": "2030-05-01", "jobs": [
                {"permit_number": "PO-1", "property": home.pk, "pumped_on": "2030-05-02",
                 "gallons": 1500},
                {"permit_number": "PO-2", "address": "8 Lagoon Road",
                 "pumped_on": "2030-05-09", "gallons": 900}]}, format="json")

    assert created.status_code == 201, created.content
    body = created.json()
    assert (body["late"], body["days_late"], body["due_on"]) == (True, 3, "2030-06-17")
    assert [row["property"] for row in body["jobs"]] == [home.pk, None]
    assert PumpoutReturn.objects.get().citation.invoice.total == 60
    assert [row["id"] for row in api.get("/api/v1/pumpout-returns/").json()["results"]] == [
        body["id"]]


@pytest.mark.parametrize(("body", "field"), [
    ({"jobs": [{"permit_number": "PO-1", "address": "1 Main St", "pumped_on": "2030-05-02",
                "gallons": -3}]}, "jobs-0-gallons"),
    ({"month": "2030-06-01", "jobs": []}, "month"),
    ({"handler": 999_999, "jobs": []}, "handler"),
])
def test_the_api_refuses_on_the_field(member, permit, body, field):
    response = client_for(member).post("/api/v1/pumpout-returns/", {
        "handler": permit.holder_business_id, "month": "2030-05-01", **body}, format="json")

    assert response.status_code == 400
    assert field in str(response.json())
    assert not PumpoutReturn.objects.exists()


def test_the_api_lists_every_return_to_staff_and_none_to_strangers(member, permit):
    PumpoutReturnFactory(handler_permit=permit)
    PumpoutReturnFactory()

    assert client_for(staff(Role.CLERK, "tisbury")).get(
        "/api/v1/pumpout-returns/").json()["count"] == 2
    assert client_for(member).get("/api/v1/pumpout-returns/").json()["count"] == 1
    assert client_for(UserFactory()).get("/api/v1/pumpout-returns/").json()["count"] == 0


# -- the clerk's property page ---------------------------------------------------------------


def test_the_property_page_shows_its_pump_outs_and_metered_wells(client):
    well = MeteredWellFactory()
    WellMeterReadingFactory(well=well, meter_gallons=123_456)
    PumpoutJobFactory(property=well.place, permit_number="PO-777", gallons=1250)
    client.force_login(staff(Role.CLERK, "tisbury"))

    page = client.get(f"/staff/properties/{well.place.pk}/").content.decode()

    assert "Septic pump-outs" in page and "PO-777" in page and "1250" in page
    assert f"Well {well.number}" in page and "123456" in page and "First reading" in page
