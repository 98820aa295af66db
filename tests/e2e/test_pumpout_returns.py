"""A late septage pump-out return paid at the counter, and a well meter reading, in a real
browser (Tisbury BOH Reg 09.6.2, 09.3.1(4)).

On Wednesday June 10, 2026 a member of Island Septic LLC files the April return with three
pump-out permits. It was due Friday May 15, so it is 26 days late: the citation is
3 permits × $10 × 26 days = $780.00, which the Board's clerk finds on the return and takes at
the counter. Then a well owner records the spring reading of the sealed meter: a date after
May 15 is refused under 09.3.1(4), May 12 is recorded with the volume since the fall reading.
Every page is checked with axe."""

from __future__ import annotations

import datetime as dt

import pytest
from playwright.sync_api import Page, expect

from permits_site.licensing.models import InvoiceStatus
from tests.e2e.conftest import assert_accessible, sign_in
from tests.factories import (
    PASSWORD,
    MeteredWellFactory,
    Role,
    SeptageHandlerPermitFactory,
    UserFactory,
    WellMeterReadingFactory,
    staff,
)
from tisbury_regs.models import PumpoutReturn

JOBS = (("PO-4101", "3 Skiff Avenue", "2026-04-02", "1500"),
        ("PO-4102", "18 Lagoon Pond Road", "2026-04-14", "1000"),
        ("PO-4103", "7 Beach Road", "2026-04-27", "1250"))


@pytest.fixture
def people(db):
    staff(Role.CLERK, "tisbury", username="tess", first_name="Tess", last_name="Clerk")
    handler = UserFactory(username="hal", first_name="Hal", last_name="Hauler")
    SeptageHandlerPermitFactory(application__applicant=handler,
                                holder_business__legal_name="Island Septic LLC")
    owner = UserFactory(username="olive", first_name="Olive", last_name="Owner")
    well = MeteredWellFactory(application__applicant=owner, place__address="44 Lagoon Pond Road",
                              valid_from=dt.date(2025, 9, 1))
    WellMeterReadingFactory(well=well, year=2025, season="fall", read_on=dt.date(2025, 11, 6),
                            meter_gallons=182_400)
    return well


def sign_out(page: Page) -> None:
    page.context.clear_cookies()


def file_the_late_april_return(page: Page, live_server) -> None:
    sign_in(page, live_server, "hal", PASSWORD)
    page.goto(f"{live_server.url}/tisbury/pumpout/returns/")
    assert_accessible(page)
    page.get_by_role("link", name="File a monthly return").click()
    assert_accessible(page)
    page.get_by_label("Month of the return").fill("2026-04")
    for number, (permit, address, pumped_on, gallons) in enumerate(JOBS, start=1):
        row = page.get_by_role("group", name=f"Pump-out {number}")
        row.get_by_label("Pump-out permit number").fill(permit)
        row.get_by_label("Address pumped out").fill(address)
        row.get_by_label("Date pumped").fill(pumped_on)
        row.get_by_label("Volume (gallons)").fill(gallons)
    page.get_by_role("button", name="File the return").click()
    expect(page.get_by_text("filed late: it was due by May 15, 26 day(s) ago")).to_be_visible()
    expect(page.get_by_text("$780.00 — 3 permits × $10.00 × 26 days")).to_be_visible()
    assert_accessible(page)
    sign_out(page)


def test_a_late_return_is_cited_and_paid_at_the_counter(page, live_server, people):
    file_the_late_april_return(page, live_server)

    sign_in(page, live_server, "tess", PASSWORD)
    page.goto(f"{live_server.url}/tisbury/pumpout/")
    expect(page.get_by_role("row").filter(has_text="April 2026")).to_contain_text(
        "Late, 26 days")
    assert_accessible(page)
    with page.expect_navigation():
        page.get_by_role("link", name="April 2026").click()
    assert_accessible(page)
    page.get_by_role("link", name="Citation #").click()
    expect(page.get_by_text("Tisbury BOH Reg 09.6.2").first).to_be_visible()
    assert_accessible(page)
    payment = page.locator("#payment-section")
    payment.get_by_label("Paid by").select_option("check")
    payment.get_by_label("Receipt, check or card reference").fill("CHK-0612")
    payment.get_by_label("Amount ($)").fill("780.00")
    payment.get_by_role("button", name="Record payment").click()
    expect(page.get_by_text("Payment of $780.00 recorded")).to_be_visible()
    assert_accessible(page)

    assert PumpoutReturn.objects.get().citation.invoice.status == InvoiceStatus.PAID


def test_an_owner_records_the_spring_meter_reading(page, live_server, people):
    sign_in(page, live_server, "olive", PASSWORD)
    page.goto(f"{live_server.url}/tisbury/wells/readings/")
    assert_accessible(page)
    page.get_by_label("Spring (May 1–15)").check()
    page.get_by_label("Date the meter was read").fill("2026-05-20")
    page.get_by_label("Meter reading (gallons)").fill("214900")
    page.get_by_role("button", name="Record the reading").click()
    expect(page.get_by_role("alert")).to_contain_text("Tisbury BOH Reg 09.3.1(4)")
    assert_accessible(page)

    page.get_by_label("Date the meter was read").fill("2026-05-12")
    page.get_by_role("button", name="Record the reading").click()
    expect(page.get_by_text("32,500 gallons pumped since the previous reading")).to_be_visible()
    expect(page.get_by_role("row").filter(has_text="May 12, 2026")).to_contain_text(
        "32500 gallons")
    assert_accessible(page)
    sign_out(page)

    sign_in(page, live_server, "tess", PASSWORD)
    page.goto(f"{live_server.url}/tisbury/wells/")
    expect(page.get_by_role("row").filter(has_text="44 Lagoon Pond Road")).to_contain_text(
        "Recorded")
    assert_accessible(page)
