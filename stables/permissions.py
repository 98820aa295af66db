"""Who may see and change a Northborough stable's records: the core's predicates
(``permits_site.accounts.permissions``) applied to stables, horses and burial notices."""

from __future__ import annotations

from typing import TYPE_CHECKING

from permits_site.accounts.models import Role
from permits_site.accounts.permissions import is_clerk, is_town_staff, require

if TYPE_CHECKING:
    from permits_site.accounts.models import User
    from stables.models import HorseBurialNotice, Stable


def can_view_stable(user: User, stable: Stable) -> bool:
    """The person maintaining the stable, and the town's staff."""
    return stable.keeper_id == user.pk or is_town_staff(user, stable.municipality_id)


def can_record_expansion(user: User, stable: Stable) -> bool:
    """The stable's keeper or the Clerk records an expansion (Northborough §2.1)."""
    return stable.keeper_id == user.pk or is_clerk(user, stable.municipality_id)


def require_expansion_recorder(user: User, stable: Stable) -> None:
    """Refuse anyone but the keeper and the Clerk, naming them (§2.1)."""
    require(can_record_expansion(user, stable), "record a stable's expansion", [Role.CLERK],
            town=stable.municipality_id, party="the stable's keeper")


def can_view_burial_notice(user: User, notice: HorseBurialNotice) -> bool:
    return notice.filed_by_id == user.pk or is_town_staff(user, notice.municipality_id)
