"""``{% if application|allows:"withdraw" %}``: pages offer what the transitions table allows."""

from __future__ import annotations

from django import template

from permits_site.licensing import transitions
from permits_site.licensing.models import Application

register = template.Library()


@register.filter
def allows(application: Application, action: str) -> bool:
    """Whether the application's status allows ``action`` (``licensing.transitions``)."""
    return transitions.can(action, application)
