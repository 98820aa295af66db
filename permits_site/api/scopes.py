"""What each caller may see: their own records, and their towns' records if they are staff.

These filters are the queryset form of the ``can_view_*`` predicates in
:mod:`permits_site.accounts.permissions`. A record outside them does not exist
for the caller: looking it up is a 404, so another person's id leaks nothing.
"""

from __future__ import annotations

from django.db.models import Q, QuerySet

from permits_site.accounts.permissions import STAFF_ROLES, municipality_ids_with, party_rows


def owned_or_in_staff_towns(
    queryset: QuerySet, user, *, owner_field: str, business_field: str | None = None
) -> QuerySet:
    """Rows ``user`` is the party of, plus every row of the towns they staff."""
    if not user.is_authenticated:
        return queryset.none()
    staff_towns = municipality_ids_with(user, *STAFF_ROLES)
    return queryset.filter(
        party_rows(user, owner_field=owner_field, business_field=business_field)
        | Q(municipality_id__in=staff_towns)
    )


def in_towns_where(queryset: QuerySet, user, *roles: str, town_field: str) -> QuerySet:
    """Rows of the towns where ``user`` holds one of ``roles``."""
    if not user.is_authenticated:
        return queryset.none()
    return queryset.filter(**{f"{town_field}__in": municipality_ids_with(user, *roles)})
