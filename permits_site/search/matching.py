"""What the search box accepts, and how a kind matches text on each database.

Every word typed must be found, case-insensitively, in one of the kind's fields ("jane
smith" finds Jane Smith; "SMITH" too). On PostgreSQL the trigram word similarity of
``django.contrib.postgres`` (``pg_trgm``) also finds a name misspelled ("Smyth") in the
fields a kind names ``similar``, and ranks the closest first; SQLite, the development
default, keeps to the plain matching.

A number finds the record of that number where a kind has one. Marked as a record number
(``#17``, ``No. 17``) it finds only that: no address, parcel or name holding the digits, on
either database. A bare ``17`` is searched as words too (a house number, part of a parcel).
"""

from __future__ import annotations

import operator
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import reduce

from django.contrib.postgres.search import TrigramWordSimilarity
from django.db import connections
from django.db.models import F, Q, QuerySet
from django.db.models.functions import Greatest

from permits_site.exceptions import DomainError

#: Fewer letters than this match too much to be a search; a number may be one digit (#7).
MIN_LENGTH = 2
#: No one types more; it bounds the ``LIKE``.
MAX_LENGTH = 100
#: How alike a field's closest word must be on PostgreSQL (``pg_trgm`` word similarity).
SIMILARITY = 0.5
#: Record numbers are database ids: more digits than this cannot be one.
MAX_NUMBER_DIGITS = 12


@dataclass(frozen=True)
class SearchQuery:
    """The text searched, with its words and, when it is a record number, that number."""

    text: str

    @property
    def words(self) -> list[str]:
        return self.text.split()

    @property
    def number(self) -> int | None:
        """``17``, ``#17`` or ``No. 17``: a record number; anything else is not one."""
        digits = re.fullmatch(r"(?:no\.?\s*|#\s*)?(\d+)", self.text, flags=re.IGNORECASE)
        if digits is None or len(digits.group(1)) > MAX_NUMBER_DIGITS:
            return None
        return int(digits.group(1))

    @property
    def names_a_record(self) -> bool:
        """``#17`` or ``No. 17``: a record's number and nothing else, never words to find in
        an address or a name (``17`` alone is also a house number)."""
        return self.number is not None and not self.text.isdigit()


def normalise_text(raw: str) -> str:
    """The search box's text as searched: spaces collapsed, NULs dropped, cut at
    ``MAX_LENGTH``."""
    return " ".join(raw.replace("\x00", "").split())[:MAX_LENGTH]


def parse_query(raw: str) -> SearchQuery:
    """The search box's text, normalised; refused when empty or one letter."""
    text = normalise_text(raw)
    if not text:
        raise DomainError("Type a name, an address, an email or a number to search for.",
                          field="q")
    if len(text) < MIN_LENGTH and not text.isdigit():
        raise DomainError(f"Type at least {MIN_LENGTH} characters to search for.", field="q")
    return SearchQuery(text)


def words_match(fields: Sequence[str], words: Sequence[str]) -> Q:
    """Every word in one of ``fields``, ignoring case."""
    return reduce(operator.and_, (
        reduce(operator.or_, (Q(**{f"{field}__icontains": word}) for field in fields))
        for word in words
    ))


def matching(rows: QuerySet, fields: Sequence[str], query: SearchQuery, *,
             similar: Sequence[str] = (), also: Q | None = None,
             number_field: str = "") -> QuerySet:
    """``rows`` whose ``fields`` hold every word of ``query`` (or that match ``also``: a
    normalised address, a parcel), or whose ``number_field`` holds the number the query
    is. On PostgreSQL, also those with a word like the query in one of the ``similar``
    fields (names: the similarity is computed row by row, so it is kept to the fields a
    person misspells), annotated ``search_rank``. A query that names a record (``#17``)
    matches its number only: none of the rows of a kind without one."""
    numbered = (Q(**{number_field: query.number})
                if number_field and query.number is not None else None)
    if query.names_a_record:
        return rows.filter(numbered) if numbered is not None else rows.none()
    matched = words_match(fields, query.words)
    for alternative in (also, numbered):
        if alternative is not None:
            matched |= alternative
    if not similar or connections[rows.db].vendor != "postgresql":
        return rows.filter(matched)
    similarities = [TrigramWordSimilarity(query.text, field) for field in similar]
    rank = similarities[0] if len(similarities) == 1 else Greatest(*similarities)
    return rows.annotate(search_rank=rank).filter(matched | Q(search_rank__gte=SIMILARITY))


def ranked(found: QuerySet, *, order: Sequence[str]) -> QuerySet:
    """:func:`matching` rows, the closest first where a similarity was computed, then by
    ``order``."""
    if "search_rank" in found.query.annotations:
        return found.order_by(F("search_rank").desc(nulls_last=True), *order)
    return found.order_by(*order)


def text_search(rows: QuerySet, fields: Sequence[str], query: SearchQuery, *,
                similar: Sequence[str] = (), also: Q | None = None, number_field: str = "",
                order: Sequence[str] = ("-pk",)) -> QuerySet:
    """:func:`matching` rows, :func:`ranked`."""
    return ranked(matching(rows, fields, query, similar=similar, also=also,
                           number_field=number_field), order=order)
