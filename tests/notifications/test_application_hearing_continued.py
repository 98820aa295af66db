"""The applicant is told when the public hearing on their application is continued
(Northborough Horse & Stable Regs §2.2): the day and hour it was set for, the place when that
changed, and the day, hour and place it is set for now — a legal notice, as the scheduled
hearing's is."""

import datetime as dt

import pytest
from django.core import mail

from permits_site.licensing.services.hearings import continue_hearing, schedule_hearing
from permits_site.notifications.models import Message, MessageKind
from tests.licensing.test_hearings import (  # noqa: F401 -- stable_kind, a fixture
    ABUTTERS,
    stable_kind,
    submitted_application,
)
from tests.notifications.conftest import at

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("stable_kind")]
MONDAY = dt.date(2030, 7, 1)
HEARING_DAY = dt.date(2030, 7, 16)
SEVEN_PM = dt.time(19, 0)


@pytest.fixture
def hearing(northborough_clerk):
    with at(MONDAY):
        return schedule_hearing(application=submitted_application(), hearing_date=HEARING_DAY,
                                notices_mailed_on=MONDAY, hearing_time=SEVEN_PM,
                                location="Town Hall", abutters=ABUTTERS,
                                acting_user=northborough_clerk)


def test_the_applicant_is_told_the_hearing_moved_and_from_when(
    hearing, northborough_board_member, committed
):
    applicant = hearing.application.applicant
    with at(dt.date(2030, 7, 15)), committed():
        continue_hearing(hearing=hearing, hearing_date=dt.date(2030, 8, 1),
                         hearing_time=SEVEN_PM, location="Senior Center",
                         reason="The applicant asked for time.",
                         acting_user=northborough_board_member)

    message = Message.objects.get()
    assert (message.kind, message.is_legal_notice, message.recipient) == (
        MessageKind.HEARING_SCHEDULED, True, applicant)
    [notice] = mail.outbox
    assert notice.to == [applicant.email]
    assert notice.subject == "Northborough: hearing moved to August 1"
    assert ("The hearing on your private stable permit application set for Tuesday, July 16, "
            "2030 at 7:00 PM (Town Hall) has been continued. It is set for Thursday, August 1, "
            "2030 at 7:00 PM: Senior Center.") in " ".join(notice.body.split())


def test_a_new_hour_on_the_same_day_is_told_as_such(hearing, northborough_clerk, committed):
    with at(HEARING_DAY), committed():
        continue_hearing(hearing=hearing, hearing_date=HEARING_DAY, hearing_time=dt.time(20),
                         location="Town Hall", reason="The agenda ran late.",
                         acting_user=northborough_clerk)

    [notice] = mail.outbox
    assert notice.subject == "Northborough: new hour or place for the hearing on July 16"
    assert ("set for Tuesday, July 16, 2030 at 7:00 PM has been continued. It is set for "
            "Tuesday, July 16, 2030 at 8:00 PM: Town Hall.") in " ".join(notice.body.split())
