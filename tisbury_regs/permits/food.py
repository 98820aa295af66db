"""What the food permits (Tisbury BOH Reg 09.5) and the sandblasting permit (09.4.3) declare
besides their fees: the fields an application answers, the documents it brings, and the term
the permit runs.

- Food service (09.5): the establishment is a business's; it keeps a certified food protection
  manager in its employment (09.5.2) and its staff trained in allergen awareness (105 CMR 590,
  the State Sanitary Code that 09.5.4 adopts as the food establishments' minimum standard). A
  non-profit's fee waiver (09.5, Policy Statements) follows from the business being a
  non-profit organization; the application answers the policy's exceptions.
- Temporary food (09.5.3): a food service at an event, valid for the event's days; the
  Board's inspection of the temporary kitchen is scheduled on the permit for the event's first
  day, and a failed inspection suspends the permit.
- Residential kitchen (09.5.5): breakfast served or overnight accommodations offered to the
  public from a residential kitchen, issued after the Board's inspection.
- Sandblasting (09.4.3): year-round at one location for many jobs (the calendar year), or a
  single job at the property on the job's date (the job).

Hooks here are functions of the permit kind (``self``) that the kinds in
``tisbury_regs.permits.fees`` and ``tisbury_regs.permits.kinds`` take as their own.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.utils.translation import gettext_noop

from permits_site.accounts.models import Membership, Role
from permits_site.enforcement.models import InspectionResult
from permits_site.enforcement.services.inspections import schedule_inspection
from permits_site.licensing.declarations import (
    DeclaredDocument,
    DetailsInvalid,
    ParsedDetails,
    detail_field,
)
from permits_site.licensing.kinds import PermitKind
from permits_site.licensing.models import PermitStatus
from permits_site.licensing.services.permits import change_permit_status
from permits_site.parties.models import BusinessKind
from permits_site.rules.base import TODAY, FactType
from permits_site.rules.calendar import format_date, year_end
from permits_site.rules.wording import explain
from tisbury_regs.checklists import ChecklistItem, checklist
from tisbury_regs.law import cite
from tisbury_regs.periods import MUNICIPALITY

FOOD_MANAGER_SECTION = cite("09.5.2")
#: The text supplied stops short of naming allergen training; 09.5.4 adopts 105 CMR 590, the
#: State Sanitary Code's food establishment chapter, as the standard food service meets.
ALLERGEN_SECTION = f"105 CMR 590, adopted by {cite('09.5.4')}"
NON_PROFIT = "non_profit"

# -- food service (09.5) --------------------------------------------------------------------

FOOD_SERVICE_DOCUMENTS = (
    DeclaredDocument(
        "food_protection_manager",
        gettext_noop("Certificate of the certified food protection manager (owner, manager or "
                     "operator employed full-time)"),
        FOOD_MANAGER_SECTION,
    ),
    DeclaredDocument(
        "allergen_awareness",
        gettext_noop("Allergen-awareness training certificate"),
        ALLERGEN_SECTION,
    ),
)


def is_non_profit(business) -> bool:
    """Whether the holder is a non-profit organization (its kind, as registered)."""
    return business is not None and business.kind == BusinessKind.NON_PROFIT


# -- temporary food (09.5.3) ----------------------------------------------------------------

#: The event's days, none already past when it is applied for: the permit is valid for the
#: event (09.5.3), which an event that is over no longer needs.
EVENT_FIELDS = (
    detail_field("event_name", FactType.TEXT, gettext_noop("Name of the event")),
    detail_field("event_location", FactType.TEXT, gettext_noop("Where the event is held"),
                 help_text=gettext_noop("The address or site of the event.")),
    detail_field("start_date", FactType.DATE, gettext_noop("First day of the event"),
                 min_date=TODAY),
    detail_field("end_date", FactType.DATE, gettext_noop("Last day of the event"),
                 min_date=TODAY,
                 help_text=explain(gettext_noop(
                     "The permit is valid for the event, from its first day to its last "
                     "(%(section)s)."), section=cite("09.5.3"))),
)


def event_dates(details) -> tuple[dt.date, dt.date]:
    return (dt.date.fromisoformat(details["start_date"]),
            dt.date.fromisoformat(details["end_date"]))


def parse_event_details(self: PermitKind, permit_type, raw: Any, *, action: str, applicant
                        ) -> ParsedDetails:
    """The declared fields, and an event that ends on or after the day it starts."""
    parsed = PermitKind.parse_details(self, permit_type, raw, action=action,
                                      applicant=applicant)
    start, end = event_dates(parsed.values)
    if end < start:
        raise DetailsInvalid({"end_date": [explain(
            gettext_noop("The event cannot end before it starts (%(start)s) (%(section)s)."),
            start=start, section=cite("09.5.3"))]})
    return parsed


def event_term(self: PermitKind, application, *, issued_on: dt.date) -> tuple[dt.date, dt.date]:
    """The event: from its first day (or the day of issue, when issued during it) to its
    last (09.5.3)."""
    start, end = event_dates(application.details)
    return max(start, min(issued_on, end)), end


# -- residential kitchen (09.5.5) -----------------------------------------------------------

KITCHEN_SECTION = cite("09.5.5")

#: The items of 09.5.5 the agent checks on the visit: fact, question, rule id, refusal.
KITCHEN_ITEMS = (
    ("only_non_hazardous_foods",
     gettext_noop("Are only non-potentially hazardous foods prepared for the public?"),
     "ti.5.5.foods",
     gettext_noop("Potentially hazardous foods are prepared for the public in a residential "
                  "kitchen.")),
    ("private_foods_kept_apart",
     gettext_noop("Are foods for private use stored separately or labelled as such?"),
     "ti.5.5.private_foods",
     gettext_noop("Foods not for the public are neither stored separately nor labelled for "
                  "private use.")),
    ("pets_kept_out",
     gettext_noop("Are pets kept out of food preparation and dining areas during preparation "
                  "and service?"),
     "ti.5.5.pets",
     gettext_noop("Pets are in food preparation or dining areas during preparation and "
                  "service.")),
    ("laundry_idle",
     gettext_noop("Is any laundry in the kitchen left unused during food preparation and "
                  "service?"),
     "ti.5.5.laundry",
     gettext_noop("Laundry facilities in the kitchen are used during food preparation and "
                  "service.")),
    ("no_guest_cooking", gettext_noop("Are the kitchen's cooking facilities closed to guests?"),
     "ti.5.5.guest_cooking",
     gettext_noop("Guests have the use of the kitchen's cooking facilities.")),
)

#: The agent's food service inspection of a residential kitchen (09.5.5), one rule per item.
#: An inspector's checklist only: the public checks do not list it.
RESIDENTIAL_KITCHEN_VISIT = checklist(
    code="tisbury.residential_kitchen_visit",
    municipality=MUNICIPALITY,
    title=gettext_noop("Residential kitchen food service inspection"),
    description=explain(gettext_noop(
        "The Board of Health's inspection of a residential kitchen serving breakfast or "
        "offering overnight accommodations to the public (%(section)s)."),
        section=KITCHEN_SECTION),
    items=tuple(ChecklistItem(fact, question, rule_id, KITCHEN_SECTION, refusal)
                for fact, question, rule_id, refusal in KITCHEN_ITEMS),
)

#: The choices of what a residential kitchen offers as the form words them (each code
#: humanized), marked for the catalogues.
KITCHEN_CHOICE_WORDS = (gettext_noop("Breakfast"), gettext_noop("Overnight accommodations"),
                        gettext_noop("Both"))

RESIDENTIAL_KITCHEN = {
    "extra_fields": (
        detail_field(
            "serves", FactType.CHOICE, gettext_noop("What the kitchen offers the public"),
            choices=("breakfast", "overnight_accommodations", "both"),
            help_text=explain(gettext_noop(
                "A residential kitchen serving breakfast to the public or offering overnight "
                "accommodations is inspected by the Board of Health before its license issues "
                "(%(section)s)."), section=cite("09.5.5")),
        ),
    ),
    "inspected": True,
    "inspection_check": RESIDENTIAL_KITCHEN_VISIT.code,
}


# -- sandblasting (09.4.3) ------------------------------------------------------------------

YEAR_ROUND = "year_round"
INDIVIDUAL = "individual"
#: The rule set's item 6, "Date sandblasting will occur": an individual job's date.
JOB_DATE = "sandblasting_date"


def sandblasting_term(self: PermitKind, application, *, issued_on: dt.date
                      ) -> tuple[dt.date, dt.date]:
    """Year-round: the calendar year of issue; an individual job: through the job's date
    (item 6 of the application, 09.4.3), which the completeness check requires."""
    job_date = application.facts.get(JOB_DATE)
    if application.details.get("variant") == INDIVIDUAL and job_date:
        return issued_on, max(issued_on, dt.date.fromisoformat(job_date))
    return issued_on, year_end(issued_on)


# -- the temporary kitchen's inspection (09.5.3) --------------------------------------------

TEMPORARY_FOOD_SECTION = cite("09.5.3")

#: "The Board of Health will inspect temporary food kitchens for clean, sanitary conditions,
#: food handling procedures, transportation procedures and for fresh wholesome products
#: purchased from approved sources" (09.5.3): one item each.
TEMPORARY_KITCHEN_ITEMS = (
    ("clean_and_sanitary", gettext_noop("Is the temporary kitchen clean and sanitary?"),
     "ti.5.3.sanitary", gettext_noop("The temporary kitchen is not clean and sanitary.")),
    ("food_handling", gettext_noop("Are the food handling procedures sound?"),
     "ti.5.3.handling", gettext_noop("The food handling procedures are not sound.")),
    ("transportation", gettext_noop("Are the procedures for transporting food sound?"),
     "ti.5.3.transportation", gettext_noop("Food is not transported soundly.")),
    ("approved_sources",
     gettext_noop("Are the products fresh and wholesome, purchased from approved sources?"),
     "ti.5.3.sources",
     gettext_noop("Products are not fresh and wholesome or not from approved sources.")),
)

#: The agent's inspection of a temporary food kitchen at its event (09.5.3).
TEMPORARY_KITCHEN_VISIT = checklist(
    code="tisbury.temporary_kitchen_visit",
    municipality=MUNICIPALITY,
    title=gettext_noop("Temporary food kitchen inspection"),
    description=explain(gettext_noop("The Board of Health's inspection of a temporary food "
                                     "kitchen at its event (%(section)s)."),
                        section=TEMPORARY_FOOD_SECTION),
    items=tuple(ChecklistItem(fact, question, rule_id, TEMPORARY_FOOD_SECTION, refusal)
                for fact, question, rule_id, refusal in TEMPORARY_KITCHEN_ITEMS),
)


def town_agent(municipality):
    """The Board's agent who inspects in town: the longest-serving inspector, if any."""
    membership = (Membership.objects.filter(municipality=municipality, role=Role.INSPECTOR)
                  .select_related("user").order_by("pk").first())
    return membership.user if membership else None


def schedule_event_inspection(self: PermitKind, application, permit, *, acting_user) -> None:
    """On issue, the Board's inspection of the temporary kitchen is scheduled on the permit
    for the event's first day (09.5.3): the kitchen is set up on the day, so the inspection
    follows the permit rather than gating it. With no agent in town yet, the Board schedules
    it from the inspections page."""
    agent = town_agent(permit.municipality)
    if agent is None:
        return
    schedule_inspection(municipality=permit.municipality,
                        check_code=TEMPORARY_KITCHEN_VISIT.code,
                        scheduled_for=permit.valid_from, inspector=agent, permit=permit,
                        address=application.details.get("event_location", ""),
                        acting_user=acting_user)


def suspend_on_failed_kitchen(inspection) -> None:
    """A temporary kitchen that fails the Board's inspection has its permit suspended
    (09.5.3); the Board reinstates it once the kitchen is put right."""
    permit = inspection.permit
    if (inspection.check_code != TEMPORARY_KITCHEN_VISIT.code or permit is None
            or inspection.result != InspectionResult.FAILED
            or permit.status != PermitStatus.ACTIVE):
        return
    change_permit_status(
        permit=permit, change="suspend", acting_user=inspection.inspector,
        reason=f"The temporary food kitchen failed the Board of Health's inspection of "
               f"{format_date(inspection.inspected_on)} ({TEMPORARY_FOOD_SECTION}).")


def failed_kitchen_receiver(sender, instance, update_fields=None, **kwargs) -> None:
    """Connected to the inspection's save: closing it with its result suspends on a fail."""
    if update_fields and "result" in update_fields:
        suspend_on_failed_kitchen(instance)
