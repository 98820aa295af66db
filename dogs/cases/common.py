"""What every workflow of North Andover's dog cases shares (Code ch. 60): the case types,
the check of the official's seat and the findings kept on the case."""

from __future__ import annotations

from typing import TYPE_CHECKING

from permits_site import audit
from permits_site.accounts.models import Role
from permits_site.accounts.permissions import has_role
from permits_site.enforcement.models import Case
from permits_site.exceptions import DomainError, PermissionDenied

if TYPE_CHECKING:
    from permits_site.accounts.models import User


DANGEROUS_DOG = "north_andover.dangerous_dog"
POTENTIALLY_DANGEROUS_DOG = "north_andover.potentially_dangerous_dog"
NUISANCE_DOG = "north_andover.nuisance_dog"
#: The case types whose determination puts duties on the owner.
DETERMINED_DOG_CASES = (DANGEROUS_DOG, POTENTIALLY_DANGEROUS_DOG)


def require_role(case: Case, acting_user: User, role: Role, *, doing: str) -> None:
    if not has_role(acting_user, case.municipality_id, role):
        raise PermissionDenied(f"Only the {role.label.lower()} {doing}.")


def require_case_type(case: Case, code: str) -> None:
    if case.case_type != code:
        raise DomainError("This case is of another kind.", field="case_type")


def update_findings(case: Case, *, acting_user: User, action: str, summary: str,
                    **recorded) -> None:
    """Record what Chapter 60 keeps on the case after its determination, audited."""
    case.findings = {**case.findings, **recorded}
    case.save(update_fields=["findings"])
    audit.record(actor=acting_user, action=action, subject=case,
                 municipality=case.municipality, summary=summary, after=recorded)

