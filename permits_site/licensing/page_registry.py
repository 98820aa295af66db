"""What bylaw apps add to the site's pages, registered from their ``AppConfig.ready()``.

The core never imports a bylaw app (the import contracts in ``pyproject.toml``): a
bylaw app whose law keeps records of its own registers its URL module, mounted by the
root URLconf under the app's prefix, the links to its registers it offers to holders of a
role in its town (on their My work, and on the application queue to those who review
applications), the entries of the site's main navigation it offers to holders of a role
in its town, and the public pages its town's page links for everyone.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from django.urls import reverse

from permits_site.accounts.models import User
from permits_site.accounts.permissions import STAFF_ROLES, role_pairs
from permits_site.towns.calendar import town_calendar
from permits_site.towns.models import Municipality


@dataclass(frozen=True)
class UrlModule:
    prefix: str
    module: str


@dataclass(frozen=True)
class QueueLink:
    municipality: str
    label: str
    url_name: str
    roles: frozenset[str]


_URL_MODULES: dict[str, UrlModule] = {}
_QUEUE_LINKS: dict[str, QueueLink] = {}


def register_urls(prefix: str, module: str) -> None:
    """Serve the URLconf ``module`` (dotted path) under ``/<prefix>/``."""
    _URL_MODULES[prefix] = UrlModule(prefix, module)


def registered_urls() -> list[UrlModule]:
    return list(_URL_MODULES.values())


def register_queue_link(
    municipality: str, label: str, url_name: str, *, roles: tuple[str, ...] = ()
) -> None:
    """Offer the register ``url_name`` to staff holding one of ``roles`` (any staff role
    when none are named) in the town whose code is ``municipality``: on their My work
    (``/staff/``), which every role opens, and on the application queue. Each role named
    must be one the page lets in (``tests/homes/test_registers.py``)."""
    _QUEUE_LINKS[url_name] = QueueLink(
        municipality, label, url_name, frozenset(roles or STAFF_ROLES)
    )


def town_registers(municipality: str, roles: Iterable[str]) -> list[QueueLink]:
    """The registers of the town whose code is ``municipality`` offered to a holder of
    ``roles`` there, in registration order (no query)."""
    held = set(roles)
    return [link for link in _QUEUE_LINKS.values()
            if link.municipality == municipality and link.roles & held]


def queue_links(user: User) -> list[QueueLink]:
    """The registers ``user`` is offered in every town they serve, in registration order
    (one query)."""
    pairs = role_pairs(user)
    codes = dict(
        Municipality.objects.filter(pk__in={town for town, _role in pairs}).values_list(
            "pk", "code"
        )
    )
    held = {(codes[town], role) for town, role in pairs}
    return [
        link
        for link in _QUEUE_LINKS.values()
        if any((link.municipality, role) in held for role in link.roles)
    ]


@dataclass(frozen=True)
class NavLink:
    """An entry of the main navigation: a page (``url_name``, with an optional query string)
    offered to holders of one of ``roles`` in one town."""

    municipality: str
    label: str
    url_name: str
    roles: frozenset[str]
    query: str = ""

    @property
    def href(self) -> str:
        return reverse(self.url_name) + (f"?{self.query}" if self.query else "")


_NAV_LINKS: dict[tuple[str, str], NavLink] = {}


def register_nav_link(
    municipality: str, label: str, url_name: str, *, roles: tuple[str, ...], query: str = ""
) -> None:
    """Offer ``url_name`` (with ``query``) in the main navigation to staff holding one of
    ``roles`` in the town whose code is ``municipality``; registered again under the same
    town and label, it replaces the entry."""
    _NAV_LINKS[(municipality, label)] = NavLink(municipality, label, url_name,
                                                frozenset(roles), query)


def nav_links(user: User) -> list[NavLink]:
    """The registered navigation entries ``user`` is offered, in registration order. No
    query unless the user holds a role an entry names; the towns' ids then come from the
    cached town calendars (``town_calendar``)."""
    pairs = role_pairs(user)
    held_roles = {role for _town, role in pairs}
    candidates = [link for link in _NAV_LINKS.values() if link.roles & held_roles]
    town_ids = {code: town.municipality.pk
                for code in {link.municipality for link in candidates}
                if (town := town_calendar(code)) is not None}
    return [link for link in candidates
            if any((town_ids.get(link.municipality), role) in pairs for role in link.roles)]


@dataclass(frozen=True)
class PublicLink:
    """A public page of a bylaw app, offered to everyone on its town's page and on the
    town's card of the home page; ``label`` and ``description`` are translated on the page
    (mark them with ``gettext_noop``)."""

    municipality: str
    label: str
    url_name: str
    description: str = ""


_PUBLIC_LINKS: dict[str, PublicLink] = {}


def register_public_link(municipality: str, label: str, url_name: str, *,
                         description: str = "") -> None:
    """Link the public page ``url_name`` from the page of the town whose code is
    ``municipality`` and from its card on the home page."""
    _PUBLIC_LINKS[url_name] = PublicLink(municipality, label, url_name, description)


def public_links(municipality: str) -> list[PublicLink]:
    """The public pages registered for the town ``municipality``, in registration order."""
    return [link for link in _PUBLIC_LINKS.values() if link.municipality == municipality]
