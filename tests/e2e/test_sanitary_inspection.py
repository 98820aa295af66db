"""A Northborough sanitary inspection in a real browser, from the field screen to a daily fine.

The inspector finds manure over the two-cord limit of §6.2, closes the
inspection, opens a case from it and cites the holder at $25 a day under
§8.3. Every page on the way is checked with axe for WCAG 2.1 AA, and the
field screen on a phone as well.
"""

import datetime as dt
import re
from decimal import Decimal

import pytest
from django.utils import timezone
from playwright.sync_api import Page, expect

from permits_site.enforcement.models import Case, Citation
from permits_site.enforcement.services import schedule_inspection
from permits_site.licensing.models import Application, ApplicationStatus, Permit, PermitType
from tests.e2e.conftest import assert_accessible, open_main_nav, sign_in
from tests.factories import PASSWORD, Role, UserFactory, staff

SANITARY_TITLE = "Sanitary inspection of a stable"


@pytest.fixture
def inspector(db):
    return staff(Role.INSPECTOR, "northborough", username="ivan", first_name="Ivan",
                 last_name="Inspector")


@pytest.fixture
def inspection(inspector):
    """A sanitary inspection scheduled for today against an issued private stable permit."""
    holder = UserFactory(first_name="Sam", last_name="Stable", street_address="12 Bartlett St",
                         city="Northborough", postal_code="01532")
    permit_type = PermitType.objects.get(code="northborough.private_stable")
    today = timezone.localdate()
    application = Application.objects.create(
        municipality=permit_type.municipality, permit_type=permit_type, action="new",
        applicant=holder, status=ApplicationStatus.ISSUED,
    )
    permit = Permit.objects.create(
        number=f"PVS-{today.year}-00001", sequence=1, year=today.year,
        municipality=permit_type.municipality, permit_type=permit_type, application=application,
        holder=holder, holder_name=holder.display_name, holder_address=holder.mailing_address,
        valid_from=today, valid_through=today + dt.timedelta(days=364), fee_total=Decimal("50"),
        issued_by=inspector,
    )
    return schedule_inspection(municipality=permit.municipality,
                               check_code="northborough.sanitary_inspection",
                               scheduled_for=today, inspector=inspector, permit=permit,
                               acting_user=inspector)


#: The yes-or-no questions of the §6 checklist, answered for a stable kept clean but for its pile.
YES_OR_NO = (
    ("Has the Board of Health granted a variance for a larger manure pile?", "No"),
    ("Can manure drain or run off into a wetland resource area?", "No"),
    ("Is manure removed from the stalls at least daily?", "Yes"),
    ("Does effluent with urine or manure run off or flow over the ground?", "No"),
    ("Is feed stored in closed, moisture- and vermin-resistant containers?", "Yes"),
)


def record_manure_over_the_limit(page: Page) -> None:
    """300 cu ft of manure and no variance: over the two cords of §6.2."""
    page.get_by_label("Manure and used bedding at the storage area").fill("300")
    page.get_by_label("Days since manure was last taken off the property").fill("5")
    for question, choice in YES_OR_NO:
        page.get_by_role("group", name=question).get_by_label(choice, exact=True).check()


def open_field_screen(page: Page, live_server) -> None:
    sign_in(page, live_server, "ivan", PASSWORD)
    open_main_nav(page)
    page.get_by_role("navigation", name="Main").get_by_role("link", name="Inspections").click()
    expect(page.get_by_role("heading", name="Inspections", exact=True)).to_be_visible()
    assert_accessible(page)
    page.get_by_role("link", name=re.compile(SANITARY_TITLE)).click()
    expect(page.get_by_role("heading", name=SANITARY_TITLE)).to_be_visible()


@pytest.mark.docs_screenshot
def test_inspector_finds_manure_over_the_limit_and_cites_a_daily_fine(page, live_server,
                                                                      inspection,
                                                                      docs_screenshot):
    open_field_screen(page, live_server)
    expect(page.get_by_role("heading", name="Checklist")).to_be_visible()
    assert_accessible(page)

    record_manure_over_the_limit(page)
    page.get_by_label("Notes (optional)").fill("Pile behind the barn, near the brook.")
    docs_screenshot(page, "inspector-checklist")
    page.get_by_role("button", name="Close inspection").click()

    expect(page.get_by_text("Inspection closed: failed, 1 violation.")).to_be_visible()
    violation = page.locator('#violations [data-rule="nb.6.2.volume"]')
    expect(violation).to_contain_text("300 cu ft")
    expect(violation).to_contain_text("Northborough Horse & Stable Regs §6.2")
    assert_accessible(page)

    page.get_by_label("Case type").select_option("northborough.stable_violation")
    page.get_by_role("button", name="Open a case from this inspection").click()
    expect(page.get_by_role("heading", name=re.compile(r"Case #\d+: Sam Stable"))).to_be_visible()
    case_violation = page.locator(
        '[aria-labelledby="violations-heading"] [data-rule="nb.6.2.volume"]')
    expect(case_violation).to_contain_text("300 cu ft")
    expect(case_violation).to_contain_text("Northborough Horse & Stable Regs §6.2")
    assert_accessible(page)

    citation_form = page.locator("#citation-section")
    offense = citation_form.get_by_label("Offense", exact=True)
    offense.select_option("stable_regulation_violation")
    expect(offense).to_contain_text("$5.00 to $100.00 per day")
    citation_form.get_by_label("Amount per offense ($)").fill("25")
    citation_form.get_by_role("button", name="Issue citation").click()

    expect(page.get_by_text("Citation issued.")).to_be_visible()
    expect(page.locator("td.accrual")).to_have_text("1 day × $25.00 = $25.00 so far")
    expect(page.get_by_text("Northborough Horse & Stable Regs §8.3", exact=True)).to_be_visible()
    assert_accessible(page)
    citation = Citation.objects.get()
    assert (citation.amount_per_offense, citation.per_day) == (Decimal("25.00"), True)
    assert Case.objects.get().violations.get().rule == "nb.6.2.volume"

    main_nav = page.get_by_role("navigation", name="Main")
    main_nav.get_by_role("link", name="Cases", exact=True).click()
    expect(page.get_by_role("link", name=re.compile(r"Case #\d+"))).to_be_visible()
    assert_accessible(page)
    main_nav.get_by_role("link", name="Deadlines", exact=True).click()
    expect(page.get_by_role("heading", name="Town of Northborough")).to_be_visible()
    assert_accessible(page)


def test_a_citation_amount_over_the_range_is_refused_on_its_field(page, live_server,
                                                                  inspection):
    open_field_screen(page, live_server)
    record_manure_over_the_limit(page)
    page.get_by_role("button", name="Close inspection").click()
    page.get_by_role("button", name="Open a case from this inspection").click()

    citation_form = page.locator("#citation-section")
    citation_form.get_by_label("Offense", exact=True).select_option("stable_regulation_violation")
    citation_form.get_by_label("Amount per offense ($)").fill("150")
    page.get_by_role("button", name="Issue citation").click()

    summary = page.get_by_role("alert")
    expect(summary).to_contain_text("Enter an amount from $5.00 to $100.00")
    summary.get_by_role("link", name=re.compile("Amount per offense")).click()
    expect(page.locator("#citation-section").get_by_label("Amount per offense ($)")).to_be_focused()
    assert_accessible(page)
    assert not Citation.objects.exists()


def test_the_field_screen_works_on_a_phone(phone_page, live_server, inspection):
    open_field_screen(phone_page, live_server)

    expect(phone_page.get_by_role("button", name="Close inspection")).to_be_visible()
    expect(phone_page.get_by_label("Photo (PNG or JPEG, up to 10 MB)")).to_have_attribute(
        "capture", "environment")
    page_width = phone_page.evaluate("document.documentElement.scrollWidth")
    assert page_width <= 390, f"the field screen scrolls sideways ({page_width}px)"
    assert_accessible(phone_page)
