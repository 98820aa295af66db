"""How findings read on a resident's pages: what a rule asks and its section, never its id,
and a sign-off the office has not recorded yet as waiting on the office."""

from __future__ import annotations

from collections.abc import Iterable

from django import template
from django.utils.html import format_html
from django.utils.translation import gettext

from permits_site.licensing.declarations import Gate
from permits_site.licensing.kinds import Blocker
from permits_site.rules.base import CheckResult, Finding
from permits_site.rules.registry import rule_by_id, rule_in_plain_words

register = template.Library()


@register.filter
def waits_on_the_office(finding: Finding, blockers: Iterable[Blocker]) -> bool:
    """A failed rule whose gate is the office's sign-offs (Northborough's zoning
    certification, §2.3, and Conservation Commission review, §4.1): the office records it;
    until then the application waits on the office, not on the applicant."""
    return any(blocker.code == finding.rule and blocker.gate == Gate.OFFICE_SIGNOFFS
               for blocker in blockers)


@register.filter
def rule_summary(rule_id: str) -> str:
    """What the rule asks, in the words of its summary."""
    rule = rule_by_id(rule_id)
    return rule.summary if rule else ""


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


@register.filter
def not_met(result: CheckResult, blockers: Iterable[Blocker]) -> list[Finding]:
    """The failures that are the applicant's to answer: not those waiting on the office."""
    blockers = list(blockers)
    return [finding for finding in result.failures
            if not waits_on_the_office(finding, blockers)]
