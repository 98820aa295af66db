"""What a Tisbury dumpster must be kept like, once it is permitted (Board of Health Regulations
09.2.3, 09.2.4, 09.2.6): the agent's site visit whose checklist approves where the dumpster
stands ("Dumpster location must be approved by the Board of Health", 09.2.3(1)) before the
dumpster permit issues — an inspector's checklist only, which the public checks do not list —
and the conditions printed on the dumpster permit (09.2.3, 09.2.4) and the dumpster
contractor's permit (09.2.6). The kinds take :data:`DUMPSTER` and :data:`CONTRACTOR` as part
of their declarations (``tisbury_regs.permits.kinds``)."""

from __future__ import annotations

from django.utils.translation import gettext_noop

from permits_site.licensing.kinds import PrintedCondition
from permits_site.rules.wording import explain
from tisbury_regs.checklists import ChecklistItem, checklist
from tisbury_regs.law import cite

ITEMS = (
    ChecklistItem("location_approved",
                  gettext_noop("Does the dumpster stand far enough from the lot line not to "
                               "interfere with the safety, convenience or health of abutters or "
                               "residents?"),
                  "ti.2.3.1.location", cite("09.2.3(1)"),
                  gettext_noop("The dumpster's location interferes with abutters or residents: the "
                               "Board does not approve it.")),
    ChecklistItem("traffic_view_clear",
                  gettext_noop("Is the view of traffic left unobstructed?"),
                  "ti.2.3.2.traffic", cite("09.2.3(2)"),
                  gettext_noop("The dumpster obstructs the view of traffic.")),
    ChecklistItem("screened_where_required",
                  gettext_noop("Is the site enclosed or screened, or has the Board not required "
                               "it?"),
                  "ti.2.3.3.screening", cite("09.2.3(3)"),
                  gettext_noop("The Board required the site enclosed or screened, and it is not.")),
    ChecklistItem("lid_closed",
                  gettext_noop("Is the lid closed?"),
                  "ti.2.4.1.lid", cite("09.2.4(1)"),
                  gettext_noop("The dumpster's lid is open.")),
    ChecklistItem("children_kept_off",
                  gettext_noop("If children can reach the site, are they kept from getting on or "
                               "in the dumpster?"),
                  "ti.2.4.1.children", cite("09.2.4(1)"),
                  gettext_noop("Children can get on or in the dumpster.")),
    ChecklistItem("no_overflow",
                  gettext_noop("Is the dumpster large enough, with nothing overflowing?"),
                  "ti.2.4.2.overflow", cite("09.2.4(2)"),
                  gettext_noop("The dumpster overflows.")),
    ChecklistItem("area_free_of_nuisance",
                  gettext_noop("Is the area free of odors, scattered debris, overflow and other "
                               "nuisances?"),
                  "ti.2.4.3.nuisance", cite("09.2.4(3)"),
                  gettext_noop("The dumpster area has odors, scattered debris, overflow or another "
                               "nuisance.")),
    ChecklistItem("contractor_name_displayed",
                  gettext_noop("Are the contractor's name and business telephone number displayed "
                               "conspicuously on the dumpster?"),
                  "ti.2.6.1.contractor_name", cite("09.2.6(1)"),
                  gettext_noop("The contractor's name and business telephone number are not "
                               "displayed on the dumpster.")),
    ChecklistItem("deodorized",
                  gettext_noop("Is the dumpster deodorized and washed or sanitized?"),
                  "ti.2.6.3.deodorized", cite("09.2.6(3)"),
                  gettext_noop("The dumpster is not deodorized, washed or sanitized.")),
)

DUMPSTER_SITE_VISIT = checklist(
    code="tisbury.dumpster_site_visit",
    municipality="tisbury",
    title=gettext_noop("Dumpster site visit"),
    description=explain(gettext_noop("The Board of Health's visit approving a dumpster's location "
                                     "and finding it kept as the regulations require "
                                     "(%(siting)s, %(keeping)s, %(contractor)s)."),
                        siting=cite("09.2.3"), keeping=cite("09.2.4"),
                        contractor=cite("09.2.6")),
    items=ITEMS,
)


DUMPSTER_CONDITIONS = (
    PrintedCondition(gettext_noop("The dumpster stays where the Board of Health approved it, at a "
                                  "distance from the lot line that does not interfere with the "
                                  "safety, convenience or health of abutters or residents."),
                     cite("09.2.3(1)")),
    PrintedCondition(gettext_noop("The dumpster does not obstruct the view of traffic."),
                     cite("09.2.3(2)")),
    PrintedCondition(gettext_noop("The site is enclosed or screened when the Board of Health "
                                  "requires it."),
                     cite("09.2.3(3)")),
    PrintedCondition(gettext_noop("In a residential district the dumpster is not loaded between "
                                  "11:00 P.M. and 7:00 A.M.; in a commercial or business district "
                                  "it is closed and locked outside business hours."),
                     cite("09.2.4(1)")),
    PrintedCondition(gettext_noop("The lid is kept closed. Where children can reach the site, the "
                                  "property owner keeps them from getting on or in the dumpster."),
                     cite("09.2.4(1)")),
    PrintedCondition(gettext_noop("The dumpster is large enough to prevent overflow and is emptied "
                                  "at once when full."),
                     cite("09.2.4(2)")),
    PrintedCondition(gettext_noop("The dumpster area is kept free of odors, scattered debris, "
                                  "overflow and every other nuisance."),
                     cite("09.2.4(3)")),
)

CONTRACTOR_CONDITIONS = (
    PrintedCondition(gettext_noop("The contractor's name and business telephone number are "
                                  "displayed conspicuously on every dumpster it supplies."),
                     cite("09.2.6(1)")),
    PrintedCondition(gettext_noop("In residential areas, emptying does not start before 7:00 A.M. "
                                  "nor continue after 11:00 P.M."),
                     cite("09.2.6(2)")),
    PrintedCondition(gettext_noop("Each dumpster is deodorized when emptied and regularly washed "
                                  "or sanitized; the contractor promptly does what the Board of "
                                  "Health requires for cleanliness and against odors."),
                     cite("09.2.6(3)")),
)

#: The dumpster permit: its conditions, and the site visit approving its location (a gate).
DUMPSTER = {
    "printed_conditions": DUMPSTER_CONDITIONS,
    "inspected": True,
    "inspection_check": DUMPSTER_SITE_VISIT.code,
    "inspection_name": gettext_noop("dumpster site visit"),
}
#: The dumpster contractor's permit: its conditions.
CONTRACTOR = {"printed_conditions": CONTRACTOR_CONDITIONS}
