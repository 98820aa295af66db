"""Migration 0007 gives every person already on file with a city or ZIP code the state "MA"
(they were all entered at a Massachusetts town's counter or on its forms), and none to a
person with no address on file."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from permits_site.accounts.models import User

pytestmark = pytest.mark.django_db(transaction=True, serialized_rollback=True)
BEFORE = ("accounts", "0006_user_language")

PEOPLE = {  # username: street, city, ZIP code
    "ann": ("5 Elm Street", "North Andover", "01845"),
    "ben": ("", "Tisbury", ""),
    "cy": ("", "", "01532"),
    "dee": ("7 Oak Road", "", ""),
    "eve": ("", "", ""),
}


def migrate(accounts_at=None):
    """Every app at its latest migration, the accounts at ``accounts_at`` if named: only
    the accounts' migrations after it are unapplied, since no other app's depends on them."""
    executor = MigrationExecutor(connection)
    targets = [accounts_at if accounts_at and app == "accounts" else (app, name)
               for app, name in executor.loader.graph.leaf_nodes()]
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


@pytest.fixture(autouse=True)
def _latest_schema_afterwards():
    yield
    migrate()


def test_people_on_file_with_a_city_or_zip_code_live_in_massachusetts_the_others_nowhere():
    people = migrate(BEFORE).get_model("accounts", "User").objects
    for username, (street, city, postal_code) in PEOPLE.items():
        people.create(username=username, email=f"{username}@example.org",
                      street_address=street, city=city, postal_code=postal_code)

    migrate()

    assert dict(User.objects.values_list("username", "state")) == {
        "ann": "MA", "ben": "MA", "cy": "MA", "dee": "", "eve": ""}
    assert User.objects.get(username="ann").mailing_address == (
        "5 Elm Street, North Andover, MA 01845")


def test_a_person_entered_after_it_is_in_massachusetts_unless_they_say_otherwise():
    assert User.objects.create(username="fay", email="fay@example.org").state == "MA"
