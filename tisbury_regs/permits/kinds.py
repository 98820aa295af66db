"""What each Tisbury permit type declares: who holds it, what it is about, its documents and
inspection gate, and the Board's waivers (Board of Health Regulations 09.0–09.12)."""

from __future__ import annotations

from django.utils.translation import gettext_noop

from permits_site.licensing.declarations import (
    About,
    DeclaredDocument,
    FactSource,
    Holder,
    Purpose,
    VarianceNotice,
)
from permits_site.licensing.kinds import PermitKind, PrintedCondition
from permits_site.parties.places import place_facts
from permits_site.rules.wording import explain
from tisbury_regs.law import cite
from tisbury_regs.permits import dumpster_care
from tisbury_regs.permits.disposal_works import (
    DISPOSAL_WORKS,
    HEARING_NOTICE_DAYS,
    WELL_REGISTRATION,
    until_further_notice,
)
from tisbury_regs.permits.food import RESIDENTIAL_KITCHEN
from tisbury_regs.permits.statements import STATEMENTS
from tisbury_regs.permits.system_care import DISPOSAL_WORKS_CONDITIONS
from tisbury_regs.permits.waste import DUMPSTER, DUMPSTER_CONTRACTOR, TEMPORARY_DUMPSTER
from tisbury_regs.rules import BARRIER_BEACH, CAMPGROUND, ZONE_FACT
from tisbury_regs.subdivision_lots.services import LOT_PARCELS

MUNICIPALITY = "tisbury"


#: Designated Barrier Beach rules, which 09.9.1 excludes from any waiver on a barrier beach.
BARRIER_BEACH_RULES = ("ti.9.4.2.", "ti.9.7.6.", "ti.9.7.7.leaching")


#: Who needs each permit, in the words of the regulation, for the permit type's public page.
WHO_NEEDS_IT = {
    "tisbury.dumpster": gettext_noop("The property owner or authorized agent responsible for "
                                     "maintaining a dumpster service needs a permit for each "
                                     "dumpster (09.2.5(1))."),
    "tisbury.dumpster_contractor": gettext_noop("A contractor, firm or person supplying a dumpster "
                                                "service in Tisbury (09.2.5(2))."),
    "tisbury.temporary_dumpster": gettext_noop("A property owner or authorized agent placing a "
                                               "dumpster for no more than thirty days, renewable "
                                               "for thirty more (09.2.5(3))."),
    "tisbury.septage_handler": gettext_noop("Anyone pumping or transporting the contents of a "
                                            "septic system, cesspool or privy; proof of liability "
                                            "insurance is required (09.1.4, 310 CMR 15.02(3), MGL "
                                            "c.111 §31)."),
    "tisbury.sandblasting": gettext_noop("Anyone sandblasting in Tisbury: year-round at one "
                                         "location for many jobs, or one job at a time (09.4.3)."),
    "tisbury.food_service": gettext_noop("A business serving food to the public; it employs a "
                                         "certified food protection manager (09.5, 09.5.2)."),
    "tisbury.temporary_food": gettext_noop("A food service at an event, for the days of the "
                                           "event (09.5.3)."),
    "tisbury.residential_kitchen": gettext_noop(
        "A residential kitchen serving breakfast or offering overnight accommodations to the "
        "public, licensed annually after the Board's inspection (09.5.5)."),
    "tisbury.stable": gettext_noop("A person keeping more than four horses in a specified building "
                                   "or place, licensed by the Select Board (09.7.2, MGL c.111 "
                                   "§158)."),
    "tisbury.disposal_works": gettext_noop("The owner of a lot building, repairing or upgrading an "
                                           "on-site wastewater disposal system; the lot's private "
                                           "well is proven first, or public water serves it "
                                           "(09.3.1(3), 09.0.8)."),
    "tisbury.well_registration": gettext_noop("The owner of a private potable water supply well, "
                                              "installed, proven and tested (09.3.1)."),
    "tisbury.campground": gettext_noop("The operator of a campground, judged by the campground "
                                       "regulations and inspected before the license issues "
                                       "(09.8)."),
    "tisbury.body_art_establishment": gettext_noop("A body art establishment (09.11)."),
    "tisbury.body_art_practitioner": gettext_noop("A body art practitioner (09.11)."),
    "tisbury.tobacco_sales": gettext_noop("A business selling tobacco products (09.12)."),
    "tisbury.woodwaste_burial": gettext_noop("Anyone burying woodwaste: more than 200 cubic yards "
                                             "needs the Board's site assignment, less is reviewed "
                                             "case by case (09.2.9)."),
    "tisbury.subdivision_review": gettext_noop("The owner dividing a tract of land into two or "
                                               "more lots, re-subdivision included: the Board "
                                               "reviews the plan before it is approved (09.4.1, "
                                               "09.4.2, MGL c.41 §81M)."),
    "tisbury.inlet_approval": gettext_noop("Anyone building a new inlet, channel or basin inland "
                                           "of the mean high water line of the sea coast or a "
                                           "saltwater body (09.9.6(2))."),
}
#: What a person applying wants to do, for "Apply for a permit" and "Which permit do I need?".
PURPOSES = {
    "tisbury.dumpster": (Purpose.DUMPSTER,),
    "tisbury.dumpster_contractor": (Purpose.DUMPSTER, Purpose.RUN_A_TRADE),
    "tisbury.temporary_dumpster": (Purpose.DUMPSTER,),
    "tisbury.septage_handler": (Purpose.SEPTIC_SYSTEM, Purpose.RUN_A_TRADE),
    "tisbury.sandblasting": (Purpose.RUN_A_TRADE,),
    "tisbury.food_service": (Purpose.FOOD_BUSINESS,),
    "tisbury.temporary_food": (Purpose.FOOD_BUSINESS, Purpose.HOLD_EVENT),
    "tisbury.residential_kitchen": (Purpose.FOOD_BUSINESS, Purpose.HOST_GUESTS),
    "tisbury.stable": (Purpose.KEEP_HORSES,),
    "tisbury.disposal_works": (Purpose.SEPTIC_SYSTEM,),
    "tisbury.well_registration": (Purpose.PRIVATE_WELL,),
    "tisbury.campground": (Purpose.HOST_GUESTS,),
    "tisbury.body_art_establishment": (Purpose.RUN_A_TRADE,),
    "tisbury.body_art_practitioner": (Purpose.RUN_A_TRADE,),
    "tisbury.tobacco_sales": (Purpose.RUN_A_TRADE,),
    "tisbury.woodwaste_burial": (Purpose.WORK_ON_LAND,),
    "tisbury.subdivision_review": (Purpose.WORK_ON_LAND, Purpose.SEPTIC_SYSTEM),
    "tisbury.inlet_approval": (Purpose.WORK_ON_LAND,),
}
#: The text of the regulations supplied to the town stops at its table of contents for 09.11
#: and 09.12: those permits follow the generic workflow and no rule of theirs is checked.
UNSUPPLIED_TEXT = gettext_noop(
    "The regulation text supplied to the town stops before 09.11: the rules of this permit are "
    "not published here, no rule is checked online, and the office confirms what it requires.")


class TisburyPermitKind(PermitKind):
    """What every Tisbury permit type shares: the Board may waive a regulation in writing,
    effective with two members' signatures (09.0.3) — but never a statute or a bylaw
    (09.0.3(1)), nor a Designated Barrier Beach rule on a barrier beach (09.9.1)."""

    variance_signatures_required = 2
    variance_citation = cite("09.0.3")
    #: "The Board may restrict or limit the waiver to any extent, form or requirement the
    #: Board finds proper" (09.0.3): a waiver may be granted without conditions.
    variance_requires_conditions = False
    variance_notice = VarianceNotice(
        noun="waiver",
        kept=gettext_noop("To be posted at the site during construction."),
        link=gettext_noop("Notice to post at the site"),
    )
    #: The Board decides a waiver "after consideration, or after public hearing and
    #: consideration" (09.0.3); the text sets no notice period, so the Board gives the ten
    #: days' notice it gives for an alternative system's hearing (09.0.8(13)).
    hearing_notice_days = HEARING_NOTICE_DAYS
    hearing_citation = cite("09.0.3")
    unwaivable_law_citation = cite("09.0.3(1)")
    written_waiver_application = True
    statements = STATEMENTS

    @property
    def who_needs_it(self) -> str:
        return WHO_NEEDS_IT[self.code]

    @property
    def purposes(self) -> tuple[Purpose, ...]:
        return PURPOSES[self.code]

    def holds_hearing(self, application) -> bool:
        """The Board may hear a waiver asked on the application before deciding it (09.0.3)."""
        return application.variances.exists()

    def variance_limits(self, application) -> list[str]:
        """Besides statutes and bylaws, the Designated Barrier Beach rules on a barrier
        beach (09.9.1), saying whether the application's property is on one."""
        limit = (gettext_noop("On a barrier beach, the Board cannot waive the Designated Barrier "
                              "Beach rules (%(section)s). The property of this application is on "
                              "a barrier beach.") if on_barrier_beach(application) else
                 gettext_noop("On a barrier beach, the Board cannot waive the Designated Barrier "
                              "Beach rules (%(section)s)."))
        return [*super().variance_limits(application), explain(limit, section=cite("09.9.1"))]

    def unwaivable_rules(self, application, rule_ids: list[str]) -> list[str]:
        if not on_barrier_beach(application):
            return []
        return [explain(gettext_noop("%(rule)s is a Designated Barrier Beach rule and cannot be "
                                     "waived on a barrier beach (%(section)s)."),
                        rule=rule_id, section=cite("09.9.1"))
                for rule_id in rule_ids if rule_id.startswith(BARRIER_BEACH_RULES)]


def on_barrier_beach(application) -> bool:
    """Whether the application's property lies in the Designated Barrier Beach zone."""
    place = application.place
    return place is not None and place_facts(place).get(ZONE_FACT.name) == BARRIER_BEACH


def declared(code: str, *, holder: Holder, about: About, **declaration) -> TisburyPermitKind:
    """A Tisbury permit type that keeps no records of its own: its declaration is all."""
    attributes = {"code": f"{MUNICIPALITY}.{code}", "holder": holder, "about": about,
                  **declaration}
    return type(f"{code.title().replace('_', '')}Kind", (TisburyPermitKind,), attributes)()


#: "No person shall be issued a permit … without proof" of insurance (09.1.4, MGL c. 111
#: §31): the proof holds issuance, not the application, so it may follow the submission.
SEPTAGE_INSURANCE = DeclaredDocument(
    "liability_insurance", gettext_noop("Certificate of liability insurance"), cite("09.1.4"),
    may_follow=True,
)

#: What the campground reports to the Board at once (09.8.5(3)), printed on its license.
CAMPGROUND_CONDITIONS = (
    PrintedCondition(gettext_noop("Infectious or contagious conditions, septic system failure and "
                                  "surfacing of septic or sewage effluent are reported to the "
                                  "Board of Health at once."),
                     cite("09.8.5(3)")),
)

#: What the Board's review of a subdivision leaves to each lot (09.4.2), printed on it.
SUBDIVISION_CONDITIONS = (
    PrintedCondition(gettext_noop("No disposal works construction permit issues for a lot this "
                                  "plan creates until the lot meets the Board of Health's "
                                  "criteria."),
                     cite("09.4.2")),
)

DECLARED_KINDS = (
    declared("dumpster", holder=Holder.PERSON_OR_BUSINESS, about=About.PROPERTY, **DUMPSTER,
             **dumpster_care.DUMPSTER),
    declared("dumpster_contractor", holder=Holder.BUSINESS, about=About.BUSINESS,
             **DUMPSTER_CONTRACTOR, **dumpster_care.CONTRACTOR),
    declared("temporary_dumpster", holder=Holder.PERSON_OR_BUSINESS, about=About.PROPERTY,
             **TEMPORARY_DUMPSTER),
    declared("residential_kitchen", holder=Holder.PERSON, about=About.PROPERTY,
             **RESIDENTIAL_KITCHEN),
    declared("disposal_works", holder=Holder.PERSON, about=About.PROPERTY, **DISPOSAL_WORKS,
             printed_conditions=DISPOSAL_WORKS_CONDITIONS),
    declared("well_registration", holder=Holder.PERSON, about=About.PROPERTY,
             **WELL_REGISTRATION),
    declared(
        "campground", holder=Holder.PERSON_OR_BUSINESS, about=About.PROPERTY, inspected=True,
        inspection_check="tisbury.campground",
        fact_sources={fact.name: FactSource.OFFICE for fact in CAMPGROUND.facts},
        printed_conditions=CAMPGROUND_CONDITIONS,
    ),
    declared("woodwaste_burial", holder=Holder.PERSON_OR_BUSINESS, about=About.PROPERTY,
             annual=None, term=until_further_notice),
    declared("subdivision_review", holder=Holder.PERSON_OR_BUSINESS, about=About.PROPERTY,
             annual=None, term=until_further_notice,
             printed_conditions=SUBDIVISION_CONDITIONS, extra_fields=(LOT_PARCELS,)),
    declared("inlet_approval", holder=Holder.PERSON_OR_BUSINESS, about=About.PROPERTY,
             annual=None, term=until_further_notice),
    declared("body_art_establishment", holder=Holder.BUSINESS, about=About.BUSINESS,
             law_text_note=UNSUPPLIED_TEXT),
    declared("body_art_practitioner", holder=Holder.PERSON, about=About.PERSON,
             law_text_note=UNSUPPLIED_TEXT),
    declared("tobacco_sales", holder=Holder.BUSINESS, about=About.BUSINESS,
             law_text_note=UNSUPPLIED_TEXT),
)

