"""The town admin sets the town's usual hearing time and place: the service, the Hearings
part of the closures page, and the admin's My work asking for them while either is blank."""

import datetime as dt

import pytest
import time_machine
from django.urls import reverse

from permits_site.audit.models import AuditEntry
from permits_site.exceptions import DomainError
from permits_site.towns.models import Municipality
from permits_site.towns.services import set_usual_hearing_time_and_place
from tests.factories import Role, staff

pytestmark = pytest.mark.django_db

SEVEN_PM = dt.time(19, 0)
TOWN_HALL = "Town Hall, 120 Main Street, North Andover"
PAGE = reverse("licensing:closures", args=["north_andover"])
SAVE = reverse("licensing:usual_hearing", args=["north_andover"])
HOME = reverse("staff_home")
NOT_SET = "Usual hearing time and place not set"


@pytest.fixture(autouse=True)
def _a_business_day():
    with time_machine.travel(dt.datetime(2026, 6, 10, 9, 0), tick=False):
        yield


def usual_hearing(code: str = "north_andover") -> tuple[dt.time | None, str]:
    town = Municipality.objects.get(code=code)
    return town.hearing_time, town.hearing_place


# -- the service -------------------------------------------------------------------------


def test_the_admin_sets_them_stripped_and_audited_before_and_after(town_admin, north_andover):
    north_andover.hearing_place = "Old Town Hall"
    north_andover.save()

    set_usual_hearing_time_and_place(municipality=north_andover, hearing_time=SEVEN_PM,
                                     hearing_place=f"  {TOWN_HALL} \n", acting_user=town_admin)

    assert usual_hearing() == (SEVEN_PM, TOWN_HALL)
    entry = AuditEntry.objects.get(action="town.usual_hearing_set")
    assert (entry.actor, entry.municipality) == (town_admin, north_andover)
    assert entry.before == {"hearing_time": "", "hearing_place": "Old Town Hall"}
    assert entry.after == {"hearing_time": "19:00", "hearing_place": TOWN_HALL}


def test_the_admin_empties_them(town_admin, north_andover):
    north_andover.hearing_time, north_andover.hearing_place = SEVEN_PM, TOWN_HALL
    north_andover.save()

    set_usual_hearing_time_and_place(municipality=north_andover, hearing_time=None,
                                     hearing_place="   ", acting_user=town_admin)

    assert usual_hearing() == (None, "")


def test_a_place_over_200_characters_is_refused_naming_hearing_place(town_admin,
                                                                     north_andover):
    with pytest.raises(DomainError) as refused:
        set_usual_hearing_time_and_place(municipality=north_andover, hearing_time=SEVEN_PM,
                                         hearing_place="x" * 201, acting_user=town_admin)

    assert list(refused.value.errors) == ["hearing_place"]
    assert usual_hearing() == (None, "")



# -- the Hearings part of the closures page ----------------------------------------------


def test_the_closures_page_shows_them_not_set_at_first(client, town_admin):
    client.force_login(town_admin)

    page = client.get(PAGE).content.decode()

    hearings = page.split('id="hearings"', 1)[1]
    assert ">Hearings</h2>" in page
    assert hearings.count("Not set") == 2
    assert f'action="{SAVE}"' in hearings


def test_the_admin_saves_them_on_the_page_and_the_page_shows_them(client, town_admin):
    client.force_login(town_admin)

    response = client.post(SAVE, {"hearing_time": "19:00", "hearing_place": TOWN_HALL})

    assert response.status_code == 302
    assert response.url == f"{PAGE}#hearings"
    assert usual_hearing() == (SEVEN_PM, TOWN_HALL)
    hearings = client.get(PAGE).content.decode().split('id="hearings"', 1)[1]
    assert "7:00 PM" in hearings and TOWN_HALL in hearings
    assert 'value="19:00"' in hearings


@pytest.mark.parametrize(("sent", "field"), [
    ({"hearing_time": "25:00", "hearing_place": TOWN_HALL}, "hearing_time"),
    ({"hearing_time": "19:00", "hearing_place": "x" * 201}, "hearing_place"),
])
def test_the_page_refuses_a_bad_entry_on_its_field_and_saves_nothing(client, town_admin,
                                                                     sent, field):
    client.force_login(town_admin)

    response = client.post(SAVE, sent)

    assert response.status_code == 400
    assert list(response.context["hearing_form"].errors) == [field]
    assert f'action="{PAGE}"' in response.content.decode()
    assert usual_hearing() == (None, "")


def test_a_clerk_is_refused_and_another_towns_admin_finds_no_page(client, clerk):
    client.force_login(clerk)
    refused = client.post(SAVE, {"hearing_time": "19:00", "hearing_place": TOWN_HALL})
    client.force_login(staff(Role.ADMIN, "tisbury"))
    missing = client.post(SAVE, {"hearing_time": "19:00", "hearing_place": TOWN_HALL})

    assert refused.status_code == 403
    assert "set the usual hearing time and place" in refused.content.decode()
    assert missing.status_code == 404
    assert usual_hearing() == (None, "")


# -- My work -------------------------------------------------------------------------------


def admin_home(client, admin) -> str:
    client.force_login(admin)
    return client.get(HOME).content.decode()


@pytest.mark.parametrize(("hearing_time", "hearing_place"), [
    (None, ""), (SEVEN_PM, ""), (None, TOWN_HALL)])
def test_my_work_asks_for_them_while_either_is_blank(client, town_admin, north_andover,
                                                     hearing_time, hearing_place):
    north_andover.hearing_time, north_andover.hearing_place = hearing_time, hearing_place
    north_andover.save()

    page = admin_home(client, town_admin)

    assert f'<a href="{PAGE}#hearings">{NOT_SET}: Town of North Andover</a>' in page


def test_the_item_goes_once_the_admin_has_set_both(client, town_admin):
    assert NOT_SET in admin_home(client, town_admin)
    client.post(SAVE, {"hearing_time": "19:00", "hearing_place": TOWN_HALL})

    page = admin_home(client, town_admin)

    assert NOT_SET not in page
    assert f"Hearings are held at 7:00 PM, {TOWN_HALL}, unless scheduled otherwise." in page
