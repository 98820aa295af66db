"""A case hearing, its continuances and an appeal's public hearing keep an hour and a place
beside their day: the scheduler gives them on the case page, on the continuance page or
through the API, or leaves them to the town's usual ones; the case page, the continuance
page and the API's answers give all three, and a continuance keeps the day, hour and place
it replaced.

Northborough's usual hearings are at 7:00 PM in the Town Hall; the clock stands on Monday,
June 7, 2027."""

from __future__ import annotations

import datetime as dt

import pytest
from django.urls import reverse
from drf_spectacular.generators import SchemaGenerator

from permits_site.audit.models import AuditEntry
from permits_site.enforcement.models import CaseHearing, HearingContinuance
from permits_site.enforcement.services import continue_case_hearing, schedule_case_hearing
from permits_site.enforcement.services.cases import schedule_appeal_hearing
from permits_site.exceptions import DomainError
from tests.clients import api_for, page_text
from tests.enforcement.conftest import MONDAY, USUAL_PLACE, USUAL_TIME
from tests.factories import AppealFactory

pytestmark = [pytest.mark.django_db,
              pytest.mark.usefixtures("on_monday", "usual_hearing_time_and_place")]

THURSDAY = dt.date(2027, 6, 17)
ON_THURSDAY = "Thursday, June 17, 2027"
LIBRARY = "Northborough Free Library, Meeting Room"


@pytest.fixture
def case(stable_permit_case):
    """The case on the stable permit this module's hearings are on."""
    return stable_permit_case


@pytest.fixture
def hearing(case, nb_inspector):
    """Set for Thursday the 17th at 6:30 PM in the library."""
    return schedule_case_hearing(case=case, notice_sent_on=MONDAY.date(), hearing_date=THURSDAY,
                                 hearing_time=dt.time(18, 30), location=LIBRARY,
                                 acting_user=nb_inspector)


def when_and_where(record) -> tuple:
    record.refresh_from_db()
    return record.hearing_date, record.hearing_time, record.location


# -- the services --------------------------------------------------------------------------


def test_a_hearing_scheduled_without_an_hour_or_place_takes_the_towns_usual_ones(
        case, nb_inspector):
    hearing = schedule_case_hearing(case=case, notice_sent_on=MONDAY.date(),
                                    hearing_date=THURSDAY, acting_user=nb_inspector)

    assert when_and_where(hearing) == (THURSDAY, USUAL_TIME, USUAL_PLACE)


def test_a_hearing_scheduled_with_an_hour_and_place_keeps_them(hearing):
    assert when_and_where(hearing) == (THURSDAY, dt.time(18, 30), LIBRARY)


def test_an_appeals_public_hearing_takes_the_hour_and_place_given_or_the_towns(case,
                                                                                nb_board):
    given, left_out = (AppealFactory(case=case, filed_on=MONDAY.date()) for _ in range(2))

    schedule_appeal_hearing(appeal=given, hearing_date=THURSDAY, hearing_time=dt.time(10, 0),
                            location=LIBRARY, acting_user=nb_board)
    schedule_appeal_hearing(appeal=left_out, hearing_date=THURSDAY, acting_user=nb_board)

    assert when_and_where(given) == (THURSDAY, dt.time(10, 0), LIBRARY)
    assert when_and_where(left_out) == (THURSDAY, USUAL_TIME, USUAL_PLACE)


def test_a_continuance_keeps_the_day_hour_and_place_it_replaced(hearing, nb_board):
    continue_case_hearing(hearing=hearing, hearing_date=dt.date(2027, 6, 21),
                          reason="The Board lacks a quorum.", acting_user=nb_board)

    assert when_and_where(hearing) == (dt.date(2027, 6, 21), USUAL_TIME, USUAL_PLACE)
    continuance = HearingContinuance.objects.get()
    assert (continuance.previous_date, continuance.previous_time,
            continuance.previous_location) == (THURSDAY, dt.time(18, 30), LIBRARY)


def test_moving_only_the_place_is_a_continuance_and_the_same_again_is_refused(hearing,
                                                                             nb_board):
    continue_case_hearing(hearing=hearing, hearing_date=THURSDAY, hearing_time=dt.time(18, 30),
                          location="Town Hall, Room 2", reason="The library is closed.",
                          acting_user=nb_board)
    assert when_and_where(hearing) == (THURSDAY, dt.time(18, 30), "Town Hall, Room 2")
    assert AuditEntry.objects.get(action="case.hearing_continued").summary == (
        f"Hearing on case #{hearing.case_id} continued from June 17, 2027, 6:30 PM, {LIBRARY} "
        "to June 17, 2027, 6:30 PM, Town Hall, Room 2")

    with pytest.raises(DomainError) as refused:
        continue_case_hearing(hearing=hearing, hearing_date=THURSDAY,
                              hearing_time=dt.time(18, 30), location="Town Hall, Room 2",
                              reason="Again.", acting_user=nb_board)
    assert refused.value.errors["hearing_date"] == [
        "The hearing is already set for that day, hour and place."]
    assert HearingContinuance.objects.count() == 1


# -- the pages -----------------------------------------------------------------------------


def case_url(case) -> str:
    return reverse("enforcement:case", args=[case.pk])


def continue_url(hearing) -> str:
    return reverse("enforcement:hearing_continue", args=[hearing.pk])


def test_the_schedule_form_starts_at_the_towns_usual_hour_and_place(client, case,
                                                                    nb_inspector):
    client.force_login(nb_inspector)

    page = page_text(client.get(case_url(case)))

    assert 'name="hearing-hearing_time" value="19:00"' in page
    assert f'name="hearing-location" value="{USUAL_PLACE}"' in page


@pytest.mark.parametrize(("hour", "place", "kept"), [
    ("18:30", LIBRARY, (dt.time(18, 30), LIBRARY)),
    ("", "", (USUAL_TIME, USUAL_PLACE)),
])
def test_the_case_page_schedules_the_hour_and_place_and_shows_them(client, case, nb_inspector,
                                                                   hour, place, kept):
    client.force_login(nb_inspector)

    response = client.post(case_url(case), {
        "action": "hearing", "hearing-notice_sent_on": "2027-06-07",
        "hearing-hearing_date": "2027-06-17", "hearing-hearing_time": hour,
        "hearing-location": place}, follow=True)

    assert response.status_code == 200
    hearing = CaseHearing.objects.get(case=case)
    assert (hearing.hearing_time, hearing.location) == kept
    shown = "6:30 PM, " + LIBRARY if hour else "7:00 PM, " + USUAL_PLACE
    assert f"Hearing on {ON_THURSDAY}, {shown}" in page_text(response)


def test_a_bad_hour_is_refused_on_its_field_and_nothing_is_scheduled(client, case,
                                                                     nb_inspector):
    client.force_login(nb_inspector)

    response = client.post(case_url(case), {
        "action": "hearing", "hearing-notice_sent_on": "2027-06-07",
        "hearing-hearing_date": "2027-06-17", "hearing-hearing_time": "25:00",
        "hearing-location": ""})

    page = page_text(response)
    assert 'href="#id_hearing-hearing_time"' in page and "Enter a time such as 22:30." in page
    assert not CaseHearing.objects.exists()


def test_the_case_page_gives_an_appeals_public_hearing(client, case, nb_inspector, nb_board):
    appeal = AppealFactory(case=case, filed_on=MONDAY.date())
    schedule_appeal_hearing(appeal=appeal, hearing_date=THURSDAY, acting_user=nb_board)
    client.force_login(nb_inspector)

    page = page_text(client.get(case_url(case)))

    assert f"Public hearing on {ON_THURSDAY}, 7:00 PM, {USUAL_PLACE}" in page


def test_the_continuance_form_starts_at_the_hearings_own_hour_and_place(client, hearing,
                                                                        nb_board):
    client.force_login(nb_board)

    page = page_text(client.get(continue_url(hearing)))

    assert f"{ON_THURSDAY}, 6:30 PM, {LIBRARY}" in page
    assert 'name="hearing_time" value="18:30"' in page
    assert f'name="location" value="{LIBRARY}"' in page


def test_the_continuance_page_lists_the_day_hour_and_place_each_continuance_replaced(
        client, hearing, nb_board):
    client.force_login(nb_board)

    response = client.post(continue_url(hearing), {
        "hearing_date": "2027-06-21", "hearing_time": "19:30", "location": "Town Hall, Room 2",
        "reason": "The library is closed."}, follow=True)

    assert "Hearing continued to Monday, June 21, 2027, 7:30 PM, Town Hall, Room 2" in (
        page_text(response))
    assert when_and_where(hearing) == (dt.date(2027, 6, 21), dt.time(19, 30),
                                       "Town Hall, Room 2")
    page = page_text(client.get(continue_url(hearing)))
    assert (f"{ON_THURSDAY}, 6:30 PM, {LIBRARY}, moved to Monday, June 21, 2027, 7:30 PM, "
            "Town Hall, Room 2") in page


# -- the API -------------------------------------------------------------------------------


def post(user, url: str, body: dict):
    return api_for(user).post(url, body, format="json")


def test_the_api_schedules_at_the_hour_and_place_given_or_the_towns(case, nb_inspector):
    url = f"/api/v1/cases/{case.pk}/hearings/"
    day = {"notice_sent_on": "2027-06-07", "hearing_date": "2027-06-17"}

    given = post(nb_inspector, url, {**day, "hearing_time": "18:30", "location": LIBRARY})
    left_out = post(nb_inspector, url, day)

    assert given.status_code == left_out.status_code == 201, given.json()
    shown = [(hearing["hearing_date"], hearing["hearing_time"], hearing["location"])
             for hearing in left_out.json()["hearings"]]
    assert sorted(shown) == [("2027-06-17", "18:30", LIBRARY),
                             ("2027-06-17", "19:00", USUAL_PLACE)]


@pytest.mark.parametrize(("body", "field"), [
    ({"hearing_time": "25:00"}, "hearing_time"),
    ({"location": "x" * 201}, "location"),
])
def test_the_api_refuses_a_bad_hour_or_a_place_too_long_by_name(case, hearing, nb_inspector,
                                                                nb_board, body, field):
    scheduled = post(nb_inspector, f"/api/v1/cases/{case.pk}/hearings/",
                     {"notice_sent_on": "2027-06-07", "hearing_date": "2027-06-17", **body})
    continued = post(nb_board, f"/api/v1/cases/{case.pk}/hearing-continuances/",
                     {"hearing": hearing.pk, "hearing_date": "2027-06-21", "reason": "Moved",
                      **body})

    assert scheduled.status_code == continued.status_code == 400
    assert list(scheduled.json()) == list(continued.json()) == [field]
    assert CaseHearing.objects.count() == 1
    assert not HearingContinuance.objects.exists()


def test_the_api_continues_to_a_new_place_and_lists_those_replaced(case, hearing, nb_board):
    response = post(nb_board, f"/api/v1/cases/{case.pk}/hearing-continuances/", {
        "hearing": hearing.pk, "hearing_date": "2027-06-21", "location": "Town Hall, Room 2",
        "reason": "The library is closed."})

    assert response.status_code == 200, response.json()
    [shown] = response.json()["hearings"]
    assert (shown["hearing_date"], shown["hearing_time"], shown["location"]) == (
        "2027-06-21", "19:00", "Town Hall, Room 2")
    [moved] = shown["continuances"]
    assert {name: moved[name] for name in (
        "previous_date", "previous_time", "previous_location", "hearing_date", "hearing_time",
        "location")} == {
        "previous_date": "2027-06-17", "previous_time": "18:30", "previous_location": LIBRARY,
        "hearing_date": "2027-06-21", "hearing_time": "19:00", "location": "Town Hall, Room 2"}


def test_the_api_gives_an_appeals_public_hearing(case, nb_inspector, nb_board):
    appeal = AppealFactory(case=case, filed_on=MONDAY.date())
    schedule_appeal_hearing(appeal=appeal, hearing_date=THURSDAY, location=LIBRARY,
                            acting_user=nb_board)

    [shown] = api_for(nb_inspector).get(f"/api/v1/cases/{case.pk}/").json()["appeals"]

    assert (shown["hearing_date"], shown["hearing_time"], shown["location"]) == (
        "2027-06-17", "19:00", LIBRARY)


def test_the_schema_documents_the_hour_and_place_asked_and_answered():
    schemas = SchemaGenerator().get_schema(request=None, public=True)["components"]["schemas"]

    for asked in ("HearingCreateRequest", "HearingContinuanceRequest"):
        assert {"hearing_time", "location"} <= set(schemas[asked]["properties"])
        assert {"hearing_time", "location"}.isdisjoint(schemas[asked].get("required", []))
    for answered, names in (("CaseHearing", {"hearing_time", "location"}),
                            ("Appeal", {"hearing_date", "hearing_time", "location"}),
                            ("HearingContinuanceOut", {"previous_time", "previous_location",
                                                       "hearing_time", "location"})):
        assert names <= set(schemas[answered]["properties"]), answered
