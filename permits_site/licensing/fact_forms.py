"""Django forms generated from a rule set's fact declarations.

A rule set declares its facts once (:class:`~permits_site.rules.base.Fact`);
:func:`fact_form_class` turns that declaration into a form whose fields carry
the fact's type, range, choices, plain-language label, unit and help text.
Cleaning ends in :meth:`RuleSet.parse`, so a form accepts exactly what the API
accepts and ``form.facts`` is ready for :meth:`RuleSet.evaluate`.

Input bounds: no count, distance, area or sum in these bylaws comes near
:data:`LARGEST_MAGNITUDE`, and no date they judge lies outside
:data:`EARLIEST_DATE`–:data:`LATEST_DATE`; larger input is a typing mistake
and would only strain the rules' date and ceiling arithmetic. The form fields
carry these bounds; the public API applies them through :func:`bounds_errors`.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from decimal import Decimal
from typing import Any, ClassVar

from django import forms
from django.core.validators import MaxValueValidator, MinValueValidator
from django.utils import timezone
from django.utils.text import format_lazy
from django.utils.translation import gettext, gettext_lazy, gettext_noop

from permits_site.licensing.templatetags.localised import explained_text
from permits_site.rules.base import TODAY, Fact, FactsInvalid, FactType, RuleSet
from permits_site.rules.wording import explain

LARGEST_MAGNITUDE = 10**9
EARLIEST_DATE = dt.date(1900, 1, 1)
LATEST_DATE = dt.date(2199, 12, 31)

#: Units as a resident reads them in a label ("(in feet)"), every unit a declaration names:
#: an abbreviation in words, a word as it is (marked here for the catalogues).
UNIT_WORDS = {
    "ft": gettext_noop("feet"),
    "in": gettext_noop("inches"),
    "sq ft": gettext_noop("square feet"),
    "cu ft": gettext_noop("cubic feet"),
    "cu yd": gettext_noop("cubic yards"),
    "gal": gettext_noop("gallons"),
    "gpm": gettext_noop("gallons per minute"),
    "gph": gettext_noop("gallons per hour"),
    "$": gettext_noop("dollars"),
    **{word: word for word in (
        gettext_noop("acres"), gettext_noop("minutes"), gettext_noop("hours"),
        gettext_noop("days"), gettext_noop("months"), gettext_noop("years"),
        gettext_noop("abutters"), gettext_noop("animals"), gettext_noop("bedrooms"),
        gettext_noop("cats"), gettext_noop("dogs"), gettext_noop("horses"),
        gettext_noop("labels"), gettext_noop("residences"), gettext_noop("sides"),
    )},
}

YES, NO, NOT_ANSWERED = "yes", "no", ""

#: Field groups of the generated form, in the order they are shown.
FACT_GROUPS: tuple[tuple[str, frozenset[FactType]], ...] = (
    (gettext_noop("Details"), frozenset({FactType.CHOICE, FactType.TEXT})),
    (gettext_noop("Dates and times"), frozenset({FactType.DATE, FactType.TIME})),
    (gettext_noop("Numbers and measurements"), frozenset({FactType.INTEGER, FactType.NUMBER})),
    (gettext_noop("Yes-or-no questions"), frozenset({FactType.BOOL})),
)


def out_of_bounds(fact: Fact, value: Any, *, today: dt.date) -> str | None:
    """Why a parsed fact value lies outside the accepted input bounds, or None (a date's
    :data:`TODAY` bound is ``today``)."""
    if fact.type in (FactType.INTEGER, FactType.NUMBER) and abs(value) > LARGEST_MAGNITUDE:
        return f"Enter a number between -{LARGEST_MAGNITUDE:,} and {LARGEST_MAGNITUDE:,}."
    if fact.type is FactType.DATE and not EARLIEST_DATE <= value <= LATEST_DATE:
        return date_bounds_message()
    if fact.type is FactType.DATE:
        return _outside_declared_dates(fact, value, today=today)
    return None


def _day_of(bound: dt.date | str | None, *, today: dt.date) -> dt.date | None:
    """A date fact's declared bound as a day: :data:`TODAY` is ``today``."""
    return today if bound == TODAY else bound


def _outside_declared_dates(fact: Fact, value: dt.date, *, today: dt.date) -> str | None:
    """The refusal of a date before the fact's ``min_date`` or after its ``max_date``."""
    earliest = _day_of(fact.min_date, today=today)
    latest = _day_of(fact.max_date, today=today)
    if earliest is not None and value < earliest:
        return (gettext_noop("Enter a date no earlier than today.") if fact.min_date == TODAY
                else explain(gettext_noop("Enter a date no earlier than %(date)s."),
                             date=earliest))
    if latest is not None and value > latest:
        return (gettext_noop("Enter a date no later than today.") if fact.max_date == TODAY
                else explain(gettext_noop("Enter a date no later than %(date)s."),
                             date=latest))
    return None


#: The bound's refusal, in the reader's language when it is shown.
DATE_BOUNDS_MESSAGE = format_lazy(gettext_lazy("Enter a date between {first} and {last}."),
                                  first=EARLIEST_DATE.year, last=LATEST_DATE.year)


def date_bounds_message() -> str:
    return str(DATE_BOUNDS_MESSAGE)


def bounds_errors(rule_set: RuleSet, facts: Mapping[str, Any], *, on: dt.date | None = None
                  ) -> dict[str, list[str]]:
    """Out-of-bounds parsed facts, each keyed by its name. A date bounded by :data:`TODAY`
    is bounded by ``on``, the day the facts are judged on (a check's ``on``), by default the
    site's today."""
    errors = {}
    fact_map = rule_set.fact_map
    today = on or timezone.localdate()
    for name, value in facts.items():
        fact = fact_map[name]
        message = out_of_bounds(fact, value, today=today) if value is not None else None
        if message:
            errors[name] = [message]
    return errors


def humanize(code: str) -> str:
    """``woven_wire`` → "Woven wire"."""
    return code.replace("_", " ").capitalize()


def unit_words(unit: str) -> str:
    return UNIT_WORDS.get(unit, unit)


def fact_label(fact: Fact) -> str:
    """The fact's question with its unit ("Corral area (in square feet)") when it is not
    already in the wording, and "(optional)" where it may be left out, in the language active
    when the form is built (the declaration stays English)."""
    label = gettext(fact.label)
    words = unit_words(fact.unit)
    if words and words not in fact.label.lower():
        label = gettext("%(label)s (in %(unit)s)") % {"label": label, "unit": gettext(words)}
    if fact.optional and not fact.has_default and fact.condition is None:
        label = gettext("%(label)s (optional)") % {"label": label}
    return label


def fact_help_text(fact: Fact) -> str:
    """The declared help text, plus when a conditional fact is needed."""
    parts = [gettext(fact.help_text)]
    if fact.condition_text:
        parts.append(gettext("Answer %(condition)s.")
                     % {"condition": gettext(fact.condition_text)})
    return " ".join(part for part in parts if part)


def _number_bound(limit: int | Decimal | None, fallback: int) -> int | Decimal:
    return fallback if limit is None else limit


def _out_of_range(fact: Fact) -> dict[str, str]:
    """The refusals of a number below the fact's minimum or above its maximum: the law's own
    sentence where the fact declares one, in the reader's language (the same sentence the
    API refuses it with); else the bound in plain words, and for the site's outer bound
    (:data:`LARGEST_MAGNITUDE`, no law's) only that the number is too large or too small."""
    return {
        "min_value": (explained_text(fact.minimum_text) if fact.minimum_text
                      else _plain_bound(fact.minimum, gettext("Enter %(limit_value)s or more."),
                                        gettext("Enter a larger number."))),
        "max_value": (explained_text(fact.maximum_text) if fact.maximum_text
                      else _plain_bound(fact.maximum, gettext("Enter %(limit_value)s or less."),
                                        gettext("Enter a smaller number."))),
    }


def _plain_bound(limit: int | Decimal | None, declared: str, outer: str) -> str:
    return outer if limit is None else declared


def _integer_field(fact: Fact, **options: Any) -> forms.Field:
    return forms.IntegerField(
        min_value=_number_bound(fact.minimum, -LARGEST_MAGNITUDE),
        max_value=_number_bound(fact.maximum, LARGEST_MAGNITUDE),
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
        error_messages={"required": gettext("Enter a whole number."),
                        "invalid": gettext("Enter a whole number."), **_out_of_range(fact)},
        **options,
    )


def _number_field(fact: Fact, **options: Any) -> forms.Field:
    return forms.DecimalField(
        min_value=_number_bound(fact.minimum, -LARGEST_MAGNITUDE),
        max_value=_number_bound(fact.maximum, LARGEST_MAGNITUDE),
        widget=forms.NumberInput(attrs={"inputmode": "decimal", "step": "any"}),
        error_messages={"required": gettext("Enter a number."),
                        "invalid": gettext("Enter a number."), **_out_of_range(fact)},
        **options,
    )


def _unanswered_choice(fact: Fact) -> list[tuple[str, str]]:
    """An explicit "Not answered" option where a fact may be left out and has no default:
    a radio button, once chosen, cannot be cleared."""
    if fact.optional and not fact.has_default:
        return [(NOT_ANSWERED, gettext("Not answered"))]
    return []


def _bool_field(fact: Fact, **options: Any) -> forms.Field:
    choices = [(YES, gettext("Yes")), (NO, gettext("No")), *_unanswered_choice(fact)]
    return forms.TypedChoiceField(
        choices=choices,
        coerce=lambda answer: answer == YES,
        empty_value=None,
        widget=forms.RadioSelect,
        error_messages={"required": gettext("Choose yes or no.")},
        **options,
    )


class BoundedDateField(forms.DateField):
    """A date between :data:`EARLIEST_DATE` and :data:`LATEST_DATE`: the one bound every
    date input of the site shares (the API's ``BoundedDateField`` reads the same one)."""

    default_validators = [
        MinValueValidator(EARLIEST_DATE, message=DATE_BOUNDS_MESSAGE),
        MaxValueValidator(LATEST_DATE, message=DATE_BOUNDS_MESSAGE),
    ]

    def widget_attrs(self, widget: forms.Widget) -> dict[str, Any]:
        """The bound as the picker's ``min`` and ``max``, written in the widget's own format
        (a month picker takes ``1900-01``)."""
        shape = getattr(widget, "format", None) or "%Y-%m-%d"
        return {**super().widget_attrs(widget), "min": EARLIEST_DATE.strftime(shape),
                "max": LATEST_DATE.strftime(shape)}


def bounded_date_field(**options: Any) -> forms.DateField:
    """A date picker limited to the dates the site judges."""
    return BoundedDateField(
        widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
        error_messages={"required": gettext("Enter a date."),
                        "invalid": gettext("Enter a real date.")},
        **options,
    )


def _date_field(fact: Fact, **options: Any) -> forms.Field:
    return bounded_date_field(**options)


def time_field(**options: Any) -> forms.TimeField:
    """A time picker ("22:30" where the browser shows none)."""
    return forms.TimeField(
        widget=forms.TimeInput(attrs={"type": "time"}, format="%H:%M"),
        error_messages={"required": gettext("Enter a time."),
                        "invalid": gettext("Enter a time such as 22:30.")},
        **options,
    )


def _time_field(fact: Fact, **options: Any) -> forms.Field:
    return time_field(**options)


class HearingTimeAndPlaceFields(forms.Form):
    """A hearing's hour and place, which its notice gives beside the day: filled in with the
    town's usual ones (:meth:`prefill_time_and_place`), which an empty field also leaves to
    the service (``HeldAtTimeAndPlace.fill_time_and_place``)."""

    hearing_time = time_field(label="Hearing time", required=False)
    location = forms.CharField(label="Hearing place", max_length=200, required=False)

    def prefill_time_and_place(self, municipality) -> None:
        """The town's usual hour and place; where the town has none, the field asks for it
        (the notice gives only what is known: see ``HeldAtTimeAndPlace``)."""
        self.fields["hearing_time"].initial = municipality.hearing_time
        self.fields["location"].initial = municipality.hearing_place
        if not municipality.hearing_time:
            self.fields["hearing_time"].help_text = (
                f"{municipality.name} has no usual hearing time yet: enter the hour the "
                "hearing begins, which the notice gives.")
        if not municipality.hearing_place:
            self.fields["location"].help_text = (
                f"{municipality.name} has no usual hearing place yet: enter where the "
                "hearing is held, which the notice gives.")


def _choice_field(fact: Fact, **options: Any) -> forms.Field:
    choices = [(choice, gettext(humanize(choice))) for choice in fact.choices]
    choices += _unanswered_choice(fact)
    return forms.ChoiceField(
        choices=choices,
        widget=forms.RadioSelect,
        error_messages={"required": gettext("Choose one.")},
        **options,
    )


def _text_field(fact: Fact, **options: Any) -> forms.Field:
    return forms.CharField(
        max_length=500, error_messages={"required": gettext("Enter an answer.")}, **options
    )


_FIELD_BUILDERS = {
    FactType.INTEGER: _integer_field,
    FactType.NUMBER: _number_field,
    FactType.BOOL: _bool_field,
    FactType.DATE: _date_field,
    FactType.TIME: _time_field,
    FactType.CHOICE: _choice_field,
    FactType.TEXT: _text_field,
}


def _initial(fact: Fact) -> Any:
    if not fact.has_default:
        return NOT_ANSWERED if fact.type in (FactType.BOOL, FactType.CHOICE) else None
    if fact.type is FactType.BOOL:
        return YES if fact.default else NO
    return fact.default


def form_field(fact: Fact) -> forms.Field:
    """The form field for one fact: typed, bounded, labelled, pre-filled with its default,
    required unless the fact is optional (a conditional fact's requirement is judged with
    the other answers in ``clean``). Its words are in the language active when it is built:
    the resident's forms are built for each request."""
    return _FIELD_BUILDERS[fact.type](
        fact,
        required=not fact.optional,
        label=fact_label(fact),
        help_text=fact_help_text(fact),
        initial=_initial(fact),
    )


def _css_class(widget: forms.Widget) -> str:
    if isinstance(widget, forms.RadioSelect | forms.CheckboxSelectMultiple):
        return "form-check-input"
    if isinstance(widget, forms.Select):
        return "form-select"
    return "form-control"


class StyledForm(forms.Form):
    """Bootstrap's classes on every widget, and its invalid style on fields with errors."""

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        for field in self.fields.values():
            field.widget.attrs["class"] = _css_class(field.widget)

    def full_clean(self) -> None:
        super().full_clean()
        for name in self.errors:
            if name in self.fields:
                widget = self.fields[name].widget
                widget.attrs["class"] = f"{_css_class(widget)} is-invalid"


class FactsForm(StyledForm):
    """A rule set's facts as a form; after ``is_valid()``, ``facts`` holds them parsed."""

    rule_set: ClassVar[RuleSet]

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self._word_facts_in_active_language()
        self.facts: dict[str, Any] = {}

    def _word_facts_in_active_language(self) -> None:
        """Each form says its facts' labels, help, choices and errors in the language of the
        request that builds it, even when its class was built at import, in English (a town
        app's form class at module level)."""
        for fact in self.rule_set.facts:
            field = self.fields.get(fact.name)
            if field is None:
                continue
            worded = form_field(fact)
            field.label, field.help_text = worded.label, worded.help_text
            field.error_messages = worded.error_messages
            if isinstance(worded, forms.ChoiceField):
                field.choices = worded.choices

    def fact_groups(self) -> list[tuple[str, list[forms.BoundField]]]:
        """The fact fields grouped by kind (see :data:`FACT_GROUPS`), declaration order kept."""
        groups = []
        for legend, types in FACT_GROUPS:
            fields = [self[fact.name] for fact in self.rule_set.facts if fact.type in types]
            if fields:
                groups.append((gettext(legend), fields))
        return groups

    def clean(self) -> dict[str, Any]:
        """Judge the answers as the API judges JSON: :meth:`RuleSet.parse` decides what is
        missing (conditional facts included), out of range or inconsistent."""
        cleaned = super().clean()
        answered = {
            fact.name: cleaned[fact.name]
            for fact in self.rule_set.facts
            if cleaned.get(fact.name) not in (None, "")
        }
        try:
            self.facts = self.rule_set.parse(answered)
        except FactsInvalid as invalid:
            self._add_fact_errors(invalid.errors, answered)
        return cleaned

    def _add_fact_errors(self, errors: Mapping[str, list[str]], answered: Mapping) -> None:
        for name, messages in errors.items():
            if name not in self.fields:
                self.add_error(None, messages)
            elif name in self.errors:
                continue  # the field's own validation already explained it
            elif name not in answered:
                self.add_error(name, self.fields[name].error_messages["required"])
            else:
                self.add_error(name, messages)


def fact_form_class(rule_set: RuleSet, *, base: type[FactsForm] = FactsForm) -> type[FactsForm]:
    """A form class for ``rule_set``: one field per fact, in declaration order."""
    attributes: dict[str, Any] = {fact.name: form_field(fact) for fact in rule_set.facts}
    attributes["rule_set"] = rule_set
    class_name = "".join(part.capitalize() for part in rule_set.code.replace(".", "_").split("_"))
    return type(f"{class_name}Form", (base,), attributes)
