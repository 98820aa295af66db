"""Kennel review hearings (North Andover Code ch. 60, Kennel license B(4), B(5)): notice within
seven business days of the Animal Control Officer's report, the hearing within 14 days of the
notice, the decision within seven business days of the hearing — each counted on the Town's
Monday-to-Thursday calendar, each late step refused naming its last day and section.

The report arrives on Thursday, October 8, 2026; Monday the 12th is Columbus Day and
Wednesday, November 11 Veterans Day, so the notice is due Thursday the 22nd (on a
Monday-to-Friday week it would have been Tuesday the 20th), a hearing noticed that day is due
Thursday, November 5, and its decision Thursday, November 19.
"""

from __future__ import annotations

import datetime as dt

import pytest
import time_machine

from dogs.kennels.review import (
    KENNEL_REVIEW,
    decide_kennel_review,
    open_kennel_review,
    review_dates,
    schedule_kennel_hearing,
)
from permits_site.enforcement.models import CaseStatus, Order
from permits_site.exceptions import DomainError, InvalidTransition, PermissionDenied
from permits_site.licensing.models import PermitStatus
from tests.factories import PermitFactory, Role, permit_type, staff

pytestmark = pytest.mark.django_db

REPORT_RECEIVED = dt.date(2026, 10, 8)
NOTICE_DUE = dt.date(2026, 10, 22)
HEARING_DUE = dt.date(2026, 11, 5)
DECISION_DUE = dt.date(2026, 11, 19)
DAY = dt.timedelta(days=1)
SECTION = "North Andover Code ch. 60, Kennel license B(5)"


@pytest.fixture(autouse=True)
def after_the_review(db):
    """Every date of these tests is in the past: notices and decisions are recorded."""
    with time_machine.travel(dt.datetime(2026, 11, 30, 10, 0), tick=False):
        yield


@pytest.fixture
def aco(db):
    return staff(Role.ANIMAL_CONTROL_OFFICER, "north_andover", first_name="Ann",
                 last_name="Officer")


@pytest.fixture
def chief(db):
    return staff(Role.HEARING_AUTHORITY, "north_andover", first_name="Hal", last_name="Chief")


@pytest.fixture
def kennel_permit(db):
    return PermitFactory(application__permit_type=permit_type("north_andover.kennel_license"),
                         application__facts={"dogs_over_6_months": 6},
                         holder_address="40 Kennel Road, North Andover MA 01845")


@pytest.fixture
def review(kennel_permit, aco):
    return open_kennel_review(permit=kennel_permit, received_on=REPORT_RECEIVED,
                              report="Pens not cleaned; no record of two dogs.", acting_user=aco)


def on(day: dt.date):
    """The clock on ``day``: a hearing is set on a day not yet passed, so the tests set it on
    the day its notice is sent."""
    return time_machine.travel(dt.datetime.combine(day, dt.time(10, 0)), tick=False)


@pytest.fixture
def heard(review, chief):
    with on(NOTICE_DUE):
        schedule_kennel_hearing(case=review, notice_sent_on=NOTICE_DUE, hearing_date=HEARING_DUE,
                                acting_user=chief)
    return review


def refusal(call, **kwargs) -> DomainError:
    with pytest.raises(DomainError) as refused:
        call(**kwargs)
    return refused.value


def test_the_report_opens_a_kennel_review_case_on_the_license(review, kennel_permit):
    assert (review.case_type, review.permit, review.received_on) == (
        KENNEL_REVIEW, kennel_permit, REPORT_RECEIVED)
    assert review_dates(review)["notice_due"] == NOTICE_DUE


@pytest.mark.parametrize("notice_sent_on", [NOTICE_DUE - DAY, NOTICE_DUE])
def test_notice_on_the_last_business_day_or_before_is_accepted(review, chief, notice_sent_on):
    with on(notice_sent_on):
        hearing = schedule_kennel_hearing(case=review, notice_sent_on=notice_sent_on,
                                          hearing_date=notice_sent_on + dt.timedelta(days=14),
                                          acting_user=chief)

    assert hearing.notice_sent_on == notice_sent_on


def test_notice_the_day_after_the_seventh_business_day_is_refused_naming_date_and_section(
    review, chief
):
    refused = refusal(schedule_kennel_hearing, case=review, notice_sent_on=NOTICE_DUE + DAY,
                      hearing_date=NOTICE_DUE + 7 * DAY, acting_user=chief)

    assert list(refused.errors) == ["notice_sent_on"]
    message = refused.errors["notice_sent_on"][0]
    assert "October 22, 2026" in message and SECTION in message
    assert not review.hearings.exists()


@pytest.mark.parametrize(("hearing_date", "accepted"), [
    (HEARING_DUE - DAY, True), (HEARING_DUE, True), (HEARING_DUE + DAY, False)])
def test_the_hearing_is_held_within_14_days_after_the_notice(review, chief, hearing_date,
                                                             accepted):
    schedule = dict(case=review, notice_sent_on=NOTICE_DUE, hearing_date=hearing_date,
                    acting_user=chief)
    with on(NOTICE_DUE):
        if accepted:
            assert schedule_kennel_hearing(**schedule).hearing_date == hearing_date
            return
        refused = refusal(schedule_kennel_hearing, **schedule)
    assert "November 5, 2026" in refused.errors["hearing_date"][0]
    assert SECTION in refused.errors["hearing_date"][0]


def test_fourteen_days_ending_on_a_friday_roll_to_the_monday(review, chief):
    notice = dt.date(2026, 10, 16)  # a Friday: 14 days later is Friday, October 30

    with on(notice):
        monday = schedule_kennel_hearing(case=review, notice_sent_on=notice,
                                         hearing_date=dt.date(2026, 11, 2), acting_user=chief)

    assert review_dates(review)["hearing_due"] == monday.hearing_date


@pytest.mark.parametrize("decided_on", [DECISION_DUE - DAY, DECISION_DUE])
def test_a_decision_by_the_seventh_business_day_after_the_hearing_is_accepted(heard, chief,
                                                                             decided_on):
    decide_kennel_review(case=heard, outcome="regulate", decided_on=decided_on,
                         reasons="Kept clean since.", terms="No more than eight dogs.",
                         acting_user=chief)

    heard.refresh_from_db()
    assert heard.status == CaseStatus.DETERMINED
    assert heard.findings == {"outcome": "regulate", "terms": "No more than eight dogs."}
    assert heard.hearings.get().decided_on == decided_on


def test_a_decision_the_day_after_is_refused_naming_the_date_and_section(heard, chief,
                                                                        kennel_permit):
    refused = refusal(decide_kennel_review, case=heard, outcome="revoke",
                      decided_on=DECISION_DUE + DAY, reasons="Unsanitary.", acting_user=chief)

    message = refused.errors["decided_on"][0]
    assert "November 19, 2026" in message and SECTION in message
    kennel_permit.refresh_from_db()
    assert kennel_permit.status == PermitStatus.ACTIVE
    assert heard.hearings.get().decided_on is None


def test_the_decision_window_counts_monday_to_thursday_around_veterans_day(heard):
    assert review_dates(heard)["decision_due"] == DECISION_DUE


@pytest.mark.parametrize(("outcome", "status"), [("revoke", PermitStatus.REVOKED),
                                                 ("suspend", PermitStatus.SUSPENDED)])
def test_revoking_or_suspending_changes_the_license_status(heard, chief, kennel_permit,
                                                            outcome, status):
    decide_kennel_review(case=heard, outcome=outcome, decided_on=DECISION_DUE,
                         reasons="Dogs kept in filth.", acting_user=chief)

    kennel_permit.refresh_from_db()
    assert kennel_permit.status == status


def test_ordering_compliance_issues_an_order_citing_b5(heard, chief):
    decide_kennel_review(case=heard, outcome="order_compliance", decided_on=DECISION_DUE,
                         reasons="Records missing.", terms="Keep a record of every dog.",
                         comply_within_days=30, acting_user=chief)

    order = Order.objects.get(case=heard)
    assert (order.text, order.citation) == ("Keep a record of every dog.", SECTION)


def test_ordering_compliance_or_regulating_needs_the_terms(heard, chief):
    refused = refusal(decide_kennel_review, case=heard, outcome="order_compliance",
                      decided_on=DECISION_DUE, reasons="Records missing.", terms=" ",
                      comply_within_days=30, acting_user=chief)

    assert list(refused.errors) == ["terms"]


def test_no_decision_before_the_hearing_is_scheduled(review, chief):
    with pytest.raises(InvalidTransition):
        decide_kennel_review(case=review, outcome="revoke", decided_on=DECISION_DUE,
                             reasons="x", acting_user=chief)


def test_only_the_hearing_authority_schedules_and_decides(review, aco):
    with pytest.raises(PermissionDenied):
        schedule_kennel_hearing(case=review, notice_sent_on=NOTICE_DUE,
                                hearing_date=HEARING_DUE, acting_user=aco)


def test_a_review_concerns_a_kennel_license(aco):
    dog_license = PermitFactory()

    refused = refusal(open_kennel_review, permit=dog_license, received_on=REPORT_RECEIVED,
                      report="x", acting_user=aco)

    assert list(refused.errors) == ["permit"]
