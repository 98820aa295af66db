"""Under the Content-Security-Policy, Bootstrap and htmx (local static files) still work.

Chromium enforces the policy; every ``securitypolicyviolation`` the page raises
is collected, and none may concern a script.
"""

import re

from playwright.sync_api import expect

from tests.e2e.conftest import sign_in
from tests.factories import PASSWORD, DogFactory

COLLECT_VIOLATIONS = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.__cspViolations.push(event.violatedDirective + " " + event.blockedURI);
});
"""


def violations(page):
    return page.evaluate("window.__cspViolations")


def test_bootstrap_collapses_the_phone_menu_without_a_violation(phone_page, live_server):
    phone_page.add_init_script(COLLECT_VIOLATIONS)
    phone_page.goto(f"{live_server.url}/")

    phone_page.get_by_role("button", name="Show navigation").click()

    expect(phone_page.locator("#main-nav")).to_have_class(re.compile(r"\bcollapse show\b"))
    assert phone_page.evaluate("htmx.config.includeIndicatorStyles") is False
    assert phone_page.locator("head style").count() == 0
    assert violations(phone_page) == []


def test_htmx_loads_the_fee_preview_without_a_violation(page, live_server, resident):
    DogFactory(owner=resident, name="Biscuit")
    page.add_init_script(COLLECT_VIOLATIONS)
    sign_in(page, live_server, resident.username, PASSWORD)

    page.goto(f"{live_server.url}/dogs/apply/")

    expect(page.locator("#fee-preview")).to_contain_text("$")
    assert violations(page) == []


def test_the_api_docs_run_their_scripts_under_the_policy(page, live_server):
    page.add_init_script(COLLECT_VIOLATIONS)
    page.goto(f"{live_server.url}/api/v1/docs/")

    expect(page.locator(".swagger-ui .info .title")).to_contain_text("Massachusetts permits API")
    assert [found for found in violations(page) if found.startswith("script-src")] == []
