"""A page's forms post to the page itself.

Each form of a page — a record's steps, a list's "open" or "schedule" form — posts to the
page's own address and names what it does in the hidden field ``action``. A step taken
redirects back to the page (post/redirect/get); a step refused is shown by the page at that
same address, with what was typed and each error on its field. The browser so never rests
on an address that answers POST only, where a reload or the back button would fail (405).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from functools import partial, wraps

from django.http import Http404, HttpRequest, HttpResponse

#: The hidden field in which a form names its action.
ACTION_FIELD = "action"

View = Callable[..., HttpResponse]


def with_actions(actions: Mapping[str, View]) -> Callable[[View], View]:
    """Decorate a page's view so that a POST naming one of ``actions`` runs it, with the
    page's own URL arguments. Anything else is the page's: a GET, or a POST of the page's
    own form — which names no action, or an ``action`` field of its own (the counter's
    application form names the permit's: new, renewal) — and a page that takes no POST of
    its own answers 405 to one naming another action."""

    def decorate(page: View) -> View:
        @wraps(page)
        def view(request: HttpRequest, *args, **kwargs) -> HttpResponse:
            posted = request.POST.get(ACTION_FIELD, "") if request.method == "POST" else ""
            return actions.get(posted, page)(request, *args, **kwargs)

        return view

    return decorate


def posted_number(request: HttpRequest, field: str) -> int:
    """The number a form names what it acts on by (a variance's, a hearing's, an order's, a
    finding's place in its list), sent in its hidden ``field``; anything but a number is no
    such record (404)."""
    value = request.POST.get(field, "")
    if not (value.isascii() and value.isdigit()):
        raise Http404("No such record.")
    return int(value)


def each(names: Iterable[str], act: View) -> dict[str, View]:
    """The actions of a page whose forms one view runs: ``act``, told which form was posted
    (``action=``), for each of ``names``."""
    return {name: partial(act, action=name) for name in names}
