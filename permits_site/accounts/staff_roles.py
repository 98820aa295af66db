"""A town's staff and their roles, granted and removed by that town's administrators.

Staff roles are granted per municipality (DESIGN, "Users and roles"), by an admin of the
town and nobody else. Every change is one transaction with an audit entry holding the
person's roles in the town before and after it. The town's row is locked first, so two
admins acting at once see each other's changes: a town always keeps an admin, and no one
comes to hold two roles the town's law forbids together (``incompatible_roles``, filled
by the bylaw apps).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db import IntegrityError, transaction
from django.db.models import Q

from permits_site import audit
from permits_site.accounts import permissions
from permits_site.accounts.incompatible_roles import forbidden_with
from permits_site.accounts.models import Membership, Role, User
from permits_site.exceptions import DomainError, PermissionDenied
from permits_site.towns.models import Municipality


@dataclass
class StaffMember:
    """One person and the roles they hold in one town, in the order of ``Role``."""

    user: User
    memberships: list[Membership] = field(default_factory=list)


def staff_of(municipality: Municipality) -> list[StaffMember]:
    """The town's staff by surname, each with their roles: one query whatever their number."""
    order = {role: index for index, role in enumerate(Role.values)}
    memberships = (Membership.objects.filter(municipality=municipality).select_related("user")
                   .order_by("user__last_name", "user__first_name", "user__username"))
    staff: dict[int, StaffMember] = {}
    for membership in memberships:
        staff.setdefault(membership.user_id, StaffMember(membership.user)).memberships.append(
            membership)
    for member in staff.values():
        member.memberships.sort(key=lambda membership: order[membership.role])
    return list(staff.values())


def sole_admin_role(staff: list[StaffMember]) -> Membership | None:
    """The town's only Admin role, which no one may remove (see :func:`revoke_role`)."""
    admin_roles = [membership for member in staff for membership in member.memberships
                   if membership.role == Role.ADMIN]
    return admin_roles[0] if len(admin_roles) == 1 else None


def find_person(identifier: str) -> User:
    """The existing account whose username or email address is ``identifier``.

    Staff roles go to people who already have an account: the page creates none.
    """
    identifier = identifier.strip()
    if not identifier:
        raise DomainError("Enter the person's username or email address.", field="person")
    matches = list(User.objects.filter(Q(username=identifier) | Q(email__iexact=identifier))[:2])
    if not matches:
        raise DomainError(f"No account has the username or email address “{identifier}”. "
                          "The person signs up first, then you grant the role.", field="person")
    if len(matches) > 1:
        raise DomainError(f"More than one account matches “{identifier}”: enter the username.",
                          field="person")
    return matches[0]


@transaction.atomic
def grant_role(*, municipality: Municipality, user: User, role: str,
               acting_user: User) -> Membership:
    """Give ``user`` the staff ``role`` in ``municipality``.

    Refused when the acting user is not an admin of the town, when the person already
    holds the role there, and when the town's law forbids the role together with one
    the person holds there (e.g. North Andover ch. 60, Hearing authority A).
    """
    _lock(municipality)
    _require_admin(municipality, acting_user)
    if role not in Role.values:
        raise DomainError(f"“{role}” is not a staff role.", field="role")
    held = _roles_held(user, municipality)
    if role in held:
        raise _already_holds(user, municipality, role)
    if forbidden := forbidden_with(municipality.code, role, held):
        other, pair = forbidden
        raise DomainError(
            f"{user.display_name} holds the {Role(other).label} role in "
            f"{municipality.short_name}; {pair.reason} ({pair.citation}).", field="role")
    try:
        with transaction.atomic():
            membership = Membership.objects.create(user=user, municipality=municipality,
                                                   role=role)
    except IntegrityError as granted_meanwhile:
        raise _already_holds(user, municipality, role) from granted_meanwhile
    _record(acting_user, "staff.role_granted", membership, held, held | {role},
            summary=f"{Role(role).label} role in {municipality.short_name} granted to "
                    f"{user.display_name}")
    return membership


@transaction.atomic
def revoke_role(*, membership: Membership, acting_user: User) -> None:
    """Take a staff role away; refused for anyone but an admin of the town, and for the
    town's last admin role, so that a town is never left without an administrator."""
    municipality = membership.municipality
    _lock(municipality)
    _require_admin(municipality, acting_user)
    if not Membership.objects.filter(pk=membership.pk).exists():
        raise DomainError("This role was already removed.", field="role")
    admins = Membership.objects.filter(municipality=municipality, role=Role.ADMIN)
    if membership.role == Role.ADMIN and not admins.exclude(pk=membership.pk).exists():
        raise DomainError(
            f"{membership.user.display_name} is the last administrator of "
            f"{municipality.short_name}: grant the Admin role to someone else first, so the "
            "town keeps an administrator.", field="role")
    held = _roles_held(membership.user, municipality)
    _record(acting_user, "staff.role_revoked", membership, held, held - {membership.role},
            summary=f"{membership.get_role_display()} role in {municipality.short_name} "
                    f"removed from {membership.user.display_name}")
    membership.delete()


def _lock(municipality: Municipality) -> None:
    """Serialize role changes within one town (the checks read the town's roles)."""
    Municipality.objects.select_for_update().only("pk").get(pk=municipality.pk)


def _require_admin(municipality: Municipality, acting_user: User) -> None:
    """Asked under the town's lock, of the roles as they are now, not as first read."""
    permissions.forget_roles(acting_user)
    if not permissions.is_admin(acting_user, municipality.pk):
        raise PermissionDenied(f"Only an administrator of {municipality.short_name} may grant "
                               "or remove its staff roles.")


def _roles_held(user: User, municipality: Municipality) -> set[str]:
    return set(Membership.objects.filter(user=user, municipality=municipality)
               .values_list("role", flat=True))


def _already_holds(user: User, municipality: Municipality, role: str) -> DomainError:
    return DomainError(f"{user.display_name} already holds the {Role(role).label} role in "
                       f"{municipality.short_name}.", field="role")


def _record(acting_user: User, action: str, membership: Membership, before: set[str],
            after: set[str], *, summary: str) -> None:
    """The audit entry of a change, on the person whose roles changed, and the roles
    cached on the user objects forgotten so that the next check reads the new ones."""
    audit.record(actor=acting_user, action=action, subject=membership.user,
                 municipality=membership.municipality, summary=summary,
                 before={"roles": sorted(before)}, after={"roles": sorted(after)})
    for user in (membership.user, acting_user):
        permissions.forget_roles(user)
