"""The resident's pages fit a 375 px phone screen (an iPhone SE), the narrowest the site is laid
out for: nothing scrolls sideways, neither the page nor a box inside it, and the license
table's "Download PDF" is on screen (issue #21). A table of a resident's records (their
businesses, a business's applications, permits and fees, their properties, a town's key
dates) stacks on such a screen: every cell is on screen under its column's header, and at a
desktop's width it is a table again. So do the widest of the Animal Control Officer's: a
case's citations and the intake records."""

from __future__ import annotations

import pytest
from django.utils import timezone
from playwright.sync_api import Page, expect

from dogs.impoundment.services import record_intake
from permits_site.licensing.models import ApplicationStatus
from permits_site.parties.services import find_or_create_property
from tests.e2e.conftest import assert_accessible, sign_in
from tests.factories import (
    PASSWORD,
    ApplicationFactory,
    BusinessFactory,
    BusinessMemberFactory,
    CitationFactory,
    InvoiceFactory,
    PermitFactory,
    Role,
    UserFactory,
    municipality,
    permit_type,
    staff,
)

PHONE_WIDTH = 375
#: What of a page's main content a person cannot read without scrolling sideways: a box
#: scrolling inside the page, a table cell past the screen's edge, and a column whose
#: header is neither on screen nor written over its cells.
CUT_OFF = """() => {
  const width = document.documentElement.clientWidth;
  const faults = [...document.querySelectorAll("main *")]
    .filter(box => box.scrollWidth > box.clientWidth
                   && /auto|scroll/.test(getComputedStyle(box).overflowX))
    .map(box => `a box scrolls sideways: ${box.getAttribute("aria-label")
                                            || box.getAttribute("aria-labelledby")}`);
  for (const table of document.querySelectorAll("main table")) {
    const headers = [...table.querySelectorAll("thead th")];
    const shown = headers.map(th => {
      const box = th.getBoundingClientRect();
      return box.width > 1 && box.left >= 0 && box.right <= width;
    });
    for (const row of table.querySelectorAll("tbody tr")) {
      [...row.cells].forEach((cell, column) => {
        const header = headers[column] ? headers[column].textContent.trim() : "";
        const box = cell.getBoundingClientRect();
        if (box.width < 1 || box.left < 0 || box.right > width) {
          faults.push(`${header}: "${cell.textContent.trim()}" at ${box.left}-${box.right}`);
        }
        const label = getComputedStyle(cell, "::before").content;
        if (!shown[column] && !label.includes(header)) {
          faults.push(`${header}: "${cell.textContent.trim()}" without its header`);
        }
      });
    }
  }
  return faults;
}"""


@pytest.fixture
def phone(phone_page: Page) -> Page:
    """The phone page narrowed to an iPhone SE's 375 × 667 CSS pixels."""
    phone_page.set_viewport_size({"width": PHONE_WIDTH, "height": 667})
    return phone_page


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


@pytest.fixture
def business(holder):
    """A business Fern acts for, with an application, a permit and a fee due about a place."""
    kitchen = BusinessFactory(legal_name="Vineyard Haven Harbor Kitchen LLC",
                              mailing_address="45 Beach Road, Vineyard Haven, MA 02568")
    BusinessMemberFactory(business=kitchen, user=holder)
    place, _ = find_or_create_property(municipality=municipality("tisbury"),
                                       address="45 Beach Road", parcel="9-C-12",
                                       acting_user=holder, for_business=kitchen)
    application = ApplicationFactory(applicant=holder, business=kitchen, place=place,
                                     permit_type=permit_type("tisbury.food_service"),
                                     status=ApplicationStatus.SUBMITTED)
    InvoiceFactory(application=application, payer=None, payer_business=kitchen,
                   municipality=municipality("tisbury"))
    PermitFactory(application__applicant=holder, application__business=kitchen,
                  application__place=place,
                  application__permit_type=permit_type("tisbury.body_art_establishment"),
                  holder_business=kitchen, place=place, place_address=place.address)
    return kitchen


def assert_fits_the_phone(page: Page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE_WIDTH, f"{page.url} is {width} px wide on a {PHONE_WIDTH} px screen"
    cut_off = page.evaluate(CUT_OFF)
    assert not cut_off, f"{page.url} on a {PHONE_WIDTH} px screen:\n" + "\n".join(cut_off)
    assert_accessible(page)


def test_dashboard_application_and_license_pages_fit_a_phone(phone, live_server, holder):
    page = phone
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


def test_my_properties_fits_a_phone_each_place_under_its_headers(phone, live_server, holder):
    """The properties table is wider than a phone: each place stacks, its cells under their
    column's header, and the table's box stays a labelled region."""
    find_or_create_property(municipality=municipality("northborough"),
                            address="12 Bartlett Street", acting_user=holder)
    find_or_create_property(municipality=municipality("tisbury"), address="30 Beach Road",
                            parcel="30-A-4", acting_user=holder)
    sign_in(phone, live_server, "fern", PASSWORD)
    phone.goto(f"{live_server.url}/properties/")
    expect(phone.get_by_role("region", name="Table: your properties")).to_be_visible()
    assert_fits_the_phone(phone)


def test_a_businesses_records_stack_on_a_phone_and_are_tables_on_a_desktop(phone, live_server,
                                                                           business):
    sign_in(phone, live_server, "fern", PASSWORD)
    phone.goto(f"{live_server.url}/businesses/")
    expect(phone.get_by_role("link", name=business.display_name)).to_be_visible()
    assert_fits_the_phone(phone)

    phone.get_by_role("link", name=business.display_name).click()
    expect(phone.get_by_role("heading", name="Licenses and permits")).to_be_visible()
    # The Status columns the outside check found cut off at the screen's right edge.
    for status in ("Submitted", "Active"):
        cell = phone.get_by_role("cell", name=status)
        cell.scroll_into_view_if_needed()
        expect(cell).to_be_in_viewport(ratio=1)
    assert_fits_the_phone(phone)

    # At a desktop's width the records are read across again, under one row of headers.
    phone.set_viewport_size({"width": 1280, "height": 800})
    table = phone.get_by_role("region", name="Licenses and permits").locator("table")
    header, cell = table.locator("thead th").last, table.locator("tbody td").last
    expect(header).to_be_visible()
    assert header.bounding_box()["x"] == cell.bounding_box()["x"]
    assert cell.evaluate("cell => getComputedStyle(cell).display") == "table-cell"


@pytest.mark.parametrize("town", ["north_andover", "northborough", "tisbury"])
def test_a_towns_key_dates_fit_a_phone(phone, live_server, town):
    phone.goto(f"{live_server.url}/towns/{town}/key-dates/")
    expect(phone.get_by_role("heading", level=1)).to_contain_text("Key dates")
    assert_fits_the_phone(phone)


def test_a_cases_citations_and_the_intake_records_stack_on_a_phone(phone, live_server):
    """Amount, Balance and Standing of a citation, and an intake's owner and status, are on
    screen under their headers rather than past the screen's right edge."""
    officer = staff(Role.ANIMAL_CONTROL_OFFICER, "north_andover", username="alex")
    citation = CitationFactory()
    record_intake(municipality=municipality("north_andover"),
                  impounded_on=timezone.localdate(), acting_user=officer,
                  description="Beagle, tricolor, female")
    sign_in(phone, live_server, "alex", PASSWORD)

    phone.goto(f"{live_server.url}/enforcement/cases/{citation.case_id}/")
    expect(phone.get_by_role("region", name="Table: citations")).to_be_visible()
    assert_fits_the_phone(phone)

    phone.goto(f"{live_server.url}/dogs/impoundments/")
    expect(phone.get_by_role("region", name="Table: intake records")).to_be_visible()
    assert_fits_the_phone(phone)
