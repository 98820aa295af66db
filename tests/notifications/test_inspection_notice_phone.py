"""The inspection notice tells the holder how to reach the office when the day does not suit
them: the town office's telephone where the town has one, and, for a visit set for the day
the notice goes out, to call as soon as they can rather than "before it"."""

import datetime as dt

import pytest

from permits_site.notifications.models import Message, MessageKind
from tests.enforcement.conftest import issued_permit, sanitary_inspection
from tests.factories import PaymentOfficeFactory, Role, UserFactory, municipality, staff
from tests.notifications.conftest import at

pytestmark = pytest.mark.django_db
#: Monday, December 7, 2026.
MONDAY = dt.date(2026, 12, 7)
PHONE = "(508) 393-5030"


@pytest.fixture
def permit(db):
    return issued_permit(UserFactory(first_name="Kate", last_name="Keeper"),
                         issued_by=staff(Role.CLERK, "northborough"))


@pytest.fixture
def town_office(db):
    return PaymentOfficeFactory(municipality=municipality("northborough"), phone=PHONE)


def notice(permit, committed, *, sent_on: dt.date, visit_on: dt.date) -> str:
    with at(sent_on), committed():
        sanitary_inspection(permit, staff(Role.INSPECTOR, "northborough"), on=visit_on)
    return " ".join(Message.objects.get(kind=MessageKind.INSPECTION_SCHEDULED).text.split())


def test_a_later_visit_gives_the_offices_telephone_to_call_before_it(permit, town_office,
                                                                      committed):
    text = notice(permit, committed, sent_on=MONDAY, visit_on=MONDAY + dt.timedelta(days=3))

    assert f"If that day does not suit you, call the office at {PHONE} before it." in text


def test_a_visit_today_asks_for_a_call_as_soon_as_they_can(permit, town_office, committed):
    text = notice(permit, committed, sent_on=MONDAY, visit_on=MONDAY)

    assert f"If today does not suit you, call the office at {PHONE} as soon as you can." in text
    assert "before it" not in text


def test_a_town_without_an_office_record_gives_no_number(permit, committed):
    later = notice(permit, committed, sent_on=MONDAY, visit_on=MONDAY + dt.timedelta(days=3))
    Message.objects.all().delete()
    today = notice(permit, committed, sent_on=MONDAY, visit_on=MONDAY)

    assert "If that day does not suit you, call the office before it." in later
    assert "If today does not suit you, call the office as soon as you can." in today


def test_an_office_without_a_telephone_gives_no_number(permit, committed):
    PaymentOfficeFactory(municipality=municipality("northborough"), phone="")

    text = notice(permit, committed, sent_on=MONDAY, visit_on=MONDAY + dt.timedelta(days=3))

    assert "If that day does not suit you, call the office before it." in text
