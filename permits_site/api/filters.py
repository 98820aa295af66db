"""``?municipality=CODE`` on the API's lists: only that town's records, and an unknown code is
a 400 naming the parameter (api.md, "General"), on every operation that reads it."""

from __future__ import annotations

from rest_framework.exceptions import ValidationError
from rest_framework.filters import BaseFilterBackend

from permits_site.towns.models import Municipality


def requested_town(query_params) -> Municipality | None:
    """The town ``?municipality=`` names, None without one; a 400 for an unknown code."""
    code = query_params.get("municipality")
    if code is None:
        return None
    town = Municipality.objects.filter(code=code).first()
    if town is None:
        raise ValidationError({"municipality": [f"There is no municipality '{code}'."]})
    return town


class TownFilter(BaseFilterBackend):
    """Keeps the records of the town asked for, on views naming their ``town_field``."""

    def filter_queryset(self, request, queryset, view):
        town = requested_town(request.query_params)
        field = getattr(view, "town_field", None)
        if town is None or field is None:
            return queryset
        return queryset.filter(**{field: town})

    def get_schema_operation_parameters(self, view) -> list[dict]:
        if getattr(view, "town_field", None) is None:
            return []
        return [{
            "name": "municipality", "in": "query", "required": False,
            "description": "Only this town's records (its code, as in /municipalities/).",
            "schema": {"type": "string"},
        }]
