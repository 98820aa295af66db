"""Northborough Board of Health Horse and Stable Regulations, as rule sets.

Adopted May 2, 1990, amended September 9, 1998. One rule set per check the
Board makes: the private and public stable applications (§§1–5, 7), the
sanitary inspection (§6), the horse burial notice (§6.6), the abutters'
hearing notice (§2.2) and the stable expansion test (§2.1).

A public stable is judged by the private stable's rules "as if all references
therein to private stables were to public stables" (§7), so the two
application sets share one Rule object for every rule §7 leaves untouched.
"""

from __future__ import annotations

import datetime as dt
import functools
import math
from collections.abc import Callable, Mapping
from dataclasses import replace
from decimal import Decimal
from typing import Any

from permits_site.rules.base import (
    NOT_RECORDED,
    CheckContext,
    Fact,
    FactType,
    Outcome,
    Rule,
    RuleFunction,
    RuleSet,
    Verdict,
    at_least,
    at_most,
    failed,
    must_hold,
    must_hold_if_recorded,
    needs_review,
    not_applicable,
    passed,
)
from permits_site.rules.calendar import days_before
from permits_site.rules.units import (
    ACRES,
    CUBIC_FEET,
    DAYS,
    FEET,
    INCHES,
    SQUARE_FEET,
    measure,
)
from permits_site.rules.wording import explain, gettext_noop, ngettext_lazy, phrase
from stables.law import cite

MUNICIPALITY = "northborough"

CORRAL_MINIMUM_SQFT = 5000
CORRAL_SQFT_PER_HORSE = 2000
STABLE_SQFT_PER_HORSE = Decimal("112.5")  # "4 horses per 15 x 30"
LONG_FRONTAGE_FT = 100
LABEL_INTERVAL_FT = 50
MANURE_LIMIT_CUFT = 256  # two cords of 128 cu ft each
MANURE_REMOVAL_DAYS = 14
EXPANSION_SHARE = Decimal("0.25")
HEARING_NOTICE_DAYS = 10

#: The corral fence's materials, each with the word the generated form shows it by, marked for
#: the catalogues.
FENCE_MATERIAL_WORDS = {
    "wood": gettext_noop("Wood"),
    "woven_wire": gettext_noop("Woven wire"),
    "electric": gettext_noop("Electric"),
    "barbed_wire": gettext_noop("Barbed wire"),
    "other": gettext_noop("Other"),
}
FENCE_MATERIALS = tuple(FENCE_MATERIAL_WORDS)


#: What the rules count, said the reader's way with the numbers on a page (the units they
#: measure in: ``permits_site.rules.units``).
HORSE_UNITS = gettext_noop("horses")


def _then(verdict: Verdict, more: str) -> Verdict:
    """The verdict with a further sentence after its message."""
    return replace(verdict, message=explain(gettext_noop("%(finding)s %(more)s"),
                                            finding=verdict.message, more=phrase(more)))


def _on_failure(verdict: Verdict, advice: str) -> Verdict:
    """Append advice on how to comply to a failing verdict."""
    if verdict.outcome is Outcome.FAIL:
        return _then(verdict, advice)
    return verdict


def _horses(number: int) -> str:
    """ "1 horse", "3 horses", in the plural forms of the reader's language."""
    return measure(number, "horses")


def _is_woven_wire(facts: Mapping[str, Any]) -> bool:
    return facts.get("fence_material") == "woven_wire"


# -- Stable application facts (shared by the private and public sets) --------

#: §1.1: without a fee, a stable is public when it keeps "three or more horses" for owners
#: who "reside at different locations" (read: two or more residences).
PUBLIC_STABLE_HORSES = 3
PUBLIC_STABLE_RESIDENCES = 2

HORSES = Fact(
    "horses", FactType.INTEGER, gettext_noop("How many horses will be kept at the stable?"),
    unit="horses",
)
FEE_CHARGED = Fact(
    "fee_charged",
    FactType.BOOL,
    gettext_noop("Are horses or riding instruction provided for a fee?"),
    help_text=gettext_noop(
        "A stable that charges for horses or lessons is a public stable (§1.1)."),
)
OWNER_RESIDENCES = Fact(
    "owner_residences",
    FactType.INTEGER,
    gettext_noop("At how many different residences do the horses' owners or occupants live?"),
    unit="residences",
    minimum=1,
    help_text=gettext_noop("Three or more horses whose owners live at two or more residences "
                           "make the stable public (§1.1)."),
)
GRANDFATHERED = Fact(
    "grandfathered",
    FactType.BOOL,
    gettext_noop("Was the stable permitted under the rules in force before May 2, 1990?"),
    default=False,
    help_text=gettext_noop("A grandfathered stable keeps that status while it operates "
                           "satisfactorily (§2.5); the location and construction rules then "
                           "do not apply, but still describe the site here."),
)
CORRAL_AREA = Fact(
    "corral_area_sqft",
    FactType.NUMBER,
    gettext_noop("Corral area"),
    unit="sq ft",
    help_text=gettext_noop("The paddock or fenced enclosure where the horses are confined."),
)
STABLE_FLOOR_AREA = Fact(
    "stable_floor_area_sqft", FactType.NUMBER, gettext_noop("Stable floor area"), unit="sq ft"
)
SHED_SIDES = Fact(
    "shed_sides",
    FactType.INTEGER,
    gettext_noop("How many closed sides does the stable have?"),
    unit="sides",
    maximum=4,
)
ROOF_WEATHERPROOF = Fact(
    "roof_weatherproof", FactType.BOOL, gettext_noop("Is the roof weatherproof?")
)
ABUTTER_LOT_LINE_DISTANCE = Fact(
    "distance_to_abutter_property_line_ft",
    FactType.NUMBER,
    gettext_noop("Distance from the stable to the nearest abutter's property line"),
    unit="ft",
)
NONOWNER_DWELLING_DISTANCE = Fact(
    "distance_to_nonowner_dwelling_ft",
    FactType.NUMBER,
    gettext_noop("Distance from the stable to the nearest dwelling not occupied by its owner "
                 "or operator"),
    unit="ft",
)
OWNER_DWELLING_DISTANCE = Fact(
    "distance_to_owner_dwelling_ft",
    FactType.NUMBER,
    gettext_noop("Distance from the stable to the owner's dwelling"),
    unit="ft",
)
HIGH_WATER_DISTANCE = Fact(
    "distance_to_high_water_mark_ft",
    FactType.NUMBER,
    gettext_noop("Distance from the stable to the nearest high water mark"),
    unit="ft",
    help_text=gettext_noop("Of any brook, stream, river, pond or drainage easement."),
)
DRINKING_WATER_DISTANCE = Fact(
    "distance_to_drinking_water_supply_ft",
    FactType.NUMBER,
    gettext_noop("Distance from the stable to the nearest drinking water supply"),
    unit="ft",
    help_text=gettext_noop("Any public or private source of drinking water, such as a well."),
)
FROST_FREE_WATER = Fact(
    "frost_free_water",
    FactType.BOOL,
    gettext_noop("Is there a frost-free supply of potable water at or near the stable?"),
)
FENCE_MATERIAL = Fact(
    "fence_material",
    FactType.CHOICE,
    gettext_noop("What is the corral fence made of?"),
    choices=FENCE_MATERIALS,
)
FENCE_OPENING = Fact(
    "fence_opening_in",
    FactType.NUMBER,
    gettext_noop("Largest opening in the woven wire fence"),
    unit="in",
    condition=_is_woven_wire,
    condition_text=gettext_noop("only for a woven wire fence"),
)
FENCE_HEIGHT = Fact(
    "fence_height_ft", FactType.NUMBER, gettext_noop("Height of the fence's top barrier"), unit="ft"
)
STREET_FRONTAGE = Fact(
    "street_frontage_ft",
    FactType.NUMBER,
    gettext_noop("Length of fence along street frontage"),
    unit="ft",
    help_text=gettext_noop("Enter 0 if no part of the fence runs along a street."),
)
WARNING_LABELS = Fact(
    "warning_labels",
    FactType.INTEGER,
    gettext_noop("How many warning labels are on the fence along the street?"),
    unit="labels",
    help_text=gettext_noop("Needed only for a charged (electric) fence."),
)
ZONING_CERTIFIED = Fact(
    "zoning_certified",
    FactType.BOOL,
    gettext_noop("Has the zoning authority certified that the stable does not conflict with "
                 "zoning?"),
)
CONSERVATION_REVIEWED = Fact(
    "conservation_commission_reviewed",
    FactType.BOOL,
    gettext_noop("Has the stable location been reviewed with the Conservation Commission?"),
)
LOT_AREA = Fact("lot_area_acres", FactType.NUMBER, gettext_noop("Lot area"), unit="acres")
PUBLIC_RESTROOMS = Fact(
    "public_restrooms",
    FactType.BOOL,
    gettext_noop("Are public restrooms available to customers and employees?"),
    help_text=gettext_noop("They must meet Title 5 and, except portable toilets, the "
                           "Massachusetts Plumbing Code; they may be in a residence (§7.4)."),
)

_SITE_FACTS = (
    CORRAL_AREA,
    STABLE_FLOOR_AREA,
    SHED_SIDES,
    ROOF_WEATHERPROOF,
    ABUTTER_LOT_LINE_DISTANCE,
    NONOWNER_DWELLING_DISTANCE,
    OWNER_DWELLING_DISTANCE,
    HIGH_WATER_DISTANCE,
    DRINKING_WATER_DISTANCE,
    FROST_FREE_WATER,
    FENCE_MATERIAL,
    FENCE_OPENING,
    FENCE_HEIGHT,
    STREET_FRONTAGE,
    WARNING_LABELS,
    ZONING_CERTIFIED,
    CONSERVATION_REVIEWED,
)

PRIVATE_STABLE = RuleSet(
    code="northborough.private_stable",
    municipality=MUNICIPALITY,
    title=gettext_noop("Private stable permit application"),
    description=gettext_noop("Location, construction and fencing of a private stable (§§1–5)."),
    facts=(HORSES, FEE_CHARGED, OWNER_RESIDENCES, GRANDFATHERED, *_SITE_FACTS),
)

PUBLIC_STABLE = RuleSet(
    code="northborough.public_stable",
    municipality=MUNICIPALITY,
    title=gettext_noop("Public stable permit application"),
    description=gettext_noop(
        "A private stable's rules with the public stable modifications of §7."),
    facts=(
        HORSES,
        replace(FEE_CHARGED, required=False),
        replace(OWNER_RESIDENCES, required=False),
        GRANDFATHERED,
        *_SITE_FACTS,
        LOT_AREA,
        PUBLIC_RESTROOMS,
    ),
)


def _public_rule(rule_id: str, citation: str, summary: str) -> Callable[[RuleFunction], Rule]:
    """Declare a rule of the public set only; the set lists it in table order below."""

    def declare(function: RuleFunction) -> Rule:
        return Rule(id=rule_id, citation=citation, summary=summary, function=function)

    return declare


def _unless_grandfathered(function: RuleFunction) -> RuleFunction:
    """§2.5: §4 and §5 (and §7.3, which amends §4.1) bind only newer permits."""

    @functools.wraps(function)
    def check(facts: Mapping[str, Any], context: CheckContext) -> Verdict:
        if facts["grandfathered"]:
            return not_applicable(gettext_noop(
                "This stable is grandfathered: it was permitted under the rules in force "
                "before May 2, 1990, so the location and construction rules apply only "
                "to newer permits (§2.5)."
            ))
        return function(facts, context)

    return check


# -- Private stable application rules, in the spec's table order ------------


@PRIVATE_STABLE.rule(
    "nb.1.1.private",
    cite("1.1"),
    gettext_noop("The stable is private, not public"),
)
def private_use(facts: Mapping[str, Any], context: CheckContext) -> Verdict:
    """§1.1: a stable is public when horses or riding instruction are provided for a
    fee or, without a fee, when three or more horses are kept for owners who
    "reside at different locations" (read: two or more residences)."""
    horses, residences = facts["horses"], facts["owner_residences"]
    if facts["fee_charged"]:
        return failed(gettext_noop(
            "Horses or riding instruction are provided for a fee, so this is a public stable "
            "(§1.1); apply under §7 for a public stable permit."))
    if horses >= PUBLIC_STABLE_HORSES and residences >= PUBLIC_STABLE_RESIDENCES:
        return failed(explain(gettext_noop(
            "%(horses)s are kept for owners living at %(residences)s residences, so this is a "
            "public stable (§1.1); apply under §7 for a public stable permit."),
            horses=_horses(horses), residences=residences))
    return passed(gettext_noop(
        "This is a private stable: nothing is provided for a fee, and it does not keep "
        "three or more horses for owners living at different residences."
    ))


@PRIVATE_STABLE.rule(
    "nb.3.1.corral",
    cite("3.1"),
    gettext_noop("The corral is large enough for the horses"),
)
def corral_area(facts: Mapping[str, Any], context: CheckContext) -> Verdict:
    """§3.1: no corral under 5,000 sq ft or, if more, under 2,000 sq ft per horse."""
    horses = facts["horses"]
    if horses == 0:
        return not_applicable(gettext_noop(
            "No horses are kept, so there is no corral size to check."))
    required = max(CORRAL_MINIMUM_SQFT, CORRAL_SQFT_PER_HORSE * horses)
    verdict = at_least(
        facts["corral_area_sqft"],
        required,
        unit=SQUARE_FEET,
        what=explain(gettext_noop("The corral for %(horses)s"), horses=_horses(horses)),
    )
    return _on_failure(verdict, gettext_noop(
        "A corral needs at least 5000 sq ft, or 2000 sq ft per horse when that is more."))


@PRIVATE_STABLE.rule(
    "nb.4.1a.lot_line",
    cite("4.1(a)"),
    gettext_noop("The stable is 50 ft or more from abutters' lot lines")
)
@_unless_grandfathered
def abutter_lot_line(facts: Mapping[str, Any], context: CheckContext) -> Verdict:
    """§4.1(a): not less than 50 feet from any abutter's property line."""
    return _with_reading_4_1a(at_least(
        facts["distance_to_abutter_property_line_ft"],
        50,
        unit=FEET,
        what=gettext_noop("The stable's distance from the nearest abutter's property line"),
    ))


#: §4.1(a) says "50 feet from any abutter's property line or 150 feet from a dwelling"; the
#: Board reads both distances as required (spec, Reading 4.1(a)) and every finding says so.
READING_4_1A = gettext_noop(
    "The Board reads §4.1(a) as requiring both distances: at least 50 ft from every "
    "abutter's property line and at least 150 ft from any dwelling the stable's owner or "
    "operator does not occupy."
)


def _with_reading_4_1a(verdict: Verdict) -> Verdict:
    return _then(verdict, READING_4_1A)


@PRIVATE_STABLE.rule(
    "nb.4.1a.dwelling",
    cite("4.1(a)"),
    gettext_noop("The stable is 150 ft or more from dwellings its owner does not occupy"),
)
@_unless_grandfathered
def nonowner_dwelling(facts: Mapping[str, Any], context: CheckContext) -> Verdict:
    """§4.1(a): not less than 150 feet from a dwelling not occupied by the owner or
    operator of the stable (read: this holds as well as the 50-foot lot line)."""
    return _with_reading_4_1a(at_least(
        facts["distance_to_nonowner_dwelling_ft"],
        150,
        unit=FEET,
        what=gettext_noop(
            "The stable's distance from the nearest dwelling its owner does not occupy"),
    ))


@PRIVATE_STABLE.rule(
    "nb.4.1b.owner_dwelling",
    cite("4.1(b)"),
    gettext_noop("The stable is 35 ft or more from the owner's dwelling"),
)
@_unless_grandfathered
def owner_dwelling(facts: Mapping[str, Any], context: CheckContext) -> Verdict:
    """§4.1(b): not less than 35 feet from the owner's dwelling."""
    return at_least(
        facts["distance_to_owner_dwelling_ft"],
        35,
        unit=FEET,
        what=gettext_noop("The stable's distance from the owner's dwelling"),
    )


@PRIVATE_STABLE.rule(
    "nb.4.1c.water",
    cite("4.1(c)"),
    gettext_noop("The stable is 50 ft or more from the high water mark")
)
@_unless_grandfathered
def high_water(facts: Mapping[str, Any], context: CheckContext) -> Verdict:
    """§4.1(c): not less than 50 feet from the high water mark of any brook, stream,
    river, pond or drainage easement."""
    return at_least(
        facts["distance_to_high_water_mark_ft"],
        50,
        unit=FEET,
        what=gettext_noop("The stable's distance from the nearest high water mark"),
    )


@PRIVATE_STABLE.rule(
    "nb.4.1d.supply",
    cite("4.1(d)"),
    gettext_noop("The stable is 100 ft or more from drinking water supplies")
)
@_unless_grandfathered
def drinking_water(facts: Mapping[str, Any], context: CheckContext) -> Verdict:
    """§4.1(d): not less than 100 feet from any public or private drinking water supply."""
    return at_least(
        facts["distance_to_drinking_water_supply_ft"],
        100,
        unit=FEET,
        what=gettext_noop("The stable's distance from the nearest drinking water supply"),
    )


@PRIVATE_STABLE.rule(
    "nb.4.1.concom",
    cite("4.1"),
    gettext_noop("The location was reviewed with the Conservation Commission")
)
@_unless_grandfathered
def conservation_review(facts: Mapping[str, Any], context: CheckContext) -> Verdict:
    """§4.1: the applicant must review the stable location with the Conservation
    Commission."""
    return must_hold(
        facts["conservation_commission_reviewed"],
        ok=gettext_noop("The stable location has been reviewed with the Conservation "
                        "Commission."),
        refusal=gettext_noop("Review the stable location with the Conservation Commission; "
                             "this is required before the permit can be issued."),
    )


@PRIVATE_STABLE.rule(
    "nb.5.1.shed",
    cite("5.1"),
    gettext_noop("The stable has at least three sides and a weatherproof roof")
)
@_unless_grandfathered
def shed(facts: Mapping[str, Any], context: CheckContext) -> Verdict:
    """§5.1: at minimum an open shed with a weatherproof roof and three sides."""
    sides, roof_ok = facts["shed_sides"], facts["roof_weatherproof"]
    if sides < 3:
        needs = (gettext_noop("The stable needs at least 3 closed sides (it has %(sides)s) and "
                              "a weatherproof roof.") if not roof_ok else
                 gettext_noop("The stable needs at least 3 closed sides (it has %(sides)s)."))
        return failed(explain(needs, sides=sides), required=3, actual=sides, unit="sides")
    if not roof_ok:
        return failed(gettext_noop("The stable needs a weatherproof roof."), required=3,
                      actual=sides, unit="sides")
    return passed(
        explain(gettext_noop("The stable has %(sides)s sides and a weatherproof roof."),
                sides=sides),
        required=3,
        actual=sides,
        unit="sides",
    )


@PRIVATE_STABLE.rule(
    "nb.5.1.density", cite("5.1"), gettext_noop("The stable has 112.5 sq ft of floor per horse")
)
@_unless_grandfathered
def stable_density(facts: Mapping[str, Any], context: CheckContext) -> Verdict:
    """§5.1: 4 horses per 15 x 30 feet, i.e. 112.5 sq ft of stable floor per horse."""
    horses = facts["horses"]
    verdict = at_least(
        facts["stable_floor_area_sqft"],
        STABLE_SQFT_PER_HORSE * horses,
        unit=SQUARE_FEET,
        what=explain(gettext_noop("The stable floor area for %(horses)s"),
                     horses=_horses(horses)),
    )
    return _on_failure(verdict, gettext_noop(
        "Allow 112.5 sq ft per horse (4 horses per 15 x 30 ft)."))


@PRIVATE_STABLE.rule(
    "nb.5.2.water",
    cite("5.2"),
    gettext_noop("A frost-free potable water supply is at or near the stable")
)
@_unless_grandfathered
def frost_free_water(facts: Mapping[str, Any], context: CheckContext) -> Verdict:
    """§5.2: a frost-free supply of potable water at or near the stable."""
    return must_hold(
        facts["frost_free_water"],
        ok=gettext_noop("A frost-free potable water supply is available at or near the "
                        "stable."),
        refusal=gettext_noop("Provide a frost-free supply of potable water at or near the "
                             "stable for feeding, cleaning and fire protection."),
    )


@PRIVATE_STABLE.rule("nb.5.3.barbed", cite("5.3"), gettext_noop("The fence is not barbed wire"))
@_unless_grandfathered
def no_barbed_wire(facts: Mapping[str, Any], context: CheckContext) -> Verdict:
    """§5.3: barbed wire shall not be used."""
    return must_hold(
        facts["fence_material"] != "barbed_wire",
        ok=gettext_noop("The fence is not barbed wire."),
        refusal=gettext_noop("Barbed wire may not be used; fence the corral with wood, smooth "
                             "woven wire, charged electric wire or another accepted material."),
    )


@PRIVATE_STABLE.rule(
    "nb.5.3.opening",
    cite("5.3"),
    gettext_noop("Woven wire fence openings are 4 in or less"),
)
@_unless_grandfathered
def woven_wire_opening(facts: Mapping[str, Any], context: CheckContext) -> Verdict:
    """§5.3: smooth woven wire with an opening no greater than 4 inches."""
    if not _is_woven_wire(facts):
        return not_applicable(gettext_noop(
            "The fence is not woven wire, so the opening size does not apply."))
    return at_most(facts["fence_opening_in"], 4, unit=INCHES,
                   what=gettext_noop("The largest opening in the woven wire"))


@PRIVATE_STABLE.rule(
    "nb.5.3.height",
    cite("5.3"),
    gettext_noop("The fence's top barrier is 4 ft or higher"),
)
@_unless_grandfathered
def fence_height(facts: Mapping[str, Any], context: CheckContext) -> Verdict:
    """§5.3: the top barrier of the fence shall be at least 4 feet high."""
    return at_least(facts["fence_height_ft"], 4, unit=FEET,
                    what=gettext_noop("The height of the fence's top barrier"))


def required_warning_labels(frontage_ft: Decimal) -> int:
    """§5.3: one label on street frontage, and one per 50 ft when it exceeds 100 ft."""
    if frontage_ft > LONG_FRONTAGE_FT:
        return math.ceil(frontage_ft / LABEL_INTERVAL_FT)
    return 1


@PRIVATE_STABLE.rule(
    "nb.5.3.labels",
    cite("5.3"),
    gettext_noop("A charged fence on street frontage carries warning labels")
)
@_unless_grandfathered
def warning_labels(facts: Mapping[str, Any], context: CheckContext) -> Verdict:
    """§5.3: a charged fence on street frontage has at least one warning label, and
    labels at 50-foot intervals if the frontage exceeds 100 feet."""
    frontage = facts["street_frontage_ft"]
    if facts["fence_material"] != "electric" or frontage == 0:
        return not_applicable(gettext_noop(
            "Warning labels are needed only on a charged fence along a street."))
    labels, required = facts["warning_labels"], required_warning_labels(frontage)
    found = explain(gettext_noop("The charged fence has %(labels)s along %(frontage)s ft of "
                                 "street"),
                    labels=explain(ngettext_lazy("%(count)s warning label",
                                                 "%(count)s warning labels", "count"),
                                   count=labels),
                    frontage=frontage)
    if labels >= required:
        return passed(
            explain(gettext_noop("%(found)s; it needs at least %(required)s."), found=found,
                    required=required),
            required=required,
            actual=labels,
            unit="labels",
        )
    return failed(
        explain(gettext_noop("%(found)s; it needs at least %(required)s: one on the street "
                             "side, and one every 50 ft when the frontage is longer than 100 "
                             "ft."),
                found=found, required=measure(required, "labels")),
        required=required,
        actual=labels,
        unit="labels",
    )


@PRIVATE_STABLE.rule(
    "nb.2.3.zoning",
    cite("2.3"),
    gettext_noop("The zoning authority certified the stable"),
)
def zoning_certification(facts: Mapping[str, Any], context: CheckContext) -> Verdict:
    """§2.3: no permit unless the zoning authority certifies that the stable does not
    conflict with the zoning laws."""
    return must_hold(
        facts["zoning_certified"],
        ok=gettext_noop("The zoning authority has certified that the stable does not conflict "
                        "with zoning."),
        refusal=gettext_noop("Ask the zoning authority to certify to the Board of Health that "
                             "the stable does not conflict with zoning; this is required before "
                             "the permit can be issued."),
    )


# -- Public stable rules (§7) -------------------------------------------------


@_public_rule(
    "nb.7.3a.lot_line",
    cite("7.3(a)"),
    gettext_noop("The public stable is 100 ft or more from abutters' lot lines"),
)
@_unless_grandfathered
def public_abutter_lot_line(facts: Mapping[str, Any], context: CheckContext) -> Verdict:
    """§7.3(a): for a public stable the §4.1 distance is not less than 100 feet from
    any abutter's property line."""
    return at_least(
        facts["distance_to_abutter_property_line_ft"],
        100,
        unit=FEET,
        what=gettext_noop("The stable's distance from the nearest abutter's property line"),
    )


@_public_rule(
    "nb.7.3b.water",
    cite("7.3(b)"),
    gettext_noop("The public stable is 100 ft or more from the high water mark")
)
@_unless_grandfathered
def public_high_water(facts: Mapping[str, Any], context: CheckContext) -> Verdict:
    """§7.3(b): not less than 100 feet from the high water mark of any brook, stream,
    river, pond or drainage easement."""
    return at_least(
        facts["distance_to_high_water_mark_ft"],
        100,
        unit=FEET,
        what=gettext_noop("The stable's distance from the nearest high water mark"),
    )


@_public_rule(
    "nb.7.3b.supply",
    cite("7.3(b)"),
    gettext_noop("The public stable is 100 ft or more from drinking water supplies"),
)
@_unless_grandfathered
def public_drinking_water(facts: Mapping[str, Any], context: CheckContext) -> Verdict:
    """§7.3(b): not less than 100 feet from any public or private drinking water supply."""
    return at_least(
        facts["distance_to_drinking_water_supply_ft"],
        100,
        unit=FEET,
        what=gettext_noop("The stable's distance from the nearest drinking water supply"),
    )


@_public_rule("nb.7.2.lot", cite("7.2"), gettext_noop("The public stable's lot is 5 acres or more"))
def public_lot_size(facts: Mapping[str, Any], context: CheckContext) -> Verdict:
    """§7.2: the minimum lot size for a public stable is 5 acres."""
    return at_least(facts["lot_area_acres"], 5, unit=ACRES, what=gettext_noop("The lot area"))


@_public_rule(
    "nb.7.2.max_horses",
    cite("7.2"),
    gettext_noop("The public stable keeps 10 horses or fewer"),
)
def public_horse_limit(facts: Mapping[str, Any], context: CheckContext) -> Verdict:
    """§7.2: the maximum number of horses at a public stable is 10."""
    return at_most(facts["horses"], 10, unit=HORSE_UNITS,
                   what=gettext_noop("The herd at this public stable"))


@_public_rule(
    "nb.7.4.restrooms",
    cite("7.4"),
    gettext_noop("The public stable has public restrooms"),
)
def public_restrooms(facts: Mapping[str, Any], context: CheckContext) -> Verdict:
    """§7.4: a public stable shall have public restrooms for customers and employees."""
    return must_hold(
        facts["public_restrooms"],
        ok=gettext_noop("Public restrooms are available to customers and employees."),
        refusal=gettext_noop("Provide public restrooms for customers and employees (they may "
                             "be in a residence and must meet Title 5 and the Plumbing Code)."),
    )


PUBLIC_STABLE.add(
    corral_area,
    public_abutter_lot_line,
    nonowner_dwelling,
    owner_dwelling,
    public_high_water,
    public_drinking_water,
    conservation_review,
    shed,
    stable_density,
    frost_free_water,
    no_barbed_wire,
    woven_wire_opening,
    fence_height,
    warning_labels,
    zoning_certification,
    public_lot_size,
    public_horse_limit,
    public_restrooms,
)


# -- Sanitary inspection (§6) -------------------------------------------------

SANITARY_INSPECTION = RuleSet(
    code="northborough.sanitary_inspection",
    municipality=MUNICIPALITY,
    title=gettext_noop("Sanitary inspection of a stable"),
    description=gettext_noop("The inspector's checklist for the keeping of horses (§3), the "
                             "stable's condition (§5) and its sanitary maintenance (§6)."),
    facts=(
        Fact(
            "manure_storage_cuft",
            FactType.NUMBER,
            gettext_noop("Manure and used bedding at the storage area"),
            unit="cu ft",
            help_text=gettext_noop("Two cords (256 cu ft) is the most allowed without a "
                                   "variance."),
        ),
        Fact(
            "days_since_manure_removed",
            FactType.INTEGER,
            gettext_noop("Days since manure was last taken off the property"),
            unit="days",
        ),
        Fact(
            "manure_variance",
            FactType.BOOL,
            gettext_noop("Has the Board of Health granted a variance for a larger manure pile?"),
        ),
        Fact(
            "runoff_to_wetlands",
            FactType.BOOL,
            gettext_noop("Can manure drain or run off into a wetland resource area?"),
        ),
        Fact(
            "stall_cleaned_daily",
            FactType.BOOL,
            gettext_noop("Is manure removed from the stalls at least daily?"),
        ),
        Fact(
            "effluent_discharged",
            FactType.BOOL,
            gettext_noop("Does effluent with urine or manure run off or flow over the ground?"),
        ),
        Fact(
            "feed_in_closed_containers",
            FactType.BOOL,
            gettext_noop("Is feed stored in closed, moisture- and vermin-resistant containers?"),
        ),
        Fact(
            "manure_variance_conditions_met",
            FactType.BOOL,
            gettext_noop("Are the manure variance's conditions met?"),
            help_text=cite("6.2"),
            required=False,
        ),
        Fact(
            "board_disposal_interval_days",
            FactType.INTEGER,
            gettext_noop("Days between disposals the Board requires for this lot, if fewer "
                         "than 14"),
            unit="days",
            help_text=gettext_noop("The lot's dimensions or drainage may require more frequent "
                                   "off-property disposal (§6.2)."),
            required=False,
            minimum=1,
            maximum=MANURE_REMOVAL_DAYS,
        ),
        *(
            Fact(name, FactType.BOOL, label, help_text=cite(section), required=False)
            for name, label, section in (
                ("corral_sloped",
                 gettext_noop("Is the corral and paddock sloped so that water does not stand?"),
                 "3.1"),
                ("horses_clean_and_healthy",
                 gettext_noop("Are the horses kept in a clean and healthy condition?"), "3.2"),
                ("state_immunizations_current",
                 gettext_noop("Are the horses' other immunizations the state's Division of "
                              "Animal Health requires up to date?"), "3.2"),
                ("light_and_ventilation_adequate",
                 gettext_noop("Does the stable have adequate light and ventilation?"), "5.1"),
                ("corral_grassed", gettext_noop("Is the corral grassed?"), "5.3"),
                ("dust_controlled",
                 gettext_noop("Are dust control measures taken in the corral?"), "5.3"),
                ("barrier_needed",
                 gettext_noop("Is a barrier needed to keep children away from the stable or to "
                              "protect an abutter's enjoyment of their property?"), "5.4"),
                ("barrier_in_place",
                 gettext_noop("Is a fence, planting or other barrier in place?"), "5.4"),
                ("stable_used_for_habitation",
                 gettext_noop("Does anyone live in the stable?"), "5.5"),
                ("habitation_permitted_in_writing",
                 gettext_noop("Has the Board of Health given written permission to live "
                              "there?"), "5.5"),
                ("unsanitary_conditions",
                 gettext_noop("Do flies, odors, vermin, effluent, runoff or disease carriers "
                              "cause a nuisance or threaten health?"), "6.1"),
                ("manure_treated",
                 gettext_noop("Is the manure treated with lime or superphosphate and an "
                              "approved insecticide?"), "6.2"),
                ("insect_control_practiced",
                 gettext_noop("Is insect control practiced on walls, ceilings, stalls and the "
                              "outside of the stable?"), "6.4"),
            )
        ),
    ),
)

@SANITARY_INSPECTION.rule(
    "nb.6.2.volume", cite("6.2"), gettext_noop("No more than two cords of manure are stored")
)
def manure_volume(facts: Mapping[str, Any], context: CheckContext) -> Verdict:
    """§6.2: no more than two cords of manure and used bedding at the storage area
    without a variance (read: two cords of 128 cu ft, 256 cu ft; the text's
    "8x8x16 feet" contradicts "two cords" and is not used)."""
    stored = facts["manure_storage_cuft"]
    if facts["manure_variance"] and facts.get("manure_variance_conditions_met") is False:
        return failed(
            explain(gettext_noop("%(stored)s cu ft of manure is stored under the Board of "
                                 "Health's variance, but its conditions are not met; meet them "
                                 "or keep to two cords."), stored=stored),
            actual=stored, unit="cu ft",
        )
    if facts["manure_variance"]:
        return passed(
            explain(gettext_noop("%(stored)s cu ft of manure is stored; the Board of Health's "
                                 "variance allows more than two cords."), stored=stored),
            actual=stored,
            unit="cu ft",
        )
    verdict = at_most(
        stored,
        MANURE_LIMIT_CUFT,
        unit=CUBIC_FEET,
        what=gettext_noop("The manure and used bedding at the storage area"),
    )
    return _on_failure(verdict, gettext_noop(
        "Take manure off the property, or ask the Board of Health for a variance."))


def in_manure_season(day: dt.date) -> bool:
    """§6.2: "between May 1st and November 1st", both days included."""
    return dt.date(day.year, 5, 1) <= day <= dt.date(day.year, 11, 1)


@SANITARY_INSPECTION.rule(
    "nb.6.2.interval",
    cite("6.2"),
    gettext_noop("From May 1 to November 1 manure is removed at least every two weeks"),
)
def manure_interval(facts: Mapping[str, Any], context: CheckContext) -> Verdict:
    """§6.2: manure shall not accumulate for more than two weeks between May 1 and
    November 1; "the dimensions and/or drainage conditions of any particular lot may, in the
    opinion of the Board of Health, require more frequent off-property disposal" — a shorter
    interval the Board set for the lot, when recorded, is the limit."""
    if not in_manure_season(context.on):
        return not_applicable(gettext_noop(
            "The two-week limit on manure applies only from May 1 to November 1."))
    board_interval = facts.get("board_disposal_interval_days")
    verdict = at_most(
        facts["days_since_manure_removed"],
        min(MANURE_REMOVAL_DAYS, board_interval or MANURE_REMOVAL_DAYS),
        unit=DAYS,
        what=gettext_noop("The time since manure was last taken off the property"),
    )
    return _on_failure(verdict, gettext_noop("Take the manure off the property now."))


@SANITARY_INSPECTION.rule(
    "nb.6.2.runoff", cite("6.2"), gettext_noop("Manure cannot drain or run off into wetlands")
)
def manure_runoff(facts: Mapping[str, Any], context: CheckContext) -> Verdict:
    """§6.2: manure stored so that there can be no drainage or runoff into any
    wetlands resource area."""
    return must_hold(
        not facts["runoff_to_wetlands"],
        ok=gettext_noop("Manure cannot drain or run off into a wetland resource area."),
        refusal=gettext_noop("Manure can drain or run off into a wetland resource area; move "
                             "or contain the manure storage so that it cannot."),
    )


@SANITARY_INSPECTION.rule(
    "nb.6.2.stall", cite("6.2"), gettext_noop("Stalls are cleaned of manure daily")
)
def stall_cleaning(facts: Mapping[str, Any], context: CheckContext) -> Verdict:
    """§6.2: manure shall be removed from the stall at least daily."""
    return must_hold(
        facts["stall_cleaned_daily"],
        ok=gettext_noop("Manure is removed from the stalls at least daily."),
        refusal=gettext_noop("Remove manure from the stalls at least daily and place it in the "
                             "manure storage area."),
    )


@SANITARY_INSPECTION.rule(
    "nb.6.3.effluent", cite("6.3"), gettext_noop("No effluent runs off the stable")
)
def effluent(facts: Mapping[str, Any], context: CheckContext) -> Verdict:
    """§6.3: effluent containing urine or fecal matter shall not be discharged in
    runoff or flow over the surface of the ground."""
    return must_hold(
        not facts["effluent_discharged"],
        ok=gettext_noop("No effluent runs off or flows over the ground."),
        refusal=gettext_noop("Effluent with urine or manure is running off or over the ground; "
                             "contain it so that it does not."),
    )


@SANITARY_INSPECTION.rule(
    "nb.6.5.feed", cite("6.5"), gettext_noop("Feed is stored in closed containers")
)
def feed_storage(facts: Mapping[str, Any], context: CheckContext) -> Verdict:
    """§6.5: feed shall be stored in closed, moisture and vermin resistant containers."""
    return must_hold(
        facts["feed_in_closed_containers"],
        ok=gettext_noop("Feed is stored in closed, moisture- and vermin-resistant containers."),
        refusal=gettext_noop("Store feed in closed containers that keep out moisture and "
                             "vermin."),
    )


def _answered(
    facts: Mapping[str, Any], name: str, *, ok: str, refusal: str, holds: bool = True
) -> Verdict:
    """A yes/no item of the checklist: not applicable when the visit did not record it;
    otherwise it must be ``holds``."""
    answer = facts.get(name)
    return must_hold_if_recorded(None if answer is None else answer is holds,
                                 ok=ok, refusal=refusal)


@SANITARY_INSPECTION.rule(
    "nb.3.1.slope", cite("3.1"), gettext_noop("The corral is sloped to shed water")
)
def corral_slope(facts: Mapping[str, Any], context: CheckContext) -> Verdict:
    """§3.1: the corral and paddock shall be adequately sloped to minimize standing water."""
    return _answered(
        facts, "corral_sloped",
        ok=gettext_noop("The corral and paddock are sloped so that water does not stand."),
        refusal=gettext_noop("Water stands in the corral or paddock; grade it so that it "
                             "drains."),
    )


@SANITARY_INSPECTION.rule(
    "nb.3.2.condition", cite("3.2"), gettext_noop("Horses are kept clean and healthy")
)
def horse_condition(facts: Mapping[str, Any], context: CheckContext) -> Verdict:
    """§3.2: all horses shall be maintained in a clean and healthy condition."""
    return _answered(
        facts, "horses_clean_and_healthy",
        ok=gettext_noop("The horses are kept in a clean and healthy condition."),
        refusal=gettext_noop("The horses are not kept clean and healthy; have them cared for."),
    )


@SANITARY_INSPECTION.rule(
    "nb.3.2.immunizations", cite("3.2"),
    gettext_noop("Horses have the other immunizations the state requires"),
)
def state_immunizations(facts: Mapping[str, Any], context: CheckContext) -> Verdict:
    """§3.2: besides encephalitis and tetanus (checked at registration), "such other
    immunizations as required by the Division of Animal Health"."""
    return _answered(
        facts, "state_immunizations_current",
        ok=gettext_noop("The horses have the other immunizations the Division of Animal Health "
                        "requires."),
        refusal=gettext_noop("A horse lacks an immunization the Division of Animal Health "
                             "requires; file the veterinarian's certificate with the Board of "
                             "Health."),
    )


@SANITARY_INSPECTION.rule(
    "nb.5.1.light", cite("5.1"), gettext_noop("The stable has adequate light and ventilation")
)
def light_and_ventilation(facts: Mapping[str, Any], context: CheckContext) -> Verdict:
    """§5.1: the stable shall be provided with adequate light and ventilation (its
    construction under the Building and Fire Prevention regulations is a condition printed
    on the permit: the building inspector's, not this checklist's)."""
    return _answered(
        facts, "light_and_ventilation_adequate",
        ok=gettext_noop("The stable has adequate light and ventilation."),
        refusal=gettext_noop("The stable lacks adequate light or ventilation."),
    )


@SANITARY_INSPECTION.rule(
    "nb.5.3.dust", cite("5.3"), gettext_noop("A bare corral has its dust controlled")
)
def dust_control(facts: Mapping[str, Any], context: CheckContext) -> Verdict:
    """§5.3: "If corral is not grassed, dust control measures shall be taken"."""
    if facts.get("corral_grassed") is None:
        return not_applicable(NOT_RECORDED)
    if facts["corral_grassed"]:
        return not_applicable(gettext_noop("The corral is grassed; dust control is required "
                                           "only in a bare corral."))
    return _answered(
        facts, "dust_controlled",
        ok=gettext_noop("The corral is not grassed and dust control measures are taken."),
        refusal=gettext_noop("The corral is not grassed and no dust control measures are "
                             "taken."),
    )


@SANITARY_INSPECTION.rule(
    "nb.5.4.barrier", cite("5.4"), gettext_noop("A barrier is in place where needed")
)
def property_barrier(facts: Mapping[str, Any], context: CheckContext) -> Verdict:
    """§5.4: a fence, closely planted trees or other measures where needed to keep children
    away or to spare an abutter's comfortable enjoyment of their property (the inspector
    judges the need)."""
    if facts.get("barrier_needed") is None:
        return not_applicable(NOT_RECORDED)
    if not facts["barrier_needed"]:
        return not_applicable(gettext_noop("The inspector found no barrier needed on this lot."))
    return _answered(
        facts, "barrier_in_place",
        ok=gettext_noop("A barrier is in place where one is needed."),
        refusal=gettext_noop("A barrier is needed to keep children away or to protect an "
                             "abutter, and none is in place; install fencing or close "
                             "planting."),
    )


@SANITARY_INSPECTION.rule(
    "nb.5.5.habitation", cite("5.5"),
    gettext_noop("No one lives in the stable without written permission"),
)
def habitation(facts: Mapping[str, Any], context: CheckContext) -> Verdict:
    """§5.5: a private stable shall not be used for human habitation except with written
    permission from the Board of Health (the quarters then meet the State Sanitary Code)."""
    if facts.get("stable_used_for_habitation") is None:
        return not_applicable(NOT_RECORDED)
    if not facts["stable_used_for_habitation"]:
        return passed(gettext_noop("No one lives in the stable."))
    return _answered(
        facts, "habitation_permitted_in_writing",
        ok=gettext_noop("Someone lives in the stable with the Board of Health's written "
                        "permission."),
        refusal=gettext_noop("Someone lives in the stable without the Board of Health's "
                             "written permission."),
    )


@SANITARY_INSPECTION.rule(
    "nb.6.1.unsanitary", cite("6.1"), gettext_noop("The stable is free of unsanitary conditions")
)
def unsanitary_conditions(facts: Mapping[str, Any], context: CheckContext) -> Verdict:
    """§6.1: no flies, odors, vermin, liquid effluent, runoff or disease carriers in such
    concentrations and for so long as to cause a nuisance or endanger health."""
    return _answered(
        facts, "unsanitary_conditions", holds=False,
        ok=gettext_noop("No flies, odors, vermin or other unsanitary conditions cause a "
                        "nuisance."),
        refusal=gettext_noop("Flies, odors, vermin or other unsanitary conditions cause a "
                             "nuisance or threaten health; clean the stable and its "
                             "surroundings."),
    )


@SANITARY_INSPECTION.rule(
    "nb.6.2.treatment", cite("6.2"),
    gettext_noop("In warm weather manure is limed and treated for flies"),
)
def manure_treatment(facts: Mapping[str, Any], context: CheckContext) -> Verdict:
    """§6.2: "During warm weather, manure shall be treated with lime or superphosphate … and
    be treated with approved insecticides" (read: warm weather is the manure season, May 1
    to November 1, the same months §6.2 limits the pile to two weeks)."""
    if not in_manure_season(context.on):
        return not_applicable(gettext_noop("Manure treatment is required in warm weather, May 1 "
                                           "to November 1."))
    return _answered(
        facts, "manure_treated",
        ok=gettext_noop("The manure is treated with lime or superphosphate and an insecticide."),
        refusal=gettext_noop("The manure is not treated; use lime or superphosphate against "
                             "odors and an approved insecticide against flies."),
    )


@SANITARY_INSPECTION.rule(
    "nb.6.4.insects", cite("6.4"), gettext_noop("Insect control is practiced")
)
def insect_control(facts: Mapping[str, Any], context: CheckContext) -> Verdict:
    """§6.4: insect control "should be practiced" on the walls, ceilings and stalls and the
    outside of the stable: advice, so a missing practice is for review, never a failure."""
    if facts.get("insect_control_practiced") is None:
        return not_applicable(NOT_RECORDED)
    if facts["insect_control_practiced"]:
        return passed(gettext_noop("Insect control is practiced."))
    return needs_review(gettext_noop("No insect control is practiced; §6.4 advises it on the "
                                     "walls, ceilings, stalls and outside of the stable."))


# -- Horse burial notice (§6.6) ----------------------------------------------

HORSE_BURIAL = RuleSet(
    code="northborough.horse_burial",
    municipality=MUNICIPALITY,
    title=gettext_noop("Horse burial notice"),
    description=gettext_noop("The burial hole's measurements and the notice to the Board of "
                             "Health (§6.6)."),
    facts=(
        Fact(
            "bottom_above_high_water_ft",
            FactType.NUMBER,
            gettext_noop("Height of the bottom of the hole above high water"),
            unit="ft",
            minimum=None,
        ),
        Fact(
            "cover_depth_ft", FactType.NUMBER,
            gettext_noop("Depth of compacted dirt over the remains"), unit="ft"
        ),
        Fact(
            "distance_to_lot_line_ft",
            FactType.NUMBER,
            gettext_noop("Distance from the hole to the nearest lot line"),
            unit="ft",
        ),
        Fact(
            "distance_to_wetland_ft",
            FactType.NUMBER,
            gettext_noop("Distance from the hole to the nearest wetland"),
            unit="ft",
        ),
        Fact(
            "distance_to_well_ft",
            FactType.NUMBER,
            gettext_noop("Distance from the hole to the nearest well"),
            unit="ft",
        ),
        Fact("burial_date", FactType.DATE, gettext_noop("Date of burial")),
        Fact(
            "notice_date",
            FactType.DATE,
            gettext_noop("Date the Board of Health was notified"),
            help_text=gettext_noop("Notify in advance; after a weekend or holiday burial, notify "
                                   "on the next working day."),
        ),
    ),
)


@HORSE_BURIAL.rule(
    "nb.6.6.high_water", cite("6.6"),
    gettext_noop("The bottom of the hole is 4 ft or more above high water"),
)
def burial_high_water(facts: Mapping[str, Any], context: CheckContext) -> Verdict:
    """§6.6(i): the bottom of the hole at least four feet above high water."""
    return at_least(
        facts["bottom_above_high_water_ft"],
        4,
        unit=FEET,
        what=gettext_noop("The height of the bottom of the hole above high water"),
    )


@HORSE_BURIAL.rule(
    "nb.6.6.cover", cite("6.6"), gettext_noop("The remains are covered by 6 ft of dirt")
)
def burial_cover(facts: Mapping[str, Any], context: CheckContext) -> Verdict:
    """§6.6(ii): covered with at least six feet of compact dirt."""
    return at_least(facts["cover_depth_ft"], 6, unit=FEET,
                    what=gettext_noop("The compacted dirt over the remains"))


@HORSE_BURIAL.rule(
    "nb.6.6.lot_line", cite("6.6"), gettext_noop("The hole is 15 ft or more from lot lines")
)
def burial_lot_line(facts: Mapping[str, Any], context: CheckContext) -> Verdict:
    """§6.6(iii): at least fifteen feet from any lot line."""
    return at_least(
        facts["distance_to_lot_line_ft"],
        15,
        unit=FEET,
        what=gettext_noop("The hole's distance from the nearest lot line"),
    )


#: What a burial hole too close to a wetland, a well or both is told (§6.6(iii)).
TOO_CLOSE = {
    (True, False): gettext_noop("The hole is too close to the wetland (%(wetland)s ft); it "
                                "must be at least 100 ft from any wetland and any well."),
    (False, True): gettext_noop("The hole is too close to the well (%(well)s ft); it must be at "
                                "least 100 ft from any wetland and any well."),
    (True, True): gettext_noop("The hole is too close to the wetland (%(wetland)s ft) and the "
                               "well (%(well)s ft); it must be at least 100 ft from any wetland "
                               "and any well."),
}


@HORSE_BURIAL.rule(
    "nb.6.6.wetland_well", cite("6.6"),
    gettext_noop("The hole is 100 ft or more from wetlands and wells"),
)
def burial_wetland_well(facts: Mapping[str, Any], context: CheckContext) -> Verdict:
    """§6.6(iii): at least 100 feet from any wetland or well."""
    wetland, well = facts["distance_to_wetland_ft"], facts["distance_to_well_ft"]
    nearest = min(wetland, well)
    too_close = (wetland < 100, well < 100)
    if any(too_close):
        return failed(
            explain(TOO_CLOSE[too_close], wetland=wetland, well=well),
            required=100,
            actual=nearest,
            unit="ft",
        )
    return passed(
        gettext_noop("The hole is at least 100 ft from the nearest wetland and well."),
        required=100,
        actual=nearest,
        unit="ft",
    )


@HORSE_BURIAL.rule(
    "nb.6.6.notice",
    cite("6.6"),
    gettext_noop("The Board was notified before burial, or the next working day after a "
                 "holiday burial"),
    reviewable=True,
)
def burial_notice(facts: Mapping[str, Any], context: CheckContext) -> Verdict:
    """§6.6: the Board is notified in advance, except that after a burial on a weekend
    or holiday it may be notified on the first working day following."""
    burial, notice = facts["burial_date"], facts["notice_date"]
    if notice <= burial:
        return passed(
            explain(gettext_noop("The Board of Health was notified on %(told)s, before the "
                                 "burial on %(buried)s."), told=notice, buried=burial),
            required=burial,
            actual=notice,
        )
    calendar = context.calendar
    if calendar is None:
        return needs_review(
            explain(gettext_noop("The Board of Health was notified on %(told)s, after the "
                                 "burial on %(buried)s; an officer must check whether the "
                                 "burial fell on a weekend or holiday."),
                    told=notice, buried=burial),
            required=burial,
            actual=notice,
        )
    if calendar.is_business_day(burial):
        return failed(
            explain(gettext_noop("The Board of Health was notified on %(told)s, after the "
                                 "burial on %(buried)s, a working day; the Board must be "
                                 "notified before a burial on a working day."),
                    told=notice, buried=burial),
            required=burial,
            actual=notice,
        )
    latest = calendar.next_business_day_after(burial)
    if notice <= latest:
        return passed(
            explain(gettext_noop("The burial on %(buried)s was on a weekend or holiday, and the "
                                 "Board of Health was notified on %(told)s, by the next working "
                                 "day (%(deadline)s)."),
                    buried=burial, told=notice, deadline=latest),
            required=latest,
            actual=notice,
        )
    return failed(
        explain(gettext_noop("The burial on %(buried)s was on a weekend or holiday, but the "
                             "Board of Health was notified only on %(told)s; it must be notified "
                             "by the next working day (%(deadline)s)."),
                buried=burial, told=notice, deadline=latest),
        required=latest,
        actual=notice,
    )


# -- Hearing notice (§2.2) ----------------------------------------------------


def _notified_within_total(facts: Mapping[str, Any]) -> dict[str, str]:
    if facts["abutters_notified"] > facts["abutters_total"]:
        return {"abutters_notified": gettext_noop("Cannot be more than the number of abutters.")}
    return {}


HEARING_NOTICE = RuleSet(
    code="northborough.hearing_notice",
    municipality=MUNICIPALITY,
    title=gettext_noop("Abutters' notice of a stable permit hearing"),
    description=gettext_noop(
        "Certified mail to every abutter at least 10 days before the hearing (§2.2)."),
    facts=(
        Fact("hearing_date", FactType.DATE, gettext_noop("Date of the hearing")),
        Fact("mailed_date", FactType.DATE, gettext_noop("Date the notices were mailed")),
        Fact("certified_mail", FactType.BOOL,
             gettext_noop("Were the notices sent by certified mail?")),
        Fact(
            "abutters_total",
            FactType.INTEGER,
            gettext_noop("How many abutters does the lot have?"),
            unit="abutters",
            help_text=gettext_noop("Owners, tenants and occupants of adjoining property, even "
                                   "across a street (§1.2)."),
        ),
        Fact(
            "abutters_notified",
            FactType.INTEGER,
            gettext_noop("How many abutters were notified?"),
            unit="abutters",
        ),
    ),
    validators=(_notified_within_total,),
)


@HEARING_NOTICE.rule(
    "nb.2.2.notice_days",
    cite("2.2"),
    gettext_noop("Notices were mailed at least 10 days before the hearing"),
)
def hearing_notice_days(facts: Mapping[str, Any], context: CheckContext) -> Verdict:
    """§2.2: abutters notified at least 10 days prior to the date of the hearing."""
    hearing, mailed = facts["hearing_date"], facts["mailed_date"]
    latest = days_before(hearing, HEARING_NOTICE_DAYS)
    if mailed <= latest:
        return passed(
            explain(gettext_noop("The notices were mailed on %(sent)s, at least 10 days before "
                                 "the hearing on %(heard)s."), sent=mailed, heard=hearing),
            required=latest,
            actual=mailed,
        )
    return failed(
        explain(gettext_noop("The notices were mailed on %(sent)s, less than 10 days before the "
                             "hearing on %(heard)s; they must be mailed by %(latest)s, or the "
                             "hearing moved later."), sent=mailed, heard=hearing, latest=latest),
        required=latest,
        actual=mailed,
    )


@HEARING_NOTICE.rule(
    "nb.2.2.certified", cite("2.2"), gettext_noop("Notices were sent by certified mail")
)
def hearing_certified_mail(facts: Mapping[str, Any], context: CheckContext) -> Verdict:
    """§2.2: abutters are notified by certified mail."""
    return must_hold(
        facts["certified_mail"],
        ok=gettext_noop("The notices were sent by certified mail."),
        refusal=gettext_noop("Send the hearing notices to the abutters by certified mail."),
    )


@HEARING_NOTICE.rule(
    "nb.2.2.all_abutters", cite("2.2"), gettext_noop("Every abutter was notified")
)
def hearing_all_abutters(facts: Mapping[str, Any], context: CheckContext) -> Verdict:
    """§2.2: all abutters shall be notified."""
    total, notified = facts["abutters_total"], facts["abutters_notified"]
    if notified == total:
        return passed(
            explain(ngettext_lazy("The %(total)s abutter was notified.",
                                  "All %(total)s abutters were notified.", "total"),
                    total=total),
            required=total,
            actual=notified,
            unit="abutters",
        )
    return failed(
        explain(ngettext_lazy("Only %(notified)s of %(total)s abutter was notified; every "
                              "abutter must be notified.",
                              "Only %(notified)s of %(total)s abutters were notified; every "
                              "abutter must be notified.", "total"),
                notified=notified, total=total),
        required=total,
        actual=notified,
        unit="abutters",
    )


# -- Stable expansion (§2.1) --------------------------------------------------

STABLE_EXPANSION = RuleSet(
    code="northborough.stable_expansion",
    municipality=MUNICIPALITY,
    title=gettext_noop("Stable expansion"),
    description=gettext_noop(
        "Whether an expansion, cumulated with earlier ones, needs a new permit (§2.1)."),
    facts=(
        Fact(
            "permitted_area_sqft", FactType.NUMBER,
            gettext_noop("Stable area at the last permit"), unit="sq ft"
        ),
        Fact(
            "prior_expansions_sqft",
            FactType.NUMBER,
            gettext_noop("Total of the expansions made since the last permit"),
            unit="sq ft",
            help_text=gettext_noop("Expansions of less than 25% are added together (§2.1)."),
        ),
        Fact(
            "proposed_expansion_sqft",
            FactType.NUMBER,
            gettext_noop("Area of the proposed expansion"),
            unit="sq ft",
        ),
    ),
)


@STABLE_EXPANSION.rule(
    "nb.2.1.expansion", cite("2.1"),
    gettext_noop("Expansions since the last permit stay under 25%"),
)
def expansion(facts: Mapping[str, Any], context: CheckContext) -> Verdict:
    """§2.1: a stable expanded by 25% or more needs a new permit; expansions of less
    than 25% are cumulated."""
    cumulated = facts["prior_expansions_sqft"] + facts["proposed_expansion_sqft"]
    threshold = facts["permitted_area_sqft"] * EXPANSION_SHARE
    if cumulated < threshold:
        return passed(
            explain(gettext_noop("Expansions since the last permit total %(cumulated)s sq ft, "
                                 "under 25%% of the permitted area (%(threshold)s sq ft); no "
                                 "new permit is needed."),
                    cumulated=cumulated, threshold=threshold),
            required=threshold,
            actual=cumulated,
            unit="sq ft",
        )
    return failed(
        explain(gettext_noop("A private stable permit is required before this expansion "
                             "(§2.1): expansions since the last permit total %(cumulated)s sq "
                             "ft, which is 25%% or more of the permitted area (%(threshold)s sq "
                             "ft)."),
                cumulated=cumulated, threshold=threshold),
        required=threshold,
        actual=cumulated,
        unit="sq ft",
    )


RULE_SETS: tuple[RuleSet, ...] = (
    PRIVATE_STABLE,
    PUBLIC_STABLE,
    SANITARY_INSPECTION,
    HORSE_BURIAL,
    HEARING_NOTICE,
    STABLE_EXPANSION,
)
