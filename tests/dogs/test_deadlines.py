"""North Andover's rows on the staff deadlines screen (Code ch. 60): a kennel review's notice
(seven business days after the report, Kennel license B(5)), its hearing and its decision
(seven business days after the hearing), and the intake records to forward to the Town Clerk
(30 days, ACO B(2)) — each on the Monday-to-Thursday calendar, each source in one query.

The report arrives on Thursday, October 8, 2026 (Monday the 12th is Columbus Day): the
notice is due Thursday the 22nd; a hearing on Thursday, November 5 is decided by Thursday,
November 19 (Wednesday the 11th is Veterans Day). A dog impounded on Thursday, June 4, 2026
is forwarded by Monday, July 6 (the 30th day is Saturday, July 4).
"""

from __future__ import annotations

import datetime as dt

import pytest
import time_machine

from dogs.impoundment.deadlines import intake_records_to_forward
from dogs.impoundment.services import record_forwarded, record_intake
from dogs.kennels.deadlines import kennel_decisions, kennel_hearing_notices
from dogs.kennels.review import decide_kennel_review, open_kennel_review, schedule_kennel_hearing
from permits_site.enforcement.deadlines import WINDOW_DAYS, deadlines
from tests.factories import PermitFactory, municipality, permit_type

pytestmark = pytest.mark.django_db

REPORT_RECEIVED = dt.date(2026, 10, 8)
NOTICE_DUE = dt.date(2026, 10, 22)
HEARING = dt.date(2026, 11, 5)
DECISION_DUE = dt.date(2026, 11, 19)
IMPOUNDED = dt.date(2026, 6, 4)
FORWARD_BY = dt.date(2026, 7, 6)
DAY = dt.timedelta(days=1)
WINDOW = dt.timedelta(days=WINDOW_DAYS)


@pytest.fixture(autouse=True)
def after_the_review(db):
    with time_machine.travel(dt.datetime(2026, 11, 30, 10, 0), tick=False):
        yield


@pytest.fixture
def north_andover(db):
    return municipality("north_andover")


def review(aco):
    permit = PermitFactory(application__permit_type=permit_type("north_andover.kennel_license"),
                           application__facts={"dogs_over_6_months": 6},
                           holder_address="40 Kennel Road, North Andover MA 01845")
    return open_kennel_review(permit=permit, received_on=REPORT_RECEIVED,
                              report="Pens not cleaned.", acting_user=aco)


def heard(aco, chief):
    case = review(aco)
    with time_machine.travel(dt.datetime(2026, 10, 22, 10, 0), tick=False):
        schedule_kennel_hearing(case=case, notice_sent_on=NOTICE_DUE, hearing_date=HEARING,
                                acting_user=chief)
    return case


def rows(town, today: dt.date) -> list[tuple[dt.date, str, str]]:
    return [(row.on, row.what, row.citation) for row in deadlines([town.pk], today=today)
            if row.citation.startswith("North Andover Code ch. 60")]


# -- the kennel review (Kennel license B(5)) ---------------------------------------------------


@pytest.mark.parametrize(("today", "listed"), [
    (NOTICE_DUE - WINDOW - DAY, False),  # the window ends the day before the notice is due
    (NOTICE_DUE - WINDOW, True),         # it ends on the last day
    (NOTICE_DUE + DAY, True),            # the day after: overdue
])
def test_the_notice_is_listed_from_two_weeks_before_its_last_day(north_andover, aco, today,
                                                                 listed):
    case = review(aco)

    screen = deadlines([north_andover.pk], today=today)

    notices = [row for row in screen if row.what.startswith("Notify the parties")]
    assert bool(notices) is listed
    if listed:
        (row,) = notices
        assert row.on == NOTICE_DUE
        assert row.citation == "North Andover Code ch. 60, Kennel license B(5)"
        assert row.url == f"/dogs/kennel-reviews/{case.pk}/"
        assert row.overdue(today) is (today > NOTICE_DUE)


def test_once_noticed_the_hearing_and_the_decision_are_listed(north_andover, aco, chief):
    case = heard(aco, chief)

    assert rows(north_andover, DECISION_DUE) == [
        (HEARING, "Hold and decide the hearing", "North Andover Code ch. 60, Kennel license "
                                                 "B(4), B(5)"),
        (DECISION_DUE, "Decide the kennel review",
         "North Andover Code ch. 60, Kennel license B(5)"),
    ]
    (decision,) = [row for row in deadlines([north_andover.pk], today=DECISION_DUE)
                   if row.what == "Decide the kennel review"]
    assert decision.record.startswith(f"Kennel license {case.permit.number}")
    assert decision.url == f"/dogs/kennel-reviews/{case.pk}/"


@pytest.mark.parametrize(("today", "listed"), [
    (DECISION_DUE - WINDOW - DAY, False),
    (DECISION_DUE - WINDOW, True),
    (DECISION_DUE + DAY, True),
])
def test_the_decision_is_listed_from_two_weeks_before_its_last_day(north_andover, aco, chief,
                                                                   today, listed):
    heard(aco, chief)

    decisions = [row for row in deadlines([north_andover.pk], today=today)
                 if row.what == "Decide the kennel review"]

    assert [row.on for row in decisions] == ([DECISION_DUE] if listed else [])


def test_a_decided_review_leaves_the_screen(north_andover, aco, chief):
    case = heard(aco, chief)
    decide_kennel_review(case=case, outcome="regulate", decided_on=HEARING,
                         reasons="Clean daily.", terms="Pens cleaned daily.", acting_user=chief)

    assert rows(north_andover, DECISION_DUE) == []


# -- the intake records (ACO B(2)) ------------------------------------------------------------


def intake(aco, north_andover):
    with time_machine.travel(dt.datetime(2026, 6, 4, 10, 0), tick=False):
        return record_intake(municipality=north_andover, impounded_on=IMPOUNDED,
                             description="Beagle, tricolor", acting_user=aco)


@pytest.mark.parametrize(("today", "listed"), [
    (FORWARD_BY - WINDOW - DAY, False),
    (FORWARD_BY - WINDOW, True),
    (FORWARD_BY + DAY, True),
])
def test_an_intake_record_is_listed_until_it_is_forwarded(north_andover, aco, today, listed):
    record = intake(aco, north_andover)

    assert rows(north_andover, today) == ([(
        FORWARD_BY, "Forward the intake record to the Town Clerk",
        "North Andover Code ch. 60, ACO B(2)")] if listed else [])

    record_forwarded(impoundment=record, on=IMPOUNDED + DAY, acting_user=aco)
    assert rows(north_andover, today) == []


# -- towns and queries -----------------------------------------------------------------------


def test_another_towns_screen_lists_none_of_them(north_andover, aco, chief):
    review(aco)
    heard(aco, chief)
    intake(aco, north_andover)

    assert rows(municipality("tisbury"), DECISION_DUE) == []


@pytest.mark.parametrize("count", [2, 10])
def test_each_source_runs_one_query_whatever_the_rows(north_andover, aco, chief, count,
                                                      django_assert_num_queries):
    for _ in range(count):
        review(aco)
        heard(aco, chief)
        intake(aco, north_andover)
    towns, today = [north_andover.pk], DECISION_DUE
    horizon = today + WINDOW
    list(kennel_hearing_notices(towns, today=today, horizon=horizon))  # the town warms up

    for source in (kennel_hearing_notices, kennel_decisions, intake_records_to_forward):
        with django_assert_num_queries(1):
            assert len(list(source(towns, today=today, horizon=horizon))) == count
