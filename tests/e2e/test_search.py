"""One search from every staff page (issue 20, "One search"), in a real browser.

North Andover's clerk types into the box in the navigation bar: a tag number finds the
issued dog license it was handed out with, the applicant's surname finds a denied
application, and a trade name finds the business that trades under it (d/b/a). Each
result opens its staff page. Every page is checked with axe, at desktop width and at 390 px.
Marked ``postgres``: the search matches by trigram similarity there, so this walk runs on
both databases while the other browser walks run on SQLite only.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from permits_site.licensing.models import ApplicationStatus
from tests.e2e.conftest import assert_accessible, open_main_nav, sign_in
from tests.factories import (
    PASSWORD,
    ApplicationFactory,
    BusinessFactory,
    DogTagFactory,
    PermitFactory,
    Role,
    UserFactory,
    permit_type,
    staff,
)

pytestmark = pytest.mark.postgres

KENNEL = "north_andover.kennel_license"


@pytest.fixture
def records(db):
    """An issued dog license with tag 42 of 2026, a denied kennel license application and a
    business trading as Happy Tails; the clerk who serves the town."""
    staff(Role.CLERK, "north_andover", username="carla", first_name="Carla",
          last_name="Clerk")
    owner = UserFactory(first_name="Olive", last_name="Owens")
    license_ = PermitFactory(number="DL-2026-0042",
                             application__applicant=owner)
    DogTagFactory(permit=license_, number=42, year=2026, dog__name="Biscuit")
    denied = ApplicationFactory(
        permit_type=permit_type(KENNEL), status=ApplicationStatus.DENIED,
        applicant=UserFactory(first_name="Dora", last_name="Delacroix"))
    business = BusinessFactory(legal_name="Merrimack Pet Care LLC", dba="Happy Tails")
    ApplicationFactory(permit_type=permit_type(KENNEL), business=business,
                       status=ApplicationStatus.SUBMITTED)
    return {"denied": denied, "business": business}


def search_from_the_box(page: Page, text: str) -> None:
    open_main_nav(page)
    box = page.get_by_role("search").get_by_label("Search records")
    box.fill(text)
    box.press("Enter")
    expect(page.get_by_role("heading", level=1, name="Search")).to_be_visible()


def finds_all_three(page: Page, records) -> None:
    search_from_the_box(page, "2026-42")
    licenses = page.get_by_role("region", name="Dog licenses (1)")
    expect(licenses).to_contain_text("Active")
    assert_accessible(page)
    licenses.get_by_role("link", name="Dog license DL-2026-0042 · tag 42 of 2026").click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Biscuit")

    search_from_the_box(page, "delacroix")
    applications = page.get_by_role("region", name="Applications (1)")
    expect(applications).to_contain_text("Denied")
    expect(applications.get_by_role("link")).to_have_attribute(
        "href", f"/staff/applications/{records['denied'].pk}/")
    assert_accessible(page)

    search_from_the_box(page, "Happy tails")
    businesses = page.get_by_role("region", name="Businesses (1)")
    businesses.get_by_role("link", name="Merrimack Pet Care LLC d/b/a Happy Tails").click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Merrimack Pet Care LLC")


def test_the_clerk_finds_a_license_by_tag_an_application_by_surname_and_a_business_by_dba(
        page, live_server, records):
    sign_in(page, live_server, "carla", PASSWORD)
    finds_all_three(page, records)


def test_the_search_works_on_a_phone(phone_page, live_server, records):
    sign_in(phone_page, live_server, "carla", PASSWORD)
    finds_all_three(phone_page, records)


def test_a_search_too_short_is_refused_on_its_field(page, live_server, records):
    sign_in(page, live_server, "carla", PASSWORD)
    search_from_the_box(page, "d")
    field = page.get_by_label("Number, name, address, email, parcel or tag number")
    expect(field).to_have_attribute("aria-invalid", "true")
    expect(page.get_by_text("Type at least 2 characters to search for.")).to_be_visible()
    assert_accessible(page)
