"""North Andover's dogs and dog licenses in the staff search (issue 20, "One search").

A dog is found by name or microchip; a license by the number on its tag ("17", "#17",
"2026-17" or "Tag 2026-17" — tags are numbered by year, Licenses A(3)). Both open on
the dog's page for the town's staff, which shows every license and tag by year.
"""

from __future__ import annotations

import re

from django.db.models import Q
from django.urls import reverse
from django.utils import timezone

from dogs.models import Dog, DogTag
from permits_site.accounts.permissions import STAFF_ROLES
from permits_site.licensing.models import PermitStatus
from permits_site.search.matching import SearchQuery, text_search
from permits_site.search.registry import Hit, Scope, SearchKind, register_search_kind

TAG_NUMBER = re.compile(r"(?:tag\s*(?:no\.?\s*)?)?#?\s*(?:(\d{4})\s*[-/]\s*)?(\d{1,9})",
                        re.IGNORECASE)


def find_dogs(query: SearchQuery, scope: Scope) -> list[Hit]:
    """Dogs kept in the staff's towns, by name or microchip."""
    dogs = text_search(
        Dog.objects.filter(residence__municipality_id__in=scope.towns)
        .select_related("owner", "residence__municipality"),
        ("name", "microchip"), query, similar=("name",),
        order=("name", "pk"),
    )
    return [
        Hit(title=f"{dog.name} ({dog.breed})",
            status="Kept in town" if dog.active else "No longer kept in town",
            town=dog.residence.municipality.short_name,
            detail=", ".join(part for part in (
                dog.owner.display_name, dog.residence.address,
                f"microchip {dog.microchip}" if dog.microchip else "",
            ) if part),
            url=reverse("dogs:dog_record", args=[dog.pk]))
        for dog in dogs[: scope.limit + 1]
    ]


def tag_lookup(text: str) -> Q | None:
    """The tags a search names by number (and year), or None when it names none."""
    match = TAG_NUMBER.fullmatch(text.strip())
    if match is None:
        return None
    year, number = match.groups()
    return Q(number=int(number), year=int(year)) if year else Q(number=int(number))


def find_dog_licenses(query: SearchQuery, scope: Scope) -> list[Hit]:
    """Dog licenses by tag number, newest tag first; no query runs for a search that
    names no tag."""
    lookup = tag_lookup(query.text)
    if lookup is None:
        return []
    today = timezone.localdate()
    tags = (DogTag.objects.filter(lookup, municipality_id__in=scope.towns)
            .select_related("permit", "dog__owner", "municipality")
            .order_by("-year", "-issued_at", "-pk"))
    return [
        Hit(title=f"Dog license {tag.permit.number} · tag {tag.number} of {tag.year}",
            status=PermitStatus(tag.permit.effective_status(today)).label,
            town=tag.municipality.short_name,
            detail=f"{tag.dog.name} ({tag.dog.breed}), {tag.dog.owner.display_name}",
            url=reverse("dogs:dog_record", args=[tag.dog_id]))
        for tag in tags[: scope.limit + 1]
    ]


def register_search() -> None:
    """The town's staff of every role open a dog's page (``record.visible_dog``)."""
    register_search_kind(SearchKind("dog_licenses", "Dog licenses", 15, find_dog_licenses,
                                    STAFF_ROLES))
    register_search_kind(SearchKind("dogs", "Dogs", 80, find_dogs, STAFF_ROLES))
