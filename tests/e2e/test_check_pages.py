""""Check before you apply" in a real browser: one check of each town, on desktop and phone."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, expect

from permits_site.licensing.fact_forms import fact_label, humanize
from permits_site.rules.base import FactType
from permits_site.rules.registry import get_rule_set
from tests.e2e.conftest import assert_accessible, sign_in
from tests.factories import PASSWORD
from tests.law.answers import COASTAL_SEPTIC_NEW_SYSTEM, DOG_LICENSE_RENEWAL, PRIVATE_STABLE_42_FT

JUDGED_ON = "2027-05-01"


def answer(page: Page, code: str, answers: dict[str, Any]) -> None:
    """Fill a check form as a person does: find each question by its label or legend."""
    facts = get_rule_set(code).fact_map
    for name, value in answers.items():
        fact = facts[name]
        if fact.type is FactType.BOOL:
            group = page.get_by_role("group", name=fact_label(fact), exact=True)
            group.get_by_label("Yes" if value else "No", exact=True).check()
        elif fact.type is FactType.CHOICE:
            group = page.get_by_role("group", name=fact_label(fact), exact=True)
            group.get_by_label(humanize(value), exact=True).check()
        else:
            page.get_by_label(fact_label(fact), exact=True).fill(str(value))


def run_check(page: Page, code: str, answers: dict[str, Any]) -> None:
    answer(page, code, answers)
    page.get_by_label("Check as of this date (optional)").fill(JUDGED_ON)
    with page.expect_navigation():
        page.get_by_role("button", name="Check my plan").click()


def finding(page: Page, rule: str):
    return page.locator(f"li[data-rule='{rule}']")


def test_a_stable_42_ft_from_the_lot_line_fails_4_1a(page: Page, live_server):
    page.goto(f"{live_server.url}/towns/northborough/")
    assert_accessible(page)
    page.get_by_role("link", name="Private stable permit application").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Private stable permit application")

    run_check(page, "northborough.private_stable", PRIVATE_STABLE_42_FT)

    expect(page.locator("#result-summary")).to_contain_text("1 rule is not met")
    lot_line = finding(page, "nb.4.1a.lot_line")
    expect(lot_line).to_contain_text("Not met")
    expect(lot_line).to_contain_text("it must be at least 50 ft")
    expect(lot_line).to_contain_text("Northborough Horse & Stable Regs §4.1(a)")
    expect(finding(page, "nb.4.1a.dwelling")).to_contain_text("Meets the rule")
    expect(page.locator("li.finding")).to_have_count(16)
    assert "distance_to_abutter_property_line_ft=42" in page.url
    assert page.evaluate("document.activeElement.id") == "result"
    assert_accessible(page)


def test_a_renewed_dog_license_meets_every_rule(page: Page, live_server):
    page.goto(f"{live_server.url}/towns/north_andover/check/north_andover.dog_license/")

    run_check(page, "north_andover.dog_license", DOG_LICENSE_RENEWAL)

    expect(page.locator("#result-summary")).to_contain_text("Meets every rule.")
    expect(page.get_by_role("heading", name="Result, as of May 1, 2027")).to_be_visible()
    expect(finding(page, "na.lic.A1.rabies")).to_contain_text(
        "North Andover Code ch. 60, Licenses A(1)"
    )
    expect(finding(page, "na.lic.A.timely")).to_contain_text("Does not apply")
    assert_accessible(page)


def test_unanswered_questions_are_summarized_and_linked_to_their_fields(page: Page, live_server):
    page.goto(f"{live_server.url}/towns/north_andover/check/north_andover.dog_license/")

    with page.expect_navigation():
        page.get_by_role("button", name="Check my plan").click()

    summary = page.get_by_role("alert")
    expect(summary).to_contain_text("There are problems with your answers")
    assert page.evaluate("document.activeElement.id") == "check-error-summary"
    summary.get_by_role("link", name="Dog's date of birth: Enter a date.").click()
    date_of_birth = page.get_by_label("Dog's date of birth", exact=True)
    expect(date_of_birth).to_be_focused()
    expect(date_of_birth).to_have_attribute("aria-invalid", "true")
    expect(date_of_birth).to_have_accessible_description("Error: Enter a date.")
    assert_accessible(page)


def test_a_coastal_septic_check_works_on_a_phone(phone_page: Page, live_server):
    page = phone_page
    page.goto(f"{live_server.url}/towns/tisbury/check/tisbury.coastal_septic/")
    assert_accessible(page)

    run_check(page, "tisbury.coastal_septic",
              {**COASTAL_SEPTIC_NEW_SYSTEM, "separation_to_water_table_ft": 6})

    expect(page.locator("#result-summary")).to_contain_text(
        "1 rule needs an officer's review"
    )
    water_table = finding(page, "ti.9.7.6.water_table")
    expect(water_table).to_contain_text("Needs an officer's review")
    expect(water_table).to_contain_text("Tisbury BOH Reg 09.9.7(6)")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    assert_accessible(page)


def test_the_key_dates_page_computes_a_due_date(page: Page, live_server):
    page.goto(f"{live_server.url}/towns/north_andover/key-dates/?year=2030")
    expect(page.locator("#key-date-dog_license_due")).to_contain_text("March 4, 2030")

    page.get_by_label("Period", exact=True).select_option("appeal_aco_decision")
    page.get_by_label("Counted from", exact=True).fill("2027-05-03")
    with page.expect_navigation():
        page.get_by_role("button", name="Compute the due date").click()

    expect(page.locator("#deadline-result")).to_contain_text("Wednesday, May 19, 2027")
    assert_accessible(page)


def test_sign_in_helper_signs_a_resident_in(page: Page, live_server, resident):
    sign_in(page, live_server, resident.username, PASSWORD)

    expect(page.get_by_text("Signed in as")).to_be_visible()
