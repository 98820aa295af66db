"""Who takes each step of an enforcement case, and how a refusal names the step.

The case page (``permits_site.enforcement.views``) offers a step only to its roles and the
API (``permits_site.api.enforcement``) refuses it to others, both from this one table: a
refusal reads "Only the town's Hearing authority or Board member may decide an appeal."
"""

from __future__ import annotations

from dataclasses import dataclass

from permits_site.accounts import permissions
from permits_site.accounts.permissions import CASE_DECIDER_ROLES, CASE_WORKER_ROLES


@dataclass(frozen=True)
class Step:
    #: What the step does, as a refusal names it: "Only the town's … may {doing}."
    doing: str
    #: The roles of the case's town that take it.
    roles: tuple[str, ...] = CASE_WORKER_ROLES

    def allows(self, user, municipality_id: int) -> bool:
        return permissions.has_role(user, municipality_id, *self.roles)

    def require(self, user, municipality_id: int) -> None:
        """Refuse anyone without one of the step's roles in the case's town, naming them."""
        permissions.require(self.allows(user, municipality_id), self.doing, self.roles,
                            town=municipality_id)


STEPS = {
    "determine": Step("record a case's determination"),
    "order": Step("issue an order"),
    "compliance": Step("record compliance with an order"),
    "citation": Step("issue a citation"),
    "hearing": Step("schedule a case's hearing"),
    "hearing_decision": Step("decide a case's hearing", CASE_DECIDER_ROLES),
    "appeal": Step("record an appeal"),
    "appeal_decision": Step("decide an appeal", CASE_DECIDER_ROLES),
    "charge": Step("charge a case's party"),
    "permit": Step("suspend or revoke a permit through a case", CASE_DECIDER_ROLES),
    "close": Step("close a case"),
}
