"""A permit issued inside its last 30 days hears of its renewal on its first day in force
(Northborough Horse & Stable Regs: "renewal reminders go out 30 days before a permit's
valid-through date"; a permit issued after that day is reminded the day it starts), once;
a permit whose whole term is 30 days or less — Tisbury's temporary dumpster, 09.2.5(3) —
gets none: its renewal is offered from its start."""

import datetime as dt

import pytest

from permits_site.notifications.models import Message, MessageKind
from tests.enforcement.conftest import issued_permit
from tests.factories import Role, UserFactory, staff

pytestmark = pytest.mark.django_db

YEAR_END = dt.date(2027, 12, 31)
ANNUAL = "northborough.public_stable"
TEMPORARY = "tisbury.temporary_dumpster"


def days(n: int) -> dt.timedelta:
    return dt.timedelta(days=n)


def permit(code: str, *, valid_from: dt.date, valid_through: dt.date):
    town = code.split(".")[0]
    return issued_permit(UserFactory(), issued_by=staff(Role.CLERK, town), code=code,
                         valid_from=valid_from, valid_through=valid_through)


def reminded_on(run, *mornings: dt.date) -> list[int]:
    """How many messages each morning's run wrote."""
    return [len(run(morning)) for morning in mornings]


def test_an_annual_permit_issued_31_days_before_its_end_is_reminded_30_days_before(run):
    first_day = YEAR_END - days(31)
    permit(ANNUAL, valid_from=first_day, valid_through=YEAR_END)

    assert reminded_on(run, first_day, first_day + days(1), first_day + days(2)) == [0, 1, 0]


@pytest.mark.parametrize("issued_before_end", [30, 29, 10, 0])
def test_an_annual_permit_issued_inside_its_last_30_days_is_reminded_on_its_first_day(
        run, issued_before_end):
    first_day = YEAR_END - days(issued_before_end)
    issued = permit(ANNUAL, valid_from=first_day, valid_through=YEAR_END)

    assert reminded_on(run, first_day - days(1), first_day, first_day + days(1)) == [0, 1, 0]
    message = Message.objects.get()
    assert message.kind == MessageKind.PERMIT_EXPIRING
    assert f"permit-expiry:{issued.pk}:{YEAR_END}" in message.dedupe_key


def test_a_first_day_missed_is_caught_up_the_next_morning(run):
    first_day = YEAR_END - days(20)
    permit(ANNUAL, valid_from=first_day, valid_through=YEAR_END)

    assert reminded_on(run, first_day + days(1), first_day + days(2)) == [1, 0]


def test_a_permit_not_yet_in_force_is_not_reminded(run):
    first_day = YEAR_END - days(20)
    permit(ANNUAL, valid_from=first_day, valid_through=YEAR_END)

    assert reminded_on(run, first_day - days(3), first_day - days(1)) == [0, 0]


def test_a_temporary_permit_of_31_days_is_reminded_30_days_before_its_end(run):
    """Its 31st day is 30 days after its first, the day it is reminded."""
    start = dt.date(2027, 12, 1)
    permit(TEMPORARY, valid_from=start, valid_through=start + days(30))

    assert reminded_on(run, start - days(1), start, start + days(1)) == [0, 1, 0]


@pytest.mark.parametrize("term", [30, 29, 5])
def test_a_temporary_permit_of_30_days_or_less_gets_no_reminder(run, term):
    start = dt.date(2027, 12, 2)
    last_day = start + days(term - 1)
    permit(TEMPORARY, valid_from=start, valid_through=last_day)

    assert reminded_on(run, start - days(1), start, start + days(1), last_day) == [0, 0, 0, 0]


def test_a_private_stable_permit_handed_over_in_its_last_month_is_reminded_on_its_first_day(
        run):
    """A transfer keeps the end date of the permit it hands over (§2.4): the permit type's
    term is a year from issue (§2.2), so the new holder hears of the renewal on day one."""
    ends = dt.date(2028, 1, 3)
    first_day = ends - days(12)
    permit("northborough.private_stable", valid_from=first_day, valid_through=ends)

    assert reminded_on(run, first_day - days(1), first_day, first_day + days(1)) == [0, 1, 0]
