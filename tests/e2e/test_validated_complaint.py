"""A validated consumer complaint in the browser (Tisbury BOH Reg 09.5.1): the Board's
inspector determines a complaint against a diner on the case page, where the determination
must say whether the complaint was validated; the diner's food service renewal then carries
the 25 % compliance surcharge naming the case, and the Board's clerk follows the record's
link from the review screen back to the case. Every page is checked with axe."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone
from playwright.sync_api import Page, expect

from permits_site.enforcement.services import open_case
from permits_site.licensing.models import Application
from permits_site.licensing.services.applications import submit_application
from permits_site.parties.services import create_business
from tests.e2e.conftest import assert_accessible, sign_in
from tests.factories import PASSWORD, PermitFactory, Role, UserFactory, municipality, staff
from tests.factories import permit_type as seeded_type

FOOD = "tisbury.food_service"
WAIVER_ANSWERS = dict.fromkeys(("sells_retail_products", "rents_kitchen_commercially",
                                "occasional_benefit", "fee_waiver_requested"), False)


@pytest.fixture
def complaint_against_a_diner(db):
    """A consumer's complaint against Fern's diner, which holds this year's food permit."""
    owner = UserFactory(username="fern", first_name="Fern", last_name="Owner")
    diner = create_business(legal_name="Harbor Diner Inc.", kind="corporation",
                            mailing_address="4 Main Street, Tisbury", acting_user=owner)
    permit = PermitFactory(application__permit_type=seeded_type(FOOD),
                           application__applicant=owner, application__business=diner,
                           application__details=WAIVER_ANSWERS, holder_business=diner,
                           holder_name=diner.legal_name, valid_from=dt.date(2025, 7, 1),
                           valid_through=dt.date(2026, 6, 30))
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

    renewal = submit_application(application=Application.objects.create(
        municipality=permit.municipality, permit_type=permit.permit_type, action="renewal",
        applicant=owner, business=permit.holder_business, previous_permit=permit,
        details=WAIVER_ANSWERS), acting_user=owner)
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
