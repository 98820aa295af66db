"""How the core declares, prices and inspects a North Andover kennel license (Code ch. 60,
Kennel license B(1), B(3), B(8))."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from django.utils.translation import gettext_noop

from dogs.kennels import review
from dogs.kennels.forms import KennelInspectionForm
from dogs.law import cite
from dogs.rules import INSPECTION_FINDINGS, KENNEL_INSPECTION, KENNEL_LICENSE
from permits_site.accounts.permissions import can_schedule_inspection
from permits_site.licensing.declarations import (
    About,
    AnnualTerm,
    DeclaredDocument,
    DeclaredField,
    FactSource,
    Holder,
    Purpose,
    fact_field,
)
from permits_site.licensing.kinds import HolderLink, PermitKind, QuoteRequest, RequiredDocument
from permits_site.rules.base import Fact, FactType
from permits_site.rules.calendar import BusinessCalendar, is_past_key_date
from permits_site.rules.fees import FeeLine, item, line_for, parse_quote_facts
from permits_site.rules.registry import town_law
from permits_site.rules.wording import explain

#: More than four dogs over six months need a kennel license (Limits A, Kennel license B(1)).
MOST_DOGS_WITHOUT_KENNEL = 4
LARGE_KENNEL_FROM = 11
#: The fewest dogs a kennel license is for, and the refusal of fewer, naming the section: one
#: sentence for the application (its form and the API) and the fee quote alike.
KENNEL_SIZE = {
    "minimum": MOST_DOGS_WITHOUT_KENNEL + 1,
    "minimum_text": explain(
        gettext_noop("No kennel license is needed for %(limit)s or fewer dogs over six months "
                     "(%(section)s)."),
        limit=MOST_DOGS_WITHOUT_KENNEL, section=cite("Limits A, Kennel license B(1)")),
}

KENNEL_DOGS = fact_field(replace(
    KENNEL_LICENSE.fact_map["dogs_over_6_months"],
    **KENNEL_SIZE,
    help_text=gettext_noop("More than 4 dogs over six months old need a kennel license; 4 or "
                           "fewer need none (North Andover Code ch. 60, Limits A, Kennel license "
                           "B(1))."),
))

#: Proof of current rabies vaccination for each dog over six months, presented to obtain or
#: renew the license (Kennel license B(1)).
RABIES_PROOF = DeclaredDocument(
    "rabies_certificate", gettext_noop("Rabies vaccination certificate of each dog over six "
                                       "months"),
    cite("Kennel license B(1)"),
)

QUOTE_FACTS = (
    Fact("dogs", FactType.INTEGER, gettext_noop("How many dogs over six months old are kept?"),
         **KENNEL_SIZE),
    Fact("license_year", FactType.INTEGER, gettext_noop("License year"), required=False,
         minimum=1900, maximum=2200, help_text=gettext_noop("Defaults to the year of the quote.")),
)


#: The fee items of a kennel license by its size: 5 to 10 dogs, 11 or more (Kennel license B).
KENNEL_TIERS = ("dogs_5_to_10", "dogs_11_or_more")


def kennel_tier(dogs: int) -> str:
    """The fee item for a kennel of ``dogs`` dogs: 5 to 10, or 11 or more."""
    small, large = KENNEL_TIERS
    return large if dogs >= LARGE_KENNEL_FROM else small


def kennel_renewal_late(*, license_year: int, on: dt.date, calendar: BusinessCalendar) -> bool:
    """A renewal after January 15 of its license year (rolled past a Friday, weekend or
    holiday) owes the late fee (Kennel license B(8)); on the due date itself it does not.
    """
    due = town_law("north_andover").key_dates["kennel_license_due"]
    return is_past_key_date(due, license_year, on, calendar)


class KennelLicenseKind(PermitKind):
    """A kennel license for the property where more than four dogs are kept, held by a
    person or a business (Kennel license B(1)).

    The applicant states the dogs and the setbacks, and the application is judged on them
    from the start; the Clerk issues no license before the Health Division Animal Inspector
    reports favorably (B(3)): the inspection is a gate, and its checklist
    (``north_andover.kennel_inspection``) asks only the rule set's five findings, which come
    from it.
    """

    code = KENNEL_LICENSE.code
    holder = Holder.PERSON_OR_BUSINESS
    about = About.PROPERTY
    #: Boarding, breeding and training kennels are businesses too (Definitions, "Kennel").
    purposes = (Purpose.KEEP_DOGS, Purpose.RUN_A_TRADE)
    who_needs_it = explain(gettext_noop(
        "Anyone who owns or boards more than four dogs within the Town of North Andover must "
        "apply for and obtain a kennel license from the Town Clerk; this does not apply to "
        "medical boarding by a licensed veterinarian practicing in the Town (%(section)s)."),
        section=cite("Kennel license B(1)"))
    fact_sources = {name: FactSource.OFFICE for name in INSPECTION_FINDINGS}
    #: The licensee keeps the roster and reports new dogs within 30 days (B(2)).
    holder_links = (HolderLink(gettext_noop("Kennel roster"), "dogs:kennels"),)
    inspected = True
    inspection_check = KENNEL_INSPECTION.code
    #: Not issued without the Animal Inspector's favorable report (B(3)).
    inspection_citation = cite("Kennel license B(3)")
    review_panel = "dogs/kennel_review_panel.html"
    #: The licensee's kennel reviews on the dashboard while one is open or decided: the
    #: public hearing's day, hour and place and the decision (B(4), B(5)).
    dashboard_panel = "dogs/kennel_dashboard_panel.html"
    statements = {
        "veterinary_medical_boarding": "The kennel {is|is not} medical boarding by a licensed "
                                       "veterinarian practicing in North Andover.",
    }
    #: The licensing period runs January 1 to December 31 (B(7)); renewal forms go out by
    #: December 1 (B(8)), from when next year's license may be applied for.
    annual = AnnualTerm(citation=cite("Kennel license B(7)"), next_year_from=(12, 1))
    #: The Health Division Animal Inspector visits and reports on the kennel (B(3)).
    role_titles = {"inspector": gettext_noop("Health Division Animal Inspector")}
    inspection_name = gettext_noop("kennel inspection")
    documents = (RABIES_PROOF,)

    def fields(self, permit_type) -> tuple[DeclaredField, ...]:
        """The rule set's answers, asking for more than four dogs: four or fewer need no
        kennel license (Limits A, Kennel license B(1))."""
        return tuple(KENNEL_DOGS if declared.name == KENNEL_DOGS.name else declared
                     for declared in super().fields(permit_type))

    def required_documents(self, application) -> list[RequiredDocument]:
        """A rabies certificate for each dog over six months the application states: the
        licensee presents proof for every one to obtain or renew the license (B(1))."""
        dogs = application.facts.get(KENNEL_DOGS.name) or 1
        return [replace(required, count=dogs, label=explain(
                    gettext_noop("%(document)s (%(count)s dogs)"),
                    document=explain(required.label), count=dogs) if dogs > 1 else required.label)
                for required in super().required_documents(application)]

    def parse_quote_facts(self, facts: Mapping[str, Any], *, action: str) -> dict[str, Any]:
        """``dogs`` (required; four or fewer need no kennel license) and ``license_year``."""
        return parse_quote_facts(facts, permit_type=self.code, facts=QUOTE_FACTS)

    def price(self, request: QuoteRequest) -> list[FeeLine]:
        """The fee by kennel size; the late fee on a renewal after the due date (B(8))."""
        facts = request.facts
        lines = [line_for(item(request.schedule, kennel_tier(facts["dogs"])), code=request.action)]
        license_year = facts["license_year"] or request.on.year
        if request.action == "renewal" and kennel_renewal_late(
            license_year=license_year, on=request.on, calendar=request.calendar
        ):
            lines.append(line_for(item(request.schedule, "late_fee")))
        return lines

    def main_items(self, action: str) -> tuple[str, ...]:
        """A new license and a renewal cost the fee of the kennel's size."""
        return KENNEL_TIERS

    def application_quote_facts(self, application, *, on: dt.date) -> dict[str, Any]:
        """The dog count the application states (rule set ``north_andover.kennel_license``)."""
        return {"dogs": application.facts.get("dogs_over_6_months")}

    def panel_context(self, user) -> dict[str, Any]:
        """The reviews not closed of the kennels ``user`` holds (B(4), B(5)); none: the
        panel shows nothing."""
        return {"kennel_reviews": review.held_by(user)}

    def review_context(self, application, user) -> dict[str, Any]:
        """The Animal Inspector's visits of the application and, for the Clerk and the
        inspectors, the form scheduling one (Kennel license B(3))."""
        may_schedule = can_schedule_inspection(user, application.municipality_id)
        return {
            "kennel": True,
            "inspections": list(application.inspections.filter(
                check_code=self.inspection_check).select_related("inspector")),
            "schedule_form": KennelInspectionForm(application=application, prefix="kennel")
            if may_schedule else None,
            "citation": cite("Kennel license B(3)"),
        }
