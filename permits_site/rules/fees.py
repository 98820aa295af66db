"""Fee quotes as pure functions over a fee schedule's priced items.

A schedule is a mapping of item code to :class:`PricedItem` (the amounts an
admin set, with the section that authorises each). Pricing turns an action
and its facts into :class:`FeeLine` s; the first line's code is the action.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from permits_site.rules.base import Fact, FactsInvalid, RuleSet

CENT = Decimal("0.01")


def money(value: Decimal | int | str) -> Decimal:
    """Round to cents the way a receipt does (half up)."""
    return Decimal(value).quantize(CENT, rounding=ROUND_HALF_UP)


@dataclass(frozen=True)
class PricedItem:
    code: str
    description: str
    amount: Decimal
    citation: str
    #: The description as the town's admin typed it in the other languages, if they did.
    description_pt_br: str = ""
    description_es: str = ""


@dataclass(frozen=True)
class FeeLine:
    code: str
    description: str
    amount: Decimal
    citation: str
    percent: int | None = None
    description_pt_br: str = ""
    description_es: str = ""

    def as_dict(self) -> dict:
        line = {
            "code": self.code,
            "description": self.description,
            "amount": f"{money(self.amount)}",
            "citation": self.citation,
        }
        if self.percent is not None:
            line["percent"] = self.percent
        return line


@dataclass(frozen=True)
class FeeQuote:
    permit_type: str
    action: str
    lines: tuple[FeeLine, ...] = field(default_factory=tuple)

    @property
    def total(self) -> Decimal:
        return money(sum((line.amount for line in self.lines), Decimal("0")))


class QuoteRefused(Exception):
    """The quote cannot be given; ``errors`` maps each offending field to its messages."""

    def __init__(self, errors: Mapping[str, list[str] | str]):
        normalized = {
            name: messages if isinstance(messages, list) else [messages]
            for name, messages in errors.items()
        }
        super().__init__(normalized)
        self.errors = normalized


def line_for(
    item: PricedItem, *, code: str | None = None, description: str | None = None
) -> FeeLine:
    """A fee line charging one schedule item, optionally under the action's code; the
    admin's translations of the item's description go with it unless ``description``
    replaces it."""
    return FeeLine(
        code=code or item.code,
        description=description or item.description,
        amount=money(item.amount),
        citation=item.citation,
        description_pt_br="" if description else item.description_pt_br,
        description_es="" if description else item.description_es,
    )


def item(schedule: Mapping[str, PricedItem], code: str) -> PricedItem:
    try:
        return schedule[code]
    except KeyError as error:
        raise QuoteRefused({"action": f"The fee schedule has no item '{code}'."}) from error


def parse_quote_facts(raw: Any, *, permit_type: str, facts: Iterable[Fact]) -> dict[str, Any]:
    """Validate a quote's strict-JSON facts against their declaration, defaults filled in.

    Unknown, missing and wrongly typed facts are refused exactly as a rule
    set refuses them, each keyed by the fact's name.
    """
    declaration = RuleSet(code=permit_type, municipality="", title="", facts=tuple(facts))
    try:
        return declaration.with_defaults(declaration.parse(raw))
    except FactsInvalid as error:
        raise QuoteRefused(error.errors) from error
