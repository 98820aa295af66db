"""Northborough's registered horses in the staff search (issue 20, "One search").

A horse is found by its name or its description (breed, color, markings); the
registration (B) records no microchip. Each opens on the horse registry, which the
town's staff of every role may read.
"""

from __future__ import annotations

from django.urls import reverse

from permits_site.accounts.permissions import STAFF_ROLES
from permits_site.search.matching import SearchQuery, text_search
from permits_site.search.registry import Hit, Scope, SearchKind, register_search_kind
from stables.models import Horse


def find_horses(query: SearchQuery, scope: Scope) -> list[Hit]:
    horses = text_search(
        Horse.objects.filter(registration__municipality_id__in=scope.towns)
        .select_related("owner", "registration__municipality", "stable__property"),
        ("name", "description"), query, similar=("name",),
        order=("name", "pk"),
    )
    return [
        Hit(title=horse.name,
            status=("Kept in town" if horse.kept_in_town
                    else f"Left town {horse.kept_until:%B %-d, %Y}"),
            town=horse.registration.municipality.short_name,
            detail=f"{horse.description}; {horse.owner.display_name}, "
                   f"stable at {horse.stable.property.address}",
            url=reverse("stables:horse_registry"))
        for horse in horses[: scope.limit + 1]
    ]


def register_search() -> None:
    register_search_kind(SearchKind("horses", "Horses", 85, find_horses, STAFF_ROLES))
