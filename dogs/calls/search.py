"""The call log in the staff search (North Andover Code ch. 60, ACO B(2)): a call is found
by its caller, place, animal or account, or by its number ("call 12" or "12")."""

from __future__ import annotations

from django.urls import reverse
from django.utils import timezone

from dogs.models import AnimalCall
from dogs.officer_records import RECORD_WORKER_ROLES
from permits_site.search.matching import SearchQuery, text_search
from permits_site.search.registry import Hit, Scope, SearchKind, register_search_kind


def find_calls(query: SearchQuery, scope: Scope) -> list[Hit]:
    """Calls of the staff's towns, newest first: one query."""
    calls = text_search(
        AnimalCall.objects.filter(municipality_id__in=scope.towns)
        .select_related("municipality"),
        ("caller_name", "place", "animal", "what_happened"), query,
        number_field="pk", order=("-received_at", "-pk"))
    return [
        Hit(title=f"Call #{call.pk}: {call.get_kind_display()}",
            status=call.outcome or "Open", town=call.municipality.short_name,
            detail=f"{timezone.localtime(call.received_at):%b %d, %Y}, {call.caller_name}, "
                   f"{call.place}",
            url=reverse("dogs:call", args=[call.pk]))
        for call in calls[: scope.limit + 1]
    ]


def register_search() -> None:
    register_search_kind(SearchKind("animal_calls", "Calls", 82, find_calls,
                                    RECORD_WORKER_ROLES))
