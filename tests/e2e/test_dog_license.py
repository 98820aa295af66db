"""The dog license in a real browser: resident applies, clerk issues, admin sets fees.

Every page on the way is checked with axe for WCAG 2.1 AA.
"""

import datetime as dt
import re

import pytest
from django.utils import timezone
from playwright.sync_api import Page, expect

from dogs.models import Dog
from permits_site.licensing.models import Application, FeeSchedule
from tests.e2e.conftest import assert_accessible, sign_in
from tests.factories import PASSWORD, DogFactory, Role, UserFactory, staff

CERTIFICATE = "tests/fixtures_files/rabies_certificate.pdf"


def iso(day: dt.date) -> str:
    return day.isoformat()


@pytest.fixture
def resident(db):
    return UserFactory(username="jane", first_name="Jane", last_name="Smith")


def apply_for_license(page: Page, live_server, dog_name: str) -> None:
    today = timezone.localdate()
    page.get_by_role("link", name=f"Apply for a license for {dog_name}").click()
    expect(
        page.get_by_role("heading", name="Apply for a North Andover dog license")
    ).to_be_visible()
    assert_accessible(page)
    page.get_by_label("New license").check()
    page.get_by_label("Date you got the dog").fill(iso(today - dt.timedelta(days=5)))
    page.get_by_label("Rabies vaccination certificate").check()
    page.get_by_label("Vaccination expires (or exemption ends) on").fill(
        iso(today + dt.timedelta(days=365))
    )
    page.get_by_label("Certificate file").set_input_files(CERTIFICATE)
    expect(page.locator("#fee-preview")).to_contain_text("$10.00")
    page.get_by_role("button", name="Save and review").click()


def test_resident_registers_a_dog_and_applies_with_a_rabies_certificate(
    page, live_server, resident
):
    sign_in(page, live_server, "jane", PASSWORD)
    expect(page.get_by_role("heading", name="My permits and applications")).to_be_visible()
    assert_accessible(page)

    page.get_by_role("link", name="Add a dog").click()
    assert_accessible(page)
    page.get_by_label("Name").fill("Biscuit")
    page.get_by_label("Breed").fill("Beagle")
    page.get_by_label("Color").fill("Tricolor")
    page.get_by_label("Sex").select_option("female")
    page.get_by_label("Date of birth").fill("2022-04-02")
    page.get_by_label("Spayed or neutered").check()
    expect(page.get_by_label("Where the dog is kept")).to_have_value("")
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_text("Biscuit is registered")).to_be_visible()
    assert Dog.objects.get(owner=resident).residence.address == resident.street_address

    apply_for_license(page, live_server, "Biscuit")
    expect(page.get_by_text("Submitting today costs")).to_be_visible()
    expect(page.get_by_role("cell", name="$10.00").first).to_be_visible()
    expect(page.get_by_text("Licenses A(9)").first).to_be_visible()
    assert_accessible(page)
    page.get_by_role("button", name="Submit application").click()

    expect(page.get_by_text("Application submitted")).to_be_visible()
    assert_accessible(page)
    application = Application.objects.get(applicant=resident)
    assert application.status == "submitted"
    assert application.documents.get().content_type == "application/pdf"


@pytest.mark.docs_screenshot
def test_clerk_issues_and_the_resident_downloads_the_license_pdf(
    browser, page, live_server, resident, docs_screenshot
):
    DogFactory(owner=resident, name="Biscuit", date_of_birth=dt.date(2022, 4, 2))
    clerk = staff(Role.CLERK, username="carla")
    sign_in(page, live_server, "jane", PASSWORD)
    apply_for_license(page, live_server, "Biscuit")
    page.get_by_role("button", name="Submit application").click()
    expect(page.get_by_text("Application submitted")).to_be_visible()

    clerk_page = browser.new_page()
    sign_in(clerk_page, live_server, clerk.username, PASSWORD)
    clerk_page.get_by_role("link", name="Application queue").click()
    assert_accessible(clerk_page)
    clerk_page.get_by_role("link", name=re.compile(r"Review #\d+")).click()
    expect(clerk_page.get_by_text("Before the license can be issued")).to_be_visible()
    expect(clerk_page.get_by_text("has not been accepted yet")).to_be_visible()
    assert_accessible(clerk_page)
    docs_screenshot(clerk_page, "clerk-review")
    clerk_page.get_by_role("button", name=re.compile("^Accept")).click()
    clerk_page.get_by_label("Method").select_option("check")
    clerk_page.get_by_label("Reference").fill("CHK-2041")
    clerk_page.get_by_role("button", name="Record payment").click()
    expect(clerk_page.get_by_text("Payment recorded")).to_be_visible()
    expect(clerk_page.get_by_text("Nothing blocks issuance")).to_be_visible()
    clerk_page.get_by_role("button", name="Approve and issue license").click()
    expect(clerk_page.get_by_role("status").filter(
        has_text=re.compile(r"Issued DOG-\d{4}-00001"))).to_be_visible()
    assert_accessible(clerk_page)
    expect(clerk_page.get_by_text("This application is issued: its documents' decisions are "
                                  "part of its record")).to_be_visible()
    expect(clerk_page.get_by_role("button", name=re.compile("^(Accept|Not accepted)"))) \
        .to_have_count(0)
    clerk_page.close()

    page.goto(f"{live_server.url}/dashboard/")
    assert_accessible(page)
    docs_screenshot(page, "resident-dashboard")
    with page.expect_download() as download_info:
        page.get_by_role("link", name=re.compile("Download PDF")).click()
    download = download_info.value
    assert re.fullmatch(r"DOG-\d{4}-00001\.pdf", download.suggested_filename)
    with open(download.path(), "rb") as pdf:
        assert pdf.read(5) == b"%PDF-"


@pytest.mark.docs_screenshot
def test_admin_publishes_a_new_fee_version_and_a9_is_enforced(page, live_server, db,
                                                               docs_screenshot):
    staff(Role.ADMIN, username="adam")
    sign_in(page, live_server, "adam", PASSWORD)
    page.get_by_role("link", name="Fee schedules").click()
    assert_accessible(page)
    page.get_by_role("link", name="New version of the fee schedule: Dog License").click()
    assert_accessible(page)

    takes_effect = timezone.localdate() + dt.timedelta(days=30)
    page.get_by_label("Takes effect on").fill(iso(takes_effect))
    page.get_by_label("Dog license, spayed or neutered ($)").fill("16.00")
    page.get_by_label("Dog license, not spayed or neutered ($)").fill("15.00")
    page.get_by_role("button", name="Save new version").click()
    expect(page.get_by_text("The schedule was not saved")).to_be_visible()
    expect(page.get_by_text("Licenses A(9)").first).to_be_visible()
    assert_accessible(page)

    page.get_by_label("Dog license, spayed or neutered ($)").fill("12.00")
    page.get_by_label("Dog license, not spayed or neutered ($)").fill("18.00")
    page.get_by_role("button", name="Save new version").click()
    expect(page.get_by_text("New fee schedule saved: Dog License")).to_be_visible()
    dog_license = page.get_by_role("region", name=re.compile("^Dog License"))
    scheduled = dog_license.locator("p").filter(has_text="Not in force yet")
    expect(scheduled).to_contain_text(re.compile(r"Dog license, spayed or neutered \$12\.00; "
                                                 r"Dog license, not spayed or neutered \$18\.00"))
    expect(dog_license.get_by_text("spayed_neutered")).to_have_count(0)
    assert_accessible(page)

    # Not in force yet, so a typo is corrected in place before it takes effect.
    dog_license.get_by_role("link", name=re.compile(
        "^Correct the Dog License fee schedule taking effect on")).click()
    assert_accessible(page)
    expect(page.get_by_label("Dog license, spayed or neutered ($)")).to_have_value("12.00")
    page.get_by_label("Dog license, spayed or neutered ($)").fill("11.00")
    page.get_by_role("button", name="Save the correction").click()
    expect(page.get_by_text("Fee schedule corrected: Dog License")).to_be_visible()
    dog_license.get_by_text("History (2 versions)").click()
    expect(dog_license.get_by_role("listitem").filter(has_text=re.compile(
        r"Dog license, spayed or neutered \$11\.00; Dog license, not spayed or neutered "
        r"\$18\.00"))).to_have_count(1)
    assert_accessible(page)
    docs_screenshot(page, "admin-fee-schedule")
    newest = FeeSchedule.objects.get(permit_type__code="north_andover.dog_license",
                                     effective_from=takes_effect)
    assert newest.amounts()["spayed_neutered"] == 11


def test_resident_dashboard_works_on_a_phone(phone_page, live_server, resident):
    DogFactory(owner=resident, name="Moose")
    sign_in(phone_page, live_server, "jane", PASSWORD)

    expect(phone_page.get_by_role("link", name="Apply for a license for Moose")).to_be_visible()
    assert phone_page.evaluate("document.documentElement.scrollWidth") <= 390
    assert_accessible(phone_page)
    assert Dog.objects.filter(owner=resident).count() == 1
