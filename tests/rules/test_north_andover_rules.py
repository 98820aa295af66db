"""North Andover Code ch. 60 rule sets, each rule at its boundaries."""

import datetime as dt
from decimal import Decimal

import pytest

from dogs import rules
from dogs.periods import BUSINESS_WEEK
from permits_site.rules.base import FactsInvalid, Outcome, RuleSet
from permits_site.rules.calendar import BusinessCalendar

NORTH_ANDOVER = BusinessCalendar(BUSINESS_WEEK)
ON = dt.date(2027, 3, 10)

PASS, FAIL = Outcome.PASS, Outcome.FAIL
NEEDS_REVIEW, NOT_APPLICABLE = Outcome.NEEDS_REVIEW, Outcome.NOT_APPLICABLE


def day(iso: str) -> dt.date:
    return dt.date.fromisoformat(iso)


def check(rule_set: RuleSet, raw: dict, rule_id: str, on: dt.date = ON):
    """Parse JSON facts like the API does and return one rule's finding."""
    result = rule_set.evaluate(rule_set.parse(raw), on=on, calendar=NORTH_ANDOVER)
    return next(finding for finding in result.findings if finding.rule == rule_id)


# -- The sets as the spec declares them ---------------------------------------------------

SPEC_RULE_IDS = {
    "north_andover.dog_license": [
        "na.lic.A1.age", "na.lic.A1.rabies", "na.lic.A.timely", "na.lim.A.kennel"],
    "north_andover.kennel_license": [
        "na.kennel.B1.required", "na.kennel.B1.rabies", "na.kennel.B3c.lot_line",
        "na.kennel.B3d.dwelling", "na.kennel.B3.inspection"],
    "north_andover.residence_limits": ["na.lim.A.dogs", "na.lim.B.cats", "na.lim.D.wild"],
    "north_andover.noise_complaint": ["na.rest.C1.day", "na.rest.C2.night"],
    "north_andover.dangerous_dog_compliance": [
        "na.dd.D1a.setback", "na.dd.D1a.embedded", "na.dd.D1a.top", "na.dd.D1a.shelter",
        "na.dd.D1b.signs", "na.dd.D1c.abutters", "na.dd.D1d.lead", "na.dd.D3.insurance"],
}


def test_rule_sets_are_the_five_of_the_spec_in_order():
    assert {rule_set.code: [rule.id for rule in rule_set.rules]
            for rule_set in rules.RULE_SETS} == SPEC_RULE_IDS
    assert [rule_set.code for rule_set in rules.RULE_SETS] == list(SPEC_RULE_IDS)


def test_every_rule_cites_north_andover_chapter_60():
    for rule_set in rules.RULE_SETS:
        assert rule_set.municipality == "north_andover"
        for rule in rule_set.rules:
            assert rule.citation.startswith("North Andover Code ch. 60, "), rule.id
            assert rule.function.__doc__, rule.id


def test_every_fact_has_a_plain_label():
    for rule_set in rules.RULE_SETS:
        for fact in rule_set.facts:
            assert fact.label, f"{rule_set.code}.{fact.name}"


# -- north_andover.dog_license -------------------------------------------------------------

DOG = {
    "date_of_birth": "2025-01-10",
    "spayed_neutered": True,
    "rabies_vaccination_expires": "2028-01-10",
    "rabies_exemption_until": None,
}


def dog(**changes) -> dict:
    return {**DOG, **changes}


def test_dog_license_kennel_and_renewal_default_to_false():
    completed = rules.DOG_LICENSE.with_defaults(rules.DOG_LICENSE.parse(DOG))
    assert completed["kennel_license"] is False
    assert completed["renewal"] is False


@pytest.mark.parametrize("on, outcome", [
    ("2027-03-14", NOT_APPLICABLE),  # a day short of six months
    ("2027-03-15", PASS),           # six months to the day
    ("2027-03-16", PASS),
])
def test_dog_license_required_from_six_months_a1_age(on, outcome):
    finding = check(rules.DOG_LICENSE, dog(date_of_birth="2026-09-15"), "na.lic.A1.age",
                    on=day(on))
    assert finding.outcome is outcome


def test_dog_born_august_31_is_six_months_old_on_february_28_a1_age():
    finding = check(rules.DOG_LICENSE, dog(date_of_birth="2026-08-31"), "na.lic.A1.age",
                    on=day("2027-02-28"))
    assert finding.outcome is PASS
    assert (finding.required, finding.actual, finding.unit) == (6, 6, "months")


def test_puppy_under_six_months_is_told_when_it_needs_a_license_a1_age():
    finding = check(rules.DOG_LICENSE, dog(date_of_birth="2026-12-01"), "na.lic.A1.age")
    assert finding.outcome is NOT_APPLICABLE
    assert "June 1, 2027" in finding.message


@pytest.mark.parametrize("expires, outcome", [
    ("2027-03-09", FAIL),  # expired the day before
    ("2027-03-10", PASS),  # still valid on the day
    ("2027-03-11", PASS),
])
def test_rabies_vaccination_must_be_current_on_the_day_a1_rabies(expires, outcome):
    finding = check(rules.DOG_LICENSE, dog(rabies_vaccination_expires=expires),
                    "na.lic.A1.rabies")
    assert finding.outcome is outcome
    assert finding.required == ON


@pytest.mark.parametrize("exemption_until, outcome", [
    ("2027-03-09", FAIL),
    ("2027-03-10", PASS),
    ("2027-03-11", PASS),
])
def test_veterinary_exemption_replaces_an_expired_vaccination_a1_rabies(exemption_until,
                                                                          outcome):
    raw = dog(rabies_vaccination_expires="2026-01-01", rabies_exemption_until=exemption_until)
    assert check(rules.DOG_LICENSE, raw, "na.lic.A1.rabies").outcome is outcome


def test_dog_without_vaccination_or_exemption_fails_a1_rabies():
    finding = check(rules.DOG_LICENSE, dog(rabies_vaccination_expires=None), "na.lic.A1.rabies")
    assert finding.outcome is FAIL
    assert "rabies certificate" in finding.message


@pytest.mark.parametrize("on, outcome", [
    ("2027-02-28", PASS),
    ("2027-03-01", PASS),  # six months is Sunday Feb 28, rolled to Monday
    ("2027-03-02", FAIL),
])
def test_puppy_licensed_within_six_months_of_birth_a_timely(on, outcome):
    finding = check(rules.DOG_LICENSE, dog(date_of_birth="2026-08-31"), "na.lic.A.timely",
                    on=day(on))
    assert finding.outcome is outcome
    assert finding.required == day("2027-03-01")


@pytest.mark.parametrize("on, outcome", [
    ("2027-03-04", PASS),
    ("2027-03-08", PASS),  # 30 days is Friday March 5: North Andover rolls it to Monday
    ("2027-03-09", FAIL),
])
def test_acquired_dog_licensed_within_30_days_a_timely(on, outcome):
    finding = check(rules.DOG_LICENSE, dog(acquired_on="2027-02-03"), "na.lic.A.timely",
                    on=day(on))
    assert finding.outcome is outcome
    assert finding.required == day("2027-03-08")


def test_new_resident_counts_from_the_latest_arrival_a_timely():
    raw = dog(acquired_on="2027-01-01", moved_in_on="2027-06-05")
    finding = check(rules.DOG_LICENSE, raw, "na.lic.A.timely", on=day("2027-07-07"))
    assert finding.outcome is FAIL
    assert finding.required == day("2027-07-06")  # July 5 is the observed holiday
    assert "was due by July 6, 2027" in finding.message


@pytest.mark.parametrize("on, outcome", [
    ("2027-07-09", PASS),
    ("2027-07-12", PASS),  # six months (Saturday July 10) is later than 30 days
    ("2027-07-13", FAIL),
])
def test_young_puppy_acquired_is_due_at_six_months_a_timely(on, outcome):
    raw = dog(date_of_birth="2027-01-10", acquired_on="2027-04-10")
    assert check(rules.DOG_LICENSE, raw, "na.lic.A.timely", on=day(on)).outcome is outcome


def test_renewal_is_not_judged_for_timeliness_a_timely():
    raw = dog(acquired_on="2025-02-01", renewal=True)
    assert check(rules.DOG_LICENSE, raw, "na.lic.A.timely").outcome is NOT_APPLICABLE


def test_timeliness_without_a_calendar_is_a_clear_error_a_timely():
    facts = rules.DOG_LICENSE.parse(dog(acquired_on="2027-02-03"))
    with pytest.raises(ValueError, match="business calendar"):
        rules.DOG_LICENSE.evaluate(facts, on=ON)


@pytest.mark.parametrize("count, kennel_license, outcome", [
    (4, False, PASS),
    (5, False, FAIL),
    (5, True, PASS),
])
def test_more_than_four_dogs_need_a_kennel_license_lim_a_kennel(count, kennel_license,
                                                                 outcome):
    raw = dog(dogs_at_residence_over_6_months=count, kennel_license=kennel_license)
    finding = check(rules.DOG_LICENSE, raw, "na.lim.A.kennel")
    assert finding.outcome is outcome
    assert (finding.required, finding.actual) == (4, count)


def test_kennel_rule_is_not_applicable_without_a_dog_count_lim_a_kennel():
    assert check(rules.DOG_LICENSE, DOG, "na.lim.A.kennel").outcome is NOT_APPLICABLE


@pytest.mark.parametrize("on, expected", [
    ("2027-03-14", False),
    ("2027-03-15", True),
])
def test_dog_needs_license_from_six_months(on, expected):
    assert rules.dog_needs_license(day("2026-09-15"), day(on)) is expected


# -- north_andover.kennel_license ----------------------------------------------------------

INSPECTED = dict.fromkeys(rules.INSPECTION_FINDINGS, True)
KENNEL = {
    "dogs_over_6_months": 6,
    "dogs_with_current_rabies": 6,
    "distance_to_lot_line_ft": 25,
    "distance_to_abutting_dwelling_ft": 80,
    "veterinary_medical_boarding": False,
    **INSPECTED,
}


def kennel(**changes) -> dict:
    return {**KENNEL, **changes}


@pytest.mark.parametrize("dogs, outcome", [(4, NOT_APPLICABLE), (5, PASS), (6, PASS)])
def test_kennel_license_required_above_four_dogs_b1_required(dogs, outcome):
    raw = kennel(dogs_over_6_months=dogs, dogs_with_current_rabies=dogs)
    assert check(rules.KENNEL_LICENSE, raw, "na.kennel.B1.required").outcome is outcome


def test_veterinary_medical_boarding_is_exempt_b1_required():
    raw = kennel(veterinary_medical_boarding=True)
    finding = check(rules.KENNEL_LICENSE, raw, "na.kennel.B1.required")
    assert finding.outcome is NOT_APPLICABLE
    assert "exempt" in finding.message


@pytest.mark.parametrize("vaccinated, outcome", [(5, FAIL), (6, PASS), (7, PASS)])
def test_every_kennel_dog_has_current_rabies_b1_rabies(vaccinated, outcome):
    raw = kennel(dogs_with_current_rabies=vaccinated)
    assert check(rules.KENNEL_LICENSE, raw, "na.kennel.B1.rabies").outcome is outcome


@pytest.mark.parametrize("distance, outcome", [(19.9, FAIL), (20, PASS), (20.1, PASS)])
def test_kennel_area_20_ft_from_lot_line_b3c(distance, outcome):
    finding = check(rules.KENNEL_LICENSE, kennel(distance_to_lot_line_ft=distance),
                    "na.kennel.B3c.lot_line")
    assert finding.outcome is outcome
    assert (finding.required, finding.unit) == (20, "ft")


@pytest.mark.parametrize("distance, outcome", [(49.9, FAIL), (50, PASS), (50.1, PASS)])
def test_kennel_area_50_ft_from_abutting_dwelling_b3d(distance, outcome):
    finding = check(rules.KENNEL_LICENSE, kennel(distance_to_abutting_dwelling_ft=distance),
                    "na.kennel.B3d.dwelling")
    assert finding.outcome is outcome
    assert finding.actual == Decimal(str(distance))


def test_favorable_inspection_passes_b3_inspection():
    assert check(rules.KENNEL_LICENSE, KENNEL, "na.kennel.B3.inspection").outcome is PASS


def test_one_unfavorable_finding_fails_even_with_others_absent_b3_inspection():
    raw = kennel(**{**dict.fromkeys(rules.INSPECTION_FINDINGS, None), "records_kept": False})
    finding = check(rules.KENNEL_LICENSE, raw, "na.kennel.B3.inspection")
    assert finding.outcome is FAIL
    assert "records" in finding.message


def test_incomplete_inspection_needs_review_b3_inspection():
    raw = kennel(safe_sanitary_humane=None)
    assert check(rules.KENNEL_LICENSE, raw,
                 "na.kennel.B3.inspection").outcome is NEEDS_REVIEW


def test_inspection_not_yet_done_needs_review_b3_inspection():
    raw = {name: value for name, value in KENNEL.items() if name not in INSPECTED}
    assert check(rules.KENNEL_LICENSE, raw,
                 "na.kennel.B3.inspection").outcome is NEEDS_REVIEW


# -- north_andover.residence_limits --------------------------------------------------------

RESIDENCE = {
    "dogs_over_6_months": 2,
    "kennel_license": False,
    "cats_over_4_months": 2,
    "wild_or_dangerous_animals": 0,
}


@pytest.mark.parametrize("dogs, kennel_license, outcome", [
    (4, False, PASS),
    (5, False, FAIL),
    (5, True, PASS),
])
def test_four_dogs_without_kennel_license_lim_a_dogs(dogs, kennel_license, outcome):
    raw = {**RESIDENCE, "dogs_over_6_months": dogs, "kennel_license": kennel_license}
    finding = check(rules.RESIDENCE_LIMITS, raw, "na.lim.A.dogs")
    assert finding.outcome is outcome
    if outcome is FAIL:
        assert "kennel license" in finding.message


@pytest.mark.parametrize("cats, outcome", [(3, PASS), (4, PASS), (5, FAIL)])
def test_no_more_than_four_cats_lim_b_cats(cats, outcome):
    finding = check(rules.RESIDENCE_LIMITS, {**RESIDENCE, "cats_over_4_months": cats},
                    "na.lim.B.cats")
    assert finding.outcome is outcome
    assert (finding.required, finding.actual) == (4, cats)


@pytest.mark.parametrize("animals, outcome", [(0, PASS), (1, FAIL)])
def test_no_wild_or_dangerous_animals_lim_d_wild(animals, outcome):
    finding = check(rules.RESIDENCE_LIMITS, {**RESIDENCE, "wild_or_dangerous_animals": animals},
                    "na.lim.D.wild")
    assert finding.outcome is outcome
    assert finding.required == 0


# -- north_andover.noise_complaint ---------------------------------------------------------

NOISE = {
    "start_time": "14:00",
    "duration_minutes": 15,
    "uninterrupted": True,
    "outdoors": True,
    "repetitive": True,
    "provoked": False,
}


def noise(**changes) -> dict:
    return {**NOISE, **changes}


@pytest.mark.parametrize("minutes, outcome", [(10, PASS), (10.1, FAIL), (11, FAIL)])
def test_daytime_noise_over_10_minutes_fails_c1_day(minutes, outcome):
    finding = check(rules.NOISE_COMPLAINT, noise(duration_minutes=minutes), "na.rest.C1.day")
    assert finding.outcome is outcome
    assert (finding.required, finding.unit) == (10, "minutes")


@pytest.mark.parametrize("start, day_outcome, night_outcome", [
    ("05:59", NOT_APPLICABLE, FAIL),
    ("06:00", FAIL, NOT_APPLICABLE),
    ("21:59", FAIL, NOT_APPLICABLE),
    ("22:00", NOT_APPLICABLE, FAIL),
])
def test_noise_is_judged_by_when_it_started_c1_c2(start, day_outcome, night_outcome):
    raw = noise(start_time=start)
    assert check(rules.NOISE_COMPLAINT, raw, "na.rest.C1.day").outcome is day_outcome
    assert check(rules.NOISE_COMPLAINT, raw, "na.rest.C2.night").outcome is night_outcome


@pytest.mark.parametrize("changes", [{"provoked": True}, {"uninterrupted": False}])
def test_provoked_or_interrupted_daytime_noise_passes_c1_day(changes):
    assert check(rules.NOISE_COMPLAINT, noise(**changes), "na.rest.C1.day").outcome is PASS


@pytest.mark.parametrize("changes", [
    {"outdoors": False}, {"repetitive": False}, {"provoked": True},
])
def test_night_noise_passes_unless_outdoors_repeated_and_unprovoked_c2_night(changes):
    raw = noise(start_time="23:30", **changes)
    assert check(rules.NOISE_COMPLAINT, raw, "na.rest.C2.night").outcome is PASS


# -- north_andover.dangerous_dog_compliance ------------------------------------------------

COMPLIANT_DANGEROUS_DOG = {
    "enclosure_distance_to_property_line_ft": 12,
    "enclosure_has_bottom": True,
    "sides_embedded_ft": 0,
    "enclosure_has_secure_top": True,
    "enclosure_weather_protection": True,
    "warning_signs_all_sides": True,
    "child_warning_symbol_sign": True,
    "abutters_notified_certified": True,
    "insurance_per_incident": 100000,
    "lead_length_ft": 4,
    "muzzled_off_premises": True,
    "handler_age": 30,
}


def dangerous_dog(**changes) -> dict:
    return {**COMPLIANT_DANGEROUS_DOG, **changes}


def test_compliant_owner_passes_every_dangerous_dog_rule():
    result = rules.DANGEROUS_DOG_COMPLIANCE.evaluate(
        rules.DANGEROUS_DOG_COMPLIANCE.parse(COMPLIANT_DANGEROUS_DOG), on=ON)
    assert result.compliant
    assert {finding.rule: finding.outcome for finding in result.findings}[
        "na.dd.D1a.embedded"] is NOT_APPLICABLE


@pytest.mark.parametrize("distance, outcome", [(9.9, FAIL), (10, PASS), (10.1, PASS)])
def test_pen_10_ft_from_property_line_d1a_setback(distance, outcome):
    raw = dangerous_dog(enclosure_distance_to_property_line_ft=distance)
    assert check(rules.DANGEROUS_DOG_COMPLIANCE, raw, "na.dd.D1a.setback").outcome is outcome


@pytest.mark.parametrize("depth, outcome", [(1.9, FAIL), (2, PASS), (2.1, PASS)])
def test_bottomless_pen_sides_embedded_2_ft_d1a_embedded(depth, outcome):
    raw = dangerous_dog(enclosure_has_bottom=False, sides_embedded_ft=depth)
    finding = check(rules.DANGEROUS_DOG_COMPLIANCE, raw, "na.dd.D1a.embedded")
    assert finding.outcome is outcome
    assert (finding.required, finding.unit) == (2, "ft")


@pytest.mark.parametrize("bottom", [True, False])
def test_every_pen_states_its_embedded_depth_d1a_embedded(bottom):
    """A plain fact of the spec, required even when the rule reading it does not apply."""
    raw = {name: value for name, value in dangerous_dog(enclosure_has_bottom=bottom).items()
           if name != "sides_embedded_ft"}
    with pytest.raises(FactsInvalid) as refused:
        rules.DANGEROUS_DOG_COMPLIANCE.parse(raw)
    assert list(refused.value.errors) == ["sides_embedded_ft"]
    assert not rules.DANGEROUS_DOG_COMPLIANCE.fact_map["sides_embedded_ft"].optional


@pytest.mark.parametrize("rule_id, fact", [
    ("na.dd.D1a.top", "enclosure_has_secure_top"),
    ("na.dd.D1a.shelter", "enclosure_weather_protection"),
    ("na.dd.D1b.signs", "warning_signs_all_sides"),
    ("na.dd.D1b.signs", "child_warning_symbol_sign"),
    ("na.dd.D1c.abutters", "abutters_notified_certified"),
    ("na.dd.D1d.lead", "muzzled_off_premises"),
])
def test_each_missing_safeguard_fails_its_dangerous_dog_rule(rule_id, fact):
    finding = check(rules.DANGEROUS_DOG_COMPLIANCE, dangerous_dog(**{fact: False}), rule_id)
    assert finding.outcome is FAIL
    assert finding.message


@pytest.mark.parametrize("lead, outcome", [(3.9, PASS), (4, PASS), (4.1, FAIL)])
def test_lead_no_longer_than_4_ft_d1d_lead(lead, outcome):
    raw = dangerous_dog(lead_length_ft=lead)
    assert check(rules.DANGEROUS_DOG_COMPLIANCE, raw, "na.dd.D1d.lead").outcome is outcome


@pytest.mark.parametrize("age, outcome", [(17, FAIL), (18, PASS), (19, PASS)])
def test_handler_at_least_18_d1d_lead(age, outcome):
    finding = check(rules.DANGEROUS_DOG_COMPLIANCE, dangerous_dog(handler_age=age),
                    "na.dd.D1d.lead")
    assert finding.outcome is outcome
    if outcome is FAIL:
        assert "18" in finding.message


@pytest.mark.parametrize("amount, outcome", [
    (99999.99, FAIL), (100000, PASS), (100000.01, PASS),
])
def test_insurance_at_least_100000_per_incident_d3_insurance(amount, outcome):
    finding = check(rules.DANGEROUS_DOG_COMPLIANCE, dangerous_dog(insurance_per_incident=amount),
                    "na.dd.D3.insurance")
    assert finding.outcome is outcome
    assert (finding.required, finding.unit) == (100000, "$")
    if outcome is FAIL:
        assert "$100,000.00" in finding.message
