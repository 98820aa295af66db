"""Amounts the law's text does not state are the schedule in force, and residents read them
like any other fee: no page a resident of the demo reaches by following the site's links,
and no license PDF of theirs, says "seeded", "placeholder" or "confirm" about a fee. (The
town's admin sees the flag: ``tests/fees/test_confirming_seeded_amounts.py``.)"""

from __future__ import annotations

import re

import pytest
from django.test import Client

from fixtures.demo import build
from permits_site.accounts.models import User
from permits_site.licensing.models import Permit
from permits_site.pdf import rendering
from tests.e2e.plain_language import read_page
from tests.test_demo_plain_words import within_the_site

pytestmark = pytest.mark.django_db

#: The words of the old flags ("Seeded — confirm", "placeholder amounts the Board has yet
#: to confirm", "To be confirmed"); a resident has nothing to confirm.
FLAG_WORDS = re.compile(
    r"\b(seeded|placeholders?|confirm|to be confirmed)\b",
    re.IGNORECASE)
#: The people of the demo who are not staff, and a visitor who has not signed in.
RESIDENTS = (None, "resident", "neighbor", "restaurateur")
DEPTH = 3
PAGES_PER_ACCOUNT = 200


def flag_words_on_pages(client: Client) -> tuple[int, dict[str, list[str]]]:
    """Read the pages reached from the home page, breadth first: the flag words on each."""
    seen: set[str] = set()
    found: dict[str, list[str]] = {}
    frontier = ["/"]
    for _ in range(DEPTH):
        reached = []
        for url in frontier:
            if url in seen or len(seen) >= PAGES_PER_ACCOUNT:
                continue
            seen.add(url)
            response = client.get(url)
            if (response.status_code != 200
                    or not response["Content-Type"].startswith("text/html")):
                continue
            page = read_page(response.content.decode())
            words = FLAG_WORDS.findall(" ".join(page.parts))
            if words:
                found[url] = words
            reached += [link for href in page.links
                        if (link := within_the_site(url, href)) is not None]
        frontier = reached
    return len(seen), found


@pytest.fixture
def demo():
    build()


def test_no_resident_page_of_the_demo_flags_a_fee_as_seeded(demo):
    read, problems = {}, {}
    for username in RESIDENTS:
        client = Client()
        if username:
            client.force_login(User.objects.get(username=username))
        read[username], found = flag_words_on_pages(client)
        problems.update({f"{username or 'signed out'} {url}": words
                         for url, words in found.items()})

    assert all(count > 10 for count in read.values()), read
    assert not problems, problems


def test_no_license_pdf_of_the_demo_flags_a_fee_as_seeded(demo, monkeypatch):
    rendered: list[str] = []
    monkeypatch.setattr(rendering, "html_to_pdf", lambda html: rendered.append(html) or b"")
    permits = Permit.objects.select_related("permit_type", "municipality", "holder")

    for permit in permits:
        rendering.render_permit_pdf_bytes(permit)

    assert len(rendered) == permits.count() > 0
    for permit, html in zip(permits, rendered, strict=True):
        assert not FLAG_WORDS.findall(" ".join(read_page(html).parts)), permit.number


@pytest.mark.parametrize("text", [
    "Seeded — confirm", "These amounts are placeholders",
    "placeholder amounts the Board has yet to confirm", "Confirm the fees the town adopted",
])
def test_the_flag_words_are_found(text):
    assert FLAG_WORDS.search(text)


@pytest.mark.parametrize("text", [
    "Payment received: the processor confirmed it", "A check confirms nothing until it clears",
])
def test_ordinary_words_are_not_flag_words(text):
    assert FLAG_WORDS.search(text) is None
