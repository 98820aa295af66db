"""Report fixtures: the day the reports are read, a year of records, and the office's staff."""

import pytest
import time_machine
from django.db import transaction

from tests.factories import Role, local, municipality, staff
from tests.reports.year import TODAY, YearOfRecords


@pytest.fixture
def today():
    with time_machine.travel(local(TODAY), tick=False):
        yield TODAY


@pytest.fixture
def northborough(db):
    return municipality("northborough")


@pytest.fixture
def two_town_clerk(db):
    """Clerk of North Andover and admin of Northborough: sees both towns' reports."""
    user = staff(Role.CLERK, "north_andover", first_name="Tess", last_name="Twotowns")
    user.memberships.create(municipality=municipality("northborough"), role=Role.ADMIN)
    return user


@pytest.fixture(scope="module")
def _year_of_records(django_db_setup, django_db_blocker):
    """The year, laid down once for a module inside a transaction rolled back after its last
    test: each test reads it inside its own savepoint, so a module's figure tests build it
    once (on each test process) rather than once each."""
    with django_db_blocker.unblock(), transaction.atomic():
        with time_machine.travel(local(TODAY), tick=False):
            built = YearOfRecords(staff=staff(Role.CLERK, "tisbury")).build()
        yield built
        transaction.set_rollback(True)


@pytest.fixture
def records(_year_of_records, today, db):
    return _year_of_records
