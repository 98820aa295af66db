"""Finding the right permit: every permit type a town takes online, narrowed by town, by
what the person wants to do (the purposes its kind declares) and by words (issue #21,
"Find"). The "Apply for a permit" page and ``GET /api/v1/permit-types/`` both read it."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from django.db.models import QuerySet

from permits_site.licensing.declarations import Holder, Purpose
from permits_site.licensing.kinds import PermitKind, applied_for, codes_for_purpose, kind_for
from permits_site.licensing.models import PermitType
from permits_site.search.matching import normalise_text


def query_words(raw: str) -> list[str]:
    """The words typed, lower case, a plural's final "s" dropped so that "dogs" finds
    "Dog License" (a double "s", as in "business", is kept)."""
    return [word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith("ss")
            else word for word in normalise_text(raw).casefold().split()]


def matches(words: Iterable[str], texts: Iterable[str]) -> bool:
    """Every word is found in the texts (no words: everything matches)."""
    haystack = " ".join(texts).casefold()
    return all(word in haystack for word in words)


@dataclass(frozen=True)
class FoundType:
    """One permit type as the finder lists it, with what its kind declares."""

    permit_type: PermitType
    kind: PermitKind

    @property
    def purposes(self) -> list[str]:
        return [purpose.label for purpose in self.kind.purposes]

    @property
    def business_may_hold(self) -> bool:
        return self.kind.holder != Holder.PERSON

    @property
    def who_needs_it(self) -> str:
        return self.kind.who_needs_it or self.permit_type.citation

    def texts(self) -> list[str]:
        """What the words typed are looked for in: what the public page says of it."""
        permit_type = self.permit_type
        return [permit_type.name, permit_type.municipality.name, permit_type.authority,
                permit_type.citation, self.who_needs_it, *self.purposes]


def open_online() -> QuerySet[PermitType]:
    """The permit types a person can apply for online, by town and name."""
    return (applied_for(PermitType.objects.filter(online=True))
            .select_related("municipality").order_by("municipality__name", "name"))


def find_permit_types(*, municipality: str = "", purpose: Purpose | None = None,
                      query: str = "", business_first: bool = False,
                      among: QuerySet[PermitType] | None = None) -> list[FoundType]:
    """The types open online (or ``among`` others) in ``municipality`` (a code; blank: every
    town) serving ``purpose`` whose texts hold every word of ``query``; with
    ``business_first``, those a business may hold come first. One query whatever the number
    of types."""
    permit_types = open_online() if among is None else among
    if municipality:
        permit_types = permit_types.filter(municipality__code=municipality)
    if purpose is not None:
        permit_types = permit_types.filter(code__in=codes_for_purpose(purpose))
    words = query_words(query)
    found = [row for row in (FoundType(permit_type, kind_for(permit_type.code))
                             for permit_type in permit_types)
             if matches(words, row.texts())]
    if business_first:
        found.sort(key=lambda row: not row.business_may_hold)
    return found
