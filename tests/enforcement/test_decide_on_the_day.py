"""A hearing (or an appeal whose public hearing is set) is decided on or after the day it is
held: the case page offers "Decide a hearing" from that day, not before, as the citation's
page does (the service refuses an earlier decision in any case). An appeal with no hearing set
is offered at once."""

from __future__ import annotations

import datetime as dt

import pytest
import time_machine
from django.urls import reverse

from permits_site.enforcement.services import schedule_case_hearing
from permits_site.enforcement.services.cases import schedule_appeal_hearing
from tests.enforcement.conftest import MONDAY
from tests.factories import AppealFactory

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("on_monday")]
THURSDAY = dt.date(2027, 6, 17)


def case_page_on(client, case, user, day: dt.date) -> str:
    client.force_login(user)
    with time_machine.travel(dt.datetime.combine(day, dt.time(10, 0)), tick=False):
        return client.get(reverse("enforcement:case", args=[case.pk])).content.decode()


@pytest.fixture
def hearing(stable_permit_case, nb_inspector):
    with time_machine.travel(MONDAY, tick=False):
        return schedule_case_hearing(case=stable_permit_case, notice_sent_on=MONDAY.date(),
                                     hearing_date=THURSDAY, acting_user=nb_inspector)


@pytest.mark.parametrize(("day", "offered"), [
    (THURSDAY - dt.timedelta(days=1), False), (THURSDAY, True),
    (THURSDAY + dt.timedelta(days=1), True)])
def test_a_hearing_is_offered_for_its_decision_from_its_day(client, hearing, nb_board, day,
                                                            offered):
    page = case_page_on(client, hearing.case, nb_board, day)

    assert ("Decide a hearing" in page) is offered


@pytest.mark.parametrize(("day", "offered"), [
    (THURSDAY - dt.timedelta(days=1), False), (THURSDAY, True)])
def test_an_appeal_whose_hearing_is_set_is_offered_from_that_day(client, stable_permit_case,
                                                                 nb_board, day, offered):
    appeal = AppealFactory(case=stable_permit_case, filed_on=MONDAY.date())
    with time_machine.travel(MONDAY, tick=False):
        schedule_appeal_hearing(appeal=appeal, hearing_date=THURSDAY, location="Town Hall",
                                acting_user=nb_board)

    page = case_page_on(client, stable_permit_case, nb_board, day)

    assert ("Decide an appeal" in page) is offered


def test_an_appeal_with_no_hearing_set_is_offered_at_once(client, stable_permit_case, nb_board):
    AppealFactory(case=stable_permit_case, filed_on=MONDAY.date())

    page = case_page_on(client, stable_permit_case, nb_board, MONDAY.date())

    assert "Decide an appeal" in page
