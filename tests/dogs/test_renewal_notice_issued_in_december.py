"""A dog or kennel license issued in December for the license year ending December 31
(Licenses A(7), Kennel license B(7)) is in force for its last weeks only: its holder still
hears of next year's renewal — on its first day in force, the renewal season (from December
1, A(8), B(8)) being already open — once."""

import datetime as dt

import pytest
import time_machine

from dogs.kennels.reminders import renewal_forms
from dogs.licenses.reminders import renewal_notices
from permits_site.notifications.reminders import expiring_permits
from tests.dogs.test_license_flow import licensed
from tests.enforcement.conftest import issued_permit
from tests.factories import Role, UserFactory, local, staff

pytestmark = pytest.mark.django_db

DEC_10_2027 = dt.date(2027, 12, 10)


def keys(reminders) -> list[str]:
    return [reminder.draft.key for reminder in reminders]


def test_a_dog_license_issued_on_december_10_is_followed_by_the_renewal_notice(dog, clerk):
    with time_machine.travel(local(DEC_10_2027), tick=False):
        permit = licensed(dog, clerk, year=2027)
    assert (permit.valid_from, permit.valid_through) == (DEC_10_2027, dt.date(2027, 12, 31))

    assert keys(renewal_notices(DEC_10_2027)) == [f"dog-renewal:{dog.pk}:2028"]
    assert keys(renewal_notices(DEC_10_2027 + dt.timedelta(days=1))) == [
        f"dog-renewal:{dog.pk}:2028"]  # the same key: written once
    assert keys(expiring_permits(DEC_10_2027)) == []  # not announced twice


def test_a_kennel_license_issued_on_december_10_gets_its_renewal_forms():
    holder = UserFactory()
    permit = issued_permit(holder, issued_by=staff(Role.CLERK, "north_andover"),
                           code="north_andover.kennel_license", valid_from=DEC_10_2027,
                           valid_through=dt.date(2027, 12, 31))

    assert keys(renewal_forms(DEC_10_2027)) == [f"kennel-renewal:{permit.pk}:2028"]
    assert keys(expiring_permits(DEC_10_2027)) == []
