"""An appeal's public hearing is continued as a case hearing is: the day, hour and place it
replaced stay in its history (with the reason, who and when), the audit entry keeps both,
the party is told the hearing moved (by email, or a letter to post when they have no email
address), the case page lists its history and the API its ``continuances``. Setting it again
is not a way round: an appeal whose hearing has a day is moved by a continuance, which says
why. The continuance form starts at the appeal's own day, hour and place.

Northborough's usual hearings are at 7:00 PM in the Town Hall; North Andover's appeals are
heard by its hearing authority alone (ch. 60, Hearing authority A–C). The clock stands on
Monday, June 7, 2027."""

from __future__ import annotations

import datetime as dt

import pytest
from django.db import IntegrityError, transaction
from django.urls import reverse
from drf_spectacular.generators import SchemaGenerator

from permits_site.audit.models import AuditEntry
from permits_site.enforcement.models import Appeal, HearingContinuance
from permits_site.enforcement.services import continue_appeal_hearing, open_case
from permits_site.enforcement.services.cases import schedule_appeal_hearing
from permits_site.exceptions import DomainError, InvalidTransition, PermissionDenied
from permits_site.notifications.models import Message, MessageKind
from tests.clients import api_for, page_text
from tests.enforcement.conftest import MONDAY, USUAL_PLACE
from tests.factories import (
    AppealFactory,
    CaseHearingFactory,
    ClosureFactory,
    Role,
    UserFactory,
    municipality,
    staff,
)

pytestmark = [pytest.mark.django_db,
              pytest.mark.usefixtures("on_monday", "usual_hearing_time_and_place")]

THURSDAY = dt.date(2027, 6, 17)
NEXT_MONDAY = dt.date(2027, 6, 21)
LIBRARY = "Northborough Free Library, Meeting Room"
ROOM_2 = "Town Hall, Room 2"
REASON = "The appellant's attorney is on trial that day."


@pytest.fixture
def appeal(stable_permit_case, nb_board):
    """An appeal on the stable permit's case, its public hearing set for Thursday the 17th
    at 6:30 PM in the library."""
    appeal = AppealFactory(case=stable_permit_case, filed_on=MONDAY.date())
    return schedule_appeal_hearing(appeal=appeal, hearing_date=THURSDAY,
                                   hearing_time=dt.time(18, 30), location=LIBRARY,
                                   acting_user=nb_board)


def moved(appeal, user, day=NEXT_MONDAY, *, reason=REASON, **time_and_place):
    return continue_appeal_hearing(appeal=appeal, hearing_date=day, reason=reason,
                                   acting_user=user, **time_and_place)


def when_and_where(record) -> tuple:
    record.refresh_from_db()
    return record.hearing_date, record.hearing_time, record.location


# -- the service ---------------------------------------------------------------------------


def test_a_continuance_moves_the_appeals_hearing_and_keeps_what_it_replaced(appeal,
                                                                           nb_board):
    moved(appeal, nb_board, hearing_time=dt.time(19, 30), location=ROOM_2)

    assert when_and_where(appeal) == (NEXT_MONDAY, dt.time(19, 30), ROOM_2)
    [continuance] = appeal.continuances.all()
    assert (continuance.previous_date, continuance.previous_time,
            continuance.previous_location) == (THURSDAY, dt.time(18, 30), LIBRARY)
    assert (continuance.hearing_date, continuance.hearing_time, continuance.location) == (
        NEXT_MONDAY, dt.time(19, 30), ROOM_2)
    assert (continuance.reason, continuance.recorded_by, continuance.notice_sent_on) == (
        REASON, nb_board, MONDAY.date())
    assert continuance.hearing is None and continuance.previous_notice_sent_on is None


def test_left_out_the_hour_and_place_are_the_towns_usual_ones(appeal, nb_board):
    moved(appeal, nb_board)

    assert when_and_where(appeal) == (NEXT_MONDAY, dt.time(19, 0), USUAL_PLACE)


def test_the_audit_entry_keeps_the_day_hour_and_place_before_and_after(appeal, nb_board):
    moved(appeal, nb_board, location=ROOM_2)

    entry = AuditEntry.objects.get(action="case.appeal_hearing_continued")
    assert entry.before == {"hearing_date": "2027-06-17", "hearing_time": "18:30:00",
                            "location": LIBRARY}
    assert {name: entry.after[name] for name in ("appeal", "hearing_date", "location",
                                                 "reason")} == {
        "appeal": str(appeal.pk), "hearing_date": "2027-06-21", "location": ROOM_2,
        "reason": REASON}
    assert entry.summary == (
        f"Hearing on the appeal on case #{appeal.case_id} continued from June 17, 2027, "
        f"6:30 PM, {LIBRARY} to June 21, 2027, 7:00 PM, {ROOM_2}")


@pytest.mark.parametrize(("day", "reason", "place", "field"), [
    (NEXT_MONDAY, "  ", "", "reason"),
    (dt.date(2027, 6, 4), REASON, "", "hearing_date"),
    (dt.date(2027, 6, 19), REASON, "", "hearing_date"),  # a Saturday
    (THURSDAY, REASON, LIBRARY, "hearing_date"),  # the same day, hour and place
])
def test_a_refused_continuance_names_its_field_and_changes_nothing(appeal, nb_board, day,
                                                                   reason, place, field):
    with pytest.raises(DomainError) as refused:
        moved(appeal, nb_board, day, reason=reason, hearing_time=dt.time(18, 30),
              location=place)

    assert list(refused.value.errors) == [field]
    assert when_and_where(appeal) == (THURSDAY, dt.time(18, 30), LIBRARY)
    assert not HearingContinuance.objects.exists()
    assert not AuditEntry.objects.filter(action="case.appeal_hearing_continued").exists()


def test_a_day_the_town_closed_its_offices_is_refused(appeal, nb_board):
    ClosureFactory(municipality=municipality("northborough"), date=NEXT_MONDAY,
                   reason="Storm")

    with pytest.raises(DomainError) as refused:
        moved(appeal, nb_board)

    assert "Storm" in refused.value.errors["hearing_date"][0]


def test_an_appeal_without_a_hearing_or_decided_is_not_continued(stable_permit_case,
                                                                 appeal, nb_board):
    unscheduled = AppealFactory(case=stable_permit_case, filed_on=MONDAY.date())
    with pytest.raises(InvalidTransition) as refused:
        moved(unscheduled, nb_board)
    assert "Schedule" in refused.value.errors["appeal"][0]

    Appeal.objects.filter(pk=appeal.pk).update(decided_on=MONDAY.date(), decision="Upheld.")
    appeal.refresh_from_db()
    with pytest.raises(InvalidTransition):
        moved(appeal, nb_board)
    assert not HearingContinuance.objects.exists()


def test_only_those_who_decide_the_appeal_continue_its_hearing(appeal, nb_inspector):
    with pytest.raises(PermissionDenied) as refused:
        moved(appeal, nb_inspector)

    assert "Only the town's Hearing authority or Board of Health member may" in str(
        refused.value)


def test_setting_a_scheduled_appeals_hearing_again_is_refused_as_a_continuance(appeal,
                                                                               nb_board):
    with pytest.raises(InvalidTransition) as refused:
        schedule_appeal_hearing(appeal=appeal, hearing_date=NEXT_MONDAY, acting_user=nb_board)

    [message] = refused.value.errors["appeal"]
    assert message.startswith(
        f"The hearing on this appeal is already set for June 17, 2027, 6:30 PM, {LIBRARY}: "
        "moving it is a continuance")
    assert "appeal-hearing-continuances" in message
    assert when_and_where(appeal) == (THURSDAY, dt.time(18, 30), LIBRARY)


def test_a_continuance_is_of_exactly_one_hearing(appeal, nb_board):
    hearing = CaseHearingFactory(case=appeal.case)
    common = {"previous_date": THURSDAY, "hearing_date": NEXT_MONDAY,
              "notice_sent_on": MONDAY.date(), "reason": REASON, "recorded_by": nb_board}

    for of in ({"hearing": hearing, "appeal": appeal, "previous_notice_sent_on": THURSDAY},
               {}):
        with pytest.raises(IntegrityError), transaction.atomic():
            HearingContinuance.objects.create(**common, **of)
    with pytest.raises(IntegrityError), transaction.atomic():
        HearingContinuance.objects.create(**common, hearing=hearing)  # its notice's day


# -- the notice ----------------------------------------------------------------------------


@pytest.fixture
def authority_appeal(authority, officer):
    """A North Andover dog-at-large case (taken on the generic page) whose party has no
    email address, with an appeal heard on Thursday the 17th."""
    party = UserFactory(first_name="Pat", last_name="Post", email=None,
                        street_address="9 Elm St", city="North Andover", postal_code="01845")
    case = open_case(municipality=municipality("north_andover"),
                     case_type="north_andover.dog_control", party=party, party_name="",
                     address="9 Elm St", complaint="Dog seen loose.",
                     received_on=MONDAY.date(), acting_user=officer)
    appeal = AppealFactory(case=case, filed_on=MONDAY.date())
    return schedule_appeal_hearing(appeal=appeal, hearing_date=THURSDAY,
                                   hearing_time=dt.time(19, 0), location="Town Hall",
                                   acting_user=authority)


def test_the_party_without_email_gets_a_letter_saying_the_hearing_moved(
        authority_appeal, authority, django_capture_on_commit_callbacks):
    party = authority_appeal.case.party
    with django_capture_on_commit_callbacks(execute=True):
        moved(authority_appeal, authority, hearing_time=dt.time(19, 0),
              location="Police Station")

    letter = Message.objects.filter(recipient=party, kind=MessageKind.HEARING_SCHEDULED
                                    ).order_by("-pk").first()
    assert letter.is_letter and letter.postal_address
    assert letter.subject == "North Andover: hearing moved to June 21"
    text = " ".join(letter.text.split())
    assert (f"The hearing on the appeal on case #{authority_appeal.case_id} at 9 Elm St set "
            "for Thursday, June 17, 2027 at 7:00 PM (Town Hall) has been continued. It is set "
            "for Monday, June 21, 2027 at 7:00 PM: Police Station.") in text


def test_north_andovers_board_member_does_not_continue_an_appeals_hearing(authority_appeal):
    with pytest.raises(PermissionDenied, match="Only the town's Hearing authority may"):
        moved(authority_appeal, staff(Role.BOARD_MEMBER, "north_andover"))


# -- the pages -----------------------------------------------------------------------------


def case_url(case) -> str:
    return reverse("enforcement:case", args=[case.pk])


def continue_url(appeal) -> str:
    return reverse("enforcement:appeal_hearing_continue", args=[appeal.pk])


def test_the_case_page_links_each_set_appeals_hearing_to_its_continuance(
        client, appeal, nb_board, nb_clerk):
    client.force_login(nb_board)
    assert continue_url(appeal) in client.get(case_url(appeal.case)).content.decode()

    client.force_login(nb_clerk)
    assert continue_url(appeal) not in client.get(case_url(appeal.case)).content.decode()
    assert client.get(continue_url(appeal)).status_code == 403


def test_the_continuance_form_starts_at_the_appeals_own_day_hour_and_place(client, appeal,
                                                                           nb_board):
    client.force_login(nb_board)

    page = page_text(client.get(continue_url(appeal)))

    assert f"Thursday, June 17, 2027, 6:30 PM, {LIBRARY}" in page
    assert 'name="hearing_date" value="2027-06-17"' in page
    assert 'name="hearing_time" value="18:30"' in page
    assert f'name="location" value="{LIBRARY}"' in page


def test_the_schedule_form_offers_only_the_appeals_whose_hearing_is_not_set(
        client, stable_permit_case, appeal, nb_board):
    waiting = AppealFactory(case=stable_permit_case, filed_on=MONDAY.date())
    client.force_login(nb_board)

    form = page_text(client.get(case_url(stable_permit_case))).split(
        'id="appeal_hearing-section"')[1].split("</section>")[0]
    assert f'<option value="{waiting.pk}"' in form
    assert f'<option value="{appeal.pk}"' not in form

    schedule_appeal_hearing(appeal=waiting, hearing_date=THURSDAY, acting_user=nb_board)
    assert 'id="appeal_hearing-section"' not in client.get(
        case_url(stable_permit_case)).content.decode()


def test_the_page_continues_the_hearing_and_the_case_page_shows_its_history(client, appeal,
                                                                            nb_board):
    client.force_login(nb_board)

    response = client.post(continue_url(appeal), {
        "hearing_date": "2027-06-21", "hearing_time": "19:30", "location": ROOM_2,
        "reason": REASON})

    assert response.status_code == 302
    assert response["Location"] == case_url(appeal.case)
    page = page_text(client.get(case_url(appeal.case)))
    assert f"Public hearing on Monday, June 21, 2027, 7:30 PM, {ROOM_2}" in page
    assert (f"Thursday, June 17, 2027, 6:30 PM, {LIBRARY}, moved to Monday, June 21, 2027, "
            f"7:30 PM, {ROOM_2} on June 7, 2027 by Beth Board: {REASON}") in page


def test_a_refused_continuance_is_shown_on_its_field_and_changes_nothing(client, appeal,
                                                                         nb_board):
    client.force_login(nb_board)

    response = client.post(continue_url(appeal), {"hearing_date": "2027-06-21",
                                                  "hearing_time": "18:30", "location": LIBRARY,
                                                  "reason": ""})

    assert response.status_code == 400
    assert 'href="#id_reason"' in page_text(response)
    assert when_and_where(appeal) == (THURSDAY, dt.time(18, 30), LIBRARY)


# -- the API -------------------------------------------------------------------------------


def continuances_url(appeal) -> str:
    return f"/api/v1/cases/{appeal.case_id}/appeal-hearing-continuances/"


def test_the_api_continues_the_appeals_hearing_and_lists_its_continuances(appeal, nb_board):
    response = api_for(nb_board).post(continuances_url(appeal), {
        "appeal": appeal.pk, "hearing_date": "2027-06-21", "location": ROOM_2,
        "reason": REASON}, format="json")

    assert response.status_code == 200, response.json()
    [shown] = response.json()["appeals"]
    assert (shown["hearing_date"], shown["hearing_time"], shown["location"]) == (
        "2027-06-21", "19:00", ROOM_2)
    [continuance] = shown["continuances"]
    assert {name: continuance[name] for name in (
        "previous_date", "previous_time", "previous_location", "previous_notice_sent_on",
        "hearing_date", "reason")} == {
        "previous_date": "2027-06-17", "previous_time": "18:30", "previous_location": LIBRARY,
        "previous_notice_sent_on": None, "hearing_date": "2027-06-21", "reason": REASON}


def test_the_api_refuses_setting_a_scheduled_hearing_again_pointing_to_a_continuance(
        appeal, nb_board):
    response = api_for(nb_board).post(f"/api/v1/cases/{appeal.case_id}/appeal-hearings/", {
        "appeal": appeal.pk, "hearing_date": "2027-06-21"}, format="json")

    assert response.status_code == 400
    [message] = response.json()["appeal"]
    assert "appeal-hearing-continuances" in message
    assert when_and_where(appeal) == (THURSDAY, dt.time(18, 30), LIBRARY)


@pytest.mark.parametrize(("body", "field"), [
    ({"reason": ""}, "reason"),
    ({"hearing_time": "25:00"}, "hearing_time"),
    ({"appeal": 0}, "appeal"),
])
def test_the_api_refuses_a_bad_body_by_name(appeal, nb_board, body, field):
    response = api_for(nb_board).post(continuances_url(appeal), {
        "appeal": appeal.pk, "hearing_date": "2027-06-21", "reason": REASON, **body},
        format="json")

    assert response.status_code == 400
    assert list(response.json()) == [field]
    assert not HearingContinuance.objects.exists()


def test_the_api_refuses_north_andovers_board_member_naming_the_hearing_authority(
        authority_appeal):
    response = api_for(staff(Role.BOARD_MEMBER, "north_andover")).post(
        continuances_url(authority_appeal), {"appeal": authority_appeal.pk,
                                             "hearing_date": "2027-06-21", "reason": REASON},
        format="json")

    assert response.status_code == 403
    assert "Only the town's Hearing authority may" in str(response.json())


def test_the_schema_documents_the_continuance_asked_and_the_appeals_history():
    schemas = SchemaGenerator().get_schema(request=None, public=True)["components"]["schemas"]

    asked = schemas["AppealHearingContinuanceRequest"]
    assert set(asked["required"]) == {"appeal", "hearing_date", "reason"}
    assert {"hearing_time", "location"} <= set(asked["properties"])
    assert "continuances" in schemas["Appeal"]["properties"]
