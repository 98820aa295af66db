"""How rules read on a resident's pages: what a rule asks and its section, never its id (an
application's findings say what each does to the permit: ``services.effects``)."""

from __future__ import annotations

from django import template
from django.utils.html import format_html
from django.utils.translation import gettext

from permits_site.rules.registry import rule_by_id, rule_in_plain_words

register = template.Library()


@register.filter
def rule_in_words(rule_id: str) -> str:
    """What the rule asks and its section, as licenses and notices print it."""
    return rule_in_plain_words(rule_id)


@register.filter
def rule_said(rule_id: str) -> str:
    """What the rule asks in the reader's language and its section kept English, for a
    resident's page: "Corral area … (Northborough Horse & Stable Regs §3.1)"."""
    rule = rule_by_id(rule_id)
    if rule is None:
        return rule_in_plain_words(rule_id)
    return format_html('{} <span class="citation" lang="en">({})</span>', gettext(rule.summary),
                       rule.citation)

