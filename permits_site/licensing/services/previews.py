"""The rules' findings on an application's answers so far, before anything is saved.

Every generated form shows them (spec ``lifecycle.md``, "What a failed rule does"): each
rule in words with its section, and what it does to the permit (``effects``) — it blocks it
(until a variance or waiver covers it), adds a fee or penalty (priced by the fine of the
offense it leads to today), or waits for the office (a sign-off the office records, a
reviewer's determination). Facts the office records are taken as not yet recorded.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from permits_site.enforcement.services.penalties import penalty_fine
from permits_site.licensing.declarations import FactSource
from permits_site.licensing.kinds import kind_for, sourced_facts
from permits_site.licensing.relief import relief_sentence
from permits_site.licensing.services.effects import Findings, findings_of
from permits_site.licensing.services.fees import quote_fee
from permits_site.rules.base import FactsInvalid
from permits_site.rules.fees import FeeQuote, QuoteRefused

if TYPE_CHECKING:
    from permits_site.accounts.models import User
    from permits_site.licensing.models import PermitType
    from permits_site.parties.models import Property


@dataclass(frozen=True)
class Preview(Findings):
    """The findings with their effects (none until every question the rules read is
    answered), the questions still unanswered, whether some facts come from records the
    office holds (checked once the draft is saved), and the fee submitting today would
    cost."""

    unanswered: tuple[str, ...] = ()
    checked_later: bool = False
    quote: FeeQuote | None = None
    #: Where a rule blocks the permit: that the Board may still grant its law's relief.
    relief: str = ""


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
    fines = {finding.rule: fine for finding in result.penalties
             if (fine := penalty_fine(finding.rule, municipality=permit_type.municipality,
                                      applicant=applicant)) is not None}
    return Preview(
        findings=findings_of(result, kind=kind, fines=fines).findings,
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


def _quote(permit_type: PermitType, action: str, on: dt.date) -> FeeQuote | None:
    """The fee of the action today, when it is priced without the application's records."""
    try:
        quote, _schedule = quote_fee(permit_type=permit_type, action=action, facts={}, on=on)
    except QuoteRefused:
        return None
    return quote
