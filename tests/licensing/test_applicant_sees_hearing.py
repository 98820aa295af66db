"""The applicant reads the public hearing on their application (Northborough Horse & Stable
Regs §2.2) on its page and in the API's answer: its day, hour and place, and once decided that
it was decided, with the decision; "What happens next" names the coming hearing."""

import datetime as dt

import pytest
import time_machine
from django.test import Client
from django.urls import reverse

from tests.api.conftest import client_for
from tests.factories import PermitHearingFactory
from tests.licensing.test_hearings import (  # noqa: F401 -- stable_kind, a fixture
    stable_kind,
    submitted_application,
)

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("stable_kind")]
MONDAY_DEC_21 = dt.date(2026, 12, 21)
SENIOR_CENTER = "Northborough Senior Center"
WHEN = "Monday, December 21, 2026, 6:00 PM, Northborough Senior Center"


@pytest.fixture(autouse=True)
def _december_1_2026():
    with time_machine.travel(dt.datetime(2026, 12, 1, 10, 0), tick=False):
        yield


@pytest.fixture
def hearing(db):
    """A Board hearing on a private stable application, set for 6:00 PM at the Senior
    Center."""
    return PermitHearingFactory(application=submitted_application(),
                                notices_mailed_on=dt.date(2026, 12, 1),
                                hearing_date=MONDAY_DEC_21, hearing_time=dt.time(18, 0),
                                location=SENIOR_CENTER)


def applicant_page(client, hearing) -> str:
    client.force_login(hearing.application.applicant)
    response = client.get(reverse("licensing:application", args=[hearing.application.pk]))
    assert response.status_code == 200
    return " ".join(response.content.decode().split())


def test_the_page_gives_the_hearings_day_hour_and_place_and_next_names_it(client, hearing):
    page = applicant_page(client, hearing)

    assert "Public hearing" in page
    assert f"{WHEN}. Not decided yet." in page
    next_step = page.split('id="next-step"')[1].split("</p>")[0]
    assert f"The public hearing on your application is set for {WHEN}." in next_step


def test_a_decided_hearing_says_so_with_its_decision(client, hearing):
    hearing.decided_on = MONDAY_DEC_21
    hearing.decision = "Permit granted with a manure plan."
    hearing.save(update_fields=["decided_on", "decision"])

    page = applicant_page(client, hearing)

    assert f"{WHEN}. Decided on December 21, 2026." in page
    assert "Permit granted with a manure plan." in page
    assert "Not decided yet." not in page
    assert "is set for" not in page.split('id="next-step"')[1].split("</p>")[0]


def test_a_past_undecided_hearing_is_not_called_coming(client, hearing):
    with time_machine.travel(dt.datetime(2026, 12, 22, 10, 0), tick=False):
        page = applicant_page(client, hearing)

    assert f"{WHEN}. Not decided yet." in page
    assert "is set for" not in page.split('id="next-step"')[1].split("</p>")[0]


def test_a_page_without_a_hearing_has_no_hearing_part(client, hearing):
    hearing.delete()

    assert "Public hearing" not in applicant_page(client, hearing)


def test_the_hearings_day_is_said_in_the_applicants_language(hearing):
    client = Client(HTTP_ACCEPT_LANGUAGE="pt-br")

    page = applicant_page(client, hearing)

    assert f"21 de dezembro de 2026, 18:00, {SENIOR_CENTER}" in page


def test_the_api_answer_lists_the_hearings_day_hour_place_and_decision_day(hearing):
    api = client_for(hearing.application.applicant)

    answer = api.get(f"/api/v1/applications/{hearing.application.pk}/").json()

    assert answer["hearings"] == [{"hearing_date": "2026-12-21", "hearing_time": "18:00",
                                   "location": SENIOR_CENTER, "decided_on": None,
                                   "continuances": []}]
    assert "The hearing on December 21, 2026 has not been decided." in [
        blocker["message"] for blocker in answer["blockers"]]
