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
    assert response.json()["date"] == [
        "North Andover is already closed on Monday, March 1, 2027: Storm (a closure entered "
        "before)."]


#: Days North Andover's offices are closed already, and why the closure is refused. The
#: town keeps Monday to Thursday (North Andover Code ch. 60, Licenses A(8)).
ALREADY_CLOSED = [
    ("2027-11-25", "North Andover is already closed on Thursday, November 25, 2027: "
                   "Thanksgiving Day, a Massachusetts legal holiday."),
    ("2027-07-05", "North Andover is already closed on Monday, July 5, 2027: Independence Day "
                   "(observed), a Massachusetts legal holiday."),
    ("2027-11-26", "North Andover is already closed on Friday, November 26, 2027: the offices "
                   "are open Monday, Tuesday, Wednesday and Thursday."),
    ("2027-03-06", "North Andover is already closed on Saturday, March 6, 2027: the offices "
                   "are open Monday, Tuesday, Wednesday and Thursday."),
]


@time_machine.travel(NOW, tick=False)
@pytest.mark.parametrize(("day", "why"), ALREADY_CLOSED)
def test_a_closure_on_a_day_already_closed_is_refused_saying_why(town_admin, day, why):
    response = client_for(town_admin).post("/api/v1/calendar/north_andover/closures/",
                                           {"date": day, "reason": "Storm"}, format="json")

    assert response.status_code == 400
    assert response.json() == {"date": [why]}
    assert not Closure.objects.exists()


@time_machine.travel(NOW, tick=False)
@pytest.mark.parametrize(("day", "why"), [
    *ALREADY_CLOSED,
    ("2027-03-01", "North Andover is already closed on Monday, March 1, 2027: Storm (a closure "
                   "entered before)."),
])
def test_the_page_refuses_a_day_already_closed_on_the_date_field(client, town_admin,
                                                                 north_andover, day, why):
    Closure.objects.create(municipality=north_andover, date=dt.date(2027, 3, 1), reason="Storm")
    client.force_login(town_admin)

    response = client.post(reverse("licensing:closures", args=["north_andover"]),
                           {"date": day, "reason": "Blizzard"})

    assert response.status_code == 400
    assert response.context["form"].errors == {"date": [why]}
    assert why.replace("'", "&#x27;") in response.content.decode()
    assert list(Closure.objects.values_list("reason", flat=True)) == ["Storm"]


@time_machine.travel(dt.datetime(2027, 3, 2, 9, 0), tick=False)
def test_a_storm_closure_entered_the_day_after_is_accepted_and_moves_a_deadline(
        town_admin, north_andover):
    """Monday's blizzard, entered on Tuesday: the dog license due date that fell on it
    moves to Tuesday (Licenses A(8))."""
    response = client_for(town_admin).post("/api/v1/calendar/north_andover/closures/",
                                           {"date": "2027-03-01", "reason": "Blizzard"},
                                           format="json")

    due = key_date_on(town_law("north_andover").key_dates["dog_license_due"], 2027,
                      north_andover.calendar())
    assert response.status_code == 201
    assert due == dt.date(2027, 3, 2)


@time_machine.travel(NOW, tick=False)
def test_the_page_accepts_a_closure_of_yesterday(client, town_admin):
    client.force_login(town_admin)
    url = reverse("licensing:closures", args=["north_andover"])

    response = client.post(url, {"date": "2027-02-09", "reason": "Ice storm"})

    assert response.status_code == 302
    assert Closure.objects.get().date == dt.date(2027, 2, 9)


def test_admin_adds_a_closure_on_the_page(client, town_admin):
    client.force_login(town_admin)
    url = reverse("licensing:closures", args=["north_andover"])

    response = client.post(url, {"date": "2027-11-24", "reason": "Day before Thanksgiving"})

    assert response.status_code == 302
    assert Closure.objects.get().reason == "Day before Thanksgiving"
    assert client.get(url).status_code == 200


def test_a_resident_cannot_open_the_closures_page(client, resident):
    client.force_login(resident)

    assert client.get(reverse("licensing:closures", args=["north_andover"])).status_code == 403
