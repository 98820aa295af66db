"""A page's forms as a browser posts them: where a form posts and the hidden fields it sends,
and the check that a refused form leaves the browser on the page itself, an address a
reload or the back button reaches (never one that answers POST only)."""

from __future__ import annotations

import html
import re
from html.parser import HTMLParser
from urllib.parse import urlsplit

FORM = re.compile(r"<form\b[^>]*>.*?</form>", re.S)


class _Form(HTMLParser):
    def __init__(self):
        super().__init__()
        self.action: str | None = None
        self.hidden: dict[str, str] = {}

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "form":
            self.action = attrs.get("action")
        elif tag == "input" and attrs.get("type") == "hidden" and attrs.get("name"):
            self.hidden[attrs["name"]] = attrs.get("value") or ""


def form_on(page: str, containing: str) -> tuple[str | None, dict[str, str]]:
    """The first form of ``page`` whose markup contains ``containing`` (a field's name, a
    button's words): the address it posts to (None: the page's own) and its hidden fields,
    the CSRF token aside."""
    for markup in FORM.findall(page):
        if containing in markup:
            return _read(markup)
    raise AssertionError(f"No form of the page contains {containing!r}.")


def _read(markup: str) -> tuple[str | None, dict[str, str]]:
    form = _Form()
    form.feed(markup)
    form.hidden.pop("csrfmiddlewaretoken", None)
    return form.action, form.hidden


def button_on(page: str, words: str) -> tuple[str | None, dict[str, str]]:
    """What a browser sends pressing the button that reads ``words``: to its own
    ``formaction``, else to its form's address (the form it names with ``form="…"``, or the
    one around it), with that form's hidden fields and the button's name and value."""
    at = page.index(f">{words}</button>")
    start = page.rindex("<button", 0, at)
    button = _Tag()
    button.feed(page[start:at + 1])
    named = button.attrs.get("form")
    markup = (re.search(rf'<form\b[^>]*id="{named}".*?</form>', page, re.S).group(0) if named
              else next(form for form in FORM.findall(page) if page[start:at] in form))
    address, hidden = _read(markup)
    if button.attrs.get("name"):
        hidden[button.attrs["name"]] = button.attrs.get("value") or ""
    return button.attrs.get("formaction") or address, hidden


class _Tag(HTMLParser):
    def __init__(self):
        super().__init__()
        self.attrs: dict[str, str | None] = {}

    def handle_starttag(self, tag, attrs):
        self.attrs = dict(attrs)


def post_form(client, page_url: str, containing: str, data: dict | None = None):
    """Open ``page_url`` and post its form that contains ``containing``, as a browser
    would: to the form's address, with its hidden fields and ``data``."""
    page = client.get(page_url)
    assert page.status_code == 200, page.status_code
    address, hidden = form_on(page.content.decode(), containing)
    return client.post(address or page_url, {**hidden, **(data or {})})


def assert_on_the_page(client, response, page_url: str) -> None:
    """``response`` (a refusal) was posted to the page's own address, and that address
    answers GET with the page: reloading it, or coming back to it, shows the page."""
    posted_to = response.request["PATH_INFO"]
    assert urlsplit(posted_to).path == urlsplit(page_url).path, posted_to
    assert client.get(page_url).status_code == 200


def field_error(page: str, name: str) -> str:
    """The words of the error shown on the field named ``name`` (tags dropped), in either of
    the site's form layouts (the case pages' own, crispy's); empty when there is none."""
    match = (re.search(rf'id="id_{re.escape(name)}_error"[^>]*>(.*?)</div>', page, re.S)
             or re.search(rf'id="error_\d+_id_{re.escape(name)}"[^>]*>(.*?)</span>', page,
                          re.S))
    return " ".join(html.unescape(re.sub(r"<[^>]+>", "", match.group(1))).split()) if match else ""


def post_action(client, page_url: str, action: str, data: dict | None = None, **records):
    """Post one of the page's forms as the page sends it: to the page, naming its
    ``action`` and, in its hidden fields, the ``records`` it acts on (``variance=7``)."""
    return client.post(page_url, {"action": action, **records, **(data or {})})
