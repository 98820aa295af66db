"""What every workflow of North Andover's dog cases shares (Code ch. 60): the case types,
the check of the official's seat and the findings kept on the case."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dogs.law import cite
from permits_site import audit
from permits_site.accounts.models import Role
from permits_site.accounts.permissions import has_role
from permits_site.enforcement.models import Case, CaseStatus
from permits_site.exceptions import DomainError, InvalidTransition, PermissionDenied

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


def require_hearing_seat(case: Case, acting_user: User, *, doing: str) -> None:
    """The hearing authority's seat: the Police Chief or a designee who is never the Animal
    Control Officer (Hearing authority A) — refused to anyone holding the officer's role in
    the case's town, whether or not that person proposed on the case."""
    require_role(case, acting_user, Role.HEARING_AUTHORITY, doing=doing)
    if has_role(acting_user, case.municipality_id, Role.ANIMAL_CONTROL_OFFICER):
        raise PermissionDenied(
            "You hold the Animal Control Officer's role in this town: the hearing authority's "
            f"designee shall not be the Animal Control Officer ({cite('Hearing authority A')}).")


def require_case_type(case: Case, *codes: str) -> None:
    if case.case_type not in codes:
        raise DomainError("This case is of another kind.", field="case_type")


def is_deemed(case: Case) -> bool:
    """The dog is determined dangerous or potentially dangerous on this case."""
    return (case.case_type in DETERMINED_DOG_CASES and case.status == CaseStatus.DETERMINED
            and case.findings.get("deemed", True))


def require_deemed(case: Case, *, section: str) -> None:
    """Refuse what the law puts only on a determined dog's owner, naming its section."""
    if not is_deemed(case):
        raise InvalidTransition(
            f"The dog has not been determined {case_designation(case)} on this case: "
            f"{cite(section)} applies only to such a dog.")


def case_designation(case: Case) -> str:
    return ("dangerous" if case.case_type == DANGEROUS_DOG else "potentially dangerous")


def update_findings(case: Case, *, acting_user: User, action: str, summary: str,
                    **recorded) -> None:
    """Record what Chapter 60 keeps on the case after its determination, audited."""
    case.findings = {**case.findings, **recorded}
    case.save(update_fields=["findings"])
    audit.record(actor=acting_user, action=action, subject=case,
                 municipality=case.municipality, summary=summary, after=recorded)

