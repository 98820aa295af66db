"""An application's public hearing has an hour and a place beside its day (Northborough §2.2:
abutters notified by certified mail; Tisbury 09.0.8(13)): left out, the town's usual ones;
given, kept. The review screen, the abutters' notice letters and the Board's and the Clerk's
My work give all three."""

import datetime as dt
import io
import re

import pytest
import time_machine
from django.urls import reverse
from pypdf import PdfReader

from permits_site.audit.models import AuditEntry
from permits_site.exceptions import DomainError
from permits_site.homes.applications import undecided_hearings
from permits_site.licensing.services.hearings import render_notice_letters, schedule_hearing
from permits_site.towns.calendar import town_calendar
from tests.factories import Role, municipality, staff
from tests.licensing.test_hearings import (  # noqa: F401 -- stable_kind, a fixture
    ABUTTERS,
    review_url,
    stable_kind,
    submitted_application,
)
from tests.page_forms import post_action

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("stable_kind")]
HEARING_DAY = dt.date(2030, 6, 17)
USUAL_PLACE = "Town Hall, 63 Main Street, Room 2"
SENIOR_CENTER = "Senior Center, 119 Main Street"


@pytest.fixture(autouse=True)
def _monday_june_3_2030():
    with time_machine.travel(dt.datetime(2030, 6, 3, 10, 0), tick=False):
        yield


@pytest.fixture
def clerk(db):
    return staff(Role.CLERK, "northborough")


@pytest.fixture
def usual_hour_and_place(db):
    """Northborough's hearings are held at 7:00 PM in Town Hall's Room 2 unless one says
    otherwise."""
    town = municipality("northborough")
    town.hearing_time, town.hearing_place = dt.time(19, 0), USUAL_PLACE
    town.save(update_fields=["hearing_time", "hearing_place"])
    return town


def schedule(application, clerk, **time_and_place):
    return schedule_hearing(application=application, hearing_date=HEARING_DAY,
                            notices_mailed_on=dt.date(2030, 6, 3), abutters=ABUTTERS,
                            acting_user=clerk, **time_and_place)


def letter_text(hearing) -> str:
    first = PdfReader(io.BytesIO(render_notice_letters(hearing))).pages[0]
    return " ".join(first.extract_text().split())


# -- The service -------------------------------------------------------------------------


def test_left_out_the_hearing_takes_the_towns_usual_hour_and_place(clerk, usual_hour_and_place):
    hearing = schedule(submitted_application(), clerk)

    hearing.refresh_from_db()
    assert (hearing.hearing_time, hearing.location) == (dt.time(19, 0), USUAL_PLACE)
    entry = AuditEntry.objects.get(action="hearing.scheduled", object_id=hearing.pk)
    assert (entry.after["hearing_time"], entry.after["location"]) == ("19:00", USUAL_PLACE)


def test_given_the_hearings_own_hour_and_place_are_kept(clerk, usual_hour_and_place):
    hearing = schedule(submitted_application(), clerk, hearing_time=dt.time(18, 30),
                       location=f"  {SENIOR_CENTER} ")

    hearing.refresh_from_db()
    assert (hearing.hearing_time, hearing.location) == (dt.time(18, 30), SENIOR_CENTER)


def test_an_hour_alone_is_kept_and_the_place_is_the_towns(clerk, usual_hour_and_place):
    hearing = schedule(submitted_application(), clerk, hearing_time=dt.time(18, 30))

    assert (hearing.hearing_time, hearing.location) == (dt.time(18, 30), USUAL_PLACE)


@pytest.mark.parametrize(("location", "refusal"), [
    ("", "Say where the hearing will be held: the town has no usual hearing place."),
    ("x" * 201, "Keep the place under 200 characters."),
])
def test_a_hearing_with_no_place_or_too_long_a_one_is_refused_naming_location(
        clerk, location, refusal):
    application = submitted_application()

    with pytest.raises(DomainError) as refused:
        schedule(application, clerk, hearing_time=dt.time(19, 0), location=location)

    assert refused.value.errors == {"location": [refusal]}
    assert not application.hearings.exists()


def test_with_no_usual_hour_a_hearing_given_none_has_none(clerk):
    hearing = schedule(submitted_application(), clerk, location=SENIOR_CENTER)

    assert (hearing.hearing_time, hearing.location) == (None, SENIOR_CENTER)


# -- The review screen -------------------------------------------------------------------


def test_the_schedule_form_is_prefilled_with_the_towns_usual_hour_and_place(
        client, clerk, usual_hour_and_place):
    application = submitted_application()
    client.force_login(clerk)

    page = client.get(review_url(application)).content.decode()

    assert re.search(r'<label[^>]*for="id_hearing-hearing_time"[^>]*>\s*Hearing time', page)
    assert re.search(r'<label[^>]*for="id_hearing-location"[^>]*>\s*Hearing place', page)
    assert "Time and place" not in page
    assert re.search(r'name="hearing-hearing_time"[^>]*value="19:00"', page)
    assert re.search(rf'name="hearing-location"[^>]*value="{USUAL_PLACE}"', page)


@pytest.mark.parametrize(("posted", "shown"), [
    ({"hearing-hearing_time": "18:30", "hearing-location": SENIOR_CENTER},
     f"Hearing on Monday, June 17, 2030, 6:30 PM, {SENIOR_CENTER}"),
    ({"hearing-hearing_time": "", "hearing-location": ""},
     f"Hearing on Monday, June 17, 2030, 7:00 PM, {USUAL_PLACE}"),
])
def test_the_clerk_schedules_the_hour_and_place_and_the_screen_shows_them(
        client, clerk, usual_hour_and_place, posted, shown):
    application = submitted_application()
    client.force_login(clerk)

    response = post_action(client, review_url(application), "hearing_schedule", data={
        "hearing-hearing_date": "2030-06-17", "hearing-abutters": "Ann Abbot | 3 Green Lane",
        **posted})
    page = client.get(review_url(application)).content.decode()

    assert response.status_code == 302
    assert shown in page


def test_the_screen_refuses_a_hearing_with_no_place_on_its_field(client, clerk):
    application = submitted_application()
    client.force_login(clerk)

    response = post_action(client, review_url(application), "hearing_schedule", data={
        "hearing-hearing_date": "2030-06-17", "hearing-hearing_time": "19:00",
        "hearing-location": " ", "hearing-abutters": "Ann Abbot | 3 Green Lane"})

    assert response.status_code == 400
    assert 'href="#id_hearing-location"' in response.content.decode()
    assert not application.hearings.exists()


# -- The abutters' notice letters --------------------------------------------------------


def test_the_notice_gives_the_date_the_time_and_the_place_each_on_its_row(clerk):
    hearing = schedule(submitted_application(), clerk, hearing_time=dt.time(19, 0),
                       location=SENIOR_CENTER)

    text = letter_text(hearing)

    assert (f"Hearing date Monday, June 17, 2030 Time 7:00 PM Place {SENIOR_CENTER} "
            "Relief sought") in text


def test_the_notice_of_a_hearing_with_no_hour_has_no_empty_time_row(clerk):
    hearing = schedule(submitted_application(), clerk, location=SENIOR_CENTER)

    text = letter_text(hearing)

    assert f"Hearing date Monday, June 17, 2030 Place {SENIOR_CENTER} Relief sought" in text
    assert "Time" not in text


# -- My work -----------------------------------------------------------------------------


def test_my_work_gives_each_undecided_hearings_day_hour_and_place(
        client, clerk, usual_hour_and_place):
    schedule(submitted_application(), clerk)
    client.force_login(staff(Role.BOARD_MEMBER, "northborough"))

    work = undecided_hearings(town_calendar("northborough"), title="Hearings", empty="None")
    home = client.get(reverse("staff_home")).content.decode()

    [item] = work.items
    day_hour_and_place = f"Monday, June 17, 2030, 7:00 PM, {USUAL_PLACE}"
    assert item.detail == day_hour_and_place
    assert day_hour_and_place in home
