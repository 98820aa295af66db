"""Online payment and counter instructions: every state change of this app.

A payment is recorded only from the provider's verified webhook, through the
same ``record_payment`` service the counter uses (method ``card``, the
provider's payment id as the receipt reference), so the same checks refuse it
(a citation referred to the court, an invoice already paid) and what follows
a paid invoice follows here too: the fee blocker clears and the Clerk issues.
"""

from __future__ import annotations

import re
import uuid
from collections.abc import Callable
from decimal import Decimal
from typing import TYPE_CHECKING

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext_noop

from permits_site import audit
from permits_site.accounts.permissions import (
    is_admin,
    is_clerk,
    is_party,
    refuse_own_application,
)
from permits_site.enforcement.services.dispositions import payment_refusal
from permits_site.exceptions import DomainError, PermissionDenied
from permits_site.licensing.invoice_subjects import subject_prefetched, subject_related
from permits_site.licensing.models import (
    ApplicationStatus,
    Invoice,
    InvoiceStatus,
    PaymentMethod,
)
from permits_site.licensing.services.payments import record_payment
from permits_site.online_payments.models import (
    CheckoutStatus,
    FlagKind,
    OnlineCheckout,
    PaymentFlag,
    PaymentOffice,
    WebhookEvent,
)
from permits_site.online_payments.providers import (
    ChargeLine,
    CheckoutRequest,
    DemoCheckout,
    EventKind,
    ProviderError,
    ProviderEvent,
    provider_for,
)
from permits_site.rules.wording import explain
from permits_site.towns.models import Municipality
from permits_site.towns.typed_text import columns

if TYPE_CHECKING:
    from permits_site.accounts.models import User

OFFICE_FIELDS = ("office", "address", "hours", "accepts", "payee", "phone",
                 "animal_control_phone", "convenience_fee")
#: What a caller may leave out: kept as it was.
OPTIONAL_OFFICE_FIELDS = ("animal_control_phone",)
#: What the admin types in English and may give in the other languages residents read.
TRANSLATED_OFFICE_FIELDS = (*columns("office"), *columns("hours"), *columns("accepts"))
#: The telephones a resident dials from the pages: the office's and the Animal Control
#: Officer's.
PHONE_FIELDS = ("phone", "animal_control_phone")
#: A US telephone number as an office writes it: digits, spaces, parentheses, dashes and
#: dots, with an optional extension ("(508) 555-0103 ext. 12").
TELEPHONE = re.compile(r"(?P<number>[\d\s().-]+?)(?:\s*ext\.?\s*(?P<extension>\d{1,6}))?",
                       re.IGNORECASE)


# -- counter instructions ---------------------------------------------------------------


def _dialled_digits(phone: str) -> tuple[str, str] | None:
    """The ten digits of a US number (a leading 1 dropped) and its extension, or None when
    ``phone`` is not one."""
    written = TELEPHONE.fullmatch(phone.strip())
    if written is None:
        return None
    digits = re.sub(r"\D", "", written["number"])
    if len(digits) == 11 and digits.startswith("1"):
        digits = digits[1:]
    return (digits, written["extension"] or "") if len(digits) == 10 else None


def phone_errors(fields: dict) -> dict[str, list[str]]:
    """The telephones given that are not US telephone numbers, on their fields; one left
    empty is not given."""
    return {name: ["Enter a telephone number, e.g. (508) 555-0103."]
            for name in PHONE_FIELDS
            if fields.get(name) and _dialled_digits(fields[name]) is None}


def tel_uri(phone: str) -> str:
    """The ``tel:`` link of an office telephone (RFC 3966): "tel:+1-508-555-0103;ext=12";
    "" for one not a US number."""
    dialled = _dialled_digits(phone or "")
    if dialled is None:
        return ""
    digits, extension = dialled
    number = f"tel:+1-{digits[:3]}-{digits[3:6]}-{digits[6:]}"
    return f"{number};ext={extension}" if extension else number


def save_office(*, municipality: Municipality, acting_user: User, **fields) -> PaymentOffice:
    """The town admin sets where, when and to whom to pay, and the convenience fee; a
    telephone that is not a US number is refused on its field."""
    if not is_admin(acting_user, municipality.pk):
        raise PermissionDenied("Only the town's admin edits its payment instructions.")
    errors = phone_errors(fields)
    if errors:
        raise DomainError(errors)
    with transaction.atomic():
        office = PaymentOffice.objects.select_for_update().filter(
            municipality=municipality).first() or PaymentOffice(municipality=municipality)
        saved = (*(name for name in OFFICE_FIELDS
                   if name in fields or name not in OPTIONAL_OFFICE_FIELDS),
                 *(name for name in TRANSLATED_OFFICE_FIELDS if name in fields))
        before = {name: str(getattr(office, name, "")) for name in saved}
        for name in saved:
            setattr(office, name, fields[name])
        office.updated_at = timezone.now()
        office.updated_by = acting_user
        office.save()
        audit.record(
            actor=acting_user, action="payments.office_updated", subject=office,
            municipality=municipality, summary=f"Payment instructions of {municipality}",
            before=before, after={name: str(fields[name]) for name in saved},
        )
    return office


def convenience_fee(municipality: Municipality) -> Decimal:
    office = PaymentOffice.objects.filter(municipality=municipality).first()
    return office.convenience_fee if office is not None else Decimal("0.00")


# -- paying online ------------------------------------------------------------------------


def is_payer(user, invoice: Invoice) -> bool:
    """The person who owes the invoice, or a member of the business that owes it."""
    return user.is_authenticated and is_party(
        user, person_id=invoice.payer_id, business_id=invoice.payer_business_id)


#: Why an invoice no longer open is not paid online, by its status.
_CLOSED_INVOICE = {
    InvoiceStatus.PAID: gettext_noop("Invoice #%(number)s is paid."),
    InvoiceStatus.VOID: gettext_noop("Invoice #%(number)s is void."),
}


def online_refusal(invoice: Invoice) -> str | None:
    """Why the invoice cannot be paid online now, or None: an English sentence a resident's
    page says in the reader's language (``explained``)."""
    number = str(invoice.pk)
    if provider_for(invoice.municipality) is None:
        return explain(gettext_noop("The %(town)s does not take payment online yet."),
                       town=str(invoice.municipality))
    if invoice.status == InvoiceStatus.VOID and invoice.application_id and (
            invoice.application.status == ApplicationStatus.WITHDRAWN):
        return explain(gettext_noop("Invoice #%(number)s is void: it was cancelled when its "
                                    "application was withdrawn, and nothing is owed on it."),
                       number=number)
    if invoice.status != InvoiceStatus.OPEN:
        return explain(_CLOSED_INVOICE[invoice.status], number=number)
    if invoice.balance() <= 0:
        return explain(gettext_noop("Nothing is due on invoice #%(number)s."), number=number)
    return payment_refusal(invoice)


def charge_lines(invoice: Invoice) -> tuple[ChargeLine, ...]:
    """What the card is charged: the invoice's balance, then the convenience fee if any (the
    provider reads the English; the resident's page, the reader's language)."""
    lines = [ChargeLine(explain(gettext_noop("%(town)s invoice #%(number)s"),
                                town=invoice.municipality.short_name, number=str(invoice.pk)),
                        invoice.balance())]
    fee = convenience_fee(invoice.municipality)
    if fee > 0:
        lines.append(ChargeLine(explain(gettext_noop("Card processing convenience fee")), fee))
    return tuple(lines)


def start_checkout(
    *, invoice: Invoice, acting_user: User, return_url: Callable[[uuid.UUID], str]
) -> tuple[OnlineCheckout, str]:
    """Open the provider's hosted checkout for the invoice's balance; returns the
    checkout and the address to send the resident to. Nothing is paid yet."""
    if not is_payer(acting_user, invoice):
        raise PermissionDenied("Only the person or business that owes it pays an invoice.")
    refusal = online_refusal(invoice)
    if refusal:
        raise DomainError(refusal, field="invoice")
    provider = provider_for(invoice.municipality)
    token = uuid.uuid4()
    lines = charge_lines(invoice)
    try:
        hosted = provider.open_checkout(CheckoutRequest(
            reference=str(token), lines=lines, success_url=return_url(token),
            cancel_url=return_url(token), email=acting_user.email,
        ))
    except ProviderError as error:
        raise DomainError("The card processor did not answer; try again later or pay the "
                          f"town's office ({error}).", field="invoice") from error
    with transaction.atomic():
        checkout = OnlineCheckout.objects.create(
            token=token, municipality=invoice.municipality, invoice=invoice,
            started_by=acting_user, provider=provider.code, session_id=hosted.session_id,
            amount=lines[0].amount, convenience_fee=sum(
                (line.amount for line in lines[1:]), Decimal("0.00")),
        )
        audit.record(
            actor=acting_user, action="payments.checkout_started", subject=invoice,
            municipality=invoice.municipality,
            summary=f"Online payment of ${checkout.amount} started",
            after={"checkout": str(token), "charged": str(checkout.charged)},
        )
    return checkout, hosted.url


def pay_on_demo_checkout(*, checkout: OnlineCheckout, acting_user: User) -> WebhookEvent:
    """The resident presses "Pay" on the demo checkout: the event the provider would send
    for the charge is signed with the town's webhook secret and handed to
    :func:`receive_event`, the webhook's own handler; nothing else records the payment."""
    if checkout.started_by_id != acting_user.pk:
        raise PermissionDenied("Only the person who started a checkout pays it.")
    provider = provider_for(checkout.municipality)
    if not isinstance(provider, DemoCheckout) or checkout.provider != provider.code:
        raise DomainError("This checkout is not paid on the demo checkout.", field="checkout")
    payload, signature = provider.signed_completion(
        session_id=checkout.session_id, amount=checkout.charged, reference=str(checkout.token))
    return receive_event(municipality=checkout.municipality, payload=payload,
                         signature=signature)


# -- webhooks -----------------------------------------------------------------------------


def receive_event(*, municipality: Municipality, payload: bytes, signature: str) -> WebhookEvent:
    """Verify and apply one webhook delivery; the same event id again changes nothing.

    Raises ``InvalidSignature`` (nothing is stored) when the delivery is not the
    provider's.
    """
    provider = provider_for(municipality)
    if provider is None:
        raise DomainError(f"The {municipality} takes no payment online.")
    event = provider.parse_event(payload=payload, signature=signature)
    with transaction.atomic():
        stored, first_time = _store_once(municipality=municipality, provider=provider.code,
                                         event=event)
        if first_time:
            stored.outcome = _apply(event, stored=stored, provider=provider.code)[:300]
            stored.save(update_fields=["outcome"])
    return stored


def _store_once(*, municipality: Municipality, provider: str,
                event: ProviderEvent) -> tuple[WebhookEvent, bool]:
    """The stored event, and whether this delivery is its first (the unique event id
    decides, also between deliveries arriving together)."""
    try:
        with transaction.atomic():
            return WebhookEvent.objects.create(
                municipality=municipality, provider=provider, event_id=event.event_id,
                kind=event.type), True
    except IntegrityError:
        return WebhookEvent.objects.get(provider=provider, event_id=event.event_id), False


def _apply(event: ProviderEvent, *, stored: WebhookEvent, provider: str) -> str:
    if event.kind is EventKind.PAID:
        return _apply_payment(event, stored=stored, provider=provider)
    if event.kind in (EventKind.REFUNDED, EventKind.DISPUTED):
        return _apply_reversal(event, stored=stored, provider=provider)
    return "Not an event this site acts on."


def _apply_payment(event: ProviderEvent, *, stored: WebhookEvent, provider: str) -> str:
    checkout = (OnlineCheckout.objects.select_for_update()
                .select_related("invoice__municipality", "started_by")
                .filter(municipality=stored.municipality, provider=provider,
                        session_id=event.session_id).first())
    if checkout is None:
        return f"No checkout of this town has session {event.session_id}; nothing changed."
    if checkout.status != CheckoutStatus.OPEN:
        return f"Checkout already {checkout.get_status_display().lower()}; nothing changed."
    mismatch = _mismatch(checkout, event)
    if mismatch:
        return _not_applied(checkout, event, stored=stored, reason=mismatch)
    try:
        payment, _created = record_payment(
            invoice=checkout.invoice, method=PaymentMethod.CARD, reference=event.payment_id,
            amount=checkout.amount, acting_user=checkout.started_by, online=True,
        )
    except DomainError as error:
        return _not_applied(checkout, event, stored=stored, reason=str(error))
    _complete(checkout, event, status=CheckoutStatus.PAID, payment=payment)
    return f"Recorded ${checkout.amount} on invoice #{checkout.invoice_id}."


def _mismatch(checkout: OnlineCheckout, event: ProviderEvent) -> str:
    if event.currency.lower() != checkout.currency:
        paid_in = event.currency.upper() or "no currency"
        return f"Paid in {paid_in}, not {checkout.currency.upper()}."
    if event.amount != checkout.charged:
        return f"Paid ${event.amount}, but the checkout was for ${checkout.charged}."
    return ""


def _complete(checkout: OnlineCheckout, event: ProviderEvent, *, status: str, payment=None,
              note: str = "") -> None:
    checkout.status = status
    checkout.payment = payment
    checkout.provider_payment_id = event.payment_id
    checkout.note = note[:300]
    checkout.completed_at = timezone.now()
    checkout.save(update_fields=["status", "payment", "provider_payment_id", "note",
                                 "completed_at"])


def _not_applied(checkout: OnlineCheckout, event: ProviderEvent, *, stored: WebhookEvent,
                 reason: str) -> str:
    """Money the provider took that the invoice cannot take: kept for the Clerk to refund."""
    _complete(checkout, event, status=CheckoutStatus.NOT_APPLIED, note=reason)
    _flag(checkout, stored=stored, kind=FlagKind.NOT_APPLIED, amount=event.amount, reason=reason)
    return f"Not applied: {reason}"


def _apply_reversal(event: ProviderEvent, *, stored: WebhookEvent, provider: str) -> str:
    """A refund or dispute is recorded and flagged; the permit stays as it is until the
    Clerk decides."""
    checkout = OnlineCheckout.objects.select_related("invoice").filter(
        municipality=stored.municipality, provider=provider,
        provider_payment_id=event.payment_id).exclude(provider_payment_id="").first()
    if checkout is None:
        return f"No online payment of this town is {event.payment_id}; nothing changed."
    kind = FlagKind.REFUND if event.kind is EventKind.REFUNDED else FlagKind.DISPUTE
    _flag(checkout, stored=stored, kind=kind, amount=event.amount, reason=event.reason)
    return f"{kind.label} ${event.amount}: flagged for the Clerk."


def _flag(checkout: OnlineCheckout, *, stored: WebhookEvent, kind: FlagKind, amount: Decimal,
          reason: str) -> PaymentFlag:
    flag = PaymentFlag.objects.create(
        checkout=checkout, event=stored, kind=kind, amount=amount, reason=reason[:300])
    audit.record(
        actor=None, action=f"payments.{kind}", subject=checkout.invoice,
        municipality=checkout.municipality,
        summary=f"Online payment {kind.label.lower()}: ${amount} ({reason})",
        after={"flag": flag.pk, "event": stored.event_id},
    )
    return flag


# -- the Clerk's flags --------------------------------------------------------------------


def mark_reviewed(*, flag: PaymentFlag, acting_user: User) -> PaymentFlag:
    """The Clerk has dealt with a flagged payment (refunded it, or decided on the permit);
    never a payment for their own application (``own_application_refusal``)."""
    municipality = flag.checkout.municipality
    if not is_clerk(acting_user, municipality.pk):
        raise PermissionDenied("Only the town's clerk reviews flagged payments.")
    if (application := flag.checkout.invoice.application) is not None:
        refuse_own_application(acting_user, application)
    with transaction.atomic():
        flag = PaymentFlag.objects.select_for_update().get(pk=flag.pk)
        if flag.reviewed_at is not None:
            raise DomainError("This flag was already reviewed.")
        flag.reviewed_at = timezone.now()
        flag.reviewed_by = acting_user
        flag.save(update_fields=["reviewed_at", "reviewed_by"])
        audit.record(
            actor=acting_user, action="payments.flag_reviewed", subject=flag,
            municipality=municipality, summary=f"Reviewed: {flag}",
            before={"reviewed": False}, after={"reviewed": True},
        )
    return flag


def open_flags(*, municipality_ids):
    """Unreviewed flags of these towns, with what their rows show — the record each invoice
    is for, whatever registered it (``invoice_subjects``) — in one query, and one more for
    each many-valued path a subject reads."""
    return (PaymentFlag.objects.filter(reviewed_at__isnull=True,
                                       checkout__municipality_id__in=municipality_ids)
            .select_related("checkout__municipality", "checkout__started_by",
                            "checkout__invoice__municipality",
                            *(f"checkout__invoice__{path}" for path in subject_related()))
            .prefetch_related(*(f"checkout__invoice__{path}"
                                for path in subject_prefetched())))
