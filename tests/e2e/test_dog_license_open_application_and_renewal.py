"""A resident's dog licenses on a phone, checked with axe at each step (North Andover Code
ch. 60, Licenses A(1), A(7)): "My dogs" leads to the application still open for a dog rather
than offering a second one, which the form refuses with a link to the open one; and the
renewal form, beside the rabies certificate on file, marks none of the proof's fields
required and keeps them behind "Attach a newer certificate instead", asking them again as
soon as a new license is chosen."""

import datetime as dt
import re

import pytest
import time_machine
from django.utils import timezone
from playwright.sync_api import Page, expect

from dogs.licenses.services import apply_for_dog_license
from permits_site.licensing.models import Application
from permits_site.licensing.services.applications import submit_application
from permits_site.licensing.services.documents import upload_document
from tests.dogs.test_license_flow import licensed, png_upload
from tests.e2e.conftest import assert_accessible, sign_in
from tests.factories import PASSWORD, DogFactory, Role, UserFactory, staff

CERTIFICATE = "tests/fixtures_files/rabies_certificate.pdf"
PHONE_WIDTH = 390
NEWER = "Attach a newer certificate instead"


@pytest.fixture
def resident(db):
    return UserFactory(username="jane", first_name="Jane", last_name="Smith")


@pytest.fixture
def biscuits_license(resident):
    """Biscuit's 2025 license, its rabies certificate good until May 4, 2027."""
    with time_machine.travel(dt.datetime(2025, 3, 10, 10, 0), tick=True):
        return licensed(DogFactory(owner=resident, name="Biscuit"),
                        staff(Role.CLERK, "north_andover"), year=2025,
                        rabies_until=dt.date(2027, 5, 4))


@pytest.fixture
def moose_application(resident):
    """Moose's new license for this year, applied for and waiting for the Clerk."""
    moose = DogFactory(owner=resident, name="Moose")
    today = timezone.localdate()
    application = apply_for_dog_license(applicant=resident, dog=moose, action="new",
                                        license_year=today.year,
                                        acquired_on=today - dt.timedelta(days=5))
    upload_document(application=application, uploaded_by=resident, kind="rabies_certificate",
                    upload=png_upload(), valid_until=today + dt.timedelta(days=365))
    return submit_application(application=application, acting_user=resident)


def fits_the_phone(page: Page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE_WIDTH
    assert_accessible(page)


def rabies_fields_required(page: Page) -> list[bool]:
    """Whether each of the rabies proof's inputs is required, as assistive technology reads
    it (the ``required`` attribute or ``aria-required``)."""
    return page.locator("#rabies-proof input").evaluate_all(
        "inputs => inputs.map(input => input.required"
        " || input.getAttribute('aria-required') === 'true')")


def test_my_dogs_leads_to_the_open_application_and_the_form_links_to_it(
        phone_page, live_server, resident, moose_application):
    page = phone_page
    sign_in(page, live_server, "jane", PASSWORD)
    see = page.get_by_role("link", name=f"See application #{moose_application.pk} for Moose")

    expect(see).to_be_visible()
    expect(page.get_by_role("link", name="Apply for a license for Moose")).to_have_count(0)
    fits_the_phone(page)
    see.click()
    expect(page).to_have_url(re.compile(rf"/applications/{moose_application.pk}/$"))

    page.goto(f"{live_server.url}/dogs/apply/?dog={moose_application.dog_license.dog_id}")
    preview = page.locator("#fee-preview")
    expect(preview).to_contain_text(
        f"Moose already has an open new application for {timezone.localdate().year} "
        f"(application #{moose_application.pk}).")
    expect(preview.get_by_role("link", name=f"See application #{moose_application.pk}")
           ).to_be_visible()
    fits_the_phone(page)
    page.get_by_label("Date you got the dog").fill(
        (timezone.localdate() - dt.timedelta(days=5)).isoformat())
    page.get_by_label("Rabies vaccination certificate").check()
    page.get_by_label("Vaccination expires (or exemption ends) on").fill(
        (timezone.localdate() + dt.timedelta(days=365)).isoformat())
    page.get_by_label("Certificate file").set_input_files(CERTIFICATE)
    page.get_by_role("button", name="Save and review").click()

    alert = page.get_by_role("alert")
    expect(alert.get_by_role("link", name="What do you need?")).to_be_visible()
    expect(alert).to_contain_text(f"(application #{moose_application.pk}).")
    fits_the_phone(page)
    alert.get_by_role("link", name=f"See application #{moose_application.pk} for Moose").click()
    expect(page).to_have_url(re.compile(rf"/applications/{moose_application.pk}/$"))
    assert Application.objects.filter(applicant=resident).count() == 1


def test_the_renewal_asks_no_certificate_beside_the_one_on_file(
        phone_page, live_server, resident, biscuits_license):
    page = phone_page
    sign_in(page, live_server, "jane", PASSWORD)
    page.goto(f"{live_server.url}/dogs/apply/?action=renewal&permit={biscuits_license.pk}")
    newer = page.get_by_text(NEWER)
    certificate_file = page.get_by_label("Certificate file")

    expect(page.locator("#rabies-on-file")).to_contain_text("on file, valid until May 4, 2027")
    expect(newer).to_be_visible()
    expect(certificate_file).to_be_hidden()
    expect(page.locator("#rabies-proof .asteriskField")).to_have_count(0)
    assert rabies_fields_required(page) == [False, False, False, False]
    fits_the_phone(page)
    newer.click()
    expect(certificate_file).to_be_visible()
    fits_the_phone(page)

    # A file chosen stays chosen while what the fields ask does not change.
    certificate_file.set_input_files(CERTIFICATE)
    page.get_by_label("Rabies vaccination certificate").check()
    page.get_by_label("Vaccination expires (or exemption ends) on").fill("2028-05-04")
    page.get_by_label("Vaccination expires (or exemption ends) on").blur()
    expect(page.locator("#rabies-proof details")).to_have_attribute("open", "")
    assert certificate_file.evaluate("input => input.files.length") == 1

    page.get_by_label("New license").check()
    expect(page.locator("#rabies-proof .asteriskField")).to_have_count(3)
    expect(page.get_by_text(NEWER)).to_have_count(0)
    expect(page.locator("#rabies-on-file")).not_to_contain_text("on file")
    assert rabies_fields_required(page) == [True, True, True, True]
    expect(page.get_by_label("Vaccination expires (or exemption ends) on")
           ).to_have_value("2028-05-04")
    fits_the_phone(page)

    page.get_by_label("Renewal of last year's license").check()
    expect(page.locator("#rabies-on-file")).to_contain_text("on file, valid until May 4, 2027")
    expect(page.locator("#rabies-proof .asteriskField")).to_have_count(0)
    # The kind and date entered are kept; with no file chosen, the certificate on file serves.
    expect(page.locator("#rabies-proof details")).to_have_attribute("open", "")
    page.get_by_role("button", name="Save and review").click()

    expect(page.get_by_text("Draft saved")).to_be_visible()
    renewal = Application.objects.get(action="renewal")
    assert renewal.documents.get().valid_until == dt.date(2027, 5, 4)
    fits_the_phone(page)
