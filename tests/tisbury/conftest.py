"""Tisbury permit tests run on one day, with the Board of Health's clerk."""

import pytest
import time_machine

from tests.factories import Role, staff
from tests.tisbury.support import JUNE_3_2030


@pytest.fixture(autouse=True)
def _june_2030():
    with time_machine.travel(JUNE_3_2030, tick=False):
        yield


@pytest.fixture
def clerk(db):
    return staff(Role.CLERK, "tisbury", first_name="Tess", last_name="Clerk")
