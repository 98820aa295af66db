"""A food service renewal surcharged from the holder's record in the browser (Tisbury BOH Reg
09.5.1): the business was cited in March for a critical violation (classified
``citation_critical``); in June its member renews from "My permits", the invoice carries the
100 % compliance surcharge naming that citation, and the Board's clerk sees the record, with
its link, on the review screen before anything is issued. The town's administrator classifies
an order to correct violations on the order's page (09.1.4). A consumer's complaint the
Board's inspector determines as validated surcharges the renewal by a quarter (09.5.1): the
determination must say whether it was, and the clerk follows the record's link back to the
case. Every page is checked with axe."""

from __future__ import annotations

import datetime as dt
import re

import pytest
import time_machine
from django.utils import timezone
from playwright.sync_api import Page, expect

from permits_site.enforcement.services import issue_citation, issue_order, open_case
from permits_site.licensing.models import Application
from permits_site.licensing.services.applications import submit_application
from permits_site.parties.services import create_business
from tests.e2e.conftest import assert_accessible, sign_in
from tests.factories import PASSWORD, PermitFactory, Role, UserFactory, municipality, staff
from tests.factories import permit_type as seeded_type
from tests.tisbury.support import SAMPLE, with_required_documents

FOOD = "tisbury.food_service"
CITED_ON = dt.datetime(2026, 3, 2, 10, 0)
WAIVER_ANSWERS = dict.fromkeys(("sells_retail_products", "rents_kitchen_commercially",
                                "occasional_benefit", "fee_waiver_requested"), False)


def harbor_diner_with_this_years_food_permit():
    """Fern's diner, holding the food service permit that runs to June 30 (09.5)."""
    owner = UserFactory(username="fern", first_name="Fern", last_name="Owner")
    diner = create_business(legal_name="Harbor Diner Inc.", kind="corporation",
                            mailing_address="4 Main Street, Tisbury", acting_user=owner)
    permit = PermitFactory(application__permit_type=seeded_type(FOOD),
                           application__applicant=owner, application__business=diner,
                           application__details=WAIVER_ANSWERS, holder_business=diner,
                           holder_name=diner.legal_name, valid_from=dt.date(2025, 7, 1),
                           valid_through=dt.date(2026, 6, 30))
    return owner, diner, permit


@pytest.fixture
def diner_with_a_critical_citation(db):
    """Fern's diner holds this year's food service permit and was cited on March 2."""
    _owner, diner, permit = harbor_diner_with_this_years_food_permit()
    officer = staff(Role.INSPECTOR, "tisbury")
    with time_machine.travel(CITED_ON, tick=False):
        case = open_case(municipality=municipality("tisbury"), case_type="tisbury.health_violation",
                         party=None, party_business=diner, party_name=diner.legal_name,
                         address="4 Main Street", complaint="Cold-holding at 55 °F.",
                         received_on=timezone.localdate(), acting_user=officer)
        citation = issue_citation(case=case, offense="state_sanitary_code",
                                  surcharge_event="citation_critical", acting_user=officer)
    return diner, permit, citation


def test_a_food_renewal_carries_the_surcharge_of_last_spring_s_critical_citation(
        page: Page, live_server, diner_with_a_critical_citation):
    diner, permit, citation = diner_with_a_critical_citation
    staff(Role.CLERK, "tisbury", username="tess", first_name="Tess", last_name="Clerk")
    named = (f"Compliance surcharge, 100% of the base fee: citation #{citation.pk} of March 2, "
             "2026 — citation/order letter for critical violations")

    sign_in(page, live_server, "fern", PASSWORD)
    page.goto(f"{live_server.url}/dashboard/")
    assert_accessible(page)
    page.get_by_role("link", name=f"Renew {permit.number}").click()
    expect(page.get_by_label("The business that is to hold the permit")).to_have_value(
        str(diner.pk))
    assert_accessible(page)
    page.get_by_label("Certificate of the certified food protection manager").set_input_files(
        SAMPLE)
    page.get_by_label("Allergen-awareness training certificate").set_input_files(SAMPLE)
    page.get_by_role("button", name="Save the draft").click()
    expect(page.get_by_text("Draft saved")).to_be_visible()
    assert_accessible(page)
    page.get_by_role("button", name="Submit application").click()
    expect(page.get_by_text("Application submitted")).to_be_visible()
    expect(page.get_by_text(named)).to_be_visible()
    expect(page.get_by_text("$300.00").first).to_be_visible()
    assert_accessible(page)

    renewal = Application.objects.get(business=diner, action="renewal")
    line = renewal.invoices.get().lines.get(code="compliance_surcharge")
    assert (line.description, line.percent, line.citation) == (
        named, 100, "Tisbury BOH Reg 09.5.1")

    page.context.clear_cookies()
    sign_in(page, live_server, "tess", PASSWORD)
    page.goto(f"{live_server.url}/staff/applications/{renewal.pk}/")
    record = page.get_by_role("region", name="Compliance surcharge record")
    expect(record).to_contain_text("citation/order letter for critical violations: 100%")
    expect(record).to_contain_text("Surcharge today: 100% of the base fee.")
    expect(page.get_by_text(named)).to_be_visible()
    assert_accessible(page)
    record.get_by_role("link", name=f"Citation #{citation.pk} of March 2, 2026").click()
    expect(page.get_by_role("heading", level=1)).to_contain_text(re.compile(r"[Cc]itation"))
    assert_accessible(page)


def test_the_administrator_classifies_an_order_to_correct_violations(page: Page, live_server):
    hauler_owner = UserFactory()
    hauler = create_business(legal_name="Island Hauling LLC", kind="llc",
                             mailing_address="1 Main Street", acting_user=hauler_owner)
    officer = staff(Role.INSPECTOR, "tisbury")
    staff(Role.ADMIN, "tisbury", username="ada", first_name="Ada", last_name="Admin")
    case = open_case(municipality=municipality("tisbury"), case_type="tisbury.health_violation",
                     party=None, party_business=hauler, party_name=hauler.legal_name,
                     address="1 Main Street", complaint="Septage spilled at the curb.",
                     received_on=timezone.localdate(), acting_user=officer)
    order = issue_order(case=case, text="Clean the spill and disinfect the curb.",
                        citation="Tisbury BOH Reg 09.1.4", comply_within_days=7,
                        acting_user=officer)

    sign_in(page, live_server, "ada", PASSWORD)
    page.goto(f"{live_server.url}/enforcement/orders/{order.pk}/surcharge/")
    expect(page.get_by_text("None recorded.")).to_be_visible()
    assert_accessible(page)
    page.get_by_role("combobox", name="Surcharge event").select_option("citation_order")
    page.get_by_role("button", name="Record").click()
    expect(page.get_by_text("Say why the order is classified so.").first).to_be_visible()
    assert_accessible(page)
    page.get_by_role("textbox", name="Reason").fill("An order to correct violations of 09.1.4.")
    page.get_by_role("button", name="Record").click()
    expect(page.get_by_text("Surcharge event recorded.")).to_be_visible()
    expect(page.get_by_text("Now: citation/order to correct violations")).to_be_visible()
    assert_accessible(page)
    assert [row.event for row in order.surcharge_classifications.all()] == ["citation_order"]


@pytest.fixture
def complaint_against_a_diner(db):
    """A consumer's complaint against Fern's diner, which holds this year's food permit."""
    owner, diner, permit = harbor_diner_with_this_years_food_permit()
    inspector = staff(Role.INSPECTOR, "tisbury", username="ivy", first_name="Ivy",
                      last_name="Inspector")
    case = open_case(municipality=municipality("tisbury"), case_type="tisbury.health_violation",
                     party=None, party_business=diner, party_name=diner.legal_name,
                     address="4 Main Street", complaint="Sick after the chowder.",
                     complainant="A diner", received_on=timezone.localdate(),
                     acting_user=inspector)
    return owner, permit, case


def test_a_validated_complaint_surcharges_the_food_renewal_by_a_quarter(
        page: Page, live_server, complaint_against_a_diner):
    owner, permit, case = complaint_against_a_diner
    named = f"Validated complaint, case #{case.pk} of June 10, 2026"

    sign_in(page, live_server, "ivy", PASSWORD)
    page.goto(f"{live_server.url}/enforcement/cases/{case.pk}/")
    assert_accessible(page)
    determination = page.locator("#determine-section")
    determination.get_by_label("Finding and determination").fill(
        "The walk-in cooler held the chowder at 50 °F.")
    determination.get_by_role("button", name="Record determination").click()
    expect(page.get_by_text("Say whether the complaint was validated: yes or no.").first
           ).to_be_visible()
    assert_accessible(page)
    determination = page.locator("#determine-section")
    determination.get_by_role("group", name="Was the complaint validated?").get_by_label(
        "Yes", exact=True).check()
    determination.get_by_role("button", name="Record determination").click()
    expect(page.get_by_text("Determination recorded.")).to_be_visible()
    expect(page.get_by_text("Complaint validated: yes")).to_be_visible()
    assert_accessible(page)

    renewal = submit_application(application=with_required_documents(Application.objects.create(
        municipality=permit.municipality, permit_type=permit.permit_type, action="renewal",
        applicant=owner, business=permit.holder_business, previous_permit=permit,
        details=WAIVER_ANSWERS)), acting_user=owner)
    line = renewal.invoices.get().lines.get(code="compliance_surcharge")
    assert (line.percent, line.citation) == (25, "Tisbury BOH Reg 09.5.1")

    page.context.clear_cookies()
    staff(Role.CLERK, "tisbury", username="tess", first_name="Tess", last_name="Clerk")
    sign_in(page, live_server, "tess", PASSWORD)
    page.goto(f"{live_server.url}/staff/applications/{renewal.pk}/")
    record = page.get_by_role("region", name="Compliance surcharge record")
    expect(record).to_contain_text("validated consumer complaints: 25%")
    expect(record).to_contain_text("Surcharge today: 25% of the base fee.")
    assert_accessible(page)
    record.get_by_role("link", name=named).click()
    expect(page.get_by_role("heading", level=1)).to_have_text(
        f"Case #{case.pk}: Harbor Diner Inc.")
    expect(page.get_by_text("Complaint validated: yes")).to_be_visible()
    assert_accessible(page)
