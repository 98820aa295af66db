"""What each Tisbury permit type declares: who holds it, what it is about, its documents and
inspection gate, and the Board's waivers (Board of Health Regulations 09.0–09.12)."""

from __future__ import annotations

from permits_site.licensing.declarations import About, DeclaredDocument, FactSource, Holder
from permits_site.licensing.kinds import PermitKind
from permits_site.parties.places import register_place_attributes
from permits_site.rules.base import Fact, FactType
from tisbury_regs.food import RESIDENTIAL_KITCHEN
from tisbury_regs.rules import CAMPGROUND
from tisbury_regs.septic import DISPOSAL_WORKS, WELL_REGISTRATION
from tisbury_regs.waste import DUMPSTER, DUMPSTER_CONTRACTOR, TEMPORARY_DUMPSTER

MUNICIPALITY = "tisbury"


def cite(section: str) -> str:
    return f"Tisbury BOH Reg {section}"


#: Where on the island a lot lies: the coastal septic rules read it from the property (09.9).
ZONE = Fact(
    "zone",
    FactType.CHOICE,
    "Where does the lot lie?",
    choices=("inland", "coastal_district", "barrier_beach"),
    help_text="Inland, in the coastal district, or on a barrier beach (09.9).",
)


def register_places() -> None:
    register_place_attributes(MUNICIPALITY, ZONE)


#: Designated Barrier Beach rules, which 09.9.1 excludes from any waiver on a barrier beach.
BARRIER_BEACH_RULES = ("ti.9.4.2.", "ti.9.7.6.", "ti.9.7.7.leaching")


class TisburyPermitKind(PermitKind):
    """What every Tisbury permit type shares: the Board may waive a regulation in writing,
    effective with two members' signatures (09.0.3) — but never a statute, a bylaw, or a
    Designated Barrier Beach rule on a barrier beach (09.9.1)."""

    variance_signatures_required = 2
    variance_citation = cite("09.0.3")
    unwaivable_law_citation = cite("09.9.1")
    written_waiver_application = True

    def unwaivable_rules(self, application, rule_ids: list[str]) -> list[str]:
        place = application.place
        if place is None or place.attributes.get(ZONE.name) != "barrier_beach":
            return []
        return [f"{rule_id} is a Designated Barrier Beach rule and cannot be waived on a "
                f"barrier beach ({cite('09.9.1')})."
                for rule_id in rule_ids if rule_id.startswith(BARRIER_BEACH_RULES)]


def declared(code: str, *, holder: Holder, about: About, **declaration) -> TisburyPermitKind:
    """A Tisbury permit type that keeps no records of its own: its declaration is all."""
    attributes = {"code": f"{MUNICIPALITY}.{code}", "holder": holder, "about": about,
                  **declaration}
    return type(f"{code.title().replace('_', '')}Kind", (TisburyPermitKind,), attributes)()


SEPTAGE_INSURANCE = DeclaredDocument(
    "liability_insurance", "Certificate of liability insurance", cite("09.1.4")
)

DECLARED_KINDS = (
    declared("dumpster", holder=Holder.PERSON_OR_BUSINESS, about=About.PROPERTY, **DUMPSTER),
    declared("dumpster_contractor", holder=Holder.BUSINESS, about=About.BUSINESS,
             **DUMPSTER_CONTRACTOR),
    declared("temporary_dumpster", holder=Holder.PERSON_OR_BUSINESS, about=About.PROPERTY,
             **TEMPORARY_DUMPSTER),
    declared("residential_kitchen", holder=Holder.PERSON, about=About.PROPERTY,
             **RESIDENTIAL_KITCHEN),
    declared("disposal_works", holder=Holder.PERSON, about=About.PROPERTY, **DISPOSAL_WORKS),
    declared("well_registration", holder=Holder.PERSON, about=About.PROPERTY,
             **WELL_REGISTRATION),
    declared(
        "campground", holder=Holder.PERSON_OR_BUSINESS, about=About.PROPERTY, inspected=True,
        inspection_check="tisbury.campground",
        fact_sources={fact.name: FactSource.OFFICE for fact in CAMPGROUND.facts},
    ),
    declared("body_art_establishment", holder=Holder.BUSINESS, about=About.BUSINESS),
    declared("body_art_practitioner", holder=Holder.PERSON, about=About.PERSON),
    declared("tobacco_sales", holder=Holder.BUSINESS, about=About.BUSINESS),
)

