"""What bylaw apps add to the API, registered from their ``AppConfig.ready()``.

The core API never imports a bylaw app. A bylaw app whose law keeps records of
its own (a resident's dogs, a keeper's stables) registers their resources as
routes; the URLconf, loaded after every app is ready, mounts them. How an
application's ``details`` are read is the permit type's declaration
(``permits_site.licensing.kinds``), not API code.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Route:
    prefix: str
    viewset: type
    basename: str


_ROUTES: dict[str, Route] = {}


def register_routes(prefix: str, viewset: type, basename: str) -> None:
    """Serve ``viewset`` under ``/api/v1/<prefix>/`` (URL names ``api:<basename>-…``)."""
    _ROUTES[prefix] = Route(prefix, viewset, basename)


def registered_routes() -> list[Route]:
    return list(_ROUTES.values())
