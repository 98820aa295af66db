"""``/api/v1/calendar/{code}/hearings/``: the town's admin sets its usual hearing time and
place, its staff read them; the public answer about the town shows them, read-only."""

import datetime as dt

import pytest
from rest_framework.test import APIClient

from permits_site.audit.models import AuditEntry
from permits_site.towns.models import Municipality
from tests.api.conftest import client_for
from tests.factories import Role, staff

pytestmark = pytest.mark.django_db

URL = "/api/v1/calendar/north_andover/hearings/"
TOWN_HALL = "Town Hall, 120 Main Street, North Andover"


def usual_hearing() -> tuple[dt.time | None, str]:
    town = Municipality.objects.get(code="north_andover")
    return town.hearing_time, town.hearing_place


def test_the_admin_puts_them_and_reads_them_back(town_admin):
    api = client_for(town_admin)

    put = api.put(URL, {"hearing_time": "19:00", "hearing_place": f" {TOWN_HALL} "},
                  format="json")

    assert put.status_code == 200
    assert put.json() == {"hearing_time": "19:00", "hearing_place": TOWN_HALL}
    assert api.get(URL).json() == put.json()
    assert usual_hearing() == (dt.time(19, 0), TOWN_HALL)
    assert AuditEntry.objects.get(action="town.usual_hearing_set").actor == town_admin


def test_the_admin_empties_them(town_admin, north_andover):
    north_andover.hearing_time, north_andover.hearing_place = dt.time(19, 0), TOWN_HALL
    north_andover.save()

    put = client_for(town_admin).put(URL, {"hearing_time": None, "hearing_place": ""},
                                     format="json")

    assert put.json() == {"hearing_time": None, "hearing_place": ""}
    assert usual_hearing() == (None, "")


def test_the_towns_staff_read_them(clerk, north_andover):
    north_andover.hearing_time, north_andover.hearing_place = dt.time(17, 30), TOWN_HALL
    north_andover.save()

    response = client_for(clerk).get(URL)

    assert response.status_code == 200
    assert response.json() == {"hearing_time": "17:30", "hearing_place": TOWN_HALL}


@pytest.mark.parametrize(("body", "field"), [
    ({"hearing_time": "25:00", "hearing_place": TOWN_HALL}, "hearing_time"),
    ({"hearing_time": "19:00", "hearing_place": "x" * 201}, "hearing_place"),
    ({"hearing_place": TOWN_HALL}, "hearing_time"),
    ({"hearing_time": "19:00", "hearing_place": 7}, "hearing_place"),
])
def test_a_bad_body_is_a_400_naming_the_field_and_changes_nothing(town_admin, body, field):
    response = client_for(town_admin).put(URL, body, format="json")

    assert response.status_code == 400
    assert list(response.json()) == [field]
    assert usual_hearing() == (None, "")


@pytest.mark.parametrize("who", [(Role.CLERK, "north_andover"), (Role.ADMIN, "tisbury")])
def test_only_the_towns_admin_puts_them(who):
    response = client_for(staff(*who)).put(URL, {"hearing_time": "19:00",
                                                 "hearing_place": TOWN_HALL}, format="json")

    assert response.status_code == 403
    assert usual_hearing() == (None, "")


def test_staff_of_another_town_and_residents_may_not_read_them(resident, tisbury_clerk):
    assert client_for(tisbury_clerk).get(URL).status_code == 403
    assert client_for(resident).get(URL).status_code == 403
    assert APIClient().get(URL).status_code in (401, 403)
    assert client_for(resident).get("/api/v1/calendar/atlantis/hearings/").status_code == 404


def test_the_public_answer_about_the_town_shows_them(town_admin):
    public = APIClient()
    before = public.get("/api/v1/municipalities/north_andover/").json()
    client_for(town_admin).put(URL, {"hearing_time": "19:00", "hearing_place": TOWN_HALL},
                               format="json")

    after = public.get("/api/v1/municipalities/north_andover/").json()

    assert (before["hearing_time"], before["hearing_place"]) == (None, "")
    assert (after["hearing_time"], after["hearing_place"]) == ("19:00", TOWN_HALL)


def test_the_schema_describes_them_from_the_serializers():
    schema = APIClient().get("/api/v1/schema/", {"format": "json"}).json()
    components = schema["components"]["schemas"]

    operations = schema["paths"]["/api/v1/calendar/{municipality}/hearings/"]
    assert set(operations) >= {"get", "put"}
    for name in ("UsualHearing", "MunicipalityDetail"):
        properties = components[name]["properties"]
        assert properties["hearing_time"]["format"] == "time"
        assert properties["hearing_time"]["nullable"] is True
        assert "hearing_place" in properties
    assert components["UsualHearing"]["properties"]["hearing_place"]["maxLength"] == 200
