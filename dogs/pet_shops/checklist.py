"""The inspection checklist of a pet shop (North Andover Code ch. 60, Pet shop A, B).

A pet shop may not sell or offer for sale a dog, cat, guinea pig or rabbit (A(1)). It may
give space to display such animals for adoption by a public animal control agency, a
shelter or a rescue organization, so long as it takes no part of the fees and has no
ownership interest in the animals (A(2)(a), (b)), and keeps records of each animal's
source for a year after its display, shown at once to an animal control officer on
request (A(2)(c)). The Animal Control Officer or the Health Agent answers one item per term
on the visit; every failed item is a violation with its section, and points to the offense
it is fined under: each unlawful sale or offer ``pet_shop_unlawful_sale`` (B(1)), each
unlawful provision of space ``pet_shop_unlawful_space`` (B(2)), at the amounts the Select
Board sets in the fine schedule.
"""

from __future__ import annotations

from dogs.law import cite
from dogs.periods import MUNICIPALITY
from permits_site.enforcement.models import Inspection
from permits_site.rules.base import Fact, FactType, RuleSet, must_hold

UNLAWFUL_SALE = "pet_shop_unlawful_sale"
UNLAWFUL_SPACE = "pet_shop_unlawful_space"

#: fact, question, rule id, section, refusal, offense.
ITEMS = (
    ("no_sale_of_dogs_cats_guinea_pigs_rabbits",
     "Does the shop neither sell nor offer for sale dogs, cats, guinea pigs or rabbits?",
     "na.pet.A1.sale", "Pet shop A(1)",
     "The shop sells or offers for sale a dog, cat, guinea pig or rabbit.", UNLAWFUL_SALE),
    ("displayed_only_for_shelter_or_rescue",
     "Are the dogs, cats, guinea pigs or rabbits displayed only for adoption by a public "
     "animal control agency, a shelter or a rescue organization?",
     "na.pet.A2.display", "Pet shop A(2)",
     "Animals are displayed other than for adoption by an agency, shelter or rescue.",
     UNLAWFUL_SPACE),
    ("no_share_of_fees",
     "Does the shop receive no part of any fee for displaying or adopting the animals?",
     "na.pet.A2a.fees", "Pet shop A(2)(a)",
     "The shop receives part of the fees of the display or adoption.", UNLAWFUL_SPACE),
    ("no_ownership_interest",
     "Does the shop have no ownership interest in any animal displayed for adoption?",
     "na.pet.A2b.ownership", "Pet shop A(2)(b)",
     "The shop has an ownership interest in animals displayed for adoption.", UNLAWFUL_SPACE),
    ("source_records_kept_one_year",
     "Are records of the source of each animal displayed kept for one year after its display?",
     "na.pet.A2c.records", "Pet shop A(2)(c)",
     "The source of animals displayed is not documented for a year after the display.",
     UNLAWFUL_SPACE),
    ("records_produced_on_request",
     "Were the records shown immediately when the officer asked?",
     "na.pet.A2c.on_request", "Pet shop A(2)(c)",
     "The records of the animals' source were not made available on request.",
     UNLAWFUL_SPACE),
)
OFFENSE_OF_RULE = {rule_id: offense for _, _, rule_id, _, _, offense in ITEMS}
#: The order the offenses are listed in: the sale (B(1)), then the space (B(2)).
OFFENSES = (UNLAWFUL_SALE, UNLAWFUL_SPACE)

#: The officer's visit of a pet shop, one rule per term; an inspector's checklist only.
PET_SHOP_VISIT = RuleSet(
    code="north_andover.pet_shop_visit",
    municipality=MUNICIPALITY,
    title="Pet shop inspection",
    description="The sale ban, the terms of displaying animals for adoption and the records "
                f"of their source ({cite('Pet shop A')}).",
    facts=tuple(Fact(fact, FactType.BOOL, question) for fact, question, *_ in ITEMS),
)


def _item_rule(fact: str, question: str, rule_id: str, section: str, refusal: str) -> None:
    """One term of Pet shop A: it holds when the officer answers yes."""
    @PET_SHOP_VISIT.rule(rule_id, cite(section), question)
    def term_kept(facts, context):
        return must_hold(facts[fact], ok="Found so on the visit.", refusal=refusal)


for pet_shop_item in ITEMS:
    _item_rule(*pet_shop_item[:5])


def offenses_found(inspection: Inspection) -> list[str]:
    """The offenses the inspection's failed items are fined under (Pet shop B(1), B(2)),
    each once; a citation names one per unlawful sale or provision of space."""
    found = {OFFENSE_OF_RULE[violation.rule] for violation in inspection.violations.all()
             if violation.rule in OFFENSE_OF_RULE}
    return [offense for offense in OFFENSES if offense in found]
