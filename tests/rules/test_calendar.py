"""The business calendar: Massachusetts legal holidays, business days, months."""

import datetime as dt

import pytest

from permits_site.rules.calendar import (
    MONDAY_TO_FRIDAY,
    MONDAY_TO_THURSDAY,
    BusinessCalendar,
    add_months,
    anniversary_eve,
    format_date,
    period_due,
    year_end,
)
from permits_site.rules.periods import Period, PeriodKind

NORTH_ANDOVER = BusinessCalendar(MONDAY_TO_THURSDAY)
MONDAY_TO_FRIDAY_TOWN = BusinessCalendar(MONDAY_TO_FRIDAY)


def day(iso: str) -> dt.date:
    return dt.date.fromisoformat(iso)


def period(kind: PeriodKind, **length: int) -> Period:
    return Period(code="example", municipality="example", citation="Example §1", kind=kind,
                  description="An example period.", **length)


# -- Massachusetts legal holidays (MGL c.4 §7 cl. 18) --------------------------------------

@pytest.mark.parametrize("holiday", [
    "2027-01-01", "2027-01-18", "2027-02-15", "2027-04-19", "2027-05-31", "2027-07-05",
    "2027-09-06", "2027-10-11", "2027-11-11", "2027-11-25",
    "2026-06-19", "2030-04-15", "2028-12-25",
])
def test_massachusetts_legal_holiday_is_named(holiday):
    assert NORTH_ANDOVER.holiday_name(day(holiday))
    assert not NORTH_ANDOVER.is_business_day(day(holiday))


def test_patriots_day_is_a_massachusetts_holiday():
    assert "Patriots" in NORTH_ANDOVER.holiday_name(day("2027-04-19"))


def test_juneteenth_is_a_massachusetts_holiday():
    assert "Juneteenth" in NORTH_ANDOVER.holiday_name(day("2028-06-19"))


@pytest.mark.parametrize("sunday, observed_monday", [
    ("2027-07-04", "2027-07-05"),  # Independence Day
    ("2022-06-19", "2022-06-20"),  # Juneteenth
    ("2022-12-25", "2022-12-26"),  # Christmas
    ("2023-01-01", "2023-01-02"),  # New Year's Day
])
def test_sunday_holiday_is_observed_on_monday(sunday, observed_monday):
    assert NORTH_ANDOVER.holiday_name(day(observed_monday))
    assert not NORTH_ANDOVER.is_business_day(day(observed_monday))


@pytest.mark.parametrize("friday_before_saturday_holiday", [
    "2027-12-24",  # Christmas 2027 is a Saturday
    "2027-06-18",  # Juneteenth 2027
    "2027-12-31",  # New Year's Day 2028
    "2023-11-10",  # Veterans Day 2023
])
def test_saturday_holiday_is_not_moved_to_friday(friday_before_saturday_holiday):
    assert MONDAY_TO_FRIDAY_TOWN.holiday_name(day(friday_before_saturday_holiday)) is None
    assert MONDAY_TO_FRIDAY_TOWN.is_business_day(day(friday_before_saturday_holiday))


@pytest.mark.parametrize("suffolk_only", ["2027-03-17", "2027-06-17"])
def test_suffolk_county_holidays_are_not_legal_holidays_elsewhere(suffolk_only):
    assert MONDAY_TO_FRIDAY_TOWN.holiday_name(day(suffolk_only)) is None
    assert MONDAY_TO_FRIDAY_TOWN.is_business_day(day(suffolk_only))


@pytest.mark.parametrize("working_day", ["2027-11-26", "2027-12-24", "2027-03-02"])
def test_ordinary_day_has_no_holiday_name(working_day):
    assert NORTH_ANDOVER.holiday_name(day(working_day)) is None


# -- Business days -------------------------------------------------------------------------

@pytest.mark.parametrize("weekday, is_business_day", [
    ("2027-03-01", True),   # Monday
    ("2027-03-04", True),   # Thursday
    ("2027-03-05", False),  # Friday
    ("2027-03-06", False),  # Saturday
    ("2027-03-07", False),  # Sunday
])
def test_north_andover_keeps_a_monday_to_thursday_week(weekday, is_business_day):
    assert NORTH_ANDOVER.is_business_day(day(weekday)) is is_business_day


def test_friday_is_a_business_day_on_a_monday_to_friday_calendar():
    assert MONDAY_TO_FRIDAY_TOWN.is_business_day(day("2027-03-05"))


def test_closure_is_not_a_business_day():
    calendar = BusinessCalendar(MONDAY_TO_THURSDAY, closures=frozenset({day("2027-03-02")}))
    assert not calendar.is_business_day(day("2027-03-02"))
    assert calendar.is_business_day(day("2027-03-03"))


def test_calendar_without_open_weekdays_is_refused():
    with pytest.raises(ValueError):
        BusinessCalendar(frozenset())


def test_calendar_with_an_impossible_weekday_is_refused():
    with pytest.raises(ValueError):
        BusinessCalendar(frozenset({7}))


@pytest.mark.parametrize("start, expected", [
    ("2027-03-03", "2027-03-04"),  # Wednesday → Thursday
    ("2027-03-04", "2027-03-08"),  # Thursday → Monday, Friday closed
    ("2027-04-15", "2027-04-20"),  # over the weekend and Patriots' Day
    ("2027-03-06", "2027-03-08"),  # Saturday → Monday
])
def test_next_business_day_after_is_strictly_later(start, expected):
    assert NORTH_ANDOVER.next_business_day_after(day(start)) == day(expected)


@pytest.mark.parametrize("given, expected", [
    ("2027-03-04", "2027-03-04"),  # a business day stays
    ("2027-03-05", "2027-03-08"),  # Friday rolls to Monday
    ("2027-07-04", "2027-07-06"),  # Sunday holiday, observed Monday, rolls to Tuesday
])
def test_roll_forward_keeps_a_business_day_and_moves_others(given, expected):
    assert NORTH_ANDOVER.roll_forward(day(given)) == day(expected)


@pytest.mark.parametrize("start, count, expected", [
    ("2027-03-03", 0, "2027-03-03"),
    ("2027-03-03", 1, "2027-03-04"),
    ("2027-03-04", 1, "2027-03-08"),   # skips Friday to Sunday
    ("2027-04-14", 3, "2027-04-21"),   # skips Patriots' Day
    ("2027-05-26", 10, "2027-06-15"),  # skips Memorial Day
])
def test_add_business_days_counts_north_andover_open_days_only(start, count, expected):
    assert NORTH_ANDOVER.add_business_days(day(start), count) == day(expected)


@pytest.mark.parametrize("start, count, expected", [
    ("2027-03-04", 1, "2027-03-05"),
    ("2027-06-25", 10, "2027-07-12"),  # skips Independence Day observed on July 5
])
def test_add_business_days_counts_fridays_on_a_monday_to_friday_calendar(start, count, expected):
    assert MONDAY_TO_FRIDAY_TOWN.add_business_days(day(start), count) == day(expected)


def test_add_business_days_skips_a_closure():
    calendar = BusinessCalendar(MONDAY_TO_THURSDAY, closures=frozenset({day("2027-04-20")}))
    assert calendar.add_business_days(day("2027-04-14"), 3) == day("2027-04-22")


def test_add_business_days_refuses_a_negative_count():
    with pytest.raises(ValueError):
        NORTH_ANDOVER.add_business_days(day("2027-03-03"), -1)


def test_business_days_after_lists_open_days_in_order():
    days = NORTH_ANDOVER.business_days_after(day("2027-04-14"))
    assert [next(days) for _ in range(3)] == [day("2027-04-15"), day("2027-04-20"),
                                             day("2027-04-21")]


# -- Months, anniversaries, year ends ------------------------------------------------------

@pytest.mark.parametrize("start, months, expected", [
    ("2027-03-15", 6, "2027-09-15"),
    ("2026-08-31", 6, "2027-02-28"),  # clamped, common year
    ("2027-08-31", 6, "2028-02-29"),  # clamped, leap year
    ("2027-01-31", 1, "2027-02-28"),
    ("2027-12-15", 1, "2028-01-15"),  # across the year end
    ("2028-02-29", 12, "2029-02-28"),
    ("2028-02-29", 48, "2032-02-29"),
    ("2027-03-31", -1, "2027-02-28"),
    ("2027-05-10", 0, "2027-05-10"),
])
def test_add_months_clamps_to_the_last_day_of_the_month(start, months, expected):
    assert add_months(day(start), months) == day(expected)


@pytest.mark.parametrize("issued, valid_through", [
    ("2027-03-15", "2028-03-14"),  # spec example
    ("2028-02-29", "2029-02-27"),  # spec example
    ("2027-01-01", "2027-12-31"),
    ("2027-12-31", "2028-12-30"),
])
def test_anniversary_eve_is_the_day_before_the_first_anniversary(issued, valid_through):
    assert anniversary_eve(day(issued)) == day(valid_through)


@pytest.mark.parametrize("issued", ["2027-01-01", "2027-06-30", "2027-12-31"])
def test_year_end_is_december_31_of_the_same_year(issued):
    assert year_end(day(issued)) == day("2027-12-31")


def test_format_date_spells_the_month():
    assert format_date(day("2030-03-04")) == "March 4, 2030"


# -- period_due ----------------------------------------------------------------------------

def test_deadline_landing_on_a_north_andover_friday_rolls_to_monday():
    assert period_due(period(PeriodKind.DEADLINE, days=2), day("2027-03-03"),
                      NORTH_ANDOVER) == day("2027-03-08")


def test_duration_landing_on_a_north_andover_friday_does_not_roll():
    assert period_due(period(PeriodKind.DURATION, days=2), day("2027-03-03"),
                      NORTH_ANDOVER) == day("2027-03-05")


def test_month_deadline_rolls_past_a_holiday():
    assert period_due(period(PeriodKind.DEADLINE, months=1), day("2027-06-05"),
                      MONDAY_TO_FRIDAY_TOWN) == day("2027-07-06")


def test_next_month_day_is_in_the_month_after_the_start():
    assert period_due(period(PeriodKind.DEADLINE, next_month_day=15), day("2027-03-31"),
                      MONDAY_TO_FRIDAY_TOWN) == day("2027-04-15")


def test_business_day_period_lands_on_a_business_day():
    due = period_due(period(PeriodKind.DEADLINE, business_days=1), day("2027-03-04"),
                     NORTH_ANDOVER)
    assert due == day("2027-03-08")
    assert NORTH_ANDOVER.is_business_day(due)


def test_period_without_a_length_is_refused():
    with pytest.raises(ValueError, match="no length"):
        period_due(period(PeriodKind.DEADLINE), day("2027-03-04"), NORTH_ANDOVER)
