"""No dead end from a failed inspection, in a real browser.

A Northborough inspector visits a stable no permit covers: answers the §6 checklist,
adds a photo (the answers stay and are saved), closes the inspection as failed, opens its
case naming the keeper from the town's records, and writes the §8.3 daily fine from the
case page — never typing a URL. A person refused a page gets the site's own page, saying
who may. Every page is checked with axe.
"""

import re
from decimal import Decimal

import pytest
from django.utils import timezone
from playwright.sync_api import Page, expect

from permits_site.enforcement.models import Case, Citation, Inspection
from permits_site.enforcement.services import schedule_inspection
from tests.e2e.conftest import assert_accessible, open_main_nav, sign_in
from tests.e2e.test_sanitary_inspection import (
    SANITARY_TITLE,
    inspector,  # noqa: F401  (fixture)
    record_manure_over_the_limit,
)
from tests.enforcement.conftest import issued_permit
from tests.factories import PASSWORD, UserFactory, municipality

PHOTO = "tests/fixtures_files/rabies_certificate.png"


@pytest.fixture
def keeper(inspector):  # noqa: F811
    """Rita Rider, on Northborough's records: she holds a stable permit elsewhere in town."""
    person = UserFactory(first_name="Rita", last_name="Rider", street_address="5 Brook Rd",
                         city="Northborough", postal_code="01532")
    issued_permit(person, issued_by=inspector, sequence=7)
    return person


@pytest.fixture
def unpermitted_visit(inspector, keeper):  # noqa: F811
    """A sanitary inspection scheduled for today at a stable no permit covers."""
    return schedule_inspection(municipality=municipality("northborough"),
                               check_code="northborough.sanitary_inspection",
                               scheduled_for=timezone.localdate(), inspector=inspector,
                               address="5 Brook Rd", acting_user=inspector)


def open_the_visit(page: Page, live_server) -> None:
    sign_in(page, live_server, "ivan", PASSWORD)
    open_main_nav(page)
    page.get_by_role("navigation", name="Main").get_by_role("link", name="Inspections").click()
    page.get_by_role("link", name=re.compile(SANITARY_TITLE)).click()
    expect(page.get_by_role("heading", name="Checklist")).to_be_visible()


def add_a_photo(page: Page) -> None:
    page.get_by_label("Photo (PNG or JPEG, up to 10 MB)").set_input_files(PHOTO)
    page.get_by_label("Caption (optional)").fill("Pile behind the barn")
    page.get_by_role("button", name="Add photo").click()


def test_adding_a_photo_keeps_and_saves_the_checklist_answers(page, live_server,
                                                             unpermitted_visit):
    open_the_visit(page, live_server)
    record_manure_over_the_limit(page)
    page.get_by_label("Notes (optional)").fill("Pile behind the barn.")

    add_a_photo(page)

    expect(page.get_by_text("Photo added; the checklist is saved.")).to_be_visible()
    expect(page.get_by_role("img", name="Pile behind the barn")).to_be_visible()
    expect(page.get_by_label("Manure and used bedding at the storage area")).to_have_value("300")
    expect(page.get_by_label("Notes (optional)")).to_have_value("Pile behind the barn.")
    assert_accessible(page)
    visit = Inspection.objects.get()
    assert (visit.answers["manure_storage_cuft"], visit.notes) == (300,
                                                                  "Pile behind the barn.")


def test_a_failed_inspection_opens_its_case_and_its_daily_fine_in_one_flow(page, live_server,
                                                                          unpermitted_visit,
                                                                          keeper):
    open_the_visit(page, live_server)
    record_manure_over_the_limit(page)
    page.get_by_role("button", name="Close inspection").click()
    expect(page.get_by_text("Inspection closed: failed, 1 violation.")).to_be_visible()
    assert_accessible(page)

    enforcement = page.get_by_role("region", name="Enforcement")
    enforcement.get_by_label("Case type").select_option("northborough.stable_violation")
    enforcement.get_by_label("Person or business responsible").select_option(
        label=f"Rita Rider, {keeper.mailing_address}")
    enforcement.get_by_role("button", name="Open a case from this inspection").click()

    expect(page.get_by_role("heading", name=re.compile(r"Case #\d+: Rita Rider"))).to_be_visible()
    expect(page.locator('[data-rule="nb.6.2.volume"]')).to_contain_text("300 cu ft")
    assert_accessible(page)

    citation_form = page.locator("#citation-section")
    citation_form.get_by_label("Offense", exact=True).select_option("stable_regulation_violation")
    citation_form.get_by_label("Amount per offense ($)").fill("25")
    citation_form.get_by_role("button", name="Issue citation").click()

    expect(page.get_by_text("Citation issued.")).to_be_visible()
    expect(page.locator("td.accrual")).to_have_text("1 day × $25.00 = $25.00 so far")
    assert_accessible(page)
    case = Case.objects.get()
    assert (case.party, case.address, case.inspection) == (keeper, "5 Brook Rd",
                                                           unpermitted_visit)
    citation = Citation.objects.get()
    assert (citation.case, citation.per_day, citation.amount_per_offense) == (
        case, True, Decimal("25.00"))


def test_a_refused_page_is_the_sites_own_and_says_who_may(page, live_server, keeper):
    sign_in(page, live_server, keeper.username, PASSWORD)

    page.goto(f"{live_server.url}/enforcement/cases/")

    expect(page.get_by_role("heading", name="You cannot do this")).to_be_visible()
    expect(page.get_by_text(re.compile("Only the town's Clerk, Inspector"))).to_be_visible()
    assert_accessible(page)
    page.goto(f"{live_server.url}/enforcement/no-such-page/")
    expect(page.get_by_role("heading", name="Not found")).to_be_visible()
    assert_accessible(page)
