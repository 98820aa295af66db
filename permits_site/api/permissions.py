"""DRF permission classes, each a thin wrapper around one named predicate.

Records a caller may not see never reach these checks: the views' querysets
hide them (a 404, see :mod:`permits_site.api.scopes`). These classes decide
what a caller may *do* with a record they can see, and refuse with a 403.
"""

from __future__ import annotations

from collections.abc import Callable

from rest_framework.permissions import BasePermission

from permits_site.accounts import permissions
from permits_site.accounts.models import Role
from permits_site.licensing.models import FeeSchedule
from permits_site.towns.models import Municipality


def town_of(record) -> int:
    """The municipality a record belongs to (a fee schedule through its permit type)."""
    if isinstance(record, Municipality):
        return record.pk
    if isinstance(record, FeeSchedule):
        return record.permit_type.municipality_id
    return record.municipality_id


class TownRole(BasePermission):
    """A staff role in the record's town; callers holding it in no town are refused up front.

    The refusal says what was refused and which roles may do it: the view's ``doing`` (what
    its actions do, "record payments"), else the class's.
    """

    roles: tuple[str, ...] = ()
    predicate: Callable[..., bool]
    doing = "do this"

    def has_permission(self, request, view) -> bool:
        return self._answer(bool(permissions.municipality_ids_with(request.user, *self.roles)),
                            view)

    def has_object_permission(self, request, view, obj) -> bool:
        town = town_of(obj)
        return self._answer(type(self).predicate(request.user, town), view, town)

    def _answer(self, allowed: bool, view, town: int | None = None) -> bool:
        """``allowed``; when refused, the refusal's words become the 403's ``detail``."""
        if not allowed:
            self.message = str(permissions.Refused(getattr(view, "doing", self.doing),
                                                   self.roles, town=town))
        return allowed


class IsTownClerk(TownRole):
    roles = (Role.CLERK,)
    predicate = permissions.is_clerk


class IsTownReviewer(TownRole):
    roles = permissions.REVIEWER_ROLES
    predicate = permissions.can_review
    doing = "review applications"


class IsTownStaff(TownRole):
    """Any staff role: what such a caller may see is then scoped to the towns they staff."""

    roles = tuple(Role.values)
    predicate = permissions.is_town_staff
    doing = "list the staff of their towns"


class IsTownAdmin(TownRole):
    roles = (Role.ADMIN,)
    predicate = permissions.is_admin
    doing = "manage fee schedules"


class RecordPredicate(BasePermission):
    """Ask a predicate of ``(user, record)`` about the record being acted on."""

    predicate: Callable[..., bool]

    def has_object_permission(self, request, view, obj) -> bool:
        return type(self).predicate(request.user, obj)


# Who may act on an application is a 403; whether its status allows the action is the
# service's to say, a 400 naming the status and those that allow it.


class MayEditApplication(RecordPredicate):
    predicate = permissions.is_applicant
    message = "Only the applicant may change an application."


class MaySubmitApplication(RecordPredicate):
    predicate = permissions.submits_for
    message = ("Only the applicant, or a clerk of the town at the counter, may submit an "
               "application.")


class MayWithdrawApplication(RecordPredicate):
    predicate = permissions.is_applicant
    message = "Only the applicant may withdraw an application."


class MayUploadDocument(RecordPredicate):
    predicate = permissions.uploads_for
    message = "Only the applicant or the town clerk may add documents to this application."
