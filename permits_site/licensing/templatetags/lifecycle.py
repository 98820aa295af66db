"""``{% if application|allows:"withdraw" %}``: pages offer what the transitions table allows."""

from __future__ import annotations

from django import template
from django.utils.translation import gettext

from permits_site.licensing import transitions
from permits_site.licensing.models import Application
from permits_site.licensing.models.applications import action_label

register = template.Library()


@register.filter
def allows(application: Application, action: str) -> bool:
    """Whether the application's status allows ``action`` (``licensing.transitions``)."""
    return transitions.can(action, application)


@register.filter
def action_in_words(action: str) -> str:
    """What a person applies for ("renewal"), in the reader's language ("Renovação")."""
    return gettext(action_label(action))


@register.filter
def actions_in_words(actions: tuple[str, ...]) -> str:
    """The actions a document is asked for, within a sentence: "new, renewal", "nova,
    renovação"."""
    return ", ".join(action_in_words(action).lower() for action in actions)
