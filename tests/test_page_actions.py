"""The core's pages whose forms post to the page itself (``permits_site.page_actions``): a
POST naming one of the page's actions runs it with the page's arguments; anything else is
the page's own, and a record a form names by number is a number or not found."""

from __future__ import annotations

import pytest
from django.http import Http404, HttpResponse
from django.test import RequestFactory

from permits_site.page_actions import each, posted_number, with_actions


def page(request, pk: int) -> HttpResponse:
    return HttpResponse(f"page {pk} {request.method}")


def act(request, pk: int, action: str) -> HttpResponse:
    return HttpResponse(f"{action} on {pk}")


VIEW = with_actions({**each(["cite", "close"], act),
                     "note": lambda request, pk: HttpResponse(f"note on {pk}")})(page)


@pytest.mark.parametrize(("method", "data", "answer"), [
    ("get", {"action": "cite"}, "page 7 GET"),      # a GET is always the page's
    ("post", {"action": "cite"}, "cite on 7"),      # told which action was posted
    ("post", {"action": "close"}, "close on 7"),
    ("post", {"action": "note"}, "note on 7"),
    ("post", {}, "page 7 POST"),                    # the page's own form names no action
    ("post", {"action": "new"}, "page 7 POST"),     # ... or an "action" field of its own
])
def test_a_post_naming_an_action_runs_it_anything_else_is_the_pages(method, data, answer):
    request = getattr(RequestFactory(), method)("/records/7/", data)

    assert VIEW(request, pk=7).content.decode() == answer


@pytest.mark.parametrize("value", ["", "7a", "-1", "٣", "1.5"])
def test_a_record_named_by_anything_but_a_number_is_not_found(value):
    with pytest.raises(Http404):
        posted_number(RequestFactory().post("/", {"variance": value}), "variance")


def test_a_record_named_by_its_number_is_read():
    assert posted_number(RequestFactory().post("/", {"variance": "42"}), "variance") == 42
