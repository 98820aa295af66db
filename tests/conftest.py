"""Shared fixtures: towns come from the migrations, people from the factories."""

import sqlite3

import pytest
from django.core.cache import cache
from django.db import connection
from django.db.backends.sqlite3.creation import DatabaseCreation as SQLiteDatabaseCreation
from django.test import override_settings
from django.utils import translation
from rest_framework.test import APIClient

from tests.factories import DogFactory, Role, UserFactory, municipality, staff
from tests.migrated_once import migrated_once

#: Passwords hashed in a blink: the production hasher's million rounds took a second of
#: every sign-in and of every demo account seeded, and no test is about its strength.
FAST_PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


#: Fixtures through which a test reaches the database (pytest-django's own).
DATABASE_FIXTURES = {"db", "transactional_db", "live_server", "django_db_reset_sequences",
                     "django_db_serialized_rollback"}


def uses_the_database(item: pytest.Item) -> bool:
    return (item.get_closest_marker("django_db") is not None
            or not DATABASE_FIXTURES.isdisjoint(getattr(item, "fixturenames", ())))


def is_transactional(item: pytest.Item) -> bool:
    marker = item.get_closest_marker("django_db")
    return ((marker is not None and marker.kwargs.get("transaction", False))
            or not {"transactional_db", "live_server"}.isdisjoint(
                getattr(item, "fixturenames", ())))


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Run each test once where no database decides it, and the longest first.

    - Tests marked ``postgres_only`` run in the PostgreSQL suite alone: their outcome does
      not depend on the database, and running them twice would only lengthen CI.
    - Tests that use no database at all (rules, calendar, templates read as files, the
      translation catalogues) run in the SQLite suite alone, unless marked ``postgres``.
    - In the PostgreSQL suite the ``postgres_only`` tests that run inside a transaction,
      the suite's longest (the demo walks, the signed-in fuzzing), come first, so that they
      do not end the run alone on one worker. pytest-django has already put the tests that
      need a transactional database after the others (their flush empties the database);
      that order is kept.
    """
    if connection.vendor != "postgresql":
        once = pytest.mark.skip(reason="runs once, in the PostgreSQL suite (marker postgres_only)")
        for item in items:
            if item.get_closest_marker("postgres_only"):
                item.add_marker(once)
        return
    on_sqlite = pytest.mark.skip(reason="uses no database: runs once, in the SQLite suite")
    for item in items:
        if not uses_the_database(item) and not item.get_closest_marker("postgres"):
            item.add_marker(on_sqlite)
    items.sort(key=lambda item: not (item.get_closest_marker("postgres_only")
                                     and not is_transactional(item)))


@pytest.fixture(autouse=True, scope="session")
def _migrated_once(tmp_path_factory, django_db_blocker):
    """Each xdist worker's test database is a copy of the one the run migrated first
    (tests/migrated_once.py), kept in the folder the run's workers share."""
    with migrated_once(tmp_path_factory.getbasetemp().parent, django_db_blocker.unblock):
        yield


@pytest.fixture(autouse=True, scope="session")
def _fast_password_hashing():
    with override_settings(PASSWORD_HASHERS=FAST_PASSWORD_HASHERS):
        yield


@pytest.fixture(autouse=True, scope="session")
def _cache_of_this_process():
    """Each test process keeps its own cache even when the suite is given ``REDIS_URL``:
    every process has its own test database, and one cache shared between them would
    serve one database's towns to another. The tests of several servers sharing Redis
    start their own servers (tests/infra/)."""
    with override_settings(
        CACHES={"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    ):
        yield


@pytest.fixture(autouse=True, scope="session")
def _serialized_rollback_by_copy():
    """On SQLite, put back the reference data a transactional test's flush removed by
    copying a database back, not by saving every object again.

    ``serialized_rollback`` (the browser walks, the concurrency tests) restores the
    migrated towns, permit types and schedules before each such test, which Django does
    by saving its 3,350 serialized objects one by one: half a second a test. The first
    restore in a process is done that way and its result copied into a database of its
    own; each later one copies that back with SQLite's backup API, in milliseconds
    (docs/development/tests.md). PostgreSQL restores as Django does.
    """
    deserialize = SQLiteDatabaseCreation.deserialize_db_from_string
    restored: dict[str, sqlite3.Connection] = {}

    def copy_back(creation: SQLiteDatabaseCreation, data: str) -> None:
        creation.connection.ensure_connection()
        database = creation.connection.connection
        if data in restored:
            restored[data].backup(database)
            return
        deserialize(creation, data)
        restored[data] = sqlite3.connect(":memory:", check_same_thread=False)
        database.backup(restored[data])

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(SQLiteDatabaseCreation, "deserialize_db_from_string", copy_back)
        yield


@pytest.fixture(autouse=True)
def _empty_cache():
    """Each test starts with an empty cache, whichever tests its worker ran before: a town's
    calendar cached by an earlier test saved a later one two queries, so a query count
    depended on the order xdist handed the tests out."""
    cache.clear()


@pytest.fixture(autouse=True)
def _media_root(settings, tmp_path):
    """Uploads and PDFs go to a per-test folder."""
    settings.MEDIA_ROOT = tmp_path / "media"


@pytest.fixture(autouse=True)
def _default_language_after_each_test():
    """A request in Spanish or Portuguese leaves that language active in the thread
    (``LocaleMiddleware`` activates it and nothing deactivates it); a form built after it in
    the next test would speak it. Each test starts in the default language."""
    yield
    translation.deactivate()


@pytest.fixture
def north_andover(db):
    return municipality("north_andover")


@pytest.fixture
def resident(db):
    return UserFactory(first_name="Jane", last_name="Smith")


@pytest.fixture
def other_resident(db):
    return UserFactory(first_name="Omar", last_name="Other")


@pytest.fixture
def clerk(db):
    return staff(Role.CLERK, "north_andover", first_name="Carla", last_name="Clerk")


@pytest.fixture
def northborough_clerk(db):
    return staff(Role.CLERK, "northborough", first_name="Nora", last_name="Clerk")


@pytest.fixture
def northborough_board_member(db):
    return staff(Role.BOARD_MEMBER, "northborough", first_name="Bea", last_name="Board")


@pytest.fixture
def town_admin(db):
    return staff(Role.ADMIN, "north_andover", first_name="Adam", last_name="Admin")


@pytest.fixture
def dog(resident):
    return DogFactory(owner=resident, name="Biscuit")


@pytest.fixture
def api():
    return APIClient()
