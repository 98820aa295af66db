"""Recording money received against an invoice."""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from typing import TYPE_CHECKING

from django.db import IntegrityError, transaction
from django.utils import timezone

from permits_site import audit
from permits_site.accounts import permissions
from permits_site.exceptions import DomainError
from permits_site.licensing.models import Invoice, InvoiceStatus, Payment, PaymentMethod

if TYPE_CHECKING:
    from permits_site.accounts.models import User

#: Checks other apps register: each says why an invoice may not be paid now, or None.
_PAYMENT_CHECKS: list[Callable[[Invoice], str | None]] = []


def register_payment_check(check: Callable[[Invoice], str | None]) -> None:
    """Add a reason an invoice may not be paid (e.g. a citation referred to the court)."""
    if check not in _PAYMENT_CHECKS:
        _PAYMENT_CHECKS.append(check)


def record_payment(
    *, invoice: Invoice, method: str, reference: str, amount: Decimal, acting_user: User,
    online: bool = False,
) -> tuple[Payment, bool]:
    """Record a payment; returns (payment, created).

    A member of staff records no payment on the invoice of their own application
    (``permissions.own_application_refusal``); a payment the provider reports (``online``,
    from its signed webhook) was made by its payer, not recorded by staff.

    Idempotent on ``reference``: recording the same receipt again for the
    same invoice and amount returns the first payment and changes nothing.
    The invoice is marked paid once payments cover its total.

    The invoice row is locked before the receipt is looked up and the balance
    read, so payments arriving together are judged one after another: each
    sees what the one before it recorded, and none can pay more than is due.
    """
    if not online and invoice.application_id is not None:
        permissions.refuse_own_application(acting_user, invoice.application)
    reference = reference.strip()
    try:
        with transaction.atomic():
            invoice = Invoice.objects.select_for_update().get(pk=invoice.pk)
            existing = Payment.objects.filter(
                municipality_id=invoice.municipality_id, reference=reference
            ).first()
            if existing is not None:
                return _same_receipt(existing, invoice=invoice, amount=amount), False
            _check_payment(invoice=invoice, method=method, reference=reference, amount=amount)
            payment = _create_payment(
                invoice=invoice,
                method=method,
                reference=reference,
                amount=amount,
                acting_user=acting_user,
            )
    except IntegrityError:
        # The same reference recorded at this moment against another of the town's invoices.
        existing = Payment.objects.get(municipality=invoice.municipality, reference=reference)
        return _same_receipt(existing, invoice=invoice, amount=amount), False
    return payment, True


def _same_receipt(existing: Payment, *, invoice: Invoice, amount: Decimal) -> Payment:
    if existing.invoice_id != invoice.pk or existing.amount != amount:
        raise DomainError(
            f"Reference {existing.reference} was already recorded for invoice "
            f"#{existing.invoice_id} (${existing.amount}).",
            field="reference",
        )
    return existing


def _check_payment(*, invoice: Invoice, method: str, reference: str, amount: Decimal) -> None:
    errors: dict[str, str] = {}
    if invoice.status != InvoiceStatus.OPEN:
        errors["invoice"] = f"Invoice #{invoice.pk} is {invoice.get_status_display().lower()}."
    else:
        refusal = next(filter(None, (check(invoice) for check in _PAYMENT_CHECKS)), None)
        if refusal:
            errors["invoice"] = refusal
    if method not in PaymentMethod.values:
        errors["method"] = f"Choose one of: {', '.join(PaymentMethod.values)}."
    if not reference:
        errors["reference"] = "Enter the receipt, check or card reference."
    if amount is None or amount <= 0:
        errors["amount"] = "Enter an amount greater than zero."
    elif not errors:
        balance = invoice.balance()
        if amount > balance:
            errors["amount"] = f"The balance due is ${balance}; do not record more than that."
    if errors:
        raise DomainError(errors)


def _create_payment(
    *, invoice: Invoice, method: str, reference: str, amount: Decimal, acting_user: User
) -> Payment:
    """Called with ``invoice`` locked (see :func:`record_payment`)."""
    payment = Payment.objects.create(
        invoice=invoice,
        municipality=invoice.municipality,
        method=method,
        reference=reference,
        amount=amount,
        received_by=acting_user,
    )
    paid_in_full = invoice.amount_paid() >= invoice.total
    if paid_in_full:
        invoice.status = InvoiceStatus.PAID
        invoice.paid_at = timezone.now()
        invoice.save(update_fields=["status", "paid_at"])
    audit.record(
        actor=acting_user,
        action="payment.recorded",
        subject=invoice,
        municipality=invoice.municipality,
        summary=str(payment),
        before={"status": InvoiceStatus.OPEN},
        after={"status": invoice.status, "payment": payment.pk},
    )
    return payment
