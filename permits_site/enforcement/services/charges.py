"""Charges raised on a case, such as legal fees a permit holder must reimburse.

A charge is an ordinary invoice of the licensing core (no application, the
case's party pays) with one line, linked to the case; payments are recorded
against it like any other invoice.
"""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING, Any

from django.db import transaction

from permits_site import audit
from permits_site.enforcement.models import Case, CaseCharge
from permits_site.enforcement.registry import case_type as registered_case_type
from permits_site.enforcement.services.cases import require_case_open
from permits_site.exceptions import DomainError
from permits_site.licensing.models import Invoice, InvoiceLine
from permits_site.rules.fines import parse_money

if TYPE_CHECKING:
    from permits_site.accounts.models import User


def _amount(amount: Any) -> Decimal:
    try:
        value = parse_money(amount)
    except ValueError as error:
        raise DomainError(str(error), field="amount") from error
    if value <= 0:
        raise DomainError("Enter an amount greater than zero.", field="amount")
    return value


def found_in_violation(case: Case) -> bool:
    """A violation is on the case or its inspection, or the determination found the complaint
    valid."""
    return (case.findings.get("complaint_validated") is True
            or case.violations.exists()
            or (case.inspection_id is not None and case.inspection.violations.exists()))


def charges_allowed_now(case: Case) -> list:
    """The charges the case's type allows that may be raised today (legal fees, say, only
    after a finding of violation)."""
    registered = registered_case_type(case.case_type)
    charges = registered.charges if registered else ()
    return [charge for charge in charges
            if not charge.requires_violation_found or found_in_violation(case)]


@transaction.atomic
def add_case_charge(
    *,
    case: Case,
    code: str,
    amount: Any,
    acting_user: User,
    description: str = "",
    citation: str = "",
) -> Invoice:
    """Invoice the case's party for a charge its case type allows.

    The description and citation default to the registered charge's; a
    description given adds the particulars (e.g. whose bill).
    """
    require_case_open(case, doing="charge")
    registered = registered_case_type(case.case_type)
    charge = registered.charge(code) if registered else None
    if charge is None:
        offered = ", ".join(kind.code for kind in registered.charges) if registered else ""
        raise DomainError(f"This case may charge: {offered or 'nothing'}.", field="code")
    if charge.requires_violation_found and not found_in_violation(case):
        raise DomainError(
            f"{charge.description} are charged only to a party found in violation "
            f"({charge.citation}): record a violation on the case, or a determination that "
            "the complaint was valid, first.", field="code")
    if case.party is None:
        raise DomainError("The case names no account to invoice; record the responsible "
                          "person's account first.", field="party")
    value = _amount(amount)
    invoice = Invoice.objects.create(municipality=case.municipality, payer=case.party)
    line = InvoiceLine.objects.create(
        invoice=invoice,
        code=charge.code,
        description=((description or "").strip() or charge.description)[:200],
        amount=value,
        citation=(citation or "").strip() or charge.citation,
    )
    CaseCharge.objects.create(case=case, invoice=invoice)
    audit.record(
        actor=acting_user,
        action="case.charged",
        subject=case,
        municipality=case.municipality,
        summary=f"Invoice #{invoice.pk} on case #{case.pk}: {line.description}, ${value}",
        after={"invoice": invoice.pk, "code": charge.code, "amount": str(value),
               "citation": line.citation},
    )
    return invoice
