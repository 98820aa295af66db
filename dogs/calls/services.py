"""The Animal Control Officer's log of calls (North Andover Code ch. 60, ACO B(2)).

"The Animal Control Officer shall maintain a log of calls regarding animals": each call
with its time, caller, place, animal, what happened and its outcome, linked to the case,
impoundment or citation it led to (a bite record links itself to the call it came from,
``dogs.bites``). A motorist who struck a dog or cat reports it as a call of its own kind
(Welfare D(1)). The monthly report counts a month's calls by kind and outcome.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING

from django.db.models import Q, QuerySet
from django.utils import timezone

from dogs.law import cite
from dogs.models import AnimalCall, CallKind, Dog, Impoundment
from dogs.officer_records import require_officer
from permits_site import audit
from permits_site.enforcement.models import Case, Citation
from permits_site.exceptions import DomainError
from permits_site.rules.calendar import add_months

if TYPE_CHECKING:
    from permits_site.accounts.models import User
    from permits_site.towns.models import Municipality

LOG_SECTION = cite("ACO B(2)")
#: The records a call may have led to, by field: the model, the lookup of its town and how
#: the form names it.
LINKS = {
    "case": (Case, "municipality_id", "case"),
    "impoundment": (Impoundment, "municipality_id", "impoundment intake"),
    "citation": (Citation, "case__municipality_id", "citation"),
}


def _audit(call: AnimalCall, action: str, acting_user: User, summary: str, **after) -> None:
    audit.record(actor=acting_user, action=f"animal_call.{action}", subject=call,
                 municipality=call.municipality, summary=summary, after=after)


def _require_not_future(received_at: dt.datetime) -> None:
    if received_at > timezone.now():
        raise DomainError(f"A call cannot be logged before it is received ({LOG_SECTION}).",
                          field="received_at")


def _require_town_dog(dog: Dog | None, municipality: Municipality) -> None:
    if dog is not None and dog.residence.municipality_id != municipality.pk:
        raise DomainError(f"This dog is not on {municipality.name}'s register.", field="dog")


def record_call(*, municipality: Municipality, acting_user: User, received_at: dt.datetime,
                kind: str, caller_name: str, place: str, what_happened: str,
                caller_contact: str = "", species: str = "dog", animal: str = "",
                dog: Dog | None = None) -> AnimalCall:
    """Log a call (ACO B(2)); a motorist's report of striking a dog or cat is logged as
    kind ``motorist_struck`` (Welfare D(1))."""
    require_officer(acting_user, municipality.pk, doing="logs calls")
    _require_not_future(received_at)
    _require_town_dog(dog, municipality)
    call = AnimalCall.objects.create(
        municipality=municipality, received_at=received_at, kind=kind,
        caller_name=caller_name.strip(), caller_contact=caller_contact.strip(),
        place=place.strip(), species=species, animal=animal.strip(), dog=dog,
        what_happened=what_happened.strip(), recorded_by=acting_user)
    _audit(call, "logged", acting_user, f"Call logged: {call.get_kind_display()}, {call.place}",
           kind=kind, received_at=received_at.isoformat())
    return call


def _linked(call: AnimalCall, field: str, number: int | None):
    """The town's record of kind ``field`` numbered ``number`` (None when not given)."""
    if number is None:
        return None
    model, town, label = LINKS[field]
    record = model.objects.filter(pk=number, **{town: call.municipality_id}).first()
    if record is None:
        raise DomainError(f"{call.municipality.name} has no {label} #{number}.", field=field)
    return record


def record_outcome(*, call: AnimalCall, acting_user: User, outcome: str, closed_on: dt.date,
                   case: int | None = None, impoundment: int | None = None,
                   citation: int | None = None) -> AnimalCall:
    """The call's outcome and the case, impoundment or citation it led to (ACO B(2))."""
    require_officer(acting_user, call.municipality_id, doing="records a call's outcome")
    if closed_on < timezone.localtime(call.received_at).date():
        raise DomainError("A call cannot close before it was received.", field="closed_on")
    links = {field: _linked(call, field, number) for field, number in
             (("case", case), ("impoundment", impoundment), ("citation", citation))}
    call.outcome, call.closed_on = outcome.strip(), closed_on
    for field, record in links.items():
        if record is not None:
            setattr(call, field, record)
    call.save()
    _audit(call, "outcome", acting_user, f"Call #{call.pk}: {call.outcome}",
           outcome=call.outcome, closed_on=closed_on.isoformat(),
           **{field: record.pk for field, record in links.items() if record is not None})
    return call


# -- Finding calls ------------------------------------------------------------------------

def calls_of(municipality_ids) -> QuerySet[AnimalCall]:
    return (AnimalCall.objects.filter(municipality_id__in=municipality_ids)
            .select_related("municipality", "dog", "bite", "case", "impoundment", "citation"))


def matching(calls: QuerySet[AnimalCall], *, text: str = "", kind: str = "",
             status: str = "") -> QuerySet[AnimalCall]:
    """The calls whose caller, place, animal or account contains ``text``, of ``kind``,
    open (no outcome yet) or closed."""
    text = text.strip()
    if text:
        calls = calls.filter(Q(caller_name__icontains=text) | Q(place__icontains=text)
                             | Q(animal__icontains=text) | Q(what_happened__icontains=text)
                             | Q(outcome__icontains=text) | Q(dog__name__icontains=text))
    if kind:
        calls = calls.filter(kind=kind)
    if status == "open":
        calls = calls.filter(closed_on__isnull=True)
    elif status == "closed":
        calls = calls.filter(closed_on__isnull=False)
    return calls


# -- The monthly report -------------------------------------------------------------------

@dataclass(frozen=True)
class MonthlyReport:
    """A month's calls (ACO B(2)), oldest first, with their counts by kind."""

    first_day: dt.date
    calls: list[AnimalCall]
    by_kind: list[tuple[str, int]]
    still_open: int


def month_bounds(first_day: dt.date) -> tuple[dt.datetime, dt.datetime]:
    """The first moment of the month and of the next, in the town's time zone."""
    following = add_months(first_day, 1)
    zone = timezone.get_current_timezone()
    return (dt.datetime.combine(first_day, dt.time.min, zone),
            dt.datetime.combine(following, dt.time.min, zone))


def monthly_report(municipality_ids, first_day: dt.date) -> MonthlyReport:
    """The officer's report of the month beginning ``first_day``: one query."""
    start, end = month_bounds(first_day)
    calls = list(calls_of(municipality_ids)
                 .filter(received_at__gte=start, received_at__lt=end)
                 .order_by("received_at", "pk"))
    counts = Counter(call.kind for call in calls)
    return MonthlyReport(
        first_day=first_day, calls=calls,
        by_kind=[(label, counts[value]) for value, label in CallKind.choices if counts[value]],
        still_open=sum(1 for call in calls if call.closed_on is None),
    )


CSV_HEADER = ("call", "received", "kind", "caller", "caller contact", "place", "species",
              "animal", "what happened", "outcome", "closed on", "bite record", "case",
              "impoundment", "citation")


def spreadsheet_safe(value) -> str:
    """``value`` as CSV text a spreadsheet shows and never runs as a formula."""
    text = str(value)
    return f"'{text}" if text[:1] in ("=", "+", "-", "@") else text


def _csv_values(call: AnimalCall) -> tuple:
    bite = getattr(call, "bite", None)
    return (call.pk, timezone.localtime(call.received_at).strftime("%Y-%m-%d %H:%M"),
            call.get_kind_display(), call.caller_name, call.caller_contact, call.place,
            call.get_species_display(), call.dog.name if call.dog_id else call.animal,
            call.what_happened, call.outcome,
            call.closed_on.isoformat() if call.closed_on else "",
            bite.pk if bite else "", call.case_id or "", call.impoundment_id or "",
            call.citation_id or "")


def csv_rows(report: MonthlyReport):
    """The report's calls as CSV rows, the header first."""
    yield CSV_HEADER
    for call in report.calls:
        yield tuple(spreadsheet_safe(value) for value in _csv_values(call))
