"""The published schema documents the refusals every operation can answer.

Each operation may refuse a request before its own code runs: a control character in
the query is a 400 and one in the path a 404 (``permits_site.control_characters``), an unknown or
hidden record a 404, and a signed-in operation answers 401 without valid credentials
and 403 to a caller whose role may not act. :class:`ErrorResponsesAutoSchema` adds those
answers, in the project's error shape (:mod:`permits_site.api.errors`), to every
operation that does not declare them itself.
"""

from __future__ import annotations

from drf_spectacular.openapi import AutoSchema
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse
from rest_framework.permissions import AllowAny

REFUSED = OpenApiResponse(
    response=OpenApiTypes.OBJECT,
    description="Refused: an object whose keys name the offending fields, or a `detail`.",
)
UNKNOWN = OpenApiResponse(
    response=OpenApiTypes.OBJECT,
    description="No such record, or one the caller may not see: a `detail`.",
)
UNAUTHENTICATED = OpenApiResponse(
    response=OpenApiTypes.OBJECT,
    description="No valid credentials: a `detail`.",
)
FORBIDDEN = OpenApiResponse(
    response=OpenApiTypes.OBJECT,
    description="The caller's roles may not do this: a `detail` naming who may.",
)


class ErrorResponsesAutoSchema(AutoSchema):
    """drf-spectacular's schema, with the refusals any operation can answer."""

    def _get_response_bodies(self, direction="response"):
        responses = super()._get_response_bodies(direction)
        for code, response in self._refusals().items():
            responses.setdefault(code, self._get_response_for_code(response, code,
                                                                   direction=direction))
        return responses

    def _refusals(self) -> dict[str, OpenApiResponse]:
        refusals = {"400": REFUSED, "404": UNKNOWN}
        if not self._is_public():
            refusals |= {"401": UNAUTHENTICATED, "403": FORBIDDEN}
        return refusals

    def _is_public(self) -> bool:
        return all(isinstance(permission, AllowAny)
                   for permission in self.view.get_permissions())
