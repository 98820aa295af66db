"""The Board of Health's clerk sells copies at the counter and records a spill, in a real
browser (Tisbury BOH Reg 09.0.5, 09.9.6(3)e).

From the application queue the clerk opens *Charge for documents*: a sale of nothing is
refused naming 09.0.5; twelve copies of a record and one printed copy of the regulations are
charged at the seeded prices ($0.60 + $5.00) and paid in cash. From the page of 12 Lagoon
Pond Road the clerk records a heating oil spill reported there this morning; it is listed on
*Spill reports* and on the property's page. Every page is checked with axe."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import assert_accessible, sign_in
from tests.factories import PASSWORD, PropertyFactory, Role, municipality, staff


@pytest.fixture
def place(db):
    staff(Role.CLERK, "tisbury", username="tess", first_name="Tess", last_name="Clerk")
    return PropertyFactory(municipality=municipality("tisbury"), address="12 Lagoon Pond Road")


def test_the_clerk_sells_copies_and_records_a_spill(page: Page, live_server, place):
    sign_in(page, live_server, "tess", PASSWORD)
    page.goto(f"{live_server.url}/staff/queue/")
    page.get_by_role("link", name="Charge for documents").click()
    expect(page.get_by_text("not yet confirmed")).to_be_visible()
    assert_accessible(page)

    page.get_by_label("Receipt or check number").fill("R-2041")
    page.get_by_role("button", name="Charge and record the payment").click()
    expect(page.get_by_text("Enter how many of at least one document "
                            "(Tisbury BOH Reg 09.0.5).").first).to_be_visible()
    assert_accessible(page)

    page.get_by_label("Copy of a record, per page ($0.05 each)").fill("12")
    page.get_by_label("Printed copy of the Board's regulations ($5.00 each)").fill("1")
    page.get_by_label("Receipt or check number").fill("R-2041")
    page.get_by_role("button", name="Charge and record the payment").click()
    expect(page.get_by_text("Documents charged and paid: $5.60")).to_be_visible()
    expect(page.get_by_role("cell", name="Copy of a record, per page: 12 × $0.05; "
                                         "Printed copy of the Board's regulations: 1 × $5.00"))\
        .to_be_visible()
    assert_accessible(page)

    page.goto(f"{live_server.url}/staff/properties/{place.pk}/")
    page.get_by_role("link", name="Record a spill reported here").click()
    expect(page.get_by_role("heading", name="Record a report at 12 Lagoon Pond Road"))\
        .to_be_visible()
    page.get_by_label("Reported to the Board (date and time)").fill("2026-06-10T08:30")
    page.get_by_label("Reported by").fill("Pat Neighbor")
    page.get_by_label("Substance").fill("Heating oil")
    page.get_by_label("How much (optional)").fill("about 5 gallons")
    page.get_by_label("Action taken").fill("Contained with absorbent pads")
    page.get_by_role("button", name="Record the report").click()
    expect(page.get_by_text("The spill report is recorded.")).to_be_visible()
    expect(page.get_by_role("cell", name="Heating oil (about 5 gallons)")).to_be_visible()
    assert_accessible(page)

    page.goto(f"{live_server.url}/staff/properties/{place.pk}/")
    expect(page.get_by_text("Heating oil (about 5 gallons), reported by Pat Neighbor"))\
        .to_be_visible()
