"""Browser tests: Playwright driving the system's headless Chromium against the live server.

Every test collected under ``tests/e2e`` is marked ``e2e`` and gets a
transactional database (the live server runs in another thread) whose
migrated reference data — towns, permit types, fee schedules — is restored
for each test. Use the fixtures and helpers here::

    from tests.e2e.conftest import assert_accessible, sign_in

    def test_resident_sees_dashboard(page, live_server, resident):
        sign_in(page, live_server, resident.username, PASSWORD)
        assert_accessible(page)

``page`` is a fresh desktop browser context per test, ``phone_page`` a
390 × 844 touch screen (at a phone's pixel density only in the tests that take the
documentation's screenshots, ``phone_page``'s docstring says why). Run them with
``.venv/bin/pytest tests/e2e -p no:cacheprovider``.

The documentation's screenshots are taken here, at the meaningful moment of a walk: a
test marked ``docs_screenshot`` calls ``docs_screenshot(page, "clerk-review")`` (the top of
the page; a locator takes one element), which saves ``clerk-review.png`` in the folder
named by ``DOCS_SCREENSHOTS_DIR`` and does nothing when that variable is unset.
``make test`` sets it, and ``make docs`` runs the marked tests when a screenshot a page
shows is missing, so the documentation never shows a stale screen.

Every browser test runs on a frozen clock: it starts at ``FROZEN_AT``, an
ordinary business morning (Wednesday, June 10, 2026, 10:00 in the towns' time
zone — no Massachusetts legal holiday, every town's office open, no renewal
season or year-end near), and the clock ticks on from there. The live server
runs in the test's process, so pages, services and the test's own
``timezone.localdate()`` all see that day. The clock is set before any of the
test's own fixtures run, so the people, licenses and deadlines they create are
dated on it too. A test that needs another day travels itself
(``time_machine.travel(moment, tick=True)`` in the test or in a fixture of its
own); travels nest, and leaving one returns to the frozen day.
"""

from __future__ import annotations

import datetime as dt
import os
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
import time_machine
from axe_playwright_python.base import AXE_SCRIPT
from django.apps import apps
from django.core.management import call_command
from django.core.management.color import no_style
from django.db import DEFAULT_DB_ALIAS, connections
from playwright.sync_api import (
    Browser,
    BrowserContext,
    Locator,
    Page,
    Playwright,
    expect,
    sync_playwright,
)

from permits_site.towns.models import Municipality
from tests.e2e.plain_language import plain_language_scan  # noqa: F401  (autouse)

# Playwright's sync API keeps an event loop running in the test thread, which makes
# Django refuse ORM calls from test code as "async unsafe"; none of them run in that loop.
os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-quic",
    "--no-first-run",
    "--disable-default-apps",
    "--disable-extensions",
    "--metrics-recording-only",
]
DEFAULT_TIMEOUT_MS = 10_000
#: Assertions wait as long as actions do: a loaded CI machine renders pages slowly.
expect.set_options(timeout=DEFAULT_TIMEOUT_MS)
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
#: A phone's pixels per CSS pixel, for the documentation's phone screenshots.
PHONE_PIXEL_DENSITY = 3
#: How much of a page a documentation screenshot shows: the top of it, as a tall screen does.
DOCS_SCREEN_HEIGHT = 1100
#: axe-core rule tags for WCAG 2.0 and 2.1, levels A and AA.
WCAG_21_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
#: axe run on those rules, noting the elements of the violations only.
AXE_OPTIONS = {"runOnly": {"type": "tag", "values": WCAG_21_AA}, "resultTypes": ["violations"]}
#: Runs axe on the page and hands back only its violations: the rest of its report (the
#: rules that passed or did not apply, with their descriptions) is never read, so it is not
#: sent from the browser at each of the suite's ~600 checks.
AXE_VIOLATIONS = "options => axe.run(document, options).then(results => results.violations)"

E2E_DIRECTORY = Path(__file__).parent
PROJECT_DIRECTORY = E2E_DIRECTORY.parents[1]
#: The moment every browser test starts at: a Wednesday morning with every office open.
FROZEN_AT = dt.datetime(2026, 6, 10, 10, 0, tzinfo=ZoneInfo("America/New_York"))


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark browser tests before pytest-django orders tests by their database use.

    ``serialized_rollback`` restores the data migrations' towns and permit types,
    which a transactional test's flush would otherwise delete for the tests after it.
    """
    for item in items:
        if E2E_DIRECTORY in Path(item.path).parents:
            item.add_marker(pytest.mark.e2e)
            item.add_marker(pytest.mark.django_db(transaction=True, serialized_rollback=True))


@pytest.fixture(autouse=True)
def _site_url_is_the_live_server(settings, live_server) -> None:
    """Links the site sends (password reset, email change, the outbox) start with
    ``SITE_URL``: in a browser test, the address the live server answers at."""
    settings.SITE_URL = live_server.url


@pytest.fixture(autouse=True)
def _frozen_business_day() -> Iterator[None]:
    """Run the test from ``FROZEN_AT`` on, whatever the real date (see the module's
    docstring). Autouse fixtures come before the fixtures a test asks for, so every
    record the test's fixtures create is dated on the frozen day."""
    with time_machine.travel(FROZEN_AT, tick=True):
        yield


@pytest.fixture(scope="session")
def reference_data(django_db_setup) -> str:
    """The migrated towns, permit types and schedules, serialized when the test database
    was created.

    Taken before Playwright starts its event loop: Django's connections are
    context-local, so inside that loop a test gets a new connection object that
    does not carry the serialized copy, and ``serialized_rollback`` alone would
    restore nothing.
    """
    return connections[DEFAULT_DB_ALIAS]._test_serialized_contents


@pytest.fixture(autouse=True)
def _restore_reference_data(reference_data: str) -> None:
    """Hand the serialized copy to this context's connection, and put back what the
    previous browser test's flush removed if that connection could not."""
    connection = connections[DEFAULT_DB_ALIAS]
    if not hasattr(connection, "_test_serialized_contents"):
        connection._test_serialized_contents = reference_data
    if not Municipality.objects.exists():
        call_command("flush", verbosity=0, interactive=False, inhibit_post_migrate=True)
        connection.creation.deserialize_db_from_string(reference_data)
        _resume_sequences(connection)


def _resume_sequences(connection) -> None:
    """Move PostgreSQL's id sequences past the reloaded rows: the flush reset them to 1,
    and the reference data came back with its own ids."""
    statements = connection.ops.sequence_reset_sql(no_style(), apps.get_models())
    with connection.cursor() as cursor:
        for statement in statements:
            cursor.execute(statement)


@pytest.fixture(scope="session")
def playwright(reference_data: str) -> Iterator[Playwright]:
    with sync_playwright() as running:
        yield running


@pytest.fixture(scope="session")
def browser(playwright: Playwright) -> Iterator[Browser]:
    chromium = playwright.chromium.launch(
        executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
    )
    yield chromium
    chromium.close()


def _open_page(browser: Browser, **context_options) -> Iterator[Page]:
    context: BrowserContext = browser.new_context(**context_options)
    context.set_default_timeout(DEFAULT_TIMEOUT_MS)
    try:
        yield context.new_page()
    finally:
        context.close()


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    """A desktop-sized page in a fresh context: no cookies or storage from other tests."""
    yield from _open_page(browser)


@pytest.fixture
def phone_page(browser: Browser, request: pytest.FixtureRequest) -> Iterator[Page]:
    """A phone-sized touch screen (390 × 844 CSS pixels) in a fresh context.

    Layout, media queries and axe's checks read CSS pixels, so the phone's pixel density
    (three device pixels to a CSS pixel) changes nothing a walk asserts; it only multiplies
    by nine the pixels Chromium paints, which doubled the renderer's work in the phone walks.
    The tests that take documentation screenshots (marker ``docs_screenshot``) keep it, so
    the documentation shows the phone's screen as sharp as a phone does.
    """
    density = PHONE_PIXEL_DENSITY if request.node.get_closest_marker("docs_screenshot") else 1
    yield from _open_page(browser, **PHONE, device_scale_factor=density)


@pytest.fixture
def docs_screenshot(request: pytest.FixtureRequest) -> Callable[[Page | Locator, str], None]:
    """Save a screenshot for the documentation: ``docs_screenshot(page, name)`` writes the
    top of the page as a tall screen shows it (``DOCS_SCREEN_HEIGHT`` pixels at most),
    ``docs_screenshot(locator, name)`` one element of the page, as ``<name>.png`` in
    ``DOCS_SCREENSHOTS_DIR`` (relative to the project); without that variable, nothing.

    Only tests marked ``docs_screenshot`` may take one: ``make docs`` runs those alone when
    a screenshot is missing. ``tests/test_docs_screenshots.py`` checks that every name is
    taken once and that every screenshot the documentation shows is taken.
    """
    if request.node.get_closest_marker("docs_screenshot") is None:
        pytest.fail(f"{request.node.nodeid} takes a documentation screenshot: mark it "
                    "@pytest.mark.docs_screenshot so that `make docs` can take it again")
    folder = os.environ.get("DOCS_SCREENSHOTS_DIR")

    def take(target: Page | Locator, name: str) -> None:
        if not folder:
            return
        path = PROJECT_DIRECTORY / folder / f"{name}.png"
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(target, Page):
            height = target.evaluate("document.documentElement.scrollHeight")
            screen = {"x": 0, "y": 0, "width": target.viewport_size["width"],
                      "height": min(height, DOCS_SCREEN_HEIGHT)}
            target.screenshot(path=path, full_page=True, clip=screen, animations="disabled")
        else:
            target.screenshot(path=path, animations="disabled")

    return take


def assert_accessible(page: Page) -> None:
    """Fail with a readable list of every WCAG 2.1 A/AA violation axe finds on the page.

    Axe judges the page once its stylesheets have loaded: an expectation on the page's text
    can pass while the site's own stylesheet is still on its way (the navigation bar then
    has no background yet, and its light Sign out button fails contrast on white).
    """
    page.wait_for_load_state()
    page.evaluate(AXE_SCRIPT)
    violations = page.evaluate(AXE_VIOLATIONS, AXE_OPTIONS)
    assert not violations, f"{page.url} has accessibility violations:\n" + "\n".join(
        _describe(violation) for violation in violations
    )


def _describe(violation: dict) -> str:
    nodes = "\n".join(
        f"      {', '.join(map(str, node['target']))}: {node.get('failureSummary', '')}"
        .replace("\n", " ")
        for node in violation["nodes"]
    )
    return (f"  - {violation['id']} ({violation['impact']}): {violation['help']}\n"
            f"    {violation['helpUrl']}\n{nodes}")


def sign_in(page: Page, live_server, username: str, password: str) -> None:
    """Sign in through the sign-in form, as a person would, and wait for the next page."""
    page.goto(f"{live_server.url}/accounts/sign-in/")
    form = page.locator("main form")
    form.locator("input[name=username]").fill(username)
    form.locator("input[name=password]").fill(password)
    with page.expect_navigation():
        form.get_by_role("button", name="Sign in").click()


def open_main_nav(page: Page) -> None:
    """On a phone, open the main menu and wait until Bootstrap has finished opening it (a
    click while it is still "collapsing" can miss the link); on a desktop it is open."""
    # Until the stylesheet applies, the menu button shows at any width: wait for it.
    page.wait_for_load_state()
    menu = page.get_by_role("button", name="Show navigation")
    if menu.is_visible():
        menu.click()
        expect(page.locator("#main-nav")).to_have_class(re.compile(r"\bcollapse show\b"))
