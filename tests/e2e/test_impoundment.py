"""Impoundment in a real browser (North Andover Code ch. 60, Impoundment): the Animal
Control Officer takes in a dog whose tag finds its owner, who is emailed at once, records
the rabies certificate, takes the fees at the counter and releases the dog; a finder uses
the public "found an animal?" page.

The walk runs on a fixed North Andover business day, the server's clock moved with
``time_machine`` (the live server shares the test's process). Every page is checked with
axe for WCAG 2.1 AA."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import pytest
import time_machine
from django.core import mail
from django.core.cache import cache
from playwright.sync_api import Page, expect

from dogs.impoundment.found import SAME_ANSWER
from dogs.models import FoundAnimalReport, Impoundment, ImpoundmentStatus
from tests.e2e.conftest import assert_accessible, sign_in
from tests.factories import (
    PASSWORD,
    DogFactory,
    DogTagFactory,
    PaymentOfficeFactory,
    PermitFactory,
    Role,
    municipality,
    staff,
)

#: A Monday: North Andover's offices are open.
MONDAY_JUNE_7_2027 = dt.datetime(2027, 6, 7, 9, 0, tzinfo=ZoneInfo("America/New_York"))
TAG = 417


@pytest.fixture
def june_7_2027():
    with time_machine.travel(MONDAY_JUNE_7_2027, tick=True):
        yield


@pytest.fixture
def biscuit(june_7_2027):
    """Biscuit, wearing tag 417 of her 2027 license. Her owner's name is one no page's own
    words contain, so that a page showing it is a leak (a random "King" was found in
    "checking" or "parking")."""
    dog = DogFactory(name="Biscuit", breed="Beagle", color="Tricolor",
                     owner__first_name="Harriet", owner__last_name="Quennell")
    DogTagFactory(permit=PermitFactory(application__applicant=dog.owner), dog=dog,
                  year=2027, number=TAG)
    return dog


@pytest.fixture
def officer(june_7_2027):
    return staff(Role.ANIMAL_CONTROL_OFFICER, username="aco", first_name="Alex",
                 last_name="Officer")


def take_in(page: Page, live_server) -> None:
    page.goto(f"{live_server.url}/dogs/impoundments/")
    expect(page.get_by_role("heading", name="Impoundments", level=1)).to_be_visible()
    assert_accessible(page)
    page.get_by_role("link", name="New intake").click()
    assert_accessible(page)
    page.get_by_label("Species").select_option("dog")
    page.get_by_label("Description").fill("Beagle, tricolor, female")
    page.get_by_label("Where found").fill("Elm Street by the library")
    page.get_by_label("License tag number").fill(str(TAG))
    page.get_by_role("button", name="Record intake").click()


@pytest.mark.docs_screenshot
def test_an_impounded_dog_found_by_its_tag_is_released_against_the_fees(
        page, live_server, biscuit, officer, docs_screenshot):
    sign_in(page, live_server, "aco", PASSWORD)
    take_in(page, live_server)

    expect(page.get_by_text("Biscuit's owner was notified")).to_be_visible()
    expect(page.get_by_text("June 14, 2027 (seven-day hold")).to_be_visible()
    expect(page.get_by_text("Due by July 7, 2027")).to_be_visible()
    assert_accessible(page)
    docs_screenshot(page, "aco-impoundment")
    [notice] = mail.outbox
    assert notice.to == [biscuit.owner.email]
    assert "Elm Street by the library" in notice.body

    page.get_by_role("button", name="Release to the owner").click()
    expect(page.get_by_text("Record a current rabies vaccination certificate")).to_be_visible()
    assert_accessible(page)
    record_page = f"{live_server.url}/dogs/impoundments/{Impoundment.objects.get().pk}/"
    assert page.url == f"{record_page}#release"  # the record's own page, not a POST-only one
    assert page.goto(record_page).status == 200
    expect(page.get_by_role("heading", name="Intake #", level=1)).to_be_visible()

    page.get_by_label("Certificate number and veterinarian").fill("NAV-2291, Dr. Lee")
    page.get_by_label("Vaccination valid through").fill("2028-05-01")
    page.get_by_role("button", name="Record rabies proof").click()
    expect(page.get_by_text("Rabies certificate recorded.")).to_be_visible()

    page.get_by_role("button", name="Invoice fees to date").click()
    expect(page.get_by_text("Fees invoiced.")).to_be_visible()
    expect(page.get_by_role("cell", name="Impoundment C(1)")).to_be_visible()
    assert_accessible(page)
    invoice = Impoundment.objects.get().fee_invoice
    page.get_by_label("Paid by").select_option("cash")
    page.get_by_label("Receipt or check number").fill("R-1001")
    expect(page.get_by_label("Amount ($)")).to_have_value(str(invoice.balance()))
    page.get_by_role("button", name="Record payment").click()
    expect(page.get_by_text("Payment recorded.")).to_be_visible()

    page.get_by_role("button", name="Release to the owner").click()
    expect(page.get_by_text("Released to the owner.")).to_be_visible()
    assert_accessible(page)
    record = Impoundment.objects.get()
    assert record.status == ImpoundmentStatus.RELEASED
    assert record.fee_invoice.is_paid


def test_a_finder_tells_the_owner_without_learning_who_they_are(page, live_server, biscuit):
    cache.clear()
    PaymentOfficeFactory(municipality=municipality("north_andover"),
                         animal_control_phone="(978) 555-0110")
    page.goto(f"{live_server.url}/dogs/found/")
    expect(page.get_by_role("heading", name="Found an animal?")).to_be_visible()
    expect(page.get_by_role("link", name="(978) 555-0110")).to_have_attribute(
        "href", "tel:+1-978-555-0110")
    assert_accessible(page)
    page.get_by_label("Animal").select_option("dog")
    page.get_by_label("What it looks like").fill("Beagle, tricolor")
    page.get_by_label("Where you found it").fill("Elm Street")
    page.get_by_label("Number on the dog's license tag (if any)").fill(str(TAG))
    page.get_by_label("Your name").fill("Fay Finder")
    page.get_by_label("How we can reach you").fill("978-555-0199")
    page.get_by_label("Your message").fill("She is safe in my yard.")
    page.get_by_role("button", name="Send the report").click()
    status = page.get_by_role("status")
    expect(status).to_contain_text(SAME_ANSWER)
    report = FoundAnimalReport.objects.get()
    expect(status).to_contain_text(f"Your report number: #{report.pk}. Quote it when you call "
                                   "the Animal Control Officer at (978) 555-0110.")
    expect(page.get_by_text(biscuit.owner.last_name)).to_have_count(0)
    assert_accessible(page)
    [email] = mail.outbox
    assert email.to == [biscuit.owner.email]
    assert "She is safe in my yard." in email.body
