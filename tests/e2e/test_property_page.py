"""A property's whole record on one page, in a real browser, on a desktop and a phone.

Tisbury's clerk opens 12 Beach Road: its disposal works permit with its term; a waiver
asked of the Board (09.0.3); the permit's inspection; the failed septic report filed on
Wednesday June 10, 2026, whose failed-system case carries the engineer's report order due
Wednesday June 17 (09.1.3(5)) and the upgrade order (09.0.8(8)); and a Board of Health case
on the permit with its $100.00 citation for septic work without a permit (09.6.1), $40.00
of it paid. The clerk follows the link to the failed-system case. Every page is checked
with axe."""

from __future__ import annotations

import datetime as dt
import re
from decimal import Decimal

import pytest
from playwright.sync_api import Page, expect

from permits_site.enforcement.services import issue_citation, open_case
from permits_site.licensing.models import ApplicationStatus
from permits_site.licensing.services.payments import record_payment
from tests.e2e.conftest import assert_accessible, sign_in
from tests.factories import (
    PASSWORD,
    ApplicationFactory,
    InspectionFactory,
    PermitFactory,
    PropertyFactory,
    Role,
    SystemInspectorLicenseFactory,
    UserFactory,
    VarianceFactory,
    municipality,
    permit_type,
    staff,
)
from tisbury_regs.septic import services as septic_reports


@pytest.fixture
def lot(db):
    """12 Beach Road with a permit, a waiver asked, an inspection, a failed septic report and
    a citation on the permit's case."""
    tisbury = municipality("tisbury")
    clerk = staff(Role.CLERK, "tisbury", username="tess", first_name="Tess",
                  last_name="Clerk")
    place = PropertyFactory(municipality=tisbury, address="12 Beach Road")
    disposal_works = permit_type("tisbury.disposal_works")
    permit = PermitFactory(
        application=ApplicationFactory(permit_type=disposal_works, place=place,
                                       status=ApplicationStatus.ISSUED),
        place=place, place_address=place.full_address, number="DW-2026-0001")
    VarianceFactory(application=ApplicationFactory(permit_type=disposal_works, place=place,
                                                   status=ApplicationStatus.SUBMITTED))
    InspectionFactory(municipality=tisbury, permit=permit, address=place.full_address,
                      check_code="tisbury.campground")
    inspector = UserFactory(first_name="Ian", last_name="Inspector")
    SystemInspectorLicenseFactory(user=inspector)
    septic_reports.file_report(place=place, owner_name="Olive Owner",
                               inspected_on=dt.date(2026, 6, 10), result="failed",
                               acting_user=inspector)
    case = open_case(municipality=tisbury, case_type="tisbury.health_violation",
                     party=permit.holder, party_name=permit.holder_name,
                     address=place.full_address, complaint="Leaching field rebuilt unpermitted",
                     received_on=dt.date(2026, 6, 10), permit=permit, acting_user=clerk)
    citation = issue_citation(case=case, offense="septic_work_without_permit", acting_user=clerk)
    record_payment(invoice=citation.invoice, method="cash", reference="R-1",
                   amount=Decimal("40.00"), acting_user=clerk)
    return place


def open_the_property(page: Page, live_server, place) -> None:
    sign_in(page, live_server, "tess", PASSWORD)
    page.goto(f"{live_server.url}/staff/properties/{place.pk}/")
    expect(page.get_by_role("heading", level=1)).to_contain_text("12 Beach Road")


def test_the_clerk_sees_the_whole_record_and_follows_the_failed_systems_case(
        page, live_server, lot):
    open_the_property(page, live_server, lot)

    permits = page.get_by_role("region", name="Permits issued here")
    expect(permits).to_contain_text("DW-2026-0001")
    expect(permits).to_contain_text("through")
    expect(permits).to_contain_text("Active")
    waivers = page.get_by_role("region", name="Waivers and variances")
    expect(waivers).to_contain_text("ti.9.7.6.private_well")
    expect(waivers).to_contain_text("Requested")
    inspections = page.get_by_role("region", name="Inspections")
    expect(inspections).to_contain_text("Scheduled for Wed Jun 10, 2026")
    cases = page.get_by_role("region", name="Enforcement cases")
    failed_system = cases.get_by_role("row").filter(has_text="Failed septic system")
    expect(failed_system).to_contain_text("Comply by Wed Jun 17, 2026")
    expect(failed_system).to_contain_text("Upgrade the failed septic system")
    expect(cases.get_by_role("row").filter(has_text="Board of Health regulation violation")
           ).to_contain_text("None")
    citations = page.get_by_role("region", name="Citations")
    expect(citations).to_contain_text("Alteration or repair of a septic system")
    expect(citations).to_contain_text("$100.00")
    expect(citations).to_contain_text("$60.00")
    expect(page.get_by_role("region", name="Septic inspection")).to_contain_text("Failed")
    assert_accessible(page)

    failed_system.get_by_role("link", name=re.compile(r"^Case #\d+$")).click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Case #")
    expect(page.get_by_text("Upgrade the failed septic system").first).to_be_visible()
    assert_accessible(page)


def test_the_record_reads_on_a_phone(phone_page, live_server, lot):
    open_the_property(phone_page, live_server, lot)

    phone_page.get_by_role("navigation", name="On this page").get_by_role(
        "link", name="Cases (2)").click()
    expect(phone_page.get_by_role("heading", name="Enforcement cases")).to_be_in_viewport()
    assert_accessible(phone_page)
