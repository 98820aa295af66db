"""Refuse a request whose path or query holds a control character, before any view runs.

No address the site writes holds one, no person types one, and PostgreSQL refuses a NUL in
a text value: a NUL in a path's slug or in a search would otherwise fail deep in a lookup.
A path with one names no page or record, so it is the site's "not found" (404); a query
with one is a request the site cannot read (400), naming the query. The API answers both
in JSON.
"""

from __future__ import annotations

import re
from urllib.parse import unquote

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render

#: C0 control characters and DEL.
CONTROL_CHARACTER = re.compile(r"[\x00-\x1f\x7f]")
API_PREFIX = "/api/"
QUERY_REFUSED = "The address's query holds a control character, which no page accepts."


def has_control_character_in_query(request: HttpRequest) -> bool:
    query = unquote(request.META.get("QUERY_STRING", "").replace("+", " "))
    return bool(CONTROL_CHARACTER.search(query))


class RefuseControlCharactersMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        api = request.path.startswith(API_PREFIX)
        if CONTROL_CHARACTER.search(request.path):
            if api:
                return JsonResponse({"detail": "Not found."}, status=404)
            return render(request, "404.html", status=404)
        if has_control_character_in_query(request):
            if api:
                return JsonResponse({"detail": QUERY_REFUSED}, status=400)
            return render(request, "400.html", {"reason": QUERY_REFUSED}, status=400)
        return self.get_response(request)
