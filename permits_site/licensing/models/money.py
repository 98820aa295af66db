"""Invoices, their frozen lines and payments; a paid invoice is never edited."""

from __future__ import annotations

from decimal import Decimal

from django.conf import settings
from django.db import models
from django.db.models import Q, Sum
from django.utils import timezone
from django.utils.translation import gettext_noop

from permits_site.exceptions import ImmutableRecord
from permits_site.licensing.models.applications import Application
from permits_site.licensing.models.schedules import MONEY, FeeSchedule
from permits_site.towns.models import Municipality
from permits_site.towns.typed_text import in_other_languages


class InvoiceStatus(models.TextChoices):
    OPEN = "open", gettext_noop("Open")
    PAID = "paid", gettext_noop("Paid")
    VOID = "void", gettext_noop("Void")


class Invoice(models.Model):
    municipality = models.ForeignKey(
        Municipality, on_delete=models.PROTECT, related_name="invoices"
    )
    application = models.ForeignKey(
        Application, on_delete=models.PROTECT, related_name="invoices", null=True, blank=True
    )
    payer = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True,
        related_name="invoices",
        help_text="Blank only for a citation whose party has no account here.",
    )
    payer_business = models.ForeignKey(
        "parties.Business",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="invoices",
        help_text="Set when a business owes the invoice; ``payer`` is then the acting member.",
    )
    # Long enough for a business's legal name and d/b/a, or a person's full name.
    payer_name = models.CharField(
        max_length=410, blank=True,
        help_text="Whom it is billed to, as named when it was made; blank when no one is.",
    )
    payer_address = models.CharField(
        max_length=320, blank=True,
        help_text="The mailing address it was billed to when it was made.",
    )
    status = models.CharField(
        max_length=10, choices=InvoiceStatus.choices, default=InvoiceStatus.OPEN
    )
    created_at = models.DateTimeField(auto_now_add=True)
    paid_at = models.DateTimeField(null=True, blank=True)
    fee_schedule = models.ForeignKey(
        FeeSchedule, on_delete=models.PROTECT, null=True, blank=True, related_name="invoices"
    )

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"Invoice #{self.pk}"

    def save(self, *args, **kwargs):
        if self._state.adding:
            self.keep_billed_to()
        if self.pk is not None:
            stored_status = (
                Invoice.objects.filter(pk=self.pk).values_list("status", flat=True).first()
            )
            if stored_status == InvoiceStatus.PAID:
                raise ImmutableRecord("A paid invoice cannot be edited.")
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        if self.payments.exists() or self.is_paid:
            raise ImmutableRecord("A paid invoice is never deleted.")
        super().delete(*args, **kwargs)

    @property
    def is_paid(self) -> bool:
        return self.status == InvoiceStatus.PAID

    @property
    def billed_to(self):
        """Who owes it: the business it is made out to (the party of its applications, spec
        ``lifecycle.md`` "Holders"), else the person; None for a citation whose party has no
        account here. The member who acted stays ``payer`` and the audit's actor."""
        return self.payer_business or self.payer

    def keep_billed_to(self) -> None:
        """Write down whom it is billed to, by name and mailing address as they are now,
        when it is made: the invoice goes on saying so after the business is renamed or
        the person moves, as a permit keeps its holder as issued."""
        party = self.billed_to
        self.payer_name = party.display_name if party else ""
        self.payer_address = party.mailing_address if party else ""

    @property
    def total(self) -> Decimal:
        return sum((line.amount for line in self.lines.all()), Decimal("0.00"))

    def amount_paid(self) -> Decimal:
        return self.payments.aggregate(total=Sum("amount"))["total"] or Decimal("0.00")

    def balance(self) -> Decimal:
        """What is still owed: the lines' total less the payments received."""
        return self.total - self.amount_paid()


class InvoiceLine(models.Model):
    invoice = models.ForeignKey(Invoice, on_delete=models.PROTECT, related_name="lines")
    code = models.CharField(max_length=60)
    description = models.CharField(max_length=200)
    description_pt_br, description_es = in_other_languages(description)
    amount = models.DecimalField(**MONEY)
    citation = models.CharField(max_length=200)
    percent = models.PositiveIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["pk"]

    def __str__(self) -> str:
        return f"{self.description}: ${self.amount}"

    def save(self, *args, **kwargs):
        if self.invoice.is_paid:
            raise ImmutableRecord("A paid invoice's lines cannot change.")
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        if self.invoice.is_paid:
            raise ImmutableRecord("A paid invoice's lines cannot change.")
        super().delete(*args, **kwargs)


class PaymentMethod(models.TextChoices):
    """How money was paid, as the office records it; marked for the catalogues."""

    CASH = "cash", gettext_noop("Cash")
    CHECK = "check", gettext_noop("Check")
    MONEY_ORDER = "money_order", gettext_noop("Money order")
    CARD = "card", gettext_noop("Card (processor reference)")


#: How a payment was made, as a sentence says it ("We received $12.00 by card", "Paid June 3,
#: 2027 in cash, reference R-1"); the method's label is for choosing it. Marked for the
#: catalogues.
PAID_BY = {
    PaymentMethod.CASH: gettext_noop("in cash"),
    PaymentMethod.CHECK: gettext_noop("by check"),
    PaymentMethod.MONEY_ORDER: gettext_noop("by money order"),
    PaymentMethod.CARD: gettext_noop("by card"),
}


class Payment(models.Model):
    """Money received against an invoice. The reference is unique per town, so
    recording the same receipt twice changes nothing."""

    invoice = models.ForeignKey(Invoice, on_delete=models.PROTECT, related_name="payments")
    municipality = models.ForeignKey(Municipality, on_delete=models.PROTECT)
    method = models.CharField(max_length=20, choices=PaymentMethod.choices)
    reference = models.CharField(max_length=100)
    amount = models.DecimalField(**MONEY)
    received_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT)
    received_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["received_at"]
        constraints = [
            models.UniqueConstraint(
                fields=["municipality", "reference"], name="unique_payment_reference"
            ),
            models.CheckConstraint(condition=Q(amount__gt=0), name="payment_positive"),
        ]

    def __str__(self) -> str:
        return f"${self.amount} {self.paid_by} (ref. {self.reference})"

    def save(self, *args, **kwargs):
        if self.pk is not None:
            raise ImmutableRecord("A recorded payment is never edited.")
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise ImmutableRecord("A recorded payment is never deleted.")

    @property
    def paid_by(self) -> str:
        """How it was paid, within a sentence: "by card", "in cash" (:data:`PAID_BY`)."""
        return PAID_BY[self.method]
