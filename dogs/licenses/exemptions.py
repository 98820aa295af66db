"""Tag exemptions recorded on a dog's license (North Andover Code ch. 60, Licenses A(6)).

A dog need not wear its license tag on its collar while it actually takes part in an
official dog sporting or dog fancy event whose sponsors do not allow tags (A(6)(a)), or,
when a veterinarian determines that it cannot wear a collar for medical reasons, until it
recovers (A(6)(b)); in both cases its keeper has the tag at hand for the Animal Control
Officer. The Town Clerk or the officer records the exemption on the dog's current license:
who keeps the tag, why, the dates, and for a medical reason the veterinarian and the
veterinarian's statement. A recorded exemption is never changed.
"""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING

from django.core.files.uploadedfile import UploadedFile
from django.db import transaction

from dogs.law import cite
from dogs.licenses.services import DOG_LICENSE
from dogs.models import Dog, TagExemption, TagExemptionReason
from permits_site import audit
from permits_site.accounts.models import Role
from permits_site.accounts.permissions import has_role
from permits_site.enforcement.services.cases import require_text
from permits_site.exceptions import DomainError, PermissionDenied
from permits_site.licensing.models import Permit, PermitStatus
from permits_site.licensing.services.documents import check_upload
from permits_site.rules.calendar import format_date

if TYPE_CHECKING:
    from permits_site.accounts.models import User

#: Who records an exemption: the Town Clerk, who licenses the dog, and the Animal Control
#: Officer, who inspects the tag (Licenses A(6)).
RECORDERS = (Role.CLERK, Role.ANIMAL_CONTROL_OFFICER)
SECTION = {
    TagExemptionReason.DOG_EVENT: "Licenses A(6)(a)",
    TagExemptionReason.MEDICAL: "Licenses A(6)(b)",
}


def may_record(user: User, municipality_id: int) -> bool:
    return has_role(user, municipality_id, *RECORDERS)


def licensed_dog(permit: Permit) -> Dog:
    return permit.application.dog_license.dog


def in_force(exemptions, *, on: dt.date) -> list[TagExemption]:
    """The exemptions among ``exemptions`` that cover ``on``, first day and last included."""
    return [exemption for exemption in exemptions if exemption.starts_on <= on <= exemption.ends_on]


def _reason(value: str) -> TagExemptionReason:
    if value not in TagExemptionReason.values:
        raise DomainError("Choose a dog event or a medical reason "
                          f"({cite('Licenses A(6)')}).", field="reason")
    return TagExemptionReason(value)


def _require_dates(permit: Permit, starts_on: dt.date, ends_on: dt.date) -> None:
    if ends_on < starts_on:
        raise DomainError("The exemption cannot end before it starts.", field="ends_on")
    if starts_on < permit.valid_from or ends_on > permit.valid_through:
        raise DomainError(
            f"An exemption on license {permit.number} falls within the license's term, "
            f"{format_date(permit.valid_from)} to {format_date(permit.valid_through)} "
            f"({cite('Licenses A(7)')}).", field="ends_on")


def _medical_statement(reason: TagExemptionReason, veterinarian: str,
                       statement: UploadedFile | None) -> tuple[str, UploadedFile | None, str]:
    """The veterinarian and the statement a medical exemption rests on (A(6)(b))."""
    if reason != TagExemptionReason.MEDICAL:
        return "", None, ""
    section = cite(SECTION[reason])
    veterinarian = require_text(
        veterinarian, field="veterinarian",
        message=f"Name the veterinarian who determined the dog cannot wear a collar "
                f"({section}).")
    if statement is None:
        raise DomainError(f"Attach the veterinarian's statement ({section}).", field="statement")
    try:
        content_type, _ = check_upload(statement)
    except DomainError as refused:
        raise DomainError({"statement": refused.errors["file"]}) from refused
    return veterinarian, statement, content_type


@transaction.atomic
def record_tag_exemption(
    *, permit: Permit, reason: str, explanation: str, keeper: str, starts_on: dt.date,
    ends_on: dt.date, veterinarian: str = "", statement: UploadedFile | None = None,
    acting_user: User,
) -> TagExemption:
    """Record an exemption from affixing the tag on the dog's current license (A(6)(a) for
    a dog event, A(6)(b) for a medical reason with the veterinarian's statement)."""
    if not may_record(acting_user, permit.municipality_id):
        raise PermissionDenied("Only the Town Clerk or the Animal Control Officer records a "
                               "tag exemption.")
    if permit.permit_type.code != DOG_LICENSE or permit.status != PermitStatus.ACTIVE:
        raise DomainError("A tag exemption is recorded on a dog license in force.",
                          field="permit")
    reason = _reason(reason)
    section = cite(SECTION[reason])
    explanation = require_text(
        explanation, field="explanation",
        message=f"Name the event and its sponsor, or the dog's condition ({section}).")
    keeper = require_text(keeper, field="keeper",
                           message=f"Name the keeper who has the tag at hand ({section}).")
    _require_dates(permit, starts_on, ends_on)
    veterinarian, statement, content_type = _medical_statement(reason, veterinarian, statement)
    exemption = TagExemption(
        permit=permit, dog=licensed_dog(permit), reason=reason, explanation=explanation,
        keeper=keeper, starts_on=starts_on, ends_on=ends_on, veterinarian=veterinarian,
        statement_content_type=content_type, recorded_by=acting_user,
    )
    if statement is not None:
        exemption.statement.save(statement.name or "statement", statement, save=False)
    exemption.save()
    audit.record(
        actor=acting_user, action="dog.tag_exemption_recorded", subject=permit,
        municipality=permit.municipality,
        summary=f"Tag exemption for {exemption.dog.name}, {format_date(starts_on)} to "
                f"{format_date(ends_on)} ({section})",
        after={"reason": reason.value, "explanation": explanation, "keeper": keeper,
               "starts_on": starts_on.isoformat(), "ends_on": ends_on.isoformat(),
               "veterinarian": veterinarian},
    )
    return exemption
