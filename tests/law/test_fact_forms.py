"""Forms generated from a rule set's fact declarations accept exactly what the API accepts."""

import datetime as dt
from decimal import Decimal

import pytest
from django import forms

from dogs.rules import DOG_LICENSE, NOISE_COMPLAINT
from permits_site.licensing.fact_forms import (
    LARGEST_MAGNITUDE,
    FactsForm,
    bounds_errors,
    fact_form_class,
    fact_label,
)
from permits_site.rules.base import Fact, FactType, RuleSet
from permits_site.rules.registry import all_rule_sets
from stables.rules import PRIVATE_STABLE
from tests.law.answers import PRIVATE_STABLE_42_FT, as_query
from tisbury_regs.rules import COASTAL_SEPTIC, TEMPORARY_DUMPSTER


def bound(rule_set, answers):
    return fact_form_class(rule_set)(as_query(answers))


@pytest.mark.parametrize("rule_set", all_rule_sets(), ids=lambda rule_set: rule_set.code)
def test_every_rule_set_gets_one_field_per_fact_in_declaration_order(rule_set):
    form = fact_form_class(rule_set)()

    assert list(form.fields) == [fact.name for fact in rule_set.facts]
    assert isinstance(form, FactsForm)


def test_field_types_follow_the_fact_types():
    fields = fact_form_class(PRIVATE_STABLE)().fields

    assert isinstance(fields["horses"], forms.IntegerField)
    assert isinstance(fields["corral_area_sqft"], forms.DecimalField)
    assert isinstance(fields["fence_material"], forms.ChoiceField)
    assert isinstance(fields["fee_charged"].widget, forms.RadioSelect)
    assert fields["shed_sides"].max_value == 4
    assert fields["owner_residences"].min_value == 1
    date_widget = fact_form_class(DOG_LICENSE)().fields["date_of_birth"].widget
    assert date_widget.input_type == "date"
    assert isinstance(fact_form_class(NOISE_COMPLAINT)().fields["start_time"], forms.TimeField)


def test_labels_show_the_unit_in_words_unless_the_question_names_it():
    facts = PRIVATE_STABLE.fact_map

    assert fact_label(facts["distance_to_abutter_property_line_ft"]).endswith("(in feet)")
    assert fact_label(facts["corral_area_sqft"]) == "Corral area (in square feet)"
    assert fact_label(facts["horses"]) == "How many horses will be kept at the stable?"


def test_optional_facts_say_so_and_defaulted_facts_are_prefilled():
    form = fact_form_class(DOG_LICENSE)()

    assert form.fields["acquired_on"].label.endswith("(optional)")
    assert not form.fields["acquired_on"].required
    assert form.fields["date_of_birth"].required
    assert form.fields["kennel_license"].initial == "no"
    assert not form.fields["kennel_license"].label.endswith("(optional)")


def test_a_yes_no_question_that_may_be_left_out_offers_not_answered():
    on_slope = fact_form_class(COASTAL_SEPTIC)().fields["on_slope"]
    inspector_form = fact_form_class(
        RuleSet(code="t.x", municipality="t", title="T", facts=(
            Fact("finding", FactType.BOOL, "Finding", nullable=True),
        ))
    )()

    assert [value for value, _ in on_slope.choices] == ["yes", "no"]
    assert [value for value, _ in inspector_form.fields["finding"].choices] == ["yes", "no", ""]


def test_answers_become_the_values_evaluate_expects():
    form = bound(PRIVATE_STABLE, PRIVATE_STABLE_42_FT)

    assert form.is_valid(), form.errors
    assert form.facts["horses"] == 2
    assert form.facts["fence_height_ft"] == Decimal("4.5")
    assert isinstance(form.facts["distance_to_abutter_property_line_ft"], Decimal)
    assert form.facts["roof_weatherproof"] is True
    assert form.facts["fee_charged"] is False
    assert form.facts == PRIVATE_STABLE.parse(PRIVATE_STABLE_42_FT)


def test_a_defaulted_fact_left_out_of_the_query_takes_its_default():
    answers = {**PRIVATE_STABLE_42_FT}
    answers.pop("grandfathered", None)
    form = bound(PRIVATE_STABLE, answers)

    assert form.is_valid(), form.errors
    assert PRIVATE_STABLE.with_defaults(form.facts)["grandfathered"] is False


def test_dates_and_times_are_parsed():
    form = bound(NOISE_COMPLAINT, {
        "start_time": "22:30", "duration_minutes": 15, "uninterrupted": True,
        "outdoors": True, "repetitive": True, "provoked": False,
    })

    assert form.is_valid(), form.errors
    assert form.facts["start_time"] == dt.time(22, 30)


def test_a_missing_required_answer_is_refused_on_its_field():
    answers = {**PRIVATE_STABLE_42_FT}
    del answers["horses"]
    form = bound(PRIVATE_STABLE, answers)

    assert not form.is_valid()
    assert form.errors["horses"] == ["Enter a whole number."]


def test_a_woven_wire_fence_needs_its_opening_size_5_3():
    answers = {**PRIVATE_STABLE_42_FT, "fence_material": "woven_wire"}
    form = bound(PRIVATE_STABLE, answers)

    assert not form.is_valid()
    assert form.errors["fence_opening_in"] == ["Enter a number."]
    assert bound(PRIVATE_STABLE, {**answers, "fence_opening_in": 4}).is_valid()


def test_a_wood_fence_needs_no_opening_size():
    assert bound(PRIVATE_STABLE, PRIVATE_STABLE_42_FT).is_valid()


@pytest.mark.parametrize(("name", "value"), [
    ("horses", "-1"),
    ("horses", "2.5"),
    ("horses", "three"),
    ("shed_sides", "5"),
    ("corral_area_sqft", "NaN"),
    ("corral_area_sqft", str(LARGEST_MAGNITUDE + 1)),
    ("fee_charged", "maybe"),
    ("fence_material", "chain_link"),
])
def test_out_of_range_or_malformed_answers_are_refused_on_their_field(name, value):
    form = fact_form_class(PRIVATE_STABLE)({**as_query(PRIVATE_STABLE_42_FT), name: value})

    assert not form.is_valid()
    assert list(form.errors) == [name]


def test_dates_outside_the_judged_years_are_refused():
    form = bound(DOG_LICENSE, {"date_of_birth": "1850-01-01", "spayed_neutered": True})

    assert not form.is_valid()
    assert form.errors["date_of_birth"] == ["Enter a date between 1900 and 2199."]


def test_cross_field_validators_of_the_rule_set_apply_to_the_form():
    form = bound(TEMPORARY_DUMPSTER, {
        "start_date": "2027-06-10", "end_date": "2027-06-01", "renewal": False,
    })

    assert not form.is_valid()
    assert "end_date" in form.errors


def test_fields_with_errors_are_marked_invalid_for_assistive_technology():
    form = fact_form_class(PRIVATE_STABLE)({**as_query(PRIVATE_STABLE_42_FT), "horses": "x"})
    form.is_valid()

    html = str(form["horses"])
    assert 'aria-invalid="true"' in html
    assert 'aria-describedby="id_horses_error"' in html
    assert "is-invalid" in html


def test_bounds_errors_name_each_fact_beyond_the_bounds():
    facts = {"horses": 10**12, "corral_area_sqft": Decimal(5000)}

    assert list(bounds_errors(PRIVATE_STABLE, facts)) == ["horses"]
    assert bounds_errors(DOG_LICENSE, {"date_of_birth": dt.date(2300, 1, 1)}) == {
        "date_of_birth": ["Enter a date between 1900 and 2199."]
    }


def test_fact_groups_cover_every_fact_once():
    form = fact_form_class(PRIVATE_STABLE)()
    grouped = [field.name for _legend, fields in form.fact_groups() for field in fields]

    assert sorted(grouped) == sorted(fact.name for fact in PRIVATE_STABLE.facts)
    assert [legend for legend, _ in form.fact_groups()] == [
        "Details", "Numbers and measurements", "Yes-or-no questions",
    ]


@pytest.mark.parametrize(("language", "message"), [
    ("en", "Enter a date between 1900 and 2199."),
    ("es", "Indique una fecha entre 1900 y 2199."),
    ("pt-br", "Informe uma data entre 1900 e 2199."),
])
def test_a_date_beyond_the_bound_is_refused_in_the_reader_s_language(language, message):
    from django import forms
    from django.utils import translation

    from permits_site.licensing.fact_forms import BoundedDateField

    with translation.override(language):
        with pytest.raises(forms.ValidationError) as refused:
            BoundedDateField().clean("0001-01-01")

        assert refused.value.messages == [message]
