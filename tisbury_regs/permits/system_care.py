"""What an on-site sewage disposal system in Tisbury must be built and kept like (Board of
Health Regulations 09.0.8, 09.1.3, 09.4.4, 09.4.5, 09.9.6, 09.9.7): the conditions of the
disposal works construction permit and of the septage handler's permit, in the regulations'
words with their sections.

- Disposal works (09.0.8(1), (2), (6), (10), 09.1.3(1), (2), (6), 09.9.6(3), 09.9.7(5)):
  greywater never on the ground, garbage grinders only into a system meeting Title 5 and the
  town's rules, no failed or marginal cesspool converted into a settling tank, benchmarks on
  NGVD 1929 in the Coastal District, covers that bear 1,000 lb/sq ft and a child cannot
  dislodge, the observation wells the Board specifies capped against tampering, only normal
  wastewater and no acid additive, and no hazardous chemical substance discharged.
- Septage handler (09.4.4, 09.4.5, 09.1.3(6)): no holding tank additive with formaldehyde
  sold, no pump-out treated with formaldehyde delivered to the town's septic facility, no acid
  additive put into a system.
"""

from __future__ import annotations

from django.utils.translation import gettext_noop

from permits_site.licensing.kinds import PrintedCondition
from tisbury_regs.law import cite

COASTAL_ZONES = ("coastal_district", "barrier_beach")


def in_coastal_district(application) -> bool:
    """Whether the application's lot lies in the Coastal District, the barrier beach within it
    (09.9.1, 09.9.2): "all other fragile areas are included within the Coastal District" for
    the benchmark policy (09.0.8(10))."""
    place = application.place
    return place is not None and place.attributes.get("zone") in COASTAL_ZONES


DISPOSAL_WORKS_CONDITIONS = (
    PrintedCondition(gettext_noop("Greywater is never discharged or spilled onto the ground, into "
                                  "a street, roadway or public place, or onto private property; a "
                                  "separate leaching facility for washing machine or roof runoff "
                                  "greywater is allowed only where the system meets the State's "
                                  "minimum and the town's requirements."),
                     cite("09.0.8(1)")),
    PrintedCondition(gettext_noop("A garbage grinder discharges only into a system that meets "
                                  "every Title 5 requirement and the town's regulations."),
                     cite("09.0.8(2)")),
    PrintedCondition(gettext_noop("No failed or marginal cesspool is converted into a septic or "
                                  "settling tank alternative; a variance may be asked with good "
                                  "cause and documentation."),
                     cite("09.0.8(6)")),
    PrintedCondition(gettext_noop("All benchmarks of the plan are based on actual NGVD 1929."),
                     cite("09.0.8(10)"), applies=in_coastal_district),
    PrintedCondition(gettext_noop("Every access to the system is closed by a durable cover bearing "
                                  "1,000 pounds per square foot and weighing at least 150 pounds, "
                                  "or secured by two or more heavy metal fasteners set in "
                                  "cement-embedded metal that need a tool to remove; covers cannot "
                                  "be dislodged by a child; covers below grade are topped with "
                                  "fill and sod or paved over, leaving no depression."),
                     cite("09.1.3(1)")),
    PrintedCondition(gettext_noop("Deep driven observation or monitoring wells the Board requires "
                                  "are placed at the locations, depths, pipe sizes and heights it "
                                  "specifies, their tops closed by a threaded cap with an "
                                  "anti-tamper seal."),
                     cite("09.1.3(2)")),
    PrintedCondition(gettext_noop("No chemical treatment, acid or hydrocarbon additive that is or "
                                  "acts as an acid, is corrosive to the system, or has a pH below "
                                  "5.5 is put into the system."),
                     cite("09.1.3(6)")),
    PrintedCondition(gettext_noop("The system receives only normal wastewater: no hazardous "
                                  "chemical substance, trash, solid garbage or acid is added to it "
                                  "or allowed to enter it."),
                     cite("09.9.7(5)")),
    PrintedCondition(gettext_noop("No hazardous chemical substance is discharged onto or into the "
                                  "land or a water body; any spill or out-of-control situation is "
                                  "reported to the Board of Health at once."),
                     cite("09.9.6(3)")),
)

SEPTAGE_HANDLER_CONDITIONS = (
    PrintedCondition(gettext_noop("No holding tank additive or deodorizer containing formaldehyde "
                                  "is sold in Tisbury, for boats, marinas, motor homes, "
                                  "recreational vehicles or the like."),
                     cite("09.4.4")),
    PrintedCondition(gettext_noop("No boat or recreational vehicle pump-out treated with "
                                  "formaldehyde is delivered to the Tisbury septic facility."),
                     cite("09.4.5")),
    PrintedCondition(gettext_noop("No acid, corrosive or hydrocarbon additive, nor one with a pH "
                                  "below 5.5, is put into a sewage disposal system."),
                     cite("09.1.3(6)")),
)
