"""Where bylaw apps register their law with the core.

The core never imports a bylaw app: each app's ``AppConfig.ready`` calls
:func:`register_law` with its rule sets, periods and key dates, and the core
looks them up here by code.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from permits_site.rules.base import Rule, RuleSet
from permits_site.rules.periods import KeyDate, Period


@dataclass
class TownLaw:
    rule_sets: dict[str, RuleSet] = field(default_factory=dict)
    #: Rule sets that serve only as an inspector's checklist (a visit the law requires without
    #: stating its items): inspections use them, no application is judged by them; the
    #: public check catalogue lists them with the rule sets (:func:`all_checks`).
    checklists: dict[str, RuleSet] = field(default_factory=dict)
    periods: dict[str, Period] = field(default_factory=dict)
    key_dates: dict[str, KeyDate] = field(default_factory=dict)


_LAW: dict[str, TownLaw] = {}


def register_law(
    municipality: str,
    *,
    rule_sets: Iterable[RuleSet] = (),
    periods: Iterable[Period] = (),
    key_dates: Iterable[KeyDate] = (),
    checklists: Iterable[RuleSet] = (),
) -> None:
    """Add a bylaw app's declarations; registering the same code twice is an error."""
    law = _LAW.setdefault(municipality, TownLaw())
    for rule_set in rule_sets:
        _add(law.rule_sets, rule_set.code, rule_set)
    for checklist in checklists:
        _add(law.checklists, checklist.code, checklist)
    for period in periods:
        _add(law.periods, period.code, period)
    for key_date in key_dates:
        _add(law.key_dates, key_date.code, key_date)


def _add(table: dict, code: str, item: object) -> None:
    if code in table and table[code] is not item:
        raise ValueError(f"{code} is registered twice")
    table[code] = item


def town_law(municipality: str) -> TownLaw:
    return _LAW.get(municipality, TownLaw())


def all_rule_sets() -> list[RuleSet]:
    return [rule_set for law in _LAW.values() for rule_set in law.rule_sets.values()]


def all_checks() -> list[RuleSet]:
    """Every rule set the product judges anything by: each town's rule sets, then its
    inspection checklists (the public check catalogue)."""
    return [check for law in _LAW.values()
            for check in (*law.rule_sets.values(), *law.checklists.values())]


def rule_by_id(rule_id: str) -> Rule | None:
    """The rule of any town's law with this id (ids carry their town's prefix)."""
    return next((rule for rule_set in all_rule_sets() for rule in rule_set.rules
                 if rule.id == rule_id), None)


#: How a rule reads when the town's law no longer has it.
WITHDRAWN_RULE = "A rule no longer in the town's law"


def rule_in_plain_words(rule_id: str) -> str:
    """What the rule asks and its section, as residents, licenses and staff screens read
    it: rule ids are the office's and the API's vocabulary, shown only on request."""
    rule = rule_by_id(rule_id)
    return f"{rule.summary} ({rule.citation})" if rule else WITHDRAWN_RULE


def inspection_checks(municipality: str) -> dict[str, RuleSet]:
    """What an inspection in the town may be judged by: its rule sets and its checklists."""
    law = town_law(municipality)
    return {**law.rule_sets, **law.checklists}


def get_check(code: str) -> RuleSet | None:
    """The rule set or inspection checklist registered under ``code``."""
    return get_rule_set(code) or next(
        (law.checklists[code] for law in _LAW.values() if code in law.checklists), None)


def get_rule_set(code: str) -> RuleSet | None:
    for law in _LAW.values():
        if code in law.rule_sets:
            return law.rule_sets[code]
    return None


@contextmanager
def restored_law() -> Iterator[None]:
    """Put every town's law back as it was when the ``with`` block ends, even if it raises.

    For tests that run a bylaw app's own registrations (its ``AppConfig.ready``): the law
    it registers inside the block is forgotten with it.
    """
    saved = {town: _copy(law) for town, law in _LAW.items()}
    try:
        yield
    finally:
        _LAW.clear()
        _LAW.update(saved)


@contextmanager
def registered_law(
    municipality: str,
    *,
    rule_sets: Iterable[RuleSet] = (),
    periods: Iterable[Period] = (),
    key_dates: Iterable[KeyDate] = (),
    checklists: Iterable[RuleSet] = (),
) -> Iterator[TownLaw]:
    """Register a town's declarations for the duration of a ``with`` block, in place of
    any of the same codes, then put every town's law back as it was, even if the block
    raises.

    For tests that declare a rule set or checklist of their own: whatever is registered
    inside the block is forgotten with it.
    """
    with restored_law():
        law = _LAW.setdefault(municipality, TownLaw())
        for table, items in ((law.rule_sets, rule_sets), (law.checklists, checklists),
                             (law.periods, periods), (law.key_dates, key_dates)):
            table.update((item.code, item) for item in items)
        yield law


def _copy(law: TownLaw) -> TownLaw:
    return TownLaw(rule_sets=dict(law.rule_sets), checklists=dict(law.checklists),
                   periods=dict(law.periods), key_dates=dict(law.key_dates))
