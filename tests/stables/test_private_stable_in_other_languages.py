"""Northborough's private stable permit in the reader's language (Horse and Stable Regulations
§§1–5, the public stable's §7 rules that share them, the hearing's notice of §2.2 and the
expansions of §2.1): what the rules ask and find, the application's fields and documents are
English where they are declared, for the API and the audit log, and said in Portuguese or
Spanish where a resident's page shows them."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.utils import translation

from permits_site.licensing.kinds import kind_for
from permits_site.rules.base import Outcome
from stables.rules import HEARING_NOTICE, PRIVATE_STABLE, PUBLIC_STABLE, STABLE_EXPANSION
from tests.stables.flow import PRIVATE_FACTS, PUBLIC_FACTS
from tests.translated import (
    LANGUAGES,
    assert_finding_translated,
    assert_translated,
    declared_words,
    said_in,
)

ON = dt.date(2030, 7, 10)
OFFICE = {"zoning_certified": True, "conservation_commission_reviewed": True}
PASS, FAIL, NOT_APPLICABLE = Outcome.PASS, Outcome.FAIL, Outcome.NOT_APPLICABLE
ELECTRIC = {"fence_material": "electric", "street_frontage_ft": 260}
WOVEN = {"fence_material": "woven_wire", "fence_opening_in": 3}

#: Every rule of the private stable, and each way it can end: (rule, answers changed, outcome).
PRIVATE_CASES: tuple[tuple[str, dict[str, Any], Outcome], ...] = (
    ("nb.1.1.private", {}, PASS),
    ("nb.1.1.private", {"fee_charged": True}, FAIL),
    ("nb.1.1.private", {"horses": 3, "owner_residences": 2, "corral_area_sqft": 6000}, FAIL),
    ("nb.3.1.corral", {}, PASS),
    ("nb.3.1.corral", {"corral_area_sqft": 4000}, FAIL),
    ("nb.3.1.corral", {"horses": 1, "corral_area_sqft": 4000}, FAIL),
    ("nb.3.1.corral", {"horses": 0}, NOT_APPLICABLE),
    ("nb.4.1a.lot_line", {}, PASS),
    ("nb.4.1a.lot_line", {"distance_to_abutter_property_line_ft": 40}, FAIL),
    ("nb.4.1a.lot_line", {"grandfathered": True}, NOT_APPLICABLE),
    ("nb.4.1a.dwelling", {}, PASS),
    ("nb.4.1a.dwelling", {"distance_to_nonowner_dwelling_ft": 100}, FAIL),
    ("nb.4.1b.owner_dwelling", {}, PASS),
    ("nb.4.1b.owner_dwelling", {"distance_to_owner_dwelling_ft": 20}, FAIL),
    ("nb.4.1c.water", {}, PASS),
    ("nb.4.1c.water", {"distance_to_high_water_mark_ft": 30}, FAIL),
    ("nb.4.1d.supply", {}, PASS),
    ("nb.4.1d.supply", {"distance_to_drinking_water_supply_ft": 80}, FAIL),
    ("nb.4.1.concom", {}, PASS),
    ("nb.4.1.concom", {"conservation_commission_reviewed": False}, FAIL),
    ("nb.5.1.shed", {}, PASS),
    ("nb.5.1.shed", {"shed_sides": 2}, FAIL),
    ("nb.5.1.shed", {"roof_weatherproof": False}, FAIL),
    ("nb.5.1.shed", {"shed_sides": 2, "roof_weatherproof": False}, FAIL),
    ("nb.5.1.density", {}, PASS),
    ("nb.5.1.density", {"stable_floor_area_sqft": 200}, FAIL),
    ("nb.5.2.water", {}, PASS),
    ("nb.5.2.water", {"frost_free_water": False}, FAIL),
    ("nb.5.3.barbed", {}, PASS),
    ("nb.5.3.barbed", {"fence_material": "barbed_wire"}, FAIL),
    ("nb.5.3.opening", {}, NOT_APPLICABLE),
    ("nb.5.3.opening", WOVEN, PASS),
    ("nb.5.3.opening", {**WOVEN, "fence_opening_in": 6}, FAIL),
    ("nb.5.3.height", {}, PASS),
    ("nb.5.3.height", {"fence_height_ft": 3}, FAIL),
    ("nb.5.3.labels", {}, NOT_APPLICABLE),
    ("nb.5.3.labels", {**ELECTRIC, "warning_labels": 6}, PASS),
    ("nb.5.3.labels", {**ELECTRIC, "warning_labels": 1}, FAIL),
    ("nb.5.3.labels", {**ELECTRIC, "street_frontage_ft": 80, "warning_labels": 0}, FAIL),
    ("nb.2.3.zoning", {}, PASS),
    ("nb.2.3.zoning", {"zoning_certified": False}, FAIL),
)
#: The rules §7 adds or changes for a public stable.
PUBLIC_CASES: tuple[tuple[str, dict[str, Any], Outcome], ...] = (
    ("nb.7.3a.lot_line", {}, PASS),
    ("nb.7.3a.lot_line", {"distance_to_abutter_property_line_ft": 80}, FAIL),
    ("nb.7.3b.water", {}, PASS),
    ("nb.7.3b.water", {"distance_to_high_water_mark_ft": 80}, FAIL),
    ("nb.7.3b.supply", {}, PASS),
    ("nb.7.3b.supply", {"distance_to_drinking_water_supply_ft": 80}, FAIL),
    ("nb.7.2.lot", {}, PASS),
    ("nb.7.2.lot", {"lot_area_acres": 2}, FAIL),
    ("nb.7.2.max_horses", {}, PASS),
    ("nb.7.2.max_horses", {"horses": 11, "corral_area_sqft": 30000,
                           "stable_floor_area_sqft": 2000}, FAIL),
    ("nb.7.4.restrooms", {}, PASS),
    ("nb.7.4.restrooms", {"public_restrooms": False}, FAIL),
)
#: The abutters' notice of the permit's hearing (§2.2), mailed in time to all by certified mail.
NOTICE = {"hearing_date": dt.date(2030, 7, 20), "mailed_date": dt.date(2030, 7, 8),
          "certified_mail": True, "abutters_total": 4, "abutters_notified": 4}
NOTICE_CASES: tuple[tuple[str, dict[str, Any], Outcome], ...] = (
    ("nb.2.2.notice_days", {}, PASS),
    ("nb.2.2.notice_days", {"mailed_date": dt.date(2030, 7, 15)}, FAIL),
    ("nb.2.2.certified", {}, PASS),
    ("nb.2.2.certified", {"certified_mail": False}, FAIL),
    ("nb.2.2.all_abutters", {}, PASS),
    ("nb.2.2.all_abutters", {"abutters_notified": 3}, FAIL),
)
#: An expansion of the permitted stable (§2.1), under a quarter of its area in all.
EXPANSION = {"permitted_area_sqft": 800, "prior_expansions_sqft": 50,
             "proposed_expansion_sqft": 100}
EXPANSION_CASES: tuple[tuple[str, dict[str, Any], Outcome], ...] = (
    ("nb.2.1.expansion", {}, PASS),
    ("nb.2.1.expansion", {"proposed_expansion_sqft": 150}, FAIL),
)
CASES = [pytest.param(rule_set, base, *case, id=f"{case[0]}-{number}")
         for rule_set, base, cases in ((PRIVATE_STABLE, PRIVATE_FACTS, PRIVATE_CASES),
                                       (PUBLIC_STABLE, PUBLIC_FACTS, PUBLIC_CASES),
                                       (HEARING_NOTICE, NOTICE, NOTICE_CASES),
                                       (STABLE_EXPANSION, EXPANSION, EXPANSION_CASES))
         for number, case in enumerate(cases)]
RULE_SETS = (PRIVATE_STABLE, PUBLIC_STABLE, HEARING_NOTICE, STABLE_EXPANSION)


def finding(rule_set, base: dict[str, Any], rule_id: str, changes: dict[str, Any]):
    office = OFFICE if rule_set in (PRIVATE_STABLE, PUBLIC_STABLE) else {}
    result = rule_set.evaluate({**base, **office, **changes}, on=ON)
    return next(each for each in result.findings if each.rule == rule_id)


@pytest.mark.parametrize(("rule_set", "base", "rule_id", "changes", "outcome"), CASES)
def test_every_stable_rule_says_its_finding_in_the_readers_language(
        rule_set, base, rule_id, changes, outcome):
    assert_finding_translated(finding(rule_set, base, rule_id, changes), outcome)


@pytest.mark.parametrize("rule_set", RULE_SETS, ids=lambda each: each.code)
def test_the_rule_sets_their_rules_and_questions_are_said_in_the_readers_language(rule_set):
    for text in declared_words(rule_set):
        assert_translated(text)


def test_the_applications_fields_and_documents_are_said_in_the_readers_language():
    kind = kind_for(PRIVATE_STABLE.code)
    texts = [document.label for document in kind.documents]
    for field in kind.extra_fields:
        texts += [text for text in (field.label, field.help) if text]
    for text in texts:
        assert_translated(text)


def test_the_findings_read_in_english_as_before():
    assert finding(PRIVATE_STABLE, PRIVATE_FACTS, "nb.3.1.corral",
                   {"horses": 3, "owner_residences": 1, "corral_area_sqft": 4000}).message == (
        "The corral for 3 horses is 4000 sq ft; it must be at least 6000 sq ft. A corral needs "
        "at least 5000 sq ft, or 2000 sq ft per horse when that is more.")
    assert finding(PRIVATE_STABLE, PRIVATE_FACTS, "nb.5.3.labels",
                   {**ELECTRIC, "warning_labels": 1}).message == (
        "The charged fence has 1 warning label along 260 ft of street; it needs at least 6 "
        "labels: one on the street side, and one every 50 ft when the frontage is longer than "
        "100 ft.")
    assert finding(PRIVATE_STABLE, PRIVATE_FACTS, "nb.1.1.private",
                   {"horses": 3, "owner_residences": 2, "corral_area_sqft": 6000}).message == (
        "3 horses are kept for owners living at 2 residences, so this is a public stable "
        "(§1.1); apply under §7 for a public stable permit.")
    assert finding(HEARING_NOTICE, NOTICE, "nb.2.2.notice_days",
                   {"mailed_date": dt.date(2030, 7, 15)}).message == (
        "The notices were mailed on July 15, 2030, less than 10 days before the hearing on "
        "July 20, 2030; they must be mailed by July 10, 2030, or the hearing moved later.")
    assert finding(STABLE_EXPANSION, EXPANSION, "nb.2.1.expansion", {}).message == (
        "Expansions since the last permit total 150 sq ft, under 25% of the permitted area "
        "(200.00 sq ft); no new permit is needed.")


def test_a_finding_is_said_with_the_readers_numbers_and_units():
    found = finding(PRIVATE_STABLE, PRIVATE_FACTS, "nb.5.1.density",
                    {"horses": 3, "corral_area_sqft": 6000, "stable_floor_area_sqft": 200})

    assert "337.5 sq ft" in found.message
    assert "337,5" in said_in("pt-br", found.message)
    assert "sq ft" not in said_in("es", found.message)


def test_a_finding_is_the_same_english_whatever_language_is_active():
    changes = {"fee_charged": True, "shed_sides": 2, "distance_to_owner_dwelling_ft": 20}
    findings = []
    for language in ("en", *LANGUAGES):
        with translation.override(language):
            result = PRIVATE_STABLE.evaluate({**PRIVATE_FACTS, **OFFICE, **changes}, on=ON)
        findings.append([(each.rule, each.outcome, each.message) for each in result.findings])

    assert findings[0] == findings[1] == findings[2]
    assert ("nb.5.1.shed", FAIL,
            "The stable needs at least 3 closed sides (it has 2).") in findings[0]
