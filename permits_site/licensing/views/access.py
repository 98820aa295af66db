"""Looking records up for a request: 404 for anything the user may not see."""

from __future__ import annotations

from collections.abc import Callable

from django.db.models import Model, QuerySet
from django.http import Http404

from permits_site.accounts import permissions


def get_visible_or_404(queryset: QuerySet, predicate: Callable[..., bool], user, **lookup) -> Model:
    """The record if it exists and ``predicate(user, record)`` allows it; else 404.

    Refused and missing look the same, so ids of other people's records leak nothing.
    """
    record = queryset.filter(**lookup).first()
    if record is None or not predicate(user, record):
        raise Http404("No such record.")
    return record


def office_application_or_404(queryset: QuerySet, predicate: Callable[..., bool], user,
                              **lookup) -> Model:
    """The application one of the office's steps acts on: 404 as :func:`get_visible_or_404`
    unless ``predicate(user, application)`` allows it, and refused, saying why (403), when
    ``user`` or their business applied for it (``permissions.require_not_own_application``).
    The bylaw apps' pages of the office's steps on an application look it up here."""
    application = get_visible_or_404(queryset, predicate, user, **lookup)
    permissions.require_not_own_application(user, application)
    return application
