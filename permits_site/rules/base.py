"""The rule engine: facts, rules, findings and rule sets.

Pure Python, no Django. A rule is a small function of validated facts and a
:class:`CheckContext` that returns a :class:`Verdict`; the engine wraps it
into a :class:`Finding` carrying the rule's id and citation, so that every
refusal the product makes names the section of the law behind it.

A rule set declares its facts once. That declaration drives the strict
validation of API input (:meth:`RuleSet.parse`), the generated forms and the
API schema.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from permits_site.rules.units import measure
from permits_site.rules.wording import explain, gettext_noop, phrase

if TYPE_CHECKING:
    from permits_site.rules.calendar import BusinessCalendar


class Outcome(StrEnum):
    PASS = "pass"
    FAIL = "fail"
    NEEDS_REVIEW = "needs_review"
    NOT_APPLICABLE = "not_applicable"


class Consequence(StrEnum):
    """What a failed rule does (spec ``lifecycle.md``, "What a failed rule does")."""

    BLOCKS = "blocks"  # issuance waits until the rule passes or a variance covers it
    PENALTY = "penalty"  # issuance goes ahead; a fee line or a citation follows
    ADVISORY = "advisory"  # shown to staff and applicant; changes nothing


class FactType(StrEnum):
    INTEGER = "integer"
    NUMBER = "number"
    BOOL = "bool"
    DATE = "date"
    TIME = "time"
    CHOICE = "choice"
    TEXT = "text"


_NO_DEFAULT = object()
#: A text holding a NUL, refused as Django REST framework refuses one in any other field (a
#: database cannot store it in JSON).
NULL_CHARACTERS = "Null characters are not allowed."
#: A date fact's bound that is the day the answer is given (``Fact.min_date``,
#: ``Fact.max_date``), read by the site's clock where it takes the answer.
TODAY = "today"


@dataclass(frozen=True)
class Fact:
    """One input a rule set needs, described once for validation, forms and schema.

    ``minimum`` defaults to zero for numbers: counts, distances, areas and
    money are never negative (the API contract). Facts that may be negative
    (elevations) pass ``minimum=None``. Where the law sets the minimum (or the maximum),
    ``minimum_text`` (``maximum_text``) is the refusal of a number below (above) it, naming
    the section (an explained sentence, so a page says it in the reader's language). A date may be
    bounded by ``min_date`` and ``max_date``: a day, or :data:`TODAY` (a dog acquired
    no later than today, an event applied for no earlier than today).
    """

    name: str
    type: FactType
    label: str
    unit: str = ""
    help_text: str = ""
    required: bool = True
    default: Any = _NO_DEFAULT
    nullable: bool = False
    choices: tuple[str, ...] = ()
    minimum: int | Decimal | None = 0
    maximum: int | Decimal | None = None
    condition: Callable[[Mapping[str, Any]], bool] | None = None
    condition_text: str = ""
    minimum_text: str = ""
    maximum_text: str = ""
    min_date: dt.date | str | None = None
    max_date: dt.date | str | None = None

    @property
    def has_default(self) -> bool:
        return self.default is not _NO_DEFAULT

    @property
    def optional(self) -> bool:
        """May the caller leave it out? (Optional, defaulted, nullable or conditional.)"""
        return not self.required or self.has_default or self.nullable or self.condition is not None


@dataclass(frozen=True)
class Verdict:
    """What a rule function returns; the engine adds the rule's id and citation."""

    outcome: Outcome
    message: str
    required: Any = None
    actual: Any = None
    unit: str = ""


@dataclass(frozen=True)
class Finding:
    rule: str
    citation: str
    outcome: Outcome
    message: str
    required: Any = None
    actual: Any = None
    unit: str = ""
    consequence: Consequence = Consequence.BLOCKS

    @property
    def failed(self) -> bool:
        return self.outcome is Outcome.FAIL

    @property
    def blocks(self) -> bool:
        """A failure that holds issuance (a penalty or an advisory one does not)."""
        return self.failed and self.consequence is Consequence.BLOCKS

    @property
    def needs_review(self) -> bool:
        return self.outcome is Outcome.NEEDS_REVIEW


@dataclass(frozen=True)
class CheckContext:
    """The date a check is judged at and the town's business calendar."""

    on: dt.date
    calendar: BusinessCalendar | None = None


RuleFunction = Callable[[Mapping[str, Any], CheckContext], Verdict]


@dataclass(frozen=True)
class Rule:
    """``reviewable`` rules may answer ``needs_review``: a reviewer then determines them."""

    id: str
    citation: str
    summary: str
    function: RuleFunction
    consequence: Consequence = Consequence.BLOCKS
    reviewable: bool = False

    def evaluate(self, facts: Mapping[str, Any], context: CheckContext) -> Finding:
        verdict = self.function(facts, context)
        return Finding(
            rule=self.id,
            citation=self.citation,
            outcome=verdict.outcome,
            message=verdict.message,
            required=verdict.required,
            actual=verdict.actual,
            unit=verdict.unit,
            consequence=self.consequence,
        )


@dataclass(frozen=True)
class CheckResult:
    check: str
    on: dt.date
    findings: tuple[Finding, ...]

    @property
    def compliant(self) -> bool:
        """False when any finding fails; ``needs_review`` does not make it false."""
        return not any(finding.failed for finding in self.findings)

    @property
    def failures(self) -> tuple[Finding, ...]:
        return tuple(finding for finding in self.findings if finding.failed)

    @property
    def blocking_failures(self) -> tuple[Finding, ...]:
        return tuple(finding for finding in self.findings if finding.blocks)

    @property
    def penalties(self) -> tuple[Finding, ...]:
        """Failures whose consequence is a penalty: issuance goes ahead, a citation follows."""
        return tuple(
            finding
            for finding in self.findings
            if finding.failed and finding.consequence is Consequence.PENALTY
        )

    @property
    def reviews(self) -> tuple[Finding, ...]:
        return tuple(finding for finding in self.findings if finding.needs_review)


class FactsInvalid(Exception):
    """Raised by :meth:`RuleSet.parse`; ``errors`` maps each bad fact to its messages."""

    def __init__(self, errors: Mapping[str, list[str]]):
        super().__init__(dict(errors))
        self.errors = dict(errors)


CrossFieldValidator = Callable[[Mapping[str, Any]], Mapping[str, str]]


@dataclass
class RuleSet:
    """An ordered set of rules over declared facts.

    Rules are evaluated in declaration order, which is the order of the
    spec's rule table; every rule reports exactly once.
    """

    code: str
    municipality: str
    title: str
    facts: tuple[Fact, ...]
    description: str = ""
    rules: list[Rule] = field(default_factory=list)
    validators: tuple[CrossFieldValidator, ...] = ()

    def rule(
        self,
        rule_id: str,
        citation: str,
        summary: str,
        *,
        consequence: Consequence = Consequence.BLOCKS,
        reviewable: bool = False,
    ) -> Callable[[RuleFunction], Rule]:
        """Decorator: register a rule function on this set, in table order."""

        def register(function: RuleFunction) -> Rule:
            rule = Rule(
                id=rule_id,
                citation=citation,
                summary=summary,
                function=function,
                consequence=consequence,
                reviewable=reviewable,
            )
            self.add(rule)
            return rule

        return register

    def add(self, *rules: Rule) -> None:
        """Add rules defined elsewhere (a rule shared by two sets is one function)."""
        for rule in rules:
            if any(existing.id == rule.id for existing in self.rules):
                raise ValueError(f"rule {rule.id} is already in {self.code}")
            self.rules.append(rule)

    @property
    def fact_map(self) -> dict[str, Fact]:
        return {fact.name: fact for fact in self.facts}

    @property
    def may_need_review(self) -> bool:
        return any(rule.reviewable for rule in self.rules)

    def evaluate(
        self,
        facts: Mapping[str, Any],
        *,
        on: dt.date,
        calendar: BusinessCalendar | None = None,
    ) -> CheckResult:
        """Judge already-validated facts (see :meth:`parse`) on a date."""
        context = CheckContext(on=on, calendar=calendar)
        completed = self.with_defaults(facts)
        return CheckResult(
            check=self.code,
            on=on,
            findings=tuple(rule.evaluate(completed, context) for rule in self.rules),
        )

    def with_defaults(self, facts: Mapping[str, Any]) -> dict[str, Any]:
        """Every declared fact present: defaults filled in, omitted optionals as None."""
        completed = dict(facts)
        for fact in self.facts:
            if completed.get(fact.name) is None:
                completed[fact.name] = fact.default if fact.has_default else None
        return completed

    def parse(self, raw: Any) -> dict[str, Any]:
        """Validate strict-JSON facts; return Python values or raise :class:`FactsInvalid`.

        Unknown facts, missing required facts and wrongly typed values are
        all refused, each error keyed by the fact's name.
        """
        if not isinstance(raw, Mapping):
            raise FactsInvalid({"non_field_errors": ["Facts must be a JSON object."]})
        errors: dict[str, list[str]] = {}
        fact_map = self.fact_map
        for name in raw:
            if name not in fact_map:
                errors[str(name)] = [f"Unknown fact for {self.code}."]
        parsed: dict[str, Any] = {}
        for fact in self.facts:
            if fact.name not in raw or raw[fact.name] is None:
                continue
            try:
                parsed[fact.name] = parse_value(fact, raw[fact.name])
            except ValueError as error:
                errors[fact.name] = [_reason(error)]
        completed = self.with_defaults(parsed)
        for fact in self.facts:
            if fact.name in errors or completed[fact.name] is not None:
                continue
            if not _may_be_absent(fact, completed):
                errors[fact.name] = ["This field is required."]
        if not errors:
            for validator in self.validators:
                for name, message in validator(completed).items():
                    errors.setdefault(name, []).append(message)
        if errors:
            raise FactsInvalid(errors)
        return parsed


def _may_be_absent(fact: Fact, facts: Mapping[str, Any]) -> bool:
    if fact.condition is not None:
        return not fact.condition(facts)
    return fact.optional


_DATE_PATTERN = re.compile(r"^\d{4}-\d{2}-\d{2}$")
_TIME_PATTERN = re.compile(r"^\d{2}:\d{2}$")


def parse_value(fact: Fact, value: Any) -> Any:
    """Convert one strict-JSON value to its Python type, or raise ``ValueError``."""
    parser = _PARSERS[fact.type]
    parsed = parser(fact, value)
    _check_range(fact, parsed)
    return parsed


def _parse_integer(fact: Fact, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError("Enter a whole number (a JSON integer).")
    return value


def _parse_number(fact: Fact, value: Any) -> Decimal:
    if isinstance(value, bool) or not isinstance(value, int | float | Decimal):
        raise ValueError("Enter a number (a JSON number).")
    try:
        number = Decimal(str(value))
    except InvalidOperation as error:
        raise ValueError("Enter a finite number.") from error
    if not number.is_finite():
        raise ValueError("Enter a finite number.")
    return number


def _parse_bool(fact: Fact, value: Any) -> bool:
    if not isinstance(value, bool):
        raise ValueError("Answer true or false (a JSON boolean).")
    return value


def _parse_date(fact: Fact, value: Any) -> dt.date:
    if isinstance(value, dt.date) and not isinstance(value, dt.datetime):
        return value
    if not isinstance(value, str) or not _DATE_PATTERN.match(value):
        raise ValueError("Enter a date as YYYY-MM-DD.")
    try:
        return dt.date.fromisoformat(value)
    except ValueError as error:
        raise ValueError("Enter a real calendar date as YYYY-MM-DD.") from error


def _parse_time(fact: Fact, value: Any) -> dt.time:
    if isinstance(value, dt.time):
        return value
    if not isinstance(value, str) or not _TIME_PATTERN.match(value):
        raise ValueError("Enter a time as HH:MM (24-hour clock).")
    try:
        return dt.time.fromisoformat(value)
    except ValueError as error:
        raise ValueError("Enter a real time as HH:MM (24-hour clock).") from error


def _parse_choice(fact: Fact, value: Any) -> str:
    if not isinstance(value, str) or value not in fact.choices:
        raise ValueError(f"Choose one of: {', '.join(fact.choices)}.")
    return value


def _parse_text(fact: Fact, value: Any) -> str:
    if not isinstance(value, str):
        raise ValueError("Enter text (a JSON string).")
    if len(value) > 500:
        raise ValueError("Keep this under 500 characters.")
    if "\x00" in value:
        raise ValueError(NULL_CHARACTERS)
    return value


_PARSERS: dict[FactType, Callable[[Fact, Any], Any]] = {
    FactType.INTEGER: _parse_integer,
    FactType.NUMBER: _parse_number,
    FactType.BOOL: _parse_bool,
    FactType.DATE: _parse_date,
    FactType.TIME: _parse_time,
    FactType.CHOICE: _parse_choice,
    FactType.TEXT: _parse_text,
}


def _reason(error: ValueError) -> str:
    """The sentence a value was refused with, kept whole: an explained sentence of the law
    stays one, for a page to say in the reader's language."""
    reason = error.args[0] if error.args else None
    return reason if isinstance(reason, str) else str(error)


def _check_range(fact: Fact, value: Any) -> None:
    if fact.type not in (FactType.INTEGER, FactType.NUMBER):
        return
    if fact.minimum is not None and value < fact.minimum:
        raise ValueError(_below_minimum(fact, value))
    if fact.maximum is not None and value > fact.maximum:
        raise ValueError(fact.maximum_text or f"Must be {fact.maximum} or less.")


def _below_minimum(fact: Fact, value: int | Decimal) -> str:
    """The refusal of ``value`` below ``fact``'s minimum: the law's own sentence where it
    sets one (too few dogs for a kennel), but a negative number is no count at all, whatever
    the law's minimum (api.md: counts are 0 or more)."""
    if value < 0 <= fact.minimum:
        return "Must be 0 or more."
    return fact.minimum_text or f"Must be {fact.minimum} or more."


# -- Verdict helpers: the vocabulary rule functions are written in -----------


def passed(message: str, *, required: Any = None, actual: Any = None, unit: str = "") -> Verdict:
    return Verdict(Outcome.PASS, message, required, actual, unit)


def failed(message: str, *, required: Any = None, actual: Any = None, unit: str = "") -> Verdict:
    return Verdict(Outcome.FAIL, message, required, actual, unit)


def needs_review(
    message: str, *, required: Any = None, actual: Any = None, unit: str = ""
) -> Verdict:
    return Verdict(Outcome.NEEDS_REVIEW, message, required, actual, unit)


def not_applicable(message: str) -> Verdict:
    return Verdict(Outcome.NOT_APPLICABLE, message)


def at_least(actual: Any, required: Any, *, unit: str, what: str) -> Verdict:
    """Pass when ``actual`` ≥ ``required``; ``what`` names the measured thing."""
    measures = {"what": phrase(what), "shown": measure(actual, unit),
                "minimum": measure(required, unit)}
    if actual >= required:
        return passed(explain(gettext_noop("%(what)s is %(shown)s, at least %(minimum)s."),
                              **measures), required=required, actual=actual, unit=unit)
    return failed(
        explain(gettext_noop("%(what)s is %(shown)s; it must be at least %(minimum)s."),
                **measures),
        required=required,
        actual=actual,
        unit=unit,
    )


def at_most(actual: Any, required: Any, *, unit: str, what: str) -> Verdict:
    """Pass when ``actual`` ≤ ``required``."""
    measures = {"what": phrase(what), "shown": measure(actual, unit),
                "maximum": measure(required, unit)}
    if actual <= required:
        return passed(
            explain(gettext_noop("%(what)s is %(shown)s, no more than %(maximum)s."),
                    **measures),
            required=required,
            actual=actual,
            unit=unit,
        )
    return failed(
        explain(gettext_noop("%(what)s is %(shown)s; it must be no more than %(maximum)s."),
                **measures),
        required=required,
        actual=actual,
        unit=unit,
    )


def must_hold(condition: bool, *, ok: str, refusal: str) -> Verdict:
    """A yes/no requirement: pass with ``ok`` or fail with ``refusal``."""
    return passed(ok) if condition else failed(refusal)


#: What an inspection's item says when the visit left it unanswered.
NOT_RECORDED = gettext_noop("Not recorded on this visit.")


def must_hold_if_recorded(answer: bool | None, *, ok: str, refusal: str) -> Verdict:
    """An item of a visit beyond the facts its rule set must be given: not applicable when
    the visit did not record it, otherwise :func:`must_hold`."""
    if answer is None:
        return not_applicable(NOT_RECORDED)
    return must_hold(answer, ok=ok, refusal=refusal)


def fact_names(facts: Iterable[Fact]) -> list[str]:
    return [fact.name for fact in facts]
