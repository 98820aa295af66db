"""Messages are written and sent after commit: these tests run the commit callbacks."""

import datetime as dt
import io

import pytest
import time_machine
from django.core import mail
from django.core.management import call_command

from permits_site.licensing.services.applications import create_application
from permits_site.parties.services import find_or_create_property
from tests.declared import declared_permit_type
from tests.factories import Role, municipality, staff


@pytest.fixture
def garden_party(db):
    with declared_permit_type() as permit_type:
        yield permit_type


@pytest.fixture
def aco(db):
    return staff(Role.ANIMAL_CONTROL_OFFICER, "north_andover")


@pytest.fixture
def garden(resident):
    place, _ = find_or_create_property(municipality=municipality("north_andover"),
                                       address="12 Osgood Street", acting_user=resident)
    return place


@pytest.fixture
def draft(garden_party, garden, resident):
    """A garden party application by the resident, not yet submitted."""
    def make(*, applicant=None, business=None):
        return create_application(
            applicant=applicant or resident, permit_type=garden_party, action="new",
            facts={"guests": 20}, details={"party_date": "2027-07-04"}, place=garden,
            business=business,
        )
    return make


@pytest.fixture
def committed(django_capture_on_commit_callbacks):
    """Run a block and then its commit callbacks, as a real commit would."""
    return lambda: django_capture_on_commit_callbacks(execute=True)


def at(day: dt.date):
    return time_machine.travel(dt.datetime.combine(day, dt.time(10, 0)), tick=False)


@pytest.fixture
def run(committed):
    """``send_reminders --date day``, its messages sent as after a real commit."""
    def run_on(day: dt.date) -> list:
        before = len(mail.outbox)
        with at(day), committed():
            call_command("send_reminders", "--date", day.isoformat(), stdout=io.StringIO())
        return mail.outbox[before:]
    return run_on
