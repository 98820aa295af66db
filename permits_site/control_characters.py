"""Refuse a request whose path or query holds a control character, before any view runs.

No address the site writes holds one, no person types one, and PostgreSQL refuses a NUL in
a text value: a NUL in a path's slug or in a search would otherwise fail deep in a lookup.
The site answers 400 with its own page (JSON on the API), naming the part of the address.
"""

from __future__ import annotations

import re
from urllib.parse import unquote

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render

#: C0 control characters and DEL.
CONTROL_CHARACTER = re.compile(r"[\x00-\x1f\x7f]")
API_PREFIX = "/api/"


def part_with_control_character(request: HttpRequest) -> str:
    """``"path"``, ``"query"`` or ``""``: where the address holds a control character."""
    if CONTROL_CHARACTER.search(request.path):
        return "path"
    query = unquote(request.META.get("QUERY_STRING", "").replace("+", " "))
    if CONTROL_CHARACTER.search(query):
        return "query"
    return ""


class RefuseControlCharactersMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        part = part_with_control_character(request)
        if not part:
            return self.get_response(request)
        message = f"The address's {part} holds a control character, which no page accepts."
        if request.path.startswith(API_PREFIX):
            return JsonResponse({"detail": message}, status=400)
        return render(request, "400.html", {"reason": message}, status=400)
