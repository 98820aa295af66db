"""The clerk charges for documents at the counter (Tisbury BOH Reg 09.0.5).

"The Board may charge for documents, including regulations it makes available for public
distribution. Where such charges are established they shall not exceed the actual cost of
acquisition." The charges are the items of the fee schedule ``tisbury.documents`` in force on
the day; the text sets no amount, so the seeded items are placeholders the town admin confirms
at cost. A sale is an ordinary invoice of the core (no application, no payer account: the
buyer need not give a name) with one line per item, each naming 09.0.5, paid at the counter.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from django.db import transaction
from django.db.models import QuerySet, Sum
from django.utils import timezone

from permits_site import audit
from permits_site.accounts import permissions
from permits_site.exceptions import DomainError, PermissionDenied
from permits_site.licensing.models import FeeSchedule, Invoice, InvoiceLine, PermitType
from permits_site.licensing.services.fees import schedule_in_force
from permits_site.licensing.services.payments import record_payment
from permits_site.rules.calendar import format_date
from permits_site.towns.models import Municipality
from tisbury_regs.catalogue import DOCUMENT_FEES_CODE
from tisbury_regs.law import cite
from tisbury_regs.models import tisbury

if TYPE_CHECKING:
    from permits_site.accounts.models import User

SECTION = cite("09.0.5")
#: More copies than one sale at the counter plausibly holds: a typing slip, not a sale.
MOST_OF_ONE_ITEM = 5_000



def schedule_today() -> FeeSchedule | None:
    """The document fee schedule in force today (09.0.5), if the admin left one in force."""
    return schedule_in_force(PermitType.objects.get(code=DOCUMENT_FEES_CODE),
                             timezone.localdate())


def prices_today() -> FeeSchedule:
    """The document fee schedule in force today (09.0.5); refused when there is none."""
    schedule = schedule_today()
    if schedule is None:
        raise DomainError(f"No document fee schedule ({SECTION}) is in force on "
                          f"{format_date(timezone.localdate())}.", field="items")
    return schedule


def _quantity(code: str, value: Any) -> int:
    """The number asked of one item: none when left empty, else a whole number in bounds."""
    if value is None:
        return 0
    if isinstance(value, bool) or not isinstance(value, int) \
            or not 0 <= value <= MOST_OF_ONE_ITEM:
        raise DomainError(f"Enter a whole number from 0 to {MOST_OF_ONE_ITEM:,}.", field=code)
    return value


def lines_for(schedule: FeeSchedule, quantities: Mapping[str, Any]) -> list[dict[str, Any]]:
    """One invoice line per item bought: its price times the number, naming 09.0.5."""
    items = {item.code: item for item in schedule.items.all()}
    unknown = sorted(set(quantities) - set(items))
    if unknown:
        raise DomainError(f"The Board charges for: {', '.join(items)}.", field=unknown[0])
    lines = []
    for code, item in items.items():
        count = _quantity(code, quantities.get(code))
        if count:
            lines.append({"code": code, "citation": item.citation,
                          "description": f"{item.description}: {count} × ${item.amount}",
                          "amount": item.amount * count})
    if not lines:
        raise DomainError(f"Enter how many of at least one document ({SECTION}).",
                          field="items")
    return lines


def _require_clerk(user: User, town: Municipality) -> None:
    if not permissions.is_clerk(user, town.pk):
        raise PermissionDenied(f"Only the Board's clerk charges for documents ({SECTION}).")


@transaction.atomic
def charge_for_documents(*, quantities: Mapping[str, Any], acting_user: User) -> Invoice:
    """Invoice the documents asked for at today's prices (09.0.5); the invoice stays open
    until its payment is recorded."""
    town = tisbury()
    _require_clerk(acting_user, town)
    schedule = prices_today()
    lines = lines_for(schedule, quantities)
    invoice = Invoice.objects.create(municipality=town, fee_schedule=schedule)
    InvoiceLine.objects.bulk_create(InvoiceLine(invoice=invoice, **line) for line in lines)
    audit.record(actor=acting_user, action="documents.charged", subject=invoice,
                 municipality=town,
                 summary=f"Documents charged ({SECTION}): ${invoice.total}",
                 after={"lines": [line["description"] for line in lines]})
    return invoice


@transaction.atomic
def sell_documents(*, quantities: Mapping[str, Any], method: str, reference: str,
                   acting_user: User) -> Invoice:
    """Charge for the documents and record the payment received at the counter at once."""
    invoice = charge_for_documents(quantities=quantities, acting_user=acting_user)
    record_payment(invoice=invoice, method=method, reference=reference,
                   amount=invoice.total, acting_user=acting_user)
    invoice.refresh_from_db()
    return invoice


def document_sales(town: Municipality, *, limit: int = 50) -> QuerySet[Invoice]:
    """The latest document invoices with their lines and payments (a fixed number of
    queries)."""
    return (Invoice.objects.filter(municipality=town,
                                   fee_schedule__permit_type__code=DOCUMENT_FEES_CODE)
            .annotate(amount_received=Sum("payments__amount"))
            .prefetch_related("lines")
            .order_by("-created_at", "-pk")[:limit])
