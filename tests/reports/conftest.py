"""Report fixtures: the day the reports are read, a year of records, and the office's staff."""

import pytest
import time_machine

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


@pytest.fixture
def records(today, db):
    return YearOfRecords(staff=staff(Role.CLERK, "tisbury")).build()
