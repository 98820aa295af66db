"""Tisbury Board of Health rule sets (Regulations 09.0–09.12).

Each set judges one application or inspection against the regulations it
cites. The coastal rules are overlay rules (09.9.1): they apply in the
Coastal District, and some more strictly, or only, on the Designated Barrier
Beach (09.9.4(1)).
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from functools import wraps
from typing import Any

from permits_site.rules.base import (
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
    needs_review,
    not_applicable,
    passed,
)
from permits_site.rules.units import (
    CUBIC_YARDS,
    DAYS,
    FEET,
    GALLONS,
    GALLONS_PER_HOUR,
    GALLONS_PER_MINUTE,
    SQUARE_FEET,
)
from permits_site.rules.wording import Explanation, explain, gettext_noop, ngettext_lazy
from tisbury_regs.law import cite

MUNICIPALITY = "tisbury"

BARRIER_BEACH = "barrier_beach"
COASTAL_DISTRICT = "coastal_district"
INLAND = "inland"
#: A Tisbury place whose zone the Board has not yet settled (no listed lot, no determination,
#: no figures): every rule reading the zone waits for the Board, never a silent "inland".
NOT_DETERMINED = "not_determined"
ZONES = (BARRIER_BEACH, COASTAL_DISTRICT, INLAND, NOT_DETERMINED)
#: The choices of the rule sets' questions as the generated form words them (each code
#: humanized: "barrier_beach", "Barrier beach"), marked for the catalogues.
CHOICE_WORDS = (gettext_noop("Barrier beach"), gettext_noop("Coastal district"),
                gettext_noop("Inland"), gettext_noop("Not determined"),
                gettext_noop("Residential"), gettext_noop("Business"))


#: What the rules count, said the reader's way with the numbers on a page (the units they
#: measure in: ``permits_site.rules.units``).
BEDROOMS = gettext_noop("bedrooms")

# -- Fact declarations ---------------------------------------------------------


def _yes_no(name: str, label: str, help_text: str = "", **options: Any) -> Fact:
    return Fact(name, FactType.BOOL, label, help_text=help_text, **options)


def _count(name: str, label: str, help_text: str = "", **options: Any) -> Fact:
    return Fact(name, FactType.INTEGER, label, help_text=help_text, **options)


def _measure(name: str, label: str, unit: str, help_text: str = "", **options: Any) -> Fact:
    return Fact(name, FactType.NUMBER, label, unit=unit, help_text=help_text, **options)


def _text(name: str, label: str, help_text: str = "", **options: Any) -> Fact:
    return Fact(name, FactType.TEXT, label, help_text=help_text, **options)


ZONE_FACT = Fact(
    "zone",
    FactType.CHOICE,
    gettext_noop("Which district is the lot in?"),
    choices=ZONES,
    help_text=(
        gettext_noop("The Coastal District is land below the 20 ft contour or within 500 ft of "
                     "mean high water of a coastal water body larger than 10 acres (09.9.1(1)); "
                     "the Designated Barrier Beach lies inside it (09.9.2). Choose inland for the "
                     "rest of town, or \"not determined\" while the Board has not settled it "
                     "(every zone rule then waits for the Board).")
    ),
)


def zone_not_determined() -> Verdict:
    """The Board has not settled the lot's zone (09.9.1(1), 09.9.2): the rule waits for it."""
    return needs_review(explain(
        gettext_noop("The Board of Health has not yet determined whether the lot is inland, in "
                     "the Coastal District or on the Designated Barrier Beach (%(section)s; "
                     "%(zone_section)s); this rule is judged once it has."),
        section=cite("09.9.1(1)"), zone_section=cite("09.9.2")))


# -- Shared verdict helpers ------------------------------------------------------


def joined(words: list[str], pair: str) -> str:
    """Marked words or sentences joined two at a time by ``pair``, a template of
    ``%(these)s`` and ``%(that)s`` ("installed or proven or tested"), each said the reader's
    way on a page."""
    sentence, *more = map(_sentence, words)
    for word in more:
        sentence = explain(pair, these=sentence, that=word)
    return sentence


def _sentence(words: str) -> Explanation:
    """Marked words as a sentence a page says the reader's way; an explained sentence as
    it is."""
    return words if isinstance(words, Explanation) else explain(words)


def coastal_only(function: RuleFunction) -> RuleFunction:
    """Make a rule a coastal overlay rule (09.9.1): not applicable to an inland lot."""

    @wraps(function)
    def judge(facts: Mapping[str, Any], context: CheckContext) -> Verdict:
        if facts["zone"] == NOT_DETERMINED:
            return zone_not_determined()
        if facts["zone"] == INLAND:
            return not_applicable(
                gettext_noop("The lot is inland, outside the Coastal District, so this coastal "
                             "rule does not apply.")
            )
        return function(facts, context)

    return judge


def barrier_beach_only(function: RuleFunction) -> RuleFunction:
    """Make a rule apply only on the Designated Barrier Beach (09.9.4(1))."""

    @wraps(function)
    def judge(facts: Mapping[str, Any], context: CheckContext) -> Verdict:
        if facts["zone"] == NOT_DETERMINED:
            return zone_not_determined()
        if facts["zone"] != BARRIER_BEACH:
            return not_applicable(
                gettext_noop("The lot is not on the Designated Barrier Beach, so this "
                             "barrier-beach rule does not apply.")
            )
        return function(facts, context)

    return judge


def all_of(comparisons: Mapping[str, Verdict]) -> Verdict:
    """Join several limits into one verdict that fails when any of them fails.

    ``comparisons`` maps each compared fact's name to its verdict; ``required``
    and ``actual`` become mappings keyed by those fact names (each fact
    declares its own unit).
    """
    required = {name: verdict.required for name, verdict in comparisons.items()}
    actual = {name: verdict.actual for name, verdict in comparisons.items()}
    failures = [verdict for verdict in comparisons.values() if verdict.outcome is Outcome.FAIL]
    sentences = gettext_noop("%(these)s %(that)s")
    if failures:
        message = joined([verdict.message for verdict in failures], sentences)
        return failed(message, required=required, actual=actual)
    message = joined([verdict.message for verdict in comparisons.values()], sentences)
    return passed(message, required=required, actual=actual)


def per_twenty_sites(sites: int) -> int:
    """One for every twenty sites or fraction thereof (09.8.2(5), 09.8.4(3))."""
    return math.ceil(sites / 20)


def fixtures_per_sex(sites: int) -> int:
    """Two for the first twenty sites, one more per further twenty or fraction (09.8.2(5))."""
    return 2 + per_twenty_sites(max(0, sites - 20))


# -- tisbury.coastal_septic (09.9.4, 09.9.7, 09.0.8) -----------------------------

COASTAL_SEPTIC = RuleSet(
    code="tisbury.coastal_septic",
    municipality=MUNICIPALITY,
    title=gettext_noop("Septic system in the Coastal District or on the Barrier Beach"),
    description=(
        gettext_noop("Separation distances, leaching area and barrier-beach limits for an on-lot "
                     "septic system (09.9.4, 09.9.7), with the town-wide mound and sewer policies "
                     "(09.0.8).")
    ),
    facts=(
        ZONE_FACT,
        _measure(
            "distance_to_private_well_ft",
            gettext_noop("Distance from the system to the nearest private well"),
            "ft",
        ),
        _measure(
            "distance_to_public_well_ft",
            gettext_noop("Distance from the system to the nearest public well"),
            "ft",
        ),
        _measure(
            "distance_to_other_septic_ft",
            gettext_noop("Distance from the system to the nearest other septic system"),
            "ft",
        ),
        _measure(
            "separation_to_water_table_ft",
            gettext_noop("Depth from the bottom of the system down to the water table"),
            "ft",
        ),
        _measure(
            "distance_to_water_body_ft",
            gettext_noop("Distance from the system to the nearest water body"),
            "ft",
        ),
        _measure(
            "distance_to_wetlands_ft",
            gettext_noop("Distance from the system to the nearest wetlands"),
            "ft",
        ),
        _yes_no(
            "on_slope",
            gettext_noop("Is the system in or on a slope, cliff, bank or ravine?"),
        ),
        _yes_no("new_system", gettext_noop("Is this a new septic system?")),
        _yes_no("enlarged", gettext_noop("Does the work enlarge an existing system?")),
        _yes_no("upgrade", gettext_noop("Does the work upgrade an existing system?")),
        _yes_no(
            "replacement_required_by_board",
            gettext_noop("Has the Board of Health required this system as a replacement?"),
        ),
        _yes_no(
            "mounded",
            gettext_noop("Is the system mounded (raised above the natural grade)?"),
        ),
        _yes_no(
            "existing_failed_system",
            gettext_noop("Does it serve an existing building whose septic system has failed?"),
        ),
        _yes_no(
            "physically_restricted",
            gettext_noop("Is the lot physically too restricted for a standard leaching pit, trench "
                         "or field?"),
        ),
        _measure(
            "title5_leaching_area_sqft",
            gettext_noop("Leaching area Title 5 requires for this system"),
            "sq ft",
            help_text=gettext_noop("The minimum set by the State Environmental Code, 310 CMR 15."),
        ),
        _measure("proposed_leaching_area_sqft", gettext_noop("Leaching area proposed"), "sq ft"),
        _yes_no(
            "sewer_connection_feasible",
            gettext_noop("Is it feasible to connect the property to the municipal sewer?"),
        ),
    ),
)


@dataclass(frozen=True)
class Separation:
    """A minimum distance between a septic system and something it must keep away from.

    One row of the separation chart of 09.9.7(6), by zone.
    """

    rule_id: str
    fact: str
    #: The rule's summary, naming both zones' distances.
    summary: str
    #: What the finding measures: the distance from the system to the thing kept away from.
    what: str
    barrier_beach_ft: int
    coastal_district_ft: int

    def minimum_ft(self, zone: str) -> int:
        return self.barrier_beach_ft if zone == BARRIER_BEACH else self.coastal_district_ft


SEPARATIONS = (
    Separation(
        "ti.9.7.6.private_well", "distance_to_private_well_ft",
        gettext_noop("The system is at least 300 ft (barrier beach) or 200 ft (coastal "
                     "district) from the nearest private well"),
        gettext_noop("The distance from the system to the nearest private well"), 300, 200,
    ),
    Separation(
        "ti.9.7.6.public_well", "distance_to_public_well_ft",
        gettext_noop("The system is at least 700 ft (barrier beach) or 700 ft (coastal "
                     "district) from the nearest public well"),
        gettext_noop("The distance from the system to the nearest public well"), 700, 700,
    ),
    Separation(
        "ti.9.7.6.other_septic", "distance_to_other_septic_ft",
        gettext_noop("The system is at least 300 ft (barrier beach) or 200 ft (coastal "
                     "district) from the nearest other septic system"),
        gettext_noop("The distance from the system to the nearest other septic system"),
        300, 200,
    ),
    Separation(
        "ti.9.7.6.water_body", "distance_to_water_body_ft",
        gettext_noop("The system is at least 200 ft (barrier beach) or 200 ft (coastal "
                     "district) from the nearest water body"),
        gettext_noop("The distance from the system to the nearest water body"), 200, 200,
    ),
    Separation(
        "ti.9.7.6.wetlands", "distance_to_wetlands_ft",
        gettext_noop("The system is at least 200 ft (barrier beach) or 100 ft (coastal "
                     "district) from the nearest wetlands"),
        gettext_noop("The distance from the system to the nearest wetlands"), 200, 100,
    ),
)


def separation_rule(separation: Separation) -> Rule:
    """The rule for one row of the separation chart of 09.9.7(6)."""

    @coastal_only
    def judge(facts: Mapping[str, Any], context: CheckContext) -> Verdict:
        """09.9.7(6): the system keeps its zone's minimum separation distance."""
        return at_least(
            facts[separation.fact],
            separation.minimum_ft(facts["zone"]),
            unit=FEET,
            what=separation.what,
        )

    return Rule(separation.rule_id, cite("09.9.7(6)"), separation.summary, judge,
                reviewable=True)


COASTAL_SEPTIC.add(*(separation_rule(separation) for separation in SEPARATIONS))

WATER_TABLE_MINIMUM_FT = 5
WATER_TABLE_CLEAR_FT = 7


@COASTAL_SEPTIC.rule(
    "ti.9.7.6.water_table",
    cite("09.9.7(6)"),
    gettext_noop("At least 5 to 7 ft between the system and the water table"),
    reviewable=True,
)
@coastal_only
def water_table_separation(facts: Mapping[str, Any], context: CheckContext) -> Verdict:
    """09.9.7(6): "5 to 7" ft to the water table — under 5 fails, 7 or more passes."""
    depth = facts["separation_to_water_table_ft"]
    feet = {"depth": depth, "minimum": WATER_TABLE_MINIMUM_FT, "clear": WATER_TABLE_CLEAR_FT}
    if depth < WATER_TABLE_MINIMUM_FT:
        return failed(
            explain(gettext_noop("The system is %(depth)s ft above the water table; it must be "
                                 "at least %(minimum)s ft, and %(clear)s ft clears it outright."),
                    **feet),
            required=WATER_TABLE_MINIMUM_FT, actual=depth, unit=FEET,
        )
    if depth < WATER_TABLE_CLEAR_FT:
        return needs_review(
            explain(gettext_noop("The system is %(depth)s ft above the water table, within the "
                                 "5 to 7 ft range: the Board decides whether it is enough "
                                 "(%(clear)s ft always is)."), **feet),
            required=WATER_TABLE_CLEAR_FT, actual=depth, unit=FEET,
        )
    return passed(
        explain(gettext_noop("The system is %(depth)s ft above the water table, at least "
                             "%(clear)s ft."), **feet),
        required=WATER_TABLE_CLEAR_FT, actual=depth, unit=FEET,
    )


@COASTAL_SEPTIC.rule(
    "ti.9.7.6.slope",
    cite("09.9.7(6)"),
    gettext_noop("A system on a slope, cliff, bank or ravine may need greater separation"),
    reviewable=True,
)
@coastal_only
def slope(facts: Mapping[str, Any], context: CheckContext) -> Verdict:
    """09.9.7(6), note: systems on slopes, cliffs, banks or ravines may need more room."""
    if facts["on_slope"]:
        return needs_review(
            gettext_noop("The system is on a slope, cliff, bank or ravine: the Board decides "
                         "whether it needs more than the minimum separation distances.")
        )
    return passed(gettext_noop("The system is not on a slope, cliff, bank or ravine."))


LEACHING_AREA_MULTIPLIERS = {BARRIER_BEACH: Decimal("2"), COASTAL_DISTRICT: Decimal("1.7")}


@COASTAL_SEPTIC.rule(
    "ti.9.7.7.leaching",
    cite("09.9.7(7)"),
    gettext_noop("Leaching area at least 2 times (barrier beach) or 1.7 times (coastal district) "
                 "Title 5"),
    reviewable=True,
)
@coastal_only
def leaching_area(facts: Mapping[str, Any], context: CheckContext) -> Verdict:
    """09.9.7(7): twice the Title 5 leaching area on the barrier beach, 1.7 times elsewhere."""
    multiplier = LEACHING_AREA_MULTIPLIERS[facts["zone"]]
    return at_least(
        facts["proposed_leaching_area_sqft"],
        facts["title5_leaching_area_sqft"] * multiplier,
        unit=SQUARE_FEET,
        what=explain(gettext_noop("The proposed leaching area (%(multiplier)s times the Title 5 "
                                  "area is needed)"), multiplier=multiplier),
    )


@COASTAL_SEPTIC.rule(
    "ti.9.4.2.bb_new",
    cite("09.9.4(2)"),
    gettext_noop("No new (other than a Board-required replacement) or enlarged system on the "
                 "barrier beach"),
    reviewable=True,
)
@barrier_beach_only
def barrier_beach_new_or_enlarged(facts: Mapping[str, Any], context: CheckContext) -> Verdict:
    """09.9.4(2): no new system, except a replacement the Board requires, and none enlarged."""
    if facts["enlarged"]:
        return failed(
            gettext_noop("No septic system may be enlarged on the Designated Barrier Beach, even "
                         "as a replacement; keep the system at its present size.")
        )
    if facts["new_system"] and not facts["replacement_required_by_board"]:
        return failed(
            gettext_noop("No new septic system is permitted on the Designated Barrier Beach "
                         "unless it is a replacement the Board of Health has required.")
        )
    return passed(gettext_noop("The system is neither a new system nor an enlargement of one."))


@COASTAL_SEPTIC.rule(
    "ti.9.4.2.bb_mound",
    cite("09.9.4(2)"),
    gettext_noop("No mounded system on the barrier beach"),
    reviewable=True,
)
@barrier_beach_only
def barrier_beach_mound(facts: Mapping[str, Any], context: CheckContext) -> Verdict:
    """09.9.4(2): a barrier-beach system must not alter the natural grade or be mounded."""
    return must_hold(
        not facts["mounded"],
        ok=gettext_noop("The system is not mounded."),
        refusal=(
            gettext_noop("A mounded system is not allowed on the Designated Barrier Beach; design "
                         "it at the natural grade.")
        ),
    )


@COASTAL_SEPTIC.rule(
    "ti.0.8.7.mounded",
    cite("09.0.8(7)"),
    gettext_noop("A mounded system only for an existing failed system on a restricted lot"),
)
def mounded_system(facts: Mapping[str, Any], context: CheckContext) -> Verdict:
    """09.0.8(7): mounds only for an existing building with a failed system, physically
    restricted from a standard leaching pit, trench or field."""
    if not facts["mounded"]:
        return not_applicable(gettext_noop("The system is not mounded."))
    return must_hold(
        facts["existing_failed_system"] and facts["physically_restricted"],
        ok=(
            gettext_noop("The mound replaces a failed system on a lot too restricted for a "
                         "standard leaching pit, trench or field.")
        ),
        refusal=(
            gettext_noop("A mounded system is allowed only to replace the failed system of an "
                         "existing building on a lot too restricted for a standard leaching pit, "
                         "trench or field; otherwise design a standard system.")
        ),
    )


@COASTAL_SEPTIC.rule(
    "ti.0.8.14.sewer",
    cite("09.0.8(14)"),
    gettext_noop("No new, upgraded or expanded system where a sewer connection is feasible"),
)
def sewer_district(facts: Mapping[str, Any], context: CheckContext) -> Verdict:
    """09.0.8(14): no new, upgraded or expanded system if the sewer can feasibly be used."""
    if not (facts["new_system"] or facts["enlarged"] or facts["upgrade"]):
        return passed(gettext_noop("No new, enlarged or upgraded system is proposed."))
    return must_hold(
        not facts["sewer_connection_feasible"],
        ok=gettext_noop("Connecting to the municipal sewer is not feasible, so an on-lot system "
                        "may be built."),
        refusal=(
            gettext_noop("The property can feasibly connect to the municipal sewer, so no new, "
                         "enlarged or upgraded septic system may be built; connect to the sewer "
                         "instead.")
        ),
    )


# -- tisbury.private_well (09.3.1, 09.9.5, 09.9.6) -----------------------------

PRIVATE_WELL = RuleSet(
    code="tisbury.private_well",
    municipality=MUNICIPALITY,
    title=gettext_noop("Private drinking water well"),
    description=(
        gettext_noop("Use, pump capacity, anti-siphon protection, metering and readiness of a "
                     "private on-site drinking water well (09.3.1, 09.9.5, 09.9.6).")
    ),
    facts=(
        ZONE_FACT,
        Fact(
            "use", FactType.CHOICE, gettext_noop("What will the well serve?"),
            choices=("residential", "business"),
        ),
        _measure("peak_gpm", gettext_noop("Pump's peak capacity"), "gpm"),
        _measure(
            "continuous_gph_30min",
            gettext_noop("Pump's continuous capacity over 30 minutes"),
            "gph",
        ),
        _measure(
            "elevation_ft",
            gettext_noop("Elevation of the water distribution system"),
            "ft",
            help_text=gettext_noop("Above mean sea level; may be negative."),
            minimum=None,
        ),
        _yes_no("anti_siphon", gettext_noop("Is an anti-siphon device installed?")),
        _count(
            "bedrooms",
            gettext_noop("Number of bedrooms in the dwelling served"),
            help_text=gettext_noop("Count any room that may be used for sleeping: den, office, "
                                   "study, loft."),
        ),
        _count("occupants", gettext_noop("Number of people living in the dwelling")),
        _yes_no("sealed_meter", gettext_noop("Is the well fitted with a sealed water meter?")),
        _yes_no("installed", gettext_noop("Is the well installed and operational?")),
        _yes_no(
            "proven",
            gettext_noop("Has the well been proven (capacity pumping test certified)?"),
        ),
        _yes_no(
            "tested",
            gettext_noop("Has a state-approved laboratory tested the water for potability?"),
        ),
        _yes_no(
            "public_main_reachable",
            gettext_noop("Has the clerk recorded that the lot can practically connect to the "
                         "public main?"),
            gettext_noop("Read from the property, where the clerk records it (09.3.1(2), "
                         "09.9.5(2))."),
            default=False,
        ),
    ),
)


@PRIVATE_WELL.rule(
    "ti.9.5.5.business",
    cite("09.9.5(5)"),
    gettext_noop("A well in the Coastal District does not serve a business"),
    reviewable=True,
)
@coastal_only
def well_serves_no_business(facts: Mapping[str, Any], context: CheckContext) -> Verdict:
    """09.9.5(5): a private well in the Coastal District shall not serve a business use."""
    return must_hold(
        facts["use"] != "business",
        ok=gettext_noop("The well does not serve a business."),
        refusal=(
            gettext_noop("A private well in the Coastal District may not serve a business or "
                         "commercial use; connect the business to the public water supply.")
        ),
    )


WELL_PUMP_LIMITS = {
    COASTAL_DISTRICT: (Decimal("20"), Decimal("200")),
    BARRIER_BEACH: (Decimal("10"), Decimal("100")),
}


@PRIVATE_WELL.rule(
    "ti.9.5.6.capacity",
    cite("09.9.5(6)"),
    gettext_noop("Pump at most 20 gpm peak / 200 gph continuous (half that on the barrier beach)"),
    reviewable=True,
)
@coastal_only
def pump_capacity(facts: Mapping[str, Any], context: CheckContext) -> Verdict:
    """09.9.5(6): 20 gpm peak and 200 gph over 30 minutes; half on the barrier beach."""
    peak_gpm, continuous_gph = WELL_PUMP_LIMITS[facts["zone"]]
    return all_of({
        "peak_gpm": at_most(
            facts["peak_gpm"], peak_gpm, unit=GALLONS_PER_MINUTE,
            what=gettext_noop("The pump's peak capacity"),
        ),
        "continuous_gph_30min": at_most(
            facts["continuous_gph_30min"], continuous_gph, unit=GALLONS_PER_HOUR,
            what=gettext_noop("The pump's continuous capacity over 30 minutes"),
        ),
    })


ANTI_SIPHON_BELOW_FT = 10


@PRIVATE_WELL.rule(
    "ti.9.6.1.anti_siphon",
    cite("09.9.6(1)"),
    gettext_noop("An anti-siphon device below the 10 ft contour"),
)
def anti_siphon(facts: Mapping[str, Any], context: CheckContext) -> Verdict:
    """09.9.6(1): water systems below the ten foot contour need an anti-siphon device. The
    finding carries the contour and the system's elevation, whatever its outcome."""
    if facts["elevation_ft"] >= ANTI_SIPHON_BELOW_FT:
        verdict = not_applicable(explain(
            gettext_noop("The system is at or above the %(contour)s ft contour."),
            contour=ANTI_SIPHON_BELOW_FT))
    else:
        verdict = must_hold(
            facts["anti_siphon"],
            ok=gettext_noop("An anti-siphon device protects the supply."),
            refusal=explain(gettext_noop("The system is below the %(contour)s ft contour, so "
                                         "it needs an anti-siphon device; install one."),
                            contour=ANTI_SIPHON_BELOW_FT),
        )
    return dataclasses.replace(verdict, required=ANTI_SIPHON_BELOW_FT,
                               actual=facts["elevation_ft"], unit=FEET)


METER_ABOVE_BEDROOMS = 2
METER_ABOVE_OCCUPANTS = 4


@PRIVATE_WELL.rule(
    "ti.3.1.4.meter",
    cite("09.3.1(4)"),
    gettext_noop("A sealed water meter for more than 2 bedrooms or 4 occupants"),
)
def sealed_meter(facts: Mapping[str, Any], context: CheckContext) -> Verdict:
    """09.3.1(4): wells serving more than two bedrooms or four occupants are metered. The
    finding carries both counts against their limits, by fact, whatever its outcome."""
    if facts["bedrooms"] <= METER_ABOVE_BEDROOMS and facts["occupants"] <= METER_ABOVE_OCCUPANTS:
        verdict = not_applicable(gettext_noop("The dwelling has no more than 2 bedrooms and 4 "
                                              "occupants."))
    else:
        verdict = must_hold(
            facts["sealed_meter"],
            ok=gettext_noop("The well has a sealed water meter."),
            refusal=(
                gettext_noop("A well serving more than 2 bedrooms or more than 4 occupants "
                             "needs a sealed water meter; install one and report its readings "
                             "each May and November.")
            ),
        )
    return dataclasses.replace(
        verdict,
        required={"bedrooms": METER_ABOVE_BEDROOMS, "occupants": METER_ABOVE_OCCUPANTS},
        actual={"bedrooms": facts["bedrooms"], "occupants": facts["occupants"]},
    )


#: What a well is before the disposal works permit (09.3.1(3)), each fact's word.
WELL_STEPS = {"installed": gettext_noop("installed"), "proven": gettext_noop("proven"),
              "tested": gettext_noop("tested")}




@PRIVATE_WELL.rule(
    "ti.3.1.3.ready",
    cite("09.3.1(3)"),
    gettext_noop("The well is installed, proven and tested before the disposal works permit"),
)
def well_ready(facts: Mapping[str, Any], context: CheckContext) -> Verdict:
    """09.3.1(3): no disposal works permit until the well is installed, proven and tested."""
    missing = [words for step, words in WELL_STEPS.items() if not facts[step]]
    if not missing:
        return passed(gettext_noop("The well is installed, proven and tested."))
    steps = joined(missing, gettext_noop("%(these)s or %(that)s"))
    return failed(explain(
        gettext_noop("The well is not yet %(steps)s; the disposal works permit is issued only "
                     "once the well is installed, proven and tested."), steps=steps))


@PRIVATE_WELL.rule(
    "ti.3.1.2.public_main",
    f"{cite('09.3.1(2)')}; {cite('09.9.5(2)')}",
    gettext_noop("No private well where connecting to the public main is practical, as the Board "
                 "decides"),
    reviewable=True,
)
def public_main(facts: Mapping[str, Any], context: CheckContext) -> Verdict:
    """09.3.1(2), 09.9.5(2): "Where connection to the municipal water supply mains is
    considered practical, the Board of Health may not allow on-site private wells"."""
    if facts["public_main_reachable"]:
        return needs_review(
            gettext_noop("The clerk recorded that this lot can practically connect to the "
                         "municipal water main; the Board of Health decides whether it allows a "
                         "private well here.")
        )
    return passed(gettext_noop("No practical connection to the municipal water main is recorded."))


# -- tisbury.campground (09.8) -----------------------------------------------

CAMPGROUND = RuleSet(
    code="tisbury.campground",
    municipality=MUNICIPALITY,
    title=gettext_noop("Campground sanitary facilities"),
    description=gettext_noop("Fixtures, wash/toilet rooms, cleaning, refuse and water of a "
                             "campground (09.8)."),
    facts=(
        _count("sites", gettext_noop("Number of campsites")),
        _count(
            "toilets", gettext_noop("Toilets for each sex"),
            help_text=gettext_noop("If the sexes differ, give the smaller number."),
        ),
        _count(
            "lavatories", gettext_noop("Lavatories (wash basins) for each sex"),
            help_text=gettext_noop("If the sexes differ, give the smaller number."),
        ),
        _count(
            "showers", gettext_noop("Showers for each sex"),
            help_text=gettext_noop("If the sexes differ, give the smaller number."),
        ),
        _count("urinals", gettext_noop("Urinals")),
        _count("largest_room_toilets", gettext_noop("Most toilets in any one wash/toilet room")),
        _count(
            "largest_room_lavatories",
            gettext_noop("Most lavatories in any one wash/toilet room"),
        ),
        _count("largest_room_showers", gettext_noop("Most showers in any one wash/toilet room")),
        _count("largest_room_urinals", gettext_noop("Most urinals in any one wash/toilet room")),
        _measure(
            "window_vent_sqft_per_toilet",
            gettext_noop("Ventilating window area for each toilet"),
            "sq ft",
            help_text=gettext_noop("Use the wash/toilet room with the least window area per "
                                   "toilet."),
        ),
        _yes_no(
            "windows_in_two_outside_walls",
            gettext_noop("Does every wash/toilet room have ventilating windows in two outside "
                         "walls?"),
        ),
        _yes_no("forced_air_ventilation", gettext_noop("Is there forced air ventilation?")),
        _yes_no(
            "hot_and_cold_water",
            gettext_noop("Is hot and cold water available at every lavatory and shower?"),
        ),
        _count(
            "cleanings_per_day",
            gettext_noop("Times the wash/toilet rooms are cleaned and disinfected every 24 hours"),
        ),
        _measure(
            "refuse_capacity_gal",
            gettext_noop("Total capacity of the refuse containers"),
            "gal",
        ),
        _measure(
            "max_distance_to_refuse_ft",
            gettext_noop("Farthest distance from any campsite to a refuse container"),
            "ft",
        ),
        _count("drinking_faucets", gettext_noop("Outside drinking water faucets")),
        _measure(
            "faucet_height_ft",
            gettext_noop("Height of the lowest outside faucet opening above the ground"),
            "ft",
        ),
    ),
)


def fixture_rule(fixture: str, section: str, summary: str, what: str) -> Rule:
    """The per-sex minimum for one kind of fixture under 09.8.2(5): ``summary`` is the rule's,
    ``what`` names the count its finding measures."""

    def judge(facts: Mapping[str, Any], context: CheckContext) -> Verdict:
        """09.8.2(5): two per sex for the first 20 sites, one more per 20 or fraction after."""
        return at_least(facts[fixture], fixtures_per_sex(facts["sites"]), unit="", what=what)

    return Rule(f"ti.8.2.5.{fixture}", cite(section), summary, judge)


CAMPGROUND.add(
    fixture_rule("toilets", "09.8.2(5)(a)",
                 gettext_noop("Two toilets per sex for the first 20 sites, one more for each "
                              "further 20"),
                 gettext_noop("The number of toilets for each sex")),
    fixture_rule("lavatories", "09.8.2(5)(c)",
                 gettext_noop("Two lavatories per sex for the first 20 sites, one more for each "
                              "further 20"),
                 gettext_noop("The number of lavatories for each sex")),
    fixture_rule("showers", "09.8.2(5)(d)",
                 gettext_noop("Two showers per sex for the first 20 sites, one more for each "
                              "further 20"),
                 gettext_noop("The number of showers for each sex")),
)

URINALS_FROM_SITES = 10


@CAMPGROUND.rule(
    "ti.8.2.5.urinals",
    cite("09.8.2(5)(b)"),
    gettext_noop("One urinal for every 20 sites, from 10 sites up"),
)
def urinals(facts: Mapping[str, Any], context: CheckContext) -> Verdict:
    """09.8.2(5)(b): one urinal per twenty sites or fraction; none under ten sites."""
    if facts["sites"] < URINALS_FROM_SITES:
        return not_applicable(explain(
            gettext_noop("Urinals are not required with fewer than %(sites)s sites."),
            sites=URINALS_FROM_SITES))
    return at_least(facts["urinals"], per_twenty_sites(facts["sites"]), unit="",
                    what=gettext_noop("The number of urinals"))


ROOM_CAPS = (
    ("largest_room_toilets", 4, gettext_noop("The most toilets in one room")),
    ("largest_room_lavatories", 8, gettext_noop("The most lavatories in one room")),
    ("largest_room_showers", 4, gettext_noop("The most showers in one room")),
    ("largest_room_urinals", 3, gettext_noop("The most urinals in one room")),
)


@CAMPGROUND.rule(
    "ti.8.2.2.room_caps",
    cite("09.8.2(2)"),
    gettext_noop("No room with more than 4 toilets, 8 lavatories, 4 showers or 3 urinals"),
)
def room_caps(facts: Mapping[str, Any], context: CheckContext) -> Verdict:
    """09.8.2(2): a wash/toilet room holds at most 4 toilets, 8 lavatories, 4 showers,
    3 urinals."""
    return all_of({
        fact: at_most(facts[fact], cap, unit="", what=what) for fact, cap, what in ROOM_CAPS
    })


WINDOW_VENT_SQFT_PER_TOILET = 3


@CAMPGROUND.rule(
    "ti.8.2.3.ventilation",
    cite("09.8.2(3)"),
    gettext_noop("At least 3 sq ft of window ventilation per toilet; forced air without windows "
                 "on two walls"),
)
def ventilation(facts: Mapping[str, Any], context: CheckContext) -> Verdict:
    """09.8.2(3): 3 sq ft of window per toilet in every case; forced air unless windows
    ventilate two outside walls."""
    window_area = at_least(
        facts["window_vent_sqft_per_toilet"], WINDOW_VENT_SQFT_PER_TOILET, unit=SQUARE_FEET,
        what=gettext_noop("The ventilating window area per toilet"),
    )
    if window_area.outcome is Outcome.FAIL:
        return window_area
    if not facts["windows_in_two_outside_walls"] and not facts["forced_air_ventilation"]:
        return failed(
            gettext_noop("A wash/toilet room without ventilating windows in two outside walls "
                         "needs forced air ventilation; install it."),
            required=window_area.required, actual=window_area.actual, unit=window_area.unit,
        )
    return window_area


@CAMPGROUND.rule(
    "ti.8.2.6.water",
    cite("09.8.2(6)"),
    gettext_noop("Hot and cold water at each lavatory and shower"),
)
def hot_and_cold_water(facts: Mapping[str, Any], context: CheckContext) -> Verdict:
    """09.8.2(6): hot and cold water from an approved source at each lavatory and shower."""
    return must_hold(
        facts["hot_and_cold_water"],
        ok=gettext_noop("Hot and cold water reach every lavatory and shower."),
        refusal=gettext_noop("Every lavatory and shower needs both hot and cold water; supply "
                             "both."),
    )


CLEANINGS_PER_DAY = 3


@CAMPGROUND.rule(
    "ti.8.3.1.cleaning",
    cite("09.8.3(1)"),
    gettext_noop("Wash/toilet rooms cleaned and disinfected at least 3 times every 24 hours"),
)
def cleaning(facts: Mapping[str, Any], context: CheckContext) -> Verdict:
    """09.8.3(1): rooms and fixtures cleaned and disinfected at least three times in 24 hours."""
    return at_least(
        facts["cleanings_per_day"], CLEANINGS_PER_DAY, unit="",
        what=gettext_noop("The number of cleanings every 24 hours"),
    )


REFUSE_GAL_PER_SITE = 30
REFUSE_MAX_DISTANCE_FT = 300


@CAMPGROUND.rule(
    "ti.8.3.2.refuse",
    cite("09.8.3(2)"),
    gettext_noop("Refuse containers of 30 gal per site, within 300 ft of each site"),
)
def refuse(facts: Mapping[str, Any], context: CheckContext) -> Verdict:
    """09.8.3(2): 30 gallons of refuse capacity per site, within 300 feet of each campsite."""
    return all_of({
        "refuse_capacity_gal": at_least(
            facts["refuse_capacity_gal"], REFUSE_GAL_PER_SITE * facts["sites"],
            unit=GALLONS,
            what=gettext_noop("The refuse container capacity"),
        ),
        "max_distance_to_refuse_ft": at_most(
            facts["max_distance_to_refuse_ft"], REFUSE_MAX_DISTANCE_FT, unit=FEET,
            what=gettext_noop("The farthest walk from a campsite to a refuse container"),
        ),
    })


@CAMPGROUND.rule(
    "ti.8.4.3.faucets",
    cite("09.8.4(3)"),
    gettext_noop("One outside drinking water faucet for every 20 sites"),
)
def drinking_faucets(facts: Mapping[str, Any], context: CheckContext) -> Verdict:
    """09.8.4(3): an outside drinking water faucet for every twenty sites or fraction."""
    return at_least(
        facts["drinking_faucets"], per_twenty_sites(facts["sites"]), unit="",
        what=gettext_noop("The number of outside drinking water faucets"),
    )


FAUCET_MIN_HEIGHT_FT = 3


@CAMPGROUND.rule(
    "ti.8.4.2.faucet_height",
    cite("09.8.4(2)"),
    gettext_noop("Outside faucet openings at least 3 ft above the ground"),
)
def faucet_height(facts: Mapping[str, Any], context: CheckContext) -> Verdict:
    """09.8.4(2): outside faucet openings not less than three feet above the ground."""
    return at_least(
        facts["faucet_height_ft"], FAUCET_MIN_HEIGHT_FT, unit=FEET,
        what=gettext_noop("The height of the outside faucet openings"),
    )


# -- tisbury.woodwaste (09.2.9) ----------------------------------------------

WOODWASTE = RuleSet(
    code="tisbury.woodwaste",
    municipality=MUNICIPALITY,
    title=gettext_noop("Burial of woodwaste"),
    description=gettext_noop("Site assignment and content of a woodwaste burial (09.2.9)."),
    facts=(
        _measure("volume_cuyd", gettext_noop("Volume of woodwaste to bury"), "cu yd"),
        _yes_no(
            "site_assigned",
            gettext_noop("Has the Board of Health assigned the burial site?"),
        ),
        _yes_no(
            "only_woodwaste",
            gettext_noop("Is the material only woodwaste (trees, stumps, brush, leaves, sawdust, "
                         "chips, shavings, bark)?"),
        ),
        _yes_no(
            "treated_wood",
            gettext_noop("Does it include wood with preservatives, paint, stain or other "
                         "coatings?"),
        ),
    ),
)

WOODWASTE_SITE_ASSIGNMENT_ABOVE_CUYD = 200


@WOODWASTE.rule(
    "ti.2.9.site",
    cite("09.2.9(1)"),
    gettext_noop("More than 200 cu yd needs site assignment; smaller amounts are reviewed case "
                 "by case"),
    reviewable=True,
)
def woodwaste_site(facts: Mapping[str, Any], context: CheckContext) -> Verdict:
    """09.2.9(1): over 200 cubic yards needs a site assignment (310 CMR 19.03); less is
    reviewed by the Board case by case."""
    volume = facts["volume_cuyd"]
    limit = WOODWASTE_SITE_ASSIGNMENT_ABOVE_CUYD
    numbers = {"required": limit, "actual": volume, "unit": CUBIC_YARDS}
    if volume <= limit:
        return needs_review(
            explain(gettext_noop("%(volume)s cu yd is no more than %(limit)s cu yd: the Board "
                                 "reviews the burial case by case."), volume=volume, limit=limit),
            **numbers,
        )
    if facts["site_assigned"]:
        return passed(
            explain(gettext_noop("%(volume)s cu yd is more than %(limit)s cu yd, and the Board "
                                 "has assigned the burial site."), volume=volume, limit=limit),
            **numbers,
        )
    return failed(
        explain(gettext_noop("%(volume)s cu yd is more than %(limit)s cu yd, so the Board of "
                             "Health must first assign the burial site (310 CMR 19.03); apply "
                             "for site assignment."), volume=volume, limit=limit),
        **numbers,
    )


@WOODWASTE.rule(
    "ti.2.9.content",
    cite("09.2.9(1)"),
    gettext_noop("Only untreated woodwaste is buried"),
)
def woodwaste_content(facts: Mapping[str, Any], context: CheckContext) -> Verdict:
    """09.2.9(1): no other refuse, and no wood with preservatives or coatings."""
    return must_hold(
        facts["only_woodwaste"] and not facts["treated_wood"],
        ok=gettext_noop("Only untreated woodwaste is buried."),
        refusal=(
            gettext_noop("Bury only woodwaste, with no other refuse and no wood treated with "
                         "preservatives, paint, stain or other coatings.")
        ),
    )


# -- tisbury.lead_paint (09.4.6) ---------------------------------------------

LEAD_PAINT = RuleSet(
    code="tisbury.lead_paint",
    municipality=MUNICIPALITY,
    title=gettext_noop("Lead paint determination before painting or renovation"),
    description=gettext_noop("A lead paint determination for buildings built before 1978 "
                             "(09.4.6)."),
    facts=(
        # A plausible year: a typing slip (19600) is refused naming the fact, not judged.
        _count("year_built", gettext_noop("Year the building was built"), minimum=1600,
               maximum=2100),
        _yes_no(
            "determination_filed",
            gettext_noop("Has a lead paint determination by a licensed inspector been filed with "
                         "the Board?"),
        ),
    ),
)

LEAD_PAINT_BUILT_BEFORE = 1978


@LEAD_PAINT.rule(
    "ti.4.6.lead",
    cite("09.4.6"),
    gettext_noop("A lead paint determination is filed for a building built before 1978"),
)
def lead_paint_determination(facts: Mapping[str, Any], context: CheckContext) -> Verdict:
    """09.4.6: before painting or renovating a pre-1978 building, a lead paint determination
    is performed and filed with the Board."""
    if facts["year_built"] >= LEAD_PAINT_BUILT_BEFORE:
        return not_applicable(explain(
            gettext_noop("The building was built in %(year)s or later."),
            year=LEAD_PAINT_BUILT_BEFORE))
    return must_hold(
        facts["determination_filed"],
        ok=gettext_noop("A lead paint determination is on file."),
        refusal=explain(gettext_noop("The building was built before %(year)s: file a lead paint "
                                     "determination by a licensed inspector with the Board "
                                     "before work starts."), year=LEAD_PAINT_BUILT_BEFORE),
    )


# -- tisbury.temporary_dumpster (09.2.5(3)) ----------------------------------


def end_not_before_start(facts: Mapping[str, Any]) -> dict[str, str]:
    """A dumpster permit period cannot end before it starts."""
    start, end = facts.get("start_date"), facts.get("end_date")
    if start is not None and end is not None and end < start:
        return {"end_date": "The end date cannot be before the start date."}
    return {}


TEMPORARY_DUMPSTER = RuleSet(
    code="tisbury.temporary_dumpster",
    municipality=MUNICIPALITY,
    title=gettext_noop("Temporary dumpster permit period"),
    description=gettext_noop("A temporary dumpster permit lasts up to 30 days; a renewal adds up "
                             "to 30 more (09.2.5(3))."),
    facts=(
        Fact("start_date", FactType.DATE, gettext_noop("Permit period start date")),
        Fact("end_date", FactType.DATE, gettext_noop("Permit period end date"),
             help_text=gettext_noop("At most 30 days after the start date, the first day not "
                                    "counted: a dumpster from December 2 may stay through "
                                    "January 1 — December 2 to January 1: 30 days (09.2.5(3)).")),
        _yes_no(
            "renewal",
            gettext_noop("Is this a renewal of an earlier temporary permit?"),
            help_text=gettext_noop("A renewal period is judged the same way: up to 30 days."),
        ),
    ),
    validators=(end_not_before_start,),
)

TEMPORARY_DUMPSTER_MAX_DAYS = 30


@TEMPORARY_DUMPSTER.rule(
    "ti.2.5.3.duration",
    cite("09.2.5(3)"),
    gettext_noop("The permit period is no longer than 30 days"),
)
def temporary_dumpster_duration(facts: Mapping[str, Any], context: CheckContext) -> Verdict:
    """09.2.5(3): a temporary permit (or its renewal) runs no more than thirty days."""
    return at_most(
        (facts["end_date"] - facts["start_date"]).days,
        TEMPORARY_DUMPSTER_MAX_DAYS,
        unit=DAYS,
        what=gettext_noop("The permit period"),
    )


# -- tisbury.failed_septic (09.1.3(5), 09.0.8(4)) ------------------------------

FAILED_SEPTIC = RuleSet(
    code="tisbury.failed_septic",
    municipality=MUNICIPALITY,
    title=gettext_noop("Possible septic system failure"),
    description=gettext_noop("Signs that send a septic system to the Board for review "
                             "(09.1.3(5))."),
    facts=(
        _yes_no(
            "effluent_over_ground",
            gettext_noop("Does septic effluent run over or break the surface of the ground?"),
        ),
        _count(
            "pumpouts_last_12_months",
            gettext_noop("Times the system was pumped in the last 12 months"),
        ),
    ),
)

FAILURE_REVIEW_PUMPOUTS = 4


@FAILED_SEPTIC.rule(
    "ti.1.3.5.review",
    cite("09.1.3(5)"),
    gettext_noop("Effluent over the ground or 4 or more pumpouts a year sends the system to "
                 "review"),
    reviewable=True,
)
def failure_review(facts: Mapping[str, Any], context: CheckContext) -> Verdict:
    """09.1.3(5): effluent breaking the surface, or four or more pumpouts in a year, puts the
    system under review for possible failure."""
    pumpouts = facts["pumpouts_last_12_months"]
    numbers = {"required": FAILURE_REVIEW_PUMPOUTS, "actual": pumpouts, "unit": ""}
    if facts["effluent_over_ground"] or pumpouts >= FAILURE_REVIEW_PUMPOUTS:
        return needs_review(
            explain(gettext_noop("The Board reviews this system for possible failure: effluent "
                                 "reaching the ground surface or %(review_at)s or more pumpouts "
                                 "a year are signs of failure."),
                    review_at=FAILURE_REVIEW_PUMPOUTS),
            **numbers,
        )
    return passed(
        explain(ngettext_lazy("No effluent on the ground and %(pumpouts)s pumpout in 12 months "
                              "(review starts at %(review_at)s).",
                              "No effluent on the ground and %(pumpouts)s pumpouts in 12 months "
                              "(review starts at %(review_at)s).", "pumpouts"),
                pumpouts=pumpouts, review_at=FAILURE_REVIEW_PUMPOUTS),
        **numbers,
    )


# -- tisbury.system_limits (09.1.3(3), (4)) ----------------------------------

SYSTEM_LIMITS = RuleSet(
    code="tisbury.system_limits",
    municipality=MUNICIPALITY,
    title=gettext_noop("Number of septic systems and dwelling units"),
    description=gettext_noop("Maximum disposal works per lot and dwelling units per system "
                             "(09.1.3(3), (4))."),
    facts=(
        Fact(
            "zoning", FactType.CHOICE, gettext_noop("How is the lot zoned?"),
            choices=("residential", "business"),
            help_text=gettext_noop("Business includes commercial zoning."),
        ),
        _count("systems_on_lot", gettext_noop("Septic systems on the lot, including this one")),
        _count(
            "dwelling_units_per_system",
            gettext_noop("Most dwelling units connected to one system"),
        ),
        _yes_no(
            "public_interest_housing",
            gettext_noop("Is this elderly, low or moderate income, or similar public-interest "
                         "housing?"),
        ),
        _yes_no(
            "sewer_at_lot_line",
            gettext_noop("Is a municipal sewer available at the lot line?"),
        ),
    ),
)

MAX_SYSTEMS_PER_LOT = 2
MAX_UNITS_PER_SYSTEM = 2


@SYSTEM_LIMITS.rule(
    "ti.1.3.3.max",
    cite("09.1.3(3)"),
    gettext_noop("Residential lots: at most 2 systems per lot and 2 dwelling units per system"),
    reviewable=True,
)
def system_limits(facts: Mapping[str, Any], context: CheckContext) -> Verdict:
    """09.1.3(3): two systems per residential lot, two units per system, waivable where sewer
    reaches the lot line; business and public-interest housing are judged individually
    (09.1.3(4))."""
    if facts["zoning"] == "business" or facts["public_interest_housing"]:
        return needs_review(
            gettext_noop("Business, commercial and public-interest housing systems are considered "
                         "individually by the Board (09.1.3(4)).")
        )
    limits = all_of({
        "systems_on_lot": at_most(
            facts["systems_on_lot"], MAX_SYSTEMS_PER_LOT, unit="",
            what=gettext_noop("The number of systems on the lot"),
        ),
        "dwelling_units_per_system": at_most(
            facts["dwelling_units_per_system"], MAX_UNITS_PER_SYSTEM, unit="",
            what=gettext_noop("The number of dwelling units on one system"),
        ),
    })
    if limits.outcome is Outcome.PASS or not facts["sewer_at_lot_line"]:
        return limits
    return dataclasses.replace(
        limits,
        outcome=Outcome.NEEDS_REVIEW,
        message=explain(gettext_noop("%(finding)s A municipal sewer is available at the lot "
                                     "line, so the Board may waive the limit."),
                        finding=limits.message),
    )


# -- tisbury.sandblasting (09.4.3) -------------------------------------------


SANDBLASTING = RuleSet(
    code="tisbury.sandblasting",
    municipality=MUNICIPALITY,
    title=gettext_noop("Sandblasting permit application"),
    description=gettext_noop("The seventeen items every sandblasting application must include "
                             "(09.4.3)."),
    facts=(
        _text(
            "property_owner_name", gettext_noop("Property owner's name"),
            gettext_noop("Item 1 of the sandblasting application: Name of property owner where "
                         "sandblasting will occur."),
            required=False,
        ),
        _text(
            "property_location", gettext_noop("Location of the property"),
            gettext_noop("Item 2 of the sandblasting application: Location of property where "
                         "sandblasting will occur."),
            required=False,
        ),
        _measure(
            "distance_to_abutting_properties_ft",
            gettext_noop("Distance to abutting properties"),
            "ft",
            gettext_noop("Item 3 of the sandblasting application: Distance to abutting "
                         "properties."),
            required=False,
        ),
        _text(
            "company_name", gettext_noop("Sandblasting company name"),
            gettext_noop("Item 4 of the sandblasting application: Sandblasting company name."),
            required=False,
        ),
        _text(
            "company_address", gettext_noop("Sandblasting company address"),
            gettext_noop("Item 5 of the sandblasting application: Sandblasting company address."),
            required=False,
        ),
        Fact(
            "sandblasting_date", FactType.DATE, gettext_noop("Date of the sandblasting"),
            help_text=gettext_noop("Item 6 of the sandblasting application: Date sandblasting "
                                   "will occur."),
            required=False,
        ),
        _text(
            "object_description", gettext_noop("What is being sandblasted"),
            gettext_noop("Item 7 of the sandblasting application: What is being sandblasted?"),
            required=False,
        ),
        _text(
            "material_type", gettext_noop("Type of material being sandblasted"),
            gettext_noop("Item 8 of the sandblasting application: Type of material being "
                         "sandblasted?"),
            required=False,
        ),
        _yes_no(
            "meets_ep_toxicity",
            gettext_noop("Whether the material meets EP toxicity safe levels"),
            gettext_noop("Item 9 of the sandblasting application: Does material meet EP toxicity "
                         "safe levels?"),
            required=False,
        ),
        _text(
            "blasting_product", gettext_noop("Product used to sandblast"),
            gettext_noop("Item 10 of the sandblasting application: Product being used to "
                         "sandblast?"),
            required=False,
        ),
        _yes_no(
            "free_silica", gettext_noop("Whether the blasting product is free of silica"),
            gettext_noop("Item 11 of the sandblasting application: Will product for sandblasting "
                         "be free-silica?"),
            required=False,
        ),
        _yes_no(
            "indoors", gettext_noop("Whether the sandblasting takes place indoors"),
            gettext_noop("Item 12 of the sandblasting application: Will sandblasting take place "
                         "indoors?"),
            required=False,
        ),
        _yes_no(
            "shrouding", gettext_noop("Whether shrouding is used"),
            gettext_noop("Item 13 of the sandblasting application: Will shrouding be used during "
                         "sandblasting?"),
            required=False,
        ),
        _text(
            "fallout_disposal", gettext_noop("Where the fallout material is disposed of"),
            gettext_noop("Item 14 of the sandblasting application: Where will fallout material "
                         "sandblasted be disposed?"),
            required=False,
        ),
        _text(
            "residue_dust_description", gettext_noop("Amount and nature of the residue dust"),
            gettext_noop("Item 15 of the sandblasting application: What is the amount and nature "
                         "of residue dust?"),
            required=False,
        ),
        _yes_no(
            "tarps_used", gettext_noop("Whether tarps collect the fallout"),
            gettext_noop("Item 16 of the sandblasting application: Will tarps be used to collect "
                         "fallout?"),
            required=False,
        ),
        _yes_no(
            "meets_dep_noise_standards",
            gettext_noop("Whether the project meets DEP noise standards"),
            gettext_noop("Item 17 of the sandblasting application: Will project meet DEP noise "
                         "pollution standards (310 CMR 7)?"),
            required=False,
        ),
    ),
)


def is_unanswered(value: Any) -> bool:
    """Absent, null, or text left blank."""
    return value is None or (isinstance(value, str) and not value.strip())


@SANDBLASTING.rule(
    "ti.4.3.complete",
    cite("09.4.3"),
    gettext_noop("The application answers all seventeen required items"),
)
def application_complete(facts: Mapping[str, Any], context: CheckContext) -> Verdict:
    """09.4.3: every sandblasting application includes the seventeen listed items."""
    missing = [fact for fact in SANDBLASTING.facts if is_unanswered(facts.get(fact.name))]
    total = len(SANDBLASTING.facts)
    if not missing:
        return passed(explain(gettext_noop("All %(total)s items of the application are "
                                           "answered."), total=total), actual=[])
    return failed(
        explain(gettext_noop("The application leaves %(count)s of its %(total)s items "
                             "unanswered: %(items)s. Answer each of them to complete it."),
                count=len(missing), total=total,
                items=joined([fact.label for fact in missing],
                             gettext_noop("%(these)s; %(that)s"))),
        actual=[fact.name for fact in missing],
    )


@SANDBLASTING.rule(
    "ti.4.3.noise",
    cite("09.4.3"),
    gettext_noop("The project meets the DEP noise pollution standards (310 CMR 7)"),
)
def noise_standards(facts: Mapping[str, Any], context: CheckContext) -> Verdict:
    """09.4.3, item 17: the project meets the DEP noise pollution standards (310 CMR 7)."""
    meets = facts["meets_dep_noise_standards"]
    if meets is None:
        return not_applicable(gettext_noop("The application does not yet say whether it meets "
                                           "them."))
    return must_hold(
        meets,
        ok=gettext_noop("The project meets the DEP noise pollution standards."),
        refusal=(
            gettext_noop("The project must meet the DEP noise pollution standards (310 CMR 7); "
                         "change the equipment or hours so that it does.")
        ),
    )


# -- tisbury.disposal_works (09.9.4(2), 09.1.3(3), (4), with the coastal septic rules) -------

DISPOSAL_WORKS_CHECK = RuleSet(
    code="tisbury.disposal_works",
    municipality=MUNICIPALITY,
    title=gettext_noop("Disposal works construction: coastal septic rules, barrier-beach use "
                       "limits and the number of systems"),
    description=(
        gettext_noop("Everything the coastal septic check judges (09.9.4, 09.9.7, 09.0.8), and on "
                     "a disposal works application also: no increase in occupancy or in "
                     "wastewater devices on the Designated Barrier Beach (09.9.4(2)), at most two "
                     "systems per residential lot and two dwelling units per system, business "
                     "lots case by case (09.1.3(3), (4)).")
    ),
    facts=(
        *COASTAL_SEPTIC.facts,
        _yes_no(
            "increases_occupancy",
            gettext_noop("Does the work serve an increase in the dwelling's occupancy or intensity "
                         "of use?"),
            gettext_noop("More bedrooms or occupants, or a longer season of use; on the Designated "
                         "Barrier Beach no existing dwelling may be modified for that "
                         "(09.9.4(2))."),
            default=False,
        ),
        _yes_no(
            "adds_wastewater_devices",
            gettext_noop("Does the dwelling get more wastewater devices, or devices of greater "
                         "capacity?"),
            gettext_noop("Toilets, sinks, showers, washing machines and the like; on the "
                         "Designated Barrier Beach their number and capacity may not grow "
                         "(09.9.4(2))."),
            default=False,
        ),
        Fact(
            "zoning", FactType.CHOICE, gettext_noop("How is the lot zoned?"),
            choices=("residential", "business"), default="residential",
            help_text=gettext_noop("Read from the property; a lot whose zoning is not recorded "
                                   "is judged as residential (09.1.3(3))."),
        ),
        _count(
            "systems_on_lot",
            gettext_noop("Septic systems on the lot, including this one"),
            default=1,
        ),
        _count(
            "dwelling_units_per_system",
            gettext_noop("Most dwelling units connected to one system"),
            default=1,
        ),
        _yes_no(
            "public_interest_housing",
            gettext_noop("Is this elderly, low or moderate income, or similar public-interest "
                         "housing?"),
            default=False,
        ),
        _yes_no(
            "sewer_at_lot_line",
            gettext_noop("Is a municipal sewer available at the lot line?"),
            default=False,
        ),
    ),
)
DISPOSAL_WORKS_CHECK.add(*COASTAL_SEPTIC.rules)


@DISPOSAL_WORKS_CHECK.rule(
    "ti.9.4.2.bb_occupancy",
    cite("09.9.4(2)"),
    gettext_noop("No increase in occupancy or intensity of use of a dwelling on the barrier "
                 "beach"),
    reviewable=True,
)
@barrier_beach_only
def barrier_beach_occupancy(facts: Mapping[str, Any], context: CheckContext) -> Verdict:
    """09.9.4(2): "no existing dwelling shall be modified in any manner so as to provide for
    an increase in occupancy or intensity of use, including … extending use periods"."""
    return must_hold(
        not facts["increases_occupancy"],
        ok=gettext_noop("The work does not increase the dwelling's occupancy or intensity of "
                        "use."),
        refusal=(
            gettext_noop("On the Designated Barrier Beach no dwelling may be modified to increase "
                         "its occupancy or intensity of use, including a longer season of use.")
        ),
    )


@DISPOSAL_WORKS_CHECK.rule(
    "ti.9.4.2.bb_devices",
    cite("09.9.4(2)"),
    gettext_noop("No more, or larger, wastewater generating devices on the barrier beach"),
    reviewable=True,
)
@barrier_beach_only
def barrier_beach_devices(facts: Mapping[str, Any], context: CheckContext) -> Verdict:
    """09.9.4(2): "no existing dwelling shall increase the number of wastewater generating
    devices nor replace existing devices with those of greater capacity"."""
    return must_hold(
        not facts["adds_wastewater_devices"],
        ok=gettext_noop("The dwelling's wastewater devices are not increased in number or "
                        "capacity."),
        refusal=(
            gettext_noop("On the Designated Barrier Beach a dwelling may not add wastewater "
                         "generating devices nor replace them with devices of greater capacity.")
        ),
    )


DISPOSAL_WORKS_CHECK.add(*SYSTEM_LIMITS.rules)


RULE_SETS: tuple[RuleSet, ...] = (
    COASTAL_SEPTIC,
    PRIVATE_WELL,
    CAMPGROUND,
    WOODWASTE,
    LEAD_PAINT,
    TEMPORARY_DUMPSTER,
    FAILED_SEPTIC,
    SYSTEM_LIMITS,
    SANDBLASTING,
    DISPOSAL_WORKS_CHECK,
)


# -- tisbury.campground: the agent's items beyond the fixture counts (09.8.2–09.8.5) ----------
# Appended to the campground checklist after the spec's eleven rules: a room for each sex
# (09.8.2(1)), lights, partitions, screens (09.8.2(4), (7), (8)), poison ivy (09.8.3(3)), the
# water's approved source (09.8.4(1)) and the emergency provisions (09.8.5(1), (2)). The spec
# lists the rule set's facts, and a check sending those is answered: each item is judged where
# the visit recorded it and is not applicable where it did not.

from tisbury_regs.checklists import ChecklistItem, add_items  # noqa: E402

CAMPGROUND_UPKEEP = (
    ChecklistItem("separate_rooms_per_sex",
                  gettext_noop("Is a separate wash/toilet room kept for each sex?"),
                  "ti.8.2.1.rooms", cite("09.8.2(1)"),
                  gettext_noop("There is no separate wash/toilet room for each sex.")),
    ChecklistItem("lights_operating",
                  gettext_noop("Do lights at entrances and exits and at least one central ceiling "
                               "light operate during the hours of darkness?"),
                  "ti.8.2.4.lights", cite("09.8.2(4)"),
                  gettext_noop("Entrance, exit or central ceiling lights do not operate during "
                               "darkness.")),
    ChecklistItem("light_switches_staff_only",
                  gettext_noop("Are the switches of those lights accessible only to campground "
                               "employees?"),
                  "ti.8.2.4.switches", cite("09.8.2(4)"),
                  gettext_noop("The switches of the minimum lights are within reach of campers.")),
    ChecklistItem("toilets_partitioned",
                  gettext_noop("Is each toilet installed in a partitioned enclosure?"),
                  "ti.8.2.7.partitions", cite("09.8.2(7)"),
                  gettext_noop("A toilet is not in a partitioned enclosure.")),
    ChecklistItem("modesty_screens",
                  gettext_noop("Are modesty offsets or fixed partition screens provided at each "
                               "entrance and exit?"),
                  "ti.8.2.8.screens", cite("09.8.2(8)"),
                  gettext_noop("An entrance or exit has no modesty offset or fixed partition "
                               "screen.")),
    ChecklistItem("no_poison_ivy",
                  gettext_noop("Is there no poison ivy within 2 feet of any area, way or path used "
                               "for foot traffic?"),
                  "ti.8.3.3.poison_ivy", cite("09.8.3(3)"),
                  gettext_noop("Poison ivy grows within 2 feet of an area, way or path used on "
                               "foot.")),
    ChecklistItem("emergency_attendant",
                  gettext_noop("Is an employee knowledgeable in emergency procedures in attendance "
                               "at all times?"),
                  "ti.8.5.1.attendant", cite("09.8.5(1)"),
                  gettext_noop("No employee knowledgeable in emergency procedures is always in "
                               "attendance.")),
    ChecklistItem("office_with_telephone",
                  gettext_noop("Is an office with a telephone kept in a permanent structure?"),
                  "ti.8.5.1.office", cite("09.8.5(1)"),
                  gettext_noop("There is no office with a telephone in a permanent structure.")),
    ChecklistItem("public_telephone",
                  gettext_noop("Is a public telephone accessible at all times, with emergency "
                               "numbers, the Board of Health's included, prominently displayed?"),
                  "ti.8.5.2.telephone", cite("09.8.5(2)"),
                  gettext_noop("No public telephone is always accessible with the emergency "
                               "numbers (the Board of Health's included) displayed.")),
    ChecklistItem("approved_water_source",
                  gettext_noop("Is the drinking and washing water from an approved source?"),
                  "ti.8.4.1.source", cite("09.8.4(1)"),
                  gettext_noop("The drinking or washing water is not from an approved source.")),
)
add_items(CAMPGROUND, CAMPGROUND_UPKEEP, answers_required=False)


# -- tisbury.subdivision (09.4.1, 09.4.2, 09.1.3(2)) -------------------------------------------

SUBDIVISION_SECTION = cite("09.4.1")
#: "subdivision shall mean the division of a tract of land into two (2) or more lots" (09.4.1,
#: MGL c.41 §81M).
SUBDIVISION_LOTS_FROM = 2

SUBDIVISION = RuleSet(
    code="tisbury.subdivision",
    municipality=MUNICIPALITY,
    title=gettext_noop("Board of Health review of a subdivision"),
    description=gettext_noop("The water table and other prerequisites the Board determines "
                             "before it approves a subdivision or division of land (09.4.1, "
                             "09.4.2)."),
    facts=(
        _count("lots", gettext_noop("Number of lots the plan creates"),
               gettext_noop("A division into two or more lots, re-subdivision included "
                            "(09.4.1, MGL c.41 §81M)."), minimum=SUBDIVISION_LOTS_FROM),
        _yes_no("water_table_shown",
                gettext_noop("Does the plan show the water table's location and gradient?"),
                gettext_noop("From deep observation holes or monitoring wells on the tract "
                             "(09.4.1).")),
    ),
)


@SUBDIVISION.rule("ti.4.1.water_table", SUBDIVISION_SECTION,
                  gettext_noop("The plan shows the water table's location and gradient"))
def subdivision_water_table(facts: Mapping[str, Any], context: CheckContext) -> Verdict:
    """09.4.1: the Board's review determines the water table location and gradient."""
    return must_hold(
        facts["water_table_shown"],
        ok=gettext_noop("The plan shows the water table's location and gradient."),
        refusal=gettext_noop("Show the water table's location and gradient on the plan: the "
                             "Board's review determines them."),
    )


@SUBDIVISION.rule("ti.4.1.review", SUBDIVISION_SECTION,
                  gettext_noop("The Board determines the prerequisites and any observation wells"),
                  reviewable=True)
def subdivision_review(facts: Mapping[str, Any], context: CheckContext) -> Verdict:
    """09.4.1, 09.4.2, 09.1.3(2): the Board determines what else it requires, multiple deep
    driven observation or monitoring wells included, before it approves the plan."""
    return needs_review(explain(
        gettext_noop("The Board reviews the %(lots)s lots for the prerequisites it finds "
                     "appropriate, and may require deep driven observation or monitoring wells at "
                     "the locations, depths and heights it specifies (%(section)s)."),
        lots=facts["lots"], section=cite("09.1.3(2)")))


# -- tisbury.inlet (09.9.6(2)) ----------------------------------------------------------------

INLET = RuleSet(
    code="tisbury.inlet",
    municipality=MUNICIPALITY,
    title=gettext_noop("New inlet, channel or basin"),
    description=gettext_noop("The Board's written approval of a new inlet, channel or basin "
                             "inland of the mean high water line (09.9.6(2))."),
    facts=(
        _yes_no(
            "inland_of_mean_high_water",
            gettext_noop("Is it built inland of the mean high water line of the sea coast or a "
                         "saltwater body?"),
        ),
    ),
)


@INLET.rule("ti.9.6.2.inlet", cite("09.9.6(2)"),
            gettext_noop("A new inlet, channel or basin inland of mean high "
                         "water needs the Board's written approval"), reviewable=True)
def inlet_approval(facts: Mapping[str, Any], context: CheckContext) -> Verdict:
    """09.9.6(2): "No new inlet, channel or basin shall be constructed inland of the mean high
    water line … without the written approval of the Board of Health"."""
    if not facts["inland_of_mean_high_water"]:
        return not_applicable(gettext_noop("Seaward of the mean high water line the regulation "
                                           "does not ask for the Board's approval."))
    return needs_review(gettext_noop("The Board of Health decides in writing whether to approve "
                                     "it."))


RULE_SETS = (*RULE_SETS, SUBDIVISION, INLET)


# -- potential bedrooms in the disposal works design flow (09.1.3(7)) -------------------------

#: "a bedroom is any potential living space other than a kitchen, bathroom, living room,
#: dining/family room or service room occupied by furnace, pump, air conditioner or similar
#: service equipment" (09.1.3(7)).
POTENTIAL_BEDROOM = gettext_noop(
    "any potential living space other than a kitchen, bathroom, living room, dining/family "
    "room or service room (furnace, pump, air conditioner or similar equipment)")

DISPOSAL_WORKS_CHECK.facts = (
    *DISPOSAL_WORKS_CHECK.facts,
    _count("potential_bedrooms", gettext_noop("Potential bedrooms on the floor plan"),
           gettext_noop("Count as a bedroom any potential living space other than a kitchen, "
                        "bathroom, living room, dining/family room or service room (furnace, "
                        "pump, air conditioner or similar equipment): a den, office, study or "
                        "loft counts (09.1.3(7))."), required=False),
    _count("design_bedrooms", gettext_noop("Bedrooms the system's design flow is computed for"),
           gettext_noop("The design flow rests on the number of bedrooms "
                        "(09.1.3(7))."), required=False),
)


@DISPOSAL_WORKS_CHECK.rule("ti.1.3.7.bedrooms", cite("09.1.3(7)"),
                           gettext_noop("The design flow counts every potential bedroom"))
def design_counts_potential_bedrooms(facts: Mapping[str, Any], context: CheckContext
                                     ) -> Verdict:
    """09.1.3(7): the Board counts as a bedroom any potential living space other than a
    kitchen, bathroom, living room, dining/family room or service room, so the design flow is
    computed for at least that many bedrooms."""
    potential, designed = facts.get("potential_bedrooms"), facts.get("design_bedrooms")
    if potential is None or designed is None:
        return not_applicable(gettext_noop("The application does not yet count the potential "
                                           "bedrooms and the bedrooms of the design flow."))
    verdict = at_least(designed, potential, unit=BEDROOMS,
                       what=gettext_noop("The design flow's bedroom count"))
    if verdict.outcome is Outcome.FAIL:
        return dataclasses.replace(verdict, message=explain(
            gettext_noop("%(finding)s The Board counts as a bedroom %(bedroom)s."),
            finding=verdict.message, bedroom=explain(POTENTIAL_BEDROOM)))
    return verdict


# -- a lot a subdivision created (09.4.2) ------------------------------------------------------

#: Derived from the issued subdivision plan reviews (09.4.1) that name the lot's parcel; never
#: asked of the applicant.
SUBDIVISION_LOT_FACT = Fact(
    "subdivision_review", FactType.TEXT,
    gettext_noop("The subdivision plan review that created the lot"),
    help_text=gettext_noop("Read from the issued subdivision plan reviews that "
                           "name the lot's parcel (09.4.2)."), required=False,
)
DISPOSAL_WORKS_CHECK.facts = (*DISPOSAL_WORKS_CHECK.facts, SUBDIVISION_LOT_FACT)


@DISPOSAL_WORKS_CHECK.rule("ti.4.2.lot_criteria", cite("09.4.2"),
                           gettext_noop("A lot a subdivision created meets the Board's criteria "
                                        "first"),
                           reviewable=True)
def subdivided_lot_meets_the_criteria(facts: Mapping[str, Any], context: CheckContext
                                      ) -> Verdict:
    """09.4.2: "No Disposal Works Construction Permit shall be issued for any lot created after
    the approval of the above regulation until said lot has met Board of health criteria"."""
    subdivision = facts.get(SUBDIVISION_LOT_FACT.name)
    if not subdivision:
        return not_applicable(gettext_noop("No issued subdivision plan review names this lot."))
    return needs_review(explain(
        gettext_noop("The lot was created by the subdivision reviewed under permit %(permit)s: "
                     "no disposal works permit issues until the Board finds the lot meets the "
                     "Board of Health's criteria — the water table and any observation or "
                     "monitoring wells it required (%(section)s)."),
        permit=subdivision, section=cite("09.4.1")))
