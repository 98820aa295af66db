"""The domain audit log: one entry for every state change a service makes."""

from __future__ import annotations

from typing import Any

from django.contrib.contenttypes.models import ContentType
from django.db import models

from permits_site.licensing.models import AuditEntry


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
    return AuditEntry.objects.filter(
        content_type=ContentType.objects.get_for_model(subject), object_id=subject.pk
    ).select_related("actor")
