"""An appeal's public hearing is noticed to the case's party as a case hearing is, on the
generic case and on North Andover's dog cases (ch. 60, Hearing authority B); a continued
hearing's notice says the day and hour it was set for, and the place when that changed."""

import datetime as dt

import pytest
from django.core import mail
from django.utils import timezone

from dogs.cases.appeals import schedule_public_hearing
from permits_site.enforcement.services import continue_case_hearing, open_case
from permits_site.enforcement.services.cases import schedule_appeal_hearing, schedule_case_hearing
from permits_site.notifications.models import Message, MessageKind
from tests.factories import AppealFactory, Role, municipality, staff
from tests.notifications.conftest import at

pytestmark = pytest.mark.django_db
MONDAY = dt.date(2027, 6, 14)
HEARING_DAY = dt.date(2027, 6, 28)
SEVEN_PM, SIX_PM = dt.time(19), dt.time(18)


def case_against(resident, aco, case_type="north_andover.dog_control"):
    return open_case(municipality=municipality("north_andover"), case_type=case_type,
                     party=resident, party_name="Jane Smith", address="9 Elm St",
                     complaint="Dog seen loose.", received_on=timezone.localdate(),
                     acting_user=aco)


@pytest.fixture
def chief(db):
    return staff(Role.HEARING_AUTHORITY, "north_andover")


def test_an_appeals_public_hearing_is_noticed_to_the_party(resident, aco, chief, committed):
    with at(MONDAY):
        case = case_against(resident, aco)
        appeal = AppealFactory(case=case, filed_on=MONDAY)
        with committed():
            schedule_appeal_hearing(appeal=appeal, hearing_date=HEARING_DAY,
                                    hearing_time=SEVEN_PM, location="Town Hall",
                                    acting_user=chief)

    message = Message.objects.get()
    assert message.kind == MessageKind.HEARING_SCHEDULED and message.is_legal_notice
    assert mail.outbox[0].to == [resident.email]
    assert mail.outbox[0].subject == "North Andover: hearing on June 28"
    assert (f"A hearing on the appeal on case #{case.pk} at 9 Elm St is set for Monday, "
            "June 28, 2027 at 7:00 PM: Town Hall.") in mail.outbox[0].body


def test_a_dog_cases_appeal_hearing_set_by_the_clerk_is_noticed_too(resident, aco, committed):
    clerk = staff(Role.CLERK, "north_andover")
    with at(MONDAY):
        case = case_against(resident, aco, case_type="north_andover.potentially_dangerous_dog")
        appeal = AppealFactory(case=case, filed_on=MONDAY)
        with committed():
            schedule_public_hearing(appeal=appeal, hearing_date=HEARING_DAY, acting_user=clerk)

    assert f"A hearing on the appeal on case #{case.pk} at 9 Elm St" in mail.outbox[0].body


@pytest.fixture
def hearing(resident, aco):
    with at(MONDAY):
        return schedule_case_hearing(case=case_against(resident, aco), notice_sent_on=MONDAY,
                                     hearing_date=HEARING_DAY, hearing_time=SEVEN_PM,
                                     location="Town Hall", acting_user=aco)


def test_moving_only_the_hour_says_the_hour_it_was_set_for(hearing, chief, committed):
    with at(MONDAY), committed():
        continue_case_hearing(hearing=hearing, hearing_date=HEARING_DAY, hearing_time=SIX_PM,
                              location="Town Hall", reason="The room is taken.",
                              acting_user=chief)

    notice = mail.outbox[-1]
    assert notice.subject == "North Andover: new hour or place for the hearing on June 28"
    assert (f"The hearing on case #{hearing.case_id} at 9 Elm St set for Monday, June 28, "
            "2027 at 7:00 PM has been continued. It is set for Monday, June 28, 2027 at "
            "6:00 PM: Town Hall.") in " ".join(notice.body.split())


def test_moving_the_place_names_the_place_it_was_set_for(hearing, chief, committed):
    with at(MONDAY), committed():
        continue_case_hearing(hearing=hearing, hearing_date=dt.date(2027, 6, 29),
                              hearing_time=SEVEN_PM, location="Police Station",
                              reason="The hall is closed.", acting_user=chief)

    notice = mail.outbox[-1]
    assert notice.subject == "North Andover: hearing moved to June 29"
    assert ("set for Monday, June 28, 2027 at 7:00 PM (Town Hall) has been continued. It is "
            "set for Tuesday, June 29, 2027 at 7:00 PM: Police Station.") in " ".join(
        notice.body.split())
