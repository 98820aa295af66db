"""The domain audit log: one entry for every state change a service makes.

Services call ``audit.record(...)`` inside their transaction; ``history_of`` reads a
record's entries back. The model is imported when called, so this package can be
imported before the app registry is ready.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.db import models

if TYPE_CHECKING:
    from permits_site.audit.models import AuditEntry


def record(
    *,
    actor,
    action: str,
    subject: models.Model,
    summary: str,
    municipality=None,
    before: dict[str, Any] | None = None,
    after: dict[str, Any] | None = None,
) -> AuditEntry:
    """Write who did ``action`` to ``subject``, with the state before and after."""
    from django.contrib.contenttypes.models import ContentType

    from permits_site.audit.models import AuditEntry

    return AuditEntry.objects.create(
        actor=actor if actor is not None and actor.is_authenticated else None,
        municipality=municipality,
        action=action,
        content_type=ContentType.objects.get_for_model(subject),
        object_id=subject.pk,
        summary=summary[:300],
        before=before or {},
        after=after or {},
    )


def history_of(subject: models.Model):
    """Audit entries about one record, newest first."""
    from django.contrib.contenttypes.models import ContentType

    from permits_site.audit.models import AuditEntry

    return AuditEntry.objects.filter(
        content_type=ContentType.objects.get_for_model(subject), object_id=subject.pk
    ).select_related("actor")
