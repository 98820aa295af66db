"""What each town's law calls its staff roles: North Andover's inspector is the Health
Division's Animal Inspector, Tisbury's is the Board of Health's agent.

A bylaw app registers its town's titles from its ``AppConfig.ready()``
(``register_role_titles``); a refusal names the roles by these titles, and by the role's
own label in a town that registered none. The core never imports a bylaw app, so it knows
no title of its own.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager

from permits_site.accounts.models import Role

_TITLES: dict[str, dict[str, str]] = {}


def register_role_titles(town: str, titles: Mapping[str, str]) -> None:
    """Name ``town``'s roles (a municipality code) as its law does."""
    unknown = set(titles) - set(Role.values)
    if unknown:
        raise ValueError(f"Not staff roles: {', '.join(sorted(unknown))}.")
    _TITLES.setdefault(town, {}).update(titles)


def role_title(role: str, town: str | None = None) -> str:
    """``role`` as ``town`` calls it, else the role's label."""
    return registered_title(role, town) or Role(role).label


def registered_title(role: str, town: str | None) -> str:
    """``role`` as ``town``'s law calls it; empty when the town registered no title."""
    return _TITLES.get(town, {}).get(role, "")


@contextmanager
def registered_role_titles(town: str, titles: Mapping[str, str]) -> Iterator[None]:
    """Register ``titles`` for the ``with`` block only (tests)."""
    before = dict(_TITLES.get(town, {}))
    register_role_titles(town, titles)
    try:
        yield
    finally:
        _TITLES[town] = before
