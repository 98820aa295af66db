"""The conditions of the dumpster permit (09.2.3, 09.2.4) and of the dumpster contractor's
permit (09.2.6), in the regulation's words, printed on each permit with their section.

The dumpster permit's kind takes :data:`DUMPSTER` and the contractor's :data:`CONTRACTOR` as
part of its declaration (``tisbury_regs.permits.kinds``)."""

from __future__ import annotations

from permits_site.licensing.kinds import PrintedCondition
from tisbury_regs.dumpster_care.checklist import DUMPSTER_SITE_VISIT
from tisbury_regs.law import cite

DUMPSTER_CONDITIONS = (
    PrintedCondition("The dumpster stays where the Board of Health approved it, at a distance "
                     "from the lot line that does not interfere with the safety, convenience or "
                     "health of abutters or residents.", cite("09.2.3(1)")),
    PrintedCondition("The dumpster does not obstruct the view of traffic.", cite("09.2.3(2)")),
    PrintedCondition("The site is enclosed or screened when the Board of Health requires it.",
                     cite("09.2.3(3)")),
    PrintedCondition("In a residential district the dumpster is not loaded between 11:00 P.M. "
                     "and 7:00 A.M.; in a commercial or business district it is closed and "
                     "locked outside business hours.", cite("09.2.4(1)")),
    PrintedCondition("The lid is kept closed. Where children can reach the site, the property "
                     "owner keeps them from getting on or in the dumpster.", cite("09.2.4(1)")),
    PrintedCondition("The dumpster is large enough to prevent overflow and is emptied at once "
                     "when full.", cite("09.2.4(2)")),
    PrintedCondition("The dumpster area is kept free of odors, scattered debris, overflow and "
                     "every other nuisance.", cite("09.2.4(3)")),
)

CONTRACTOR_CONDITIONS = (
    PrintedCondition("The contractor's name and business telephone number are displayed "
                     "conspicuously on every dumpster it supplies.", cite("09.2.6(1)")),
    PrintedCondition("In residential areas, emptying does not start before 7:00 A.M. nor "
                     "continue after 11:00 P.M.", cite("09.2.6(2)")),
    PrintedCondition("Each dumpster is deodorized when emptied and regularly washed or "
                     "sanitized; the contractor promptly does what the Board of Health requires "
                     "for cleanliness and against odors.", cite("09.2.6(3)")),
)

#: The dumpster permit: its conditions, and the site visit approving its location (a gate).
DUMPSTER = {
    "printed_conditions": DUMPSTER_CONDITIONS,
    "inspected": True,
    "inspection_check": DUMPSTER_SITE_VISIT.code,
    "inspection_name": "dumpster site visit",
}
#: The dumpster contractor's permit: its conditions.
CONTRACTOR = {"printed_conditions": CONTRACTOR_CONDITIONS}
