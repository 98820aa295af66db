"""Migration 0014 writes on every invoice made before it the name and mailing address it is
billed to, read from its business or person as they are when the migration runs."""

from importlib import import_module

import pytest
from django.apps import apps

from permits_site.licensing.models import Invoice, InvoiceStatus
from permits_site.parties.services import create_business
from tests.factories import InvoiceFactory, UserFactory

pytestmark = pytest.mark.django_db

fill_payers = import_module(
    "permits_site.licensing.migrations.0014_invoice_keeps_whom_it_was_billed_to"
).fill_payers


def made_before_the_migration(**parties) -> Invoice:
    invoice = InvoiceFactory(**parties)
    Invoice.objects.filter(pk=invoice.pk).update(payer_name="", payer_address="")
    return invoice


def test_old_invoices_get_their_payers_name_and_mailing_address():
    person = UserFactory(first_name="Ann", last_name="Lee", street_address="5 Elm Street",
                         city="North Andover", postal_code="01845")
    username_only = UserFactory(first_name="", last_name="", username="cy",
                                street_address="", city="", postal_code="")
    business = create_business(legal_name="Island Hauling LLC", dba="Island Pumping",
                               kind="llc", mailing_address="1 Main Street", acting_user=person)
    persons = made_before_the_migration(payer=person)
    businesss = made_before_the_migration(payer=person, payer_business=business)
    paid = made_before_the_migration(payer=username_only)
    Invoice.objects.filter(pk=paid.pk).update(status=InvoiceStatus.PAID)
    nobodys = made_before_the_migration(payer=None)

    fill_payers(apps, None)

    kept = {row.pk: (row.payer_name, row.payer_address) for row in Invoice.objects.all()}
    assert kept[persons.pk] == ("Ann Lee", "5 Elm Street, North Andover, 01845")
    assert kept[businesss.pk] == ("Island Hauling LLC d/b/a Island Pumping", "1 Main Street")
    assert kept[paid.pk] == ("cy", "")
    assert kept[nobodys.pk] == ("", "")
