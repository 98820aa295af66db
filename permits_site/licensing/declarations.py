"""What a permit type declares about itself (spec ``lifecycle.md``, "Self-describing permit
types").

One declaration — who may hold it, what it is about, the fields an application
answers, where each rule-set fact comes from, its documents and the gates it
can raise — is read by the generated resident form, by
``GET /api/v1/permit-types/{code}/``, by ``POST /api/v1/applications/`` and by
the review screen alike. Pure data and parsing: no database access except
through the reference resolvers that apps register.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from enum import StrEnum
from typing import Any

from django.utils.translation import gettext_lazy as _
from django.utils.translation import gettext_noop

from permits_site.licensing.fact_forms import bounds_errors
from permits_site.rules.base import (
    NULL_CHARACTERS,
    TODAY,
    Fact,
    FactsInvalid,
    FactType,
    RuleSet,
)
from permits_site.rules.wording import Plural, explain, ngettext_lazy


class Gate(StrEnum):
    """What must hold before a permit is issued, in the order gates are usually cleared."""

    DOCUMENTS_ACCEPTED = "documents_accepted"
    RULES_MET = "rules_met"
    REVIEW_DETERMINED = "review_determined"
    OFFICE_SIGNOFFS = "office_signoffs"
    INSPECTION_PASSED = "inspection_passed"
    HEARING_DECIDED = "hearing_decided"
    BOARD_SIGNATURES = "board_signatures"
    WELL_READY = "well_ready"
    FEE_PAID = "fee_paid"

    @property
    def label(self) -> str:
        """The gate as staff and applicants read it."""
        return GATE_LABELS[self]


GATE_LABELS = {
    Gate.DOCUMENTS_ACCEPTED: "Documents",
    Gate.RULES_MET: "Rules",
    Gate.REVIEW_DETERMINED: "Review",
    Gate.OFFICE_SIGNOFFS: "Office sign-offs",
    Gate.INSPECTION_PASSED: "Inspection",
    Gate.HEARING_DECIDED: "Hearing",
    Gate.BOARD_SIGNATURES: "Board signatures",
    Gate.WELL_READY: "Well",
    Gate.FEE_PAID: "Fee",
}
#: The gates' codes, as the API lists them.
GATE_CODES = tuple(gate.value for gate in Gate)
GATE_ORDER = tuple(Gate)


@dataclass(frozen=True)
class NextStep:
    """What happens while a gate is shut, in one sentence for the applicant: ``%(actor)s``
    is the role that acts (``applicant``, or a staff role as the permit type names it) and
    ``%(section)s`` the section behind the gate — the rules' gate names instead each rule
    holding it with its section (``%(rules)s``, ``%(count)s`` of them). The sentence is
    marked for the catalogues and said with :func:`~permits_site.rules.wording.explain`."""

    actor: str
    wording: str | Plural


#: Each gate's next step: who acts while it is shut, and what the applicant hears next.
GATE_NEXT_STEPS = {
    Gate.DOCUMENTS_ACCEPTED: NextStep("clerk", gettext_noop(
        "%(actor)s will check your documents (%(section)s); upload any still missing on this "
        "page, and you will get an e-mail once they are accepted.")),
    # What the office does with rules the law gives no relief from; the rules the Board may
    # relieve say so in their law's word (``relief.RELIEF_WORDS``).
    Gate.RULES_MET: NextStep("clerk", ngettext_lazy(
        "%(actor)s will review the rule your answers do not meet, %(rules)s; the law allows no "
        "exception to it, so the permit cannot be issued unless the facts change, and you will "
        "get an e-mail with the decision.",
        "%(actor)s will review the %(count)s rules your answers do not meet, %(rules)s; the law "
        "allows no exception to them, so the permit cannot be issued unless the facts change, "
        "and you will get an e-mail with the decision.", "count")),
    Gate.REVIEW_DETERMINED: NextStep("clerk", gettext_noop(
        "%(actor)s will review the answer the rules leave to the office (%(section)s); you "
        "will get an e-mail with the determination.")),
    Gate.OFFICE_SIGNOFFS: NextStep("clerk", gettext_noop(
        "%(actor)s will record the sign-offs of the other town bodies (%(section)s); you will "
        "get an e-mail when the application moves on.")),
    Gate.INSPECTION_PASSED: NextStep("inspector", gettext_noop(
        "%(actor)s will arrange the %(inspection)s (%(section)s), and another after a visit not "
        "passed; you will get an e-mail with the date and the result of each.")),
    Gate.HEARING_DECIDED: NextStep("board_member", gettext_noop(
        "%(actor)s will hold the hearing and decide (%(section)s); you will get an e-mail with "
        "the date and the decision.")),
    Gate.BOARD_SIGNATURES: NextStep("board_member", gettext_noop(
        "%(actor)s will sign or refuse the variance asked for (%(section)s); you will get an "
        "e-mail once it is decided.")),
    Gate.WELL_READY: NextStep("applicant", gettext_noop(
        "%(actor)s register the well, proven and tested, before the system is approved "
        "(%(section)s); the office then goes on with the application.")),
    Gate.FEE_PAID: NextStep("applicant", gettext_noop(
        "%(actor)s pay the fee (%(section)s); the office issues the permit once it is paid and "
        "nothing else holds it.")),
}


class Holder(StrEnum):
    PERSON = "person"
    BUSINESS = "business"
    PERSON_OR_BUSINESS = "person_or_business"


class About(StrEnum):
    PERSON = "person"
    ANIMAL = "animal"
    PROPERTY = "property"
    BUSINESS = "business"
    EVENT = "event"


class Purpose(StrEnum):
    """What a person wants to do, in their own words: each permit type declares the
    purposes it serves, and "Apply for a permit" and "Which permit do I need?" start from
    them."""

    KEEP_DOGS = "keep_dogs"
    KEEP_HORSES = "keep_horses"
    FOOD_BUSINESS = "food_business"
    DUMPSTER = "dumpster"
    SEPTIC_SYSTEM = "septic_system"
    PRIVATE_WELL = "private_well"
    HOST_GUESTS = "host_guests"
    HOLD_EVENT = "hold_event"
    RUN_A_TRADE = "run_a_trade"
    WORK_ON_LAND = "work_on_land"

    @property
    def label(self) -> str:
        """The purpose as a resident says it, in the reader's language."""
        return str(PURPOSE_LABELS[self])


PURPOSE_LABELS = {
    Purpose.KEEP_DOGS: _("Keep a dog"),
    Purpose.KEEP_HORSES: _("Keep horses"),
    Purpose.FOOD_BUSINESS: _("Run a food business"),
    Purpose.DUMPSTER: _("Put a dumpster on a lot"),
    Purpose.SEPTIC_SYSTEM: _("Build or repair a septic system"),
    Purpose.PRIVATE_WELL: _("Have a private well"),
    Purpose.HOST_GUESTS: _("Host guests or campers"),
    Purpose.HOLD_EVENT: _("Hold an event"),
    Purpose.RUN_A_TRADE: _("Run a trade or a shop"),
    Purpose.WORK_ON_LAND: _("Divide, clear or dig land"),
}


class FactSource(StrEnum):
    """Where a rule-set fact comes from (``facts_from``)."""

    FIELD = "field"
    APPLICATION = "application"
    RECORD = "record"
    DOCUMENT = "document"
    PROPERTY = "property"
    OFFICE = "office"


#: Field types of the declaration, as the API names them.
FIELD_TYPE_OF_FACT = {
    FactType.BOOL: "boolean",
    FactType.INTEGER: "integer",
    FactType.NUMBER: "number",
    FactType.DATE: "date",
    FactType.TIME: "time",
    FactType.CHOICE: "choice",
    FactType.TEXT: "string",
}
REFERENCE = "reference"
LIST = "list"
#: The most entries a list field takes unless it declares its own ``max_items``.
LIST_MAX_ITEMS = 50
#: Every type a declared field may have.
FIELD_TYPES = (*FIELD_TYPE_OF_FACT.values(), REFERENCE, LIST)

#: The reference fields every permit type names in the same way (``lifecycle.md``).
PROPERTY_FIELD = "property"
BUSINESS_FIELD = "business"
PERMIT_FIELD = "permit"
RENEWAL = "renewal"
#: Actions that follow up an earlier permit, named by the ``permit`` field.
FOLLOW_UP_ACTIONS = (RENEWAL, "transfer", "replacement_tag")


@dataclass(frozen=True)
class DeclaredField:
    """One entry of ``fields``: what ``details`` of an application takes.

    A scalar field is described by a :class:`Fact` (type, range, choices,
    label); ``answers_fact`` says whether the rule set reads it as a fact of
    the same name. A reference field names one of the applicant's own records
    (``references``: "property", "business", "permit", "dog"…). A list field
    takes at most ``max_items`` entries. ``actions`` limits the field to some
    actions (empty: every action).
    """

    name: str
    type: str
    label: str
    required: bool = True
    help: str = ""
    fact: Fact | None = None
    answers_fact: bool = False
    references: str = ""
    choices: tuple[str, ...] = ()
    actions: tuple[str, ...] = ()
    max_items: int = LIST_MAX_ITEMS

    def applies_to(self, action: str) -> bool:
        return not self.actions or action in self.actions

    def describe(self) -> dict[str, Any]:
        """The field as ``GET /api/v1/permit-types/{code}/`` lists it: with its bounds, a
        date's as an ISO day or "today"."""
        described: dict[str, Any] = {
            "name": self.name,
            "type": self.type,
            "required": self.required,
            "label": self.label,
            "help": self.help,
            "unit": self.fact.unit if self.fact else "",
        }
        if self.choices:
            described["choices"] = list(self.choices)
        if self.fact is not None and self.fact.type in (FactType.INTEGER, FactType.NUMBER):
            for bound in ("minimum", "maximum"):
                if getattr(self.fact, bound) is not None:
                    described[bound] = getattr(self.fact, bound)
        if self.fact is not None and self.fact.type is FactType.DATE:
            for bound in ("min_date", "max_date"):
                if (day := getattr(self.fact, bound)) is not None:
                    described[bound] = day if day == TODAY else day.isoformat()
        if self.type == LIST:
            described["max_items"] = self.max_items
        if self.references:
            described["references"] = self.references
        if self.actions:
            described["actions"] = list(self.actions)
        return described


def fact_field(fact: Fact, *, actions: tuple[str, ...] = (), answers_fact: bool = True
               ) -> DeclaredField:
    """A field asking one fact (of the rule set, or a detail typed like one)."""
    return DeclaredField(
        name=fact.name,
        type=FIELD_TYPE_OF_FACT[fact.type],
        label=fact.label,
        required=not fact.optional,
        help=fact.help_text or fact.condition_text,
        fact=fact,
        answers_fact=answers_fact,
        choices=fact.choices,
        actions=actions,
    )


def detail_field(name: str, type: FactType, label: str, *, actions: tuple[str, ...] = (),
                 **fact_options: Any) -> DeclaredField:
    """A declared detail that is not a rule-set fact (a sticker number, an event's name)."""
    return fact_field(Fact(name, type, label, **fact_options), actions=actions,
                      answers_fact=False)


def reference_field(name: str, label: str, *, references: str, required: bool = True,
                    actions: tuple[str, ...] = (), help: str = "") -> DeclaredField:
    return DeclaredField(name=name, type=REFERENCE, label=label, required=required, help=help,
                         references=references, actions=actions)


def list_field(name: str, label: str, *, choices: tuple[str, ...] = (), required: bool = False,
               actions: tuple[str, ...] = (), help: str = "",
               max_items: int = LIST_MAX_ITEMS) -> DeclaredField:
    """A list of short texts (vehicles' plates, surcharge events), chosen or free."""
    return DeclaredField(name=name, type=LIST, label=label, required=required, help=help,
                         choices=choices, actions=actions, max_items=max_items)


@dataclass(frozen=True)
class DeclaredDocument:
    """A document the permit type asks for. Entries sharing ``one_of`` are alternatives.

    A required document is attached before the application is submitted, unless the type
    declares that it ``may_follow``: then the application is submitted without it and the
    applicant's page lists it as still needed (issuance waits for it either way)."""

    kind: str
    label: str
    section: str
    required: bool = True
    one_of: str = ""
    actions: tuple[str, ...] = ()
    may_follow: bool = False

    def applies_to(self, action: str) -> bool:
        return not self.actions or action in self.actions

    def describe(self) -> dict[str, Any]:
        described = {"kind": self.kind, "label": self.label, "required": self.required,
                     "may_follow": self.may_follow, "section": self.section}
        if self.one_of:
            described["one_of"] = self.one_of
        if self.actions:
            described["actions"] = list(self.actions)
        return described


@dataclass(frozen=True)
class VarianceNotice:
    """How a town's law calls the relief its Board grants from a rule, and where the written
    grant is kept while it is in effect: the notice the office prints says it in that law's
    words (a Tisbury waiver is posted at the site, 09.0.3; a Northborough variance is kept at
    the Board of Health's office, §8.2)."""

    #: "variance" or "waiver" (:data:`RELIEF_NOUNS`).
    noun: str = gettext_noop("variance")
    #: Where the written grant is kept while in effect, a sentence; blank: the law says not.
    kept: str = ""
    #: The link to the notice on the review screen.
    link: str = "Written variance"
    #: While in effect, the grant is on the town's public register of variances (Northborough
    #: §8.2: "available to the public").
    public_register: bool = False

    def __post_init__(self) -> None:
        if self.noun not in RELIEF_NOUNS:
            raise ValueError(f"A law's relief is one of {sorted(RELIEF_NOUNS)}, not {self.noun!r}.")


#: What a town's law may call the relief its Board grants, marked for the catalogues: the
#: applicant's pages say it in the reader's language.
RELIEF_NOUNS = frozenset({gettext_noop("variance"), gettext_noop("waiver")})


@dataclass(frozen=True)
class AnnualTerm:
    """A permit that runs to the end of its license year, December 31 (``citation``: the
    section saying so; blank: the permit type's own section). ``next_year_from`` is the
    (month, day) from which the law lets one apply for the next license year ahead — North
    Andover's dog licenses from December 1 (Licenses A(8)) — or None where it sets none."""

    citation: str = ""
    next_year_from: tuple[int, int] | None = None

    def next_year_on_sale(self, on: dt.date) -> int | None:
        """The next license year, when ``on`` is on or after the day it goes on sale."""
        if self.next_year_from is None or on < dt.date(on.year, *self.next_year_from):
            return None
        return on.year + 1


#: "{yes wording|no wording}" in a statement, chosen by a yes/no answer.
_WORDINGS = re.compile(r"\{([^{}|]*)\|([^{}|]*)\}")


def answer_sentence(statement: str, value: Any, *, shown: str) -> str:
    """A declared answer as the sentence the permit prints: ``statement`` gives the yes and
    no wordings as "{is|is not}" and places the answer as printed (``shown``: a choice's
    label, a number with its unit) at "{value}"."""
    if isinstance(value, bool):
        statement = _WORDINGS.sub(lambda wording: wording.group(1 if value else 2), statement)
    return statement.replace("{value}", shown)


# -- references ---------------------------------------------------------------------

@dataclass(frozen=True)
class ReferenceKind:
    """How reference fields name one kind of record: ``options(applicant)`` is a queryset
    of the applicant's own records of that kind (a form lists them; an id outside it is
    refused)."""

    options: Callable[[Any], Any]
    #: The page (a URL name) where an applicant records one, and its link's words.
    add_page: str = ""
    add_label: str = ""
    #: The page where the town's clerk records one for the resident at the counter (it
    #: takes ``for``, the resident's username, and ``next``), and its button's words with
    #: ``%(person)s`` for the resident's name.
    counter_page: str = ""
    counter_label: str = ""

    def resolve(self, applicant, pk: int) -> Any:
        return self.options(applicant).filter(pk=pk).first()


_REFERENCES: dict[str, ReferenceKind] = {}


def register_reference(references: str, options: Callable[[Any], Any], *,
                       add_page: str = "", add_label: str = "", counter_page: str = "",
                       counter_label: str = "") -> None:
    """Let reference fields name ``references`` records (registered by the app that keeps
    them: the core registers properties, businesses and permits; the dogs app, dogs), and
    say where an applicant without one records it (``add_page``, a URL name) and where the
    clerk records one for them at the counter (``counter_page``, by default ``add_page``)."""
    _REFERENCES[references] = ReferenceKind(
        options, add_page=add_page, add_label=add_label,
        counter_page=counter_page or add_page, counter_label=counter_label)


def _referenced_kinds(fields: tuple[DeclaredField, ...], *, action: str
                      ) -> dict[str, ReferenceKind]:
    """By field name, how each reference field of ``action`` names its records."""
    return {declared.name: kind for declared in fields
            if declared.type == REFERENCE and declared.applies_to(action)
            and (kind := _REFERENCES.get(declared.references)) is not None}


def pages_to_add_records(fields: tuple[DeclaredField, ...], *, action: str
                         ) -> list[tuple[str, str]]:
    """The link words and URL names of the pages where an applicant records what the
    reference fields of ``action`` name (an application form offers them beside its list)."""
    return [(kind.add_label, kind.add_page)
            for kind in _referenced_kinds(fields, action=action).values() if kind.add_page]


def counter_pages_to_add_records(fields: tuple[DeclaredField, ...], *, action: str
                                 ) -> dict[str, tuple[str, str]]:
    """By field name, the URL name of the page where the clerk records at the counter what
    a reference field of ``action`` names for the resident, and its button's words."""
    return {name: (kind.counter_page, kind.counter_label)
            for name, kind in _referenced_kinds(fields, action=action).items()
            if kind.counter_page and kind.counter_label}


def reference_options(references: str, applicant):
    return _REFERENCES[references].options(applicant)


def resolve_reference(references: str, applicant, pk: int) -> Any:
    return _REFERENCES[references].resolve(applicant, pk)


# -- parsing details ----------------------------------------------------------------


@dataclass
class ParsedDetails:
    """``details`` split by destination: rule-set facts, the records referenced by id, and
    the other declared values (all as strict JSON, as sent)."""

    facts: dict[str, Any] = field(default_factory=dict)
    values: dict[str, Any] = field(default_factory=dict)
    records: dict[str, Any] = field(default_factory=dict)


class DetailsInvalid(Exception):
    def __init__(self, errors: Mapping[str, list[str]]):
        super().__init__(dict(errors))
        self.errors = dict(errors)


def parse_details(
    fields: tuple[DeclaredField, ...],
    raw: Any,
    *,
    action: str,
    applicant,
    permit_type_name: str,
    validators: tuple = (),
) -> ParsedDetails:
    """Strictly parse ``details`` against the declared fields for ``action``.

    Unknown keys, fields of other actions, missing required fields, wrongly
    typed values and ids of records that are not the applicant's are refused,
    each error keyed by the field's name.
    """
    if not isinstance(raw, Mapping):
        raise DetailsInvalid({"non_field_errors": ["Details must be a JSON object."]})
    declared = {declared.name: declared for declared in fields}
    errors: dict[str, list[str]] = {}
    for name in raw:
        if name not in declared:
            errors[str(name)] = [f"Unknown field for a {permit_type_name} application."]
        elif not declared[name].applies_to(action):
            actions = ", ".join(declared[name].actions)
            errors[name] = [f"Only for these actions: {actions}."]
    applicable = [declared for declared in fields if declared.applies_to(action)]
    parsed = ParsedDetails()
    _parse_scalars(applicable, raw, parsed, errors, validators=validators)
    for declared in applicable:
        if declared.fact is not None or declared.name in errors:
            continue
        value = raw.get(declared.name)
        if value is None:
            if declared.required:
                errors[declared.name] = ["This field is required."]
            continue
        try:
            _parse_other(declared, value, parsed, applicant)
        except ValueError as error:
            errors[declared.name] = [error.args[0]]
    if errors:
        raise DetailsInvalid(errors)
    return parsed


def _parse_scalars(fields, raw, parsed: ParsedDetails, errors, *, validators) -> None:
    """Fact-typed fields are judged together, as a rule set judges its facts."""
    facts = tuple(declared.fact for declared in fields if declared.fact is not None)
    questions = RuleSet(code="details", municipality="", title="", facts=facts,
                        validators=validators)
    answered = {fact.name: raw[fact.name] for fact in facts if fact.name in raw}
    try:
        values = questions.parse(answered)
    except FactsInvalid as invalid:
        for name, messages in invalid.errors.items():
            errors.setdefault(name, []).extend(messages)
        return
    # The bounds every date and number the site takes shares with its forms (1900–2199).
    if out_of_bounds := bounds_errors(questions, values):
        for name, messages in out_of_bounds.items():
            errors.setdefault(name, []).extend(messages)
        return
    for declared in fields:
        if declared.fact is None or raw.get(declared.name) is None:
            continue
        target = parsed.facts if declared.answers_fact else parsed.values
        target[declared.name] = raw[declared.name]


def _parse_other(declared: DeclaredField, value: Any, parsed: ParsedDetails, applicant) -> None:
    if declared.type == REFERENCE:
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError("Give the record's id (a JSON integer).")
        record = resolve_reference(declared.references, applicant, value)
        if record is None:
            raise ValueError(f"No {declared.references} of yours has the id {value}.")
        parsed.records[declared.name] = record
        return
    if not isinstance(value, list):
        raise ValueError("Give a list of texts (a JSON array of strings).")
    if len(value) > declared.max_items:
        raise ValueError(explain(gettext_noop("List at most %(count)s entries."),
                                 count=declared.max_items))
    if not all(isinstance(item, str) for item in value):
        raise ValueError("Give a list of texts (a JSON array of strings).")
    if declared.choices and (unknown := [item for item in value if item not in declared.choices]):
        raise ValueError(f"Unknown: {', '.join(unknown)}. Choose from: "
                         f"{', '.join(declared.choices)}.")
    if any(len(item) > 200 for item in value):
        raise ValueError("Keep each entry under 200 characters.")
    if any("\x00" in item for item in value):
        raise ValueError(NULL_CHARACTERS)
    parsed.values[declared.name] = list(value)


def strict_json(value: Any) -> Any:
    """A form's cleaned value as the strict JSON that ``details`` take."""
    if isinstance(value, Decimal):
        return int(value) if value == value.to_integral_value() else float(value)
    if isinstance(value, dt.time):
        return value.strftime("%H:%M")
    if isinstance(value, dt.date):
        return value.isoformat()
    return value
