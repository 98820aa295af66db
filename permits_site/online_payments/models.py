"""Where and how a town takes money: its counter, and card payments through a provider.

A town's invoice is the statutory fee or fine and nothing else. Money paid
online becomes a licensing ``Payment`` only when the provider's signed
webhook says so; everything the provider tells us afterwards (a refund, a
dispute, money that could not be applied) is kept here and flagged for the
Clerk, never applied to the permit by itself.
"""

from __future__ import annotations

import uuid
from decimal import Decimal

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils import timezone

from permits_site.licensing.models import MONEY, Invoice, Payment
from permits_site.towns.models import Municipality
from permits_site.towns.typed_text import in_other_languages


class PaymentOffice(models.Model):
    """Where, when and to whom a town's invoices are paid at the counter, and the
    convenience fee its card processor adds online; edited by the town's admin."""

    municipality = models.OneToOneField(
        Municipality, on_delete=models.CASCADE, related_name="payment_office"
    )
    office = models.CharField("office", max_length=120, default="Town Clerk's office")
    office_pt_br, office_es = in_other_languages(office)
    address = models.CharField(
        "street address", max_length=300, help_text="Where to pay in person or send a check."
    )
    hours = models.CharField(
        "office hours", max_length=200,
        help_text="For example: Monday–Thursday, 8:00 a.m.–4:30 p.m.",
    )
    hours_pt_br, hours_es = in_other_languages(hours)
    accepts = models.CharField(
        "the counter takes", max_length=200, default="Cash, check or money order",
        help_text="What the office takes in person, as every invoice and citation says it; "
                  "for example: Cash, check, money order or card.",
    )
    accepts_pt_br, accepts_es = in_other_languages(accepts)
    payee = models.CharField(
        "make checks payable to", max_length=200, help_text="For example: Town of North Andover."
    )
    phone = models.CharField(
        "office telephone", max_length=30, blank=True,
        help_text="Printed where a resident checks a license or asks about a payment; "
                  "for example: (978) 555-0100.",
    )
    animal_control_phone = models.CharField(
        "Animal Control Officer's telephone", max_length=30, blank=True,
        help_text="Whom a finder of a stray or lost animal calls; printed on the public "
                  "found-animal page. For example: (978) 555-0110.",
    )
    convenience_fee = models.DecimalField(
        "online convenience fee", **MONEY, default=Decimal("0.00"),
        validators=[MinValueValidator(Decimal("0.00")), MaxValueValidator(Decimal("25.00"))],
        help_text="A flat amount, up to $25.00, the card processor charges on top of the "
                  "invoice; 0 for none. It is never part of the town's invoice.",
    )
    updated_at = models.DateTimeField(default=timezone.now)
    updated_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True,
        related_name="+",
    )

    def __str__(self) -> str:
        return f"{self.office}, {self.address}"


class CheckoutStatus(models.TextChoices):
    OPEN = "open", "Waiting for the provider"
    PAID = "paid", "Paid"
    NOT_APPLIED = "not_applied", "Received but not applied"


class OnlineCheckout(models.Model):
    """One hosted checkout started by a resident for an invoice's balance.

    ``amount`` is the balance the invoice owed when the checkout started: the
    only amount a webhook may record. ``convenience_fee`` is charged by the
    provider on top and stays here; it is never a line of the town's invoice.
    """

    token = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    municipality = models.ForeignKey(Municipality, on_delete=models.PROTECT, related_name="+")
    invoice = models.ForeignKey(Invoice, on_delete=models.PROTECT, related_name="checkouts")
    started_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="checkouts"
    )
    provider = models.CharField(max_length=20)
    session_id = models.CharField(max_length=255)
    amount = models.DecimalField(**MONEY)
    convenience_fee = models.DecimalField(**MONEY, default=Decimal("0.00"))
    currency = models.CharField(max_length=3, default="usd")
    status = models.CharField(
        max_length=20, choices=CheckoutStatus.choices, default=CheckoutStatus.OPEN
    )
    provider_payment_id = models.CharField(max_length=255, blank=True)
    payment = models.OneToOneField(
        Payment, on_delete=models.PROTECT, null=True, blank=True, related_name="checkout"
    )
    note = models.CharField(max_length=300, blank=True)
    started_at = models.DateTimeField(default=timezone.now)
    completed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-started_at", "-pk"]
        constraints = [
            models.UniqueConstraint(fields=["provider", "session_id"],
                                    name="unique_checkout_session"),
        ]

    def __str__(self) -> str:
        return f"Online checkout of invoice #{self.invoice_id} ({self.get_status_display()})"

    @property
    def charged(self) -> Decimal:
        """What the card is charged: the invoice's balance and the convenience fee."""
        return self.amount + self.convenience_fee


class WebhookEvent(models.Model):
    """Every event a provider delivered with a valid signature, once: a replay of the
    same event id finds it here and changes nothing."""

    municipality = models.ForeignKey(Municipality, on_delete=models.PROTECT, related_name="+")
    provider = models.CharField(max_length=20)
    event_id = models.CharField(max_length=255)
    kind = models.CharField(max_length=100)
    outcome = models.CharField(max_length=300, blank=True)
    received_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-received_at", "-pk"]
        constraints = [
            models.UniqueConstraint(fields=["provider", "event_id"],
                                    name="unique_webhook_event"),
        ]

    def __str__(self) -> str:
        return f"{self.provider} {self.kind} {self.event_id}"


class FlagKind(models.TextChoices):
    REFUND = "refund", "Refunded"
    DISPUTE = "dispute", "Disputed"
    NOT_APPLIED = "not_applied", "Paid but not applied"


class PaymentFlag(models.Model):
    """Something the provider reported that the Clerk must look at: a refund, a
    dispute, or money received that could not be applied to the invoice. The
    permit is not revoked or the invoice reopened automatically; the Clerk decides."""

    checkout = models.ForeignKey(OnlineCheckout, on_delete=models.PROTECT, related_name="flags")
    event = models.OneToOneField(WebhookEvent, on_delete=models.PROTECT, related_name="flag")
    kind = models.CharField(max_length=20, choices=FlagKind.choices)
    amount = models.DecimalField(**MONEY)
    reason = models.CharField(max_length=300)
    raised_at = models.DateTimeField(default=timezone.now)
    reviewed_at = models.DateTimeField(null=True, blank=True)
    reviewed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True,
        related_name="+",
    )

    class Meta:
        ordering = ["raised_at", "pk"]

    def __str__(self) -> str:
        return f"{self.get_kind_display()}: ${self.amount} ({self.reason})"
