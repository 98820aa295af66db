"""Who takes each step of an enforcement case or inspection, and how a refusal names it.

The case page (``permits_site.enforcement.views``) offers a step only to its roles and the
API (``permits_site.api.enforcement``) refuses it to others, both from this one table: a
refusal reads "Only the town's Hearing authority or Board member may decide an appeal."
A step may also bar someone its roles allow on a given case (``barred``): whoever decided
what an appeal answers neither records nor decides that appeal.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from permits_site.accounts import permissions
from permits_site.accounts.permissions import (
    APPEAL_RECORDER_ROLES,
    CASE_DECIDER_ROLES,
    CASE_WORKER_ROLES,
    ENFORCEMENT_ROLES,
    INSPECTOR_ROLES,
    SCHEDULER_ROLES,
    Refused,
)
from permits_site.enforcement.models import CaseStatus
from permits_site.enforcement.registry import deciders_of
from permits_site.exceptions import PermissionDenied

if TYPE_CHECKING:
    from permits_site.accounts.models import User
    from permits_site.enforcement.models import Case
    from permits_site.towns.models import Municipality


class OwnDecisionRefused(Refused):
    """Someone asked to record the appeal of a decision they made themselves: the appeal is
    the party's, recorded by the Clerk (``APPEAL_RECORDER_ROLES``), never by who decided."""

    def __init__(self, *, town: Municipality | int):
        recording = STEPS["appeal"]
        super().__init__(recording.doing, recording.roles, town=town)
        self.args = (f"You decided what this appeal answers: the party's appeal is recorded "
                     f"by the town's {self.roles}, someone other than the one who decided.",)


def appealed_deciders(case: Case) -> set[int]:
    """Who decided what an appeal of the case answers: the determination's maker, and the
    makers of the rulings on its earlier appeals."""
    deciders = {case.determined_by_id, *(appeal.decided_by_id for appeal in case.appeals.all()
                                         if appeal.decided_on is not None)}
    return deciders - {None}


def own_decision_refusal(case: Case, user: User) -> OwnDecisionRefused | None:
    """The refusal of ``user`` recording an appeal of a decision they made; None for
    anyone else."""
    if user.pk in appealed_deciders(case):
        return OwnDecisionRefused(town=case.municipality_id)
    return None


class OwnDecisionReviewRefused(PermissionDenied):
    """Someone asked to decide an appeal of a decision they made themselves: no one reviews
    their own decision, so whoever made the determination or ruled on an earlier appeal
    leaves the appeal to someone else. Refused on the ``decision`` field."""

    def __init__(self):
        super().__init__("You decided what this appeal answers: someone other than the one "
                         "who decided rules on it.", field="decision")


def own_review_refusal(case: Case, user: User) -> OwnDecisionReviewRefused | None:
    """The refusal of ``user`` deciding an appeal of the case when they decided what it
    answers (:func:`appealed_deciders`); None for anyone else."""
    if user.pk in appealed_deciders(case):
        return OwnDecisionReviewRefused()
    return None


def require_not_own_review(case: Case, user: User) -> None:
    """Refuse ``user`` deciding an appeal of the case when they decided what it answers."""
    refusal = own_review_refusal(case, user)
    if refusal is not None:
        raise refusal


@dataclass(frozen=True)
class Step:
    #: What the step does, as a refusal names it: "Only the town's … may {doing}."
    doing: str
    #: The roles of the case's town that take it.
    roles: tuple[str, ...] = CASE_WORKER_ROLES
    #: The refusal of a person the case itself bars though their role allows the step (the
    #: one who decided what an appeal answers), or None: ``barred(case, user)``.
    barred: Callable[[Any, Any], Refused | PermissionDenied | None] | None = None
    #: The roles that take it on a given case, where its case type declares them (those who
    #: decide its hearings and appeals, ``CaseType.deciders``): ``roles_on_case(case)``.
    roles_on_case: Callable[[Any], tuple[str, ...]] | None = None

    def roles_of(self, case) -> tuple[str, ...]:
        """The roles that take the step on ``case``."""
        return self.roles_on_case(case) if self.roles_on_case is not None else self.roles

    def allows(self, user, municipality_id: int) -> bool:
        return permissions.has_role(user, municipality_id, *self.roles)

    def refusal(self, *, town=None) -> Refused:
        """The refusal naming the step and its roles, by ``town``'s titles when given (a
        person with the roles in no town is refused without one)."""
        return Refused(self.doing, self.roles, town=town)

    def denied(self, *, town) -> PermissionDenied:
        """The same refusal as the services raise it (a domain error, which a page shows on
        its form and the API answers with a 403)."""
        return PermissionDenied(str(self.refusal(town=town)))

    def require(self, user, municipality_id: int) -> None:
        """Refuse anyone without one of the step's roles in the case's town, naming them."""
        self.refuse_unless(self.allows(user, municipality_id), town=municipality_id)

    def refuse_unless(self, allowed: bool, *, town) -> None:
        """Refuse, naming the step and its roles, unless ``allowed`` (a finer check than the
        roles alone, e.g. the inspection's own inspector)."""
        if not allowed:
            raise self.refusal(town=town)

    def allows_on(self, user, case) -> bool:
        """Whether ``user`` may take the step on ``case``: the page offers it only then."""
        return self.holds_role_on(user, case) and (
            self.barred is None or self.barred(case, user) is None)

    def holds_role_on(self, user, case) -> bool:
        """Whether ``user`` holds one of the roles that take the step on ``case``."""
        return permissions.has_role(user, case.municipality_id, *self.roles_of(case))

    def denied_on(self, case) -> PermissionDenied:
        """:meth:`denied`, naming the roles that take the step on ``case``."""
        return PermissionDenied(str(Refused(self.doing, self.roles_of(case),
                                            town=case.municipality_id)))

    def require_on(self, user, case) -> None:
        """Refuse, naming who may, anyone :meth:`allows_on` would not offer the step."""
        if not self.holds_role_on(user, case):
            raise Refused(self.doing, self.roles_of(case), town=case.municipality_id)
        refusal = self.barred(case, user) if self.barred is not None else None
        if refusal is not None:
            raise refusal


#: Seeing a town's inspections, cases and deadlines: what a refusal names when a request
#: attempted no step.
SEEING = Step("see inspections, cases and deadlines", ENFORCEMENT_ROLES)

INSPECTION_STEPS = {
    "schedule": Step("schedule inspections", SCHEDULER_ROLES),
    "reschedule": Step("reschedule inspections", SCHEDULER_ROLES),
    "record": Step("record an inspection", INSPECTOR_ROLES),
    # An inspector assigning themselves the inspection an application waits for.
    "take": Step("take an inspection", INSPECTOR_ROLES),
}

STEPS = {
    "open": Step("open a case"),
    "determine": Step("record a case's determination"),
    "order": Step("issue an order"),
    "compliance": Step("record compliance with an order"),
    "citation": Step("issue a citation"),
    "hearing": Step("schedule a case's hearing"),
    # Those who decide the case's hearings and appeals are those its case type names.
    "hearing_decision": Step("decide a case's hearing", CASE_DECIDER_ROLES,
                             roles_on_case=deciders_of),
    "hearing_continuance": Step("continue a case's hearing", CASE_DECIDER_ROLES,
                                roles_on_case=deciders_of),
    # The party's appeal, filed with the Clerk; never recorded by whoever decided what it
    # answers (the section ``APPEAL_RECORDER_ROLES`` cites).
    "appeal": Step("record an appeal", APPEAL_RECORDER_ROLES, barred=own_decision_refusal),
    # Decided by someone other than whoever decided what the appeal answers: no one reviews
    # their own decision.
    "appeal_decision": Step("decide an appeal", CASE_DECIDER_ROLES, barred=own_review_refusal,
                            roles_on_case=deciders_of),
    # The public hearing on an appeal, set by those who decide it.
    "appeal_hearing": Step("schedule an appeal's hearing", CASE_DECIDER_ROLES,
                           roles_on_case=deciders_of),
    "charge": Step("charge a case's party"),
    "permit": Step("suspend or revoke a permit through a case", CASE_DECIDER_ROLES),
    "close": Step("close a case"),
}


def continuances_offered(user: User, case: Case) -> dict[str, bool]:
    """Whether a case's page links its undecided hearings (``may_continue``), and its
    appeals' public hearings (``may_continue_appeals``), to their continuance: while the
    case is open, to those who decide them — the generic case page and a bylaw app's own
    case page alike."""
    is_open = case.status != CaseStatus.CLOSED
    return {"may_continue": is_open and STEPS["hearing_continuance"].allows_on(user, case),
            "may_continue_appeals": is_open and STEPS["appeal_hearing"].allows_on(user, case)}
