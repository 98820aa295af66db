"""What each of the rules' findings does to the permit, as the applicant reads it (spec
``lifecycle.md``, "What a failed rule does").

A finding meets its rule or does not apply; a failed one blocks the permit until it passes
or the Board's variance or waiver covers it (Northborough §8, Tisbury 09.0.3), adds a fee or
penalty — the fine of the offense the rule leads to (North Andover's late dog license,
Licenses A(10)) — or is for the applicant's information; and one the office decides (a
sign-off the office records, Northborough §2.3 and §4.1; a reviewer's determination) waits
for the office. The generated form's findings on the answers so far (``previews``), the
application's page and the review screen read them in the same words.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum
from typing import TYPE_CHECKING, Protocol

from django.utils.translation import gettext_noop

from permits_site.licensing.declarations import Gate
from permits_site.rules.base import CheckResult, Consequence, Finding, Outcome
from permits_site.rules.registry import get_rule_set
from permits_site.rules.wording import CitedSection, Dollars, explain

if TYPE_CHECKING:
    from permits_site.licensing.kinds import PermitKind


class Effect(StrEnum):
    """What a finding does to the permit, as the applicant reads it."""

    MEETS = "meets"
    NOT_APPLICABLE = "not_applicable"
    BLOCKS = "blocks"
    #: A failed blocking rule a granted variance or waiver covers: it no longer blocks.
    COVERED = "covered"
    PENALTY = "penalty"
    OFFICE = "office"
    ADVISORY = "advisory"


class Fine(Protocol):
    """The fine of the offense a penalty rule leads to: what the fine schedule in force
    quotes (``FineQuote``), or the citation once the office has recorded it."""

    amount_per_offense: Decimal
    warning: bool
    citation: str


@dataclass(frozen=True)
class FindingEffect:
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
        """The effect in the words the pages show (``explained`` on the page)."""
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
    Effect.COVERED: gettext_noop("Does not meet the rule"),
    Effect.OFFICE: gettext_noop("Waits for the office's decision"),
    Effect.ADVISORY: gettext_noop("For your information"),
}


@dataclass(frozen=True)
class Findings:
    """A rule set's findings, each with its effect, in the rule set's order."""

    findings: tuple[FindingEffect, ...] = ()

    @property
    def blocking(self) -> int:
        return self._count(Effect.BLOCKS)

    @property
    def penalties(self) -> int:
        return self._count(Effect.PENALTY)

    @property
    def all_met(self) -> bool:
        """Every rule is met or does not apply."""
        return self._only(Effect.MEETS, Effect.NOT_APPLICABLE)

    @property
    def rest_waits_for_the_office(self) -> bool:
        """Every rule the applicant answers for is met; the others wait for the office."""
        return self._only(Effect.MEETS, Effect.NOT_APPLICABLE, Effect.OFFICE)

    def _count(self, effect: Effect) -> int:
        return sum(item.effect is effect for item in self.findings)

    def _only(self, *effects: Effect) -> bool:
        return all(item.effect in effects for item in self.findings)


def findings_of(result: CheckResult | None, *, kind: PermitKind,
                fines: Mapping[str, Fine] | None = None,
                covered: Collection[str] = ()) -> Findings:
    """``result``'s findings with what each does to a permit of ``kind``: ``fines`` the fine
    of each failed penalty rule's offense, by rule (a rule without one names its own
    section); ``covered`` the rules a granted variance or waiver covers. Reads nothing
    from the database. None (not judged yet): no findings."""
    if result is None:
        return Findings()
    fines = fines or {}
    statements = {rule.id: rule.summary for rule in get_rule_set(result.check).rules}
    return Findings(tuple(
        finding_effect(finding, statements[finding.rule], kind=kind,
                       fine=fines.get(finding.rule), covered=finding.rule in covered)
        for finding in result.findings
    ))


def finding_effect(finding: Finding, statement: str, *, kind: PermitKind,
                   fine: Fine | None = None, covered: bool = False) -> FindingEffect:
    """What ``finding`` does to a permit of ``kind``; ``fine`` its offense's, for a penalty."""
    effect = _effect(finding, kind, covered=covered)
    if effect is not Effect.PENALTY or fine is None:
        return FindingEffect(finding, statement, effect)
    return FindingEffect(finding, statement, effect, amount=fine.amount_per_offense,
                         warning=fine.warning, fine_citation=fine.citation)


def _effect(finding: Finding, kind: PermitKind, *, covered: bool) -> Effect:
    if finding.needs_review:
        return Effect.OFFICE
    if not finding.failed:
        return Effect.MEETS if finding.outcome is Outcome.PASS else Effect.NOT_APPLICABLE
    if kind.rule_gates.get(finding.rule, Gate.RULES_MET) != Gate.RULES_MET:
        return Effect.OFFICE
    if finding.consequence is Consequence.BLOCKS:
        return Effect.COVERED if covered else Effect.BLOCKS
    return {Consequence.PENALTY: Effect.PENALTY,
            Consequence.ADVISORY: Effect.ADVISORY}[finding.consequence]
