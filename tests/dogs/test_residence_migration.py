"""Migration 0005 gives every dog registered before residences existed its owner's
mailing address in North Andover as its residence."""

from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from dogs.models import Dog

#: Run once, on the production database, in a database of its own (below).
pytestmark = [pytest.mark.django_db(transaction=True, serialized_rollback=True),
              pytest.mark.postgres_only]
BEFORE = [("dogs", "0004_seed_fines")]
AFTER = [("dogs", "0006_dog_residence_required")]


def migrate(targets):
    executor = MigrationExecutor(connection)
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


@contextmanager
def database_of_its_own() -> Iterator[None]:
    """The test's connection on a new, empty database for the block, dropped after it.

    Taking the test database back to BEFORE would unapply every later migration of every
    app that depends on the dogs' 0005, and apply them all again after: a minute and a half
    of a core. From an empty database, migrating to BEFORE applies only what BEFORE needs.
    """
    settings = connection.settings_dict
    test_database = settings["NAME"]
    own_database = connection.ops.quote_name(f"{test_database}_migration")
    with connection.cursor() as cursor:
        cursor.execute(f"DROP DATABASE IF EXISTS {own_database}")
        cursor.execute(f"CREATE DATABASE {own_database}")
    connection.close()
    settings["NAME"] = f"{test_database}_migration"
    try:
        yield
    finally:
        connection.close()
        settings["NAME"] = test_database
        with connection.cursor() as cursor:
            cursor.execute(f"DROP DATABASE {own_database}")


@pytest.fixture(autouse=True)
def _in_a_database_of_its_own():
    with database_of_its_own():
        yield


def test_existing_dogs_get_their_owners_mailing_address_as_residence():
    apps = migrate(BEFORE)
    User = apps.get_model("accounts", "User")
    HistoricalDog = apps.get_model("dogs", "Dog")
    owners = [
        User.objects.create(username=username, email=f"{username}@example.org",
                            street_address=address)
        for username, address in (("ann", "5 Elm Street"), ("ben", "5 elm st."), ("cy", ""))
    ]
    for owner in owners:
        HistoricalDog.objects.create(owner=owner, name=owner.username, breed="Beagle",
                                     color="Tan", sex="female", date_of_birth="2022-05-01")

    migrate(AFTER)

    ann, ben, cy = (Dog.objects.select_related("residence").get(name=name)
                    for name in ("ann", "ben", "cy"))
    assert ann.residence == ben.residence
    assert ann.residence.address == "5 Elm Street"
    # The town's code read alone: the towns app stands where 0006 needs it, not at its head.
    assert Dog.objects.filter(name="ann").values_list(
        "residence__municipality__code", flat=True).get() == "north_andover"
    assert set(ann.residence.people.values_list("username", flat=True)) == {"ann", "ben"}
    assert cy.residence.address == "Address not on file (cy)"
