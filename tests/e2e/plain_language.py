"""Plain language: no internal rule id on what a resident reads, and on staff screens only
behind a disclosure.

Rule ids (``na.lic.A.timely``, ``nb.2.2.notice_days``, ``ti.9.7.6.private_well``) are the
office's and the API's vocabulary. While a browser test runs, :func:`plain_language_scan`
reads the text of every HTML page served to a resident — anyone signed out, or signed in
without a staff role in any town — and the text of every PDF the site writes (licenses,
notices, letters), and fails the test naming each page or PDF that shows a rule id. Staff
screens keep their ids inside a ``<details>`` disclosure, read by
``tests/test_demo_plain_words.py`` with :func:`page_text` outside the disclosures.

``tests/e2e/conftest.py`` imports the fixture, so it runs with every browser test.
"""

from __future__ import annotations

import io
import re
import threading
from collections.abc import Iterator
from html.parser import HTMLParser

import pytest
from django.core.handlers.base import BaseHandler
from pypdf import PdfReader

from permits_site.accounts.permissions import role_pairs

#: A town prefix, then at least two dotted parts: ``ti.5.5.pets``, ``na.lic.A1.rabies``.
RULE_ID = re.compile(r"(?<![\w.])(?:na|nb|ti)(?:\.\w+){2,}")

#: A Python name: lower-case words joined by underscores (``running_at_large``), not part of
#: an address, a path or a file name (``plot_plan.pdf``).
FIELD_NAME = re.compile(r"(?<![\w.@/-])[a-z][a-z0-9]*(?:_[a-z0-9]+)+(?![\w@/-]|\.\w)")

#: A word said twice in a row ("Dog impoundment fees fees").
DOUBLED_WORD = re.compile(r"\b([A-Za-z]{2,})\s+\1\b", re.IGNORECASE)

#: Attributes a person perceives (read aloud or shown on hover) besides the text itself.
PERCEIVED_ATTRIBUTES = {"aria-label", "alt", "title", "placeholder"}


class _PageText(HTMLParser):
    """The words of an HTML page as a person meets them: no markup, scripts or styles (nor,
    with ``disclosures=False``, the codes ``includes/disclosed_code.html`` keeps folded); and
    the addresses its links lead to."""

    def __init__(self, *, disclosures: bool) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.links: list[str] = []
        self._disclosures = disclosures
        self._details: list[bool] = []  # for each open <details>: is it a code disclosure?
        self._hidden_depth = 0

    def _hides(self, tag: str, attrs: list[tuple[str, str | None]]) -> bool:
        return tag in {"script", "style"} or (
            not self._disclosures and tag == "details"
            and "disclosed-code" in (dict(attrs).get("class") or "").split())

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        hides = self._hides(tag, attrs)
        if tag == "details":
            self._details.append(hides)
        if hides:
            self._hidden_depth += 1
        if tag == "a":
            self.links.extend(value for name, value in attrs if name == "href" and value)
        if not self._hidden_depth:
            self.parts.extend(value for name, value in attrs
                              if name in PERCEIVED_ATTRIBUTES and value)

    def handle_endtag(self, tag: str) -> None:
        ends_hidden = (self._details.pop() if tag == "details" and self._details
                       else tag in {"script", "style"})
        if ends_hidden and self._hidden_depth:
            self._hidden_depth -= 1

    def handle_data(self, data: str) -> None:
        if not self._hidden_depth:
            self.parts.append(data)


def read_page(html: str, *, disclosures: bool = True) -> _PageText:
    """The page read; ``disclosures=False`` leaves out the codes kept behind a disclosure."""
    parser = _PageText(disclosures=disclosures)
    parser.feed(html)
    parser.close()
    return parser


def page_text(html: str, *, disclosures: bool = True) -> str:
    return " ".join(" ".join(read_page(html, disclosures=disclosures).parts).split())


def pdf_title_and_text(content: bytes) -> tuple[str, str]:
    reader = PdfReader(io.BytesIO(content))
    title = (reader.metadata and reader.metadata.title) or "untitled"
    return title, " ".join(" ".join((page.extract_text() or "").split())
                           for page in reader.pages)


def rule_ids_in(text: str) -> list[str]:
    return RULE_ID.findall(text)


def field_names_in(text: str) -> list[str]:
    return FIELD_NAME.findall(text)


def doubled_words_in(text: str) -> list[str]:
    return [match.group(0) for match in DOUBLED_WORD.finditer(text)]


def is_resident_page(request, response) -> bool:
    """An HTML page served to someone signed out or holding no staff role."""
    if response.streaming or not response.get("Content-Type", "").startswith("text/html"):
        return False
    user = getattr(request, "user", None)
    return user is None or not role_pairs(user)


class Scan:
    """What the resident pages and PDFs of one test showed that they should not have."""

    def __init__(self) -> None:
        self.problems: list[str] = []
        self._lock = threading.Lock()

    def read(self, where: str, text: str) -> None:
        found = rule_ids_in(text)
        if found:
            with self._lock:
                self.problems.append(f"{where}: {', '.join(sorted(set(found)))}")

    def report(self) -> str:
        return "Rule ids shown to residents:\n" + "\n".join(f"  - {p}" for p in self.problems)


@pytest.fixture(autouse=True)
def plain_language_scan(monkeypatch) -> Iterator[Scan]:
    """Read every resident page the live server serves and every PDF written during the
    test; fail it if any shows a rule id."""
    from weasyprint import HTML  # the renderer behind every PDF the site writes

    scan = Scan()
    serve, write_pdf = BaseHandler.get_response, HTML.write_pdf

    def get_response(handler, request):
        response = serve(handler, request)
        if is_resident_page(request, response):
            scan.read(request.get_full_path(), page_text(response.content.decode()))
        return response

    def scanned_write_pdf(document, *args, **kwargs):
        content = write_pdf(document, *args, **kwargs)
        if content:
            title, text = pdf_title_and_text(content)
            scan.read(f"PDF “{title}”", text)
        return content

    monkeypatch.setattr(BaseHandler, "get_response", get_response)
    monkeypatch.setattr(HTML, "write_pdf", scanned_write_pdf)
    yield scan
    assert not scan.problems, scan.report()
