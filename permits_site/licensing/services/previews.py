"""The rules' findings on an application's answers so far, before anything is saved.

Every generated form shows them (spec ``lifecycle.md``, "What a failed rule does"): each
rule in words with its section, and what it does to the permit — it blocks it (until a
variance or waiver covers it), adds a fee or penalty (priced by the fine of the offense it
leads to), or waits for the office (a sign-off the office records, a reviewer's
determination). Facts the office records are taken as not yet recorded.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from django.utils.translation import gettext_noop

from permits_site.enforcement.services.penalties import penalty_fine
from permits_site.licensing.declarations import FactSource, Gate
from permits_site.licensing.kinds import kind_for, sourced_facts
from permits_site.licensing.relief import relief_sentence
from permits_site.licensing.services.fees import quote_fee
from permits_site.rules.base import Consequence, FactsInvalid, Finding, Outcome
from permits_site.rules.fees import FeeQuote, QuoteRefused
from permits_site.rules.wording import CitedSection, Dollars, explain

if TYPE_CHECKING:
    from permits_site.accounts.models import User
    from permits_site.licensing.models import PermitType
    from permits_site.parties.models import Property


class Effect(StrEnum):
    """What a finding does to the permit, as the applicant reads it."""

    MEETS = "meets"
    NOT_APPLICABLE = "not_applicable"
    BLOCKS = "blocks"
    PENALTY = "penalty"
    OFFICE = "office"
    ADVISORY = "advisory"


@dataclass(frozen=True)
class PreviewFinding:
    """One rule's finding: what the rule asks (``statement``), and its effect; a penalty
    carries the fine of its offense when one is registered (``amount``, ``warning``)."""

    finding: Finding
    statement: str
    effect: Effect
    amount: Decimal | None = None
    warning: bool = False
    fine_citation: str = ""

    @property
    def label(self) -> str:
        """The effect in the words the form shows (``explained`` on the page)."""
        if self.effect is Effect.PENALTY:
            if self.warning:
                return explain(gettext_noop("Adds a fee or penalty: a written warning "
                                            "(%(section)s)"),
                               section=CitedSection(self.fine_citation))
            if self.amount is not None:
                return explain(gettext_noop("Adds a fee or penalty: %(amount)s (%(section)s)"),
                               amount=Dollars(self.amount),
                               section=CitedSection(self.fine_citation))
            return explain(gettext_noop("Adds a fee or penalty (%(section)s)"),
                           section=CitedSection(self.finding.citation))
        return EFFECT_LABELS[self.effect]


EFFECT_LABELS = {
    Effect.MEETS: gettext_noop("Meets the rule"),
    Effect.NOT_APPLICABLE: gettext_noop("Does not apply"),
    Effect.BLOCKS: gettext_noop("Blocks the permit"),
    Effect.OFFICE: gettext_noop("Waits for the office's decision"),
    Effect.ADVISORY: gettext_noop("For your information"),
}


@dataclass(frozen=True)
class Preview:
    """The findings (none until every question the rules read is answered), the questions
    still unanswered, whether some facts come from records the office holds (checked once
    the draft is saved), and the fee submitting today would cost."""

    findings: tuple[PreviewFinding, ...] = ()
    unanswered: tuple[str, ...] = ()
    checked_later: bool = False
    quote: FeeQuote | None = None
    #: Where a rule blocks the permit: that the Board may still grant its law's relief.
    relief: str = ""

    @property
    def blocking(self) -> int:
        return sum(item.effect is Effect.BLOCKS for item in self.findings)


def preview(*, permit_type: PermitType, action: str, answers: Mapping[str, Any],
            place: Property | None, applicant: User, on: dt.date) -> Preview:
    """The findings of ``permit_type``'s rule set on ``answers`` (strict JSON, only those
    given so far), the chosen property's attributes and the action."""
    kind = kind_for(permit_type.code)
    quote = _quote(permit_type, action, on)
    rule_set = kind.rule_set_for(permit_type)
    if rule_set is None:
        return Preview(quote=quote)
    sources = kind.facts_from(permit_type)
    try:
        facts = rule_set.parse(_raw_facts(kind, permit_type, sources, answers, place=place,
                                          action=action, on=on))
    except FactsInvalid as invalid:
        labels = {fact.name: fact.label for fact in rule_set.facts}
        return Preview(
            unanswered=tuple(labels.get(name, name) for name in invalid.errors
                             if sources.get(name) == FactSource.FIELD),
            checked_later=any(sources.get(name) != FactSource.FIELD for name in invalid.errors),
            quote=quote,
        )
    result = rule_set.evaluate(facts, on=on, calendar=permit_type.municipality.calendar())
    statements = {rule.id: rule.summary for rule in rule_set.rules}
    return Preview(
        findings=tuple(
            _preview_finding(finding, statements[finding.rule], kind=kind,
                             permit_type=permit_type, applicant=applicant)
            for finding in result.findings
        ),
        quote=quote,
        relief=relief_sentence(kind, "may_still_apply"),
    )


def _raw_facts(kind, permit_type, sources, answers, *, place, action, on) -> dict[str, Any]:
    """The rule set's facts from the answers, the property and the action, with the
    office's facts as they stand before it records them."""
    raw = {name: value for name, value in answers.items()
           if sources.get(name) == FactSource.FIELD}
    raw.update(kind.pending_office_facts(permit_type))
    raw.update(sourced_facts(sources, place=place, action=action, on=on))
    return {name: value for name, value in raw.items() if value is not None}


def _preview_finding(finding: Finding, statement: str, *, kind, permit_type, applicant
                     ) -> PreviewFinding:
    effect = _effect(finding, kind)
    if effect is not Effect.PENALTY:
        return PreviewFinding(finding, statement, effect)
    fine = penalty_fine(finding.rule, municipality=permit_type.municipality,
                        applicant=applicant)
    if fine is None:
        return PreviewFinding(finding, statement, effect)
    return PreviewFinding(finding, statement, effect, amount=fine.amount_per_offense,
                          warning=fine.warning, fine_citation=fine.citation)


def _effect(finding: Finding, kind) -> Effect:
    if finding.needs_review:
        return Effect.OFFICE
    if not finding.failed:
        return Effect.MEETS if finding.outcome is Outcome.PASS else Effect.NOT_APPLICABLE
    if kind.rule_gates.get(finding.rule, Gate.RULES_MET) != Gate.RULES_MET:
        return Effect.OFFICE
    return {Consequence.BLOCKS: Effect.BLOCKS, Consequence.PENALTY: Effect.PENALTY,
            Consequence.ADVISORY: Effect.ADVISORY}[finding.consequence]


def _quote(permit_type: PermitType, action: str, on: dt.date) -> FeeQuote | None:
    """The fee of the action today, when it is priced without the application's records."""
    try:
        quote, _schedule = quote_fee(permit_type=permit_type, action=action, facts={}, on=on)
    except QuoteRefused:
        return None
    return quote
