"""Septic plans only from the registered owner (Tisbury BOH Reg 09.0.8(5)).

"The Tisbury Board of Health has a policy not to process engineering drawings for septic
systems if the applicant is not the registered owner of the property for which the plan has
been designed" (09.0.8(5)). The owners are the property's owners of record, entered by the
clerk from the assessors' record or the deed. An applicant who is not one of them — an
engineer or another agent — brings the owner's signed authority as a document, which the
clerk accepts like any other before the permit is issued. Where the clerk has recorded no
owner of the property yet, there is nothing to check the applicant against and nothing more is
asked: the design plan is already declared "for the registered owner of the property".
"""

from __future__ import annotations

from permits_site.licensing.kinds import PermitKind, RequiredDocument
from permits_site.licensing.models import Application
from permits_site.parties.owners import current_owners, is_owner
from tisbury_regs.law import cite

OWNER_SECTION = cite("09.0.8(5)")
OWNER_AUTHORITY = "owner_authority"
OWNER_AUTHORITY_LABEL = "The registered owner's signed authority for the agent who applies"


def needs_owner_authority(application: Application) -> bool:
    """The property has owners of record and the applicant is none of them (09.0.8(5))."""
    place = application.place
    if place is None or not current_owners(place).exists():
        return False
    return not is_owner(application.applicant, place)


def plans_from_the_owner(self: PermitKind, application: Application) -> list[RequiredDocument]:
    """The declared documents, and the owner's signed authority when an agent applies."""
    required = PermitKind.required_documents(self, application)
    if not needs_owner_authority(application):
        return required
    return [*required, RequiredDocument(kinds=(OWNER_AUTHORITY,), label=OWNER_AUTHORITY_LABEL,
                                        citation=OWNER_SECTION, may_follow=True)]


def with_owner_authority(self: PermitKind) -> dict[str, str]:
    """What an applicant may upload: the declared documents and the owner's authority."""
    return {**PermitKind.document_kinds.fget(self), OWNER_AUTHORITY: OWNER_AUTHORITY_LABEL}
