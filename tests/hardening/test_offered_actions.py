"""Nothing offered is refused (issue #20): every form a member of the demo's staff is shown
posts without a refusal (403), a "not found" (404) or an error (500).

Each staff account of the demo follows the site's links from its home, a few pages of each
kind; every form that posts is then sent once, empty but for its hidden fields (the action
a form of a page names, the record it acts on), and rolled back, so the walk changes
nothing and the forms are judged on the demo as it was. An empty form answers with its
errors (400) or does what it says (a redirect): either way the page offered it to someone
allowed to send it. The demo's records are the same for every account, so one form of each
kind stands for its siblings, and the walk stays well under a minute.
"""

from __future__ import annotations

from collections import defaultdict
from html.parser import HTMLParser
from urllib.parse import urljoin, urlsplit

import pytest
from django.conf import settings
from django.db import transaction
from django.shortcuts import resolve_url
from django.test import Client
from django.urls import Resolver404, resolve, reverse

from fixtures.demo import build
from permits_site.accounts.models import Membership, User

pytestmark = pytest.mark.django_db

#: Links followed from the home page.
DEPTH = 3
#: Pages of one kind (one URL name) read per account: the third says what the first two did.
PAGES_PER_KIND = 2
#: Addresses that are not pages to read or forms to judge here (signing out would end the
#: walk's session).
NOT_PAGES = ("/accounts/sign-out", "/static/", "/media/", "/admin/", "/api/", "/i18n/")
#: What an offered form must never answer.
DEAD_ENDS = {403, 404, 500}


class PageLinks(HTMLParser):
    """The links of a page and its forms that post: each one's address and hidden fields."""

    def __init__(self) -> None:
        super().__init__()
        self.links: list[str] = []
        self.posts: list[tuple[str, dict[str, str]]] = []
        self.in_post = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        named = dict(attrs)
        if tag == "a" and named.get("href"):
            self.links.append(named["href"])
        elif tag == "form" and (named.get("method") or "").lower() == "post":
            self.posts.append((named.get("action") or "", {}))
            self.in_post = True
        elif (tag == "input" and self.in_post and named.get("type") == "hidden"
              and named.get("name") not in (None, "csrfmiddlewaretoken")):
            self.posts[-1][1][named["name"]] = named.get("value") or ""

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self.in_post = False


def within_the_site(base: str, href: str) -> str | None:
    """The path and query of an address of the site, or None."""
    parts = urlsplit(urljoin(base, href))
    if parts.scheme not in {"", "http"} or parts.netloc not in {"", "testserver"}:
        return None
    if parts.path.startswith(NOT_PAGES):
        return None
    return parts.path + (f"?{parts.query}" if parts.query else "")


def kind_of(url: str) -> tuple[str, tuple] | None:
    """The URL name and the non-numeric arguments: two records' pages are one kind."""
    try:
        match = resolve(urlsplit(url).path)
    except Resolver404:
        return None
    words = tuple(sorted((name, value) for name, value in match.kwargs.items()
                         if not str(value).isdigit()))
    return match.view_name, words


def form_kind(url: str, hidden: dict[str, str]) -> tuple | None:
    """A form's kind: the kind of its address and the action it names there (a page's
    forms post to the page, each naming its action)."""
    kind = kind_of(url)
    return None if kind is None else (kind, hidden.get("action", ""))


#: A form to send: its address and its hidden fields.
Form = tuple[str, tuple[tuple[str, str], ...]]


def offered_forms(client: Client) -> dict[tuple, Form]:
    """One form of each kind the account is shown, reading breadth first."""
    read: dict[tuple, int] = defaultdict(int)
    seen: set[str] = set()
    forms: dict[tuple, Form] = {}
    frontier = ["/"]
    for _ in range(DEPTH):
        reached = []
        for url in frontier:
            kind = kind_of(url)
            if url in seen or kind is None or read[kind] >= PAGES_PER_KIND:
                continue
            seen.add(url)
            read[kind] += 1
            response = client.get(url)
            if response.status_code in (301, 302):
                reached.append(within_the_site(url, response["Location"]))
                continue
            if (response.status_code != 200
                    or not response["Content-Type"].startswith("text/html")):
                continue
            page = PageLinks()
            page.feed(response.content.decode())
            for action, hidden in page.posts:
                target = within_the_site(url, action)
                if target is not None and (kind := form_kind(target, hidden)) is not None:
                    forms.setdefault(kind, (target, tuple(sorted(hidden.items()))))
            reached += [link for href in page.links
                        if (link := within_the_site(url, href)) is not None]
        frontier = [url for url in reached if url is not None]
    return forms


def post_and_forget(client: Client, form: Form) -> int:
    """Send the form empty but for its hidden fields and roll back whatever it did; a form
    that sends the person to the sign-in page is refused too (answered here as a 403)."""
    url, hidden = form
    with transaction.atomic():
        response = client.post(url, dict(hidden))
        transaction.set_rollback(True)
    if response.status_code == 302 and response["Location"].startswith(
            resolve_url(settings.LOGIN_URL)):
        return 403
    return response.status_code


@pytest.fixture
def accounts() -> list[User]:
    """The demo's resident first, then every member of its staff."""
    build()
    staff = User.objects.filter(pk__in=Membership.objects.values("user")).order_by("username")
    return [User.objects.get(username="resident"), *staff]


def judge(user: User, *, judged_already: frozenset[Form] = frozenset()) -> tuple[set[Form],
                                                                                 list[str]]:
    """The forms ``user`` is offered (less those judged already) and those that dead-end."""
    client = Client(raise_request_exception=False)
    client.force_login(user)
    forms = set(offered_forms(client).values()) - judged_already
    return forms, [f"{user.username}: POST {url} {dict(hidden)} answered {status}"
                   for url, hidden in sorted(forms)
                   if (status := post_and_forget(client, (url, hidden))) in DEAD_ENDS]


@pytest.mark.postgres_only  # a walk of the demo's pages no database decides: walked once
def test_no_form_offered_to_a_member_of_staff_is_refused(accounts):
    resident, *staff = accounts
    # The forms every signed-in person gets (applying, a profile) are judged once, as the
    # resident's: a member of staff is judged on what their roles add.
    everyone, dead_ends = judge(resident)
    judged = {}
    for user in staff:
        forms, refused = judge(user, judged_already=frozenset(everyone))
        judged[user.username] = len(forms)
        dead_ends += refused

    assert all(judged.values()), judged
    assert not dead_ends, "\n".join(dead_ends)


def test_a_form_of_another_record_is_the_same_kind():
    citation = {"action": "citation"}
    assert (form_kind("/enforcement/cases/12/", citation)
            == form_kind("/enforcement/cases/7/", citation))
    assert (form_kind("/enforcement/cases/12/", citation)
            != form_kind("/enforcement/cases/12/", {"action": "close"}))


def test_an_empty_dog_license_form_is_answered_with_its_errors(client, resident):
    """Found by the walk: an empty post left the form unbound and the page failed (500)."""
    client.force_login(resident)

    response = client.post(reverse("dogs:apply"), {})

    assert response.status_code == 400
    assert "This field is required." in response.content.decode()
