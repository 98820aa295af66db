"""A dog license paid on the demo checkout, as ``make run`` shows it: the town has no
payment keys, ``PAYMENT_DEMO_CHECKOUT`` is on, and every page of the payment says
"Demo payment — no money moves". "Pay" goes through the signed webhook's handler; the
invoice is paid and the Clerk sees nothing left but issuing. Axe checks each page at
desktop and phone width."""

import re

import pytest
from playwright.sync_api import expect

from permits_site.licensing.models import InvoiceStatus, PaymentMethod
from permits_site.online_payments.models import WebhookEvent
from tests.e2e.conftest import assert_accessible, sign_in
from tests.e2e.test_online_payment import waiting_for_the_fee  # noqa: F401  (a fixture)
from tests.factories import PASSWORD

DEMO_LABEL = "Demo payment — no money moves"


@pytest.fixture
def demo_checkout(settings):
    settings.PAYMENT_DEMO_CHECKOUT = True
    settings.ONLINE_PAYMENT_TOWNS = {}


@pytest.mark.parametrize("width", ["desktop", "phone"])
def test_a_resident_pays_a_dog_license_on_the_demo_checkout(
    request, live_server, demo_checkout, waiting_for_the_fee, width  # noqa: F811
):
    page = request.getfixturevalue("page" if width == "desktop" else "phone_page")
    application = waiting_for_the_fee
    invoice = application.invoices.get()
    sign_in(page, live_server, "jane", PASSWORD)
    page.goto(f"{live_server.url}/applications/{application.pk}/")
    assert_accessible(page)

    page.get_by_role("link", name=f"Pay invoice #{invoice.pk}").click()
    expect(page.get_by_text(DEMO_LABEL)).to_be_visible()
    expect(page.get_by_role("heading", name="What a card would be charged")).to_be_visible()
    expect(page.get_by_text("Your card will be charged")).to_have_count(0)
    assert_accessible(page)
    page.get_by_role("button", name="Continue to the demo checkout").click()

    expect(page.get_by_role("heading", name=re.compile("Demo checkout"))).to_be_visible()
    expect(page.get_by_text(DEMO_LABEL)).to_be_visible()
    assert_accessible(page)
    page.get_by_role("button", name="Pay $11.00").click()

    expect(page.get_by_text("Payment received: $11.00")).to_be_visible()
    expect(page.get_by_text(DEMO_LABEL)).to_be_visible()
    assert_accessible(page)
    invoice.refresh_from_db()
    assert invoice.status == InvoiceStatus.PAID
    assert invoice.payments.get().method == PaymentMethod.CARD
    assert WebhookEvent.objects.get().provider == "demo"
