"""Properties every rule set of every town must have, whatever facts it is given.

The facts are drawn from each set's own declaration (type, range, choices,
optional / nullable / conditional), as strict JSON, the way the API receives
them. A set must then parse them, judge them on any date with its town's
calendar without raising, and report every rule exactly once, in order.
"""

import datetime as dt
import importlib
import importlib.util
import math
from decimal import Decimal

import pytest
from hypothesis import HealthCheck, given, reject, settings
from hypothesis import strategies as st

from dogs import periods as north_andover
from permits_site.rules.base import Fact, FactsInvalid, FactType, Outcome, RuleSet
from permits_site.rules.calendar import BusinessCalendar
from stables import periods as northborough
from tisbury_regs import periods as tisbury

RULE_MODULES = ("dogs.rules", "stables.rules", "tisbury_regs.rules")
BUSINESS_WEEKS = {town.MUNICIPALITY: town.BUSINESS_WEEK
                  for town in (north_andover, northborough, tisbury)}

FIRST_DAY, LAST_DAY = dt.date(2000, 1, 1), dt.date(2040, 12, 31)
LARGEST_NUMBER = 10**7

PROPERTY_SETTINGS = settings(
    max_examples=50,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)


def _rule_set_params() -> list:
    """One param per rule set; a rule module not written yet is one skipped param."""
    params = []
    for module_name in RULE_MODULES:
        if importlib.util.find_spec(module_name) is None:
            params.append(pytest.param(
                None, id=module_name,
                marks=pytest.mark.skip(reason=f"{module_name} does not exist yet"),
            ))
            continue
        module = importlib.import_module(module_name)
        params += [pytest.param(rule_set, id=rule_set.code) for rule_set in module.RULE_SETS]
    return params


RULE_SETS = _rule_set_params()


# -- Strategies built from the fact declarations -------------------------------------------

def _bounds(fact: Fact) -> tuple[int, int]:
    """Whole numbers inside the fact's range (a range without an end gets a wide one)."""
    low = -LARGEST_NUMBER if fact.minimum is None else math.ceil(fact.minimum)
    high = low + LARGEST_NUMBER if fact.maximum is None else math.floor(fact.maximum)
    return low, high


def _number(fact: Fact) -> st.SearchStrategy:
    low, high = _bounds(fact)
    floats = st.floats(
        min_value=low if fact.minimum is None else float(fact.minimum),
        max_value=high if fact.maximum is None else float(fact.maximum),
        allow_nan=False, allow_infinity=False,
    )
    return st.one_of(st.integers(low, high), floats)


def json_value(fact: Fact) -> st.SearchStrategy:
    """A well-typed strict-JSON value for ``fact``."""
    if fact.type is FactType.INTEGER:
        return st.integers(*_bounds(fact))
    if fact.type is FactType.NUMBER:
        return _number(fact)
    if fact.type is FactType.BOOL:
        return st.booleans()
    if fact.type is FactType.DATE:
        return st.dates(FIRST_DAY, LAST_DAY).map(dt.date.isoformat)
    if fact.type is FactType.TIME:
        return st.times().map(lambda time: time.strftime("%H:%M"))
    if fact.type is FactType.CHOICE:
        return st.sampled_from(fact.choices)
    return st.text(max_size=40)


_ABSENT = object()


def fact_entry(fact: Fact) -> st.SearchStrategy:
    """A required fact always has a value; an optional one may also be null or absent."""
    value = json_value(fact)
    if not fact.optional:
        return value
    return st.one_of(value, value, value, st.just(None), st.just(_ABSENT))


@st.composite
def raw_facts(draw, rule_set: RuleSet) -> dict:
    entries = {fact.name: draw(fact_entry(fact)) for fact in rule_set.facts}
    return {name: value for name, value in entries.items() if value is not _ABSENT}


@st.composite
def town_calendars(draw, municipality: str) -> BusinessCalendar:
    """The town's business week, sometimes with a few admin-entered closures."""
    closures = draw(st.frozensets(st.dates(FIRST_DAY, LAST_DAY), max_size=3))
    return BusinessCalendar(BUSINESS_WEEKS[municipality], closures=closures)


WRONG_TYPES = {
    FactType.INTEGER: ["3", True, 2.5, [1], {"value": 1}],
    FactType.NUMBER: ["3", "3.5", True, False, [1]],
    FactType.BOOL: ["true", "false", 1, 0, "yes"],
    FactType.DATE: ["2027/03/01", "01-03-2027", 20270301, "2027-02-30", True],
    FactType.TIME: ["9:30", "0930", 930, "25:00", False],
    FactType.CHOICE: ["not-one-of-the-choices", 1, True, ["x"]],
    FactType.TEXT: [5, True, ["text"], {"text": "x"}, "x" * 501],
}


def wrong_values(fact: Fact) -> st.SearchStrategy:
    """Values a strict parser must refuse for ``fact``, below its minimum included."""
    wrong = list(WRONG_TYPES[fact.type])
    if fact.type in (FactType.INTEGER, FactType.NUMBER) and fact.minimum is not None:
        wrong.append(int(fact.minimum) - 1)
    if fact.type in (FactType.INTEGER, FactType.NUMBER) and fact.maximum is not None:
        wrong.append(int(fact.maximum) + 1)
    return st.sampled_from(wrong)


def parse_or_skip(rule_set: RuleSet, raw: dict) -> dict:
    """Parsed facts; an example the set refuses as a whole (cross-field rules) is skipped."""
    try:
        return rule_set.parse(raw)
    except FactsInvalid:
        reject()


# -- Properties ----------------------------------------------------------------------------

def test_every_town_with_rules_has_a_business_week():
    municipalities = {param.values[0].municipality for param in RULE_SETS
                      if param.values[0] is not None}
    assert municipalities <= BUSINESS_WEEKS.keys()
    assert "north_andover" in municipalities


@pytest.mark.parametrize("rule_set", RULE_SETS)
@PROPERTY_SETTINGS
@given(data=st.data())
def test_every_rule_reports_once_in_order_whatever_the_facts(rule_set, data):
    parsed = parse_or_skip(rule_set, data.draw(raw_facts(rule_set), label="facts"))
    on = data.draw(st.dates(FIRST_DAY, LAST_DAY), label="on")
    calendar = data.draw(town_calendars(rule_set.municipality), label="calendar")

    result = rule_set.evaluate(parsed, on=on, calendar=calendar)

    assert [finding.rule for finding in result.findings] == [rule.id for rule in rule_set.rules]
    for rule, finding in zip(rule_set.rules, result.findings, strict=True):
        assert isinstance(finding.outcome, Outcome), rule.id
        assert finding.citation == rule.citation
        assert isinstance(finding.message, str) and finding.message.strip(), rule.id
    assert result.compliant is all(finding.outcome is not Outcome.FAIL
                                   for finding in result.findings)


@pytest.mark.parametrize("rule_set", RULE_SETS)
@PROPERTY_SETTINGS
@given(data=st.data())
def test_parse_refuses_a_wrongly_typed_fact_by_its_name(rule_set, data):
    raw = data.draw(raw_facts(rule_set), label="facts")
    fact = data.draw(st.sampled_from(rule_set.facts), label="fact")
    raw[fact.name] = data.draw(wrong_values(fact), label="wrong value")

    with pytest.raises(FactsInvalid) as refused:
        rule_set.parse(raw)

    assert fact.name in refused.value.errors
    assert all(isinstance(message, str) and message for message in
               refused.value.errors[fact.name])


@pytest.mark.parametrize("rule_set", RULE_SETS)
@PROPERTY_SETTINGS
@given(data=st.data())
def test_parse_refuses_an_unknown_fact_by_its_name(rule_set, data):
    raw = data.draw(raw_facts(rule_set), label="facts")
    raw["not_a_declared_fact"] = True

    with pytest.raises(FactsInvalid) as refused:
        rule_set.parse(raw)

    assert "not_a_declared_fact" in refused.value.errors


@pytest.mark.parametrize("rule_set", RULE_SETS)
@PROPERTY_SETTINGS
@given(data=st.data())
def test_parse_returns_python_types_for_every_given_fact(rule_set, data):
    parsed = parse_or_skip(rule_set, data.draw(raw_facts(rule_set), label="facts"))
    python_types = {
        FactType.INTEGER: int, FactType.NUMBER: Decimal, FactType.BOOL: bool,
        FactType.DATE: dt.date, FactType.TIME: dt.time, FactType.CHOICE: str,
        FactType.TEXT: str,
    }
    for name, value in parsed.items():
        assert isinstance(value, python_types[rule_set.fact_map[name].type]), name
