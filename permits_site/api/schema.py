"""The published schema documents the refusals every operation can answer.

Each operation may refuse a request before its own code runs: a control character in
the query is a 400 and one in the path a 404 (``permits_site.control_characters``), an unknown or
hidden record a 404, an ``Accept`` header naming no format it answers in a 406, a body of a
``Content-Type`` it does not read a 415, and a signed-in operation answers 401 without valid
credentials and 403 to a caller whose role may not act. :class:`ErrorResponsesAutoSchema`
adds those answers, in the project's error shape (:mod:`permits_site.api.errors`), to
every operation that does not declare them itself.

A serializer's description in the schema is its own docstring, never one inherited from
the project's bases (:class:`~permits_site.api.public.fields.BoundedModelSerializer`,
:class:`~permits_site.api.public.fields.StrictSerializer`, …), which say how the API is
built rather than what the object is.
"""

from __future__ import annotations

from drf_spectacular.drainage import get_override
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
NOT_ACCEPTABLE = OpenApiResponse(
    response=OpenApiTypes.OBJECT,
    description="The `Accept` header names no format the operation answers in: a `detail`.",
)
UNSUPPORTED_MEDIA_TYPE = OpenApiResponse(
    response=OpenApiTypes.OBJECT,
    description="The body's `Content-Type` is not one the operation reads: a `detail`.",
)
#: The methods whose body the API parses: any other type of body is a 415.
WITH_A_BODY = ("POST", "PUT", "PATCH")


class ErrorResponsesAutoSchema(AutoSchema):
    """drf-spectacular's schema, with the refusals any operation can answer."""

    def _get_response_bodies(self, direction="response"):
        responses = super()._get_response_bodies(direction)
        for code, response in self._refusals().items():
            responses.setdefault(code, self._get_response_for_code(response, code,
                                                                   direction=direction))
        return responses

    def _refusals(self) -> dict[str, OpenApiResponse]:
        refusals = {"400": REFUSED, "404": UNKNOWN, "406": NOT_ACCEPTABLE}
        if self.method in WITH_A_BODY:
            refusals["415"] = UNSUPPORTED_MEDIA_TYPE
        if not self._is_public():
            refusals |= {"401": UNAUTHENTICATED, "403": FORBIDDEN}
        return refusals

    def _map_basic_serializer(self, serializer, direction):
        component = super()._map_basic_serializer(serializer, direction)
        if not vars(type(serializer)).get("__doc__") and not get_override(serializer,
                                                                           "description"):
            component.pop("description", None)
        return component

    def _is_public(self) -> bool:
        return all(isinstance(permission, AllowAny)
                   for permission in self.view.get_permissions())
