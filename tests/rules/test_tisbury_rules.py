"""Tisbury Board of Health rule sets, judged at their boundaries (Regulations 09.0–09.12)."""

import datetime as dt
from decimal import Decimal

import pytest

from permits_site.rules.base import FactsInvalid, Finding, Outcome, RuleSet
from tisbury_regs.rules import (
    CAMPGROUND,
    COASTAL_SEPTIC,
    DISPOSAL_WORKS_CHECK,
    FAILED_SEPTIC,
    INLET,
    LEAD_PAINT,
    PRIVATE_WELL,
    RULE_SETS,
    SANDBLASTING,
    SUBDIVISION,
    SYSTEM_LIMITS,
    TEMPORARY_DUMPSTER,
    WOODWASTE,
    fixtures_per_sex,
)

PASS, FAIL = Outcome.PASS, Outcome.FAIL
REVIEW, NA = Outcome.NEEDS_REVIEW, Outcome.NOT_APPLICABLE
ON = dt.date(2030, 6, 1)

COASTAL_SEPTIC_OK = {
    "zone": "coastal_district",
    "distance_to_private_well_ft": 400,
    "distance_to_public_well_ft": 800,
    "distance_to_other_septic_ft": 400,
    "separation_to_water_table_ft": 8,
    "distance_to_water_body_ft": 300,
    "distance_to_wetlands_ft": 300,
    "on_slope": False,
    "new_system": False,
    "enlarged": False,
    "upgrade": True,
    "replacement_required_by_board": False,
    "mounded": False,
    "existing_failed_system": False,
    "physically_restricted": False,
    "title5_leaching_area_sqft": 1000,
    "proposed_leaching_area_sqft": 2500,
    "sewer_connection_feasible": False,
}
PRIVATE_WELL_OK = {
    "zone": "coastal_district",
    "use": "residential",
    "peak_gpm": 8,
    "continuous_gph_30min": 90,
    "elevation_ft": 25,
    "anti_siphon": False,
    "bedrooms": 2,
    "occupants": 4,
    "sealed_meter": False,
    "installed": True,
    "proven": True,
    "tested": True,
}
CAMPGROUND_OK = {
    "sites": 20,
    "toilets": 2,
    "lavatories": 2,
    "showers": 2,
    "urinals": 1,
    "largest_room_toilets": 2,
    "largest_room_lavatories": 2,
    "largest_room_showers": 2,
    "largest_room_urinals": 1,
    "window_vent_sqft_per_toilet": 4,
    "windows_in_two_outside_walls": True,
    "forced_air_ventilation": False,
    "hot_and_cold_water": True,
    "cleanings_per_day": 3,
    "refuse_capacity_gal": 600,
    "max_distance_to_refuse_ft": 200,
    "drinking_faucets": 1,
    "faucet_height_ft": 3,
    # the agent's items of 09.8.2(4), (7), (8), 09.8.3(3) and 09.8.5(1), (2)
    "separate_rooms_per_sex": True,
    "lights_operating": True,
    "light_switches_staff_only": True,
    "toilets_partitioned": True,
    "modesty_screens": True,
    "no_poison_ivy": True,
    "emergency_attendant": True,
    "office_with_telephone": True,
    "public_telephone": True,
    "approved_water_source": True,
}
WOODWASTE_OK = {
    "volume_cuyd": 250,
    "site_assigned": True,
    "only_woodwaste": True,
    "treated_wood": False,
}
LEAD_PAINT_OK = {"year_built": 1960, "determination_filed": True}
TEMPORARY_DUMPSTER_OK = {"start_date": "2030-06-01", "end_date": "2030-06-20", "renewal": False}
FAILED_SEPTIC_OK = {"effluent_over_ground": False, "pumpouts_last_12_months": 1}
SYSTEM_LIMITS_OK = {
    "zoning": "residential",
    "systems_on_lot": 2,
    "dwelling_units_per_system": 2,
    "public_interest_housing": False,
    "sewer_at_lot_line": False,
}
SANDBLASTING_OK = {
    "property_owner_name": "Jane Smith",
    "property_location": "12 Beach Road",
    "distance_to_abutting_properties_ft": 0,
    "company_name": "Island Blasting",
    "company_address": "3 State Road",
    "sandblasting_date": "2030-07-01",
    "object_description": "Boat hull",
    "material_type": "Fiberglass",
    "meets_ep_toxicity": True,
    "blasting_product": "Crushed glass",
    "free_silica": True,
    "indoors": False,
    "shrouding": True,
    "fallout_disposal": "Island transfer station",
    "residue_dust_description": "About two bags of glass grit and paint flakes",
    "tarps_used": True,
    "meets_dep_noise_standards": True,
}
SUBDIVISION_OK = {"lots": 2, "water_table_shown": True}
INLET_OK = {"inland_of_mean_high_water": True}
VALID_FACTS = {
    COASTAL_SEPTIC.code: COASTAL_SEPTIC_OK,
    PRIVATE_WELL.code: PRIVATE_WELL_OK,
    CAMPGROUND.code: CAMPGROUND_OK,
    WOODWASTE.code: WOODWASTE_OK,
    LEAD_PAINT.code: LEAD_PAINT_OK,
    TEMPORARY_DUMPSTER.code: TEMPORARY_DUMPSTER_OK,
    FAILED_SEPTIC.code: FAILED_SEPTIC_OK,
    SYSTEM_LIMITS.code: SYSTEM_LIMITS_OK,
    SANDBLASTING.code: SANDBLASTING_OK,
    DISPOSAL_WORKS_CHECK.code: COASTAL_SEPTIC_OK,
    SUBDIVISION.code: SUBDIVISION_OK,
    INLET.code: INLET_OK,
}


def check(rule_set: RuleSet, rule_id: str, **changes) -> Finding:
    """Parse JSON-like facts (a valid case with ``changes``) and return one rule's finding."""
    raw = {**VALID_FACTS[rule_set.code], **changes}
    result = rule_set.evaluate(rule_set.parse(raw), on=ON)
    return next(finding for finding in result.findings if finding.rule == rule_id)


# -- The catalogue ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("rule_set", "rule_ids"),
    [
        (COASTAL_SEPTIC, [
            "ti.9.7.6.private_well", "ti.9.7.6.public_well", "ti.9.7.6.other_septic",
            "ti.9.7.6.water_body", "ti.9.7.6.wetlands", "ti.9.7.6.water_table",
            "ti.9.7.6.slope", "ti.9.7.7.leaching", "ti.9.4.2.bb_new", "ti.9.4.2.bb_mound",
            "ti.0.8.7.mounded", "ti.0.8.14.sewer",
        ]),
        (PRIVATE_WELL, [
            "ti.9.5.5.business", "ti.9.5.6.capacity", "ti.9.6.1.anti_siphon",
            "ti.3.1.4.meter", "ti.3.1.3.ready", "ti.3.1.2.public_main",
        ]),
        (CAMPGROUND, [
            "ti.8.2.5.toilets", "ti.8.2.5.lavatories", "ti.8.2.5.showers", "ti.8.2.5.urinals",
            "ti.8.2.2.room_caps", "ti.8.2.3.ventilation", "ti.8.2.6.water", "ti.8.3.1.cleaning",
            "ti.8.3.2.refuse", "ti.8.4.3.faucets", "ti.8.4.2.faucet_height",
            "ti.8.2.1.rooms", "ti.8.2.4.lights", "ti.8.2.4.switches", "ti.8.2.7.partitions",
            "ti.8.2.8.screens", "ti.8.3.3.poison_ivy", "ti.8.5.1.attendant", "ti.8.5.1.office",
            "ti.8.5.2.telephone", "ti.8.4.1.source",
        ]),
        (WOODWASTE, ["ti.2.9.site", "ti.2.9.content"]),
        (LEAD_PAINT, ["ti.4.6.lead"]),
        (TEMPORARY_DUMPSTER, ["ti.2.5.3.duration"]),
        (FAILED_SEPTIC, ["ti.1.3.5.review"]),
        (SYSTEM_LIMITS, ["ti.1.3.3.max"]),
        (SANDBLASTING, ["ti.4.3.complete", "ti.4.3.noise"]),
        (DISPOSAL_WORKS_CHECK, [
            "ti.9.7.6.private_well", "ti.9.7.6.public_well", "ti.9.7.6.other_septic",
            "ti.9.7.6.water_body", "ti.9.7.6.wetlands", "ti.9.7.6.water_table",
            "ti.9.7.6.slope", "ti.9.7.7.leaching", "ti.9.4.2.bb_new", "ti.9.4.2.bb_mound",
            "ti.0.8.7.mounded", "ti.0.8.14.sewer", "ti.9.4.2.bb_occupancy",
            "ti.9.4.2.bb_devices", "ti.1.3.3.max", "ti.1.3.7.bedrooms", "ti.4.2.lot_criteria",
        ]),
        (SUBDIVISION, ["ti.4.1.water_table", "ti.4.1.review"]),
        (INLET, ["ti.9.6.2.inlet"]),
    ],
    ids=lambda value: value.code if isinstance(value, RuleSet) else None,
)
def test_rule_ids_follow_the_spec_table_order(rule_set, rule_ids):
    assert [rule.id for rule in rule_set.rules] == rule_ids


def test_rule_sets_lists_every_tisbury_set_once():
    assert [rule_set.code for rule_set in RULE_SETS] == [
        "tisbury.coastal_septic", "tisbury.private_well", "tisbury.campground",
        "tisbury.woodwaste", "tisbury.lead_paint", "tisbury.temporary_dumpster",
        "tisbury.failed_septic", "tisbury.system_limits", "tisbury.sandblasting",
        "tisbury.disposal_works",
        "tisbury.subdivision", "tisbury.inlet",
    ]
    assert {rule_set.municipality for rule_set in RULE_SETS} == {"tisbury"}


@pytest.mark.parametrize("rule_set", RULE_SETS, ids=lambda rule_set: rule_set.code)
def test_every_rule_cites_a_tisbury_regulation_and_every_fact_is_labelled(rule_set):
    assert all(rule.citation.startswith("Tisbury BOH Reg 09.") for rule in rule_set.rules)
    assert all(rule.function.__doc__ for rule in rule_set.rules)
    assert all(fact.label for fact in rule_set.facts)


@pytest.mark.parametrize("rule_set", RULE_SETS, ids=lambda rule_set: rule_set.code)
def test_a_valid_case_is_compliant(rule_set):
    result = rule_set.evaluate(rule_set.parse(VALID_FACTS[rule_set.code]), on=ON)
    assert result.compliant, result.failures
    assert len(result.findings) == len(rule_set.rules)


def test_elevation_may_be_negative_but_distances_may_not():
    assert PRIVATE_WELL.parse({**PRIVATE_WELL_OK, "elevation_ft": -2})["elevation_ft"] == -2
    with pytest.raises(FactsInvalid) as error:
        COASTAL_SEPTIC.parse({**COASTAL_SEPTIC_OK, "distance_to_private_well_ft": -1})
    assert "distance_to_private_well_ft" in error.value.errors


# -- tisbury.coastal_septic: separation distances (09.9.7(6)) --------------------

SEPARATION_MINIMA = [
    ("ti.9.7.6.private_well", "distance_to_private_well_ft", 300, 200),
    ("ti.9.7.6.public_well", "distance_to_public_well_ft", 700, 700),
    ("ti.9.7.6.other_septic", "distance_to_other_septic_ft", 300, 200),
    ("ti.9.7.6.water_body", "distance_to_water_body_ft", 200, 200),
    ("ti.9.7.6.wetlands", "distance_to_wetlands_ft", 200, 100),
]
SEPARATION_CASES = [
    pytest.param(rule_id, fact, zone, minimum, id=f"{rule_id}-{zone}")
    for rule_id, fact, barrier_beach, coastal_district in SEPARATION_MINIMA
    for zone, minimum in (("barrier_beach", barrier_beach), ("coastal_district", coastal_district))
]


@pytest.mark.parametrize(("rule_id", "fact", "zone", "minimum"), SEPARATION_CASES)
@pytest.mark.parametrize(
    ("offset", "outcome"),
    [(Decimal("-0.1"), FAIL), (Decimal("0"), PASS), (Decimal("0.1"), PASS)],
    ids=["just_under", "at", "just_over"],
)
def test_septic_separation_minimum_by_zone_9_7_6(rule_id, fact, zone, minimum, offset, outcome):
    distance = minimum + offset
    finding = check(COASTAL_SEPTIC, rule_id, zone=zone, **{fact: float(distance)})
    assert finding.outcome is outcome
    assert (finding.required, finding.actual, finding.unit) == (minimum, distance, "ft")
    assert finding.citation == "Tisbury BOH Reg 09.9.7(6)"


@pytest.mark.parametrize(
    ("zone", "distance", "outcome"),
    [
        ("coastal_district", 199.9, FAIL),
        ("coastal_district", 200, PASS),
        ("coastal_district", 200.1, PASS),
        ("barrier_beach", 299.9, FAIL),
        ("barrier_beach", 300, PASS),
        ("barrier_beach", 300.1, PASS),
    ],
)
def test_septic_to_private_well_200_ft_coastal_300_ft_barrier_beach_9_7_6(
    zone, distance, outcome
):
    finding = check(
        COASTAL_SEPTIC, "ti.9.7.6.private_well", zone=zone, distance_to_private_well_ft=distance,
    )
    assert finding.outcome is outcome


def test_failing_separation_message_says_the_distance_needed():
    finding = check(
        COASTAL_SEPTIC, "ti.9.7.6.wetlands", zone="barrier_beach", distance_to_wetlands_ft=150,
    )
    assert finding.outcome is FAIL
    assert "wetlands" in finding.message and "at least 200 ft" in finding.message


@pytest.mark.parametrize("rule_id", [case[0] for case in SEPARATION_MINIMA])
def test_separation_minimum_does_not_apply_inland_9_7_6(rule_id):
    finding = check(
        COASTAL_SEPTIC, rule_id, zone="inland",
        distance_to_private_well_ft=1, distance_to_public_well_ft=1,
        distance_to_other_septic_ft=1, distance_to_water_body_ft=1, distance_to_wetlands_ft=1,
    )
    assert finding.outcome is NA


# -- tisbury.coastal_septic: water table, slope, leaching --------------------------


@pytest.mark.parametrize("zone", ["barrier_beach", "coastal_district"])
@pytest.mark.parametrize(
    ("depth", "outcome", "required"),
    [(4.9, FAIL, 5), (5, REVIEW, 7), (6.9, REVIEW, 7), (7, PASS, 7), (7.1, PASS, 7)],
)
def test_water_table_under_5_ft_fails_5_to_7_reviewed_9_7_6(zone, depth, outcome, required):
    finding = check(
        COASTAL_SEPTIC, "ti.9.7.6.water_table", zone=zone, separation_to_water_table_ft=depth,
    )
    assert finding.outcome is outcome
    assert (finding.required, finding.actual, finding.unit) == (
        required, Decimal(str(depth)), "ft",
    )


@pytest.mark.parametrize(("on_slope", "outcome"), [(True, REVIEW), (False, PASS)])
def test_system_on_slope_needs_review_for_greater_separation_9_7_6(on_slope, outcome):
    assert check(COASTAL_SEPTIC, "ti.9.7.6.slope", on_slope=on_slope).outcome is outcome


@pytest.mark.parametrize(
    ("zone", "proposed", "outcome"),
    [
        ("barrier_beach", 1999.9, FAIL),
        ("barrier_beach", 2000, PASS),
        ("barrier_beach", 2000.1, PASS),
        ("coastal_district", 1699.9, FAIL),
        ("coastal_district", 1700, PASS),
        ("coastal_district", 1700.1, PASS),
    ],
)
def test_leaching_area_twice_title5_on_barrier_beach_1_7_in_coastal_district_9_7_7(
    zone, proposed, outcome
):
    finding = check(
        COASTAL_SEPTIC, "ti.9.7.7.leaching", zone=zone,
        title5_leaching_area_sqft=1000, proposed_leaching_area_sqft=proposed,
    )
    assert finding.outcome is outcome
    expected = Decimal("2000") if zone == "barrier_beach" else Decimal("1700")
    assert (finding.required, finding.unit) == (expected, "sq ft")


# -- tisbury.coastal_septic: barrier beach, mounds, sewer --------------------------


@pytest.mark.parametrize(
    ("new_system", "replacement", "enlarged", "outcome"),
    [
        (False, False, False, PASS),
        (True, False, False, FAIL),
        (True, True, False, PASS),
        (False, False, True, FAIL),
        (False, True, True, FAIL),
        (True, True, True, FAIL),
    ],
    ids=[
        "repair", "new", "new_board_replacement", "enlarged", "enlarged_replacement",
        "new_enlarged_replacement",
    ],
)
def test_barrier_beach_no_new_except_board_replacement_and_never_enlarged_9_4_2(
    new_system, replacement, enlarged, outcome
):
    finding = check(
        COASTAL_SEPTIC, "ti.9.4.2.bb_new", zone="barrier_beach", new_system=new_system,
        replacement_required_by_board=replacement, enlarged=enlarged,
    )
    assert finding.outcome is outcome


@pytest.mark.parametrize(("mounded", "outcome"), [(True, FAIL), (False, PASS)])
def test_barrier_beach_forbids_mounded_system_9_4_2(mounded, outcome):
    finding = check(
        COASTAL_SEPTIC, "ti.9.4.2.bb_mound", zone="barrier_beach", mounded=mounded,
        existing_failed_system=True, physically_restricted=True,
    )
    assert finding.outcome is outcome


@pytest.mark.parametrize("zone", ["coastal_district", "inland"])
@pytest.mark.parametrize("rule_id", ["ti.9.4.2.bb_new", "ti.9.4.2.bb_mound"])
def test_barrier_beach_rules_do_not_apply_off_the_barrier_beach_9_4_2(rule_id, zone):
    finding = check(
        COASTAL_SEPTIC, rule_id, zone=zone, new_system=True, enlarged=True, mounded=True,
    )
    assert finding.outcome is NA


@pytest.mark.parametrize("zone", ["barrier_beach", "coastal_district", "inland"])
@pytest.mark.parametrize(
    ("mounded", "failed_system", "restricted", "outcome"),
    [
        (False, False, False, NA),
        (True, True, True, PASS),
        (True, True, False, FAIL),
        (True, False, True, FAIL),
        (True, False, False, FAIL),
    ],
)
def test_mound_only_for_existing_failed_system_on_restricted_lot_0_8_7(
    zone, mounded, failed_system, restricted, outcome
):
    finding = check(
        COASTAL_SEPTIC, "ti.0.8.7.mounded", zone=zone, mounded=mounded,
        existing_failed_system=failed_system, physically_restricted=restricted,
    )
    assert finding.outcome is outcome


@pytest.mark.parametrize("zone", ["barrier_beach", "coastal_district", "inland"])
@pytest.mark.parametrize(
    ("work", "feasible", "outcome"),
    [
        ("new_system", True, FAIL),
        ("enlarged", True, FAIL),
        ("upgrade", True, FAIL),
        ("new_system", False, PASS),
        (None, True, PASS),
    ],
)
def test_no_new_enlarged_or_upgraded_system_where_sewer_feasible_0_8_14(
    zone, work, feasible, outcome
):
    works = {"new_system": False, "enlarged": False, "upgrade": False}
    if work:
        works[work] = True
    finding = check(
        COASTAL_SEPTIC, "ti.0.8.14.sewer", zone=zone, sewer_connection_feasible=feasible, **works,
    )
    assert finding.outcome is outcome


def test_inland_lot_leaves_only_mound_and_sewer_rules_applicable():
    failing_everywhere = {
        "zone": "inland",
        "distance_to_private_well_ft": 1,
        "distance_to_public_well_ft": 1,
        "distance_to_other_septic_ft": 1,
        "separation_to_water_table_ft": 1,
        "distance_to_water_body_ft": 1,
        "distance_to_wetlands_ft": 1,
        "on_slope": True,
        "new_system": True,
        "enlarged": True,
        "mounded": True,
        "proposed_leaching_area_sqft": 1,
        "sewer_connection_feasible": True,
    }
    facts = COASTAL_SEPTIC.parse({**COASTAL_SEPTIC_OK, **failing_everywhere})
    outcomes = {
        finding.rule: finding.outcome
        for finding in COASTAL_SEPTIC.evaluate(facts, on=ON).findings
    }
    applicable = {rule for rule, outcome in outcomes.items() if outcome is not NA}
    assert applicable == {"ti.0.8.7.mounded", "ti.0.8.14.sewer"}
    assert outcomes["ti.0.8.7.mounded"] is FAIL
    assert outcomes["ti.0.8.14.sewer"] is FAIL


def test_coastal_district_applies_every_rule_but_the_barrier_beach_ones():
    facts = COASTAL_SEPTIC.parse({**COASTAL_SEPTIC_OK, "mounded": True})
    not_applicable = {
        finding.rule
        for finding in COASTAL_SEPTIC.evaluate(facts, on=ON).findings
        if finding.outcome is NA
    }
    assert not_applicable == {"ti.9.4.2.bb_new", "ti.9.4.2.bb_mound"}


# -- tisbury.private_well (09.3.1, 09.9.5, 09.9.6) -------------------------------


@pytest.mark.parametrize(
    ("zone", "use", "outcome"),
    [
        ("coastal_district", "business", FAIL),
        ("barrier_beach", "business", FAIL),
        ("coastal_district", "residential", PASS),
        ("inland", "business", NA),
    ],
)
def test_coastal_well_may_not_serve_a_business_9_5_5(zone, use, outcome):
    assert check(PRIVATE_WELL, "ti.9.5.5.business", zone=zone, use=use).outcome is outcome


@pytest.mark.parametrize(
    ("zone", "peak", "continuous", "outcome"),
    [
        ("coastal_district", 19.9, 199.9, PASS),
        ("coastal_district", 20, 200, PASS),
        ("coastal_district", 20.1, 200, FAIL),
        ("coastal_district", 20, 200.1, FAIL),
        ("barrier_beach", 9.9, 99.9, PASS),
        ("barrier_beach", 10, 100, PASS),
        ("barrier_beach", 10.1, 100, FAIL),
        ("barrier_beach", 10, 100.1, FAIL),
        ("inland", 50, 500, NA),
    ],
)
def test_pump_capacity_20_gpm_200_gph_halved_on_barrier_beach_9_5_6(
    zone, peak, continuous, outcome
):
    finding = check(
        PRIVATE_WELL, "ti.9.5.6.capacity", zone=zone, peak_gpm=peak,
        continuous_gph_30min=continuous,
    )
    assert finding.outcome is outcome


def test_pump_capacity_reports_both_limits_by_fact():
    finding = check(
        PRIVATE_WELL, "ti.9.5.6.capacity", zone="barrier_beach", peak_gpm=12,
        continuous_gph_30min=150,
    )
    assert finding.required == {"peak_gpm": 10, "continuous_gph_30min": 100}
    assert finding.actual == {"peak_gpm": 12, "continuous_gph_30min": 150}
    assert "10 gpm" in finding.message and "100 gph" in finding.message


@pytest.mark.parametrize(
    ("elevation", "anti_siphon", "outcome"),
    [
        (-2, False, FAIL),
        (9.9, False, FAIL),
        (9.9, True, PASS),
        (10, False, NA),
        (10.1, False, NA),
    ],
)
def test_anti_siphon_required_below_10_ft_contour_9_6_1(elevation, anti_siphon, outcome):
    finding = check(
        PRIVATE_WELL, "ti.9.6.1.anti_siphon", elevation_ft=elevation, anti_siphon=anti_siphon,
    )
    assert finding.outcome is outcome


@pytest.mark.parametrize(
    ("bedrooms", "occupants", "sealed_meter", "outcome"),
    [
        (2, 4, False, NA),
        (3, 4, False, FAIL),
        (2, 5, False, FAIL),
        (3, 5, True, PASS),
    ],
)
def test_sealed_meter_above_2_bedrooms_or_4_occupants_3_1_4(
    bedrooms, occupants, sealed_meter, outcome
):
    finding = check(
        PRIVATE_WELL, "ti.3.1.4.meter", bedrooms=bedrooms, occupants=occupants,
        sealed_meter=sealed_meter,
    )
    assert finding.outcome is outcome


@pytest.mark.parametrize("step", ["installed", "proven", "tested"])
def test_well_not_ready_until_installed_proven_and_tested_3_1_3(step):
    finding = check(PRIVATE_WELL, "ti.3.1.3.ready", **{step: False})
    assert finding.outcome is FAIL
    assert step in finding.message


# -- tisbury.campground (09.8) --------------------------------------------------


@pytest.mark.parametrize(
    ("sites", "per_sex"),
    [(0, 2), (9, 2), (10, 2), (20, 2), (21, 3), (40, 3), (41, 4)],
)
def test_fixtures_per_sex_two_for_first_20_sites_then_one_per_20(sites, per_sex):
    assert fixtures_per_sex(sites) == per_sex


@pytest.mark.parametrize("fixture", ["toilets", "lavatories", "showers"])
@pytest.mark.parametrize(("sites", "needed"), [(9, 2), (10, 2), (20, 2), (21, 3), (40, 3), (41, 4)])
def test_campground_fixtures_per_sex_by_sites_8_2_5(fixture, sites, needed):
    short = check(CAMPGROUND, f"ti.8.2.5.{fixture}", sites=sites, **{fixture: needed - 1})
    enough = check(CAMPGROUND, f"ti.8.2.5.{fixture}", sites=sites, **{fixture: needed})
    assert (short.outcome, enough.outcome) == (FAIL, PASS)
    assert (enough.required, enough.actual) == (needed, needed)


@pytest.mark.parametrize(("sites", "needed"), [(10, 1), (20, 1), (21, 2), (40, 2), (41, 3)])
def test_campground_one_urinal_per_20_sites_from_10_sites_8_2_5b(sites, needed):
    short = check(CAMPGROUND, "ti.8.2.5.urinals", sites=sites, urinals=needed - 1)
    enough = check(CAMPGROUND, "ti.8.2.5.urinals", sites=sites, urinals=needed)
    assert (short.outcome, enough.outcome) == (FAIL, PASS)
    assert enough.required == needed


def test_campground_under_10_sites_needs_no_urinals_8_2_5b():
    assert check(CAMPGROUND, "ti.8.2.5.urinals", sites=9, urinals=0).outcome is NA


@pytest.mark.parametrize(
    ("fact", "cap"),
    [
        ("largest_room_toilets", 4),
        ("largest_room_lavatories", 8),
        ("largest_room_showers", 4),
        ("largest_room_urinals", 3),
    ],
)
def test_wash_room_fixture_caps_8_2_2(fact, cap):
    at_cap = check(CAMPGROUND, "ti.8.2.2.room_caps", **{fact: cap})
    over_cap = check(CAMPGROUND, "ti.8.2.2.room_caps", **{fact: cap + 1})
    assert (at_cap.outcome, over_cap.outcome) == (PASS, FAIL)
    assert over_cap.required[fact] == cap
    assert over_cap.actual[fact] == cap + 1


@pytest.mark.parametrize(
    ("window_area", "two_walls", "forced_air", "outcome"),
    [
        (2.9, True, False, FAIL),
        (2.9, False, True, FAIL),
        (3, True, False, PASS),
        (3.1, True, False, PASS),
        (3, False, False, FAIL),
        (3, False, True, PASS),
    ],
)
def test_window_ventilation_3_sq_ft_per_toilet_and_forced_air_8_2_3(
    window_area, two_walls, forced_air, outcome
):
    finding = check(
        CAMPGROUND, "ti.8.2.3.ventilation", window_vent_sqft_per_toilet=window_area,
        windows_in_two_outside_walls=two_walls, forced_air_ventilation=forced_air,
    )
    assert finding.outcome is outcome
    assert (finding.required, finding.unit) == (3, "sq ft")


def test_campground_needs_hot_and_cold_water_8_2_6():
    assert check(CAMPGROUND, "ti.8.2.6.water", hot_and_cold_water=False).outcome is FAIL


@pytest.mark.parametrize(("cleanings", "outcome"), [(2, FAIL), (3, PASS), (4, PASS)])
def test_wash_rooms_cleaned_3_times_a_day_8_3_1(cleanings, outcome):
    finding = check(CAMPGROUND, "ti.8.3.1.cleaning", cleanings_per_day=cleanings)
    assert finding.outcome is outcome


@pytest.mark.parametrize(
    ("capacity", "distance", "outcome"),
    [
        (629.9, 300, FAIL),
        (630, 300, PASS),
        (630.1, 299.9, PASS),
        (630, 300.1, FAIL),
    ],
)
def test_refuse_30_gal_per_site_within_300_ft_8_3_2(capacity, distance, outcome):
    finding = check(
        CAMPGROUND, "ti.8.3.2.refuse", sites=21, refuse_capacity_gal=capacity,
        max_distance_to_refuse_ft=distance,
    )
    assert finding.outcome is outcome
    assert finding.required == {"refuse_capacity_gal": 630, "max_distance_to_refuse_ft": 300}


@pytest.mark.parametrize(("sites", "needed"), [(9, 1), (10, 1), (20, 1), (21, 2), (40, 2), (41, 3)])
def test_one_drinking_faucet_per_20_sites_8_4_3(sites, needed):
    short = check(CAMPGROUND, "ti.8.4.3.faucets", sites=sites, drinking_faucets=needed - 1)
    enough = check(CAMPGROUND, "ti.8.4.3.faucets", sites=sites, drinking_faucets=needed)
    assert (short.outcome, enough.outcome) == (FAIL, PASS)


@pytest.mark.parametrize(("height", "outcome"), [(2.9, FAIL), (3, PASS), (3.1, PASS)])
def test_outside_faucet_at_least_3_ft_above_ground_8_4_2(height, outcome):
    finding = check(CAMPGROUND, "ti.8.4.2.faucet_height", faucet_height_ft=height)
    assert finding.outcome is outcome
    assert finding.unit == "ft"


# -- tisbury.woodwaste (09.2.9) -------------------------------------------------


@pytest.mark.parametrize(
    ("volume", "site_assigned", "outcome"),
    [
        (199.9, False, REVIEW),
        (200, False, REVIEW),
        (200.1, False, FAIL),
        (200.1, True, PASS),
    ],
)
def test_woodwaste_over_200_cu_yd_needs_site_assignment_2_9(volume, site_assigned, outcome):
    finding = check(
        WOODWASTE, "ti.2.9.site", volume_cuyd=volume, site_assigned=site_assigned,
    )
    assert finding.outcome is outcome
    assert (finding.required, finding.unit) == (200, "cu yd")


@pytest.mark.parametrize(
    ("only_woodwaste", "treated_wood", "outcome"),
    [(True, False, PASS), (False, False, FAIL), (True, True, FAIL)],
)
def test_only_untreated_woodwaste_is_buried_2_9(only_woodwaste, treated_wood, outcome):
    finding = check(
        WOODWASTE, "ti.2.9.content", only_woodwaste=only_woodwaste, treated_wood=treated_wood,
    )
    assert finding.outcome is outcome


# -- tisbury.lead_paint (09.4.6) ------------------------------------------------


@pytest.mark.parametrize(
    ("year_built", "filed", "outcome"),
    [(1977, False, FAIL), (1977, True, PASS), (1978, False, NA), (1979, False, NA)],
)
def test_lead_paint_determination_for_buildings_before_1978_4_6(year_built, filed, outcome):
    finding = check(LEAD_PAINT, "ti.4.6.lead", year_built=year_built, determination_filed=filed)
    assert finding.outcome is outcome


# -- tisbury.temporary_dumpster (09.2.5(3)) ---------------------------------------


@pytest.mark.parametrize(
    ("end_date", "days", "outcome"),
    [
        ("2030-06-01", 0, PASS),
        ("2030-06-30", 29, PASS),
        ("2030-07-01", 30, PASS),
        ("2030-07-02", 31, FAIL),
    ],
)
@pytest.mark.parametrize("renewal", [False, True])
def test_temporary_dumpster_period_at_most_30_days_2_5_3(end_date, days, outcome, renewal):
    finding = check(
        TEMPORARY_DUMPSTER, "ti.2.5.3.duration", start_date="2030-06-01", end_date=end_date,
        renewal=renewal,
    )
    assert finding.outcome is outcome
    assert (finding.required, finding.actual, finding.unit) == (30, days, "days")


def test_temporary_dumpster_end_before_start_is_refused_2_5_3():
    with pytest.raises(FactsInvalid) as error:
        TEMPORARY_DUMPSTER.parse(
            {**TEMPORARY_DUMPSTER_OK, "start_date": "2030-06-10", "end_date": "2030-06-09"}
        )
    assert list(error.value.errors) == ["end_date"]


# -- tisbury.failed_septic (09.1.3(5)) -------------------------------------------


@pytest.mark.parametrize(
    ("effluent", "pumpouts", "outcome"),
    [(False, 3, PASS), (False, 4, REVIEW), (False, 5, REVIEW), (True, 0, REVIEW)],
)
def test_failed_septic_review_for_effluent_or_4_pumpouts_1_3_5(effluent, pumpouts, outcome):
    finding = check(
        FAILED_SEPTIC, "ti.1.3.5.review", effluent_over_ground=effluent,
        pumpouts_last_12_months=pumpouts,
    )
    assert finding.outcome is outcome
    assert (finding.required, finding.actual) == (4, pumpouts)


def test_failed_septic_review_message_names_the_board_review():
    finding = check(FAILED_SEPTIC, "ti.1.3.5.review", pumpouts_last_12_months=4)
    assert "reviews this system for possible failure" in finding.message


# -- tisbury.system_limits (09.1.3(3), (4)) ----------------------------------------


@pytest.mark.parametrize(
    ("changes", "outcome"),
    [
        ({}, PASS),
        ({"systems_on_lot": 3}, FAIL),
        ({"dwelling_units_per_system": 3}, FAIL),
        ({"systems_on_lot": 3, "sewer_at_lot_line": True}, REVIEW),
        ({"dwelling_units_per_system": 3, "sewer_at_lot_line": True}, REVIEW),
        ({"sewer_at_lot_line": True}, PASS),
        ({"zoning": "business", "systems_on_lot": 5}, REVIEW),
        ({"public_interest_housing": True, "dwelling_units_per_system": 8}, REVIEW),
    ],
    ids=[
        "two_and_two", "three_systems", "three_units", "three_systems_sewer",
        "three_units_sewer", "within_limits_sewer", "business", "public_interest",
    ],
)
def test_residential_lot_two_systems_two_units_each_1_3_3(changes, outcome):
    assert check(SYSTEM_LIMITS, "ti.1.3.3.max", **changes).outcome is outcome


def test_system_limits_report_both_counts():
    finding = check(SYSTEM_LIMITS, "ti.1.3.3.max", systems_on_lot=3)
    assert finding.required == {"systems_on_lot": 2, "dwelling_units_per_system": 2}
    assert finding.actual == {"systems_on_lot": 3, "dwelling_units_per_system": 2}


# -- tisbury.sandblasting (09.4.3) -----------------------------------------------


def test_sandblasting_complete_application_passes_4_3():
    assert check(SANDBLASTING, "ti.4.3.complete").outcome is PASS


def test_sandblasting_empty_application_names_all_seventeen_items_4_3():
    result = SANDBLASTING.evaluate(SANDBLASTING.parse({}), on=ON)
    complete = result.findings[0]
    assert complete.outcome is FAIL
    assert complete.actual == [fact.name for fact in SANDBLASTING.facts]
    assert len(complete.actual) == 17
    assert all(fact.label in complete.message for fact in SANDBLASTING.facts)


@pytest.mark.parametrize("blank", [None, "", "   "], ids=["null", "empty", "spaces"])
def test_sandblasting_blank_or_absent_item_is_named_missing_4_3(blank):
    changes = {"company_address": blank, "fallout_disposal": blank}
    finding = check(SANDBLASTING, "ti.4.3.complete", **changes)
    assert finding.outcome is FAIL
    assert finding.actual == ["company_address", "fallout_disposal"]
    assert "Sandblasting company address" in finding.message


def test_sandblasting_false_and_zero_answers_count_as_answered_4_3():
    finding = check(
        SANDBLASTING, "ti.4.3.complete", indoors=False, tarps_used=False,
        meets_ep_toxicity=False, distance_to_abutting_properties_ft=0,
    )
    assert finding.outcome is PASS


@pytest.mark.parametrize(("meets", "outcome"), [(True, PASS), (False, FAIL), (None, NA)])
def test_sandblasting_must_meet_dep_noise_standards_4_3(meets, outcome):
    finding = check(SANDBLASTING, "ti.4.3.noise", meets_dep_noise_standards=meets)
    assert finding.outcome is outcome
