"""The pure arithmetic of a fine quote: offense numbers, warnings, days, units and ranges."""

from decimal import Decimal

import pytest

from permits_site.rules.fees import QuoteRefused
from permits_site.rules.fines import FineRate, quote_fine, revised_rate

D = Decimal
ESCALATING = FineRate("running_at_large", "Dog running at large", "Restraint A",
                      first=D("25"), second=D("50"), later=D("100"))
WARNED_PER_DAY = FineRate("animal_limit", "Too many animals", "Limits E",
                          first=None, second=D("25"), later=D("25"), per_day=True)
PER_PERMIT_PER_DAY = FineRate("septic_pumpout_permit_late", "Pump-out permit late", "09.6.2",
                              first=D("10"), second=D("10"), later=D("10"),
                              per_day=True, per_unit=True, unit_name="permit")
RANGED = FineRate("stable_regulation_violation", "Stable violation", "§8.3",
                  minimum=D("5.00"), maximum=D("100.00"), per_day=True)


def refusal(rate, **quote):
    with pytest.raises(QuoteRefused) as refused:
        quote_fine(rate, **quote)
    return refused.value.errors


@pytest.mark.parametrize(("prior", "number", "amount"), [
    (0, 1, "25.00"), (1, 2, "50.00"), (2, 3, "100.00"), (7, 8, "100.00"),
])
def test_offense_number_is_prior_offenses_plus_one_and_picks_the_amount(prior, number, amount):
    quote = quote_fine(ESCALATING, prior_offenses=prior)

    assert quote.offense_number == number
    assert quote.amount_per_offense == D(amount)
    assert quote.total == D(amount)
    assert quote.warning is False


def test_a_warning_is_recorded_with_nothing_due_even_over_several_days():
    quote = quote_fine(WARNED_PER_DAY, prior_offenses=0, days=3)

    assert quote.warning is True
    assert quote.amount_per_offense == D("0.00")
    assert quote.total == D("0.00")
    assert quote.days == 3


def test_a_continuing_offense_costs_the_first_days_offense_amount_times_days():
    quote = quote_fine(WARNED_PER_DAY, prior_offenses=1, days=4)

    assert (quote.offense_number, quote.amount_per_offense, quote.total) == (2, D("25.00"),
                                                                            D("100.00"))


def test_total_is_amount_times_units_times_days():
    quote = quote_fine(PER_PERMIT_PER_DAY, units=3, days=5)

    assert quote.units == 3
    assert quote.total == D("150.00")


def test_as_dict_renders_money_with_two_places():
    assert quote_fine(RANGED, amount=D("7.5"), days=2).as_dict() == {
        "offense": "stable_regulation_violation", "offense_number": 1, "warning": False,
        "amount_per_offense": "7.50", "days": 2, "units": 1, "total": "15.00",
        "citation": "§8.3",
    }


@pytest.mark.parametrize("amount", [D("5"), D("5.00"), D("42.17"), D("100"), 5, "100.00", 99.99])
def test_an_officer_set_amount_within_the_range_is_quoted(amount):
    quoted = quote_fine(RANGED, amount=amount).amount_per_offense

    assert quoted == D(str(amount)).quantize(D("0.01"))


@pytest.mark.parametrize("amount", [D("4.99"), D("100.01"), D("0"), D("-5")])
def test_an_officer_set_amount_outside_the_range_is_refused_on_amount(amount):
    errors = refusal(RANGED, amount=amount)

    assert list(errors) == ["amount"]


def test_the_range_refusal_names_the_range_and_the_section():
    message = refusal(RANGED, amount=D("100.01"))["amount"][0]

    assert "$5.00" in message and "$100.00" in message and "§8.3" in message


@pytest.mark.parametrize("amount", [D("5.005"), D("NaN"), D("Infinity"), "fifty", True, [5]])
def test_a_malformed_amount_is_refused_on_amount(amount):
    assert list(refusal(RANGED, amount=amount)) == ["amount"]


def test_a_ranged_offense_needs_the_officers_amount():
    assert "enter it" in refusal(RANGED)["amount"][0]


def test_a_fixed_offense_refuses_an_amount():
    assert list(refusal(ESCALATING, amount=D("25.00"))) == ["amount"]


def test_days_above_one_are_refused_for_an_offense_not_fined_per_day():
    assert "not fined for each day" in refusal(ESCALATING, days=2)["days"][0]


def test_units_above_one_are_refused_for_an_offense_not_counted_per_unit():
    assert "per permit or per boat" in refusal(RANGED, units=2)["units"][0]


@pytest.mark.parametrize(("field", "value"), [
    ("prior_offenses", -1), ("days", 0), ("units", 0), ("days", 1.5), ("units", "2"),
    ("prior_offenses", True), ("prior_offenses", None), ("days", 10**30),
])
def test_counts_must_be_whole_numbers_in_range(field, value):
    assert field in refusal(PER_PERMIT_PER_DAY, **{field: value})


def test_every_bad_field_is_reported_at_once():
    errors = refusal(ESCALATING, prior_offenses=-1, days=2, units=2, amount=D("1"))

    assert set(errors) == {"prior_offenses", "days", "units", "amount"}


def test_revised_rate_keeps_the_law_and_changes_the_amounts():
    revised = revised_rate(WARNED_PER_DAY, {"first": D("10"), "second": None, "later": "30"})

    assert (revised.first, revised.second, revised.later) == (D("10.00"), None, D("30.00"))
    assert revised.per_day is True and revised.citation == "Limits E"


@pytest.mark.parametrize("proposed", [
    {"first": D("1"), "second": D("2")},
    {"minimum": D("1"), "maximum": D("2")},
    {"first": D("-1"), "second": D("2"), "later": D("3")},
    {"first": "x", "second": D("2"), "later": D("3")},
    ["first", "second", "later"],
])
def test_revised_rate_refuses_missing_foreign_or_malformed_amounts(proposed):
    with pytest.raises(ValueError):
        revised_rate(ESCALATING, proposed)


def test_a_ranged_offense_cannot_have_its_minimum_above_its_maximum():
    with pytest.raises(ValueError, match="minimum"):
        revised_rate(RANGED, {"minimum": D("10"), "maximum": D("9")})


def test_a_ranged_offense_cannot_be_turned_into_a_warning():
    with pytest.raises(ValueError):
        revised_rate(RANGED, {"minimum": None, "maximum": D("9")})
