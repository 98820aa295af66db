"""Bite records in the staff search (North Andover Code ch. 60, ACO B(2)): found by who was
bitten, the place, the animal or its keeper, or by the dog's name."""

from __future__ import annotations

from django.urls import reverse

from dogs.models import BiteRecord
from dogs.officer_records import RECORD_WORKER_ROLES
from permits_site.search.matching import SearchQuery, text_search
from permits_site.search.registry import Hit, Scope, SearchKind, register_search_kind


def find_bites(query: SearchQuery, scope: Scope) -> list[Hit]:
    """Bite records of the staff's towns, newest first: one query."""
    bites = text_search(
        BiteRecord.objects.filter(municipality_id__in=scope.towns)
        .select_related("municipality", "dog"),
        ("victim_name", "place", "animal", "keeper", "dog__name"), query,
        number_field="pk", order=("-bitten_on", "-pk"))
    return [
        Hit(title=f"Bite record #{bite.pk}: {bite.animal_name}",
            status="Investigated" if bite.investigated_on else "Under investigation",
            town=bite.municipality.short_name,
            detail=f"{bite.bitten_on:%b %d, %Y}, {bite.victim_name}, {bite.place}",
            url=reverse("dogs:bite", args=[bite.pk]))
        for bite in bites[: scope.limit + 1]
    ]


def register_search() -> None:
    register_search_kind(SearchKind("bite_records", "Bite records", 81, find_bites,
                                    RECORD_WORKER_ROLES))
