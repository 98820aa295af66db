"""Admins' office closures, on the page and through the API, move deadlines past them."""

import datetime as dt

import pytest
import time_machine
from django.urls import reverse

from permits_site.audit.models import AuditEntry
from permits_site.rules.calendar import key_date_on
from permits_site.rules.registry import town_law
from permits_site.towns.models import Closure
from tests.api.conftest import client_for

pytestmark = pytest.mark.django_db
NOW = dt.datetime(2027, 2, 10, 15, 0)


@time_machine.travel(NOW, tick=False)
def test_a_closure_on_march_1_moves_the_dog_license_due_date_a8(town_admin, north_andover):
    api = client_for(town_admin)

    response = api.post("/api/v1/calendar/north_andover/closures/",
                        {"date": "2027-03-01", "reason": "Snow emergency"}, format="json")

    due = key_date_on(town_law("north_andover").key_dates["dog_license_due"], 2027,
                      north_andover.calendar())
    assert response.status_code == 201
    assert due == dt.date(2027, 3, 2)
    assert AuditEntry.objects.filter(action="closure.added").exists()


@time_machine.travel(NOW, tick=False)
def test_closures_are_listed_and_removed_through_the_api(town_admin, north_andover):
    Closure.objects.create(municipality=north_andover, date=dt.date(2027, 3, 1), reason="Storm")
    api = client_for(town_admin)

    listed = api.get("/api/v1/calendar/north_andover/closures/")
    removed = api.delete("/api/v1/calendar/north_andover/closures/2027-03-01/")

    assert listed.json() == [{"date": "2027-03-01", "reason": "Storm"}]
    assert removed.status_code == 204
    assert not Closure.objects.exists()


@pytest.mark.parametrize(
    ("body", "field"),
    [({"date": "2027-13-01", "reason": "x"}, "date"), ({"date": "2027-03-01"}, "reason"),
     ({"date": "2027-03-01", "reason": ""}, "reason")],
)
def test_bad_closures_are_refused_naming_the_field(town_admin, body, field):
    response = client_for(town_admin).post("/api/v1/calendar/north_andover/closures/", body,
                                           format="json")

    assert response.status_code == 400
    assert field in response.json()


def test_only_the_towns_admin_manages_its_closures(clerk, town_admin):
    assert client_for(clerk).get("/api/v1/calendar/north_andover/closures/").status_code == 403
    assert client_for(town_admin).get("/api/v1/calendar/tisbury/closures/").status_code == 403
    assert client_for(town_admin).get("/api/v1/calendar/atlantis/closures/").status_code == 404


def test_a_duplicate_closure_is_refused(town_admin, north_andover):
    Closure.objects.create(municipality=north_andover, date=dt.date(2027, 3, 1), reason="Storm")

    response = client_for(town_admin).post("/api/v1/calendar/north_andover/closures/",
                                           {"date": "2027-03-01", "reason": "Again"},
                                           format="json")

    assert response.status_code == 400
    assert "date" in response.json()


def test_admin_adds_a_closure_on_the_page(client, town_admin):
    client.force_login(town_admin)
    url = reverse("licensing:closures", args=["north_andover"])

    response = client.post(url, {"date": "2027-11-26", "reason": "Day after Thanksgiving"})

    assert response.status_code == 302
    assert Closure.objects.get().reason == "Day after Thanksgiving"
    assert client.get(url).status_code == 200


def test_a_resident_cannot_open_the_closures_page(client, resident):
    client.force_login(resident)

    assert client.get(reverse("licensing:closures", args=["north_andover"])).status_code == 403
