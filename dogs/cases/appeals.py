"""Appeals of the Animal Control Officer's decision on a dog case (North Andover Code ch. 60,
Hearing authority B–E).

The owner or the complainant appeals to the Town Clerk within 10 business
days of the decision (Hearing authority B), the hearing authority holds a
public hearing and mails its written ruling to owner, complainant and Animal
Control Officer (C); the ruling may be appealed within 10 business days more
(E). Both windows are the case types' declared periods, enforced by the core.
"""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING

from django.db.models import TextChoices

from dogs.cases.common import require_hearing_seat
from dogs.law import cite
from dogs.periods import MUNICIPALITY
from permits_site.accounts.models import Role
from permits_site.accounts.permissions import has_role
from permits_site.enforcement.models import Appeal, Case
from permits_site.enforcement.services.cases import (
    appeal_window,
    decide_appeal,
    file_appeal,
    require_not_own_review,
    require_text,
    schedule_appeal_hearing,
)
from permits_site.enforcement.steps import STEPS as _STEPS
from permits_site.exceptions import DomainError, InvalidTransition, PermissionDenied
from permits_site.rules.calendar import period_due
from permits_site.rules.periods import Period
from permits_site.rules.registry import town_law

if TYPE_CHECKING:
    from permits_site.accounts.models import User


class RulingOutcome(TextChoices):
    """Hearing authority C: the Animal Control Officer's decision upheld, reversed or modified."""

    UPHOLD = "uphold", "Upheld"
    REVERSE = "reverse", "Reversed"
    MODIFY = "modify", "Modified"


class Appellant(TextChoices):
    """Hearing authority B, E: either the owner or the complainant may appeal."""

    OWNER = "owner", "Owner"
    COMPLAINANT = "complainant", "Complainant"


#: Appeals are written requests to the Town Clerk (Hearing authority B, E): the Clerk records
#: them on the owner's or complainant's behalf, never the officer or the hearing authority
#: whose decision is appealed (the core's appeal step, refused in the same words everywhere).
APPEAL_STEP = _STEPS["appeal"]
#: The hearing authority's ruling on an appeal (Hearing authority B, C) is the core's step of
#: deciding one: never by whoever decided what the appeal answers — the Chief's own
#: determination is ruled on by a designee — refused in the same words everywhere.
RULING_STEP = _STEPS["appeal_decision"]
#: The Clerk and the officials of the case set the public hearing on an appeal.
APPEAL_HEARING_SCHEDULERS = (Role.CLERK, Role.ANIMAL_CONTROL_OFFICER, Role.HEARING_AUTHORITY)


def _require_hearing_scheduler(case: Case, acting_user: User) -> None:
    if not has_role(acting_user, case.municipality_id, *APPEAL_HEARING_SCHEDULERS):
        raise PermissionDenied("Only the Town Clerk and the officials of the case schedule "
                               "an appeal's public hearing.")


# -- appeals ------------------------------------------------------------------------------


def appellant_name(case: Case, appellant: str) -> str:
    """The name of the owner or complainant who appeals."""
    if appellant == Appellant.OWNER:
        return case.party_name
    if appellant == Appellant.COMPLAINANT and case.complainant:
        return case.complainant
    raise DomainError("Choose the owner or a complainant named on the case.",
                      field="appellant")


def file_dog_appeal(
    *, case: Case, appellant: str, filed_on: dt.date, grounds: str, acting_user: User
) -> Appeal:
    """A written appeal received by the Town Clerk (Hearing authority B, E): the core
    refuses it after the case type's window."""
    APPEAL_STEP.require_on(acting_user, case)
    return file_appeal(case=case, appellant=appellant_name(case, appellant), filed_on=filed_on,
                       grounds=grounds, acting_user=acting_user)


def schedule_public_hearing(*, appeal: Appeal, hearing_date: dt.date, acting_user: User,
                            hearing_time: dt.time | None = None, location: str = "") -> Appeal:
    """The public hearing the hearing authority holds on the appeal (Hearing authority B),
    at the hour and place given, else the town's usual ones."""
    _require_hearing_scheduler(appeal.case, acting_user)
    return schedule_appeal_hearing(appeal=appeal, hearing_date=hearing_date,
                                   hearing_time=hearing_time, location=location,
                                   acting_user=acting_user)


def rule_on_appeal(
    *, appeal: Appeal, outcome: str, ruling: str, decided_on: dt.date, acting_user: User
) -> Appeal:
    """The hearing authority's written ruling after the public hearing (Hearing authority
    B, C), never by whoever decided what the appeal answers (:data:`RULING_STEP`); it opens
    the window of a further appeal (E)."""
    require_hearing_seat(appeal.case, acting_user, doing="rules on an appeal")
    require_not_own_review(appeal.case, acting_user)
    if appeal.hearing_date is None:
        raise InvalidTransition(
            f"Hold the public hearing first ({cite('Hearing authority B')}).")
    if outcome not in RulingOutcome.values:
        raise DomainError("Choose uphold, reverse or modify.", field="outcome")
    ruling = require_text(ruling, field="ruling",
                          message=f"Write the ruling ({cite('Hearing authority C')}).")
    return decide_appeal(appeal=appeal, decision=RulingOutcome(outcome).label, ruling=ruling,
                         decided_on=decided_on, acting_user=acting_user)


def next_appeal_due(case: Case) -> dict | None:
    """The next appeal's last day and section, for the case page; None when none is open."""
    window = appeal_window(case)
    if window is None:
        return None
    period, start, due = window
    return {"period": period, "from": start, "due": due}


def further_appeal_due(appeal: Appeal) -> tuple[Period, dt.date]:
    """The period and last day of an appeal from ``appeal``'s ruling (Hearing authority E)."""
    period = town_law(MUNICIPALITY).periods["appeal_hearing_decision"]
    return period, period_due(period, appeal.decided_on, appeal.case.municipality.calendar())


def ruling_recipients(appeal: Appeal) -> list[dict[str, str]]:
    """Whom the ruling is mailed to (Hearing authority C): the owner, the complainant when
    one is named, and the Animal Control Officer."""
    case = appeal.case
    officer = case.proposed_by or case.opened_by
    recipients = [{"role": "Owner", "name": case.party_name, "address": case.address}]
    if case.complainant:
        recipients.append({"role": "Complainant", "name": case.complainant, "address": ""})
    recipients.append({"role": "Animal Control Officer", "name": officer.display_name,
                       "address": f"Animal Control, {case.municipality.name}"})
    return recipients

