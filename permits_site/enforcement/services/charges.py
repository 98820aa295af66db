"""Charges raised on a case, such as legal fees a permit holder must reimburse.

A charge is an ordinary invoice of the licensing core (no application, the
case's party pays) with one line, linked to the case; payments are recorded
against it like any other invoice.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from django.db import transaction
from django.db.models import Q

from permits_site import audit
from permits_site.enforcement.models import Case, CaseCharge
from permits_site.enforcement.registry import ChargeType
from permits_site.enforcement.registry import case_type as registered_case_type
from permits_site.enforcement.services.cases import require_case_open
from permits_site.exceptions import DomainError
from permits_site.licensing.models import Invoice, InvoiceLine, Permit, PermitType
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
    """The case's determination found the party in violation: it validated the complaint,
    or, recording no answer on that, was made on a case holding violations. An inspection's
    failed checklist alone is no finding: only a determination is."""
    if case.determined_on is None:
        return False
    validated = case.findings.get("complaint_validated")
    if validated is not None:
        return validated is True
    return case.violations.exists() or (
        case.inspection_id is not None and case.inspection.violations.exists())


def holds_permit_for(case: Case, charge: ChargeType) -> bool:
    """The case's party holds (or held) a permit of a type the charge is limited to: the
    business when the case is against one (it holds its permits, spec ``lifecycle.md``),
    else the person; the case's own permit counts whoever holds it."""
    if not charge.holder_of:
        return True
    held = Q(pk=case.permit_id) if case.permit_id is not None else Q()
    if case.party_business_id is not None:
        held |= Q(holder_business_id=case.party_business_id)
    elif case.party_id is not None:
        held |= Q(holder_id=case.party_id)
    if not held:
        return False
    return Permit.objects.filter(held, municipality=case.municipality,
                                 permit_type__code__in=charge.holder_of).exists()


def charge_refusal(case: Case, charge: ChargeType) -> str:
    """Why the charge may not be raised on the case today, naming its section; empty when it
    may (e.g. legal fees a regulation charges only to the person "to whom a stable permit is
    issued", and only when "found in violation")."""
    if not holds_permit_for(case, charge):
        kinds = " or ".join(PermitType.objects.filter(code__in=charge.holder_of)
                            .order_by("name").values_list("name", flat=True))
        return (f"{charge.description} are charged only to the holder of a {kinds} "
                f"({charge.citation}): {case.party_name} holds none.")
    if charge.requires_violation_found and not found_in_violation(case):
        return (f"{charge.description} are charged only to a party found in violation "
                f"({charge.citation}): record the case's determination that the complaint "
                "was valid first.")
    return ""


def _charges_of(case: Case) -> tuple[ChargeType, ...]:
    registered = registered_case_type(case.case_type)
    return registered.charges if registered else ()


@dataclass(frozen=True)
class ChargesNow:
    """The charges a case's type allows as they stand today, each judged once: those that may
    be raised (legal fees, say, only from a permit holder a determination found in
    violation) and why each other may not. A page judges them once and passes this along."""

    allowed: tuple[ChargeType, ...] = ()
    refused: tuple[str, ...] = ()


def charges_now(case: Case) -> ChargesNow:
    """Judge each charge the case's type allows, once (:func:`charge_refusal`)."""
    allowed: list[ChargeType] = []
    refused: list[str] = []
    for charge in _charges_of(case):
        if refusal := charge_refusal(case, charge):
            refused.append(refusal)
        else:
            allowed.append(charge)
    return ChargesNow(tuple(allowed), tuple(refused))


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
    if case.party_id is None and case.party_business_id is None:
        raise DomainError("The case names no account or business to invoice; record the "
                          "responsible person's account or business first.", field="party")
    if refusal := charge_refusal(case, charge):
        raise DomainError(refusal, field="code")
    value = _amount(amount)
    invoice = Invoice.objects.create(municipality=case.municipality, payer=case.party,
                                     payer_business=case.party_business)
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
