"""Every period and key date of the three towns, on the days around weekends and holidays.

North Andover keeps a Monday-to-Thursday week, Northborough and Tisbury a
Monday-to-Friday week. Deadlines roll to the next business day, durations
never roll.
"""

import datetime as dt

import pytest

from dogs import periods as north_andover
from permits_site.rules.calendar import BusinessCalendar, key_date_on, period_due
from permits_site.rules.periods import PeriodKind
from stables import periods as northborough
from tisbury_regs import periods as tisbury

TOWNS = {
    "north_andover": north_andover,
    "northborough": northborough,
    "tisbury": tisbury,
}
CALENDARS = {code: BusinessCalendar(town.BUSINESS_WEEK) for code, town in TOWNS.items()}
CITATION_PREFIXES = {
    "north_andover": "North Andover Code ch. 60, ",
    "northborough": "Northborough Horse & Stable Regs §",
    "tisbury": "Tisbury BOH Reg 09.",
}


def day(iso: str) -> dt.date:
    return dt.date.fromisoformat(iso)


def due(town: str, code: str, start: str) -> dt.date:
    period = {period.code: period for period in TOWNS[town].PERIODS}[code]
    return period_due(period, day(start), CALENDARS[town])


def key_date(town: str, code: str, year: int, calendar: BusinessCalendar | None = None):
    declared = {key_date.code: key_date for key_date in TOWNS[town].KEY_DATES}[code]
    return key_date_on(declared, year, calendar or CALENDARS[town])


# -- Declarations match the spec tables --------------------------------------------------

SPEC_PERIODS = {
    "north_andover": {
        "new_dog_license": ("deadline", "Licenses A(2)"),
        "puppy_license": ("deadline", "Licenses A(3)"),
        "new_resident_license": ("deadline", "Licenses A(4)"),
        "replacement_tag": ("deadline", "Licenses A(5)"),
        "kennel_new_dog_report": ("deadline", "Kennel license B(2)"),
        "kennel_hearing_notice": ("deadline", "Kennel license B(5)"),
        "kennel_hearing": ("deadline", "Kennel license B(5)"),
        "kennel_decision": ("deadline", "Kennel license B(5)"),
        "appeal_aco_decision": ("deadline", "Hearing authority B"),
        "appeal_hearing_decision": ("deadline", "Hearing authority E"),
        "citation_response": ("deadline", "Non-criminal disposition A, B"),
        "restraint_order": ("duration", "Temporary restraint A"),
        "impound_hold": ("duration", "Impoundment C, E"),
        "pdd_compliance": ("duration", "Potentially dangerous C(5)"),
        "pdd_release": ("duration", "Potentially dangerous C(6)"),
        "dd_registration": ("deadline", "Dangerous F(2)"),
        "aco_intake_records": ("deadline", "ACO B(2)"),
        "vacated_property_inspection": ("duration", "Welfare G(1)"),
    },
    "northborough": {},
    "tisbury": {
        "septic_inspection_report": ("deadline", "09.0.8(4)"),
        "septic_report_validity": ("duration", "09.0.8(4)"),
        "failed_system_upgrade": ("deadline", "09.0.8(8)"),
        "failed_system_hearing": ("deadline", "09.1.3(5)"),
        "perc_test_review": ("duration", "09.0.8(3)"),
        "pumpout_permits_return": ("deadline", "09.6.2"),
        "public_facility_correction": ("duration", "09.4.8"),
        "ust_notification": ("deadline", "09.4.7"),
        "food_handler_ownership_change": ("duration", "09.5.2"),
        "quarantine": ("duration", "09.7.3"),
        "temporary_dumpster": ("duration", "09.2.5(3)"),
        # Not in the spec's table: the Board's reading of 09.0.8(4), which gives a required
        # inspection no time (docs/development/decisions.md).
        "triggered_septic_inspection": ("deadline", "09.0.8(4)"),
    },
}

SPEC_KEY_DATES = {
    "north_andover": {"dog_forms_available_by", "dog_license_due", "kennel_forms_sent_by",
                      "kennel_license_due"},
    "northborough": {"public_stable_renewal", "manure_season_start", "manure_season_end"},
    "tisbury": {"annual_permits_expire", "food_fee_waiver_opens", "well_meter_reading_spring",
                "well_meter_reading_fall"},
}


@pytest.mark.parametrize("town", TOWNS)
def test_periods_are_exactly_the_spec_table(town):
    declared = {period.code: period for period in TOWNS[town].PERIODS}
    assert declared.keys() == SPEC_PERIODS[town].keys()
    for code, (kind, section) in SPEC_PERIODS[town].items():
        assert declared[code].kind == PeriodKind(kind), code
        assert declared[code].citation.endswith(section), code


@pytest.mark.parametrize("town", TOWNS)
def test_key_dates_are_exactly_the_spec_table(town):
    assert {key_date.code for key_date in TOWNS[town].KEY_DATES} == SPEC_KEY_DATES[town]


@pytest.mark.parametrize("town", TOWNS)
def test_every_declaration_names_its_town_cites_its_law_and_says_what_it_is(town):
    for declared in (*TOWNS[town].PERIODS, *TOWNS[town].KEY_DATES):
        assert declared.municipality == town, declared.code
        assert declared.citation.startswith(CITATION_PREFIXES[town]), declared.code
        assert declared.description.endswith("."), declared.code


@pytest.mark.parametrize("town", TOWNS)
def test_every_period_has_exactly_one_length(town):
    for period in TOWNS[town].PERIODS:
        lengths = [period.days, period.months, period.business_days, period.next_month_day]
        assert sum(1 for length in lengths if length) == 1, period.code


def test_north_andover_pdd_release_is_24_months():
    assert due("north_andover", "pdd_release", "2027-03-10") == day("2029-03-10")


# -- North Andover periods (Monday to Thursday) --------------------------------------------

@pytest.mark.parametrize("code, start, expected", [
    # new_dog_license, 30 days: the day before, of and after a Friday landing.
    ("new_dog_license", "2027-02-02", "2027-03-04"),  # Thursday stays
    ("new_dog_license", "2027-02-03", "2027-03-08"),  # Friday rolls to Monday
    ("new_dog_license", "2027-02-04", "2027-03-08"),  # Saturday rolls to Monday
    ("new_dog_license", "2027-02-01", "2027-03-03"),
    ("new_dog_license", "2027-03-20", "2027-04-20"),  # Patriots' Day rolls to Tuesday
    # puppy_license, 6 months.
    ("puppy_license", "2026-08-31", "2027-03-01"),  # Feb 28 (Sunday) rolls to Monday
    ("puppy_license", "2027-08-31", "2028-02-29"),  # clamped to the leap day, a Tuesday
    ("puppy_license", "2026-07-18", "2027-01-19"),  # MLK Day rolls to Tuesday
    ("puppy_license", "2026-07-19", "2027-01-19"),
    ("puppy_license", "2026-07-20", "2027-01-20"),
    ("new_resident_license", "2027-06-04", "2027-07-06"),  # Sunday July 4 → after observed
    ("new_resident_license", "2027-06-05", "2027-07-06"),  # July 5 observed → Tuesday
    ("new_resident_license", "2027-06-06", "2027-07-06"),
    ("replacement_tag", "2027-04-15", "2027-04-22"),  # over Patriots' Day
    ("replacement_tag", "2027-03-03", "2027-03-09"),
    ("kennel_new_dog_report", "2027-10-12", "2027-11-15"),  # Veterans Day, then Friday
    ("kennel_hearing_notice", "2027-11-22", "2027-12-06"),  # over Thanksgiving
    ("kennel_hearing", "2027-12-10", "2027-12-27"),  # Friday Dec 24 rolls to Monday
    ("kennel_decision", "2027-12-23", "2028-01-05"),  # Jan 1 2028 is a Saturday: no shift
    ("appeal_aco_decision", "2027-05-26", "2027-06-15"),  # over Memorial Day
    ("appeal_hearing_decision", "2027-07-02", "2027-07-21"),  # over July 5 observed
    ("citation_response", "2027-08-12", "2027-09-02"),  # Thursday stays
    ("citation_response", "2027-08-13", "2027-09-07"),  # Friday, weekend, Labor Day
    ("citation_response", "2027-08-14", "2027-09-07"),
    ("dd_registration", "2027-11-01", "2027-11-15"),  # Veterans Day, then Friday
    ("aco_intake_records", "2027-11-26", "2027-12-27"),  # Sunday rolls to Monday
])
def test_north_andover_deadline_rolls_to_a_monday_to_thursday_business_day(code, start,
                                                                           expected):
    assert due("north_andover", code, start) == day(expected)


@pytest.mark.parametrize("code, start, expected", [
    ("restraint_order", "2027-02-03", "2027-03-05"),  # ends on a Friday, no roll
    ("restraint_order", "2027-02-04", "2027-03-06"),
    ("impound_hold", "2027-06-28", "2027-07-05"),  # ends on the observed holiday
    ("pdd_compliance", "2027-08-14", "2027-09-04"),  # ends on a Saturday
    ("pdd_release", "2027-03-02", "2029-03-02"),  # a Friday
    ("pdd_release", "2028-02-29", "2030-02-28"),  # clamped
    ("vacated_property_inspection", "2027-03-02", "2027-03-05"),  # a Friday
])
def test_north_andover_duration_ends_on_its_own_day(code, start, expected):
    assert due("north_andover", code, start) == day(expected)


# -- Tisbury periods (Monday to Friday) ----------------------------------------------------

@pytest.mark.parametrize("code, start, expected", [
    ("septic_inspection_report", "2027-02-03", "2027-03-05"),  # Friday is open in Tisbury
    ("septic_inspection_report", "2027-06-04", "2027-07-06"),  # Sunday July 4
    ("septic_inspection_report", "2027-06-05", "2027-07-06"),  # July 5 observed
    ("septic_inspection_report", "2027-06-06", "2027-07-06"),
    ("failed_system_upgrade", "2027-03-02", "2027-06-01"),  # Memorial Day rolls to Tuesday
    ("failed_system_upgrade", "2027-03-01", "2027-06-01"),  # Sunday, then Memorial Day
    ("failed_system_hearing", "2027-11-18", "2027-11-26"),  # Thanksgiving → Friday
    ("pumpout_permits_return", "2027-01-20", "2027-02-16"),  # Presidents' Day
    ("pumpout_permits_return", "2027-01-01", "2027-02-16"),
    ("pumpout_permits_return", "2027-12-31", "2028-01-18"),  # Saturday, then MLK Day
    ("pumpout_permits_return", "2027-03-31", "2027-04-15"),
    ("ust_notification", "2027-10-12", "2027-11-12"),  # Veterans Day → Friday
    ("triggered_septic_inspection", "2027-06-04", "2027-07-06"),  # Sunday, then July 5
    ("triggered_septic_inspection", "2027-06-07", "2027-07-07"),
])
def test_tisbury_deadline_rolls_to_a_monday_to_friday_business_day(code, start, expected):
    assert due("tisbury", code, start) == day(expected)


@pytest.mark.parametrize("code, start, expected", [
    ("septic_report_validity", "2026-08-15", "2028-08-15"),
    ("septic_report_validity", "2025-10-11", "2027-10-11"),  # Columbus Day, no roll
    ("perc_test_review", "2025-12-25", "2027-12-25"),  # a Saturday
    ("public_facility_correction", "2027-07-03", "2027-07-04"),  # 24 hours, a Sunday
    ("food_handler_ownership_change", "2027-01-05", "2027-03-06"),  # a Saturday
    ("quarantine", "2027-07-01", "2027-07-11"),  # a Sunday
    ("temporary_dumpster", "2027-06-05", "2027-07-05"),  # the observed holiday
])
def test_tisbury_duration_ends_on_its_own_day(code, start, expected):
    assert due("tisbury", code, start) == day(expected)


def test_same_friday_deadline_rolls_in_north_andover_but_not_in_tisbury():
    assert due("north_andover", "new_dog_license", "2027-02-03") == day("2027-03-08")
    assert due("tisbury", "septic_inspection_report", "2027-02-03") == day("2027-03-05")


def test_closure_on_the_due_day_pushes_a_deadline():
    closed = BusinessCalendar(tisbury.BUSINESS_WEEK, closures=frozenset({day("2027-04-15")}))
    pumpout = {period.code: period for period in tisbury.PERIODS}["pumpout_permits_return"]
    assert period_due(pumpout, day("2027-03-31"), closed) == day("2027-04-16")


# -- Key dates -----------------------------------------------------------------------------

@pytest.mark.parametrize("year, expected", [
    (2027, "2027-03-01"),  # spec example: a Monday
    (2030, "2030-03-04"),  # spec example: March 1 is a Friday
    (2026, "2026-03-02"),  # a Sunday
    (2028, "2028-03-01"),  # a Wednesday
    (2029, "2029-03-01"),  # a Thursday
])
def test_dog_license_due_is_march_1_or_the_next_business_day(year, expected):
    assert key_date("north_andover", "dog_license_due", year) == day(expected)


def test_closure_on_march_1_pushes_the_dog_license_due_date():
    closed = BusinessCalendar(north_andover.BUSINESS_WEEK,
                              closures=frozenset({day("2027-03-01")}))
    assert key_date("north_andover", "dog_license_due", 2027, closed) == day("2027-03-02")


@pytest.mark.parametrize("year, expected", [
    (2026, "2026-01-15"),  # a Thursday
    (2027, "2027-01-19"),  # a Friday, then MLK Day
    (2028, "2028-01-18"),  # a Saturday, then MLK Day
])
def test_kennel_license_due_is_january_15_or_the_next_business_day(year, expected):
    assert key_date("north_andover", "kennel_license_due", year) == day(expected)


@pytest.mark.parametrize("town, code, year, expected", [
    ("north_andover", "dog_forms_available_by", 2027, "2026-12-31"),
    ("north_andover", "kennel_forms_sent_by", 2027, "2026-12-01"),
    ("north_andover", "kennel_forms_sent_by", 2029, "2028-12-01"),  # a Friday, no roll
    ("northborough", "public_stable_renewal", 2027, "2027-01-01"),  # a holiday, no roll
    ("northborough", "manure_season_start", 2027, "2027-05-01"),  # a Saturday
    ("northborough", "manure_season_end", 2027, "2027-11-01"),
    ("tisbury", "annual_permits_expire", 2028, "2028-12-31"),  # a Sunday
    ("tisbury", "food_fee_waiver_opens", 2027, "2027-10-01"),
    ("tisbury", "well_meter_reading_spring", 2027, "2027-05-15"),  # a Saturday
    ("tisbury", "well_meter_reading_fall", 2027, "2027-11-15"),
])
def test_fixed_key_date_does_not_roll(town, code, year, expected):
    assert key_date(town, code, year) == day(expected)
