"""In December, in a real browser, the Clerk issuing a dog license for the year ending is told
it runs only to December 31 (Licenses A(7)) and issues it for next year instead — at desktop
and phone width, every page checked with axe for WCAG 2.1 AA."""

import datetime as dt
from zoneinfo import ZoneInfo

import pytest
import time_machine
from playwright.sync_api import expect

from permits_site.licensing.models import Permit
from tests.e2e.conftest import assert_accessible, sign_in
from tests.factories import PASSWORD, Role, staff
from tests.licensing.test_last_month_of_license_year import paid_dog_license

DECEMBER_10 = dt.datetime(2026, 12, 10, 10, 0, tzinfo=ZoneInfo("America/New_York"))


@pytest.fixture
def december_10():
    with time_machine.travel(DECEMBER_10, tick=True):
        yield


@pytest.mark.parametrize("screen", ["page", "phone_page"])
def test_the_clerk_is_told_the_year_end_and_issues_for_next_year(
        screen, request, live_server, december_10):
    browser_page = request.getfixturevalue(screen)
    clerk = staff(Role.CLERK, username="carla")
    application = paid_dog_license(clerk, year=2026)
    sign_in(browser_page, live_server, "carla", PASSWORD)

    browser_page.goto(f"{live_server.url}/staff/applications/{application.pk}/")

    notice = browser_page.locator("#year-end-notice")
    expect(notice).to_contain_text("This permit runs only to December 31, 2026")
    expect(notice).to_contain_text("Licenses A(7)")
    assert_accessible(browser_page)
    browser_page.get_by_role("button", name="Approve and issue for 2027").click()

    issued = browser_page.get_by_role("status").filter(has_text="Issued DOG-2027-00001.")
    expect(issued).to_be_visible()
    assert_accessible(browser_page)
    permit = Permit.objects.get(application=application)
    assert (permit.valid_from, permit.valid_through) == (dt.date(2027, 1, 1),
                                                         dt.date(2027, 12, 31))
