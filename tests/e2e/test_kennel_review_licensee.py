"""A kennel licensee in a real browser finds the review of the kennel on the dashboard
(North Andover Code ch. 60, Kennel license B(4), B(5)): the public hearing's day, hour and
place, the new ones once the hearing authority continues it, and the same on the kennel's
page — each page checked for WCAG 2.1 AA.

The Animal Control Officer's report is received on Monday, June 8, 2026; the notice goes on
Wednesday, June 10 (the frozen day) for a hearing on Wednesday, June 24 at 6:30 PM; continued
the same day to Monday, June 22 at 7:00 PM in the Town Hall.
"""

from __future__ import annotations

import datetime as dt

import pytest
from playwright.sync_api import Page, expect

from dogs.kennels.review import open_kennel_review, schedule_kennel_hearing
from permits_site.enforcement.services import continue_case_hearing
from tests.e2e.conftest import assert_accessible, sign_in
from tests.factories import (
    PASSWORD,
    PermitFactory,
    Role,
    UserFactory,
    permit_type,
    staff,
)

HEARING = "Wednesday, June 24, 2026, 6:30 PM, Police Station, 1475 Osgood Street"
NEW_HEARING = "Monday, June 22, 2026, 7:00 PM, Town Hall, 120 Main Street"


@pytest.fixture
def reviewed(db):
    """Kim's kennel license, reported and its hearing noticed; the hearing authority."""
    kim = UserFactory(username="kim", first_name="Kim", last_name="Kennel")
    permit = PermitFactory(application__permit_type=permit_type("north_andover.kennel_license"),
                           application__applicant=kim,
                           holder_address="40 Kennel Road, North Andover MA 01845")
    aco = staff(Role.ANIMAL_CONTROL_OFFICER, "north_andover")
    chief = staff(Role.HEARING_AUTHORITY, "north_andover")
    case = open_kennel_review(permit=permit, received_on=dt.date(2026, 6, 8),
                              report="Pens not cleaned.", acting_user=aco)
    hearing = schedule_kennel_hearing(
        case=case, notice_sent_on=dt.date(2026, 6, 10), hearing_date=dt.date(2026, 6, 24),
        hearing_time=dt.time(18, 30), location="Police Station, 1475 Osgood Street",
        acting_user=chief)
    return {"permit": permit, "hearing": hearing, "chief": chief}


def test_the_licensee_sees_the_review_hearing_on_the_dashboard_and_the_kennel_page(
    page: Page, live_server, reviewed
):
    sign_in(page, live_server, "kim", PASSWORD)
    page.goto(f"{live_server.url}/dashboard/")
    reviews = page.locator("section", has=page.locator("#kennel-reviews-heading"))
    expect(reviews).to_contain_text(f"Kennel license {reviewed['permit'].number}")
    expect(reviews).to_contain_text("Review open")
    expect(reviews).to_contain_text(HEARING)
    expect(reviews).to_contain_text("North Andover Code ch. 60, Kennel license B(5)")
    assert_accessible(page)

    continue_case_hearing(hearing=reviewed["hearing"], hearing_date=dt.date(2026, 6, 22),
                          hearing_time=dt.time(19, 0), location="Town Hall, 120 Main Street",
                          reason="The licensee's counsel is away.",
                          acting_user=reviewed["chief"])
    page.reload()
    expect(reviews).to_contain_text(NEW_HEARING)
    expect(reviews).not_to_contain_text(HEARING)

    reviews.get_by_role("link", name="The kennel's page").click()
    expect(page.get_by_role("heading", name=f"Kennel license {reviewed['permit'].number}",
                            exact=True)).to_be_visible()
    expect(page.locator("section", has=page.locator("#kennel-reviews-heading"))).to_contain_text(
        NEW_HEARING)
    assert_accessible(page)
