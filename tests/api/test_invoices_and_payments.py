"""Invoices for their payer and the town's staff; payments recorded by the clerk, idempotently."""

import pytest
from drf_spectacular.generators import SchemaGenerator

from permits_site.accounts.services import update_profile
from permits_site.audit.models import AuditEntry
from permits_site.licensing.models import InvoiceStatus, Payment
from permits_site.licensing.services.applications import submit_application
from permits_site.parties.services import create_business
from tests.api.conftest import client_for, draft_for, with_rabies_proof
from tests.factories import DogFactory, InvoiceFactory, UserFactory

pytestmark = pytest.mark.django_db

INVOICES = "/api/v1/invoices/"
PAYMENTS = "/api/v1/payments/"


@pytest.fixture
def invoice(submitted):
    return submitted.invoices.get()


def pay(api, invoice, /, **changes):
    body = {"invoice": invoice.pk, "method": "check", "reference": "CHK-1001",
            "amount": "10.00", **changes}
    return api.post(PAYMENTS, body, format="json")


def test_payer_sees_their_invoice_with_lines_total_and_amount_paid(resident_api, invoice):
    response = resident_api.get(f"{INVOICES}{invoice.pk}/")

    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "open"
    assert body["total"] == "10.00"
    assert body["amount_paid"] == "0.00"
    assert body["municipality"] == "north_andover"
    [line] = body["lines"]
    assert line["code"] == "new"
    assert line["amount"] == "10.00"
    assert "Licenses A(9)" in line["citation"]
    assert line["percent"] is None


def test_another_resident_and_another_towns_clerk_get_404(other_api, tisbury_clerk_api, invoice):
    assert other_api.get(f"{INVOICES}{invoice.pk}/").status_code == 404
    assert tisbury_clerk_api.get(f"{INVOICES}{invoice.pk}/").status_code == 404


def test_clerk_lists_the_towns_invoices(clerk_api, invoice):
    response = clerk_api.get(INVOICES)

    assert [row["id"] for row in response.json()["results"]] == [invoice.pk]


@pytest.mark.parametrize("rows", [5, 50])
def test_invoice_list_runs_a_fixed_number_of_queries(rows, django_assert_max_num_queries, clerk):
    owner = UserFactory()
    for _ in range(rows):
        draft = draft_for(DogFactory(owner=owner))
        with_rabies_proof(draft)
        submit_application(application=draft, acting_user=owner)
    api = client_for(clerk)

    with django_assert_max_num_queries(5):
        response = api.get(INVOICES)

    assert response.json()["count"] == rows


def test_clerk_records_a_payment_that_settles_the_invoice(clerk_api, invoice):
    response = pay(clerk_api, invoice)

    assert response.status_code == 201, response.json()
    assert response.json()["invoice_status"] == "paid"
    assert response.json()["amount"] == "10.00"
    assert set(response.json()) == {"id", "invoice", "method", "reference", "amount",
                                    "received_at", "invoice_status"}
    invoice.refresh_from_db()
    assert invoice.status == InvoiceStatus.PAID
    assert AuditEntry.objects.filter(action="payment.recorded").count() == 1


def test_recording_the_same_reference_again_is_idempotent(clerk_api, invoice):
    first = pay(clerk_api, invoice)
    again = pay(clerk_api, invoice)

    assert (first.status_code, again.status_code) == (201, 200)
    assert again.json()["id"] == first.json()["id"]
    assert Payment.objects.count() == 1
    assert AuditEntry.objects.filter(action="payment.recorded").count() == 1


def test_the_same_reference_for_a_different_amount_is_refused(clerk_api, invoice):
    pay(clerk_api, invoice, amount="4.00")

    response = pay(clerk_api, invoice, amount="6.00")

    assert response.status_code == 400
    assert "reference" in response.json()


def test_paying_more_than_the_balance_is_refused_naming_amount(clerk_api, invoice):
    response = pay(clerk_api, invoice, amount="25.00")

    assert response.status_code == 400
    assert "amount" in response.json()


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"method": "bitcoin"}, "method"),
        ({"amount": "ten dollars"}, "amount"),
        ({"amount": "10.001"}, "amount"),
        ({"reference": ""}, "reference"),
        ({"invoice": "first"}, "invoice"),
    ],
)
def test_malformed_payments_are_400_naming_the_field(clerk_api, invoice, changes, field):
    response = pay(clerk_api, invoice, **changes)

    assert response.status_code == 400
    assert field in response.json()


@pytest.mark.parametrize("sent", [
    {"id": 99},
    {"received_at": "2020-01-02T10:00:00Z"},
    {"invoice_status": "paid"},
    {"id": 99, "received_at": "2020-01-02T10:00:00Z", "invoice_status": "paid"},
])
def test_a_field_only_the_answer_carries_is_refused_by_name_and_nothing_changes(
        clerk_api, invoice, sent):
    audited = AuditEntry.objects.count()

    response = pay(clerk_api, invoice, **sent)

    assert response.status_code == 400
    assert response.json() == {name: ["Read-only field."] for name in sent}
    invoice.refresh_from_db()
    assert invoice.status == InvoiceStatus.OPEN
    assert not Payment.objects.exists()
    assert AuditEntry.objects.count() == audited


def test_a_read_only_an_unknown_and_a_wrong_field_are_each_named(clerk_api, invoice):
    response = pay(clerk_api, invoice, id=99, receivedAt="2020-01-02", amount="ten")

    assert response.status_code == 400
    assert set(response.json()) == {"id", "receivedAt", "amount"}
    assert response.json()["id"] == ["Read-only field."]
    assert response.json()["receivedAt"] == ["Unknown field."]
    assert not Payment.objects.exists()


def test_the_schema_sends_a_payment_without_the_fields_only_its_answer_carries():
    schema = SchemaGenerator().get_schema(request=None, public=True)
    operation = schema["paths"][PAYMENTS]["post"]

    def fields(content) -> set[str]:
        name = content["application/json"]["schema"]["$ref"].rsplit("/", 1)[-1]
        return set(schema["components"]["schemas"][name]["properties"])

    assert fields(operation["requestBody"]["content"]) == {"invoice", "method", "reference",
                                                           "amount"}
    for status in ("200", "201"):
        assert fields(operation["responses"][status]["content"]) == {
            "id", "invoice", "method", "reference", "amount", "received_at", "invoice_status"}


def test_residents_cannot_record_payments(resident_api, invoice):
    assert pay(resident_api, invoice).status_code == 403
    assert not Payment.objects.exists()


def test_another_towns_clerk_cannot_name_the_invoice(tisbury_clerk_api, invoice):
    response = pay(tisbury_clerk_api, invoice)

    assert response.status_code == 400
    assert "invoice" in response.json()
    assert not Payment.objects.exists()


def test_a_clerk_paying_their_own_invoice_in_another_town_is_refused(tisbury_clerk, clerk):
    dog = DogFactory(owner=tisbury_clerk)
    draft = draft_for(dog)
    with_rabies_proof(draft)
    application = submit_application(application=draft, acting_user=tisbury_clerk)

    response = pay(client_for(tisbury_clerk), application.invoices.get())

    assert response.status_code == 403


# -- who pays (lifecycle.md, "Holders") -----------------------------------------------------


def test_a_persons_invoice_names_them_as_payer(resident_api, resident, invoice):
    body = resident_api.get(f"{INVOICES}{invoice.pk}/").json()

    assert (body["payer"], body["payer_business"]) == (resident.display_name, None)
    assert body["payer_address"] == resident.mailing_address


def test_an_invoice_for_a_businesss_application_names_the_business_as_payer(resident_api,
                                                                             resident):
    business = create_business(legal_name="Island Hauling LLC", dba="Island Pumping",
                               kind="llc", mailing_address="1 Main Street", acting_user=resident)
    invoice = InvoiceFactory(payer=resident, payer_business=business)

    body = resident_api.get(f"{INVOICES}{invoice.pk}/").json()
    listed = resident_api.get(INVOICES).json()["results"]

    assert body["payer"] == "Island Hauling LLC d/b/a Island Pumping"
    assert body["payer_business"] == business.pk
    assert body["payer_address"] == "1 Main Street" != resident.mailing_address
    assert [row["payer"] for row in listed] == ["Island Hauling LLC d/b/a Island Pumping"]


def test_a_paid_invoice_names_the_payer_as_billed_after_they_move(resident_api, resident,
                                                                   invoice):
    """The invoice keeps the name and mailing address it was made out to; a new one is made
    out to the new ones."""
    billed = (resident.display_name, resident.mailing_address)
    invoice.status = InvoiceStatus.PAID
    invoice.save()
    update_profile(resident, first_name="Janet", street_address="77 Elm Street")
    later = InvoiceFactory(payer=resident)

    body = resident_api.get(f"{INVOICES}{invoice.pk}/").json()
    newer = resident_api.get(f"{INVOICES}{later.pk}/").json()

    assert (body["payer"], body["payer_address"]) == billed
    assert "77 Elm Street" not in billed[1]
    assert newer["payer"] == "Janet Smith"
    assert newer["payer_address"].startswith("77 Elm Street")


def test_the_longest_business_name_and_person_address_are_kept_whole(resident_api, resident):
    business = create_business(legal_name="L" * 200, dba="D" * 200, kind="llc",
                               mailing_address="M" * 300, acting_user=resident)
    update_profile(resident, street_address="S" * 200, city="C" * 100, postal_code="0" * 10)
    for_business = InvoiceFactory(payer=resident, payer_business=business)
    for_person = InvoiceFactory(payer=resident)

    body = resident_api.get(f"{INVOICES}{for_business.pk}/").json()
    persons = resident_api.get(f"{INVOICES}{for_person.pk}/").json()

    assert body["payer"] == business.display_name
    assert persons["payer_address"] == resident.mailing_address
    assert len(persons["payer_address"]) == 317


def test_an_invoice_whose_party_has_no_account_answers_payer_null(clerk_api):
    invoice = InvoiceFactory(payer=None)

    body = clerk_api.get(f"{INVOICES}{invoice.pk}/").json()

    assert (body["payer"], body["payer_business"], body["payer_address"]) == (None, None, None)
