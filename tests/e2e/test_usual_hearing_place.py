"""North Andover's admin sets the town's usual hearing time and place in a browser, on a
desktop and on a phone: My work asks for them, the Hearings part of the closures page takes
and shows them, and My work no longer asks. Every page is checked with axe."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import assert_accessible, sign_in
from tests.factories import PASSWORD, Role, staff

TOWN_HALL = "Town Hall, 120 Main Street, North Andover"
NOT_SET = "Usual hearing time and place not set: Town of North Andover"


def assert_fits_the_screen(page: Page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    assert_accessible(page)


@pytest.mark.parametrize("screen", ["page", "phone_page"])
def test_the_admin_sets_the_usual_hearing_time_and_place(request, live_server, screen):
    page: Page = request.getfixturevalue(screen)
    staff(Role.ADMIN, "north_andover", username="adam")

    sign_in(page, live_server, "adam", PASSWORD)
    expect(page.get_by_role("heading", name="My work")).to_be_visible()
    page.get_by_role("link", name=NOT_SET).click()
    hearings = page.locator("section[aria-labelledby=hearings]")
    expect(hearings.get_by_role("heading", name="Hearings")).to_be_visible()
    expect(hearings.get_by_text("Not set")).to_have_count(2)
    assert_fits_the_screen(page)

    hearings.get_by_label("Usual hearing time").fill("19:00")
    hearings.get_by_label("Usual hearing place").fill(TOWN_HALL)
    with page.expect_navigation():
        hearings.get_by_role("button", name="Save the usual hearing time and place").click()

    expect(page.get_by_text("Usual hearing time and place saved")).to_be_visible()
    hearings = page.locator("section[aria-labelledby=hearings]")
    expect(hearings.locator("dd").nth(0)).to_have_text("7:00 PM")
    expect(hearings.locator("dd").nth(1)).to_have_text(TOWN_HALL)
    expect(hearings.get_by_label("Usual hearing place")).to_have_value(TOWN_HALL)
    assert_fits_the_screen(page)

    page.goto(f"{live_server.url}/staff/")
    expect(page.get_by_text(f"Hearings are held at 7:00 PM, {TOWN_HALL}, unless scheduled "
                            "otherwise.")).to_be_visible()
    expect(page.get_by_role("link", name=NOT_SET)).to_have_count(0)
    assert_accessible(page)
