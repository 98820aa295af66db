"""An invoice with nothing left to pay — void when its application was withdrawn, or paid —
says so and why, and gives no instructions for paying it."""

import pytest
from django.urls import reverse

from permits_site.licensing.services.applications import withdraw_application
from permits_site.online_payments.models import PaymentOffice
from tests.online_payments.test_pages import NORTH_ANDOVER_OFFICE

pytestmark = pytest.mark.django_db


@pytest.fixture
def office(north_andover):
    return PaymentOffice.objects.create(municipality=north_andover, **NORTH_ANDOVER_OFFICE)


def test_a_void_invoice_says_why_and_not_how_to_pay_it(client, resident, application, office,
                                                       stripe_http):
    invoice = application.invoices.get()
    withdraw_application(application=application, acting_user=resident)
    client.force_login(resident)

    page = client.get(reverse("online_payments:pay", args=[invoice.pk])).content.decode()

    assert (f"Invoice #{invoice.pk} is void: it was cancelled when its application was "
            "withdrawn, and nothing is owed on it.") in page
    assert "in person or by mail" not in page
    assert "written on it" not in page
    assert "120 Main Street" not in page
