"""One migration per test run: every xdist worker starts from a copy of the first one's database.

Migrating a test database from zero takes about 25 s of a core (139 migrations, most of it
Django rendering the models' states between them). In CI both suites run side by side,
four workers on two cores, so each worker that migrates is time the other suite waits
for. The first worker of a run to reach its database migrates it as Django does and leaves
a copy: a template database on PostgreSQL, a file on SQLite. Every other worker builds its
own database from that copy: PostgreSQL's ``CREATE DATABASE ... TEMPLATE``, SQLite's backup
API into the worker's in-memory database. A run without xdist migrates as Django does.
"""

from __future__ import annotations

import fcntl
import os
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path

from django.conf import settings
from django.db.backends.base.creation import BaseDatabaseCreation

#: The id xdist gives the run, the same in each of its workers; none without xdist.
RUN = os.environ.get("PYTEST_XDIST_TESTRUNUID")


@contextmanager
def _the_runs_lock(folder: Path) -> Iterator[None]:
    """One worker at a time makes, copies or drops the run's copy."""
    with open(folder / "migrated-once.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        yield


class PostgreSQLCopy:
    """The run's migrated database kept as a template database beside the workers' own."""

    def __init__(self, creation: BaseDatabaseCreation) -> None:
        self.creation = creation
        self.name = f"test_{creation.connection.settings_dict['NAME']}_{RUN[:12]}"

    @property
    def template(self) -> str:
        """The template's name as SQL names it."""
        return self._quoted(self.name)

    def _quoted(self, name: str) -> str:
        return self.creation.connection.ops.quote_name(name)

    def exists(self) -> bool:
        with self.creation._nodb_cursor() as cursor:
            cursor.execute("SELECT 1 FROM pg_database WHERE datname = %s", [self.name])
            return cursor.fetchone() is not None

    def save(self) -> None:
        connection = self.creation.connection
        connection.close()  # a template is copied only while nobody is connected to it
        with self.creation._nodb_cursor() as cursor:
            cursor.execute(f"CREATE DATABASE {self.template} TEMPLATE "
                           f"{self._quoted(connection.settings_dict['NAME'])}")

    def copy_into(self, name: str) -> None:
        """Create the database ``name`` from the template, in place of any left over."""
        with self.creation._nodb_cursor() as cursor:
            cursor.execute(f"DROP DATABASE IF EXISTS {self._quoted(name)}")
            cursor.execute(f"CREATE DATABASE {self._quoted(name)} TEMPLATE {self.template}")

    def drop(self) -> None:
        with self.creation._nodb_cursor() as cursor:
            cursor.execute(f"DROP DATABASE IF EXISTS {self.template}")


class SQLiteCopy:
    """The run's migrated database kept as a file, copied with SQLite's backup API."""

    def __init__(self, creation: BaseDatabaseCreation, folder: Path) -> None:
        self.creation = creation
        self.file = folder / f"migrated-once-{creation.connection.alias}.sqlite3"

    def exists(self) -> bool:
        return self.file.exists()

    def save(self) -> None:
        self.creation.connection.ensure_connection()
        with sqlite3.connect(self.file) as copy:
            self.creation.connection.connection.backup(copy)

    def copy_into(self, name: str) -> None:
        """Fill the database ``name``, the one the connection points at, from the file."""
        self.creation._create_test_db(verbosity=0, autoclobber=True, keepdb=False)
        self.creation.connection.ensure_connection()
        with sqlite3.connect(self.file) as copy:
            copy.backup(self.creation.connection.connection)

    def drop(self) -> None:
        self.file.unlink(missing_ok=True)


def _point_at(connection, name: str) -> None:
    """The connection, and the settings, name the test database as Django's own set-up does."""
    connection.close()
    settings.DATABASES[connection.alias]["NAME"] = name
    connection.settings_dict["NAME"] = name


def _copy_of_the_run(creation: BaseDatabaseCreation,
                     folder: Path) -> PostgreSQLCopy | SQLiteCopy:
    if creation.connection.vendor == "postgresql":
        return PostgreSQLCopy(creation)
    return SQLiteCopy(creation, folder)


@contextmanager
def migrated_once(folder: Path,
                  database_access: Callable[[], AbstractContextManager]) -> Iterator[None]:
    """While the block runs, a worker's test database is the run's copy when there is one.

    ``folder`` is shared by the run's workers: it holds the lock, and SQLite's copy.
    ``database_access`` opens the database to the copy's removal at the end (pytest-django
    closes it outside the tests).
    """
    if RUN is None:
        yield
        return
    create_test_db = BaseDatabaseCreation.create_test_db
    made: list[PostgreSQLCopy | SQLiteCopy] = []

    def create_from_the_runs_copy(creation, verbosity=1, autoclobber=False, serialize=True,
                                  keepdb=False):
        if keepdb:  # --reuse-db keeps each worker's own database, migrated as Django does
            return create_test_db(creation, verbosity, autoclobber, serialize, keepdb)
        copy = _copy_of_the_run(creation, folder)
        with _the_runs_lock(folder):
            if not copy.exists():
                name = create_test_db(creation, verbosity, autoclobber, serialize, keepdb)
                copy.save()
                made.append(copy)
                creation.connection.ensure_connection()
                return name
            name = creation._get_test_db_name()
            _point_at(creation.connection, name)
            copy.copy_into(name)
        if serialize:
            creation.connection._test_serialized_contents = creation.serialize_db_to_string()
        creation.connection.ensure_connection()
        return name

    BaseDatabaseCreation.create_test_db = create_from_the_runs_copy
    try:
        yield
    finally:
        BaseDatabaseCreation.create_test_db = create_test_db
        with database_access(), _the_runs_lock(folder):
            for copy in made:
                copy.drop()
