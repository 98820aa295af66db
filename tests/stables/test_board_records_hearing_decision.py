"""The Board holds the §2.2 hearing and decides it: a Board member records the Board's
decision on the review screen and through the API, as the Clerk may for the Board; the
mailing of the notices stays the Clerk's."""

import datetime as dt
import re

import pytest
import time_machine
from django.urls import reverse

from permits_site.licensing.services.hearings import schedule_hearing
from tests.api.conftest import client_for
from tests.factories import Role, staff
from tests.stables.flow import submitted

pytestmark = pytest.mark.django_db
MARCH_15_2027 = dt.datetime(2027, 3, 15, 10, 0)
HEARING_DAY = dt.datetime(2027, 4, 5, 21, 0)
ABUTTER = {"name": "Mary Jones", "mailing_address": "20 Whitney Street, Northborough, MA 01532",
           "certified_mail_number": "7019 0700 0000 1234 5678"}


def decision_form(page: str, hearing) -> tuple[str, dict[str, str]]:
    """The address and hidden fields of the page's "Record the decision" form."""
    [form] = [form for form in re.findall(r"<form .*?</form>", page, re.S)
              if f"decide-{hearing.pk}-decision" in form]
    hidden = dict(re.findall(r'type="hidden" name="(\w+)" value="([^"]*)"', form))
    hidden.pop("csrfmiddlewaretoken", None)
    return re.search(r'action="([^"]+)"', form)[1].split("#")[0], hidden


def decision(hearing) -> dict[str, str]:
    return {f"decide-{hearing.pk}-decision": "Permit granted.",
            f"decide-{hearing.pk}-decided_on": "2027-04-05"}


@pytest.fixture
def hearing(keeper, nb_clerk):
    """A hearing on April 5, 2027 whose notices were mailed on March 15."""
    with time_machine.travel(MARCH_15_2027, tick=False):
        application = submitted(keeper)
        return schedule_hearing(application=application, hearing_date=dt.date(2027, 4, 5),
                                hearing_time=dt.time(19, 0), location="Town Hall",
                                abutters=[ABUTTER],
                                notices_mailed_on=dt.date(2027, 3, 15), acting_user=nb_clerk)


@time_machine.travel(HEARING_DAY, tick=False)
def test_the_board_member_records_the_decision_on_the_review_screen(client, hearing,
                                                                    board_member):
    client.force_login(board_member)
    url = reverse("licensing:review", args=[hearing.application_id])

    page = client.get(url).content.decode()
    address, hidden = decision_form(page, hearing)
    response = client.post(address, {**hidden, **decision(hearing)})

    assert "Hearing on Monday, April 5, 2027, 7:00 PM, Town Hall" in page
    assert response.status_code == 302
    hearing.refresh_from_db()
    assert hearing.decision == "Permit granted."
    assert hearing.decided_on == dt.date(2027, 4, 5)


@time_machine.travel(HEARING_DAY, tick=False)
def test_the_board_member_records_the_decision_through_the_api(hearing, board_member):
    response = client_for(board_member).post(
        f"/api/v1/applications/{hearing.application_id}/hearings/{hearing.pk}/decision/",
        {"decision": "Permit granted.", "decided_on": "2027-04-05"}, format="json")

    assert response.status_code == 200, response.content
    hearing.refresh_from_db()
    assert hearing.decided_on == dt.date(2027, 4, 5)


@time_machine.travel(HEARING_DAY, tick=False)
def test_an_inspector_may_not_record_the_decision(client, hearing, board_member):
    client.force_login(board_member)
    address, hidden = decision_form(
        client.get(reverse("licensing:review", args=[hearing.application_id])).content.decode(),
        hearing)
    client.force_login(staff(Role.INSPECTOR, "northborough"))

    response = client.post(address, {**hidden, **decision(hearing)})

    assert response.status_code == 403
    hearing.refresh_from_db()
    assert not hearing.is_decided
