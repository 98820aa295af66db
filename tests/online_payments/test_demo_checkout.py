"""The demo checkout (``PAYMENT_DEMO_CHECKOUT``): a stand-in for the hosted checkout that
``make run`` turns on. "Paying" there signs the provider's event and hands it to the same
webhook handler as a delivery from Stripe; with the setting off, its page does not exist."""

from decimal import Decimal

import pytest
from django.urls import reverse

from permits_site.audit.models import AuditEntry
from permits_site.licensing.models import InvoiceStatus, PaymentMethod
from permits_site.online_payments.models import (
    CheckoutStatus,
    OnlineCheckout,
    PaymentOffice,
    WebhookEvent,
)
from permits_site.online_payments.providers import (
    DemoCheckout,
    InvalidSignature,
    StripeCheckout,
    demo_webhook_secret,
    provider_for,
)
from permits_site.online_payments.services import receive_event
from tests.factories import municipality
from tests.online_payments.stripe_fakes import TOWN_KEYS

pytestmark = pytest.mark.django_db

DEMO_LABEL = "Demo payment — no money moves"


@pytest.fixture
def demo(settings):
    settings.PAYMENT_DEMO_CHECKOUT = True
    settings.ONLINE_PAYMENT_TOWNS = {}


def start(client, resident, invoice) -> OnlineCheckout:
    client.force_login(resident)
    response = client.post(reverse("online_payments:pay", args=[invoice.pk]))
    checkout = OnlineCheckout.objects.get()
    assert response["Location"] == reverse("online_payments:demo_checkout",
                                           args=[checkout.session_id])
    return checkout


def test_a_town_with_keys_keeps_stripe_and_one_without_gets_the_demo_only_when_on(settings):
    north_andover, tisbury = municipality("north_andover"), municipality("tisbury")
    settings.ONLINE_PAYMENT_TOWNS = TOWN_KEYS
    settings.PAYMENT_DEMO_CHECKOUT = False
    assert isinstance(provider_for(north_andover), StripeCheckout)
    assert provider_for(tisbury) is None

    settings.PAYMENT_DEMO_CHECKOUT = True
    assert type(provider_for(north_andover)) is StripeCheckout
    assert isinstance(provider_for(tisbury), DemoCheckout)


def test_with_the_setting_off_the_demo_checkout_answers_404(client, resident, settings):
    settings.PAYMENT_DEMO_CHECKOUT = False
    client.force_login(resident)
    url = reverse("online_payments:demo_checkout", args=["cs_demo_0"])

    assert client.get(url).status_code == 404
    assert client.post(url).status_code == 404


def test_with_the_setting_off_an_open_demo_checkout_cannot_be_paid(client, resident, invoice,
                                                                  demo, settings):
    checkout = start(client, resident, invoice)
    settings.PAYMENT_DEMO_CHECKOUT = False

    response = client.post(reverse("online_payments:demo_checkout", args=[checkout.session_id]))

    assert response.status_code == 404
    invoice.refresh_from_db()
    assert invoice.status == InvoiceStatus.OPEN and not WebhookEvent.objects.exists()


def test_every_page_of_the_demo_says_no_money_moves(client, resident, invoice, demo):
    client.force_login(resident)
    assert DEMO_LABEL in client.get(reverse("online_payments:pay", args=[invoice.pk])
                                    ).content.decode()
    checkout = start(client, resident, invoice)

    page = client.get(reverse("online_payments:demo_checkout", args=[checkout.session_id]))

    assert page.status_code == 200
    text = page.content.decode()
    assert DEMO_LABEL in text and "$10.00" in text
    assert DEMO_LABEL in client.get(reverse("online_payments:returned", args=[checkout.token])
                                    ).content.decode()


def test_paying_on_the_demo_records_the_payment_through_the_signed_webhook(
    client, resident, invoice, demo
):
    checkout = start(client, resident, invoice)

    response = client.post(reverse("online_payments:demo_checkout", args=[checkout.session_id]))

    assert response.status_code == 302
    assert response["Location"] == reverse("online_payments:returned", args=[checkout.token])
    invoice.refresh_from_db()
    checkout.refresh_from_db()
    assert invoice.status == InvoiceStatus.PAID
    assert checkout.status == CheckoutStatus.PAID
    payment = invoice.payments.get()
    assert (payment.method, payment.amount) == (PaymentMethod.CARD, Decimal("10.00"))
    assert payment.reference.startswith("pi_demo_")
    event = WebhookEvent.objects.get()
    assert (event.provider, event.kind) == ("demo", "checkout.session.completed")
    assert "Recorded $10.00" in event.outcome
    assert list(AuditEntry.objects.filter(action__in=[
        "payments.checkout_started", "payment.recorded"]).order_by("pk").values_list(
        "action", flat=True)) == ["payments.checkout_started", "payment.recorded"]
    assert "Payment received: $10.00" in client.get(response["Location"]).content.decode()


def test_paying_twice_on_the_demo_records_one_payment(client, resident, invoice, demo):
    checkout = start(client, resident, invoice)
    url = reverse("online_payments:demo_checkout", args=[checkout.session_id])

    client.post(url)
    client.post(url)

    assert invoice.payments.count() == 1 and WebhookEvent.objects.count() == 1


def test_another_person_cannot_open_or_pay_my_demo_checkout(client, resident, other_resident,
                                                           invoice, demo):
    checkout = start(client, resident, invoice)
    client.force_login(other_resident)
    url = reverse("online_payments:demo_checkout", args=[checkout.session_id])

    assert client.get(url).status_code == 404
    assert client.post(url).status_code == 404
    invoice.refresh_from_db()
    assert invoice.status == InvoiceStatus.OPEN


def test_the_demo_event_verifies_only_with_the_towns_secret(resident, invoice, demo):
    north_andover = municipality("north_andover")
    provider = provider_for(north_andover)
    payload, header = provider.signed_completion(session_id="cs_demo_x",
                                                 amount=Decimal("10.00"), reference="r")
    forged = DemoCheckout(webhook_secret=demo_webhook_secret("tisbury"))
    _payload, forged_header = forged.signed_completion(session_id="cs_demo_x",
                                                      amount=Decimal("10.00"), reference="r")

    assert provider.parse_event(payload=payload, signature=header).amount == Decimal("10.00")
    with pytest.raises(InvalidSignature):
        receive_event(municipality=north_andover, payload=payload, signature=forged_header)
    assert not WebhookEvent.objects.exists()


def test_the_webhook_address_takes_a_signed_demo_delivery_like_stripes(client, resident,
                                                                      invoice, demo):
    checkout = start(client, resident, invoice)
    payload, header = provider_for(invoice.municipality).signed_completion(
        session_id=checkout.session_id, amount=checkout.charged, reference=str(checkout.token))

    response = client.post(reverse("online_payments:webhook", args=["north_andover"]),
                           data=payload, content_type="application/json",
                           HTTP_STRIPE_SIGNATURE=header)

    assert response.status_code == 200
    invoice.refresh_from_db()
    assert invoice.status == InvoiceStatus.PAID


#: What only a real card payment does: said on the real provider's page, never on the demo's.
CARD_PROMISES = ("Your card will be charged", "Continue to secure card payment",
                 "You will pay on the card processor's page",
                 "The convenience fee is charged by the card processor")


def test_the_demo_pay_page_says_no_card_is_charged_and_never_that_one_will_be(
    client, resident, invoice, demo
):
    PaymentOffice.objects.create(municipality=invoice.municipality, convenience_fee="1.50")
    client.force_login(resident)

    page = client.get(reverse("online_payments:pay", args=[invoice.pk])).content.decode()

    assert "no card is asked for or charged" in page and "$11.50" in page
    assert "What a card would be charged" in page
    assert "Continue to the demo checkout" in page
    assert "The demo checkout stands in for the card processor's page" in page
    assert "the card processor would charge for paying online" in page
    for promise in CARD_PROMISES:
        assert promise not in page, promise


def test_the_real_providers_pay_page_says_the_card_will_be_charged(
    client, resident, invoice, stripe_http, settings
):
    settings.PAYMENT_DEMO_CHECKOUT = True
    PaymentOffice.objects.create(municipality=invoice.municipality, convenience_fee="1.50")
    client.force_login(resident)

    page = client.get(reverse("online_payments:pay", args=[invoice.pk])).content.decode()

    for promise in CARD_PROMISES:
        assert promise in page, promise
    assert DEMO_LABEL not in page and "demo checkout" not in page
