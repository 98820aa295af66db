"""Migration 0019 names the dog of every case already opened from a bite record: the bite's
dog, as a case opened from a bite record now names it (Potentially dangerous B)."""

import datetime as dt

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from dogs.cases import dog_named
from permits_site.enforcement.models import Case

#: Migrating back and forth re-renders every model state of the project: minutes of a
#: core, spent once, on the production database.
pytestmark = [pytest.mark.django_db(transaction=True, serialized_rollback=True),
              pytest.mark.postgres_only]
BEFORE = [("dogs", "0018_fines_the_select_board_sets")]
AFTER = [("dogs", "0019_case_dog")]


def migrate(dogs_at):
    """Every app at its latest migration but the dogs, at ``dogs_at``: the other apps'
    models as they are now (a person has a language)."""
    executor = MigrationExecutor(connection)
    targets = [dogs_at[0] if app == "dogs" else (app, name)
               for app, name in executor.loader.graph.leaf_nodes()]
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


@pytest.fixture(autouse=True)
def _latest_schema_afterwards():
    """The tests after this one need every migration, later ones than AFTER included."""
    yield
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())


def test_a_case_opened_from_a_bite_names_the_bites_dog():
    apps = migrate(BEFORE)
    town = apps.get_model("towns", "Municipality").objects.get(code="north_andover")
    officer = apps.get_model("accounts", "User").objects.create(
        username="aco", email="aco@example.org")
    owner = apps.get_model("accounts", "User").objects.create(
        username="pat", email="pat@example.org", first_name="Pat", last_name="Doe")
    home = apps.get_model("parties", "Property").objects.create(
        municipality=town, address="5 Elm Street", normalised_address="5 elm st")
    dog = apps.get_model("dogs", "Dog").objects.create(
        owner=owner, residence=home, name="Biscuit", breed="Beagle", color="Tricolor",
        sex="female", date_of_birth="2022-05-01")
    opened = {}
    for complaint in ("bitten", "not bitten"):
        opened[complaint] = apps.get_model("enforcement", "Case").objects.create(
            municipality=town, case_type="north_andover.potentially_dangerous_dog",
            party_name="Pat Doe", address="5 Elm Street, North Andover", complaint=complaint,
            received_on=dt.date(2027, 9, 2), opened_by=officer)
    apps.get_model("dogs", "BiteRecord").objects.create(
        municipality=town, bitten_on=dt.date(2027, 9, 1), place="Elm Street", dog=dog,
        victim_name="Jo Jogger", case=opened["bitten"], recorded_by=officer)

    migrate(AFTER)

    assert dog_named(Case.objects.get(pk=opened["bitten"].pk)) == (
        "Biscuit (Beagle, Tricolor, female)")
    assert dog_named(Case.objects.get(pk=opened["not bitten"].pk)) == ""
