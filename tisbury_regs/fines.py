"""Tisbury's non-criminal disposition fine schedule (BOH Reg 09.0.6, 09.0.7; MGL c.40 §21D).

The schedule prints a first-offense fine and a second-offense fine; where it
prints one amount, every offense costs it, and "warning" is a recorded
written warning with nothing due. Three offenses carry their own fines in
the regulation they enforce: late pump-out permits (09.6.2), living aboard
boats (09.4.10) and any other Board regulation (09.0.7(B)).

The compliance surcharge schedules of the septage handler (09.1.4) and food service (09.5.1)
permits are here too: the renewal's fee and the citations that raise it both read them.
"""

from collections.abc import Mapping
from dataclasses import dataclass

from django.utils.translation import gettext_noop

from permits_site.enforcement.catalogue import (
    WARNING,
    FineCatalogue,
    FineItemSpec,
    every_offense,
    first_then,
)
from permits_site.enforcement.models import PriorWindow
from permits_site.enforcement.registry import (
    CaseType,
    CitationExemption,
    CitationPolicy,
    SurchargeEvent,
    SurchargeSources,
    statutory_window,
)
from tisbury_regs.law import cite
from tisbury_regs.periods import MUNICIPALITY

MGL_DUMPING = "MGL c.270 §16A"
SCHEDULE = "09.0.6"
CONTINUED = "09.0.7"
FIFTY_THEN_HUNDRED = first_then("50.00", "100.00")


def under_schedule(schedule: str, enabling: str) -> str:
    """The citation of a scheduled fine: the law it enforces, then the schedule's section."""
    if enabling.startswith("MGL"):
        return f"{enabling}; {cite(schedule)}"
    return f"{cite(enabling)}; {schedule}"


def listed(offense, description, enabling, amounts, *, schedule=SCHEDULE, **options):
    """An offense priced by the fine schedule table of ``schedule``."""
    return FineItemSpec(
        offense, description, under_schedule(schedule, enabling), amounts=amounts, **options
    )


FINES = FineCatalogue(
    municipality_code=MUNICIPALITY,
    items=(
        listed("illegal_dumping", gettext_noop("Illegal dumping"), MGL_DUMPING, FIFTY_THEN_HUNDRED),
        listed("littering", gettext_noop("Littering"), MGL_DUMPING, FIFTY_THEN_HUNDRED),
        listed("illegal_disposal_public_receptacle",
               gettext_noop("Household or commercial waste put into a public receptacle"),
               "09.6.3", FIFTY_THEN_HUNDRED),
        listed("unlawful_discharge_water",
               gettext_noop("Unlawful discharge into groundwater or a waterway"),
               MGL_DUMPING, FIFTY_THEN_HUNDRED),
        listed("human_habitation_sanitary_code",
               gettext_noop("Violation of the sanitary code for human habitation"),
               "09.4.9", FIFTY_THEN_HUNDRED),
        listed("state_sanitary_code",
               gettext_noop("Violation of the State Sanitary Code (food establishments)"),
               "09.5.4", FIFTY_THEN_HUNDRED),
        listed("commercial_hydroseed_fertilizing",
               gettext_noop("Commercial hydroseeding or fertilizing operations"),
               "09.9.16", every_offense("50.00")),
        listed("lead_law", gettext_noop("Violation of the lead laws"), "09.4.6",
               every_offense("500.00")),
        listed("animal_excrement", gettext_noop("Animal excrement not removed"), "09.7.1",
               first_then("25.00", "50.00")),
        listed("quarantine",
               gettext_noop("Domestic animal quarantined for biting: service fee, then a fine for "
                            "a second quarantine in the same calendar year"),
               "09.7.3", first_then("10.00", "25.00"),
               prior_window=PriorWindow.CALENDAR_YEAR),
        listed("food_sale_without_permit", gettext_noop("Sale of food without a valid permit"),
               "09.5.1", every_offense("300.00")),
        listed("septic_work_without_permit",
               gettext_noop("Alteration or repair of a septic system without a valid permit"),
               "09.6.1", every_offense("100.00")),
        listed("feeding_waterfowl", gettext_noop("Feeding waterfowl"), "09.9.17",
               first_then(WARNING, "100.00")),
        listed("dumpster", gettext_noop("Dumpster violation"), "09.2.4",
               first_then("25.00", "50.00")),
        listed("junkyard_noncompliance", gettext_noop("Licensed junkyard not in compliance"),
               "09.6.4", every_offense("100.00"), per_day=True),
        listed("unsanitary_public_facility",
               gettext_noop("Unsanitary maintenance of a public facility or public access, "
                            "after the 24-hour correction order"),
               "09.4.8", first_then(WARNING, "50.00"), per_day=True),
        listed("work_without_permit", gettext_noop("Work without a valid permit"), "09.6.1",
               every_offense("100.00"), schedule=CONTINUED),
        listed("fuel_storage", gettext_noop("Fuel storage violation"), "09.4.7",
               every_offense("200.00"), schedule=CONTINUED, per_day=True),
        listed("unlawful_hydroseeding", gettext_noop("Unlawful hydroseeding"), "09.9.16",
               every_offense("50.00"), schedule=CONTINUED),
        listed("woodwaste_disposal", gettext_noop("Illegal disposal of woodwaste"), "09.2.9",
               every_offense("300.00"), schedule=CONTINUED),
        FineItemSpec(
            "septic_pumpout_permit_late",
            gettext_noop("Septic pump-out permit not returned by the 15th of the month"),
            cite("09.6.2"),
            amounts=every_offense("10.00"),
            per_day=True,
            unit="permit",
        ),
        FineItemSpec(
            "living_aboard_boat",
            gettext_noop("Staying overnight on a boat at a marina in the lakes and ponds"),
            cite("09.4.10"),
            range=("100.00", "300.00"),
            per_day=True,
            unit="boat",
        ),
        FineItemSpec(
            "board_regulation_violation",
            gettext_noop("Violation of a Board of Health regulation not on the fine schedule "
                         "(a forfeiture on conviction, recorded after the court's decision)"),
            cite("09.0.7(B)") + "; MGL c.111 §31",
            range=("0.01", "500.00"),
            per_day=True,
        ),
    ),
)


# -- compliance surcharges (09.1.4, 09.5.1) ------------------------------------

SURCHARGE_EVENTS = {
    "validated_complaint": "validated consumer complaints",
    "trash_violation": "trash violations",
    "smoking_violation": "smoking violations",
    "late_renewal": "late permit renewal",
    "operating_without_permit": "operating without a permit in place",
    "foodborne_illness_responsible": "food-borne illness investigation, establishment responsible",
    "citation_noncritical": "citation/order letter for non-critical violations",
    "reinspections_2plus": "two or more re-inspections after routine inspections",
    "preventive_inspections": "more frequent preventive inspections",
    "citation_critical": "citation/order letter for critical violations",
    "citation_order": "citation/order to correct violations",
    "show_cause_hearing": "show cause hearing",
    "suspension_revocation": "license suspension or revocation",
}


@dataclass(frozen=True)
class SurchargeSchedule:
    """A permit type's surcharge levels: event code → percent of the base fee."""

    citation: str
    percents: Mapping[str, int]


SEPTAGE_SURCHARGES = SurchargeSchedule(
    citation=cite("09.1.4"),
    percents={
        "validated_complaint": 25,
        "late_renewal": 50,
        "operating_without_permit": 50,
        "citation_order": 100,
        "show_cause_hearing": 150,
        "suspension_revocation": 200,
    },
)
FOOD_SURCHARGES = SurchargeSchedule(
    citation=cite("09.5.1"),
    percents={
        "validated_complaint": 25,
        "trash_violation": 25,
        "smoking_violation": 25,
        "late_renewal": 50,
        "operating_without_permit": 50,
        "foodborne_illness_responsible": 50,
        "citation_noncritical": 50,
        "reinspections_2plus": 75,
        "preventive_inspections": 75,
        "citation_critical": 100,
        "show_cause_hearing": 150,
        "suspension_revocation": 200,
    },
)


def surcharge_events() -> tuple[SurchargeEvent, ...]:
    """The events of the septage (09.1.4) and food (09.5.1) surcharge schedules a
    citation may represent, each citing the schedules that list it."""
    return tuple(
        SurchargeEvent(code, label, "; ".join(
            schedule.citation for schedule in (SEPTAGE_SURCHARGES, FOOD_SURCHARGES)
            if code in schedule.percents))
        for code, label in SURCHARGE_EVENTS.items()
    )


#: The records that count at a septage handler's (09.1.4) or food service (09.5.1) renewal
#: besides citations, by the schedules' words: "Late Permit Renewal", "License Suspension or
#: Revocation", "Show Cause Hearing" (a hearing on a case about the permit: the holder is
#: called to answer for it), "Two or more re-inspections as follow up to routine inspections"
#: (09.5.1 only; a food establishment's permit re-inspected after a failed inspection),
#: "Validated consumer complaints" (a case against the business determined with the
#: complaint validated). Food-borne illness findings and preventive inspections have no
#: record of their own: a citation classified so raises them.
SURCHARGE_SOURCES = SurchargeSources(
    late_renewal="late_renewal",
    suspension_revocation="suspension_revocation",
    case_hearing="show_cause_hearing",
    reinspections="reinspections_2plus",
    reinspections_counted=2,
    validated_complaint="validated_complaint",
)

#: The regulations adopt MGL c.40 §21D (09.0.6): 21 days to pay or ask for a hearing, then
#: the Edgartown District Court, which sits for Dukes County. A 09.0.7(B) violation is a
#: forfeiture on conviction: nothing is owed before the court decides.
CITATION_POLICY = CitationPolicy(
    municipality=MUNICIPALITY,
    window=statutory_window(MUNICIPALITY, "MGL c.40 §21D; Tisbury BOH Reg 09.0.6"),
    court="Edgartown District Court",
    forfeitures=("board_regulation_violation",),
    surcharge_events=surcharge_events(),
    surcharge_sources=SURCHARGE_SOURCES,
    exemptions=(
        CitationExemption(
            code="guide_dog",
            question="Was it a blind person walking his or her guide dog?",
            offenses=("animal_excrement",),
            citation=cite("09.7.1"),
            refusal="09.7.1 does not apply to a blind person while walking his or her guide "
                    "dog: no citation is written.",
        ),
    ),
)
CASE_TYPES = (
    CaseType(
        code="tisbury.health_violation",
        municipality=MUNICIPALITY,
        name="Board of Health regulation violation",
        offenses=FINES.offenses(),
        citation=cite("09.0.6, 09.0.7"),
    ),
    # Orders with clocks (tisbury_regs.health_orders).
    CaseType(code="tisbury.animal_bite", municipality=MUNICIPALITY,
             name="Animal bite: quarantine", offenses=("quarantine",),
             citation=cite("09.7.3"), page="tisbury_regs:health_case"),
    CaseType(code="tisbury.public_facility", municipality=MUNICIPALITY,
             name="Unsanitary public facility: 24-hour correction order",
             offenses=("unsanitary_public_facility",), citation=cite("09.4.8"),
             page="tisbury_regs:health_case"),
    CaseType(code="tisbury.fuel_storage", municipality=MUNICIPALITY,
             name="Underground storage tank notification", offenses=("fuel_storage",),
             citation=cite("09.4.7"), page="tisbury_regs:health_case"),
    CaseType(code="tisbury.food_manager", municipality=MUNICIPALITY,
             name="Food establishment without a certified manager",
             offenses=("board_regulation_violation",), citation=cite("09.5.2"),
             page="tisbury_regs:health_case"),
    # A failed septic system (tisbury_regs.septic): the text penalises a missed order
    # under Title V (09.1.3(5)) and the schedule names no offense for it.
    CaseType(code="tisbury.failed_system", municipality=MUNICIPALITY,
             name="Failed septic system", offenses=(), citation=cite("09.1.3(5), 09.0.8(8)"),
             page="tisbury_regs:failed_system_case", steps_on_page=False),
)
