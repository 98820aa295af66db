"""Overdue license fees and their late fees for the Collector, to the tax bill or a
municipal charges lien (North Andover Code ch. 60, Licenses A(8), Kennel license B(8);
MGL c. 40, § 58)."""

import csv
import datetime as dt
import io
import itertools
from decimal import Decimal

import pytest
import time_machine
from django.urls import reverse

from dogs.licenses.collector import (
    collector_csv,
    mark_sent_to_collector,
    overdue_license_fees,
    sent_to_collector,
)
from permits_site.audit.models import AuditEntry
from permits_site.exceptions import DomainError, PermissionDenied
from permits_site.licensing.models import Invoice, InvoiceStatus
from tests.factories import (
    ApplicationFactory,
    DogFactory,
    DogLicenseFactory,
    InvoiceFactory,
    InvoiceLineFactory,
    PropertyFactory,
    Role,
    UserFactory,
    municipality,
    permit_type,
    staff,
)

pytestmark = pytest.mark.django_db
APRIL_2027 = dt.datetime(2027, 4, 6, 10, 0)
COLLECTOR_QUERIES = 4


PARCELS = itertools.count(12)


def late_dog_renewal(*, owner=None, license_fee="10.00", late_fee="25.00", status="open",
                     parcel=None):
    """A dog's renewal for 2027 applied for after March 1, its invoice unpaid (A(8))."""
    owner = owner or UserFactory(first_name="Pat", last_name="Doe",
                                 street_address="12 Elm Street", city="North Andover",
                                 postal_code="01845")
    dog = DogFactory(owner=owner, name="Biscuit",
                     residence=PropertyFactory(address="12 Elm Street",
                                              parcel=parcel or f"104.A-{next(PARCELS):04d}"))
    details = DogLicenseFactory(dog=dog, license_year=2027, application__action="renewal",
                                application__status="submitted")
    invoice = InvoiceFactory(application=details.application, payer=owner)
    InvoiceLineFactory(invoice=invoice, code="renewal", amount=Decimal(license_fee),
                       description="Renewal, spayed or neutered")
    if late_fee:
        InvoiceLineFactory(invoice=invoice, code="late_fee", amount=Decimal(late_fee),
                           description="Late fee, renewed after the due date")
    Invoice.objects.filter(pk=invoice.pk).update(status=status)
    return invoice


def late_kennel_renewal():
    """A kennel's renewal for 2027 after January 15, unpaid (Kennel license B(8))."""
    holder = UserFactory(first_name="Kim", last_name="Kennel")
    application = ApplicationFactory(
        permit_type=permit_type("north_andover.kennel_license"), action="renewal",
        applicant=holder, status="submitted", place=PropertyFactory(address="3 Barn Lane"),
        facts={"dogs_over_6_months": 6, "license_year": 2027})
    invoice = InvoiceFactory(application=application, payer=holder)
    InvoiceLineFactory(invoice=invoice, code="dogs_5_to_10", amount=Decimal("50.00"))
    InvoiceLineFactory(invoice=invoice, code="late_fee", amount=Decimal("25.00"))
    return invoice


@pytest.fixture
def town():
    return municipality("north_andover")


@time_machine.travel(APRIL_2027, tick=False)
def test_unpaid_late_renewal_is_listed_with_license_and_late_fee_licenses_a8(town):
    invoice = late_dog_renewal(parcel="104.A-0001")

    [row] = overdue_license_fees(town)

    assert (row.invoice, row.owner, row.what, row.license_year) == (
        invoice, "Pat Doe", "Dog: Biscuit", 2027)
    assert (row.license_fee, row.late_fee, row.total) == (
        Decimal("10.00"), Decimal("25.00"), Decimal("35.00"))
    assert (row.property_address, row.parcel) == ("12 Elm Street", "104.A-0001")
    assert row.mailing_address == "12 Elm Street, North Andover, MA 01845"


@time_machine.travel(APRIL_2027, tick=False)
def test_the_row_names_the_owner_where_they_now_are_not_as_billed(town):
    """The tax bill and the lien reach the owner where they are now (the invoice keeps whom
    it was billed to; docs/development/decisions.md)."""
    invoice = late_dog_renewal()
    owner = invoice.payer
    owner.last_name, owner.street_address = "Doe-Rivera", "40 Pond Road"
    owner.save()

    [row] = overdue_license_fees(town)

    assert (row.owner, row.mailing_address) == (
        "Pat Doe-Rivera", "40 Pond Road, North Andover, MA 01845")
    invoice.refresh_from_db()
    assert (invoice.payer_name, invoice.payer_address) == (
        "Pat Doe", "12 Elm Street, North Andover, MA 01845")


@time_machine.travel(APRIL_2027, tick=False)
def test_unpaid_late_kennel_renewal_is_listed_kennel_b8(town):
    invoice = late_kennel_renewal()

    [row] = overdue_license_fees(town)

    assert (row.invoice, row.what, row.license_year, row.total) == (
        invoice, "Kennel, 6 dogs", 2027, Decimal("75.00"))
    assert row.property_address == "3 Barn Lane"


@pytest.mark.parametrize("kind", ["paid", "void", "on_time"])
@time_machine.travel(APRIL_2027, tick=False)
def test_paid_void_or_timely_invoices_are_not_overdue_licenses_a8(town, kind):
    if kind == "on_time":
        late_dog_renewal(late_fee=None)
    else:
        late_dog_renewal(status=kind)

    assert overdue_license_fees(town) == []


@time_machine.travel(APRIL_2027, tick=False)
def test_clerk_marks_rows_sent_to_the_collector_audited_licenses_a8(town, clerk):
    invoice = late_dog_renewal()

    [referral] = mark_sent_to_collector(municipality=town, invoice_ids=[invoice.pk],
                                        acting_user=clerk)

    assert (referral.license_fee, referral.late_fee, referral.sent_on) == (
        Decimal("10.00"), Decimal("25.00"), dt.date(2027, 4, 6))
    assert overdue_license_fees(town) == []
    assert list(sent_to_collector(town)) == [referral]
    entry = AuditEntry.objects.get(action="dog.fees_sent_to_collector")
    assert entry.actor == clerk
    assert "MGL c. 40, § 58" in entry.summary
    assert entry.after["total"] == "35.00"


@time_machine.travel(APRIL_2027, tick=False)
def test_a_row_is_sent_once_and_an_unknown_row_is_refused(town, clerk):
    invoice = late_dog_renewal()
    on_time = late_dog_renewal(late_fee=None)
    mark_sent_to_collector(municipality=town, invoice_ids=[invoice.pk], acting_user=clerk)

    for ids in ([invoice.pk], [on_time.pk], []):
        with pytest.raises(DomainError) as refused:
            mark_sent_to_collector(municipality=town, invoice_ids=ids, acting_user=clerk)
        assert "invoices" in refused.value.errors
    assert AuditEntry.objects.filter(action="dog.fees_sent_to_collector").count() == 1


@time_machine.travel(APRIL_2027, tick=False)
def test_only_the_clerk_sends_fees_to_the_collector(town):
    invoice = late_dog_renewal()

    with pytest.raises(PermissionDenied):
        mark_sent_to_collector(municipality=town, invoice_ids=[invoice.pk],
                               acting_user=staff(Role.ANIMAL_CONTROL_OFFICER))


@time_machine.travel(APRIL_2027, tick=False)
def test_collector_csv_has_owner_property_license_and_decimal_amounts_licenses_a8(town):
    late_dog_renewal(parcel="104.A-0001")

    rows = list(csv.DictReader(io.StringIO(collector_csv(overdue_license_fees(town)))))

    assert rows == [{
        "invoice": rows[0]["invoice"], "owner": "Pat Doe",
        "mailing_address": "12 Elm Street, North Andover, MA 01845",
        "property_address": "12 Elm Street", "parcel": "104.A-0001",
        "license": "Dog: Biscuit", "license_year": "2027", "license_fee": "10.00",
        "late_fee": "25.00", "total": "35.00",
        "section": "North Andover Code ch. 60, Licenses A(8); MGL c. 40, § 58",
    }]


@time_machine.travel(APRIL_2027, tick=False)
def test_collector_page_lists_rows_in_fixed_queries(client, clerk, town,
                                                    django_assert_max_num_queries):
    for _ in range(3):
        late_dog_renewal()
    late_kennel_renewal()
    client.force_login(clerk)

    with django_assert_max_num_queries(COLLECTOR_QUERIES + 12):
        page = client.get(reverse("dogs:overdue_fees"))

    assert page.status_code == 200
    assert page.content.decode().count('name="invoices"') == 4


@time_machine.travel(APRIL_2027, tick=False)
def test_collector_list_query_count_does_not_grow_with_rows(town,
                                                            django_assert_max_num_queries):
    for _ in range(5):
        late_dog_renewal()
    late_kennel_renewal()

    with django_assert_max_num_queries(COLLECTOR_QUERIES):
        assert len(overdue_license_fees(town)) == 6


@time_machine.travel(APRIL_2027, tick=False)
def test_clerk_downloads_the_csv_and_marks_rows_sent_from_the_page(client, clerk, town):
    invoice = late_dog_renewal()
    client.force_login(clerk)

    download = client.get(reverse("dogs:overdue_fees_csv"))
    sent = client.post(reverse("dogs:overdue_fees"), {"invoices": [invoice.pk]})

    assert download["Content-Type"].startswith("text/csv")
    assert "Biscuit" in download.content.decode()
    assert sent.status_code == 302
    assert invoice.collector_referral.sent_on == dt.date(2027, 4, 6)
    assert invoice.status == InvoiceStatus.OPEN


@time_machine.travel(APRIL_2027, tick=False)
def test_collector_page_is_refused_to_a_resident(client, resident):
    late_dog_renewal()
    client.force_login(resident)

    assert client.get(reverse("dogs:overdue_fees")).status_code == 403
    assert client.get(reverse("dogs:overdue_fees_csv")).status_code == 403
