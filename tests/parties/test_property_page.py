"""The clerk's property page as one place for the property's record: permits with their
term, waivers, inspections, enforcement cases with their open orders, citations with what is
owed, then the town's own panels (Tisbury's septic report, BOH Reg 09.0.8(4)); a fixed number
of queries whatever the place holds."""

from __future__ import annotations

import datetime as dt
import re
from decimal import Decimal

import pytest
import time_machine
from django.urls import reverse

from permits_site.enforcement.services import issue_citation, open_case
from permits_site.licensing.models import ApplicationStatus
from permits_site.licensing.services.payments import record_payment
from tests.factories import (
    ApplicationFactory,
    CaseFactory,
    CitationFactory,
    InspectionFactory,
    InvoiceLineFactory,
    OrderFactory,
    PermitFactory,
    PropertyFactory,
    Role,
    SystemInspectorLicenseFactory,
    UserFactory,
    VarianceFactory,
    local,
    municipality,
    permit_type,
    staff,
)
from tisbury_regs.septic import services as septic_reports

pytestmark = pytest.mark.django_db

#: A Wednesday with Tisbury's offices open; the failed system's 7-day order falls due on
#: Wednesday June 17 (09.1.3(5)).
FILED_ON = dt.date(2026, 6, 10)
HEARING_ORDER_DUE = dt.date(2026, 6, 17)


def on(day: dt.date):
    return time_machine.travel(local(day, 10), tick=False)


@pytest.fixture(autouse=True)
def _filing_day():
    with on(FILED_ON):
        yield


@pytest.fixture
def tisbury_clerk(db):
    return staff(Role.CLERK, "tisbury", first_name="Tess", last_name="Clerk")


@pytest.fixture
def lot(db):
    return PropertyFactory(municipality=municipality("tisbury"), address="12 Beach Road")


def issued_permit(place, code: str = "tisbury.disposal_works", **fields):
    application = ApplicationFactory(permit_type=permit_type(code), place=place,
                                     status=ApplicationStatus.ISSUED)
    return PermitFactory(application=application, place=place,
                         place_address=place.full_address, **fields)


def failed_report(place):
    inspector = UserFactory(first_name="Ian", last_name="Inspector")
    SystemInspectorLicenseFactory(user=inspector, expires_on=dt.date(2027, 6, 30),
                                  granted_on=dt.date(2026, 1, 5))
    return septic_reports.file_report(place=place, owner_name="Olive Owner",
                                      inspected_on=FILED_ON, result="failed",
                                      acting_user=inspector)


def cited_on_the_permit(permit, clerk):
    """A Board of Health case on the permit (filed at its place by default) and its
    $100.00 citation for septic work without a permit (09.6.1), $40.00 of it paid."""
    case = open_case(municipality=permit.municipality, case_type="tisbury.health_violation",
                     party=permit.holder, party_name=permit.holder_name,
                     address=permit.place_address, complaint="Leaching field rebuilt unpermitted",
                     received_on=FILED_ON, permit=permit, acting_user=clerk)
    citation = issue_citation(case=case, offense="septic_work_without_permit", acting_user=clerk)
    record_payment(invoice=citation.invoice, method="cash", reference="R-1",
                   amount=Decimal("40.00"), acting_user=clerk)
    return case, citation


def page_text(client, user, place) -> str:
    client.force_login(user)
    response = client.get(reverse("parties:staff_property", args=[place.pk]))
    assert response.status_code == 200
    return response.content.decode()


def section(text: str, heading_id: str) -> str:
    """The HTML of the page's section labelled by ``heading_id``."""
    match = re.search(rf'<section aria-labelledby="{heading_id}".*?</section>', text, re.S)
    assert match, f"no section {heading_id}"
    return match.group(0)


# -- each record in its own section --------------------------------------------------------


def test_the_page_shows_the_places_permits_waivers_inspections_cases_and_citations(
        client, lot, tisbury_clerk):
    permit = issued_permit(lot)
    waiver = VarianceFactory(application=ApplicationFactory(
        permit_type=permit_type("tisbury.disposal_works"), place=lot,
        status=ApplicationStatus.SUBMITTED))
    visit = InspectionFactory(municipality=municipality("tisbury"), permit=permit,
                              address=lot.full_address, check_code="tisbury.campground")
    report = failed_report(lot)
    case, citation = cited_on_the_permit(permit, tisbury_clerk)

    text = page_text(client, tisbury_clerk, lot)

    permits = section(text, "permits-heading")
    assert permit.number in permits and permit.term_text in permits and "Active" in permits
    assert reverse("licensing:review", args=[permit.application_id]) in permits
    waivers = section(text, "waivers-heading")
    assert f"Waiver #{waiver.pk}" in waivers and "ti.9.7.6.private_well" in waivers
    assert "Requested" in waivers
    assert (f'{reverse("licensing:review", args=[waiver.application_id])}'
            f'#variance-{waiver.pk}-heading') in waivers
    inspections = section(text, "inspections-heading")
    assert reverse("enforcement:inspection", args=[visit.pk]) in inspections
    assert "Scheduled for Wed Jun 10, 2026" in inspections
    cases = section(text, "cases-heading")
    assert reverse("enforcement:case", args=[report.case_id]) in cases
    assert reverse("tisbury_regs:failed_system_case", args=[report.case_id]) in cases
    assert "Failed septic system" in cases and "Comply by Wed Jun 17, 2026" in cases
    assert reverse("enforcement:case", args=[case.pk]) in cases
    assert "Board of Health regulation violation" in cases and permit.number in cases
    citations = section(text, "citations-heading")
    assert reverse("enforcement:citation", args=[citation.pk]) in citations
    assert "$100.00" in citations and "$60.00" in citations and "Due" in citations
    assert "Tisbury BOH Reg 09.6.1" in citations
    assert "Septic inspection" in text  # Tisbury's own panel follows the core's sections
    assert text.index('id="citations-heading"') < text.index('id="septic-heading"')


def test_an_order_reads_overdue_only_after_its_comply_by_day(client, lot, tisbury_clerk):
    failed_report(lot)

    for day, overdue in ((HEARING_ORDER_DUE - dt.timedelta(days=1), False),
                         (HEARING_ORDER_DUE, False),
                         (HEARING_ORDER_DUE + dt.timedelta(days=1), True)):
        with on(day):
            cases = section(page_text(client, tisbury_clerk, lot), "cases-heading")
        assert ("Overdue" in cases) is overdue, day


def test_an_order_complied_with_leaves_the_open_orders(client, lot, tisbury_clerk):
    report = failed_report(lot)
    report.case.orders.update(complied_on=FILED_ON)

    cases = section(page_text(client, tisbury_clerk, lot), "cases-heading")

    assert "Comply by" not in cases and "None" in cases


def test_a_permit_past_its_term_reads_expired(client, lot, tisbury_clerk):
    permit = issued_permit(lot, valid_from=dt.date(2025, 1, 1),
                           valid_through=dt.date(2025, 12, 31))

    permits = section(page_text(client, tisbury_clerk, lot), "permits-heading")

    assert "January 1, 2025 through December 31, 2025" in permits
    assert "Expired" in permits and permit.get_status_display() == "Active"


def test_records_of_other_places_stay_off_the_page(client, lot, tisbury_clerk):
    elsewhere = PropertyFactory(municipality=lot.municipality, address="3 Main Street")
    other_permit = issued_permit(elsewhere)
    failed_report(elsewhere)
    cited_on_the_permit(other_permit, tisbury_clerk)
    InspectionFactory(municipality=lot.municipality, permit=other_permit)
    VarianceFactory(application=ApplicationFactory(
        permit_type=permit_type("tisbury.disposal_works"), place=elsewhere))

    text = page_text(client, tisbury_clerk, lot)

    for heading in ("permits", "waivers", "inspections", "cases", "citations"):
        assert "<p>None.</p>" in section(text, f"{heading}-heading"), heading


def test_an_inspection_a_case_at_the_place_came_from_is_listed(client, lot, tisbury_clerk):
    visit = InspectionFactory(municipality=lot.municipality, address=lot.full_address)
    open_case(municipality=lot.municipality, case_type="tisbury.health_violation", party=None,
              party_name="Olive Owner", address=lot.full_address, complaint="Odour",
              received_on=FILED_ON, inspection=visit, place=lot, acting_user=tisbury_clerk)

    inspections = section(page_text(client, tisbury_clerk, lot), "inspections-heading")

    assert reverse("enforcement:inspection", args=[visit.pk]) in inspections


def test_the_record_is_for_the_towns_clerk(client, lot):
    na_clerk = staff(Role.CLERK, "north_andover")
    inspector = staff(Role.INSPECTOR, "tisbury")
    url = reverse("parties:staff_property", args=[lot.pk])

    client.force_login(na_clerk)
    assert client.get(url).status_code == 404
    client.force_login(inspector)
    assert client.get(url).status_code == 403


# -- a fixed number of queries -------------------------------------------------------------


def fill(place, rows: int) -> None:
    """``rows`` records of each kind about a North Andover place (no town panels)."""
    na = place.municipality
    for _ in range(rows):
        permit = PermitFactory(application__place=place, place=place,
                               place_address=place.full_address)
        VarianceFactory(application=ApplicationFactory(place=place))
        case = CaseFactory(municipality=na, place=place, permit=permit,
                           inspection=InspectionFactory(municipality=na))
        InspectionFactory(municipality=na, permit=permit)
        OrderFactory(case=case, comply_by=dt.date(2026, 6, 1))
        OrderFactory(case=case)
        citation = CitationFactory(case=case)
        InvoiceLineFactory(invoice=citation.invoice, amount=Decimal("50.00"))


@pytest.mark.parametrize("rows", [2, 10])
def test_the_page_runs_a_fixed_number_of_queries(client, clerk, rows,
                                                 django_assert_max_num_queries):
    place = PropertyFactory(municipality=municipality("north_andover"), address="5 Elm Street")
    fill(place, rows)
    client.force_login(clerk)

    # 20 before the owners of record and the town's derived place attributes
    with django_assert_max_num_queries(23):
        response = client.get(reverse("parties:staff_property", args=[place.pk]))

    text = response.content.decode()
    assert text.count("Comply by") == 2 * rows and text.count("⚠</span> Overdue") == rows
    assert section(text, "citations-heading").count("$50.00") == 2 * rows
