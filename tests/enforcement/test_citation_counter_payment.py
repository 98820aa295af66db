"""The citation page's counter payment (MGL c.40 §21D): like the other payment forms it starts
on the balance due, and it names the invoice its refusals speak of."""

from decimal import Decimal

import pytest

from permits_site.licensing.models import Payment
from permits_site.licensing.services.payments import record_payment
from tests.enforcement.test_citation_pages import citation_url, cite, page_of, signed_in
from tests.factories import Role, staff

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("on_monday")]


@pytest.fixture
def officer(db):
    return staff(Role.ANIMAL_CONTROL_OFFICER, "north_andover")


def test_the_counter_payment_starts_on_the_balance_of_the_named_invoice(
    client, clerk, officer, resident
):
    citation = cite(officer, party=resident)
    record_payment(invoice=citation.invoice, method="cash", reference="R-1",
                   amount=Decimal("10.00"), acting_user=clerk)

    page = page_of(signed_in(client, clerk).get(citation_url(citation)))

    assert 'name="payment-amount" value="15.00"' in page
    assert f"The balance of the citation&#x27;s invoice #{citation.invoice.pk}." in page


def test_a_reused_reference_is_refused_naming_an_invoice_the_page_shows(
    client, clerk, officer, resident
):
    citation = cite(officer, party=resident)
    record_payment(invoice=citation.invoice, method="cash", reference="R-1",
                   amount=Decimal("10.00"), acting_user=clerk)

    page = page_of(signed_in(client, clerk).post(citation_url(citation), {"action": "payment",
        "payment-method": "cash", "payment-reference": "R-1", "payment-amount": "15.00"}))

    invoice = f"invoice #{citation.invoice.pk}"
    assert f"Reference R-1 was already recorded for {invoice}" in page
    assert f"The balance of the citation&#x27;s {invoice}." in page
    assert Payment.objects.count() == 1
