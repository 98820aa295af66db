"""An appeal's public hearing is set on the generic case page and through the API by those
who decide the case's appeals; a hearing is never set on a day that has passed; and a case
type names who decides its hearings and appeals: North Andover's, the hearing authority
alone (ch. 60, Hearing authority A–C), elsewhere the hearing authority or the Board.

Northborough's usual hearings are at 7:00 PM in the Town Hall; the clock stands on Monday,
June 7, 2027."""

from __future__ import annotations

import datetime as dt

import pytest
import time_machine
from django.urls import reverse

from permits_site.enforcement.forms import ContinueHearingForm
from permits_site.enforcement.models import Appeal
from permits_site.enforcement.services import (
    continue_case_hearing,
    decide_appeal,
    open_case,
    schedule_case_hearing,
)
from permits_site.enforcement.services.cases import schedule_appeal_hearing
from permits_site.exceptions import DomainError, PermissionDenied
from tests.clients import api_for, page_text
from tests.enforcement.conftest import MONDAY, USUAL_PLACE, stable_case
from tests.factories import AppealFactory, Role, municipality, staff

pytestmark = [pytest.mark.django_db,
              pytest.mark.usefixtures("on_monday", "usual_hearing_time_and_place")]

THURSDAY = dt.date(2027, 6, 17)
LAST_FRIDAY = dt.date(2027, 6, 4)
LIBRARY = "Northborough Free Library, Meeting Room"
PASSED = ["That day has passed: choose today or a later day."]


@pytest.fixture
def case(stable_permit_case):
    """The case on the stable permit this module's hearings are on."""
    return stable_permit_case


@pytest.fixture
def appeal(case):
    return AppealFactory(case=case, filed_on=MONDAY.date())


def case_url(case) -> str:
    return reverse("enforcement:case", args=[case.pk])


def offered(client, case) -> set[str]:
    page = client.get(case_url(case)).content.decode()
    return {step for step in ("hearing_decision", "appeal_hearing", "appeal_decision")
            if f'id="{step}-section"' in page}


def appeal_hearing_url(case) -> str:
    return f"/api/v1/cases/{case.pk}/appeal-hearings/"


# -- the case page -------------------------------------------------------------------------


def test_the_case_page_offers_the_appeals_hearing_to_those_who_decide_it(client, appeal,
                                                                         nb_board):
    client.force_login(nb_board)

    page = page_text(client.get(case_url(appeal.case)))

    assert 'id="appeal_hearing-section"' in page
    assert 'name="appeal_hearing-hearing_time" value="19:00"' in page
    assert f'name="appeal_hearing-location" value="{USUAL_PLACE}"' in page


@pytest.mark.parametrize("role", [Role.INSPECTOR, Role.CLERK])
def test_the_appeals_hearing_is_not_offered_to_case_workers(client, appeal, role):
    client.force_login(staff(role, "northborough"))

    assert "appeal_hearing" not in offered(client, appeal.case)


def test_the_case_page_sets_the_appeals_hearing_and_shows_it(client, appeal, nb_board):
    client.force_login(nb_board)

    response = client.post(case_url(appeal.case), {
        "action": "appeal_hearing", "appeal_hearing-appeal": appeal.pk,
        "appeal_hearing-hearing_date": "2027-06-17", "appeal_hearing-hearing_time": "18:30",
        "appeal_hearing-location": LIBRARY}, follow=True)

    appeal.refresh_from_db()
    assert (appeal.hearing_date, appeal.hearing_time, appeal.location) == (
        THURSDAY, dt.time(18, 30), LIBRARY)
    assert (f"Public hearing on Thursday, June 17, 2027, 6:30 PM, {LIBRARY}"
            in page_text(response))


def test_an_appeals_hearing_on_a_past_day_is_refused_on_its_field(client, appeal, nb_board):
    client.force_login(nb_board)

    response = client.post(case_url(appeal.case), {
        "action": "appeal_hearing", "appeal_hearing-appeal": appeal.pk,
        "appeal_hearing-hearing_date": "2027-06-04"})

    page = page_text(response)
    assert 'href="#id_appeal_hearing-hearing_date"' in page and PASSED[0] in page
    appeal.refresh_from_db()
    assert appeal.hearing_date is None


def test_a_dog_cases_own_page_keeps_its_appeals_off_the_generic_page(client, officer,
                                                                     authority):
    dog_case = open_case(municipality=municipality("north_andover"),
                         case_type="north_andover.dangerous_dog", party=None,
                         party_name="Jane Smith", address="9 Elm St",
                         complaint="The dog bit a jogger.", received_on=MONDAY.date(),
                         acting_user=officer)
    appeal = AppealFactory(case=dog_case, filed_on=MONDAY.date())
    client.force_login(authority)

    assert offered(client, dog_case) == set()
    refused = api_for(authority).post(appeal_hearing_url(dog_case), {
        "appeal": appeal.pk, "hearing_date": "2027-06-17"}, format="json")
    assert refused.status_code == 400, refused.json()
    appeal.refresh_from_db()
    assert appeal.hearing_date is None


# -- the API -------------------------------------------------------------------------------


def test_the_api_sets_the_appeals_hearing_at_the_towns_usual_hour_and_place(appeal,
                                                                            nb_board):
    response = api_for(nb_board).post(appeal_hearing_url(appeal.case), {
        "appeal": appeal.pk, "hearing_date": "2027-06-17"}, format="json")

    assert response.status_code == 200, response.json()
    [shown] = response.json()["appeals"]
    assert (shown["hearing_date"], shown["hearing_time"], shown["location"]) == (
        "2027-06-17", "19:00", USUAL_PLACE)


def test_the_api_refuses_a_case_worker_naming_who_schedules(appeal, nb_inspector):
    response = api_for(nb_inspector).post(appeal_hearing_url(appeal.case), {
        "appeal": appeal.pk, "hearing_date": "2027-06-17"}, format="json")

    assert response.status_code == 403
    assert ("Only the town's Hearing authority or Board of Health member may schedule an "
            "appeal's hearing.") in str(response.json())


def test_the_api_refuses_a_past_day_and_an_appeal_of_another_case(appeal, nb_board,
                                                                  stable_permit, nb_inspector):
    other = AppealFactory(case=stable_case(stable_permit, nb_inspector,
                                           received_on=MONDAY.date()))
    api = api_for(nb_board)

    past = api.post(appeal_hearing_url(appeal.case), {
        "appeal": appeal.pk, "hearing_date": "2027-06-04"}, format="json")
    elsewhere = api.post(appeal_hearing_url(appeal.case), {
        "appeal": other.pk, "hearing_date": "2027-06-17"}, format="json")

    assert past.status_code == elsewhere.status_code == 400
    assert past.json() == {"hearing_date": PASSED}
    assert list(elsewhere.json()) == ["appeal"]
    assert not Appeal.objects.filter(hearing_date__isnull=False).exists()


# -- a hearing is set on a coming day -------------------------------------------------------


def test_a_case_hearing_on_a_past_day_says_the_day_has_passed(case, nb_inspector):
    with pytest.raises(DomainError) as refused:
        schedule_case_hearing(case=case, notice_sent_on=MONDAY.date(), hearing_date=LAST_FRIDAY,
                              acting_user=nb_inspector)

    assert refused.value.errors == {"hearing_date": PASSED}


def test_an_appeals_hearing_on_a_past_day_says_the_day_has_passed(appeal, nb_board):
    with pytest.raises(DomainError) as refused:
        schedule_appeal_hearing(appeal=appeal, hearing_date=LAST_FRIDAY, acting_user=nb_board)

    assert refused.value.errors == {"hearing_date": PASSED}


def test_the_continue_form_starts_at_the_hearings_own_day(case, nb_inspector):
    hearing = schedule_case_hearing(case=case, notice_sent_on=MONDAY.date(),
                                    hearing_date=THURSDAY, acting_user=nb_inspector)

    form = ContinueHearingForm(hearing=hearing)

    assert form["hearing_date"].value() == THURSDAY


# -- who decides, by the case type ---------------------------------------------------------


@pytest.fixture
def at_large(officer):
    """A North Andover "Dog at large" case, taken on the generic page, with a hearing and
    an appeal."""
    dog_case = open_case(municipality=municipality("north_andover"),
                         case_type="north_andover.dog_control", party=None,
                         party_name="Jane Smith", address="9 Elm St",
                         complaint="Dog seen loose.", received_on=MONDAY.date(),
                         acting_user=officer)
    schedule_case_hearing(case=dog_case, notice_sent_on=MONDAY.date(), hearing_date=THURSDAY,
                          acting_user=officer)
    AppealFactory(case=dog_case, filed_on=MONDAY.date())
    return dog_case


@pytest.fixture
def board_member(db):
    return staff(Role.BOARD_MEMBER, "north_andover")


def test_north_andovers_hearings_and_appeals_are_offered_to_its_hearing_authority_only(
        client, at_large, authority, board_member):
    """On the hearing's day, when it is decided (before it, only its appeal's steps)."""
    client.force_login(board_member)
    with time_machine.travel(dt.datetime.combine(THURSDAY, dt.time(10, 0)), tick=False):
        by_the_board = offered(client, at_large)
        client.force_login(authority)
        by_the_authority = offered(client, at_large)

    assert by_the_board == set()
    assert by_the_authority == {"hearing_decision", "appeal_hearing", "appeal_decision"}


@pytest.mark.parametrize(("path", "body"), [
    ("appeal-decisions", {"decision": "Upheld.", "decided_on": "2027-06-07"}),
    ("appeal-hearings", {"hearing_date": "2027-06-17"}),
])
def test_north_andovers_api_refuses_a_board_member_naming_the_hearing_authority(
        at_large, board_member, path, body):
    appeal = at_large.appeals.get()

    response = api_for(board_member).post(f"/api/v1/cases/{at_large.pk}/{path}/",
                                          {"appeal": appeal.pk, **body}, format="json")

    assert response.status_code == 403
    assert "Only the town's Hearing authority may" in str(response.json())


def test_north_andovers_services_refuse_a_board_member(at_large, board_member):
    hearing, appeal = at_large.hearings.get(), at_large.appeals.get()

    with pytest.raises(PermissionDenied, match="Only the town's Hearing authority may"):
        decide_appeal(appeal=appeal, decision="Upheld.", decided_on=MONDAY.date(),
                      acting_user=board_member)
    with pytest.raises(PermissionDenied, match="Only the town's Hearing authority may"):
        continue_case_hearing(hearing=hearing, hearing_date=dt.date(2027, 6, 21),
                              reason="No quorum.", acting_user=board_member)


def test_elsewhere_the_board_still_decides(client, appeal):
    board = staff(Role.BOARD_MEMBER, "northborough")
    client.force_login(board)

    assert offered(client, appeal.case) == {"appeal_hearing", "appeal_decision"}


def test_north_andovers_hearings_are_not_on_a_board_members_home_nor_continued_by_one(
        client, at_large, board_member, authority):
    hearing = at_large.hearings.get()
    row = f"Case #{at_large.pk} (Jane Smith, 9 Elm St)"
    client.force_login(board_member)

    assert row not in client.get(reverse("staff_home")).content.decode()
    assert client.get(reverse("enforcement:hearing_continue",
                              args=[hearing.pk])).status_code == 403

    client.force_login(authority)
    assert row in client.get(reverse("staff_home")).content.decode()
