"""Overdue license fees for the Collector (North Andover Code ch. 60, Licenses A(8),
Kennel license B(8); MGL c. 40, § 58).

A dog license renewed after March 1, or a kennel license after January 15 (each rolled past
a Friday, weekend or holiday), is overdue and owes the late fee besides the license fee;
both "may be added to the owner's tax bill or may be recovered through the imposition of a
municipal charges lien". The Town Clerk's list holds every unpaid invoice of a dog or
kennel license application that carries the late fee: the license fee, the late fee and
their total, with the owner, the mailing address and the property (address and assessors'
parcel where known). The Clerk downloads it as a CSV the Collector loads and marks the rows
sent; each referral freezes its amounts and is audited. Nothing is deleted or changed on
the invoice: a payment still settles it.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal
from typing import TYPE_CHECKING

from django.db import transaction
from django.utils import timezone

from dogs.law import cite
from dogs.licenses.kinds import LATE_FEE
from dogs.licenses.services import DOG_LICENSE, KENNEL_LICENSE
from dogs.models import CollectorReferral
from permits_site import audit
from permits_site.accounts import permissions
from permits_site.exceptions import DomainError, PermissionDenied
from permits_site.licensing.models import Invoice, InvoiceStatus
from permits_site.parties.models import Property

if TYPE_CHECKING:
    from permits_site.accounts.models import User
    from permits_site.towns.models import Municipality

LIEN_STATUTE = "MGL c. 40, § 58"
SECTIONS = {DOG_LICENSE: "Licenses A(8)", KENNEL_LICENSE: "Kennel license B(8)"}
CSV_COLUMNS = ("invoice", "owner", "mailing_address", "property_address", "parcel", "license",
               "license_year", "license_fee", "late_fee", "total", "section")
ZERO = Decimal("0.00")


@dataclass(frozen=True)
class OverdueFee:
    """One overdue license's unpaid fees, as the Collector's list shows them."""

    invoice: Invoice
    owner: str
    mailing_address: str
    property_address: str
    parcel: str
    what: str
    license_year: int
    license_fee: Decimal
    late_fee: Decimal

    @property
    def total(self) -> Decimal:
        return self.license_fee + self.late_fee

    @property
    def section(self) -> str:
        code = self.invoice.application.permit_type.code
        return f"{cite(SECTIONS[code])}; {LIEN_STATUTE}"


def _license_invoices(municipality: Municipality):
    return (
        Invoice.objects.filter(
            municipality=municipality, application__permit_type__code__in=SECTIONS,
            status=InvoiceStatus.OPEN, lines__code=LATE_FEE,
        )
        .distinct()
        .select_related("payer", "application__permit_type", "application__place",
                        "application__dog_license__dog__residence")
        .prefetch_related("lines")
        .order_by("payer__last_name", "payer__first_name", "pk")
    )


def _place(application) -> Property | None:
    details = getattr(application, "dog_license", None)
    return application.place or (details.dog.residence if details else None)


def _what_and_year(invoice: Invoice) -> tuple[str, int]:
    application = invoice.application
    details = getattr(application, "dog_license", None)
    if details is not None:
        return f"Dog: {details.dog.name}", details.license_year
    dogs = application.facts.get("dogs_over_6_months")
    year = application.facts.get("license_year") or timezone.localtime(invoice.created_at).year
    return (f"Kennel, {dogs} dogs" if dogs else "Kennel"), int(year)


def _overdue_fee(invoice: Invoice) -> OverdueFee:
    lines = list(invoice.lines.all())
    late_fee = sum((line.amount for line in lines if line.code == LATE_FEE), ZERO)
    place = _place(invoice.application)
    what, year = _what_and_year(invoice)
    payer = invoice.payer
    return OverdueFee(
        invoice=invoice, owner=payer.display_name if payer else "",
        mailing_address=payer.mailing_address if payer else "",
        property_address=place.address if place else "", parcel=place.parcel if place else "",
        what=what, license_year=year, license_fee=invoice.total - late_fee, late_fee=late_fee,
    )


def overdue_license_fees(municipality: Municipality) -> list[OverdueFee]:
    """The unpaid overdue license fees not yet sent to the Collector; a fixed number of
    queries whatever the number of rows."""
    invoices = _license_invoices(municipality).filter(collector_referral__isnull=True)
    return [_overdue_fee(invoice) for invoice in invoices]


def sent_to_collector(municipality: Municipality):
    """The referrals already sent, newest first."""
    return (CollectorReferral.objects.filter(invoice__municipality=municipality)
            .select_related("invoice__payer", "sent_by"))


def collector_csv(rows: Iterable[OverdueFee]) -> str:
    """The rows as the Collector loads them: one line per invoice, amounts as decimals."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(CSV_COLUMNS)
    for row in rows:
        writer.writerow([row.invoice.pk, row.owner, row.mailing_address, row.property_address,
                         row.parcel, row.what, row.license_year, row.license_fee, row.late_fee,
                         row.total, row.section])
    return out.getvalue()


@transaction.atomic
def mark_sent_to_collector(*, municipality: Municipality, invoice_ids: Iterable[int],
                           acting_user: User) -> list[CollectorReferral]:
    """Record the rows as sent to the Collector today, their amounts frozen, each audited.
    Only rows still on the list may be sent: anything else is refused and nothing is sent."""
    if not permissions.is_clerk(acting_user, municipality.pk):
        raise PermissionDenied("Only the Town Clerk sends overdue fees to the Collector.")
    wanted = set(invoice_ids)
    rows = [row for row in overdue_license_fees(municipality) if row.invoice.pk in wanted]
    if not wanted or len(rows) != len(wanted):
        raise DomainError("Choose rows of the overdue list: a row already sent, paid or "
                          "without a late fee cannot be sent.", field="invoices")
    today = timezone.localdate()
    return [_refer(row, today, acting_user, municipality) for row in rows]


def _refer(row: OverdueFee, today, acting_user: User,
           municipality: Municipality) -> CollectorReferral:
    referral = CollectorReferral.objects.create(
        invoice=row.invoice, license_fee=row.license_fee, late_fee=row.late_fee,
        sent_on=today, sent_by=acting_user)
    audit.record(
        actor=acting_user, action="dog.fees_sent_to_collector", subject=row.invoice,
        municipality=municipality,
        summary=f"Invoice #{row.invoice.pk} ({row.what}, {row.license_year}): ${row.total} "
                f"sent to the Collector for the tax bill or a lien ({row.section})",
        after={"license_fee": str(row.license_fee), "late_fee": str(row.late_fee),
               "total": str(row.total), "sent_on": today.isoformat()},
    )
    return referral
