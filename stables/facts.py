"""A stable application's facts: what the resident answers and what the office records.

The rule sets of private and public stables (``stables.rules``) declare every fact
their rules read. Two of them are not the applicant's to state: the zoning
authority's certification (§2.3) and the review with the Conservation Commission
(§4.1) reach the Board of Health from those bodies, so the office records them on
the application and they are fed to the rules from there.
"""

from __future__ import annotations

import datetime as dt
import functools
from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from permits_site.rules.base import RuleSet
from permits_site.rules.registry import get_rule_set

#: Facts the Board of Health office records, never the applicant.
OFFICE_FACTS = ("zoning_certified", "conservation_commission_reviewed")
#: The rules that read them: until the office records them, they wait on the office.
OFFICE_RULES = frozenset({"nb.2.3.zoning", "nb.4.1.concom"})


@functools.cache
def resident_questions(code: str) -> RuleSet:
    """The rule set ``code`` as the applicant answers it: every fact but the office's.

    It holds no rules; it validates the applicant's answers (``parse``) and generates
    their form. The full rule set judges them once the office's facts are added.
    """
    rule_set = get_rule_set(code)
    if rule_set is None:
        raise LookupError(f"No rule set {code} is registered.")
    return RuleSet(
        code=rule_set.code,
        municipality=rule_set.municipality,
        title=rule_set.title,
        description=rule_set.description,
        facts=tuple(fact for fact in rule_set.facts if fact.name not in OFFICE_FACTS),
        validators=rule_set.validators,
    )


def office_facts(details) -> dict[str, bool]:
    """The office's facts from an application's stable details (none recorded: both false)."""
    return {
        "zoning_certified": bool(details and details.zoning_certified),
        "conservation_commission_reviewed": bool(
            details and details.conservation_commission_reviewed
        ),
    }


def as_json(facts: Mapping[str, Any]) -> dict[str, Any]:
    """Parsed facts as the strict JSON that ``RuleSet.parse`` reads back (and the API sends)."""
    return {name: _json_value(value) for name, value in facts.items() if value is not None}


def _json_value(value: Any) -> Any:
    if isinstance(value, Decimal):
        return int(value) if value == value.to_integral_value() else float(value)
    if isinstance(value, dt.date):
        return value.isoformat()
    return value
