"""What bylaw apps add to the site's pages, registered from their ``AppConfig.ready()``.

The core never imports a bylaw app (the import contracts in ``pyproject.toml``): a
bylaw app whose law keeps records of its own registers its URL module, mounted by the
root URLconf under the app's prefix, and the links to its registers that the
application queue offers to the town's staff.
"""

from __future__ import annotations

from dataclasses import dataclass

from permits_site.accounts.models import User
from permits_site.accounts.permissions import STAFF_ROLES, role_pairs
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
    """Offer ``url_name`` on the application queue to staff holding one of ``roles`` (any
    staff role when none are named) in the town whose code is ``municipality``."""
    _QUEUE_LINKS[url_name] = QueueLink(
        municipality, label, url_name, frozenset(roles or STAFF_ROLES)
    )


def queue_links(user: User) -> list[QueueLink]:
    """The registered links ``user`` is offered, in registration order (one query)."""
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
