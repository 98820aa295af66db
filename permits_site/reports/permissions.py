"""Who sees a town's reports: the office that keeps its books and the people it answers to.

Built on the named predicates of :mod:`permits_site.accounts.permissions`, like every
access decision of the site: a staff member sees the figures of the towns where they
hold one of these roles, and nothing of any other town.
"""

from __future__ import annotations

from permits_site.accounts.models import Role
from permits_site.accounts.permissions import municipality_ids_with

#: The Clerk records the money and issues the permits, the admin keeps the fee schedules,
#: and Board members oversee the permits their Board issues.
REPORT_ROLES = (Role.CLERK, Role.ADMIN, Role.BOARD_MEMBER)


def report_town_ids(user) -> set[int]:
    """The towns whose reports ``user`` may read."""
    return municipality_ids_with(user, *REPORT_ROLES)
