"""The public pages anyone reaches without signing in pass axe (WCAG 2.1 A/AA) on a 390 px
phone: a key-dates table scrolling sideways is a labelled region a keyboard can reach, and
the API documentation, linked from every page's footer, declares its language."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import assert_accessible


@pytest.mark.parametrize("town", ["north_andover", "northborough", "tisbury"])
def test_a_towns_key_dates_pass_axe_on_a_phone(phone_page, live_server, town):
    phone_page.goto(f"{live_server.url}/towns/{town}/key-dates/")
    expect(phone_page.get_by_role("heading", level=1)).to_contain_text("Key dates")

    assert_accessible(phone_page)


def test_the_api_documentation_passes_axe_on_a_phone(phone_page, live_server):
    phone_page.goto(f"{live_server.url}/")
    phone_page.get_by_role("contentinfo").get_by_role("link", name="API").click()
    # The schema is fetched after the page loads: wait for it, so axe reads the rendered
    # operations and no request is still reading the database when the test's data go.
    expect(phone_page.locator(".swagger-ui .info .title")).to_contain_text(
        "Massachusetts permits API"
    )
    expect(phone_page.locator(".opblock").first).to_be_visible()

    assert phone_page.locator("html").get_attribute("lang") == "en"
    assert_accessible(phone_page)
