"""The payment provider interface, and its Stripe Checkout adapter.

A provider does two things for the site: it opens a hosted checkout for an
amount, and it turns a webhook delivery into a :class:`ProviderEvent` after
verifying the delivery's signature. Nothing else in the site speaks to the
provider, and no payment is recorded except from a verified event.

Each town has its own account: ``settings.ONLINE_PAYMENT_TOWNS`` maps a town's
code to its ``secret_key`` and ``webhook_secret`` (read from
``STRIPE_SECRET_KEY__<CODE>`` and ``STRIPE_WEBHOOK_SECRET__<CODE>``). A town
without both takes payment at the counter only, unless ``PAYMENT_DEMO_CHECKOUT``
gives it the demo checkout (:class:`DemoCheckout`), which only ``make run`` and the
tests turn on.

The ``stripe`` library (and the HTTP clients it looks for) is imported where the site
speaks to Stripe or signs as it does, not with this module: every process imports the
payment pages, few of them take a payment (issue 24).
"""

from __future__ import annotations

import json
import time
import uuid
from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum
from typing import TYPE_CHECKING, Protocol

from django.conf import settings
from django.urls import reverse
from django.utils.crypto import salted_hmac

if TYPE_CHECKING:
    import stripe

CURRENCY = "usd"
#: Seconds a webhook's signature may be older or newer than now (Stripe's default age).
SIGNATURE_TOLERANCE = 300


class ProviderError(Exception):
    """The provider could not be reached or refused the request."""


class InvalidSignature(Exception):
    """A webhook delivery whose signature does not verify: it is not from the provider."""


@dataclass(frozen=True)
class ChargeLine:
    description: str
    amount: Decimal


@dataclass(frozen=True)
class CheckoutRequest:
    """What the resident is about to pay; ``reference`` is echoed back in the event."""

    reference: str
    lines: tuple[ChargeLine, ...]
    success_url: str
    cancel_url: str
    email: str = ""


@dataclass(frozen=True)
class HostedCheckout:
    session_id: str
    url: str


class EventKind(StrEnum):
    PAID = "paid"
    REFUNDED = "refunded"
    DISPUTED = "disputed"
    OTHER = "other"


@dataclass(frozen=True)
class ProviderEvent:
    """A verified event, in the site's terms. ``session_id`` names the checkout of a
    payment; ``payment_id`` the provider's payment (the receipt reference)."""

    event_id: str
    type: str
    kind: EventKind
    session_id: str = ""
    payment_id: str = ""
    amount: Decimal = Decimal("0.00")
    currency: str = ""
    reason: str = ""


class PaymentProvider(Protocol):
    code: str

    def open_checkout(self, request: CheckoutRequest) -> HostedCheckout: ...

    def parse_event(self, *, payload: bytes, signature: str) -> ProviderEvent: ...


def cents(amount: Decimal) -> int:
    return int((amount * 100).to_integral_value())


def dollars(amount_in_cents: int | None) -> Decimal:
    return (Decimal(amount_in_cents or 0) / 100).quantize(Decimal("0.01"))


class StripeCheckout:
    """Stripe Checkout (hosted page, card only) for one town's Stripe account."""

    code = "stripe"

    def __init__(self, *, secret_key: str, webhook_secret: str):
        self.secret_key = secret_key
        self.webhook_secret = webhook_secret

    def _client(self) -> stripe.StripeClient:
        import stripe

        # ``stripe.default_http_client`` is the library's own hook for its HTTP transport.
        return stripe.StripeClient(self.secret_key, http_client=stripe.default_http_client)

    def open_checkout(self, request: CheckoutRequest) -> HostedCheckout:
        import stripe

        params = {
            "mode": "payment",
            "payment_method_types": ["card"],
            "client_reference_id": request.reference,
            "metadata": {"reference": request.reference},
            "payment_intent_data": {"metadata": {"reference": request.reference}},
            "success_url": request.success_url,
            "cancel_url": request.cancel_url,
            "line_items": [
                {"quantity": 1, "price_data": {
                    "currency": CURRENCY, "unit_amount": cents(line.amount),
                    "product_data": {"name": line.description},
                }}
                for line in request.lines
            ],
        }
        if request.email:
            params["customer_email"] = request.email
        try:
            session = self._client().v1.checkout.sessions.create(
                params=params, options={"idempotency_key": f"checkout-{request.reference}"}
            )
        except stripe.StripeError as error:
            raise ProviderError(str(error.user_message or error)) from error
        return HostedCheckout(session_id=session.id, url=session.url)

    def parse_event(self, *, payload: bytes, signature: str) -> ProviderEvent:
        """The event, once its signature is the town's and was made within five minutes
        either way of now: Stripe's library refuses an old one, a future one is refused
        here, so a captured or forged-ahead delivery cannot be replayed later."""
        import stripe

        try:
            event = stripe.Webhook.construct_event(
                payload, signature, self.webhook_secret, api_key=self.secret_key,
                tolerance=SIGNATURE_TOLERANCE,
            )
        except (ValueError, stripe.SignatureVerificationError) as error:
            raise InvalidSignature(str(error)) from error
        if signed_at(signature) > time.time() + SIGNATURE_TOLERANCE:
            raise InvalidSignature("The signature is dated in the future.")
        return self._translate(event)

    @staticmethod
    def _translate(event) -> ProviderEvent:
        data = event.data.object.to_dict()
        common = {"event_id": event.id, "type": event.type}
        if event.type == "checkout.session.completed" and data.get("payment_status") == "paid":
            return ProviderEvent(
                **common, kind=EventKind.PAID, session_id=data["id"],
                payment_id=data.get("payment_intent") or "",
                amount=dollars(data.get("amount_total")), currency=data.get("currency") or "",
            )
        if event.type == "charge.refunded":
            return ProviderEvent(
                **common, kind=EventKind.REFUNDED, payment_id=data.get("payment_intent") or "",
                amount=dollars(data.get("amount_refunded")), currency=data.get("currency") or "",
                reason="Refunded through the card processor",
            )
        if event.type == "charge.dispute.created":
            return ProviderEvent(
                **common, kind=EventKind.DISPUTED, payment_id=data.get("payment_intent") or "",
                amount=dollars(data.get("amount")), currency=data.get("currency") or "",
                reason=f"Card holder disputes the charge ({data.get('reason') or 'no reason'})",
            )
        return ProviderEvent(**common, kind=EventKind.OTHER)


def signed_at(signature: str) -> int:
    """The moment a verified ``Stripe-Signature`` header says it was made (its ``t=``)."""
    return max(int(value) for key, _, value in
               (item.partition("=") for item in signature.split(",")) if key.strip() == "t")


class DemoCheckout(StripeCheckout):
    """The built-in stand-in for Stripe's hosted checkout (``PAYMENT_DEMO_CHECKOUT``).

    Its checkout page is the site's own ("Demo payment — no money moves"). Paying there
    writes the ``checkout.session.completed`` event Stripe would send, signs it with the
    town's webhook secret by Stripe's scheme, and hands it to the same verification
    (:meth:`StripeCheckout.parse_event`) and handler as a delivery from Stripe.
    """

    code = "demo"

    def __init__(self, *, webhook_secret: str):
        super().__init__(secret_key="", webhook_secret=webhook_secret)

    def open_checkout(self, request: CheckoutRequest) -> HostedCheckout:
        session_id = f"cs_demo_{uuid.uuid4().hex}"
        return HostedCheckout(
            session_id=session_id,
            url=reverse("online_payments:demo_checkout", args=[session_id]))

    def signed_completion(self, *, session_id: str, amount: Decimal,
                          reference: str) -> tuple[bytes, str]:
        """The completed-checkout event for ``amount`` charged, and its signature header."""
        import stripe

        payload = json.dumps({
            "id": f"evt_demo_{uuid.uuid4().hex}", "object": "event",
            "type": "checkout.session.completed", "created": int(time.time()),
            "livemode": False, "data": {"object": {
                "id": session_id, "object": "checkout.session", "payment_status": "paid",
                "status": "complete", "amount_total": cents(amount), "currency": CURRENCY,
                "payment_intent": f"pi_demo_{uuid.uuid4().hex}",
                "client_reference_id": reference, "metadata": {"reference": reference},
            }},
        })
        return payload.encode(), stripe.WebhookSignature.generate_signature_header(
            payload, self.webhook_secret)


def demo_webhook_secret(town_code: str) -> str:
    """The demo checkout's signing secret of a town without its own: derived from the
    site's ``SECRET_KEY``, so no one outside the site can forge a demo delivery."""
    return "whsec_demo_" + salted_hmac("online_payments.demo_checkout", town_code).hexdigest()


def provider_for(municipality) -> PaymentProvider | None:
    """The town's provider: Stripe with its keys; else the demo checkout when
    ``PAYMENT_DEMO_CHECKOUT`` is on; else None (the town takes payment at its counter)."""
    keys = settings.ONLINE_PAYMENT_TOWNS.get(municipality.code) or {}
    if keys.get("secret_key") and keys.get("webhook_secret"):
        return StripeCheckout(secret_key=keys["secret_key"],
                              webhook_secret=keys["webhook_secret"])
    if settings.PAYMENT_DEMO_CHECKOUT:
        return DemoCheckout(webhook_secret=keys.get("webhook_secret")
                            or demo_webhook_secret(municipality.code))
    return None
