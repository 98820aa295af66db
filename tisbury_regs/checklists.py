"""Yes-or-no items of the Board of Health agent's inspections (Tisbury BOH Reg 09.0–09.12):
each item a question the agent answers on the visit, holding when the answer is yes, and
refused in the regulation's words with its section when it is no."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext_noop

from permits_site.rules.base import Fact, FactType, RuleSet, must_hold_if_recorded


@dataclass(frozen=True)
class ChecklistItem:
    """One item: the fact the agent answers, its question, its rule id, its section and what
    the refusal says."""

    fact: str
    question: str
    rule_id: str
    citation: str
    refusal: str

    def as_fact(self, *, required: bool) -> Fact:
        return Fact(self.fact, FactType.BOOL, self.question, help_text=self.citation,
                    required=required)


def add_items(rule_set: RuleSet, items: tuple[ChecklistItem, ...], *,
              answers_required: bool = True) -> None:
    """Append the items to ``rule_set``: their facts and one rule each, in order.

    A rule set whose facts the spec lists (the campground's) takes the items as answers the
    visit may leave out (``answers_required=False``): a client sending the listed facts is
    not refused, and an item left out is not applicable."""
    rule_set.facts = (*rule_set.facts,
                      *(item.as_fact(required=answers_required) for item in items))
    for item in items:
        _add_rule(rule_set, item)


def _add_rule(rule_set: RuleSet, item: ChecklistItem) -> None:
    @rule_set.rule(item.rule_id, item.citation, item.question)
    def item_holds(facts, context):
        """One item of the agent's checklist: it holds when the agent answers yes."""
        return must_hold_if_recorded(facts.get(item.fact),
                                     ok=gettext_noop("Found so on the visit."),
                                     refusal=item.refusal)


def checklist(*, code: str, municipality: str, title: str, description: str,
              items: tuple[ChecklistItem, ...]) -> RuleSet:
    """An inspector's checklist made only of yes-or-no items."""
    rule_set = RuleSet(code=code, municipality=municipality, title=title,
                       description=description, facts=())
    add_items(rule_set, items)
    return rule_set
