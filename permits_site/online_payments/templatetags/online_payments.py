"""What the fee and citation pages show about paying: the counter, online, and flags."""

from dataclasses import dataclass

from django import template

from permits_site.licensing.models import Invoice, InvoiceStatus
from permits_site.online_payments.models import PaymentFlag, PaymentOffice
from permits_site.online_payments.services import is_payer, online_refusal, tel_uri
from permits_site.towns.models import Municipality

register = template.Library()

#: ``{{ office.phone|tel_uri }}``: the ``tel:`` link of an office telephone, "" for one that
#: is not a US number (then the page shows the number without a link).
register.filter("tel_uri", tel_uri)


@dataclass(frozen=True)
class PaymentOptions:
    office: PaymentOffice | None
    #: The viewer owes ``invoice`` and it is open: the "Pay" button leads to its page.
    payer: bool
    #: ... and it may be paid online now.
    online: bool


@register.simple_tag(takes_context=True)
def payment_options(context, municipality: Municipality, invoice: Invoice | None = None):
    """The town's counter instructions, and whether the viewer may pay ``invoice`` (online)."""
    user = context["request"].user
    payer = (invoice is not None and invoice.status == InvoiceStatus.OPEN
             and is_payer(user, invoice))
    return PaymentOptions(
        office=PaymentOffice.objects.filter(municipality=municipality).first(), payer=payer,
        online=payer and online_refusal(invoice) is None)


@register.simple_tag
def payment_flags(application) -> list[PaymentFlag]:
    """Refunds, disputes and unapplied money on the application's invoices."""
    return list(PaymentFlag.objects.filter(checkout__invoice__application=application,
                                           reviewed_at__isnull=True)
                .select_related("checkout"))
