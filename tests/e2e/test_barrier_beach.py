"""A resident on the Designated Barrier Beach (Tisbury BOH Reg 09.9.2, 09.9.4(2)): the lot's
zone follows from its parcel, 30-A-4, which no one types as a zone; a disposal works
application for a new system there is refused naming 09.9.4(2) on the saved draft (the form's
preview says the findings that read the property's records show there). Every page state is
checked with axe."""

from __future__ import annotations

import datetime as dt
import re

import time_machine
from playwright.sync_api import Page, expect

from permits_site.licensing.models import Application
from permits_site.parties.models import Property
from tests.e2e.conftest import assert_accessible, sign_in
from tests.factories import PASSWORD, UserFactory
from tests.rules.test_tisbury_rules import COASTAL_SEPTIC_OK
from tisbury_regs.rules import DISPOSAL_WORKS_CHECK, ZONE_FACT

JUNE_3_2030 = dt.datetime(2030, 6, 3, 9, 0)
SECTION = "Tisbury BOH Reg 09.9.4(2)"


def add_the_lot(page: Page, live_server) -> None:
    page.goto(f"{live_server.url}/properties/new/?town=tisbury")
    expect(page.locator("[name=zone]")).to_have_count(0)
    expect(page.get_by_text("Designated Barrier Beach list")).to_be_visible()
    assert_accessible(page)
    page.get_by_label("Street address").fill("4 Beach Road")
    page.get_by_label("Assessors' parcel (optional)").fill("30-A-4")
    page.get_by_role("button", name="Add the property").click()
    expect(page.get_by_text("4 Beach Road, Tisbury is added to your properties")).to_be_visible()
    expect(page.get_by_text("Barrier beach").first).to_be_visible()
    assert_accessible(page)


def answer_the_septic_questions(page: Page) -> None:
    """The plan's figures and answers, a new system among them; no zone is asked."""
    expect(page.locator(f"[name={ZONE_FACT.name}]")).to_have_count(0)
    facts = DISPOSAL_WORKS_CHECK.fact_map
    for name, value in {**COASTAL_SEPTIC_OK, "new_system": True}.items():
        if name == ZONE_FACT.name:
            continue
        label = facts[name].label
        if isinstance(value, bool):
            page.get_by_role("group", name=label).get_by_label(
                "Yes" if value else "No", exact=True).check()
        else:
            page.get_by_label(re.compile(f"^{re.escape(label)}")).fill(str(value))


def test_a_new_system_on_lot_30_a_4_is_refused_naming_09_9_4_2(page: Page, live_server):
    with time_machine.travel(JUNE_3_2030, tick=True):
        UserFactory(username="bea", first_name="Bea", last_name="Beach")
        sign_in(page, live_server, "bea", PASSWORD)
        add_the_lot(page, live_server)

        page.goto(f"{live_server.url}/apply/tisbury.disposal_works/")
        assert_accessible(page)
        page.get_by_label("The property", exact=True).select_option(
            label="4 Beach Road, Tisbury")
        answer_the_septic_questions(page)
        # The zone derived from lot 30-A-4 judges the answers live, before anything is saved.
        expect(page.locator('#rules-preview [data-rule="ti.9.4.2.bb_new"]')).to_contain_text(
            "Blocks the permit")
        assert_accessible(page)

        page.get_by_role("button", name="Save the draft").click()
        expect(page.get_by_text("Draft saved")).to_be_visible()
        expect(page.get_by_text("No new septic system is permitted on the Designated Barrier "
                                "Beach").first).to_be_visible()
        expect(page.get_by_text(SECTION).first).to_be_visible()
        assert_accessible(page)

    application = Application.objects.get(applicant__username="bea")
    assert "zone" not in application.facts and "zone" not in application.details
    assert Property.objects.get().attributes == {}
