"""The staff search (issue 20, "One search"): any record of the towns a person serves.

Each kind of record (:mod:`permits_site.search.registry`) searches only the towns where
the person holds one of its roles, so a result never leads to a page that would refuse
them; a person with no staff role (a resident) is refused. Reading only, no audit entry.
The search runs one query per kind whatever the number of records, and none for a kind
the person holds no role for.
"""

from __future__ import annotations

from dataclasses import dataclass

from permits_site.accounts.models import User
from permits_site.accounts.permissions import is_staff_member, municipality_ids_with
from permits_site.exceptions import PermissionDenied
from permits_site.search.matching import parse_query
from permits_site.search.registry import Hit, Scope, SearchKind, search_kinds

#: Hits of one kind shown at most; the group says when there are more.
GROUP_LIMIT = 10


@dataclass(frozen=True)
class Group:
    """The hits of one kind, and whether more matched than are shown."""

    kind: SearchKind
    hits: list[Hit]
    more: bool


def search(*, user: User, text: str, limit: int = GROUP_LIMIT) -> list[Group]:
    """The groups of records matching ``text`` in the towns ``user`` serves, kinds with no
    hit left out. Raises ``PermissionDenied`` for a person without a staff role and
    ``DomainError`` (on ``q``) for an empty or one-letter search."""
    if not is_staff_member(user):
        raise PermissionDenied("Only the staff of a town search its records.")
    query = parse_query(text)
    groups = []
    for kind in search_kinds():
        towns = frozenset(municipality_ids_with(user, *kind.roles))
        if not towns:
            continue
        hits = kind.find(query, Scope(user=user, towns=towns, limit=limit))
        if hits:
            groups.append(Group(kind=kind, hits=hits[:limit], more=len(hits) > limit))
    return groups
