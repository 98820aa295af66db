"""Moving a hearing or an inspection from a row of the staff home: the hearing authority
continues a case hearing, the inspector reschedules an inspection of the agenda; the form
says why a day is refused on its field and changes nothing; the API takes the same steps.
Wednesday, June 10, 2026 (``tests/homes/conftest.py``); North Andover's offices keep a
Monday-to-Thursday week, so Friday the 12th is refused there."""

import datetime as dt

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from permits_site.audit.models import AuditEntry
from permits_site.enforcement.models import CaseHearing, HearingContinuance, Inspection
from permits_site.enforcement.services import schedule_requested_inspection
from permits_site.homes import hearings, inspector
from permits_site.licensing.models import ApplicationStatus
from permits_site.towns.calendar import town_calendar
from tests.factories import (
    ApplicationFactory,
    CaseHearingFactory,
    ClosureFactory,
    InspectionFactory,
    Role,
    UserFactory,
    municipality,
    permit_type,
    staff,
)
from tests.homes.conftest import TODAY, days

pytestmark = pytest.mark.django_db
HOME = reverse("staff_home")
FRIDAY = days(2)


@pytest.fixture
def chief():
    return staff(Role.HEARING_AUTHORITY, "north_andover")


@pytest.fixture
def hearing():
    return CaseHearingFactory(hearing_date=days(1), hearing_time=dt.time(19, 0),
                              location="Town Hall, Room 2", case__party_name="Ann Owner")


@pytest.fixture
def nb_inspector():
    return staff(Role.INSPECTOR, "northborough")


@pytest.fixture
def visit(nb_inspector):
    return InspectionFactory(inspector=nb_inspector, scheduled_for=TODAY)


def continue_url(hearing) -> str:
    return reverse("enforcement:hearing_continue", args=[hearing.pk])


def reschedule_url(inspection) -> str:
    return reverse("enforcement:inspection_reschedule", args=[inspection.pk])


# -- the hearing authority ----------------------------------------------------------------


def test_the_hearing_row_offers_to_continue_it_and_comes_back_home(client, chief, hearing):
    client.force_login(chief)

    page = client.get(HOME).content.decode()

    assert f'href="{continue_url(hearing)}?next=%2Fstaff%2F"' in page
    assert "Hearing on Thursday, June 11, 2026, 7:00 PM, Town Hall, Room 2" in page
    form = client.get(f"{continue_url(hearing)}?next=/staff/")
    assert form.status_code == 200
    assert "Thursday, June 11, 2026, 7:00 PM, Town Hall, Room 2" in form.content.decode()


def test_continuing_from_the_form_records_the_date_and_returns_home(client, chief, hearing):
    client.force_login(chief)

    response = client.post(continue_url(hearing), {
        "hearing_date": "2026-06-15", "reason": "The owner is in hospital.", "next": HOME})

    assert response.status_code == 302 and response.url == HOME
    hearing.refresh_from_db()
    assert (hearing.hearing_date, hearing.notice_sent_on) == (dt.date(2026, 6, 15), TODAY)
    assert HearingContinuance.objects.get().previous_date == days(1)
    assert AuditEntry.objects.filter(action="case.hearing_continued").count() == 1


@pytest.mark.parametrize(("body", "field", "words"), [
    ({"hearing_date": str(FRIDAY), "reason": "Moved"}, "hearing_date", "not office days"),
    ({"hearing_date": str(days(-1)), "reason": "Moved"}, "hearing_date", "has passed"),
    ({"hearing_date": "2026-06-15", "reason": ""}, "reason", "Say why"),
    ({"hearing_date": "not a date", "reason": "Moved"}, "hearing_date", "real date"),
])
def test_a_refused_day_is_a_400_on_its_field_and_changes_nothing(client, chief, hearing,
                                                                 body, field, words):
    client.force_login(chief)

    response = client.post(continue_url(hearing), body)

    assert response.status_code == 400
    assert words in response.content.decode()
    assert f'id="id_{field}"' in response.content.decode()
    hearing.refresh_from_db()
    assert hearing.hearing_date == days(1)
    assert not HearingContinuance.objects.exists()


def test_a_clerk_is_refused_with_the_role_that_may(client, hearing):
    client.force_login(staff(Role.CLERK, "north_andover"))

    response = client.post(continue_url(hearing), {"hearing_date": "2026-06-15",
                                                   "reason": "Moved"})

    assert response.status_code == 403
    assert "Hearing authority" in response.content.decode()
    assert CaseHearing.objects.get().hearing_date == days(1)


def test_another_towns_hearing_is_not_found(client, hearing):
    client.force_login(staff(Role.HEARING_AUTHORITY, "tisbury"))
    assert client.get(continue_url(hearing)).status_code == 404


def test_the_case_page_links_the_form_for_an_undecided_hearing(client, chief, hearing):
    client.force_login(chief)
    page = client.get(reverse("enforcement:case", args=[hearing.case_id])).content.decode()
    assert continue_url(hearing) in page


def test_the_api_continues_a_hearing_and_lists_the_dates_it_replaced(chief, hearing):
    api = APIClient()
    api.force_authenticate(chief)
    url = f"/api/v1/cases/{hearing.case_id}/hearing-continuances/"

    refused = api.post(url, {"hearing": hearing.pk, "hearing_date": str(FRIDAY),
                             "reason": "Moved"}, format="json")
    done = api.post(url, {"hearing": hearing.pk, "hearing_date": "2026-06-15",
                          "reason": "Moved"}, format="json")

    assert refused.status_code == 400 and "hearing_date" in refused.json()
    assert done.status_code == 200, done.json()
    [shown] = done.json()["hearings"]
    assert shown["hearing_date"] == "2026-06-15"
    assert [moved["previous_date"] for moved in shown["continuances"]] == ["2026-06-11"]


def test_the_api_refuses_a_clerk_and_a_hearing_of_another_case(hearing):
    clerk = staff(Role.CLERK, "north_andover")
    api = APIClient()
    api.force_authenticate(clerk)
    other = CaseHearingFactory()
    url = f"/api/v1/cases/{hearing.case_id}/hearing-continuances/"

    assert api.post(url, {"hearing": hearing.pk, "hearing_date": "2026-06-15",
                          "reason": "Moved"}, format="json").status_code == 403
    wrong = api.post(url, {"hearing": other.pk, "hearing_date": "2026-06-15",
                           "reason": "Moved"}, format="json")
    assert wrong.status_code in (400, 403)
    assert not HearingContinuance.objects.exists()


# -- the inspector ------------------------------------------------------------------------


def test_the_agenda_row_offers_to_reschedule_and_comes_back_home(client, nb_inspector, visit):
    client.force_login(nb_inspector)

    page = client.get(HOME).content.decode()
    assert f'href="{reschedule_url(visit)}?next=%2Fstaff%2F"' in page

    response = client.post(reschedule_url(visit), {"scheduled_for": "2026-06-12",
                                                    "reason": "Rain", "next": HOME})

    assert response.status_code == 302 and response.url == HOME
    visit.refresh_from_db()
    assert visit.scheduled_for == FRIDAY
    entry = AuditEntry.objects.get(action="inspection.rescheduled")
    assert (entry.before, entry.after["scheduled_for"]) == (
        {"scheduled_for": "2026-06-10"}, "2026-06-12")


def test_a_closure_day_is_refused_on_the_field(client, nb_inspector, visit):
    ClosureFactory(municipality=municipality("northborough"), date=FRIDAY,
                   reason="Town meeting")
    client.force_login(nb_inspector)

    response = client.post(reschedule_url(visit), {"scheduled_for": str(FRIDAY)})

    assert response.status_code == 400
    assert "Town meeting" in response.content.decode()
    assert Inspection.objects.get().scheduled_for == TODAY


def test_the_holder_hears_of_the_new_day(nb_inspector, visit, client,
                                         django_capture_on_commit_callbacks):
    from permits_site.enforcement.services import reschedule_inspection
    from tests.factories import PermitFactory
    permit = PermitFactory()
    Inspection.objects.filter(pk=visit.pk).update(permit=permit)
    visit.refresh_from_db()

    with django_capture_on_commit_callbacks(execute=True):
        reschedule_inspection(inspection=visit, scheduled_for=FRIDAY, reason="Rain",
                              acting_user=nb_inspector)

    message = permit.holder.messages.get()
    assert "Friday, June 12, 2026" in message.text and "Rain" in message.text


def test_a_board_member_may_not_reschedule(client, visit):
    client.force_login(staff(Role.BOARD_MEMBER, "northborough"))
    response = client.post(reschedule_url(visit), {"scheduled_for": str(FRIDAY)})
    assert response.status_code == 403
    assert Inspection.objects.get().scheduled_for == TODAY


def test_the_api_reschedules_an_inspection(nb_inspector, visit):
    api = APIClient()
    api.force_authenticate(nb_inspector)
    url = f"/api/v1/inspections/{visit.pk}/reschedule/"

    past = api.post(url, {"scheduled_for": str(days(-1))}, format="json")
    done = api.post(url, {"scheduled_for": str(FRIDAY)}, format="json")

    assert past.status_code == 400 and "scheduled_for" in past.json()
    assert done.status_code == 200 and done.json()["scheduled_for"] == str(FRIDAY)


# -- fixed queries --------------------------------------------------------------------------


@pytest.mark.parametrize("rows", [2, 10])
def test_the_hearing_lists_run_a_fixed_number_of_queries(rows, django_assert_num_queries):
    for index in range(rows):
        CaseHearingFactory(hearing_date=days(index % 3 - 1))
    town = town_calendar("north_andover")
    with django_assert_num_queries(2):
        lists = hearings.hearing_lists(town, today=TODAY)
    assert sum(len(work.items) for work in lists) == rows


@pytest.mark.parametrize("rows", [2, 10])
def test_the_agenda_runs_a_fixed_number_of_queries(rows, nb_inspector,
                                                   django_assert_num_queries):
    for index in range(rows):
        InspectionFactory(inspector=nb_inspector, scheduled_for=days(index % 5 - 1))
    town = town_calendar("northborough")
    with django_assert_num_queries(3):
        lists = inspector.agenda(town, user=nb_inspector, today=TODAY)
    assert sum(len(work.items) for work in lists) == rows


# -- an inspection an application waits for --------------------------------------------------

KENNEL = "north_andover.kennel_license"


@pytest.fixture
def na_inspector():
    return staff(Role.INSPECTOR, "north_andover", first_name="Ina", last_name="Spector")


@pytest.fixture
def kennel_application():
    return ApplicationFactory(permit_type=permit_type(KENNEL), status=ApplicationStatus.SUBMITTED,
                              submitted_on=days(-3), applicant__first_name="Kim",
                              applicant__last_name="Kennel")


def test_an_application_held_for_an_inspection_waits_until_one_is_scheduled(
        na_inspector, kennel_application):
    ApplicationFactory(status=ApplicationStatus.SUBMITTED)  # a dog license needs none
    town = town_calendar("north_andover")

    [waiting] = [work for work in inspector.inspector_work(town, user=na_inspector,
                                                           today=TODAY)
                 if work.title == "Inspections to schedule"]
    assert [item.record for item in waiting.items] == [
        f"Kennel License application #{kennel_application.pk} (Kim Kennel)"]

    schedule_requested_inspection(application=kennel_application, scheduled_for=days(1),
                                  acting_user=na_inspector)
    assert not inspector.to_schedule(town, user=na_inspector).items


def test_the_inspector_schedules_it_from_the_row_and_the_applicant_is_told(
        client, na_inspector, kennel_application, django_capture_on_commit_callbacks):
    client.force_login(na_inspector)
    url = reverse("enforcement:application_inspection", args=[kennel_application.pk])
    assert f'href="{url}?next=%2Fstaff%2F"' in client.get(HOME).content.decode()

    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(url, {"scheduled_for": str(days(1)), "next": HOME})

    assert response.status_code == 302 and response.url == HOME
    visit = Inspection.objects.get(application=kennel_application)
    assert (visit.inspector, visit.scheduled_for, visit.check_code) == (
        na_inspector, days(1), "north_andover.kennel_inspection")
    message = kennel_application.applicant.messages.get()
    assert "Thursday, June 11, 2026" in message.text


def test_scheduling_it_on_a_closed_day_or_twice_is_refused(client, na_inspector,
                                                          kennel_application):
    client.force_login(na_inspector)
    url = reverse("enforcement:application_inspection", args=[kennel_application.pk])

    friday = client.post(url, {"scheduled_for": str(FRIDAY)})
    assert friday.status_code == 400 and "Fridays are not office days" in friday.content.decode()
    assert not Inspection.objects.exists()

    schedule_requested_inspection(application=kennel_application, scheduled_for=days(1),
                                  acting_user=na_inspector)
    twice = client.post(url, {"scheduled_for": str(days(6))})
    assert twice.status_code == 400 and "waits for no inspection" in twice.content.decode()
    assert Inspection.objects.count() == 1


def test_a_clerk_does_not_take_an_inspection(client, kennel_application):
    client.force_login(staff(Role.CLERK, "north_andover"))
    url = reverse("enforcement:application_inspection", args=[kennel_application.pk])
    assert client.post(url, {"scheduled_for": str(days(1))}).status_code == 403
    assert not Inspection.objects.exists()


def test_an_inspectors_own_application_is_left_to_another_inspector(na_inspector):
    """An inspector who applied for a kennel license schedules none of its inspection:
    it waits on another inspector's list."""
    mine = ApplicationFactory(permit_type=permit_type(KENNEL), applicant=na_inspector,
                              status=ApplicationStatus.SUBMITTED)
    town = town_calendar("north_andover")
    colleague = staff(Role.ANIMAL_CONTROL_OFFICER, "north_andover")

    assert not inspector.to_schedule(town, user=na_inspector).items
    assert [item.record for item in inspector.to_schedule(town, user=colleague).items] == [
        f"Kennel License application #{mine.pk} ({na_inspector.display_name})"]


@pytest.mark.parametrize("rows", [2, 10])
def test_the_list_to_schedule_runs_one_query(rows, django_assert_num_queries):
    for _ in range(rows):
        ApplicationFactory(permit_type=permit_type(KENNEL), status=ApplicationStatus.SUBMITTED)
    town = town_calendar("north_andover")
    someone = UserFactory()
    with django_assert_num_queries(1):
        assert len(inspector.to_schedule(town, user=someone).items) == rows
