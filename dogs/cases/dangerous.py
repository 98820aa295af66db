"""A dangerous dog's Chief's hearing (North Andover Code ch. 60, Dangerous F), and relocation
notices (Potentially dangerous G, H).

From the second at-large offense (cited through :mod:`dogs.cases.offenses`) the Chief's
hearing is mandatory. Relocation notices (G, H) are kept on the case — with the move the
owner did not notify, which may be fined — and printed for the other community.
"""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING

from django.db import transaction
from django.db.models import TextChoices
from django.utils import timezone

from dogs.cases.common import (
    DANGEROUS_DOG,
    DETERMINED_DOG_CASES,
    require_case_type,
    require_hearing_seat,
    require_role,
    update_findings,
)
from dogs.law import cite
from permits_site.accounts.models import Role
from permits_site.enforcement.models import Case, CaseHearing, Citation
from permits_site.enforcement.services.cases import close_case, require_text, schedule_case_hearing
from permits_site.exceptions import DomainError, InvalidTransition
from permits_site.rules.calendar import format_date

if TYPE_CHECKING:
    from permits_site.accounts.models import User


# -- the fines of Dangerous F(1)–(2) and the Chief's hearing --------------------------------

AT_LARGE_DANGEROUS = "dangerous_dog_at_large"
UNREGISTERED_DANGEROUS = "dangerous_dog_unregistered"
#: Dangerous F(1)(b): from the second offense the Chief's hearing is mandatory.
MANDATORY_HEARING_FROM = 2


def hearing_required(citation: Citation) -> bool:
    """A second or later at-large offense requires the Chief's hearing (Dangerous F(1)(b));
    the first leaves it to the Chief's discretion (F(1)(a))."""
    return (citation.offense == AT_LARGE_DANGEROUS
            and citation.offense_number >= MANDATORY_HEARING_FROM)


def citations_awaiting_hearing(case: Case) -> list[Citation]:
    """Citations whose mandatory hearing has not been scheduled since they were written."""
    noticed = [hearing.notice_sent_on for hearing in case.hearings.all()]
    return [citation for citation in case.citations.all()
            if hearing_required(citation) and not any(day >= citation.issued_on
                                                      for day in noticed)]


@transaction.atomic
def schedule_euthanasia_hearing(
    *, case: Case, notice_sent_on: dt.date, hearing_date: dt.date, acting_user: User,
    hearing_time: dt.time | None = None, location: str = "",
) -> CaseHearing:
    """The Chief's hearing on whether the dog shall be humanely euthanized, after an at-large
    citation: discretionary on the first offense, mandatory on later ones (Dangerous F(1)).
    It is held at the hour and place given, else the town's usual ones."""
    require_case_type(case, DANGEROUS_DOG)
    require_hearing_seat(case, acting_user, doing="schedules this hearing")
    if not case.citations.filter(offense=AT_LARGE_DANGEROUS).exists():
        raise InvalidTransition(f"The hearing follows an at-large citation "
                                f"({cite('Dangerous F(1)')}).")
    return schedule_case_hearing(case=case, notice_sent_on=notice_sent_on,
                                 hearing_date=hearing_date, hearing_time=hearing_time,
                                 location=location, acting_user=acting_user)


@transaction.atomic
def close_dog_case(*, case: Case, acting_user: User) -> Case:
    """Close a dog case; a dangerous dog's case is refused while a second or later at-large
    offense has no hearing scheduled (Dangerous F(1)(b))."""
    waiting = citations_awaiting_hearing(case)
    if waiting:
        raise InvalidTransition({"non_field_errors": [
            f"Citation of {format_date(citation.issued_on)} (offense {citation.offense_number}) "
            f"needs the Chief's hearing ({cite('Dangerous F(1)(b)')})." for citation in waiting]})
    return close_case(case=case, acting_user=acting_user)


# -- relocation notices (Potentially dangerous G, H) -----------------------------------------


class RelocationDirection(TextChoices):
    INTO_TOWN = "in", "Moved into North Andover"
    OUT_OF_TOWN = "out", "Moved out of North Andover"


RELOCATION_SECTIONS = {RelocationDirection.INTO_TOWN: "Potentially dangerous G",
                       RelocationDirection.OUT_OF_TOWN: "Potentially dangerous H"}


def relocations(case: Case) -> list[dict]:
    """The relocation notices recorded on the case, oldest first, numbered from 1."""
    return [{**notice, "number": number, "notified_on": dt.date.fromisoformat(
        notice["notified_on"])}
        for number, notice in enumerate(case.findings.get("relocations", []), start=1)]


def _other_officer(direction: str, name: str) -> str:
    """Moving out, the owner notifies the new community's officer too (Potentially dangerous
    H): named on the notice."""
    name = (name or "").strip()
    if direction == RelocationDirection.OUT_OF_TOWN and not name:
        raise DomainError(f"Name the new community's Animal Control Officer, or the person "
                          f"having like duties ({cite('Potentially dangerous H')}).",
                          field="other_officer")
    return name


@transaction.atomic
def record_relocation_notice(
    *, case: Case, direction: str, community: str, description: str, notified_on: dt.date,
    owner_notified: bool = True, other_officer: str = "", acting_user: User
) -> dict:
    """The dog moving into town (Potentially dangerous G) or out of it, with the new
    community's Animal Control Officer or person having like duties whom the owner must
    notify too (H). ``owner_notified`` False records a move the owner did not notify, which
    the fine of G, H follows; ``notified_on`` is then the day the officer learned of it."""
    require_case_type(case, *DETERMINED_DOG_CASES)
    require_role(case, acting_user, Role.ANIMAL_CONTROL_OFFICER,
                  doing="records relocation notices")
    if direction not in RelocationDirection.values:
        raise DomainError("Choose into or out of town.", field="direction")
    if notified_on > timezone.localdate():
        raise DomainError("The notice cannot be dated in the future.", field="notified_on")
    notice = {
        "direction": direction,
        "community": require_text(community, field="community",
                                   message="Name the other community."),
        "description": require_text(description, field="description",
                                    message="Describe the dog."),
        "notified_on": str(notified_on),
        "citation": cite(RELOCATION_SECTIONS[RelocationDirection(direction)]),
        "recorded_by": acting_user.display_name,
        "owner_notified": owner_notified,
        "other_officer": _other_officer(direction, other_officer),
    }
    update_findings(case, acting_user=acting_user, action="case.relocation_notice",
                     summary=f"Relocation notice on case #{case.pk}",
                     relocations=[*case.findings.get("relocations", []), notice])
    return notice
