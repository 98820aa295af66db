""""What happens next" on a private stable application whose stable stands too close to the lot
line, in a real browser: the draft says a variance may be asked once it is submitted; the
submitted application says the office checks the documents and then that the permit waits on
§4.1(a), from which the applicant may ask the Board of Health for a variance (§8.2), linking
to the request; once asked, that the Board decides it; once granted, the rule holds nothing.

Every page on the way is checked with axe for WCAG 2.1 AA.
"""

import re

from playwright.sync_api import Page, expect

from permits_site.licensing.models import Variance
from permits_site.licensing.services.variances import sign_variance
from tests.e2e.conftest import assert_accessible, sign_in
from tests.e2e.test_private_stable import (  # noqa: F401  (the walk's people, as fixtures)
    fill_the_application,
    office,
    resident,
    upload_the_plans,
)
from tests.factories import PASSWORD

LOT_LINE = ("“The stable is 50 ft or more from abutters' lot lines” (Northborough Horse & "
            "Stable Regs §4.1(a))")


def test_the_next_step_names_the_setback_and_the_variance_until_the_board_grants_it(
    page: Page, live_server, resident, office  # noqa: F811
):
    sign_in(page, live_server, "kate", PASSWORD)
    page.goto(f"{live_server.url}/stables/apply/private/")
    fill_the_application(page)
    page.get_by_role("button", name="Save the draft").click()
    next_step = page.locator("#next-step")
    expect(next_step).to_contain_text("You submit the application on this page")
    expect(next_step).to_contain_text(
        "You may ask the Northborough Board of Health for a variance (Northborough Horse & "
        f"Stable Regs §8.2) from the rule your answers do not meet, {LOT_LINE}, once the "
        "application is submitted")
    expect(next_step.get_by_role("link")).to_have_count(0)
    assert_accessible(page)

    upload_the_plans(page)
    page.get_by_role("button", name="Submit application").click()
    expect(page.get_by_text("Application submitted")).to_be_visible()
    expect(next_step).to_have_text(re.compile(
        r"will check your documents .* You may ask the Northborough Board of Health for a "
        r"variance .* the permit waits on that rule until a variance is granted\. "
        r"Ask the Board of Health for a variance$"))
    assert_accessible(page)

    next_step.get_by_role("link", name="Ask the Board of Health for a variance").click()
    expect(page.get_by_role("heading", name="Ask the Board of Health for a variance"))\
        .to_be_visible()
    page.get_by_label("The stable is 50 ft or more from abutters' lot lines "
                      "(Northborough Horse & Stable Regs §4.1(a))").check()
    page.get_by_label("What is asked of the Board, and why").fill(
        "Vary the 50 ft lot-line setback for the existing barn, 42 ft from the line.")
    page.get_by_role("button", name="Send the request").click()
    expect(page.get_by_text("Your variance request is before the Board of Health."))\
        .to_be_visible()
    expect(next_step).to_contain_text(
        "The Northborough Board of Health will decide your request for a variance "
        f"(Northborough Horse & Stable Regs §8.2) from the rule {LOT_LINE}; the permit waits "
        "on that rule until a variance is granted, and you will get an e-mail once it is "
        "decided.")
    expect(next_step.get_by_role("link")).to_have_count(0)
    assert_accessible(page)

    sign_variance(variance=Variance.objects.get(), board_member=office["board"], approve=True,
                  conditions="Keep an evergreen screen along the east lot line.",
                  bases="The barn predates the lot line.")
    page.reload()

    expect(next_step).to_contain_text("will check your documents")
    expect(next_step).not_to_contain_text("§4.1(a)")
    expect(next_step).not_to_contain_text("variance")
    assert_accessible(page)
