"""A dog licensed on paper before the town licensed dogs online, in a real browser: the
owner records the old license and renews at the renewal fee; on December 1 the Clerk's
renewal season screen opens on next year (spec ``lifecycle.md``, North Andover
corrections). Every page on the way is checked with axe for WCAG 2.1 AA."""

import datetime as dt
from zoneinfo import ZoneInfo

import pytest
import time_machine
from playwright.sync_api import expect

from permits_site.licensing.models import Application
from tests.e2e.conftest import assert_accessible, sign_in
from tests.factories import PASSWORD, DogFactory, Role, UserFactory, staff

CERTIFICATE = "tests/fixtures_files/rabies_certificate.pdf"
DECEMBER_1 = dt.datetime(2026, 12, 1, 10, 0, tzinfo=ZoneInfo("America/New_York"))


@pytest.fixture
def december_1():
    with time_machine.travel(DECEMBER_1, tick=True):
        yield


@pytest.fixture
def resident(db):
    return UserFactory(username="jane", first_name="Jane", last_name="Smith")


def test_resident_records_the_paper_license_and_renews_at_the_renewal_fee(
    page, live_server, resident, december_1
):
    DogFactory(owner=resident, name="Biscuit", spayed_neutered=True)
    sign_in(page, live_server, "jane", PASSWORD)

    page.get_by_role("link", name="Record a paper license for Biscuit").click()
    expect(page.get_by_role("heading", name="Paper license for Biscuit")).to_be_visible()
    assert_accessible(page)
    page.get_by_role("button", name="Record paper license").click()
    expect(page.get_by_text("Please correct the following")).to_be_visible()
    assert_accessible(page)
    page.get_by_label("License number").fill("NA-2026-0412")
    page.get_by_label("License year").fill("2026")
    page.get_by_role("button", name="Record paper license").click()

    expect(page.get_by_text("2026 paper license no. NA-2026-0412 is recorded")).to_be_visible()
    expect(page.get_by_label("Renewal of last year's license")).to_be_checked()
    expect(page.get_by_label("License year")).to_have_value("2027")
    assert_accessible(page)
    page.get_by_label("Rabies vaccination certificate").check()
    page.get_by_label("Vaccination expires (or exemption ends) on").fill("2028-06-01")
    page.get_by_label("Certificate file").set_input_files(CERTIFICATE)
    expect(page.locator("#fee-preview")).to_contain_text("$10.00")
    page.get_by_role("button", name="Save and review").click()

    fee = page.locator("section[aria-labelledby=fee-heading]")
    expect(fee).to_contain_text("Submitting today costs")
    expect(fee).to_contain_text("$10.00")
    expect(fee).not_to_contain_text("$35.00")
    expect(page.get_by_text("A renewal is not judged here")).to_be_visible()
    assert_accessible(page)
    page.get_by_role("button", name="Submit application").click()
    expect(page.get_by_text("Application submitted")).to_be_visible()
    application = Application.objects.get(applicant=resident)
    lines = list(application.invoices.get().lines.values_list("code", "amount"))
    assert (application.action, application.dog_license.license_year) == ("renewal", 2027)
    assert [(code, str(amount)) for code, amount in lines] == [("renewal", "10.00")]


def test_the_season_screen_opens_on_next_year_on_december_1(page, live_server, december_1):
    staff(Role.CLERK, username="carla")
    sign_in(page, live_server, "carla", PASSWORD)

    page.goto(f"{live_server.url}/dogs/renewals/")

    expect(page.get_by_role("heading", name="Dog license renewals for 2027")).to_be_visible()
    expect(page.get_by_label("License year")).to_have_value("2027")
    assert_accessible(page)
