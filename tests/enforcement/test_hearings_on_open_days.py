"""A case hearing and an appeal's public hearing are set only on a day the town's offices are
open, as a continued hearing is: refused on a legal holiday (Tisbury, Christmas Day) and on a
weekday the offices do not keep (North Andover: Monday to Thursday), naming the field and
the closure, and nothing is scheduled."""

import datetime as dt

import pytest
import time_machine

from permits_site.enforcement.models import CaseHearing
from permits_site.enforcement.services.cases import schedule_appeal_hearing, schedule_case_hearing
from permits_site.exceptions import DomainError
from tests.factories import AppealFactory, CaseFactory, Role, municipality, staff

pytestmark = [pytest.mark.django_db,
              pytest.mark.usefixtures("_december_6_2026")]


@pytest.fixture
def _december_6_2026():
    with time_machine.travel(dt.datetime(2026, 12, 6, 10, 0), tick=False):
        yield


@pytest.mark.parametrize(("day", "closure"), [
    (dt.date(2026, 12, 24), None),
    (dt.date(2026, 12, 25), "Christmas Day"),
    (dt.date(2026, 12, 28), None),
])
def test_a_tisbury_case_hearing_is_refused_on_christmas_day(day, closure):
    case = CaseFactory(municipality=municipality("tisbury"), case_type="tisbury.health_violation")
    schedule = dict(case=case, notice_sent_on=dt.date(2026, 12, 7), hearing_date=day,
                    acting_user=staff(Role.INSPECTOR, "tisbury"))

    if closure is None:
        assert schedule_case_hearing(**schedule).hearing_date == day
        return
    with pytest.raises(DomainError) as refused:
        schedule_case_hearing(**schedule)
    [message] = refused.value.errors["hearing_date"]
    assert "December 25, 2026" in message and closure in message
    assert not CaseHearing.objects.exists()


@pytest.mark.parametrize(("day", "open_day"), [
    (dt.date(2026, 12, 10), True),   # Thursday
    (dt.date(2026, 12, 11), False),  # Friday
    (dt.date(2026, 12, 14), True),   # Monday
])
def test_a_north_andover_appeal_hearing_is_refused_on_a_friday(day, open_day):
    appeal = AppealFactory(filed_on=dt.date(2026, 12, 4))
    schedule = dict(appeal=appeal, hearing_date=day,
                    acting_user=staff(Role.HEARING_AUTHORITY, "north_andover"))

    if open_day:
        assert schedule_appeal_hearing(**schedule).hearing_date == day
        return
    with pytest.raises(DomainError) as refused:
        schedule_appeal_hearing(**schedule)
    [message] = refused.value.errors["hearing_date"]
    assert "December 11, 2026" in message and "closed" in message
    appeal.refresh_from_db()
    assert appeal.hearing_date is None
