"""A cat impounded and released in a real browser (North Andover Code ch. 60, ACO B(2);
Impoundment C, D; Rabies A): the Animal Control Officer takes in a cat (species,
description, where found), identifies its owner by other means, records the notice to the
owner by telephone, records the rabies certificate, takes the fees at the counter and
releases the cat. Every page state is checked with axe for WCAG 2.1 AA."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import pytest
import time_machine
from playwright.sync_api import Page, expect

from dogs.models import Impoundment, ImpoundmentStatus
from tests.e2e.conftest import assert_accessible, sign_in
from tests.factories import PASSWORD, Role, staff

#: A Monday: North Andover's offices are open.
MONDAY_JUNE_7_2027 = dt.datetime(2027, 6, 7, 9, 0, tzinfo=ZoneInfo("America/New_York"))


@pytest.fixture
def officer():
    with time_machine.travel(MONDAY_JUNE_7_2027, tick=True):
        yield staff(Role.ANIMAL_CONTROL_OFFICER, username="aco", first_name="Alex",
                    last_name="Officer")


def act(page: Page, section: str, button: str) -> None:
    page.locator(f"section#{section}").get_by_role("button", name=button).click()


def test_a_cat_is_impounded_its_owner_phoned_and_released_against_the_fees(
        page, live_server, officer):
    sign_in(page, live_server, "aco", PASSWORD)
    page.goto(f"{live_server.url}/dogs/impoundments/new/")
    expect(page.get_by_role("heading", name="New impoundment intake")).to_be_visible()
    assert_accessible(page)
    page.get_by_label("Species").select_option("cat")
    page.get_by_label("Description").fill("Gray tabby, female, no collar")
    page.get_by_label("Where found").fill("Elm Street by the library")
    page.get_by_role("button", name="Record intake").click()

    expect(page.get_by_text("No current rabies vaccination on the record")).to_be_visible()
    expect(page.get_by_text("Cat", exact=True)).to_be_visible()
    assert_accessible(page)

    identify = page.locator("section#identify")
    identify.get_by_label("Or: the owner's name").fill("Rita Reyes")
    identify.get_by_label("Owner's phone, email or address").fill("978-555-0142")
    identify.get_by_label("How the owner was identified").fill("A neighbor knew the cat")
    act(page, "identify", "Identify the owner")
    expect(page.get_by_text("Owner identified.")).to_be_visible()

    notice = page.locator("section#notice")
    notice.get_by_label("Notified by").select_option("phone")
    notice.get_by_label("Date of the notice").fill("2027-06-07")
    notice.get_by_label("Who was reached").fill("Rita Reyes")
    act(page, "notice", "Record notice")
    expect(page.get_by_text("Notice recorded.")).to_be_visible()
    expect(page.get_by_text("Telephone, reached Rita Reyes")).to_be_visible()
    assert_accessible(page)

    page.get_by_label("Certificate number and veterinarian").fill("NAV-77, Dr. Lee")
    page.get_by_label("Vaccination valid through").fill("2028-05-01")
    act(page, "rabies", "Record rabies proof")
    expect(page.get_by_text("Rabies certificate recorded.")).to_be_visible()
    expect(page.get_by_text("No current rabies vaccination on the record")).to_have_count(0)

    act(page, "invoice", "Invoice fees to date")
    expect(page.get_by_text("Fees invoiced.")).to_be_visible()
    assert_accessible(page)
    invoice = Impoundment.objects.get().fee_invoice
    payment = page.locator("section#pay_fees")
    payment.get_by_label("Paid by").select_option("cash")
    payment.get_by_label("Receipt or check number").fill("R-CAT-1")
    payment.get_by_label("Amount ($)").fill(str(invoice.total))
    act(page, "pay_fees", "Record payment")
    expect(page.get_by_text("Payment recorded.")).to_be_visible()

    act(page, "release", "Release to the owner")
    expect(page.get_by_text("Released to the owner.")).to_be_visible()
    assert_accessible(page)
    record = Impoundment.objects.get()
    assert (record.species, record.status) == ("cat", ImpoundmentStatus.RELEASED)
    assert record.fee_invoice.is_paid
    assert record.owner_notices.get().method == "phone"


def test_the_officers_finders_reports_and_the_adoption_money_report_are_accessible(
        page, live_server, officer):
    from tests.factories import FoundAnimalReportFactory

    report = FoundAnimalReportFactory()
    sign_in(page, live_server, "aco", PASSWORD)
    page.get_by_role("link", name="Found animal reports").click()
    expect(page.get_by_role("heading", name="Finders' reports", level=1)).to_be_visible()
    assert_accessible(page)
    page.get_by_role("link", name=f"#{report.pk}").click()
    expect(page.get_by_role("heading", name=f"Finder's report #{report.pk}: cat")).to_be_visible()
    assert_accessible(page)
    page.get_by_label("Turn-over requested on").fill("2027-06-07")
    act(page, "request", "Record the request")
    expect(page.get_by_text("Request recorded.")).to_be_visible()
    assert_accessible(page)
    page.goto(f"{live_server.url}/dogs/impoundments/adoption-money/")
    expect(page.get_by_role("heading", name="Adoption money for the Treasurer")).to_be_visible()
    assert_accessible(page)
