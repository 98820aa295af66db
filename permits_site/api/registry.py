"""What bylaw apps add to the API, registered from their ``AppConfig.ready()``.

The core API never imports a bylaw app. A bylaw app whose permit types keep
typed details (a dog license: which dog and which year) registers a details
handler for them, and its own resources (a resident's dogs) as routes; the
URLconf, loaded after every app is ready, mounts those routes.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from permits_site.licensing.kinds import kind_for
from permits_site.licensing.models import Application, PermitType


class DetailsHandler:
    """How a permit type's ``details`` are read from a request and shown in a response.

    A type with a registered handler may be applied for through the API even when its
    web pages are the town's usual way in (``PermitType.online`` is off).
    """

    #: Whether a draft's details are the rule set's facts, replaced with ``PATCH {"facts"}``.
    takes_facts = True

    def parse(self, permit_type: PermitType, raw: Mapping[str, Any]) -> dict[str, Any]:
        """Typed details, or a DRF ``ValidationError`` naming the fields."""
        raise NotImplementedError

    def represent(self, application: Application) -> dict[str, Any]:
        raise NotImplementedError

    def start_application(
        self, *, applicant, permit_type: PermitType, action: str, details: Mapping[str, Any]
    ) -> Application:
        """Create the draft from parsed details: by default, the permit kind's own hook."""
        return kind_for(permit_type.code).start_application(
            applicant=applicant, permit_type=permit_type, action=action, details=details
        )


@dataclass(frozen=True)
class Route:
    prefix: str
    viewset: type
    basename: str


_DETAILS: dict[str, DetailsHandler] = {}
_ROUTES: dict[str, Route] = {}


def register_details(permit_type_code: str, handler: DetailsHandler) -> DetailsHandler:
    """Read and show ``permit_type_code``'s details with ``handler``."""
    _DETAILS[permit_type_code] = handler
    return handler


def registered_details(permit_type_code: str) -> DetailsHandler | None:
    return _DETAILS.get(permit_type_code)


def register_routes(prefix: str, viewset: type, basename: str) -> None:
    """Serve ``viewset`` under ``/api/v1/<prefix>/`` (URL names ``api:<basename>-…``)."""
    _ROUTES[prefix] = Route(prefix, viewset, basename)


def registered_routes() -> list[Route]:
    return list(_ROUTES.values())
