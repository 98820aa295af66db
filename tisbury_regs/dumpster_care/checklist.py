"""The agent's dumpster site visit (09.2.3, 09.2.4, 09.2.6): the Board approves where a
dumpster stands (09.2.3(1)) by this visit, and finds it kept as the permit's conditions say.
An inspector's checklist only: the public checks do not list it."""

from __future__ import annotations

from tisbury_regs.checklists import ChecklistItem, checklist
from tisbury_regs.law import cite

ITEMS = (
    ChecklistItem("location_approved",
                  "Does the dumpster stand far enough from the lot line not to interfere with "
                  "the safety, convenience or health of abutters or residents?",
                  "ti.2.3.1.location", cite("09.2.3(1)"),
                  "The dumpster's location interferes with abutters or residents: the Board "
                  "does not approve it."),
    ChecklistItem("traffic_view_clear", "Is the view of traffic left unobstructed?",
                  "ti.2.3.2.traffic", cite("09.2.3(2)"),
                  "The dumpster obstructs the view of traffic."),
    ChecklistItem("screened_where_required",
                  "Is the site enclosed or screened, or has the Board not required it?",
                  "ti.2.3.3.screening", cite("09.2.3(3)"),
                  "The Board required the site enclosed or screened, and it is not."),
    ChecklistItem("lid_closed", "Is the lid closed?", "ti.2.4.1.lid", cite("09.2.4(1)"),
                  "The dumpster's lid is open."),
    ChecklistItem("children_kept_off",
                  "If children can reach the site, are they kept from getting on or in the "
                  "dumpster?", "ti.2.4.1.children", cite("09.2.4(1)"),
                  "Children can get on or in the dumpster."),
    ChecklistItem("no_overflow", "Is the dumpster large enough, with nothing overflowing?",
                  "ti.2.4.2.overflow", cite("09.2.4(2)"), "The dumpster overflows."),
    ChecklistItem("area_free_of_nuisance",
                  "Is the area free of odors, scattered debris, overflow and other nuisances?",
                  "ti.2.4.3.nuisance", cite("09.2.4(3)"),
                  "The dumpster area has odors, scattered debris, overflow or another "
                  "nuisance."),
    ChecklistItem("contractor_name_displayed",
                  "Are the contractor's name and business telephone number displayed "
                  "conspicuously on the dumpster?", "ti.2.6.1.contractor_name", cite("09.2.6(1)"),
                  "The contractor's name and business telephone number are not displayed on "
                  "the dumpster."),
    ChecklistItem("deodorized", "Is the dumpster deodorized and washed or sanitized?",
                  "ti.2.6.3.deodorized", cite("09.2.6(3)"),
                  "The dumpster is not deodorized, washed or sanitized."),
)

DUMPSTER_SITE_VISIT = checklist(
    code="tisbury.dumpster_site_visit",
    municipality="tisbury",
    title="Dumpster site visit",
    description="The Board of Health's visit approving a dumpster's location and finding it "
                f"kept as the regulations require ({cite('09.2.3')}, {cite('09.2.4')}, "
                f"{cite('09.2.6')}).",
    items=ITEMS,
)
