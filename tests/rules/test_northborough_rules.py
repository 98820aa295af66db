"""Northborough Horse & Stable Regulations: every rule at its thresholds."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest

from permits_site.rules.base import FactsInvalid, Finding, Outcome, RuleSet
from permits_site.rules.calendar import BusinessCalendar
from stables.rules import (
    HEARING_NOTICE,
    HORSE_BURIAL,
    PRIVATE_STABLE,
    PUBLIC_STABLE,
    RULE_SETS,
    SANITARY_INSPECTION,
    STABLE_EXPANSION,
    required_warning_labels,
)

PASS, FAIL = Outcome.PASS, Outcome.FAIL
NOT_APPLICABLE, NEEDS_REVIEW = Outcome.NOT_APPLICABLE, Outcome.NEEDS_REVIEW

NORTHBOROUGH = BusinessCalendar(weekdays=frozenset(range(5)))
MIDSUMMER = dt.date(2027, 7, 15)

WEDNESDAY = dt.date(2027, 6, 9)
SATURDAY = dt.date(2027, 6, 5)
MONDAY_AFTER = dt.date(2027, 6, 7)
SATURDAY_BEFORE_MEMORIAL_DAY = dt.date(2027, 5, 29)
MEMORIAL_DAY = dt.date(2027, 5, 31)
TUESDAY_AFTER_MEMORIAL_DAY = dt.date(2027, 6, 1)

PRIVATE_SITE = {
    "horses": 2,
    "fee_charged": False,
    "owner_residences": 1,
    "corral_area_sqft": 6000,
    "stable_floor_area_sqft": 300,
    "shed_sides": 3,
    "roof_weatherproof": True,
    "distance_to_abutter_property_line_ft": 120,
    "distance_to_nonowner_dwelling_ft": 200,
    "distance_to_owner_dwelling_ft": 40,
    "distance_to_high_water_mark_ft": 120,
    "distance_to_drinking_water_supply_ft": 150,
    "frost_free_water": True,
    "fence_material": "wood",
    "fence_height_ft": 4.5,
    "street_frontage_ft": 80,
    "warning_labels": 0,
    "zoning_certified": True,
    "conservation_commission_reviewed": True,
}
PUBLIC_SITE = {
    **PRIVATE_SITE,
    "horses": 8,
    "fee_charged": True,
    "corral_area_sqft": 16000,
    "stable_floor_area_sqft": 900,
    "lot_area_acres": 6,
    "public_restrooms": True,
}
SANITARY_VISIT = {
    "manure_storage_cuft": 200,
    "days_since_manure_removed": 7,
    "manure_variance": False,
    "runoff_to_wetlands": False,
    "stall_cleaned_daily": True,
    "effluent_discharged": False,
    "feed_in_closed_containers": True,
}
BURIAL = {
    "bottom_above_high_water_ft": 5,
    "cover_depth_ft": 6.5,
    "distance_to_lot_line_ft": 30,
    "distance_to_wetland_ft": 150,
    "distance_to_well_ft": 150,
    "burial_date": "2027-06-09",
    "notice_date": "2027-06-08",
}
HEARING = {
    "hearing_date": "2027-06-21",
    "mailed_date": "2027-06-07",
    "certified_mail": True,
    "abutters_total": 6,
    "abutters_notified": 6,
}
EXPANSION = {
    "permitted_area_sqft": 1000,
    "prior_expansions_sqft": 100,
    "proposed_expansion_sqft": 100,
}
BASELINES = {
    PRIVATE_STABLE.code: PRIVATE_SITE,
    PUBLIC_STABLE.code: PUBLIC_SITE,
    SANITARY_INSPECTION.code: SANITARY_VISIT,
    HORSE_BURIAL.code: BURIAL,
    HEARING_NOTICE.code: HEARING,
    STABLE_EXPANSION.code: EXPANSION,
}

PRIVATE_RULE_ORDER = [
    "nb.1.1.private",
    "nb.3.1.corral",
    "nb.4.1a.lot_line",
    "nb.4.1a.dwelling",
    "nb.4.1b.owner_dwelling",
    "nb.4.1c.water",
    "nb.4.1d.supply",
    "nb.4.1.concom",
    "nb.5.1.shed",
    "nb.5.1.density",
    "nb.5.2.water",
    "nb.5.3.barbed",
    "nb.5.3.opening",
    "nb.5.3.height",
    "nb.5.3.labels",
    "nb.2.3.zoning",
]
PUBLIC_RULE_ORDER = [
    "nb.3.1.corral",
    "nb.7.3a.lot_line",
    "nb.4.1a.dwelling",
    "nb.4.1b.owner_dwelling",
    "nb.7.3b.water",
    "nb.7.3b.supply",
    "nb.4.1.concom",
    "nb.5.1.shed",
    "nb.5.1.density",
    "nb.5.2.water",
    "nb.5.3.barbed",
    "nb.5.3.opening",
    "nb.5.3.height",
    "nb.5.3.labels",
    "nb.2.3.zoning",
    "nb.7.2.lot",
    "nb.7.2.max_horses",
    "nb.7.4.restrooms",
]
LOCATION_AND_CONSTRUCTION_RULES = [
    rule_id for rule_id in PRIVATE_RULE_ORDER if rule_id.startswith(("nb.4.", "nb.5."))
]


#: The checklist items after the spec's §6 table: §§3, 5, 6.1, 6.2's treatment, 6.4.
CONDITION_ITEMS = [
    "nb.3.1.slope",
    "nb.3.2.condition",
    "nb.3.2.immunizations",
    "nb.5.1.light",
    "nb.5.3.dust",
    "nb.5.4.barrier",
    "nb.5.5.habitation",
    "nb.6.1.unsanitary",
    "nb.6.2.treatment",
    "nb.6.4.insects",
]


def judge(rule_set: RuleSet, rule_id: str, on: dt.date = MIDSUMMER, **changes) -> Finding:
    """Parse the set's valid baseline with ``changes`` and return one rule's finding."""
    facts = rule_set.parse({**BASELINES[rule_set.code], **changes})
    result = rule_set.evaluate(facts, on=on, calendar=NORTHBOROUGH)
    return next(finding for finding in result.findings if finding.rule == rule_id)


def outcomes(rule_set: RuleSet, **changes) -> dict[str, Outcome]:
    facts = rule_set.parse({**BASELINES[rule_set.code], **changes})
    result = rule_set.evaluate(facts, on=MIDSUMMER, calendar=NORTHBOROUGH)
    return {finding.rule: finding.outcome for finding in result.findings}


# -- The sets as declared -----------------------------------------------------


def test_rule_sets_are_the_six_northborough_checks():
    assert [rule_set.code for rule_set in RULE_SETS] == [
        "northborough.private_stable",
        "northborough.public_stable",
        "northborough.sanitary_inspection",
        "northborough.horse_burial",
        "northborough.hearing_notice",
        "northborough.stable_expansion",
    ]
    assert {rule_set.municipality for rule_set in RULE_SETS} == {"northborough"}


@pytest.mark.parametrize(
    ("rule_set", "rule_ids"),
    [
        (PRIVATE_STABLE, PRIVATE_RULE_ORDER),
        (PUBLIC_STABLE, PUBLIC_RULE_ORDER),
        (
            SANITARY_INSPECTION,
            [
                "nb.6.2.volume",
                "nb.6.2.interval",
                "nb.6.2.runoff",
                "nb.6.2.stall",
                "nb.6.3.effluent",
                "nb.6.5.feed",
                *CONDITION_ITEMS,
            ],
        ),
        (
            HORSE_BURIAL,
            [
                "nb.6.6.high_water",
                "nb.6.6.cover",
                "nb.6.6.lot_line",
                "nb.6.6.wetland_well",
                "nb.6.6.notice",
            ],
        ),
        (HEARING_NOTICE, ["nb.2.2.notice_days", "nb.2.2.certified", "nb.2.2.all_abutters"]),
        (STABLE_EXPANSION, ["nb.2.1.expansion"]),
    ],
    ids=lambda value: value.code if isinstance(value, RuleSet) else "ids",
)
def test_rule_ids_follow_the_spec_table_order(rule_set, rule_ids):
    assert [rule.id for rule in rule_set.rules] == rule_ids


@pytest.mark.parametrize("rule_set", RULE_SETS, ids=lambda rule_set: rule_set.code)
def test_every_rule_cites_its_section_and_documents_it(rule_set):
    for rule in rule_set.rules:
        section = rule.id.removeprefix("nb.").split(".")[0]
        assert rule.citation.startswith(f"Northborough Horse & Stable Regs §{section}")
        assert f"§{section}" in rule.function.__doc__


@pytest.mark.parametrize("rule_set", RULE_SETS, ids=lambda rule_set: rule_set.code)
def test_baseline_facts_are_compliant(rule_set):
    facts = rule_set.parse(BASELINES[rule_set.code])
    result = rule_set.evaluate(facts, on=MIDSUMMER, calendar=NORTHBOROUGH)
    assert result.compliant, result.failures


def test_public_set_shares_the_private_rule_objects_it_keeps():
    private_rules = {rule.id: rule for rule in PRIVATE_STABLE.rules}
    shared = [rule for rule in PUBLIC_STABLE.rules if rule.id in private_rules]
    assert [rule.id for rule in shared] == [
        rule_id for rule_id in PUBLIC_RULE_ORDER if rule_id in PRIVATE_RULE_ORDER
    ]
    assert all(rule is private_rules[rule.id] for rule in shared)


def test_public_set_reuses_private_facts_and_makes_fee_and_residences_optional():
    private_facts = PRIVATE_STABLE.fact_map
    public_facts = PUBLIC_STABLE.fact_map
    loosened = {"fee_charged", "owner_residences"}
    for name, fact in private_facts.items():
        if name in loosened:
            assert public_facts[name].optional and not fact.optional
        else:
            assert public_facts[name] is fact
    assert set(public_facts) - set(private_facts) == {"lot_area_acres", "public_restrooms"}


def test_private_set_refuses_a_negative_distance_and_a_fifth_side():
    with pytest.raises(FactsInvalid) as error:
        PRIVATE_STABLE.parse({**PRIVATE_SITE, "distance_to_owner_dwelling_ft": -1, "shed_sides": 5})
    assert set(error.value.errors) == {"distance_to_owner_dwelling_ft", "shed_sides"}


def test_owner_residences_must_be_at_least_one():
    with pytest.raises(FactsInvalid) as error:
        PRIVATE_STABLE.parse({**PRIVATE_SITE, "owner_residences": 0})
    assert "owner_residences" in error.value.errors



def test_a_missing_fact_is_refused_on_its_field_in_a_forms_words():
    """A property's attribute or a form's answer is a field to the person filling it in, not
    a "fact" (the rules' own word)."""
    answers = {name: value for name, value in PRIVATE_SITE.items() if name != "shed_sides"}
    with pytest.raises(FactsInvalid) as error:
        PRIVATE_STABLE.parse(answers)
    assert error.value.errors == {"shed_sides": ["This field is required."]}

# -- §1.1 private or public ---------------------------------------------------


@pytest.mark.parametrize(
    ("horses", "residences", "fee_charged", "outcome"),
    [
        (2, 2, False, PASS),
        (3, 1, False, PASS),
        (3, 2, False, FAIL),
        (5, 3, False, FAIL),
        (1, 1, True, FAIL),
    ],
)
def test_fee_or_three_horses_from_two_residences_makes_a_public_stable_1_1(
    horses, residences, fee_charged, outcome
):
    finding = judge(
        PRIVATE_STABLE,
        "nb.1.1.private",
        horses=horses,
        owner_residences=residences,
        fee_charged=fee_charged,
        corral_area_sqft=10000,
        stable_floor_area_sqft=600,
    )
    assert finding.outcome is outcome
    if outcome is FAIL:
        assert "public stable (§1.1); apply under §7" in finding.message


def test_public_stable_may_charge_and_omit_residences_7():
    facts = {key: value for key, value in PUBLIC_SITE.items() if key != "owner_residences"}
    result = PUBLIC_STABLE.evaluate(
        PUBLIC_STABLE.parse({**facts, "fee_charged": None}), on=MIDSUMMER, calendar=NORTHBOROUGH
    )
    assert result.compliant
    assert "nb.1.1.private" not in {finding.rule for finding in result.findings}


# -- §3.1 corral -------------------------------------------------------------


@pytest.mark.parametrize(
    ("horses", "area", "outcome", "required"),
    [
        (2, 4999.9, FAIL, 5000),
        (2, 5000, PASS, 5000),
        (2, 5000.1, PASS, 5000),
        (3, 5999.9, FAIL, 6000),
        (3, 6000, PASS, 6000),
        (3, 6000.1, PASS, 6000),
    ],
)
def test_corral_needs_5000_sq_ft_or_2000_per_horse_3_1(horses, area, outcome, required):
    finding = judge(PRIVATE_STABLE, "nb.3.1.corral", horses=horses, corral_area_sqft=area)
    assert finding.outcome is outcome
    assert (finding.required, finding.actual, finding.unit) == (
        required,
        Decimal(str(area)),
        "sq ft",
    )


def test_corral_is_not_applicable_without_horses_3_1():
    finding = judge(PRIVATE_STABLE, "nb.3.1.corral", horses=0, corral_area_sqft=0)
    assert finding.outcome is NOT_APPLICABLE


# -- §4.1 location -------------------------------------------------------------

PRIVATE_DISTANCES = [
    ("nb.4.1a.lot_line", "distance_to_abutter_property_line_ft", 50),
    ("nb.4.1a.dwelling", "distance_to_nonowner_dwelling_ft", 150),
    ("nb.4.1b.owner_dwelling", "distance_to_owner_dwelling_ft", 35),
    ("nb.4.1c.water", "distance_to_high_water_mark_ft", 50),
    ("nb.4.1d.supply", "distance_to_drinking_water_supply_ft", 100),
]
PUBLIC_DISTANCES = [
    ("nb.7.3a.lot_line", "distance_to_abutter_property_line_ft", 100),
    ("nb.4.1a.dwelling", "distance_to_nonowner_dwelling_ft", 150),
    ("nb.4.1b.owner_dwelling", "distance_to_owner_dwelling_ft", 35),
    ("nb.7.3b.water", "distance_to_high_water_mark_ft", 100),
    ("nb.7.3b.supply", "distance_to_drinking_water_supply_ft", 100),
]
JUST_UNDER, AT, JUST_OVER = Decimal("-0.1"), Decimal(0), Decimal("0.1")


def _boundaries(distances):
    return [
        pytest.param(
            rule_id, fact, threshold + offset, outcome, id=f"{rule_id}-{threshold + offset}"
        )
        for rule_id, fact, threshold in distances
        for offset, outcome in ((JUST_UNDER, FAIL), (AT, PASS), (JUST_OVER, PASS))
    ]


@pytest.mark.parametrize(("rule_id", "fact", "distance", "outcome"), _boundaries(PRIVATE_DISTANCES))
def test_private_stable_distances_at_their_minimums_4_1(rule_id, fact, distance, outcome):
    finding = judge(PRIVATE_STABLE, rule_id, **{fact: float(distance)})
    assert finding.outcome is outcome
    assert (finding.actual, finding.unit) == (distance, "ft")


@pytest.mark.parametrize(("rule_id", "fact", "distance", "outcome"), _boundaries(PUBLIC_DISTANCES))
def test_public_stable_distances_at_their_minimums_7_3(rule_id, fact, distance, outcome):
    finding = judge(PUBLIC_STABLE, rule_id, **{fact: float(distance)})
    assert finding.outcome is outcome
    assert (finding.actual, finding.unit) == (distance, "ft")


def test_stable_49_9_ft_from_lot_line_fails_4_1a_and_says_50_ft():
    finding = judge(PRIVATE_STABLE, "nb.4.1a.lot_line", distance_to_abutter_property_line_ft=49.9)
    assert finding.outcome is FAIL
    assert finding.citation == "Northborough Horse & Stable Regs §4.1(a)"
    assert "at least 50 ft" in finding.message


@pytest.mark.parametrize(
    ("lot_line_ft", "dwelling_ft", "failing_rules"),
    [
        (300, 149.9, {"nb.4.1a.dwelling"}),
        (49.9, 500, {"nb.4.1a.lot_line"}),
        (49.9, 149.9, {"nb.4.1a.lot_line", "nb.4.1a.dwelling"}),
    ],
)
def test_both_4_1a_distances_must_hold(lot_line_ft, dwelling_ft, failing_rules):
    result = outcomes(
        PRIVATE_STABLE,
        distance_to_abutter_property_line_ft=lot_line_ft,
        distance_to_nonowner_dwelling_ft=dwelling_ft,
    )
    assert {rule_id for rule_id, outcome in result.items() if outcome is FAIL} == failing_rules


@pytest.mark.parametrize(("rule_id", "distances"), [
    ("nb.4.1a.lot_line", {"distance_to_abutter_property_line_ft": 42}),
    ("nb.4.1a.lot_line", {"distance_to_abutter_property_line_ft": 50}),
    ("nb.4.1a.dwelling", {"distance_to_nonowner_dwelling_ft": 149.9}),
    ("nb.4.1a.dwelling", {"distance_to_nonowner_dwelling_ft": 150}),
])
def test_each_4_1a_finding_says_the_board_reads_both_distances(rule_id, distances):
    """The text's "or" is read as "and" (spec Reading 4.1(a)); the finding says so in words,
    passing or failing."""
    finding = judge(PRIVATE_STABLE, rule_id, **distances)
    assert finding.message.endswith(
        "The Board reads §4.1(a) as requiring both distances: at least 50 ft from every "
        "abutter's property line and at least 150 ft from any dwelling the stable's owner or "
        "operator does not occupy.")


@pytest.mark.parametrize(
    "fact", ["distance_to_abutter_property_line_ft", "distance_to_high_water_mark_ft"]
)
def test_stable_75_ft_away_passes_private_but_fails_public_7_3(fact):
    private = outcomes(PRIVATE_STABLE, **{fact: 75})
    public = outcomes(PUBLIC_STABLE, **{fact: 75})
    assert FAIL not in private.values()
    assert list(public.values()).count(FAIL) == 1


@pytest.mark.parametrize("rule_set", [PRIVATE_STABLE, PUBLIC_STABLE], ids=lambda s: s.code)
def test_conservation_commission_review_is_required_4_1(rule_set):
    finding = judge(rule_set, "nb.4.1.concom", conservation_commission_reviewed=False)
    assert finding.outcome is FAIL
    assert "Conservation Commission" in finding.message


# -- §5 construction -----------------------------------------------------------


@pytest.mark.parametrize(
    ("sides", "roof_weatherproof", "outcome"),
    [(2, True, FAIL), (3, True, PASS), (4, True, PASS), (3, False, FAIL)],
)
def test_shed_needs_three_sides_and_a_weatherproof_roof_5_1(sides, roof_weatherproof, outcome):
    finding = judge(
        PRIVATE_STABLE, "nb.5.1.shed", shed_sides=sides, roof_weatherproof=roof_weatherproof
    )
    assert finding.outcome is outcome
    assert (finding.required, finding.actual) == (3, sides)


@pytest.mark.parametrize(
    ("horses", "floor_area", "outcome"),
    [(4, 449.9, FAIL), (4, 450, PASS), (4, 450.1, PASS), (1, 112.4, FAIL), (1, 112.5, PASS)],
)
def test_stable_floor_is_112_5_sq_ft_per_horse_5_1(horses, floor_area, outcome):
    finding = judge(
        PRIVATE_STABLE,
        "nb.5.1.density",
        horses=horses,
        stable_floor_area_sqft=floor_area,
        corral_area_sqft=10000,
    )
    assert finding.outcome is outcome
    assert finding.required == Decimal("112.5") * horses


@pytest.mark.parametrize("rule_set", [PRIVATE_STABLE, PUBLIC_STABLE], ids=lambda s: s.code)
def test_frost_free_water_is_required_5_2(rule_set):
    assert judge(rule_set, "nb.5.2.water", frost_free_water=False).outcome is FAIL


@pytest.mark.parametrize(
    ("material", "outcome"),
    [("barbed_wire", FAIL), ("wood", PASS), ("electric", PASS), ("other", PASS)],
)
def test_barbed_wire_fence_fails_5_3(material, outcome):
    assert judge(PRIVATE_STABLE, "nb.5.3.barbed", fence_material=material).outcome is outcome


@pytest.mark.parametrize(("opening", "outcome"), [(3.9, PASS), (4, PASS), (4.1, FAIL)])
def test_woven_wire_opening_is_4_in_or_less_5_3(opening, outcome):
    finding = judge(
        PRIVATE_STABLE, "nb.5.3.opening", fence_material="woven_wire", fence_opening_in=opening
    )
    assert finding.outcome is outcome
    assert (finding.required, finding.unit) == (4, "in")


def test_opening_is_not_applicable_to_a_wood_fence_5_3():
    assert judge(PRIVATE_STABLE, "nb.5.3.opening").outcome is NOT_APPLICABLE


def test_woven_wire_fence_must_state_its_opening_5_3():
    with pytest.raises(FactsInvalid) as error:
        PRIVATE_STABLE.parse({**PRIVATE_SITE, "fence_material": "woven_wire"})
    assert "fence_opening_in" in error.value.errors


@pytest.mark.parametrize(("height", "outcome"), [(3.9, FAIL), (4, PASS), (4.1, PASS)])
def test_fence_top_barrier_is_4_ft_or_higher_5_3(height, outcome):
    finding = judge(PRIVATE_STABLE, "nb.5.3.height", fence_height_ft=height)
    assert finding.outcome is outcome


@pytest.mark.parametrize(
    ("frontage", "required"),
    [(50, 1), (100, 1), (100.1, 3), (150, 3), (151, 4), (200, 4)],
)
def test_required_warning_labels_by_frontage_5_3(frontage, required):
    assert required_warning_labels(Decimal(str(frontage))) == required


@pytest.mark.parametrize(
    ("frontage", "labels", "outcome"),
    [
        (0, 0, NOT_APPLICABLE),
        (50, 0, FAIL),
        (50, 1, PASS),
        (100, 1, PASS),
        (100.1, 2, FAIL),
        (100.1, 3, PASS),
        (150, 2, FAIL),
        (150, 3, PASS),
        (151, 3, FAIL),
        (151, 4, PASS),
    ],
)
def test_electric_fence_warning_labels_on_street_frontage_5_3(frontage, labels, outcome):
    finding = judge(
        PRIVATE_STABLE,
        "nb.5.3.labels",
        fence_material="electric",
        street_frontage_ft=frontage,
        warning_labels=labels,
    )
    assert finding.outcome is outcome
    if outcome is not NOT_APPLICABLE:
        assert finding.actual == labels


def test_warning_labels_are_not_applicable_to_an_uncharged_fence_5_3():
    finding = judge(PRIVATE_STABLE, "nb.5.3.labels", street_frontage_ft=300, warning_labels=0)
    assert finding.outcome is NOT_APPLICABLE


@pytest.mark.parametrize("rule_set", [PRIVATE_STABLE, PUBLIC_STABLE], ids=lambda s: s.code)
def test_zoning_certification_is_required_2_3(rule_set):
    finding = judge(rule_set, "nb.2.3.zoning", zoning_certified=False)
    assert finding.outcome is FAIL
    assert finding.required is None and finding.actual is None


# -- §2.5 grandfathered stables ------------------------------------------------

FAILING_SITE = {
    "corral_area_sqft": 100,
    "stable_floor_area_sqft": 10,
    "shed_sides": 1,
    "roof_weatherproof": False,
    "distance_to_abutter_property_line_ft": 1,
    "distance_to_nonowner_dwelling_ft": 1,
    "distance_to_owner_dwelling_ft": 1,
    "distance_to_high_water_mark_ft": 1,
    "distance_to_drinking_water_supply_ft": 1,
    "frost_free_water": False,
    "fence_material": "electric",
    "fence_height_ft": 1,
    "street_frontage_ft": 300,
    "warning_labels": 0,
    "zoning_certified": False,
    "conservation_commission_reviewed": False,
}


def test_grandfathered_private_stable_skips_only_sections_4_and_5_2_5():
    result = outcomes(PRIVATE_STABLE, grandfathered=True, fee_charged=True, **FAILING_SITE)
    skipped = {rule_id for rule_id, outcome in result.items() if outcome is NOT_APPLICABLE}
    assert skipped == set(LOCATION_AND_CONSTRUCTION_RULES)
    assert {rule_id for rule_id, outcome in result.items() if outcome is FAIL} == {
        "nb.1.1.private",
        "nb.3.1.corral",
        "nb.2.3.zoning",
    }


def test_grandfathered_public_stable_skips_sections_4_5_and_7_3_2_5():
    result = outcomes(
        PUBLIC_STABLE,
        grandfathered=True,
        horses=11,
        lot_area_acres=4.9,
        public_restrooms=False,
        **FAILING_SITE,
    )
    skipped = {rule_id for rule_id, outcome in result.items() if outcome is NOT_APPLICABLE}
    assert skipped == {
        rule_id for rule_id in PUBLIC_RULE_ORDER if rule_id.startswith(("nb.4.", "nb.5.", "nb.7.3"))
    }
    assert {rule_id for rule_id, outcome in result.items() if outcome is FAIL} == {
        "nb.3.1.corral",
        "nb.2.3.zoning",
        "nb.7.2.lot",
        "nb.7.2.max_horses",
        "nb.7.4.restrooms",
    }


def test_grandfathered_finding_explains_why_2_5():
    finding = judge(PRIVATE_STABLE, "nb.4.1a.lot_line", grandfathered=True)
    assert finding.outcome is NOT_APPLICABLE
    assert "grandfathered" in finding.message and "§2.5" in finding.message


def test_same_site_not_grandfathered_fails_the_location_and_construction_rules():
    result = outcomes(PRIVATE_STABLE, **FAILING_SITE)
    failing = {rule_id for rule_id, outcome in result.items() if outcome is FAIL}
    assert failing >= set(LOCATION_AND_CONSTRUCTION_RULES) - {"nb.5.3.barbed", "nb.5.3.opening"}


# -- §7.2 and §7.4 public stables -----------------------------------------------


@pytest.mark.parametrize(("acres", "outcome"), [(4.9, FAIL), (5, PASS), (5.1, PASS)])
def test_public_stable_lot_is_5_acres_or_more_7_2(acres, outcome):
    finding = judge(PUBLIC_STABLE, "nb.7.2.lot", lot_area_acres=acres)
    assert finding.outcome is outcome
    assert (finding.required, finding.unit) == (5, "acres")


@pytest.mark.parametrize(("horses", "outcome"), [(9, PASS), (10, PASS), (11, FAIL)])
def test_public_stable_keeps_10_horses_or_fewer_7_2(horses, outcome):
    finding = judge(
        PUBLIC_STABLE,
        "nb.7.2.max_horses",
        horses=horses,
        corral_area_sqft=22000,
        stable_floor_area_sqft=1300,
    )
    assert finding.outcome is outcome
    assert (finding.required, finding.actual) == (10, horses)


def test_public_stable_without_restrooms_fails_7_4():
    assert judge(PUBLIC_STABLE, "nb.7.4.restrooms", public_restrooms=False).outcome is FAIL


# -- §6 sanitary inspection ------------------------------------------------------


@pytest.mark.parametrize(
    ("stored", "variance", "outcome"),
    [
        (255, False, PASS),
        (256, False, PASS),
        (257, False, FAIL),
        (255, True, PASS),
        (256, True, PASS),
        (257, True, PASS),
    ],
)
def test_manure_pile_is_two_cords_256_cu_ft_unless_varied_6_2(stored, variance, outcome):
    finding = judge(
        SANITARY_INSPECTION, "nb.6.2.volume", manure_storage_cuft=stored, manure_variance=variance
    )
    assert finding.outcome is outcome
    assert (finding.actual, finding.unit) == (stored, "cu ft")
    assert finding.required == (None if variance else 256)


def test_manure_pile_over_two_cords_points_to_a_variance_6_2():
    finding = judge(SANITARY_INSPECTION, "nb.6.2.volume", manure_storage_cuft=1024)
    assert finding.outcome is FAIL
    assert "variance" in finding.message


@pytest.mark.parametrize(
    ("on", "outcome"),
    [
        (dt.date(2027, 4, 30), NOT_APPLICABLE),
        (dt.date(2027, 5, 1), FAIL),
        (dt.date(2027, 11, 1), FAIL),
        (dt.date(2027, 11, 2), NOT_APPLICABLE),
        (dt.date(2028, 1, 15), NOT_APPLICABLE),
    ],
)
def test_two_week_manure_limit_runs_may_1_to_november_1_6_2(on, outcome):
    finding = judge(SANITARY_INSPECTION, "nb.6.2.interval", on=on, days_since_manure_removed=15)
    assert finding.outcome is outcome


@pytest.mark.parametrize(("days", "outcome"), [(13, PASS), (14, PASS), (15, FAIL)])
def test_manure_removed_at_least_every_14_days_in_season_6_2(days, outcome):
    finding = judge(SANITARY_INSPECTION, "nb.6.2.interval", days_since_manure_removed=days)
    assert finding.outcome is outcome
    assert (finding.required, finding.actual, finding.unit) == (14, days, "days")


@pytest.mark.parametrize(
    ("rule_id", "fact", "failing_answer"),
    [
        ("nb.6.2.runoff", "runoff_to_wetlands", True),
        ("nb.6.2.stall", "stall_cleaned_daily", False),
        ("nb.6.3.effluent", "effluent_discharged", True),
        ("nb.6.5.feed", "feed_in_closed_containers", False),
    ],
)
def test_sanitary_yes_no_rules_6(rule_id, fact, failing_answer):
    assert judge(SANITARY_INSPECTION, rule_id, **{fact: not failing_answer}).outcome is PASS
    finding = judge(SANITARY_INSPECTION, rule_id, **{fact: failing_answer})
    assert finding.outcome is FAIL
    assert finding.required is None


# -- §6.6 horse burial -------------------------------------------------------------


@pytest.mark.parametrize(
    ("rule_id", "fact", "threshold"),
    [
        ("nb.6.6.high_water", "bottom_above_high_water_ft", 4),
        ("nb.6.6.cover", "cover_depth_ft", 6),
        ("nb.6.6.lot_line", "distance_to_lot_line_ft", 15),
        ("nb.6.6.wetland_well", "distance_to_wetland_ft", 100),
        ("nb.6.6.wetland_well", "distance_to_well_ft", 100),
    ],
)
@pytest.mark.parametrize(("offset", "outcome"), [(JUST_UNDER, FAIL), (AT, PASS), (JUST_OVER, PASS)])
def test_burial_hole_measurements_at_their_minimums_6_6(rule_id, fact, threshold, offset, outcome):
    finding = judge(HORSE_BURIAL, rule_id, **{fact: float(threshold + offset)})
    assert finding.outcome is outcome
    assert (finding.required, finding.actual, finding.unit) == (threshold, threshold + offset, "ft")


def test_burial_hole_below_high_water_is_accepted_as_a_negative_height_and_fails_6_6():
    finding = judge(HORSE_BURIAL, "nb.6.6.high_water", bottom_above_high_water_ft=-2)
    assert finding.outcome is FAIL


def test_burial_too_close_to_both_wetland_and_well_names_both_6_6():
    finding = judge(
        HORSE_BURIAL, "nb.6.6.wetland_well", distance_to_wetland_ft=60, distance_to_well_ft=80
    )
    assert finding.outcome is FAIL
    assert "wetland (60 ft)" in finding.message and "well (80 ft)" in finding.message
    assert finding.actual == 60


@pytest.mark.parametrize(
    ("burial", "notice", "outcome", "required"),
    [
        pytest.param(
            WEDNESDAY, WEDNESDAY - dt.timedelta(days=1), PASS, WEDNESDAY, id="weekday-before"
        ),
        pytest.param(WEDNESDAY, WEDNESDAY, PASS, WEDNESDAY, id="weekday-same-day"),
        pytest.param(
            WEDNESDAY, WEDNESDAY + dt.timedelta(days=1), FAIL, WEDNESDAY, id="weekday-after"
        ),
        pytest.param(SATURDAY, MONDAY_AFTER, PASS, MONDAY_AFTER, id="saturday-monday"),
        pytest.param(
            SATURDAY, MONDAY_AFTER + dt.timedelta(days=1), FAIL, MONDAY_AFTER, id="saturday-tuesday"
        ),
        pytest.param(
            SATURDAY_BEFORE_MEMORIAL_DAY,
            MEMORIAL_DAY,
            PASS,
            TUESDAY_AFTER_MEMORIAL_DAY,
            id="holiday-weekend-monday",
        ),
        pytest.param(
            SATURDAY_BEFORE_MEMORIAL_DAY,
            TUESDAY_AFTER_MEMORIAL_DAY,
            PASS,
            TUESDAY_AFTER_MEMORIAL_DAY,
            id="holiday-weekend-tuesday",
        ),
        pytest.param(
            SATURDAY_BEFORE_MEMORIAL_DAY,
            TUESDAY_AFTER_MEMORIAL_DAY + dt.timedelta(days=1),
            FAIL,
            TUESDAY_AFTER_MEMORIAL_DAY,
            id="holiday-weekend-wednesday",
        ),
        pytest.param(
            MEMORIAL_DAY,
            TUESDAY_AFTER_MEMORIAL_DAY,
            PASS,
            TUESDAY_AFTER_MEMORIAL_DAY,
            id="holiday-tuesday",
        ),
    ],
)
def test_burial_notice_in_advance_or_next_working_day_after_weekend_or_holiday_6_6(
    burial, notice, outcome, required
):
    finding = judge(
        HORSE_BURIAL,
        "nb.6.6.notice",
        burial_date=burial.isoformat(),
        notice_date=notice.isoformat(),
    )
    assert finding.outcome is outcome
    assert (finding.required, finding.actual) == (required, notice)


def test_late_weekend_burial_notice_names_the_deadline_6_6():
    finding = judge(
        HORSE_BURIAL, "nb.6.6.notice", burial_date="2027-06-05", notice_date="2027-06-08"
    )
    assert "by the next working day (June 7, 2027)" in finding.message


def test_late_burial_notice_without_a_calendar_needs_review_6_6():
    facts = HORSE_BURIAL.parse({**BURIAL, "burial_date": "2027-06-05", "notice_date": "2027-06-07"})
    result = HORSE_BURIAL.evaluate(facts, on=MIDSUMMER)
    assert result.findings[-1].outcome is NEEDS_REVIEW


# -- §2.2 hearing notice -------------------------------------------------------------


@pytest.mark.parametrize(("days_before", "outcome"), [(9, FAIL), (10, PASS), (11, PASS)])
def test_abutters_mailed_at_least_10_days_before_hearing_2_2(days_before, outcome):
    hearing = dt.date(2027, 6, 21)
    mailed = hearing - dt.timedelta(days=days_before)
    finding = judge(HEARING_NOTICE, "nb.2.2.notice_days", mailed_date=mailed.isoformat())
    assert finding.outcome is outcome
    assert (finding.required, finding.actual) == (dt.date(2027, 6, 11), mailed)


def test_hearing_notice_not_by_certified_mail_fails_2_2():
    assert judge(HEARING_NOTICE, "nb.2.2.certified", certified_mail=False).outcome is FAIL


@pytest.mark.parametrize(("notified", "outcome"), [(5, FAIL), (6, PASS)])
def test_every_abutter_is_notified_2_2(notified, outcome):
    finding = judge(HEARING_NOTICE, "nb.2.2.all_abutters", abutters_notified=notified)
    assert finding.outcome is outcome
    assert (finding.required, finding.actual) == (6, notified)


def test_more_abutters_notified_than_exist_is_refused_2_2():
    with pytest.raises(FactsInvalid) as error:
        HEARING_NOTICE.parse({**HEARING, "abutters_notified": 7})
    assert "abutters_notified" in error.value.errors


# -- §2.1 expansion ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("prior", "proposed", "outcome"),
    [(0, 249.9, PASS), (100, 149.9, PASS), (0, 250, FAIL), (150, 100, FAIL), (100, 150.1, FAIL)],
)
def test_cumulated_expansion_of_25_percent_needs_a_permit_2_1(prior, proposed, outcome):
    finding = judge(
        STABLE_EXPANSION,
        "nb.2.1.expansion",
        prior_expansions_sqft=prior,
        proposed_expansion_sqft=proposed,
    )
    assert finding.outcome is outcome
    assert finding.required == 250
    assert finding.actual == Decimal(str(prior)) + Decimal(str(proposed))
    if outcome is FAIL:
        assert "private stable permit is required before this expansion (§2.1)" in finding.message


# -- §§3, 5, 6.1, 6.2, 6.4 on the inspector's checklist --------------------------


@pytest.mark.parametrize("rule_id", CONDITION_ITEMS)
def test_a_condition_item_left_unanswered_is_not_applicable_never_a_pass(rule_id):
    """The spec's §6 facts alone (as a check through the API sends them) leave the other
    items unjudged: not recorded on this visit."""
    finding = judge(SANITARY_INSPECTION, rule_id)
    assert finding.outcome is NOT_APPLICABLE
    assert finding.message == "Not recorded on this visit."


@pytest.mark.parametrize(
    ("rule_id", "answers", "outcome"),
    [
        ("nb.3.1.slope", {"corral_sloped": True}, PASS),
        ("nb.3.1.slope", {"corral_sloped": False}, FAIL),
        ("nb.3.2.condition", {"horses_clean_and_healthy": True}, PASS),
        ("nb.3.2.condition", {"horses_clean_and_healthy": False}, FAIL),
        ("nb.3.2.immunizations", {"state_immunizations_current": False}, FAIL),
        ("nb.5.1.light", {"light_and_ventilation_adequate": False}, FAIL),
        ("nb.5.3.dust", {"corral_grassed": True, "dust_controlled": False}, NOT_APPLICABLE),
        ("nb.5.3.dust", {"corral_grassed": False, "dust_controlled": True}, PASS),
        ("nb.5.3.dust", {"corral_grassed": False, "dust_controlled": False}, FAIL),
        ("nb.5.4.barrier", {"barrier_needed": False}, NOT_APPLICABLE),
        ("nb.5.4.barrier", {"barrier_needed": True, "barrier_in_place": True}, PASS),
        ("nb.5.4.barrier", {"barrier_needed": True, "barrier_in_place": False}, FAIL),
        ("nb.5.5.habitation", {"stable_used_for_habitation": False}, PASS),
        ("nb.5.5.habitation", {"stable_used_for_habitation": True,
                               "habitation_permitted_in_writing": True}, PASS),
        ("nb.5.5.habitation", {"stable_used_for_habitation": True,
                               "habitation_permitted_in_writing": False}, FAIL),
        ("nb.6.1.unsanitary", {"unsanitary_conditions": False}, PASS),
        ("nb.6.1.unsanitary", {"unsanitary_conditions": True}, FAIL),
        ("nb.6.2.treatment", {"manure_treated": True}, PASS),
        ("nb.6.2.treatment", {"manure_treated": False}, FAIL),
        ("nb.6.4.insects", {"insect_control_practiced": True}, PASS),
        ("nb.6.4.insects", {"insect_control_practiced": False}, NEEDS_REVIEW),
    ],
)
def test_the_inspector_judges_the_stables_condition_3_5_6(rule_id, answers, outcome):
    finding = judge(SANITARY_INSPECTION, rule_id, **answers)
    assert finding.outcome is outcome
    section = rule_id.removeprefix("nb.").rsplit(".", 1)[0]
    assert finding.citation == f"Northborough Horse & Stable Regs §{section}"


@pytest.mark.parametrize(
    ("on", "outcome"),
    [
        (dt.date(2027, 4, 30), NOT_APPLICABLE),
        (dt.date(2027, 5, 1), FAIL),
        (dt.date(2027, 11, 1), FAIL),
        (dt.date(2027, 11, 2), NOT_APPLICABLE),
    ],
)
def test_manure_is_treated_in_warm_weather_may_1_to_november_1_6_2(on, outcome):
    finding = judge(SANITARY_INSPECTION, "nb.6.2.treatment", on=on, manure_treated=False)
    assert finding.outcome is outcome


@pytest.mark.parametrize(("met", "outcome"), [(None, PASS), (True, PASS), (False, FAIL)])
def test_a_manure_variance_holds_only_while_its_conditions_are_met_6_2(met, outcome):
    finding = judge(SANITARY_INSPECTION, "nb.6.2.volume", manure_storage_cuft=400,
                    manure_variance=True, manure_variance_conditions_met=met)
    assert finding.outcome is outcome


@pytest.mark.parametrize(("days", "outcome"), [(6, PASS), (7, PASS), (8, FAIL)])
def test_the_board_may_require_more_frequent_disposal_on_a_lot_6_2(days, outcome):
    finding = judge(SANITARY_INSPECTION, "nb.6.2.interval", days_since_manure_removed=days,
                    board_disposal_interval_days=7)
    assert finding.outcome is outcome
    assert finding.required == 7
