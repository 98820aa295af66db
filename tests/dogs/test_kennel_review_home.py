"""The hearing authority's My work lists each kennel review whose hearing is not noticed yet:
"Notify the parties of the kennel review hearing", due seven business days after the Animal
Control Officer's report is received (North Andover Code ch. 60, Kennel license B(5)), overdue
after that day, and opening the review's page, where the notice is recorded. A noticed
review leaves the list; the list costs one query whatever its length.

The report arrives on Thursday, October 8, 2026; Monday the 12th is Columbus Day, so on the
Town's Monday-to-Thursday calendar the notice is due Thursday, October 22.
"""

from __future__ import annotations

import datetime as dt

import pytest
from django.urls import reverse

from dogs.kennels.home import kennel_reviews_to_notice
from dogs.kennels.review import open_kennel_review, schedule_kennel_hearing
from permits_site.towns.calendar import town_calendar
from tests.dogs.test_kennel_review import HEARING_DUE, NOTICE_DUE, REPORT_RECEIVED
from tests.factories import PermitFactory, Role, on_day, permit_type, staff

pytestmark = pytest.mark.django_db

NOTIFY = "Notify the parties of the kennel review hearing"
SECTION = "North Andover Code ch. 60, Kennel license B(5)"


def reported(aco, *, received_on: dt.date = REPORT_RECEIVED):
    permit = PermitFactory(application__permit_type=permit_type("north_andover.kennel_license"),
                           application__facts={"dogs_over_6_months": 6},
                           holder_name="Kim Kennel",
                           holder_address="40 Kennel Road, North Andover MA 01845")
    with on_day(received_on):
        return open_kennel_review(permit=permit, received_on=received_on,
                                  report="Pens not cleaned.", acting_user=aco)


def to_notice(today: dt.date, user):
    [work] = kennel_reviews_to_notice(town_calendar("north_andover"), user=user, today=today)
    return work


def my_work(client, user, today: dt.date) -> str:
    client.force_login(user)
    with on_day(today):
        return client.get(reverse("staff_home")).content.decode()


def test_the_notice_due_is_on_the_hearing_authoritys_my_work(client, aco, chief):
    review = reported(aco)
    today = NOTICE_DUE - dt.timedelta(days=2)

    [item] = to_notice(today, chief).items
    page = my_work(client, chief, today)

    assert (item.what, item.record, item.due_on) == (
        NOTIFY, f"Kennel license {review.permit.number} (Kim Kennel)", NOTICE_DUE)
    assert item.url == reverse("dogs:kennel_review", args=[review.pk])
    assert item.citation == SECTION
    assert f'href="{item.url}">{NOTIFY}: Kennel license {review.permit.number}' in page
    assert "Due by October 22, 2026" in page
    assert SECTION in page


def test_a_notice_not_sent_by_its_last_day_is_marked_overdue(client, aco, chief):
    reported(aco)
    today = dt.date(2026, 10, 26)

    [item] = to_notice(today, chief).items
    page = my_work(client, chief, today)

    assert item.overdue(today)
    assert '<span class="text-danger fw-semibold">Overdue since October 22, 2026</span>' in page


def test_the_oldest_report_comes_first(aco, chief):
    later = reported(aco, received_on=REPORT_RECEIVED + dt.timedelta(days=5))
    first = reported(aco)

    items = to_notice(NOTICE_DUE, chief).items

    assert [item.url for item in items] == [
        reverse("dogs:kennel_review", args=[case.pk]) for case in (first, later)]


def test_a_noticed_review_leaves_the_list(client, aco, chief):
    review = reported(aco)
    with on_day(NOTICE_DUE):
        schedule_kennel_hearing(case=review, notice_sent_on=NOTICE_DUE, hearing_date=HEARING_DUE,
                                acting_user=chief)

    assert to_notice(NOTICE_DUE, chief).items == []
    assert NOTIFY not in my_work(client, chief, NOTICE_DUE)


def test_only_the_towns_hearing_authority_finds_it(client, aco, chief):
    reported(aco)
    today = NOTICE_DUE

    assert NOTIFY not in my_work(client, aco, today)
    assert NOTIFY not in my_work(client, staff(Role.HEARING_AUTHORITY, "tisbury"), today)
    assert NOTIFY in my_work(client, chief, today)


@pytest.mark.parametrize("rows", [2, 10])
def test_the_list_runs_one_query(aco, chief, rows, django_assert_num_queries):
    for _ in range(rows):
        reported(aco)
    town = town_calendar("north_andover")

    with django_assert_num_queries(1):
        [work] = kennel_reviews_to_notice(town, user=chief, today=NOTICE_DUE)
        assert len(work.items) == rows
