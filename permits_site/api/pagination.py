"""List pages of the API: ``?limit=`` and ``?offset=`` with a ceiling."""

from rest_framework.exceptions import ValidationError
from rest_framework.pagination import LimitOffsetPagination


class CeilingLimitOffsetPagination(LimitOffsetPagination):
    """At most :attr:`max_limit` rows a page; a larger ``limit`` is clamped to it.

    Without the ceiling, a huge ``limit`` reaches the database as a number it
    cannot hold (a 500) or asks for every row at once. A huge ``offset`` is
    harmless: beyond the row count the page is empty before any rows are read.
    A ``limit`` or ``offset`` that is not a whole number (``?offset=null``), or is
    below its least value, is a 400 naming the parameter, never read as the default.
    """

    max_limit = 200
    #: The least value of each parameter.
    least = {"limit": 1, "offset": 0}

    def get_limit(self, request):
        if self.limit_query_param not in request.query_params:
            return self.default_limit
        return min(self._whole_number(request, self.limit_query_param), self.max_limit)

    def get_offset(self, request):
        if self.offset_query_param not in request.query_params:
            return 0
        return self._whole_number(request, self.offset_query_param)

    def _whole_number(self, request, name: str) -> int:
        least = self.least[name]
        text = request.query_params[name]
        if not (text.isascii() and text.isdigit()) or int(text) < least:
            raise ValidationError({name: [f"Enter a whole number of at least {least}."]})
        return int(text)

    def get_schema_operation_parameters(self, view):
        parameters = super().get_schema_operation_parameters(view)
        for parameter in parameters:
            parameter["schema"]["minimum"] = self.least[parameter["name"]]
        return parameters
