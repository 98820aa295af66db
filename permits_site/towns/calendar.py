"""A town and its business calendar, served from the cache for the public API (issue 13).

The public rule check, key dates and deadlines need the same two rows on every
request: the town and its office closures. ``town_calendar(code)`` keeps them in
Django's cache (Redis, shared by every server and worker, when ``REDIS_URL`` is set; else
the local-memory cache of each process) and forgets
them whenever a closure or the town itself changes, through the closure services and
through model signals (so the Django admin and plain ORM writes invalidate too).

Two rules keep the cache from ever holding what the database does not:

* A change made inside a transaction forgets the town at once *and* again when the
  transaction commits; until then (while the change is not committed) the town is read
  from the database and not cached. A rolled-back change — in production, or the
  per-test rollback of the test suite — therefore never reaches the cache.
* Entries live at most ``TTL_SECONDS``. The local-memory cache belongs to one process:
  a closure entered through one gunicorn worker is forgotten there at once and reaches
  the other workers within that bound. With ``REDIS_URL`` the one shared cache forgets it
  for every server at once.

Reading an entry unpickles a new copy of the town for every request. So the cache holds
the town under a version (a random token written beside it) and each process keeps the
copy it last read with its version: while the cache still names that version, the process
serves its own copy without unpickling; a change forgets the version, so every process
reads the town anew, and a copy never outlives its entry. The copy is shared by the
process's requests and threads: read it, never change it.

Services that compute a legal deadline for a record (orders, citations, issuing) keep
reading ``Municipality.calendar()`` from the database.
"""

from __future__ import annotations

import re
import threading
import uuid
from dataclasses import dataclass

from django.core.cache import cache
from django.db import DEFAULT_DB_ALIAS, connections, transaction
from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

from permits_site.rules.calendar import BusinessCalendar
from permits_site.towns.models import Closure, Municipality

TTL_SECONDS = 60
_TOWN_CODE = re.compile(r"[-a-z0-9_]{1,40}")
#: The version of the town's entry; the town itself is under ``_TOWN_KEY`` of that version.
_KEY = "town-calendar:v2:{code}"
_TOWN_KEY = "town-calendar:v2:{code}:{version}"

#: This process's copy of each town it read: code -> (version, town).
_read: dict[str, tuple[str, TownCalendar]] = {}

#: Towns whose closures changed in a transaction not yet committed: code -> callbacks
#: registered with ``on_commit`` (one per change), with the connection holding them.
_uncommitted: dict[str, list[tuple[object, object]]] = {}
_lock = threading.Lock()


@dataclass(frozen=True)
class TownCalendar:
    municipality: Municipality
    calendar: BusinessCalendar


def town_calendar(code: str) -> TownCalendar | None:
    """The town ``code`` and its calendar (weekdays, legal holidays, closures), or None."""
    if not _TOWN_CODE.fullmatch(code):
        return None  # no town has such a code (codes are slugs): nothing to look up or cache
    if not _has_uncommitted_change(code):
        version = cache.get(_KEY.format(code=code))
        cached = _cached_town(code, version) if version is not None else None
        if cached is not None:
            return cached
    municipality = Municipality.objects.filter(code=code).first()
    if municipality is None:
        return None
    town = TownCalendar(municipality=municipality, calendar=municipality.calendar())
    if not _has_uncommitted_change(code):
        version = uuid.uuid4().hex
        cache.set(_TOWN_KEY.format(code=code, version=version), town, TTL_SECONDS)
        cache.set(_KEY.format(code=code), version, TTL_SECONDS)  # after the town it names
        _read[code] = (version, town)
    return town


def _cached_town(code: str, version: str) -> TownCalendar | None:
    """The town cached under ``version``: this process's copy when it is of that version,
    else read from the cache (None when that entry is gone)."""
    read = _read.get(code)
    if read is not None and read[0] == version:
        return read[1]
    town = cache.get(_TOWN_KEY.format(code=code, version=version))
    if town is not None:
        _read[code] = (version, town)
    return town


def forget_town(code: str, *, using: str = DEFAULT_DB_ALIAS) -> None:
    """Drop the cached calendar of ``code`` now, and again once the change commits."""
    key = _KEY.format(code=code)
    cache.delete(key)
    connection = connections[using]
    if not connection.in_atomic_block:
        return

    def committed() -> None:
        with _lock:
            entries = [entry for entry in _uncommitted.get(code, []) if entry[1] is not committed]
            if entries:
                _uncommitted[code] = entries
            else:
                _uncommitted.pop(code, None)
        cache.delete(key)

    with _lock:
        _uncommitted.setdefault(code, []).append((connection, committed))
    transaction.on_commit(committed, using=using)


def _has_uncommitted_change(code: str) -> bool:
    """Whether a change to ``code`` still waits for its commit (rolled-back ones are dropped)."""
    with _lock:
        entries = _uncommitted.get(code)
        if not entries:
            return False
        pending = [
            (connection, callback)
            for connection, callback in entries
            if any(func is callback for _sids, func, _robust in connection.run_on_commit)
        ]
        if pending:
            _uncommitted[code] = pending
        else:
            _uncommitted.pop(code, None)
        return bool(pending)


@receiver(post_save, sender=Closure, dispatch_uid="town_calendar_closure_saved")
@receiver(post_delete, sender=Closure, dispatch_uid="town_calendar_closure_deleted")
def _closure_changed(sender, instance: Closure, using: str, **kwargs) -> None:
    if Closure.municipality.is_cached(instance):
        code = instance.municipality.code
    else:
        code = (
            Municipality.objects.using(using).filter(pk=instance.municipality_id)
            .values_list("code", flat=True).first()
        )
    if code is not None:  # else the town itself is being deleted, and forgets itself
        forget_town(code, using=using)


@receiver(post_save, sender=Municipality, dispatch_uid="town_calendar_town_saved")
@receiver(post_delete, sender=Municipality, dispatch_uid="town_calendar_town_deleted")
def _municipality_changed(sender, instance: Municipality, using: str, **kwargs) -> None:
    forget_town(instance.code, using=using)
