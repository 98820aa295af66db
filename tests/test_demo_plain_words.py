"""Staff and residents read the demo in words: no page any demo account reaches by following
the site's links refuses them (403), is missing (404) or fails (5xx), nor shows a rule id
(``na.lic.A1.age``, ``nb.4.1a.lot_line``), a Python name (``running_at_large``) or a
doubled word ("fees fees") outside the disclosure that keeps a code for the staff who ask
for it (``templates/includes/disclosed_code.html``).

Amounts the law's text does not state are the schedule in force, and residents read them
like any other fee: no page a resident or a visitor reaches, nor any public page, says
"seeded", "placeholder" or "confirm" about a fee (the town's admin sees the flag:
``tests/fees/test_confirming_seeded_amounts.py``; the PDFs: ``test_demo_seeded_wording``).
"""

from __future__ import annotations

import re
from collections import defaultdict
from urllib.parse import urljoin, urlsplit

import pytest
from django.test import Client

from fixtures.demo import build
from permits_site.accounts.models import User
from tests.e2e.plain_language import doubled_words_in, field_names_in, read_page, rule_ids_in

pytestmark = pytest.mark.django_db

#: Links followed from the home page: the pages a person reaches in three clicks.
DEPTH = 3
#: Pages read per account at most (the demo's pages number about a hundred each).
PAGES_PER_ACCOUNT = 250
#: Addresses that are not pages to read: signing out, files, the Django admin.
NOT_PAGES = ("/accounts/logout", "/static/", "/media/", "/admin/")
#: Pages whose words are the same for every account: the towns' public law pages and the
#: application forms, written from the permit types' declarations. The first account that
#: reaches one reads it; the others follow on to their own records (three in five pages
#: read were these, for each of the demo's twenty-two accounts).
SAME_FOR_EVERYONE = ("/towns/", "/apply/")
#: The words of the old flags on amounts the text does not state ("Seeded — confirm",
#: "placeholder amounts the Board has yet to confirm", "To be confirmed", "Confirm the
#: fees"); "confirm" alone is the button a resident presses to change an email address.
FLAG_WORDS = re.compile(r"\b(seeded|placeholders?|to be confirmed|yet to confirm"
                        r"|confirm (?:these|the) (?:amounts|fees))\b", re.IGNORECASE)
#: The demo's people who hold no staff role, and a visitor who has not signed in.
RESIDENTS = (None, "resident", "neighbor", "restaurateur")


def within_the_site(base: str, href: str) -> str | None:
    """The path and query of a link to a page of the site, or None."""
    parts = urlsplit(urljoin(base, href))
    if parts.scheme not in {"", "http"} or parts.netloc not in {"", "testserver"}:
        return None
    if parts.path.startswith(NOT_PAGES):
        return None
    return parts.path + (f"?{parts.query}" if parts.query else "")


def words_out_of_place(parts: list[str], *, data: set[str]) -> set[str]:
    """Rule ids, Python names and doubled words in the words of a page, one piece of text
    at a time (a heading and the cell below it may well say the same word); ``data`` are
    names that are a person's own (a username on the profile page)."""
    return {word for part in parts
            for word in (*rule_ids_in(part), *doubled_words_in(part), *field_names_in(part))
            if word not in data}


def crawl(client: Client, *, data: set[str], read_by_another: dict[str, list[str]],
          resident: bool) -> tuple[int, dict[str, set[str]]]:
    """Read the pages reached from the home page, breadth first: how many were reached, and
    what each shows wrongly.

    ``read_by_another`` holds the links of the pages the same for everyone that an account
    crawled before has read: this crawl follows them without reading the page again, and
    adds the pages it reads first. A ``resident``'s pages, and the pages the same for
    everyone, must not flag an amount either.
    """
    seen: set[str] = set()
    found: dict[str, set[str]] = {}
    frontier = ["/"]
    for _ in range(DEPTH):
        reached = []
        for url in frontier:
            if url in seen or len(seen) >= PAGES_PER_ACCOUNT:
                continue
            seen.add(url)
            if url in read_by_another:
                reached += read_by_another[url]
                continue
            response = client.get(url)
            if response.status_code in (403, 404) or response.status_code >= 500:
                found[url] = {f"answers {response.status_code}"}
            if (response.status_code != 200
                    or not response["Content-Type"].startswith("text/html")):
                continue
            html = response.content.decode()
            parts = read_page(html, disclosures=False).parts
            wrong = words_out_of_place(parts, data=data)
            if resident or url.startswith(SAME_FOR_EVERYONE):
                wrong |= set(FLAG_WORDS.findall(" ".join(parts)))
            if wrong:
                found[url] = wrong
            links = [link for href in read_page(html).links
                     if (link := within_the_site(url, href)) is not None]
            if url.startswith(SAME_FOR_EVERYONE):
                read_by_another[url] = links
            reached += links
        frontier = reached
    return len(seen), found


@pytest.fixture
def demo_accounts() -> list[str]:
    return [credential.username for credential in build()]


@pytest.mark.postgres_only  # the words of the demo's pages, which no database decides: read once
def test_no_demo_page_shows_a_rule_id_or_a_field_name_outside_the_disclosure(demo_accounts):
    usernames = set(demo_accounts)
    problems: dict[str, set[str]] = defaultdict(set)
    read = {}
    read_by_another: dict[str, list[str]] = {}
    for username in [None, *demo_accounts]:
        client = Client()
        if username:
            client.force_login(User.objects.get(username=username))
        read[username], found = crawl(client, data=usernames, read_by_another=read_by_another,
                                      resident=username in RESIDENTS)
        for url, words in found.items():
            problems[", ".join(sorted(words))].add(f"{username or 'signed out'} {url}")

    assert all(count > 20 for count in read.values()), read
    assert not problems, "\n".join(
        f"{words}: {'; '.join(sorted(where)[:3])}" for words, where in problems.items())


def test_a_rule_id_inside_the_disclosure_is_not_read_outside_it():
    html = ('<p>Stable 50 ft from the lot line</p><details class="disclosed-code small">'
            '<summary>Rule id</summary><code>nb.4.1a.lot_line</code></details>'
            '<details><summary>Add a document</summary>running_at_large</details>')

    text = " ".join(read_page(html, disclosures=False).parts)

    assert rule_ids_in(text) == []
    assert field_names_in(text) == ["running_at_large"]


def test_words_out_of_place_names_codes_and_doubled_words_but_not_files_or_addresses():
    parts = ["Dog impoundment fees fees; running_at_large; plot_plan.pdf;",
             "jane_smith@example.com; /staff/some_page/; na.lic.A1.age; clerk_tisbury",
             "Citations", "Citations"]

    assert words_out_of_place(parts, data={"clerk_tisbury"}) == {
        "fees fees", "running_at_large", "na.lic.A1.age"}
