"""The people of North Andover's dog cases (Code ch. 60): a dog's owner, the Animal Control
Officer and the hearing authority (the Police Chief, and a designee who rules on the appeal
of a decision the Chief made). A test module that needs someone else declares a fixture of
the same name."""

import datetime as dt

import pytest

from tests.factories import Role, UserFactory, on_day, staff

MON_JUNE_8 = dt.date(2026, 6, 8)


@pytest.fixture
def on_monday_june_8():
    """The clock stopped at 10 a.m. on Monday, June 8, 2026, a day North Andover's offices
    are open (a module asks for it with ``usefixtures``)."""
    with on_day(MON_JUNE_8):
        yield


@pytest.fixture
def owner(db):
    return UserFactory(first_name="Pat", last_name="Doe")


@pytest.fixture
def aco(db):
    return staff(Role.ANIMAL_CONTROL_OFFICER, "north_andover", first_name="Alice",
                 last_name="Officer")


@pytest.fixture
def chief(db):
    return staff(Role.HEARING_AUTHORITY, "north_andover", first_name="Hal", last_name="Chief")


@pytest.fixture
def designee(db):
    """The Chief's designee, also the hearing authority: an appeal of the Chief's own
    determination is ruled on by someone else (Hearing authority B, C)."""
    return staff(Role.HEARING_AUTHORITY, "north_andover", first_name="Dana",
                 last_name="Designee")
