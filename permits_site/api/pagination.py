"""List pages of the API: ``?limit=`` and ``?offset=`` with a ceiling."""

from rest_framework.pagination import LimitOffsetPagination


class CeilingLimitOffsetPagination(LimitOffsetPagination):
    """At most :attr:`max_limit` rows a page; a larger ``limit`` is clamped to it.

    Without the ceiling, a huge ``limit`` reaches the database as a number it
    cannot hold (a 500) or asks for every row at once. A huge ``offset`` is
    harmless: beyond the row count the page is empty before any rows are read.
    """

    max_limit = 200
