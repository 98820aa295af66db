"""The office's reports in a real browser: a clerk opens them from the menu, filters by
days and permit type, meets a refused filter, and downloads a section as CSV. Every page
is checked with axe for WCAG 2.1 AA, on a desktop and on a phone."""

import csv
import datetime as dt
from decimal import Decimal

import pytest
from django.utils import timezone
from playwright.sync_api import Page, expect

from permits_site.licensing.models import PaymentMethod, PermitType
from tests.e2e.conftest import assert_accessible, open_main_nav, sign_in
from tests.factories import (
    PASSWORD,
    InvoiceLineFactory,
    PaymentFactory,
    PermitFactory,
    Role,
    local,
    staff,
)


@pytest.fixture
def office(db):
    """North Andover's clerk, and money taken this year for a dog and a kennel license."""
    clerk = staff(Role.CLERK, "north_andover", username="carla")
    year = timezone.localdate().year
    for code, amount, method in (("north_andover.dog_license", "10.00", PaymentMethod.CASH),
                                 ("north_andover.kennel_license", "50.00", PaymentMethod.CHECK)):
        day = dt.date(year, 1, 5)
        permit = PermitFactory(application__permit_type=PermitType.objects.get(code=code),
                               issued_at=local(day), issued_by=clerk)
        line = InvoiceLineFactory(invoice__application=permit.application,
                                  invoice__created_at=local(day), amount=Decimal(amount))
        PaymentFactory(invoice=line.invoice, amount=Decimal(amount), method=method,
                       received_at=local(day, 23, 45), received_by=clerk)
    return clerk


def open_reports(page: Page) -> None:
    open_main_nav(page)
    page.get_by_role("link", name="Reports").click()
    expect(page.get_by_role("heading", level=1, name="Reports")).to_be_visible()


def test_a_clerk_filters_the_reports_and_downloads_a_csv(page, live_server, office):
    year = timezone.localdate().year
    sign_in(page, live_server, "carla", PASSWORD)
    open_reports(page)

    revenue = page.get_by_role("region", name="Revenue by payment method", exact=True)
    expect(revenue.get_by_role("row", name="Total")).to_contain_text("$60.00")
    expect(page.get_by_role("img", name="Revenue by month")).to_be_visible()
    assert_accessible(page)

    page.get_by_label("Permit type", exact=True).select_option(
        label="Kennel License (North Andover)")
    page.get_by_label("From", exact=True).fill(f"{year}-01-01")
    page.get_by_label("Through", exact=True).fill(f"{year}-01-31")
    page.get_by_role("button", name="Show reports").click()
    by_day = page.get_by_role("region", name="Revenue by day", exact=True)
    expect(by_day.get_by_role("row")).to_have_count(3)
    expect(by_day.get_by_role("row", name=f"Mon Jan 5, {year}")).to_contain_text("$50.00")
    assert_accessible(page)

    with page.expect_download() as download:
        page.get_by_role("link", name="Download CSV of revenue by payment method").click()
    with open(download.value.path(), encoding="utf-8", newline="") as downloaded:
        rows = list(csv.reader(downloaded))
    assert rows == [["Method", "Payments", "Amount"], ["Check", "1", "50.00"]]

    page.get_by_label("Through", exact=True).fill(f"{year - 1}-12-31")
    page.get_by_role("button", name="Show reports").click()
    expect(page.get_by_text("The last day cannot come before the first day.")).to_be_visible()
    expect(page.get_by_label("Through", exact=True)).to_have_attribute("aria-invalid", "true")
    assert_accessible(page)


def test_the_reports_read_on_a_phone(phone_page, live_server, office):
    sign_in(phone_page, live_server, "carla", PASSWORD)
    open_reports(phone_page)

    expect(phone_page.get_by_role("img", name="Licenses and permits issued by month")
           ).to_be_visible()
    assert_accessible(phone_page)
