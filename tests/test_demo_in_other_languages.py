"""A resident reads the demo in Portuguese or Spanish without meeting English (#26): no page
a visitor or a demo resident reaches by following the site's links, rendered in ``pt-br``
or ``es``, shows an English sentence or an English label outside what stays English on
purpose.

What stays English carries ``lang="en"`` on the page, and this test does not read it: the
law's text and citations, and text an admin typed that has no translation in the reader's
language (``docs/development/translations.md``). What remains English without that mark is
a person's own data (names, addresses, a dog's name), listed in :data:`ALLOWED`.

English is recognised two ways: a piece of text that is word for word an entry of the
catalogues (marked, translated, yet shown in English), and a piece of text that reads as
English because it holds two or more of English's small words that neither Portuguese nor
Spanish uses, or is one of the labels a page puts on buttons and table headings.
"""

from __future__ import annotations

import gettext
import re
from collections import defaultdict
from html.parser import HTMLParser
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client

from fixtures.demo import build
from permits_site.accounts.models import User
from tests.test_demo_plain_words import NOT_PAGES, within_the_site
from tests.translated import LANGUAGES

pytestmark = pytest.mark.django_db

#: Links followed from the home page.
DEPTH = 3
#: Pages read per account and language at most.
PAGES_PER_ACCOUNT = 200
#: A visitor, and the demo's people who hold no staff role.
RESIDENTS = (None, "resident", "neighbor", "restaurateur")
#: Pages the same for every reader: read once per language.
SAME_FOR_EVERYONE = ("/towns/", "/apply/", "/check/", "/verify/")

def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


#: Words of English that neither Portuguese nor Spanish writes (so "a", "no", "total" and
#: "e" are not among them).
ENGLISH_WORDS = _words("""
    the and your you of to is are this that with for be will has have was not on by it can
    from at or an if which we our their they must may when what who how been there these
    those any each after before into than then only also its were would should could about
    here where why does did done yet until while
""")
#: Labels English pages put alone on buttons, links and table headings.
ENGLISH_LABELS = _words("""
    save submit cancel edit delete search download print status amount paid issued expires
    owner holder address name date due balance invoice receipt messages dashboard profile
    account password email phone business businesses property properties permits licenses
    applications citations documents notes details view open closed draft submitted
    approved denied pending fees fee back next previous home help sign language show hide
    add new remove change update upload file type town street city zip state yes apply pay
    continue send reply inbox outbox dog dogs horse horses license permit application
    citation document message step steps kind reason reasons rules rule check
""")
WORD = re.compile(r"[A-Za-z][A-Za-z'’]*")

#: English that is a person's or a place's own name, the demo's data, or the same word in
#: all three languages. Each entry is a whole piece of text as a page shows it.
ALLOWED = frozenset({
    "Jane Smith", "Omar Haddad", "Rosa Costa",
    # The demo resident's own description of her stable, as she typed it.
    "Two box stalls and a tack room, 20 x 20 ft, wood frame on a slab.",
})
#: Pieces of text matched by these patterns are data, not wording: addresses, amounts,
#: permit numbers, e-mail addresses, dates written with digits.
DATA = re.compile(
    r"^[\d\s.,:/$%#()+-]*$"  # numbers, amounts, dates in digits
    r"|@"  # e-mail addresses
    r"|^[A-Z]{3}-\d{4}-\d{5}$"  # permit numbers
    r"|^\d+[A-Za-z]?\s+\w+(\s\w+)*\s(Street|Avenue|Road|Lane|Way|Drive|Place)\b"  # addresses
)


class _TranslatableText(HTMLParser):
    """The words of a page as a reader in another language meets them, without what the
    page marks English on purpose (``lang="en"``), scripts or styles."""

    VOID = frozenset(
        [
            "area",
            "base",
            "br",
            "col",
            "embed",
            "hr",
            "img",
            "input",
            "link",
            "meta",
            "source",
            "track",
            "wbr",
        ]
    )
    PERCEIVED = {"aria-label", "alt", "title", "placeholder"}

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self._open: list[tuple[str, bool]] = []  # each open element: is it left unread?

    @property
    def _skipping(self) -> bool:
        return any(skipped for _, skipped in self._open)

    def handle_starttag(self, tag, attrs):
        values = dict(attrs)
        skipped = (
            tag in {"script", "style"}
            or (values.get("lang") or "").startswith("en")
            or "hidden" in values
        )
        if not (self._skipping or skipped):
            self.parts.extend(value for name, value in attrs if name in self.PERCEIVED and value)
            if tag == "input" and values.get("type") in {"submit", "button"}:
                self.parts.append(values.get("value") or "")
        if tag not in self.VOID:
            self._open.append((tag, skipped))

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag not in self.VOID and self._open and self._open[-1][0] == tag:
            self._open.pop()

    def handle_endtag(self, tag):
        for index in range(len(self._open) - 1, -1, -1):
            if self._open[index][0] == tag:
                del self._open[index:]
                return

    def handle_data(self, data):
        if not self._skipping and data.strip():
            self.parts.append(" ".join(data.split()))


def translatable_text(html: str) -> list[str]:
    parser = _TranslatableText()
    parser.feed(html)
    parser.close()
    return [part for part in parser.parts if part]


def catalogue_english(language: str) -> frozenset[str]:
    """The English entries of ``language``'s catalogue translated differently."""
    path = Path(
        settings.BASE_DIR, "locale", language.replace("-br", "_BR"), "LC_MESSAGES", "django.mo"
    )
    with path.open("rb") as compiled:
        catalogue = gettext.GNUTranslations(compiled)._catalog
    return frozenset(
        " ".join(english.split())
        for english, said in catalogue.items()
        if isinstance(english, str) and english and said != english and "%(" not in english
    )


def english_in(parts: list[str], *, marked: frozenset[str]) -> list[str]:
    """The pieces of text that read as English."""
    found = []
    for part in parts:
        if part in ALLOWED or DATA.search(part):
            continue
        words = [word.lower() for word in WORD.findall(part)]
        if not words:
            continue
        if (
            part in marked
            or len({word for word in words if word in ENGLISH_WORDS}) >= 2
            or (len(words) <= 3 and all(word in ENGLISH_LABELS for word in words))
        ):
            found.append(part)
    return found


def crawl(client: Client, *, marked: frozenset[str], read: set[str]) -> dict[str, list[str]]:
    """The English each page reached from the home page shows, breadth first; ``read`` holds
    the pages the same for everyone already read in this language."""
    seen: set[str] = set()
    found: dict[str, list[str]] = {}
    frontier = ["/"]
    for _ in range(DEPTH):
        reached = []
        for url in frontier:
            if url in seen or len(seen) >= PAGES_PER_ACCOUNT:
                continue
            seen.add(url)
            if url.startswith(SAME_FOR_EVERYONE) and url in read:
                continue
            response = client.get(url)
            if response.status_code != 200 or not response["Content-Type"].startswith("text/html"):
                continue
            html = response.content.decode()
            if url.startswith(SAME_FOR_EVERYONE):
                read.add(url)
            if english := english_in(translatable_text(html), marked=marked):
                found[url] = english
            reached += [
                link
                for href in re.findall(r'href="([^"]+)"', html)
                if (link := within_the_site(url, href.replace("&amp;", "&")))
                and not link.startswith(NOT_PAGES)
            ]
        frontier = reached
    return found


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_resident_page_of_the_demo_shows_english_outside_the_law_and_admin_text(language):
    build()
    marked = catalogue_english(language)
    problems: dict[str, set[str]] = defaultdict(set)
    read: set[str] = set()
    for username in RESIDENTS:
        client = Client(HTTP_ACCEPT_LANGUAGE=language)
        client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
        if username:
            client.force_login(User.objects.get(username=username))
        for url, english in crawl(client, marked=marked, read=read).items():
            for text in english:
                problems[text].add(f"{username or 'visitor'} {url}")

    assert not problems, f"{len(problems)} pieces of English:\n" + "\n".join(
        f"  {text!r}: {'; '.join(sorted(where)[:2])}" for text, where in sorted(problems.items())
    )


def test_english_is_found_in_sentences_and_labels_but_not_in_data_or_marked_english():
    html = (
        "<p>Pague a taxa.</p><p>Pay the fee for your dog.</p><button>Save</button>"
        '<blockquote lang="en">The owner of the dog shall pay.</blockquote>'
        "<td>12 Elm Street</td><td>$25.00</td><td>jane@example.com</td>"
        "<p>Salvar</p><p>Status</p><p>Submit an application</p>"
    )

    marked = frozenset({"Submit an application"})
    assert english_in(translatable_text(html), marked=marked) == [
        "Pay the fee for your dog.",
        "Save",
        "Status",
        "Submit an application",
    ]
