"""Continuing a case hearing to a new date: the new date is recorded and the earlier one
kept in the hearing's history, the notice goes to the parties again (an email, or a letter
to post), and the window the law sets is counted again from the new notice on the town's
calendar.

A kennel review hearing is held within 14 days after its notice (North Andover Code ch. 60,
Kennel license B(5)), a deadline counted on the Town's Monday-to-Thursday calendar; its
decision is due seven business days after the hearing. The clock stands on Monday,
October 26, 2026: the re-sent notice is dated that day, so the hearing may be held through
Monday, November 9.
"""

from __future__ import annotations

import datetime as dt

import pytest
import time_machine
from django.urls import reverse

from dogs.kennels.review import (
    open_kennel_review,
    review_dates,
    schedule_kennel_hearing,
)
from permits_site.audit.models import AuditEntry
from permits_site.enforcement.models import HearingContinuance
from permits_site.enforcement.services import (
    continue_case_hearing,
    decide_case_hearing,
    schedule_case_hearing,
)
from permits_site.exceptions import DomainError, InvalidTransition, PermissionDenied
from permits_site.notifications.models import Message, MessageKind
from tests.enforcement.conftest import stable_case
from tests.factories import (
    ClosureFactory,
    PermitFactory,
    Role,
    UserFactory,
    local,
    permit_type,
    staff,
)

pytestmark = pytest.mark.django_db

MONDAY = dt.date(2026, 10, 26)
FIRST_NOTICE = dt.date(2026, 10, 22)
FIRST_HEARING = dt.date(2026, 11, 5)
WINDOW_ENDS = dt.date(2026, 11, 9)
SECTION = "North Andover Code ch. 60, Kennel license B(5)"


@pytest.fixture(autouse=True)
def _monday():
    with time_machine.travel(local(MONDAY, 10), tick=False):
        yield


@pytest.fixture
def chief(db):
    return staff(Role.HEARING_AUTHORITY, "north_andover", first_name="Hal", last_name="Chief")


@pytest.fixture
def aco(db):
    return staff(Role.ANIMAL_CONTROL_OFFICER, "north_andover", first_name="Ann",
                 last_name="Officer")


@pytest.fixture
def holder(db):
    """A kennel licensee entered at the counter, without an email address."""
    return UserFactory(first_name="Kim", last_name="Kennel", email=None,
                       street_address="40 Kennel Road", city="North Andover",
                       postal_code="01845")


@pytest.fixture
def hearing(holder, aco, chief):
    permit = PermitFactory(application__permit_type=permit_type("north_andover.kennel_license"),
                           application__applicant=holder, holder=holder,
                           application__facts={"dogs_over_6_months": 6},
                           holder_address="40 Kennel Road, North Andover MA 01845")
    with time_machine.travel(local(dt.date(2026, 10, 22), 10), tick=False):
        review = open_kennel_review(permit=permit, received_on=dt.date(2026, 10, 15),
                                    report="Pens not cleaned.", acting_user=aco)
        return schedule_kennel_hearing(case=review, notice_sent_on=FIRST_NOTICE,
                                       hearing_date=FIRST_HEARING, acting_user=chief)


def continued(hearing, chief, day, reason="The licensee's attorney is unavailable."):
    return continue_case_hearing(hearing=hearing, hearing_date=day, reason=reason,
                                 acting_user=chief)


@pytest.mark.parametrize("day", [MONDAY + dt.timedelta(days=1), WINDOW_ENDS])
def test_a_new_date_within_14_days_of_the_new_notice_is_recorded(hearing, chief, day):
    continued(hearing, chief, day)

    hearing.refresh_from_db()
    assert (hearing.hearing_date, hearing.notice_sent_on) == (day, MONDAY)
    [continuance] = HearingContinuance.objects.filter(hearing=hearing)
    assert (continuance.previous_date, continuance.previous_notice_sent_on,
            continuance.hearing_date) == (FIRST_HEARING, FIRST_NOTICE, day)
    assert continuance.reason == "The licensee's attorney is unavailable."


def test_a_new_date_past_the_window_is_refused_naming_the_last_day_and_section(hearing,
                                                                            chief):
    with pytest.raises(DomainError) as refused:
        continued(hearing, chief, WINDOW_ENDS + dt.timedelta(days=1))

    message = refused.value.errors["hearing_date"][0]
    assert "November 9, 2026" in message and SECTION in message
    hearing.refresh_from_db()
    assert hearing.hearing_date == FIRST_HEARING
    assert not HearingContinuance.objects.exists()


def test_the_window_ending_on_a_holiday_rolls_to_the_next_business_day(hearing, chief):
    """Noticed on Wednesday, October 28, the 14th day is Veterans Day (November 11): the
    hearing may be held on Thursday the 12th."""
    with time_machine.travel(local(dt.date(2026, 10, 28), 10), tick=False):
        continued(hearing, chief, dt.date(2026, 11, 12))
    hearing.refresh_from_db()
    assert hearing.hearing_date == dt.date(2026, 11, 12)


@pytest.mark.parametrize(("day", "why"), [
    (dt.date(2026, 10, 30), "Friday"),
    (dt.date(2026, 11, 2), "Storm"),
])
def test_a_day_the_offices_are_closed_is_refused(hearing, chief, day, why):
    ClosureFactory(date=dt.date(2026, 11, 2), reason="Storm")

    with pytest.raises(DomainError) as refused:
        continued(hearing, chief, day)

    assert list(refused.value.errors) == ["hearing_date"]
    assert "closed" in refused.value.errors["hearing_date"][0]
    assert not HearingContinuance.objects.exists()


@pytest.mark.parametrize(("day", "reason", "field"), [
    (MONDAY - dt.timedelta(days=4), "Moved", "hearing_date"),
    (FIRST_HEARING, "Moved", "hearing_date"),
    (dt.date(2026, 11, 2), "  ", "reason"),
])
def test_a_past_or_unchanged_date_or_no_reason_is_refused(hearing, chief, day, reason, field):
    with pytest.raises(DomainError) as refused:
        continued(hearing, chief, day, reason=reason)
    assert field in refused.value.errors
    assert not HearingContinuance.objects.exists()


def test_the_decision_window_counts_from_the_new_date(hearing, chief):
    continued(hearing, chief, dt.date(2026, 11, 2))

    assert review_dates(hearing.case)["decision_due"] == dt.date(2026, 11, 16)


def test_the_notice_goes_again_to_the_party_as_a_letter_and_is_audited(
        hearing, chief, holder, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        continued(hearing, chief, dt.date(2026, 11, 2))

    letters = Message.objects.filter(recipient=holder, kind=MessageKind.HEARING_SCHEDULED)
    latest = letters.order_by("-pk").first()
    assert latest.is_letter and "November 2, 2026" in latest.text
    assert "November 5, 2026" in latest.text  # the date it replaces
    entry = AuditEntry.objects.get(action="case.hearing_continued")
    assert (entry.before["hearing_date"], entry.after["hearing_date"]) == (
        "2026-11-05", "2026-11-02")


def test_only_the_hearing_authority_continues_the_hearing(hearing, aco):
    """Refused in the words of the case page's step, naming the role the case type names
    (North Andover's hearing authority, ch. 60, Hearing authority A)."""
    with pytest.raises(PermissionDenied) as refused:
        continued(hearing, aco, dt.date(2026, 11, 2))
    assert str(refused.value) == "Only the town's Hearing authority may continue a case's hearing."


def test_a_decided_hearing_is_not_continued(hearing, chief):
    with time_machine.travel(local(dt.date(2026, 11, 5), 15), tick=False):
        decide_case_hearing(hearing=hearing, decision="Order compliance",
                            decided_on=dt.date(2026, 11, 5), acting_user=chief)
        with pytest.raises(InvalidTransition):
            continued(hearing, chief, dt.date(2026, 11, 9))


def test_a_case_type_without_a_window_takes_any_later_open_day(stable_permit, nb_inspector,
                                                               nb_board):
    """A Northborough stable case declares no hearing window: the new date need only follow
    the re-sent notice on a day the Board's offices are open."""
    case = stable_case(stable_permit, nb_inspector, received_on=MONDAY)
    hearing = schedule_case_hearing(case=case, notice_sent_on=MONDAY,
                                    hearing_date=dt.date(2026, 11, 2), acting_user=nb_board)

    continue_case_hearing(hearing=hearing, hearing_date=dt.date(2027, 1, 4),
                          reason="Board lacks a quorum", acting_user=nb_board)

    hearing.refresh_from_db()
    assert hearing.hearing_date == dt.date(2027, 1, 4)


def test_the_kennel_review_page_links_the_continuance_to_the_hearing_authority(
        client, hearing, chief, aco):
    url = reverse("enforcement:hearing_continue", args=[hearing.pk])
    page = reverse("dogs:kennel_review", args=[hearing.case_id])

    client.force_login(chief)
    assert url in client.get(page).content.decode()
    client.force_login(aco)
    assert url not in client.get(page).content.decode()


def test_continuing_a_kennel_review_hearing_returns_to_the_review_page(client, hearing,
                                                                       chief):
    """The kennel review's hearing is managed on its own page (the dogs app registers it as
    the case type's ``hearings_page``): the continuance page's Cancel and its success lead
    back there, not to the generic case page."""
    url = reverse("enforcement:hearing_continue", args=[hearing.pk])
    review = reverse("dogs:kennel_review", args=[hearing.case_id])
    client.force_login(chief)

    assert f'href="{review}">Cancel' in client.get(url).content.decode()
    response = client.post(url, {"hearing_date": "2026-11-02", "hearing_time": "19:00",
                                 "location": "Town Hall", "reason": "No quorum."})

    assert response.status_code == 302
    assert response["Location"] == review
