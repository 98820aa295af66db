"""The review screen offers each action only to the roles that may take it: a Board member
reviews but does not issue, take payments or accept documents; refused, they get the
site's page naming the role that may."""

import datetime as dt

import pytest
import time_machine
from django.urls import reverse

from permits_site.accounts.models import Role
from permits_site.licensing.models import ApplicationStatus
from tests.factories import staff
from tests.licensing.test_pages import FEB_2027, submitted

pytestmark = pytest.mark.django_db

#: What only the town's clerk is offered on the review screen.
CLERK_ONLY = ("Approve and issue license", "Record payment", "Not accepted", ">Upload</button>")
#: What every reviewer (clerk or Board member) is offered on a submitted application.
ANY_REVIEWER = ("Start review", "Request changes", "Deny")


@pytest.fixture(autouse=True)
def _february():
    with time_machine.travel(FEB_2027, tick=False):
        yield


def review_page(client, user, application) -> str:
    client.force_login(user)
    response = client.get(reverse("licensing:review", args=[application.pk]))
    assert response.status_code == 200
    return response.content.decode()


def test_the_clerk_is_offered_every_action(client, dog, clerk):
    page = review_page(client, clerk, submitted(dog))

    for offered in (*CLERK_ONLY, *ANY_REVIEWER):
        assert offered in page, offered


def test_a_board_member_is_offered_the_review_but_not_the_clerks_actions(client, dog):
    member = staff(Role.BOARD_MEMBER, "north_andover")

    page = review_page(client, member, submitted(dog))

    for offered in ANY_REVIEWER:
        assert offered in page, offered
    for withheld in CLERK_ONLY:
        assert withheld not in page, withheld


def test_a_board_member_posting_approve_and_issue_is_told_only_the_clerk_issues(client, dog):
    application = submitted(dog)
    client.force_login(staff(Role.BOARD_MEMBER, "north_andover"))

    response = client.post(reverse("licensing:issue", args=[application.pk]))

    assert response.status_code == 403
    page = response.content.decode()
    assert "You cannot do this" in page
    assert "Only the town&#x27;s Clerk may issue licenses" in page
    application.refresh_from_db()
    assert application.status == ApplicationStatus.SUBMITTED


def test_a_board_member_may_take_the_review_actions_offered(client, dog):
    application = submitted(dog)
    client.force_login(staff(Role.BOARD_MEMBER, "north_andover"))

    client.post(reverse("licensing:decide", args=[application.pk, "start"]))

    application.refresh_from_db()
    assert application.status == ApplicationStatus.UNDER_REVIEW


def test_an_inspector_is_not_linked_to_a_review_they_may_not_open(client, dog):
    """The inspection page names the application; only a reviewer gets the link."""
    from permits_site.enforcement.services import schedule_inspection

    application = submitted(dog)
    inspector = staff(Role.INSPECTOR, "north_andover")
    inspection = schedule_inspection(
        municipality=application.municipality,
        check_code="north_andover.dog_license", scheduled_for=dt.date(2027, 2, 10),
        inspector=inspector, application=application, acting_user=inspector)
    client.force_login(inspector)

    page = client.get(reverse("enforcement:inspection", args=[inspection.pk])).content.decode()

    assert reverse("licensing:review", args=[application.pk]) not in page
