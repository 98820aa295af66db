"""Stand-ins for Stripe's side of the wire: its HTTP transport, and its signed webhooks.

Only the ``stripe`` library's HTTP client is replaced (``stripe.default_http_client``,
the transport hook the adapter hands to ``StripeClient``): the adapter, the library's
request building and response parsing, and the webhook view run for real. Webhooks are
signed with Stripe's own scheme (``t=<time>,v1=<HMAC-SHA256>``) by
``stripe.WebhookSignature``.
"""

from __future__ import annotations

import itertools
import json
import time
from dataclasses import dataclass, field
from urllib.parse import parse_qs

import pytest
import stripe

SECRET_KEY = "sk_test_north_andover"
WEBHOOK_SECRET = "whsec_north_andover"
TOWN_KEYS = {"north_andover": {"secret_key": SECRET_KEY, "webhook_secret": WEBHOOK_SECRET}}

_numbers = itertools.count(1)


@dataclass
class CreatedSession:
    id: str
    amount_total: int
    currency: str
    reference: str
    success_url: str
    api_key: str
    params: dict[str, list[str]]


@dataclass
class FakeStripeHTTP(stripe.HTTPClient):
    """Answers ``POST /v1/checkout/sessions`` as Stripe does, with a canned session.

    ``hosted_url`` makes the session's checkout address (``{id}`` is the session id);
    ``fail_with`` answers every request with that HTTP status and a Stripe error body.
    """

    hosted_url: str = "https://checkout.stripe.com/c/pay/{id}"
    fail_with: int | None = None
    sessions: dict[str, CreatedSession] = field(default_factory=dict)
    requests: list[tuple[str, str, dict[str, list[str]]]] = field(default_factory=list)
    name = "fake"

    def __post_init__(self):
        super().__init__()

    def request(self, method, url, headers, post_data=None, *, _usage=None):
        params = parse_qs(post_data or "")
        self.requests.append((method, url, params))
        if self.fail_with:
            body = {"error": {"type": "api_error", "message": "Stripe is down for a moment."}}
            return json.dumps(body), self.fail_with, {}
        session = self._session(params, api_key=headers["Authorization"].removeprefix("Bearer "))
        self.sessions[session.id] = session
        return json.dumps({
            "id": session.id, "object": "checkout.session", "mode": "payment",
            "url": self.hosted_url.format(id=session.id), "status": "open",
            "payment_status": "unpaid", "amount_total": session.amount_total,
            "currency": session.currency, "client_reference_id": session.reference,
            "metadata": {"reference": session.reference}, "success_url": session.success_url,
        }), 200, {"request-id": "req_fake"}

    @staticmethod
    def _session(params: dict[str, list[str]], *, api_key: str) -> CreatedSession:
        amounts = [int(values[0]) for name, values in params.items()
                   if name.endswith("[price_data][unit_amount]")]
        return CreatedSession(
            id=f"cs_test_{next(_numbers)}", amount_total=sum(amounts),
            currency=params["line_items[0][price_data][currency]"][0],
            reference=params["client_reference_id"][0],
            success_url=params["success_url"][0], api_key=api_key, params=params,
        )

    def close(self):
        pass


@pytest.fixture
def stripe_http(monkeypatch, settings) -> FakeStripeHTTP:
    """North Andover takes card payments, through a Stripe that answers from memory."""
    fake = FakeStripeHTTP()
    monkeypatch.setattr(stripe, "default_http_client", fake)
    settings.ONLINE_PAYMENT_TOWNS = TOWN_KEYS
    return fake


def event_payload(kind: str, data: dict, *, event_id: str | None = None) -> str:
    return json.dumps({
        "id": event_id or f"evt_{next(_numbers)}", "object": "event", "type": kind,
        "api_version": "2025-01-27.acacia", "created": int(time.time()), "livemode": False,
        "data": {"object": data},
    })


def session_completed(session: CreatedSession, *, payment_intent: str | None = None,
                      amount_total: int | None = None, currency: str | None = None,
                      event_id: str | None = None) -> str:
    """The ``checkout.session.completed`` event Stripe sends once the card is charged."""
    return event_payload("checkout.session.completed", {
        "id": session.id, "object": "checkout.session", "payment_status": "paid",
        "status": "complete", "currency": currency or session.currency,
        "amount_total": session.amount_total if amount_total is None else amount_total,
        "payment_intent": payment_intent or f"pi_for_{session.id}",
        "client_reference_id": session.reference, "metadata": {"reference": session.reference},
    }, event_id=event_id)


def charge_refunded(payment_intent: str, *, amount_refunded: int) -> str:
    return event_payload("charge.refunded", {
        "id": f"ch_{next(_numbers)}", "object": "charge", "payment_intent": payment_intent,
        "amount_refunded": amount_refunded, "currency": "usd", "refunded": True,
    })


def dispute_created(payment_intent: str, *, amount: int, reason: str = "fraudulent") -> str:
    return event_payload("charge.dispute.created", {
        "id": f"dp_{next(_numbers)}", "object": "dispute", "payment_intent": payment_intent,
        "amount": amount, "currency": "usd", "reason": reason, "status": "needs_response",
    })


def signature(payload: str, secret: str = WEBHOOK_SECRET, *, timestamp: int | None = None) -> str:
    """The ``Stripe-Signature`` header Stripe would send with ``payload``."""
    return stripe.WebhookSignature.generate_signature_header(payload, secret, timestamp=timestamp)
