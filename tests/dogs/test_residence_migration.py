"""Migration 0005 gives every dog registered before residences existed its owner's
mailing address in North Andover as its residence."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from dogs.models import Dog

#: Migrating back and forth re-renders every model state of the project: minutes of a
#: core, spent once, on the production database.
pytestmark = [pytest.mark.django_db(transaction=True, serialized_rollback=True),
              pytest.mark.postgres_only]
BEFORE = [("dogs", "0004_seed_fines")]
AFTER = [("dogs", "0006_dog_residence_required")]


def migrate(targets):
    executor = MigrationExecutor(connection)
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


@pytest.fixture(autouse=True)
def _latest_schema_afterwards():
    """The tests after this one need every migration, later ones than AFTER included."""
    yield
    migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())


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
    assert ann.residence.municipality.code == "north_andover"
    assert set(ann.residence.people.values_list("username", flat=True)) == {"ann", "ben"}
    assert cy.residence.address == "Address not on file (cy)"
