"""Who may see and work the Animal Control Officer's impoundment records (Code ch. 60,
Impoundment; ACO B(2)). Built on the site's named predicates
(``permits_site.accounts.permissions``)."""

from __future__ import annotations

from permits_site.accounts.models import Role
from permits_site.accounts.permissions import has_role, municipality_ids_with

#: The Animal Control Officer keeps the records; the Clerk, who receives them, reads them.
IMPOUNDMENT_READER_ROLES = (Role.ANIMAL_CONTROL_OFFICER, Role.CLERK, Role.ADMIN)
#: The officer takes in, identifies, notifies, releases and disposes (Impoundment A–H).
OFFICER_ROLES = (Role.ANIMAL_CONTROL_OFFICER,)
#: Fees are paid at the counter: the officer or the Clerk records the payment.
COUNTER_ROLES = (Role.ANIMAL_CONTROL_OFFICER, Role.CLERK)
#: What the readers do, as a refusal names it.
SEE_IMPOUNDMENTS = "see impoundments"


def can_view_impoundments(user, municipality_id: int) -> bool:
    return has_role(user, municipality_id, *IMPOUNDMENT_READER_ROLES)


def can_work_impoundments(user, municipality_id: int) -> bool:
    """Intake, owner notice, release and disposition are the officer's (Impoundment A–H)."""
    return has_role(user, municipality_id, *OFFICER_ROLES)


def can_take_impoundment_payment(user, municipality_id: int) -> bool:
    return has_role(user, municipality_id, *COUNTER_ROLES)


def impoundment_town_ids(user) -> set[int]:
    """The towns whose impoundment records ``user`` may read."""
    return municipality_ids_with(user, *IMPOUNDMENT_READER_ROLES)
