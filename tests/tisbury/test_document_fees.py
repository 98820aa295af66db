"""Document fees (Tisbury BOH Reg 09.0.5): "The Board may charge for documents, including
regulations … they shall not exceed the actual cost of acquisition." The prices are a seeded
schedule the admin confirms; the clerk charges at the counter, each invoice line naming 09.0.5,
on the page ("Charge for documents", linked from the queue) and through the API."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest
from django.utils import timezone

from permits_site.audit.models import AuditEntry
from permits_site.exceptions import DomainError, PermissionDenied
from permits_site.licensing.adoption import Adoption
from permits_site.licensing.kinds import applied_for
from permits_site.licensing.models import FeeSchedule, Invoice, PermitType
from permits_site.licensing.page_registry import queue_links
from permits_site.licensing.services.fees import (
    create_fee_schedule_version,
    schedule_in_force,
)
from tests.factories import Role, UserFactory, permit_type, staff
from tests.tisbury.support import TODAY, client_for
from tisbury_regs.catalogue import DOCUMENT_FEES_CODE
from tisbury_regs.documents import services

pytestmark = pytest.mark.django_db

SECTION = "Tisbury BOH Reg 09.0.5"
#: The Board amends its fee schedules after notice and hearing (09.0.4).
HEARD = Adoption(notice_given_on=TODAY - dt.timedelta(days=14), hearing_held_on=TODAY)


def documents_sold():
    return Invoice.objects.filter(fee_schedule__permit_type__code=DOCUMENT_FEES_CODE)


def test_document_prices_are_seeded_for_the_admin_to_confirm_0905():
    schedule = schedule_in_force(permit_type(DOCUMENT_FEES_CODE), TODAY)
    assert schedule.seeded is True
    assert {item.code for item in schedule.items.all()} == {
        "copy_page", "plan_sheet", "regulations"}
    assert {item.citation for item in schedule.items.all()} == {SECTION}


def test_document_fees_are_never_applied_for_0905():
    town_types = PermitType.objects.filter(municipality__code="tisbury")
    assert not applied_for(town_types).filter(code=DOCUMENT_FEES_CODE).exists()


def test_clerk_charges_copies_at_todays_prices_each_line_naming_0905(clerk):
    invoice = services.charge_for_documents(
        quantities={"copy_page": 12, "regulations": 1}, acting_user=clerk)
    lines = list(invoice.lines.all())
    assert [(line.code, line.amount, line.citation) for line in lines] == [
        ("copy_page", Decimal("0.60"), SECTION), ("regulations", Decimal("5.00"), SECTION)]
    assert lines[0].description == "Copy of a record, per page: 12 × $0.05"
    assert invoice.total == Decimal("5.60")
    assert invoice.status == "open" and invoice.payer is None
    assert AuditEntry.objects.filter(action="documents.charged", object_id=invoice.pk).exists()


def test_confirmed_prices_replace_the_seeded_ones_0905(clerk):
    admin = staff(Role.ADMIN, "tisbury")
    create_fee_schedule_version(
        permit_type=permit_type(DOCUMENT_FEES_CODE), effective_from=TODAY,
        amounts={"copy_page": Decimal("0.10"), "plan_sheet": Decimal("3.00"),
                 "regulations": Decimal("4.00")}, acting_user=admin, adoption=HEARD)
    invoice = services.charge_for_documents(quantities={"copy_page": 3}, acting_user=clerk)
    assert invoice.total == Decimal("0.30")


def test_a_sale_at_the_counter_is_paid_in_full(clerk):
    invoice = services.sell_documents(quantities={"plan_sheet": 2}, method="cash",
                                      reference="R-100", acting_user=clerk)
    assert invoice.status == "paid"
    assert invoice.amount_paid() == Decimal("4.00")


@pytest.mark.parametrize(("quantities", "field"), [
    ({}, "items"),
    ({"copy_page": 0}, "items"),
    ({"copy_page": -1}, "copy_page"),
    ({"copy_page": 5001}, "copy_page"),
    ({"copy_page": "two"}, "copy_page"),
    ({"photo": 1}, "photo"),
])
def test_a_charge_names_the_field_it_refuses_and_changes_nothing(clerk, quantities, field):
    with pytest.raises(DomainError) as refused:
        services.charge_for_documents(quantities=quantities, acting_user=clerk)
    assert field in refused.value.errors
    assert not documents_sold().exists()


def test_only_the_clerk_charges_for_documents_0905():
    with pytest.raises(PermissionDenied, match="09.0.5"):
        services.charge_for_documents(quantities={"copy_page": 1},
                                      acting_user=staff(Role.INSPECTOR, "tisbury"))
    with pytest.raises(PermissionDenied):
        services.charge_for_documents(quantities={"copy_page": 1},
                                      acting_user=staff(Role.CLERK, "north_andover"))


# -- the clerk's page -----------------------------------------------------------------------


def test_charge_for_documents_is_on_the_clerks_queue(clerk):
    assert "tisbury_regs:charge_for_documents" in {link.url_name for link in queue_links(clerk)}
    assert "tisbury_regs:charge_for_documents" not in {
        link.url_name for link in queue_links(staff(Role.INSPECTOR, "tisbury"))}


def test_the_page_shows_the_seeded_prices_and_sells(client, clerk):
    client.force_login(clerk)
    page = client.get("/tisbury/documents/charge/")
    assert page.status_code == 200
    assert "not yet confirmed" in page.content.decode()
    sold = client.post("/tisbury/documents/charge/", {
        "copy_page": "10", "plan_sheet": "", "regulations": "", "method": "check",
        "reference": "1234"})
    assert sold.status_code == 302
    invoice = documents_sold().get()
    assert invoice.status == "paid" and invoice.total == Decimal("0.50")
    assert "Copy of a record, per page: 10 × $0.05" in client.get(
        "/tisbury/documents/charge/").content.decode()


def test_the_page_refuses_an_empty_sale_above_the_form(client, clerk):
    client.force_login(clerk)
    refused = client.post("/tisbury/documents/charge/", {
        "copy_page": "", "plan_sheet": "", "regulations": "", "method": "cash",
        "reference": "R-1"})
    assert refused.status_code == 400
    assert "Enter how many of at least one document (Tisbury BOH Reg 09.0.5)." in \
        refused.content.decode()
    assert not documents_sold().exists()


def test_with_no_schedule_in_force_the_page_says_so_and_offers_no_form_0905(client, clerk):
    # A schedule in force is never withdrawn by the admin; as if none had been adopted:
    FeeSchedule.objects.filter(
        pk=schedule_in_force(permit_type(DOCUMENT_FEES_CODE), TODAY).pk).update(
        retired_at=timezone.now())
    client.force_login(clerk)
    page = client.get("/tisbury/documents/charge/")
    assert page.status_code == 200
    assert "No document fee schedule is in force today" in page.content.decode()
    assert "Charge and record the payment" not in page.content.decode()
    with pytest.raises(DomainError, match="No document fee schedule"):
        services.charge_for_documents(quantities={"copy_page": 1}, acting_user=clerk)


def test_the_page_is_the_clerks_only(client):
    client.force_login(staff(Role.INSPECTOR, "tisbury"))
    assert client.get("/tisbury/documents/charge/").status_code == 403
    client.force_login(UserFactory())
    assert client.get("/tisbury/documents/charge/").status_code == 403


def test_the_latest_sales_list_runs_a_fixed_number_of_queries(client, clerk,
                                                             django_assert_max_num_queries):
    client.force_login(clerk)
    for number in range(6):
        services.sell_documents(quantities={"copy_page": number + 1}, method="cash",
                                reference=f"R-{number}", acting_user=clerk)
    with django_assert_max_num_queries(16):
        page = client.get("/tisbury/documents/charge/")
    assert page.content.decode().count("× $0.05") == 6


# -- the API --------------------------------------------------------------------------------


def test_the_api_invoices_documents_and_the_core_takes_the_payment(clerk):
    api = client_for(clerk)
    charged = api.post("/api/v1/document-charges/", {"items": {"regulations": 2}},
                       format="json")
    assert charged.status_code == 201, charged.json()
    body = charged.json()
    assert body["total"] == "10.00" and body["status"] == "open"
    assert body["lines"][0]["citation"] == SECTION
    paid = api.post("/api/v1/payments/", {"invoice": body["id"], "method": "cash",
                                          "reference": "R-9", "amount": "10.00"},
                    format="json")
    assert paid.status_code == 201, paid.json()
    [listed] = api.get("/api/v1/document-charges/").json()
    assert listed["status"] == "paid" and listed["amount_paid"] == "10.00"


def test_the_api_refuses_an_unknown_item_naming_it(clerk):
    refused = client_for(clerk).post("/api/v1/document-charges/", {"items": {"photo": 1}},
                                     format="json")
    assert refused.status_code == 400
    assert "photo" in refused.json()


def test_the_api_is_the_clerks_only():
    inspector = client_for(staff(Role.INSPECTOR, "tisbury"))
    assert inspector.get("/api/v1/document-charges/").status_code == 403
    assert inspector.post("/api/v1/document-charges/", {"items": {"copy_page": 1}},
                          format="json").status_code == 403


def test_prices_in_force_follow_the_effective_date(clerk):
    admin = staff(Role.ADMIN, "tisbury")
    create_fee_schedule_version(
        permit_type=permit_type(DOCUMENT_FEES_CODE), effective_from=TODAY + dt.timedelta(days=1),
        amounts={"copy_page": Decimal("0.10"), "plan_sheet": Decimal("3.00"),
                 "regulations": Decimal("4.00")}, acting_user=admin, adoption=HEARD)
    invoice = services.charge_for_documents(quantities={"copy_page": 1}, acting_user=clerk)
    assert invoice.total == Decimal("0.05")
