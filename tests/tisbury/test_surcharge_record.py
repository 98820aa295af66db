"""Compliance surcharges at a food service or septage handler renewal, derived from the
holder's record (Tisbury BOH Reg 09.1.4, 09.5.1): the highest level, never the sum; the fee
line names the records that set it; an admin's reclassification changes the next invoice, a
paid invoice never changes; the clerk's review screen shows the record; pro-rating never
touches the surcharge (09.5, Policy Statements)."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest
import time_machine
from django.utils import timezone

from permits_site.enforcement.services import determine, issue_citation, open_case
from permits_site.enforcement.services.dispositions import classify_surcharge
from permits_site.enforcement.surcharge_record import RecordedEvent
from permits_site.licensing.models import Application, Invoice, Permit
from permits_site.licensing.services.applications import (
    current_invoice,
    request_changes,
    submit_application,
)
from permits_site.licensing.services.payments import record_payment
from permits_site.licensing.services.permits import change_permit_status
from tests.factories import (
    PASSWORD,
    BusinessFactory,
    BusinessMemberFactory,
    PermitFactory,
    Role,
    UserFactory,
    municipality,
    permit_type,
    staff,
)
from tests.tisbury.support import with_required_documents
from tisbury_regs.fines import FOOD_SURCHARGES
from tisbury_regs.permits.fees import LINE_LENGTH, compliance_surcharge

pytestmark = pytest.mark.django_db

FOOD = "tisbury.food_service"
SEPTAGE = "tisbury.septage_handler"
CITED_ON = dt.date(2030, 3, 4)


def at(day: dt.date):
    return time_machine.travel(dt.datetime.combine(day, dt.time(10, 0)), tick=False)


def recorded(code: str, day: int, what: str = "citation #7") -> RecordedEvent:
    return RecordedEvent(code, dt.date(2030, 3, day), what, "Tisbury BOH Reg 09.5.4",
                         "/enforcement/citations/7/")


# -- the level (pure) -------------------------------------------------------------------------


def test_the_record_s_highest_level_is_charged_and_the_line_names_what_set_it():
    record = (recorded("late_renewal", 1, "renewal application #3"),
              recorded("citation_critical", 2), recorded("trash_violation", 3, "citation #9"))

    line = compliance_surcharge(Decimal("150.00"), tuple(event.code for event in record),
                                FOOD_SURCHARGES, record=record)

    assert (line.amount, line.percent, line.citation) == (
        Decimal("150.00"), 100, "Tisbury BOH Reg 09.5.1")
    assert line.description == (
        "Compliance surcharge, 100% of the base fee: citation #7 of March 2, 2030 — "
        "citation/order letter for critical violations")


def test_records_sharing_the_highest_level_are_counted_in_the_line():
    record = tuple(recorded("citation_noncritical", day, f"citation #{day}")
                   for day in range(1, 4))

    line = compliance_surcharge(Decimal("150.00"), ("citation_noncritical",) * 3,
                                FOOD_SURCHARGES, record=record)

    assert line.amount == Decimal("75.00")
    assert line.description.endswith("(and 2 more)")
    assert len(line.description) <= LINE_LENGTH


# -- the renewal invoice ----------------------------------------------------------------------


@pytest.fixture
def officer(db):
    return staff(Role.INSPECTOR, "tisbury")


@pytest.fixture
def admin(db):
    return staff(Role.ADMIN, "tisbury")


@pytest.fixture
def owner(db):
    return UserFactory(username="fern", first_name="Fern", last_name="Owner")


@pytest.fixture
def diner(owner):
    business = BusinessFactory(legal_name="Harbor Diner Inc.", created_by=owner)
    BusinessMemberFactory(business=business, user=owner)
    return business


def held_permit(business, code: str = FOOD) -> Permit:
    return PermitFactory(application__permit_type=permit_type(code),
                         application__business=business, holder_business=business,
                         holder_name=business.legal_name, valid_from=dt.date(2030, 1, 1),
                         valid_through=dt.date(2030, 12, 31))


def cited(business, officer, event: str, *, day: dt.date = CITED_ON):
    with at(day):
        case = open_case(municipality=municipality("tisbury"), case_type="tisbury.health_violation",
                         party=None, party_business=business, party_name=business.legal_name,
                         address="4 Main Street", complaint="Seen by the officer.",
                         received_on=timezone.localdate(), acting_user=officer)
        return issue_citation(case=case, offense="state_sanitary_code", surcharge_event=event,
                              acting_user=officer)


def application_for(permit: Permit, owner, action: str = "renewal", **details) -> Application:
    return Application.objects.create(
        municipality=permit.municipality, permit_type=permit.permit_type, action=action,
        applicant=owner, business=permit.holder_business,
        previous_permit=permit if action == "renewal" else None,
        details={"fee_waiver_requested": False, **details})


def submitted(application: Application, owner) -> Invoice:
    submit_application(application=with_required_documents(application), acting_user=owner)
    return current_invoice(application)


def lines_of(invoice: Invoice) -> list[tuple[str, Decimal, int | None]]:
    return [(line.code, line.amount, line.percent) for line in invoice.lines.all()]


def surcharge_line(invoice: Invoice):
    return invoice.lines.get(code="compliance_surcharge")


def test_a_food_renewal_is_invoiced_the_surcharge_of_a_critical_violation_citation(
        owner, diner, officer):
    citation = cited(diner, officer, "citation_critical")

    invoice = submitted(application_for(held_permit(diner), owner), owner)

    assert lines_of(invoice) == [("renewal", Decimal("150.00"), None),
                                 ("compliance_surcharge", Decimal("150.00"), 100)]
    line = surcharge_line(invoice)
    assert line.description == (
        f"Compliance surcharge, 100% of the base fee: citation #{citation.pk} of March 4, "
        "2030 — citation/order letter for critical violations")
    assert line.citation == "Tisbury BOH Reg 09.5.1"


def test_the_highest_of_the_record_s_events_is_charged_not_their_sum(
        owner, diner, officer, admin):
    permit = held_permit(diner)
    cited(diner, officer, "citation_noncritical")
    with at(dt.date(2030, 4, 1)):
        change_permit_status(permit=permit, change="suspend", reason="Sewage backup.",
                             acting_user=admin)
        change_permit_status(permit=permit, change="reinstate", reason="Repaired.",
                             acting_user=admin)

    invoice = submitted(application_for(permit, owner), owner)

    assert invoice.total == Decimal("450.00")
    assert f"suspension of permit {permit.number} of April 1, 2030" in (
        surcharge_line(invoice).description)


def complained_of(business, officer, *, validated: bool = True, day: dt.date = CITED_ON):
    """A consumer's complaint against the business, determined on ``day``."""
    with at(day):
        case = open_case(municipality=municipality("tisbury"), case_type="tisbury.health_violation",
                         party=None, party_business=business, party_name=business.legal_name,
                         address="4 Main Street", complaint="Sick after the chowder.",
                         received_on=timezone.localdate(), acting_user=officer)
        return determine(case=case, determination="The walk-in cooler was at 50 °F.",
                         complaint_validated=validated, acting_user=officer)


def test_a_validated_consumer_complaint_raises_a_food_renewal_by_a_quarter(
        owner, diner, officer):
    case = complained_of(diner, officer)

    invoice = submitted(application_for(held_permit(diner), owner), owner)

    assert lines_of(invoice) == [("renewal", Decimal("150.00"), None),
                                 ("compliance_surcharge", Decimal("37.50"), 25)]
    line = surcharge_line(invoice)
    assert line.description == (
        f"Compliance surcharge, 25% of the base fee: validated complaint, case #{case.pk} of "
        "March 4, 2030 — validated consumer complaints")
    assert line.citation == "Tisbury BOH Reg 09.5.1"


#: The renewal is submitted on June 3, 2030: the past year runs from June 4, 2029.
@pytest.mark.parametrize(("day", "counts"), [
    (dt.date(2029, 6, 2), False),
    (dt.date(2029, 6, 3), False),
    (dt.date(2029, 6, 4), True),
    (dt.date(2030, 6, 3), True),
])
def test_a_validated_complaint_counts_only_within_the_twelve_months(
        owner, diner, officer, day, counts):
    complained_of(diner, officer, day=day)

    invoice = submitted(application_for(held_permit(diner), owner), owner)

    assert invoice.total == (Decimal("187.50") if counts else Decimal("150.00"))


def test_a_complaint_not_validated_or_against_another_business_raises_nothing(
        owner, diner, officer):
    complained_of(diner, officer, validated=False)
    complained_of(BusinessFactory(), officer)

    invoice = submitted(application_for(held_permit(diner), owner), owner)

    assert lines_of(invoice) == [("renewal", Decimal("150.00"), None)]


def test_a_new_permit_carries_no_surcharge_whatever_the_record(owner, diner, officer):
    cited(diner, officer, "citation_critical")

    invoice = submitted(application_for(held_permit(diner), owner, action="new"), owner)

    assert [code for code, _, _ in lines_of(invoice)] == ["new"]


def test_a_renewal_with_a_clean_record_pays_the_base_fee(owner, diner, officer):
    cited(BusinessFactory(), officer, "citation_critical")
    cited(diner, officer, "citation_critical", day=dt.date(2029, 6, 3))

    invoice = submitted(application_for(held_permit(diner), owner), owner)

    assert lines_of(invoice) == [("renewal", Decimal("150.00"), None)]


def test_details_typed_by_the_applicant_cannot_set_the_surcharge(owner, diner):
    application = application_for(held_permit(diner), owner,
                                  surcharge_events=["suspension_revocation"])

    assert lines_of(submitted(application, owner)) == [("renewal", Decimal("150.00"), None)]


def test_a_septage_renewal_counts_only_its_own_schedule_s_events(owner, officer):
    hauler = BusinessFactory(legal_name="Island Hauling LLC", created_by=owner)
    BusinessMemberFactory(business=hauler, user=owner)
    cited(hauler, officer, "citation_critical")
    order = cited(hauler, officer, "citation_order", day=dt.date(2030, 3, 5))

    invoice = submitted(application_for(held_permit(hauler, SEPTAGE), owner), owner)

    line = surcharge_line(invoice)
    assert (line.percent, line.citation) == (100, "Tisbury BOH Reg 09.1.4")
    assert f"citation #{order.pk} of March 5, 2030" in line.description


def test_an_admin_s_reclassification_changes_the_next_invoice(owner, diner, officer, admin):
    citation = cited(diner, officer, "citation_critical")
    application = application_for(held_permit(diner), owner)
    first = submitted(application, owner)

    classify_surcharge(citation=citation, event="citation_noncritical", acting_user=admin,
                       reason="Non-critical per the inspection report.")
    request_changes(application=application, message="Renew with the corrected record.",
                    acting_user=admin)
    second = submitted(application, owner)

    first.refresh_from_db()
    assert first.status == "void"
    assert surcharge_line(first).percent == 100
    assert (surcharge_line(second).percent, second.total) == (50, Decimal("225.00"))


def test_a_paid_invoice_never_changes(owner, diner, officer, admin):
    clerk = staff(Role.CLERK, "tisbury")
    citation = cited(diner, officer, "citation_critical")
    application = application_for(held_permit(diner), owner)
    invoice = submitted(application, owner)
    record_payment(invoice=invoice, method="check", reference="CHK-1", amount=invoice.total,
                   acting_user=clerk)
    paid_lines = lines_of(invoice)

    classify_surcharge(citation=citation, event="", acting_user=admin,
                       reason="Cited in error.")
    request_changes(application=application, message="Correct the address.", acting_user=admin)
    again = submitted(application, owner)

    assert again == invoice
    assert lines_of(again) == paid_lines == [("renewal", Decimal("150.00"), None),
                                             ("compliance_surcharge", Decimal("150.00"), 100)]


def test_pro_rating_reduces_the_base_fee_never_the_record_s_surcharge(owner, diner, officer):
    cited(diner, officer, "citation_critical", day=dt.date(2030, 9, 2))
    application = application_for(held_permit(diner), owner, fee_waiver_requested=True)

    with at(dt.date(2030, 10, 7)):
        invoice = submitted(application, owner)

    assert lines_of(invoice) == [("renewal", Decimal("150.00"), None),
                                 ("compliance_surcharge", Decimal("150.00"), 100),
                                 ("proration", Decimal("-112.50"), 25)]


# -- the clerk's review screen ----------------------------------------------------------------


def test_the_review_screen_lists_the_record_with_links_and_the_level(
        client, owner, diner, officer):
    staff(Role.CLERK, "tisbury", username="tess")
    citation = cited(diner, officer, "citation_critical")
    application = application_for(held_permit(diner), owner)
    submitted(application, owner)
    client.login(username="tess", password=PASSWORD)

    page = client.get(f"/staff/applications/{application.pk}/").content.decode()

    assert "Compliance surcharge record" in page
    assert f'href="/enforcement/citations/{citation.pk}/"' in page
    assert "Surcharge today: 100% of the base fee." in page
    assert "Tisbury BOH Reg 09.5.1" in page


def test_the_review_screen_of_a_new_application_shows_no_surcharge_record(
        client, owner, diner):
    staff(Role.CLERK, "tisbury", username="tess")
    application = application_for(held_permit(diner), owner, action="new")
    submitted(application, owner)
    client.login(username="tess", password=PASSWORD)

    page = client.get(f"/staff/applications/{application.pk}/").content.decode()

    assert "Compliance surcharge record" not in page
