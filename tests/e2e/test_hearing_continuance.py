"""A Board member continues a Northborough private stable's public hearing from the review
screen in a real browser (Horse and Stable Regulations §2.2): the form starts at the hearing's
own day, hour and place, a day the offices are closed is refused on its field, the new day
is kept with the one it replaced, and the applicant reads the new day on their page.

Every page on the way is checked with axe for WCAG 2.1 AA.
"""

import datetime as dt
import re

import pytest
from playwright.sync_api import Page, expect

from permits_site.licensing.services.hearings import schedule_hearing
from tests.e2e.conftest import assert_accessible, sign_in
from tests.factories import PASSWORD, Role, UserFactory, staff
from tests.stables.flow import submitted

TOWN_HALL = "Town Hall, 63 Main Street"
WAS_SET_FOR = f"Monday, June 22, 2026, 7:00 PM, {TOWN_HALL}"
IS_SET_FOR = f"Monday, July 6, 2026, 7:00 PM, {TOWN_HALL}"


@pytest.fixture
def hearing(db):
    """Kate's stable is heard on Monday, June 22, 2026; the Clerk mailed the notices today,
    Wednesday, June 10, twelve days ahead."""
    kate = UserFactory(username="kate", first_name="Kate", last_name="Keeper",
                       city="Northborough", postal_code="01532")
    clerk = staff(Role.CLERK, "northborough", first_name="Nora", last_name="Clerk")
    staff(Role.BOARD_MEMBER, "northborough", username="bea", first_name="Bea",
          last_name="Board")
    return schedule_hearing(
        application=submitted(kate), hearing_date=dt.date(2026, 6, 22),
        notices_mailed_on=dt.date(2026, 6, 10), hearing_time=dt.time(19, 0),
        location=TOWN_HALL, acting_user=clerk,
        abutters=[{"name": "Alma Abutter", "mailing_address": "14 Bartlett Street",
                   "certified_mail_number": "9407 1000 0000 0001"}])


def board_member_continues_the_hearing(page: Page, review_url: str) -> None:
    page.goto(review_url)
    expect(page.get_by_role("heading", name=f"Hearing on {WAS_SET_FOR}")).to_be_visible()
    page.get_by_text("Continue the hearing to another day, hour or place").click()
    expect(page.get_by_label("New hearing date")).to_have_value("2026-06-22")
    expect(page.get_by_label("Hearing time")).to_have_value("19:00")
    expect(page.get_by_label("Hearing place")).to_have_value(TOWN_HALL)
    assert_accessible(page)

    page.get_by_label("New hearing date").fill("2026-06-27")
    page.get_by_label("Why the hearing is continued").fill(
        "The applicant asked for time to answer an abutter's letter.")
    page.get_by_role("button", name="Continue the hearing", exact=True).click()
    expect(page.get_by_role("link", name=re.compile(
        r"New hearing date.*closed on June 27, 2026 \(Saturdays are not office days\)"))
    ).to_be_visible()
    assert_accessible(page)

    page.get_by_label("New hearing date").fill("2026-07-06")
    page.get_by_role("button", name="Continue the hearing", exact=True).click()
    expect(page.get_by_text(f"Hearing continued to {IS_SET_FOR}.")).to_be_visible()
    expect(page.get_by_role("heading", name=f"Hearing on {IS_SET_FOR}")).to_be_visible()
    expect(page.get_by_role("list", name="Continued from")).to_contain_text(
        f"{WAS_SET_FOR}, continued on June 10, 2026 by Bea Board to {IS_SET_FOR}; new "
        "letters to the abutters (earlier letters mailed June 10, 2026: 9407 1000 0000 0001)")
    expect(page.get_by_text("The hearing cannot be held until the notices are recorded as "
                            "mailed")).to_be_visible()
    assert_accessible(page)


def test_a_board_member_continues_a_stable_hearing_and_the_applicant_sees_the_new_day(
    browser, page, live_server, hearing
):
    application_id = hearing.application_id
    sign_in(page, live_server, "bea", PASSWORD)
    board_member_continues_the_hearing(
        page, f"{live_server.url}/staff/applications/{application_id}/")

    applicant = browser.new_page()
    sign_in(applicant, live_server, "kate", PASSWORD)
    applicant.goto(f"{live_server.url}/applications/{application_id}/")
    expect(applicant.locator("#next-step")).to_contain_text(
        f"The public hearing on your application, continued from {WAS_SET_FOR}, is now set "
        f"for {IS_SET_FOR}.")
    hearing_part = applicant.get_by_role("region", name="Public hearing")
    expect(hearing_part).to_contain_text(f"{IS_SET_FOR}. Not decided yet.")
    expect(hearing_part).to_contain_text(f"Continued from {WAS_SET_FOR}.")
    assert_accessible(applicant)
    applicant.close()
