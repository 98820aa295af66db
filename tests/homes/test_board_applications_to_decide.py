"""The Board of Health decides a Northborough stable permit (Horse & Stable Regs §2, §8.2) and
a Tisbury Board of Health permit (09.0.3), and a member of the Board starts the review,
records the Board's determinations, requests changes or denies on its review screen
(``permissions.can_review``): the member's My work lists the applications not decided yet,
oldest first, each opening its review screen — but one they or their business made, which
another member reviews. North Andover's Clerk licenses its dogs (ch. 60, Licenses A): none of its
applications is the Board's. One query."""

import pytest
from django.urls import reverse

from permits_site.homes import board
from permits_site.licensing.models import ApplicationStatus
from permits_site.towns.calendar import town_calendar
from tests.factories import ApplicationFactory, Role, permit_type, staff
from tests.homes.conftest import days

pytestmark = pytest.mark.django_db
PRIVATE_STABLE = "northborough.private_stable"


def stable_application(status=ApplicationStatus.SUBMITTED, **fields):
    return ApplicationFactory(permit_type=permit_type(PRIVATE_STABLE), status=status,
                              **fields)


def before_the_board(town: str, user):
    [work] = [listed for listed in board.board_member_work(town_calendar(town), user=user,
                                                           today=days(0))
              if listed.title == "Applications before the Board"]
    return work


def test_the_applications_the_board_has_not_decided_oldest_first():
    me = staff(Role.BOARD_MEMBER, "northborough")
    later = stable_application(submitted_on=days(-1))
    under_review = stable_application(ApplicationStatus.UNDER_REVIEW, submitted_on=days(-6))
    for closed_or_draft in (ApplicationStatus.DRAFT, ApplicationStatus.APPROVED,
                            ApplicationStatus.ISSUED, ApplicationStatus.DENIED):
        stable_application(closed_or_draft, submitted_on=days(-9))
    stable_application(submitted_on=days(-8), applicant=me)  # another member reviews it

    work = before_the_board("northborough", me)

    assert [item.url for item in work.items] == [
        reverse("licensing:review", args=[under_review.pk]),
        reverse("licensing:review", args=[later.pk])]
    first = work.items[0]
    assert first.what == "Review the application"
    assert first.record == (f"Private Stable Permit application #{under_review.pk} "
                            f"({under_review.applicant.display_name})")
    assert (first.since, first.citation) == (days(-6), "Northborough Horse & Stable Regs §2")
    assert work.link_url == reverse("licensing:queue")


def test_each_board_lists_its_own_towns_and_none_of_the_clerks():
    stable_application()
    kitchen = ApplicationFactory(permit_type=permit_type("tisbury.food_service"),
                                 status=ApplicationStatus.SUBMITTED, submitted_on=days(-1))
    ApplicationFactory(status=ApplicationStatus.SUBMITTED, submitted_on=days(-1))

    tisbury = before_the_board("tisbury", staff(Role.BOARD_MEMBER, "tisbury"))

    assert [item.url for item in tisbury.items] == [
        reverse("licensing:review", args=[kitchen.pk])]
    assert before_the_board("north_andover",
                            staff(Role.BOARD_MEMBER, "north_andover")).items == []


def test_the_list_is_one_query(django_assert_num_queries):
    me = staff(Role.BOARD_MEMBER, "northborough")
    for day in range(3):
        stable_application(submitted_on=days(-day))
    town = town_calendar("northborough")

    with django_assert_num_queries(1):
        assert len(board.applications_before_the_board(town, user=me).items) == 3


def test_my_work_links_the_application_to_its_review(client):
    application = stable_application(submitted_on=days(-2))
    client.force_login(staff(Role.BOARD_MEMBER, "northborough"))

    page = client.get(reverse("staff_home")).content.decode()

    assert "Applications before the Board" in page
    assert f'href="{reverse("licensing:review", args=[application.pk])}"' in page
