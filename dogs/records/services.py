"""The Town Clerk's list of records past their keep-until date (North Andover Code ch. 60,
ACO B(2): "Copies of the record shall be kept for two years in the office of the Town
Clerk").

A list only: nothing is deleted. Each record is kept two years from the day it was made
final — a call from its close (or its receipt while open), a bite from the bite, an
intake record from the day it reached the Clerk (or the intake), a closed dog case from its
determination (or its receipt when it closed undetermined), a vacated property from the day
it was known vacated; an open case is never past keeping. The whole list runs one query
per kind of record; the home's first rows one query in all.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.db.models import CharField, F, QuerySet, Value
from django.db.models.functions import Coalesce, TruncDate
from django.urls import reverse

from dogs.models import AnimalCall, BiteRecord, Impoundment, VacatedPropertyReport, kept_until
from dogs.officer_records import first_day_kept
from permits_site.enforcement.models import Case, CaseStatus

#: The dog case types whose records the officer keeps (``dogs.fines``).
DOG_CASE_PREFIX = "north_andover."


@dataclass(frozen=True)
class RecordKind:
    """One kind of the officer's records: its label, its page and how to title a row."""

    label: str
    url_name: str
    title: str

    def row(self, pk: int, kept_from: dt.date, detail: str = "") -> KeptRecord:
        title = f"{self.title} #{pk}" + (f": {detail}" if detail else "")
        return KeptRecord(self.label, title, reverse(self.url_name, args=[pk]), kept_from)


CALL = RecordKind("Call", "dogs:call", "Call")
BITE = RecordKind("Bite", "dogs:bite", "Bite")
IMPOUNDMENT = RecordKind("Impoundment", "dogs:impoundment", "Intake")
CASE = RecordKind("Case", "enforcement:case", "Case")
VACATED = RecordKind("Vacated property", "dogs:vacated_property", "Vacated property")


@dataclass(frozen=True)
class KeptRecord:
    """A record, the day its two years count from, and its keep-until date."""

    kind: str
    title: str
    url: str
    kept_from: dt.date

    @property
    def keep_until(self) -> dt.date:
        return kept_until(self.kept_from)


def _sources(town_ids, before: dt.date) -> list[tuple[RecordKind, QuerySet, str]]:
    """Each kind's records of ``town_ids`` counted from a day before ``before``, annotated
    ``kept_from``, with the field that details a row."""
    calls = (AnimalCall.objects.filter(municipality_id__in=town_ids)
             .annotate(kept_from=Coalesce("closed_on", TruncDate("received_at"))))
    bites = (BiteRecord.objects.filter(municipality_id__in=town_ids)
             .annotate(kept_from=F("bitten_on")))
    intakes = (Impoundment.objects.filter(municipality_id__in=town_ids)
               .annotate(kept_from=Coalesce("forwarded_to_clerk_on", "impounded_on")))
    cases = (Case.objects.filter(municipality_id__in=town_ids,
                                 case_type__startswith=DOG_CASE_PREFIX,
                                 status=CaseStatus.CLOSED)
             .annotate(kept_from=Coalesce("determined_on", "received_on")))
    vacated = (VacatedPropertyReport.objects.filter(municipality_id__in=town_ids)
               .annotate(kept_from=F("known_vacated_on")))
    return [(kind, rows.filter(kept_from__lt=before), detail) for kind, rows, detail in (
        (CALL, calls, "place"), (BITE, bites, "victim_name"), (IMPOUNDMENT, intakes,
                                                                "description"),
        (CASE, cases, "party_name"), (VACATED, vacated, "address"))]


def past_keeping(town_ids, today: dt.date) -> list[KeptRecord]:
    """Every record of the officer's kept past its two years on ``today``, oldest first:
    five queries, whatever the number of records."""
    rows = [kind.row(pk, kept_from, detail)
            for kind, records, field in _sources(town_ids, first_day_kept(today))
            for pk, kept_from, detail in records.values_list("pk", "kept_from", field)]
    return sorted(rows, key=lambda row: (row.kept_from, row.kind, row.title))


def oldest_past_keeping(town_ids, today: dt.date, limit: int) -> list[KeptRecord]:
    """The ``limit`` records kept longest past their two years: one query."""
    sources = _sources(town_ids, first_day_kept(today))
    by_label = {kind.label: kind for kind, _records, _field in sources}
    heads = [records.annotate(record_kind=Value(kind.label, output_field=CharField()))
             .values_list("record_kind", "pk", "kept_from").order_by()
             for kind, records, _field in sources]
    union = heads[0].union(*heads[1:], all=True).order_by("kept_from", "record_kind", "pk")
    return [by_label[label].row(pk, kept_from) for label, pk, kept_from in union[:limit]]
