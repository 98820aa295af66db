"""Gapless numbers per town, series and year."""

from __future__ import annotations

from django.db import transaction
from django.db.models import F

from permits_site.licensing.models import NumberCounter
from permits_site.towns.models import Municipality


def allocate_number(*, municipality: Municipality, series: str, year: int) -> int:
    """Take the next number of a series, holding the counter row's lock until commit.

    The row is created if missing (ignoring a concurrent insert), then locked
    with ``select_for_update`` so two issuing transactions queue on it and
    never share a number; a rolled-back transaction gives its number back.
    """
    if not transaction.get_connection().in_atomic_block:
        raise RuntimeError("allocate_number must run inside the issuing transaction")
    NumberCounter.objects.bulk_create(
        [NumberCounter(municipality=municipality, series=series, year=year)],
        ignore_conflicts=True,
    )
    counter = NumberCounter.objects.select_for_update().get(
        municipality=municipality, series=series, year=year
    )
    NumberCounter.objects.filter(pk=counter.pk).update(last=F("last") + 1)
    return counter.last + 1
