"""A transfer license (North Andover Code ch. 60, Licenses A(4)): issued on surrender of a
current license from another jurisdiction, it is valid only "until the next regular
licensing period" — the end of the license year (Licenses A(7)), whatever day it issues,
never a full year from its issue."""

import datetime as dt

import pytest
import time_machine

from tests.dogs.test_license_flow import licensed

pytestmark = pytest.mark.django_db

SURRENDERED = {"previous_jurisdiction": "Andover, MA", "previous_license_number": "A-553",
               "moved_in_on": dt.date(2027, 2, 1)}


def transfer_licensed(dog, clerk):
    return licensed(dog, clerk, action="transfer",
                    documents=("rabies_certificate", "other_town_license"), **SURRENDERED)


@pytest.mark.parametrize("issued_on", [
    dt.date(2027, 2, 10),   # early in the license year
    dt.date(2027, 12, 30),  # the day before the license year ends
    dt.date(2027, 12, 31),  # its last day: valid that one day
])
def test_transfer_license_valid_until_the_next_regular_licensing_period_a4(
        dog, clerk, issued_on):
    with time_machine.travel(dt.datetime(issued_on.year, issued_on.month, issued_on.day, 15),
                             tick=False):
        permit = transfer_licensed(dog, clerk)

    assert (permit.valid_from, permit.valid_through) == (issued_on, dt.date(2027, 12, 31))
    assert permit.application.action == "transfer"
