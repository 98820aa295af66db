"""Online payment is recorded only from Stripe's signed webhook, through the counter's own
payment service: a bad signature, a wrong amount, a replayed or late event change nothing;
refunds and disputes are flagged for the Clerk and revoke nothing."""

import datetime as dt
import time
from decimal import Decimal

import pytest
import time_machine
from django.urls import reverse

from permits_site.audit.models import AuditEntry
from permits_site.enforcement.models import Citation
from permits_site.enforcement.services.dispositions import Standing, standing, with_answers
from permits_site.licensing.models import InvoiceStatus, Payment, PaymentMethod, PermitStatus
from permits_site.licensing.services.applications import approve_application, blockers
from permits_site.licensing.services.payments import record_payment
from permits_site.licensing.services.permits import issue_permit
from permits_site.online_payments.models import (
    CheckoutStatus,
    FlagKind,
    PaymentFlag,
    PaymentOffice,
    WebhookEvent,
)
from tests.online_payments.stripe_fakes import (
    charge_refunded,
    dispute_created,
    session_completed,
    signature,
)

pytestmark = pytest.mark.django_db

WEBHOOK = reverse("online_payments:webhook", args=["north_andover"])


def deliver(client, payload: str, header: str | None = None):
    """POST the event as Stripe does: raw JSON and its ``Stripe-Signature`` header."""
    return client.post(WEBHOOK, data=payload, content_type="application/json",
                       HTTP_STRIPE_SIGNATURE=signature(payload) if header is None else header)


def nothing_recorded(invoice):
    invoice.refresh_from_db()
    return invoice.status == InvoiceStatus.OPEN and not invoice.payments.exists()


def test_a_signed_completed_checkout_pays_the_invoice_as_the_counter_would(
    client, invoice, resident, clerk, checkout_of
):
    checkout, session = checkout_of(invoice, resident)

    response = deliver(client, session_completed(session, payment_intent="pi_123"))

    assert response.status_code == 200
    invoice.refresh_from_db()
    assert invoice.status == InvoiceStatus.PAID
    payment = invoice.payments.get()
    assert (payment.method, payment.reference, payment.amount) == (
        PaymentMethod.CARD, "pi_123", Decimal("10.00"))
    checkout.refresh_from_db()
    assert checkout.status == CheckoutStatus.PAID and checkout.payment == payment
    assert AuditEntry.objects.filter(action="payment.recorded", object_id=invoice.pk).exists()
    application = invoice.application
    assert [blocker.code for blocker in blockers(application)] == []
    approve_application(application=application, acting_user=clerk)
    assert issue_permit(application=application, acting_user=clerk).status == PermitStatus.ACTIVE


def test_the_checkout_names_its_payment_by_how_it_was_paid_in_the_django_admin(
    client, invoice, resident, checkout_of, admin_user
):
    checkout, session = checkout_of(invoice, resident)
    deliver(client, session_completed(session, payment_intent="pi_123"))
    client.force_login(admin_user)

    page = client.get(f"/django-admin/online_payments/onlinecheckout/{checkout.pk}/change/")

    assert page.status_code == 200
    assert "$10.00 by card (ref. pi_123)" in page.content.decode()


def test_the_checkout_asks_stripe_for_the_balance_in_cents(invoice, resident, checkout_of,
                                                           stripe_http):
    checkout, session = checkout_of(invoice, resident)

    method, url, params = stripe_http.requests[-1]
    assert (method, url) == ("post", "https://api.stripe.com/v1/checkout/sessions")
    assert params["line_items[0][price_data][unit_amount]"] == ["1000"]
    assert params["line_items[0][price_data][currency]"] == ["usd"]
    assert params["client_reference_id"] == [str(checkout.token)]
    assert params["mode"] == ["payment"]
    assert session.amount_total == 1000
    assert checkout.amount == Decimal("10.00") and checkout.status == CheckoutStatus.OPEN


@pytest.mark.parametrize("header", [
    "", "t=1,v1=0000", "not a signature",
])
def test_a_bad_signature_is_refused_and_changes_nothing(client, invoice, resident, checkout_of,
                                                        header):
    _checkout, session = checkout_of(invoice, resident)

    response = deliver(client, session_completed(session), header=header)

    assert response.status_code == 400
    assert nothing_recorded(invoice)
    assert not WebhookEvent.objects.exists()


def test_an_event_signed_with_another_towns_secret_is_refused(client, invoice, resident,
                                                              checkout_of):
    _checkout, session = checkout_of(invoice, resident)
    payload = session_completed(session)

    response = deliver(client, payload, header=signature(payload, "whsec_someone_else"))

    assert response.status_code == 400
    assert nothing_recorded(invoice)


@pytest.mark.parametrize("seconds_off", [-301, 301, 86_400])
def test_a_signature_more_than_five_minutes_off_is_refused(client, invoice, resident,
                                                          checkout_of, seconds_off):
    _checkout, session = checkout_of(invoice, resident)
    payload = session_completed(session)

    response = deliver(client, payload, header=signature(
        payload, timestamp=int(time.time()) + seconds_off))

    assert response.status_code == 400
    assert nothing_recorded(invoice)


@pytest.mark.parametrize("seconds_off", [-299, 299])
def test_a_signature_within_five_minutes_is_taken(client, invoice, resident, checkout_of,
                                                  seconds_off):
    _checkout, session = checkout_of(invoice, resident)
    payload = session_completed(session)

    # The clock stands still, so that a slow machine does not carry -299 s past five minutes.
    with time_machine.travel(time.time(), tick=False):
        response = deliver(client, payload, header=signature(
            payload, timestamp=int(time.time()) + seconds_off))

    assert response.status_code == 200
    invoice.refresh_from_db()
    assert invoice.status == InvoiceStatus.PAID


@pytest.mark.parametrize(("amount_total", "currency", "says"), [
    (999, "usd", "Paid $9.99, but the checkout was for $10.00."),
    (1001, "usd", "Paid $10.01, but the checkout was for $10.00."),
    (1000, "cad", "Paid in CAD, not USD."),
])
def test_a_wrong_amount_or_currency_changes_nothing_and_is_flagged(
    client, invoice, resident, checkout_of, amount_total, currency, says
):
    checkout, session = checkout_of(invoice, resident)

    response = deliver(client, session_completed(session, amount_total=amount_total,
                                                 currency=currency))

    assert response.status_code == 200
    assert nothing_recorded(invoice)
    flag = PaymentFlag.objects.get()
    assert (flag.kind, flag.reason) == (FlagKind.NOT_APPLIED, says)
    checkout.refresh_from_db()
    assert checkout.status == CheckoutStatus.NOT_APPLIED


def test_a_replayed_event_changes_nothing(client, invoice, resident, checkout_of):
    _checkout, session = checkout_of(invoice, resident)
    payload = session_completed(session, event_id="evt_once")
    assert deliver(client, payload).status_code == 200
    audit_entries = AuditEntry.objects.count()

    again = deliver(client, payload)

    assert again.status_code == 200
    assert Payment.objects.filter(invoice=invoice).count() == 1
    assert WebhookEvent.objects.filter(event_id="evt_once").count() == 1
    assert AuditEntry.objects.count() == audit_entries
    assert not PaymentFlag.objects.exists()


def test_a_second_completion_of_the_same_checkout_changes_nothing(client, invoice, resident,
                                                                  checkout_of):
    _checkout, session = checkout_of(invoice, resident)
    deliver(client, session_completed(session, payment_intent="pi_1"))

    deliver(client, session_completed(session, payment_intent="pi_2"))

    assert list(invoice.payments.values_list("reference", flat=True)) == ["pi_1"]
    assert WebhookEvent.objects.count() == 2
    assert not PaymentFlag.objects.exists()


def test_a_late_event_for_an_invoice_paid_at_the_counter_is_flagged_not_applied(
    client, invoice, resident, clerk, checkout_of
):
    _checkout, session = checkout_of(invoice, resident)
    record_payment(invoice=invoice, method="cash", reference="R-1", amount=invoice.total,
                   acting_user=clerk)

    deliver(client, session_completed(session))

    assert list(invoice.payments.values_list("reference", flat=True)) == ["R-1"]
    flag = PaymentFlag.objects.get()
    assert flag.kind == FlagKind.NOT_APPLIED and flag.amount == Decimal("10.00")
    assert f"Invoice #{invoice.pk} is paid" in flag.reason


def test_an_event_for_a_session_this_town_never_opened_changes_nothing(client, invoice,
                                                                       resident, checkout_of):
    _checkout, session = checkout_of(invoice, resident)
    session.id = "cs_test_unknown"

    response = deliver(client, session_completed(session))

    assert response.status_code == 200
    assert nothing_recorded(invoice)
    assert "nothing changed" in WebhookEvent.objects.get().outcome


def paid_license(client, invoice, resident, clerk, checkout_of):
    _checkout, session = checkout_of(invoice, resident)
    deliver(client, session_completed(session, payment_intent="pi_paid"))
    approve_application(application=invoice.application, acting_user=clerk)
    return issue_permit(application=invoice.application, acting_user=clerk)


@pytest.mark.parametrize(("event", "kind", "reason"), [
    (lambda: charge_refunded("pi_paid", amount_refunded=1000), FlagKind.REFUND, "Refunded"),
    (lambda: dispute_created("pi_paid", amount=1000), FlagKind.DISPUTE, "fraudulent"),
])
def test_a_refund_or_dispute_is_flagged_and_the_license_stays_active(
    client, invoice, resident, clerk, checkout_of, event, kind, reason
):
    permit = paid_license(client, invoice, resident, clerk, checkout_of)

    response = deliver(client, event())

    assert response.status_code == 200
    flag = PaymentFlag.objects.get()
    assert flag.kind == kind and flag.amount == Decimal("10.00") and reason in flag.reason
    assert flag.checkout.invoice == invoice
    permit.refresh_from_db()
    invoice.refresh_from_db()
    assert permit.status == PermitStatus.ACTIVE and invoice.status == InvoiceStatus.PAID
    assert AuditEntry.objects.filter(action=f"payments.{kind}").count() == 1


def test_a_refund_of_a_payment_this_town_never_took_changes_nothing(client, invoice, resident,
                                                                    clerk, checkout_of):
    paid_license(client, invoice, resident, clerk, checkout_of)

    deliver(client, charge_refunded("pi_unknown", amount_refunded=1000))

    assert not PaymentFlag.objects.exists()


def test_the_convenience_fee_is_charged_on_top_and_the_invoice_keeps_the_statutory_fee(
    client, invoice, resident, checkout_of, stripe_http
):
    PaymentOffice.objects.create(municipality=invoice.municipality, address="120 Main Street",
                                 payee="Town of North Andover",
                                 convenience_fee=Decimal("1.50"))
    checkout, session = checkout_of(invoice, resident)
    _method, _url, params = stripe_http.requests[-1]
    assert params["line_items[1][price_data][unit_amount]"] == ["150"]
    assert session.amount_total == 1150
    assert checkout.charged == Decimal("11.50")

    deliver(client, session_completed(session))

    invoice.refresh_from_db()
    assert invoice.status == InvoiceStatus.PAID and invoice.total == Decimal("10.00")
    assert invoice.payments.get().amount == Decimal("10.00")


def reloaded(citation):
    return with_answers(Citation.objects.filter(pk=citation.pk)).get()


def test_a_citation_paid_online_stands_paid(client, citation, resident, checkout_of):
    _checkout, session = checkout_of(citation.invoice, resident)

    deliver(client, session_completed(session))

    assert standing(reloaded(citation), on=citation.issued_on) is Standing.PAID


def test_payment_for_a_citation_referred_to_court_meanwhile_is_not_applied(
    client, citation, resident, checkout_of, time_machine
):
    _checkout, session = checkout_of(citation.invoice, resident)
    time_machine.move_to(dt.datetime.combine(citation.due_on + dt.timedelta(days=1),
                                             dt.time(12, 0)))

    deliver(client, session_completed(session))

    assert nothing_recorded(citation.invoice)
    assert "referred to the" in PaymentFlag.objects.get().reason


def test_webhooks_of_a_town_without_online_payment_are_not_found(client, invoice, resident,
                                                                 checkout_of, settings):
    _checkout, session = checkout_of(invoice, resident)
    settings.ONLINE_PAYMENT_TOWNS = {}

    response = deliver(client, session_completed(session))

    assert response.status_code == 404
    assert nothing_recorded(invoice)
