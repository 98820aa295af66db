"""A refused request, in a real browser: the site's own page says what was refused and who
may do it, by the town's own names for its roles (issue #20), and passes axe on a desktop
and on a phone."""

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import assert_accessible, sign_in
from tests.factories import PASSWORD, Role, UserFactory, staff


@pytest.mark.parametrize("screen", ["page", "phone_page"])
def test_a_resident_opening_the_septic_report_form_is_told_who_files_reports(
    request, live_server, screen
):
    browser_page: Page = request.getfixturevalue(screen)
    sign_in(browser_page, live_server, UserFactory().username, PASSWORD)

    browser_page.goto(f"{live_server.url}/tisbury/septic/reports/new/")

    expect(browser_page.get_by_role("heading", name="You cannot do this")).to_be_visible()
    expect(browser_page.get_by_text("Only a system inspector licensed by the Board of Health "
                                    "may file a septic inspection report.")).to_be_visible()
    assert_accessible(browser_page)


def test_a_board_member_reads_the_boards_pages_and_is_told_who_grants_roles(page, live_server):
    member = staff(Role.BOARD_MEMBER, "tisbury")
    sign_in(page, live_server, member.username, PASSWORD)

    page.goto(f"{live_server.url}/tisbury/wells/")
    expect(page.get_by_role("heading", name="You cannot do this")).to_have_count(0)
    page.goto(f"{live_server.url}/admin/staff/tisbury/")

    expect(page.get_by_text("Only the town's Admin may grant and remove staff roles."))\
        .to_be_visible()
    expect(page.get_by_text("The town's administrator gives the Admin role.")).to_be_visible()
    assert_accessible(page)
