"""The resident's dashboard, application and license pages fit a 390 px phone screen: nothing
scrolls sideways, and the license table's "Download PDF" is on screen (issue #21)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from permits_site.licensing.models import ApplicationStatus
from permits_site.parties.services import find_or_create_property
from tests.e2e.conftest import assert_accessible, sign_in
from tests.factories import (
    PASSWORD,
    ApplicationFactory,
    InvoiceFactory,
    PermitFactory,
    UserFactory,
    municipality,
    permit_type,
)

PHONE_WIDTH = 390


@pytest.fixture
def holder(db):
    person = UserFactory(username="fern", first_name="Fern", last_name="Holder")
    for code in ("tisbury.food_service", "tisbury.body_art_practitioner"):
        PermitFactory(application__applicant=person,
                      application__permit_type=permit_type(code),
                      application__status=ApplicationStatus.ISSUED)
    draft = ApplicationFactory(applicant=person,
                               permit_type=permit_type("tisbury.temporary_dumpster"),
                               facts={"start_date": "2026-06-15", "end_date": "2026-07-14"})
    InvoiceFactory(application=draft, payer=person)
    return person


def assert_fits_the_phone(page: Page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE_WIDTH, f"{page.url} is {width} px wide on a {PHONE_WIDTH} px screen"
    assert_accessible(page)


def test_dashboard_application_and_license_pages_fit_a_phone(phone_page, live_server, holder):
    page = phone_page
    sign_in(page, live_server, "fern", PASSWORD)
    page.goto(f"{live_server.url}/dashboard/")
    expect(page.get_by_role("heading", name="Licenses and permits")).to_be_visible()
    assert_fits_the_phone(page)
    for download in page.get_by_role("link", name="Download PDF").all():
        box = download.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE_WIDTH

    # More than one link names the permit type; the first opens its application's page.
    page.get_by_role("link", name="Temporary Dumpster Permit").first.click()
    expect(page.get_by_role("heading", name="Temporary Dumpster Permit")).to_be_visible()
    assert_fits_the_phone(page)

    permit = holder.permits.order_by("pk").first()
    page.goto(f"{live_server.url}/applications/{permit.application_id}/")
    expect(page.get_by_role("heading", name=permit.permit_type.name)).to_be_visible()
    assert_fits_the_phone(page)

    page.goto(f"{live_server.url}/verify/{permit.verification_token}/")
    expect(page.get_by_text(permit.number).first).to_be_visible()
    assert_fits_the_phone(page)


def test_my_properties_fits_a_phone_and_its_table_scrolls_by_keyboard(phone_page, live_server,
                                                                      holder):
    """The properties table is wider than a phone: its scrolling box takes the keyboard's
    focus (WCAG 2.1.1), as every wide table of the site does."""
    find_or_create_property(municipality=municipality("northborough"),
                            address="12 Bartlett Street", acting_user=holder)
    sign_in(phone_page, live_server, "fern", PASSWORD)
    phone_page.goto(f"{live_server.url}/properties/")
    expect(phone_page.get_by_role("region", name="Table: your properties")).to_be_visible()
    assert_fits_the_phone(phone_page)
