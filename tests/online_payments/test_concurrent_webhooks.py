"""Deliveries arriving together (PostgreSQL row locks): still one payment per checkout."""

import pytest
from django.db import connection

from permits_site.online_payments.models import WebhookEvent
from permits_site.online_payments.services import receive_event
from tests.licensing.test_concurrency import run_together
from tests.online_payments.stripe_fakes import session_completed, signature

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.django_db(transaction=True, serialized_rollback=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="needs PostgreSQL row locks"),
]


def delivery(invoice, payload):
    return lambda: receive_event(municipality=invoice.municipality, payload=payload.encode(),
                                 signature=signature(payload))


def test_the_same_event_delivered_twice_at_once_pays_once(invoice, resident, checkout_of):
    _checkout, session = checkout_of(invoice, resident)
    payload = session_completed(session, event_id="evt_together")

    run_together(delivery(invoice, payload), delivery(invoice, payload))

    assert invoice.payments.count() == 1
    assert WebhookEvent.objects.filter(event_id="evt_together").count() == 1


def test_two_completions_of_one_checkout_at_once_pay_once(invoice, resident, checkout_of):
    _checkout, session = checkout_of(invoice, resident)

    run_together(delivery(invoice, session_completed(session, payment_intent="pi_a")),
                 delivery(invoice, session_completed(session, payment_intent="pi_b")))

    assert invoice.payments.count() == 1
    assert WebhookEvent.objects.count() == 2
