"""The Town Clerk's list of records past their keep-until date (North Andover Code ch. 60,
ACO B(2): "Copies of the record shall be kept for two years in the office of the Town
Clerk").

A list only: nothing is deleted. Each record is kept two years from the day it was made
final — a call from its close (or its receipt while open), a bite from the bite, an
intake record from the day it reached the Clerk (or the intake), a closed dog case from its
determination (or its receipt when it closed undetermined); an open case is never past
keeping. One query per kind of record.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.db.models import F
from django.db.models.functions import Coalesce, TruncDate
from django.urls import reverse

from dogs.models import AnimalCall, BiteRecord, Impoundment, VacatedPropertyReport, kept_until
from dogs.officer_records import kept_since
from permits_site.enforcement.models import Case, CaseStatus

#: The dog case types whose records the officer keeps (``dogs.fines``).
DOG_CASE_PREFIX = "north_andover."


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


def _past(rows, today: dt.date) -> list:
    return [row for row in rows if kept_until(row.kept_from) < today]


def _calls(town_ids, cutoff: dt.date) -> list[KeptRecord]:
    calls = (AnimalCall.objects.filter(municipality_id__in=town_ids)
             .annotate(kept_from=Coalesce("closed_on", TruncDate("received_at")))
             .filter(kept_from__lte=cutoff).order_by("kept_from", "pk"))
    return [KeptRecord("Call", f"Call #{call.pk}: {call.get_kind_display()}, {call.place}",
                       reverse("dogs:call", args=[call.pk]), call.kept_from) for call in calls]


def _bites(town_ids, cutoff: dt.date) -> list[KeptRecord]:
    bites = (BiteRecord.objects.filter(municipality_id__in=town_ids, bitten_on__lte=cutoff)
             .annotate(kept_from=F("bitten_on")).order_by("bitten_on", "pk"))
    return [KeptRecord("Bite", f"Bite #{bite.pk}: {bite.victim_name}, {bite.place}",
                       reverse("dogs:bite", args=[bite.pk]), bite.kept_from) for bite in bites]


def _impoundments(town_ids, cutoff: dt.date) -> list[KeptRecord]:
    records = (Impoundment.objects.filter(municipality_id__in=town_ids)
               .annotate(kept_from=Coalesce("forwarded_to_clerk_on", "impounded_on"))
               .filter(kept_from__lte=cutoff).order_by("kept_from", "pk"))
    return [KeptRecord("Impoundment", f"Intake #{record.pk}: {record.description}",
                       reverse("dogs:impoundment", args=[record.pk]), record.kept_from)
            for record in records]


def _vacated(town_ids, cutoff: dt.date) -> list[KeptRecord]:
    reports = (VacatedPropertyReport.objects.filter(municipality_id__in=town_ids,
                                                    known_vacated_on__lte=cutoff)
               .annotate(kept_from=F("known_vacated_on")).order_by("known_vacated_on", "pk"))
    return [KeptRecord("Vacated property", f"Vacated property #{report.pk}: {report.address}",
                       reverse("dogs:vacated_property", args=[report.pk]), report.kept_from)
            for report in reports]


def _cases(town_ids, cutoff: dt.date) -> list[KeptRecord]:
    cases = (Case.objects.filter(municipality_id__in=town_ids,
                                 case_type__startswith=DOG_CASE_PREFIX,
                                 status=CaseStatus.CLOSED)
             .annotate(kept_from=Coalesce("determined_on", "received_on"))
             .filter(kept_from__lte=cutoff).order_by("kept_from", "pk"))
    return [KeptRecord("Case", f"Case #{case.pk}: {case.party_name}, {case.address}",
                       reverse("enforcement:case", args=[case.pk]), case.kept_from)
            for case in cases]


def past_keeping(town_ids, today: dt.date) -> list[KeptRecord]:
    """Every record of the officer's kept past its two years on ``today``, oldest first:
    five queries, whatever the number of records."""
    cutoff = kept_since(today)
    rows = [*_calls(town_ids, cutoff), *_bites(town_ids, cutoff),
            *_impoundments(town_ids, cutoff), *_cases(town_ids, cutoff),
            *_vacated(town_ids, cutoff)]
    return sorted(_past(rows, today), key=lambda row: (row.kept_from, row.kind, row.title))
