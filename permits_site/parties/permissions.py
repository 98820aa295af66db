"""Who may see and act on businesses and properties (spec ``lifecycle.md``, "Holders").

Named predicates, like :mod:`permits_site.accounts.permissions`, and their
queryset forms for lists and API lookups. Members act for their business; a
town's staff see every business that applied there — it has an application in
the town, or a property there — and every live property of the town; only the
town's clerk corrects and merges properties.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.db.models import Q, QuerySet

from permits_site.accounts.models import Role
from permits_site.accounts.permissions import (
    STAFF_ROLES,
    business_ids,
    is_clerk,
    is_town_staff,
    municipality_ids_with,
    require,
)
from permits_site.licensing.models import Application
from permits_site.parties.models import Business, Property

# -- businesses ----------------------------------------------------------------


def is_business_member(user, business: Business) -> bool:
    """Does ``user`` act for ``business``? (Cached per user object.)"""
    return business.pk in business_ids(user)


def business_town_ids(business: Business) -> set[int]:
    """The towns where ``business`` applied: an application there, or a property there."""
    applied = Application.objects.filter(business=business).values_list(
        "municipality_id", flat=True
    )
    placed = business.properties.values_list("municipality_id", flat=True)
    return set(applied) | set(placed)


def businesses_applied_in(town_ids: Iterable[int]) -> QuerySet[Business]:
    """Businesses that applied in any of ``town_ids`` (subqueries: no duplicate rows)."""
    towns = list(town_ids)
    applied = Application.objects.filter(
        municipality_id__in=towns, business__isnull=False
    ).values("business_id")
    placed = Property.businesses.through.objects.filter(
        property__municipality_id__in=towns
    ).values("business_id")
    return Business.objects.filter(Q(pk__in=applied) | Q(pk__in=placed))


def can_view_business(user, business: Business) -> bool:
    """Its members, and the staff of a town where it applied."""
    if not user.is_authenticated:
        return False
    if is_business_member(user, business):
        return True
    staff_towns = municipality_ids_with(user, *STAFF_ROLES)
    return bool(staff_towns & business_town_ids(business))


def can_add_business_member(user, business: Business) -> bool:
    """Only a member adds another member; staff who see a business do not act for it."""
    return is_business_member(user, business)


def require_member_adder(user, business: Business) -> None:
    """Refuse anyone but a member of ``business`` to add members, saying who may."""
    require(can_add_business_member(user, business), "add members to the business",
            party="a member of the business")


def visible_businesses(user) -> QuerySet[Business]:
    """The queryset form of :func:`can_view_business`."""
    if not user.is_authenticated:
        return Business.objects.none()
    mine = Q(pk__in=business_ids(user))
    staff_towns = municipality_ids_with(user, *STAFF_ROLES)
    if not staff_towns:
        return Business.objects.filter(mine)
    return Business.objects.filter(mine | Q(pk__in=businesses_applied_in(staff_towns).values("pk")))


def clerk_town_ids(user) -> set[int]:
    """The towns whose businesses and properties ``user`` keeps as clerk."""
    return municipality_ids_with(user, Role.CLERK)


# -- properties ----------------------------------------------------------------


def is_linked_to_property(user, place: Property) -> bool:
    """Did ``user``, or a business they act for, apply about ``place``?"""
    if not user.is_authenticated:
        return False
    return (
        place.people.filter(pk=user.pk).exists()
        or place.businesses.filter(pk__in=business_ids(user)).exists()
    )


def can_view_property(user, place: Property) -> bool:
    """The people and businesses linked to a live place, and the staff of its town."""
    if not user.is_authenticated:
        return False
    if is_town_staff(user, place.municipality_id):
        return True
    return place.merged_into_id is None and is_linked_to_property(user, place)


def can_correct_property(user, place: Property) -> bool:
    """The town's clerk corrects a place's address, parcel and attributes (audited)."""
    return is_clerk(user, place.municipality_id)


def can_merge_properties(user, place: Property) -> bool:
    """The town's clerk folds a duplicate record of a place into this one (audited)."""
    return is_clerk(user, place.municipality_id)


def visible_properties(user) -> QuerySet[Property]:
    """Live places ``user`` may see: their own and their businesses', and every live place
    of the towns they staff. Subqueries, so no row repeats."""
    if not user.is_authenticated:
        return Property.objects.none()
    linked_people = Property.people.through.objects.filter(user=user).values("property_id")
    linked_businesses = Property.businesses.through.objects.filter(
        business_id__in=business_ids(user)
    ).values("property_id")
    staff_towns = municipality_ids_with(user, *STAFF_ROLES)
    return Property.objects.filter(
        Q(pk__in=linked_people) | Q(pk__in=linked_businesses)
        | Q(municipality_id__in=staff_towns),
        merged_into__isnull=True,
    )
