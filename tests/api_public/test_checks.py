"""GET /checks/, GET and POST /checks/{code}/: the rule sets as data and as judges."""

import datetime as dt

import pytest
import time_machine

from permits_site.rules.registry import all_checks, get_rule_set
from tests.law.answers import (
    COASTAL_SEPTIC_NEW_SYSTEM,
    DOG_LICENSE_RENEWAL,
    PRIVATE_STABLE_42_FT,
)
from tests.rules.test_northborough_rules import SANITARY_VISIT
from tests.rules.test_tisbury_rules import CAMPGROUND_OK, PRIVATE_WELL_OK

PRIVATE_STABLE_URL = "/api/v1/checks/northborough.private_stable/"


def test_the_catalogue_lists_every_rule_set_and_checklist_of_every_town(public):
    response = public.get("/api/v1/checks/")

    assert response.status_code == 200
    codes = [rule_set["code"] for rule_set in response.json()]
    assert codes == [rule_set.code for rule_set in all_checks()]
    assert {"north_andover.dog_license", "northborough.private_stable",
            "tisbury.coastal_septic", "tisbury.residential_kitchen_visit"} <= set(codes)


def test_a_check_describes_its_facts_and_its_rules_in_table_order(public):
    body = public.get(PRIVATE_STABLE_URL).json()

    assert body["code"] == "northborough.private_stable"
    assert body["municipality"] == "northborough"
    assert body["title"] == "Private stable permit application"
    facts = {fact["name"]: fact for fact in body["facts"]}
    assert facts["horses"] == {"name": "horses", "type": "integer", "required": True,
                               "unit": "horses"}
    assert facts["fence_material"]["choices"] == [
        "wood", "woven_wire", "electric", "barbed_wire", "other",
    ]
    assert facts["fence_opening_in"]["required"] is False  # conditional: woven wire only
    assert facts["grandfathered"]["required"] is False  # defaults to false
    assert "choices" not in facts["corral_area_sqft"]
    rules = body["rules"]
    assert [rule["id"] for rule in rules] == [
        rule.id for rule in get_rule_set("northborough.private_stable").rules
    ]
    assert rules[2] == {
        "id": "nb.4.1a.lot_line",
        "citation": "Northborough Horse & Stable Regs §4.1(a)",
        "summary": rules[2]["summary"],
    }
    assert rules[2]["summary"]


def test_an_unknown_check_is_not_found(public):
    assert public.get("/api/v1/checks/northborough.helipad/").status_code == 404
    response = public.post("/api/v1/checks/northborough.helipad/", {"facts": {}})
    assert response.status_code == 404


def judge(public, code, facts, on="2027-05-01"):
    return public.post(f"/api/v1/checks/{code}/", {"facts": facts, "on": on})


def finding(body, rule):
    return next(finding for finding in body["findings"] if finding["rule"] == rule)


def test_a_stable_42_ft_from_the_lot_line_fails_4_1a_with_its_threshold(public):
    response = judge(public, "northborough.private_stable", PRIVATE_STABLE_42_FT)

    assert response.status_code == 200
    body = response.json()
    assert body["check"] == "northborough.private_stable"
    assert body["on"] == "2027-05-01"
    assert body["compliant"] is False
    lot_line = finding(body, "nb.4.1a.lot_line")
    assert lot_line["outcome"] == "fail"
    assert lot_line["citation"] == "Northborough Horse & Stable Regs §4.1(a)"
    assert (lot_line["required"], lot_line["actual"], lot_line["unit"]) == (50, 42, "ft")
    assert isinstance(lot_line["required"], int)
    assert "50 ft" in lot_line["message"]
    failed = [finding["rule"] for finding in body["findings"] if finding["outcome"] == "fail"]
    assert failed == ["nb.4.1a.lot_line"]


def test_every_rule_reports_exactly_once_in_table_order(public):
    body = judge(public, "northborough.private_stable", PRIVATE_STABLE_42_FT).json()

    rule_ids = [rule.id for rule in get_rule_set("northborough.private_stable").rules]
    assert [finding["rule"] for finding in body["findings"]] == rule_ids


def test_a_stable_50_ft_from_the_lot_line_meets_every_rule(public):
    facts = {**PRIVATE_STABLE_42_FT, "distance_to_abutter_property_line_ft": 50}

    body = judge(public, "northborough.private_stable", facts).json()

    assert body["compliant"] is True
    assert finding(body, "nb.4.1a.lot_line")["outcome"] == "pass"


def test_non_integral_numbers_stay_decimal_numbers(public):
    body = judge(public, "northborough.private_stable", PRIVATE_STABLE_42_FT).json()

    height = finding(body, "nb.5.3.height")
    assert (height["required"], height["actual"]) == (4, 4.5)


def test_needs_review_does_not_make_a_check_non_compliant(public):
    facts = {**COASTAL_SEPTIC_NEW_SYSTEM, "separation_to_water_table_ft": 6}

    body = judge(public, "tisbury.coastal_septic", facts).json()

    assert finding(body, "ti.9.7.6.water_table")["outcome"] == "needs_review"
    assert body["compliant"] is True


def test_a_late_new_dog_license_carries_its_due_date_as_required_licenses_a2(public):
    facts = {**DOG_LICENSE_RENEWAL, "renewal": False, "acquired_on": "2027-01-04"}

    body = judge(public, "north_andover.dog_license", facts, on="2027-03-01").json()

    timely = finding(body, "na.lic.A.timely")
    assert timely["outcome"] == "fail"
    assert timely["required"] == "2027-02-03"
    assert body["compliant"] is False


def test_a_rule_joining_several_limits_reports_them_by_fact_09_9_5_6(public):
    facts = {
        "zone": "coastal_district", "use": "residential", "peak_gpm": 25,
        "continuous_gph_30min": 150, "elevation_ft": 12, "anti_siphon": False, "bedrooms": 2,
        "occupants": 3, "sealed_meter": False, "installed": True, "proven": True,
        "tested": True,
    }

    body = judge(public, "tisbury.private_well", facts).json()

    capacity = finding(body, "ti.9.5.6.capacity")
    assert capacity["outcome"] == "fail"
    assert capacity["required"] == {"peak_gpm": 20, "continuous_gph_30min": 200}
    assert capacity["actual"] == {"peak_gpm": 25, "continuous_gph_30min": 150}


#: A dangerous dog's owner meeting every duty of Dangerous D (North Andover ch. 60).
DANGEROUS_DOG_DUTIES = {
    "enclosure_distance_to_property_line_ft": 12, "enclosure_has_bottom": True,
    "sides_embedded_ft": 0, "enclosure_has_secure_top": True, "enclosure_weather_protection": True,
    "warning_signs_all_sides": True, "child_warning_symbol_sign": True,
    "abutters_notified_certified": True, "insurance_per_incident": 150000,
    "lead_length_ft": 4, "muzzled_off_premises": True, "handler_age": 30,
}


@pytest.mark.parametrize(("lead", "age", "outcome"), [
    (3.5, 30, "pass"), (4, 30, "pass"), (4.5, 30, "fail"),
    (4, 17, "fail"), (4, 18, "pass"), (4, 19, "pass"),
])
def test_the_lead_and_the_handler_s_age_are_reported_by_fact_dangerous_d1d(
        public, lead, age, outcome):
    facts = {**DANGEROUS_DOG_DUTIES, "lead_length_ft": lead, "handler_age": age}

    body = judge(public, "north_andover.dangerous_dog_compliance", facts).json()

    restraint = finding(body, "na.dd.D1d.lead")
    assert restraint["outcome"] == outcome
    assert restraint["required"] == {"lead_length_ft": 4, "handler_age": 18}
    assert restraint["actual"] == {"lead_length_ft": lead, "handler_age": age}


def test_an_unmuzzled_dog_fails_with_its_lead_and_handler_still_reported_d1d(public):
    facts = {**DANGEROUS_DOG_DUTIES, "muzzled_off_premises": False}

    restraint = finding(judge(public, "north_andover.dangerous_dog_compliance", facts).json(),
                        "na.dd.D1d.lead")

    assert restraint["outcome"] == "fail"
    assert restraint["actual"] == {"lead_length_ft": 4, "handler_age": 30}


@pytest.mark.parametrize(("elevation", "outcome"), [
    (9.5, "fail"), (10, "not_applicable"), (10.5, "not_applicable"),
])
def test_the_well_s_elevation_is_reported_against_the_10_ft_contour_09_9_6_1(
        public, elevation, outcome):
    facts = {**PRIVATE_WELL_OK, "elevation_ft": elevation, "anti_siphon": False}

    anti_siphon = finding(judge(public, "tisbury.private_well", facts).json(),
                          "ti.9.6.1.anti_siphon")

    assert anti_siphon["outcome"] == outcome
    assert (anti_siphon["required"], anti_siphon["actual"], anti_siphon["unit"]) == (
        10, elevation, "ft")


def test_a_well_below_the_contour_with_its_device_passes_with_its_elevation_09_9_6_1(public):
    facts = {**PRIVATE_WELL_OK, "elevation_ft": 9.5, "anti_siphon": True}

    anti_siphon = finding(judge(public, "tisbury.private_well", facts).json(),
                          "ti.9.6.1.anti_siphon")

    assert anti_siphon["outcome"] == "pass"
    assert (anti_siphon["required"], anti_siphon["actual"]) == (10, 9.5)


@pytest.mark.parametrize(("bedrooms", "occupants", "outcome"), [
    (1, 4, "not_applicable"), (2, 4, "not_applicable"), (3, 4, "fail"),
    (2, 3, "not_applicable"), (2, 5, "fail"),
])
def test_the_bedrooms_and_occupants_are_reported_by_fact_09_3_1_4(
        public, bedrooms, occupants, outcome):
    facts = {**PRIVATE_WELL_OK, "bedrooms": bedrooms, "occupants": occupants,
             "sealed_meter": False}

    meter = finding(judge(public, "tisbury.private_well", facts).json(), "ti.3.1.4.meter")

    assert meter["outcome"] == outcome
    assert meter["required"] == {"bedrooms": 2, "occupants": 4}
    assert meter["actual"] == {"bedrooms": bedrooms, "occupants": occupants}


def test_the_sandblasting_check_lists_the_missing_items_09_4_3(public):
    body = judge(public, "tisbury.sandblasting", {"company_name": "Blast Co."}).json()

    complete = finding(body, "ti.4.3.complete")
    assert complete["outcome"] == "fail"
    assert "property_owner_name" in complete["actual"]
    assert "company_name" not in complete["actual"]


@time_machine.travel(dt.datetime(2027, 7, 4, 12, 0), tick=False)
@pytest.mark.parametrize("body", [
    {"facts": PRIVATE_STABLE_42_FT},
    {"facts": PRIVATE_STABLE_42_FT, "on": None},
])
def test_a_check_without_a_date_is_judged_today_in_massachusetts(public, body):
    response = public.post(PRIVATE_STABLE_URL, body)

    assert response.json()["on"] == "2027-07-04"


def test_the_judged_date_matters_manure_interval_only_from_may_to_november_6_2(public):
    facts = {
        "manure_storage_cuft": 100, "days_since_manure_removed": 30, "manure_variance": False,
        "runoff_to_wetlands": False, "stall_cleaned_daily": True, "effluent_discharged": False,
        "feed_in_closed_containers": True,
    }

    summer = judge(public, "northborough.sanitary_inspection", facts, on="2027-07-01").json()
    winter = judge(public, "northborough.sanitary_inspection", facts, on="2027-12-01").json()

    assert finding(summer, "nb.6.2.interval")["outcome"] == "fail"
    assert finding(winter, "nb.6.2.interval")["outcome"] == "not_applicable"


def test_a_missing_required_fact_is_refused_under_facts(public):
    facts = {name: value for name, value in PRIVATE_STABLE_42_FT.items() if name != "horses"}

    response = judge(public, "northborough.private_stable", facts)

    assert response.status_code == 400
    assert list(response.json()) == ["facts"]
    assert list(response.json()["facts"]) == ["horses"]


def test_a_conditional_fact_is_required_when_its_condition_holds_5_3(public):
    facts = {**PRIVATE_STABLE_42_FT, "fence_material": "woven_wire"}

    response = judge(public, "northborough.private_stable", facts)

    assert response.status_code == 400
    assert list(response.json()["facts"]) == ["fence_opening_in"]
    assert judge(public, "northborough.private_stable",
                 {**facts, "fence_opening_in": 3}).status_code == 200


def test_an_optional_fact_may_be_null(public):
    facts = {**DOG_LICENSE_RENEWAL, "acquired_on": None, "moved_in_on": None}

    assert judge(public, "north_andover.dog_license", facts).status_code == 200


def test_bad_facts_and_a_bad_date_are_refused_together(public):
    response = public.post(PRIVATE_STABLE_URL, {
        "facts": {**PRIVATE_STABLE_42_FT, "horses": "2"}, "on": "tomorrow",
    })

    assert response.status_code == 400
    assert set(response.json()) == {"facts", "on"}
    assert list(response.json()["facts"]) == ["horses"]


def test_a_cross_field_inconsistency_is_refused_naming_the_fact_09_2_5_3(public):
    facts = {"start_date": "2027-06-10", "end_date": "2027-06-01", "renewal": False}

    response = judge(public, "tisbury.temporary_dumpster", facts)

    assert response.status_code == 400
    assert list(response.json()["facts"]) == ["end_date"]


#: Rule sets to which the product adds rules of the law beyond the spec's table, with the
#: facts the spec lists for them and the ids of its table, in order.
SPEC_TABLES = {
    "tisbury.campground": (
        (
            "sites", "toilets", "lavatories", "showers", "urinals", "largest_room_toilets",
            "largest_room_lavatories", "largest_room_showers", "largest_room_urinals",
            "window_vent_sqft_per_toilet", "windows_in_two_outside_walls",
            "forced_air_ventilation", "hot_and_cold_water", "cleanings_per_day",
            "refuse_capacity_gal", "max_distance_to_refuse_ft", "drinking_faucets",
            "faucet_height_ft",
        ),
        ("ti.8.2.5.toilets", "ti.8.2.5.lavatories", "ti.8.2.5.showers", "ti.8.2.5.urinals",
         "ti.8.2.2.room_caps", "ti.8.2.3.ventilation", "ti.8.2.6.water", "ti.8.3.1.cleaning",
         "ti.8.3.2.refuse", "ti.8.4.3.faucets", "ti.8.4.2.faucet_height"),
        CAMPGROUND_OK,
    ),
    "northborough.sanitary_inspection": (
        ("manure_storage_cuft", "days_since_manure_removed", "manure_variance",
         "runoff_to_wetlands", "stall_cleaned_daily", "effluent_discharged",
         "feed_in_closed_containers"),
        ("nb.6.2.volume", "nb.6.2.interval", "nb.6.2.runoff", "nb.6.2.stall",
         "nb.6.3.effluent", "nb.6.5.feed"),
        SANITARY_VISIT,
    ),
    "tisbury.private_well": (
        ("zone", "use", "peak_gpm", "continuous_gph_30min", "elevation_ft", "anti_siphon",
         "bedrooms", "occupants", "sealed_meter", "installed", "proven", "tested"),
        ("ti.9.5.5.business", "ti.9.5.6.capacity", "ti.9.6.1.anti_siphon", "ti.3.1.4.meter",
         "ti.3.1.3.ready"),
        PRIVATE_WELL_OK,
    ),
}


@pytest.mark.parametrize("code", SPEC_TABLES)
def test_a_check_given_only_the_facts_the_spec_lists_judges_the_spec_table_first(public, code):
    """api.md: a client sends the facts the spec lists, every rule of the spec's table
    appears once, in its order; the law's further items follow and, left out, refuse
    nothing."""
    facts, spec_rule_ids, valid_case = SPEC_TABLES[code]

    response = public.post(f"/api/v1/checks/{code}/",
                           {"facts": {name: valid_case[name] for name in facts},
                            "on": "2027-06-09"})

    assert response.status_code == 200, response.json()
    findings = response.json()["findings"]
    assert tuple(found["rule"] for found in findings[:len(spec_rule_ids)]) == spec_rule_ids
    assert all(found["outcome"] != "fail" for found in findings[len(spec_rule_ids):])
    assert response.json()["compliant"] is True


@pytest.mark.parametrize("bottom", [True, False])
def test_the_depth_of_a_pen_s_sides_is_required_as_the_catalogue_says_dangerous_d1a(public,
                                                                                  bottom):
    """North Andover lists ``sides_embedded_ft`` as a plain fact: required, even where the
    pen has a bottom and the rule reading it does not apply (api.md)."""
    facts = {**DANGEROUS_DOG_DUTIES, "enclosure_has_bottom": bottom}
    del facts["sides_embedded_ft"]
    catalogue = public.get("/api/v1/checks/north_andover.dangerous_dog_compliance/").json()

    refused = judge(public, "north_andover.dangerous_dog_compliance", facts)

    assert {fact["name"]: fact["required"] for fact in catalogue["facts"]}[
        "sides_embedded_ft"] is True
    assert refused.status_code == 400
    assert list(refused.json()["facts"]) == ["sides_embedded_ft"]
