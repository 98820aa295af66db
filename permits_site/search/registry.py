"""The kinds of record the staff search finds, registered by the core and by bylaw apps.

The core never imports a bylaw app: a bylaw app whose law keeps records of its own (a
town's dogs, its horses) registers a :class:`SearchKind` from its ``AppConfig.ready()``::

    register_search_kind(SearchKind(
        key="dogs", label="Dogs", order=80, find=find_dogs, roles=STAFF_ROLES,
    ))

``find(query, scope)`` returns at most ``scope.limit + 1`` hits (one more than shown
tells the page there are more) of the towns in ``scope.towns`` only, in a fixed number
of queries whatever the number of rows — one, usually.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from permits_site.accounts.models import User
    from permits_site.search.matching import SearchQuery


@dataclass(frozen=True)
class Hit:
    """One record found: what it is, where it stands and the staff page that shows it."""

    title: str
    status: str = ""
    town: str = ""
    detail: str = ""
    url: str = ""


@dataclass(frozen=True)
class Scope:
    """Whom the search serves and where: the towns where the person holds one of the
    kind's roles, and how many hits of a kind to show."""

    user: User
    towns: frozenset[int]
    limit: int


@dataclass(frozen=True)
class SearchKind:
    """A kind of record: its label, the order of its group, how to find it, and the staff
    roles whose towns it searches (those who may open its staff page)."""

    key: str
    label: str
    order: int
    find: Callable[[SearchQuery, Scope], list[Hit]]
    roles: Collection[str]


_KINDS: dict[str, SearchKind] = {}


def register_search_kind(kind: SearchKind) -> None:
    """Search ``kind`` too; registering a key again replaces the earlier kind."""
    _KINDS[kind.key] = kind


def search_kinds() -> list[SearchKind]:
    return sorted(_KINDS.values(), key=lambda kind: (kind.order, kind.key))
