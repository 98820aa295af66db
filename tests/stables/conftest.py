"""Northborough people: a stable keeper, the Board of Health office and its Board."""

import pytest

from tests.factories import Role, UserFactory, staff


@pytest.fixture
def keeper(db):
    return UserFactory(first_name="Kate", last_name="Keeper", city="Northborough",
                       postal_code="01532")


@pytest.fixture
def nb_clerk(db):
    return staff(Role.CLERK, "northborough", first_name="Nora", last_name="Clerk")


@pytest.fixture
def board_member(db):
    return staff(Role.BOARD_MEMBER, "northborough", first_name="Bea", last_name="Board")


@pytest.fixture
def inspector(db):
    return staff(Role.INSPECTOR, "northborough", first_name="Ivan", last_name="Inspector")
