"""North Andover's non-criminal fine schedule (Code ch. 60; the Select Board sets the fines).

Only the dangerous-dog fines are stated in the bylaw (Dangerous F); the
first eight offenses carry the Select Board's seeded schedule of the
specification, shown as "seeded — confirm" until an admin saves a version.
Every other offense the chapter fines "as established by the Select Board"
is listed with no amount and cannot be cited until an admin enters the
amounts the Board set; the Welfare A and B fines are the commonwealth's
(MGL c.140 §174F, §174E).
"""

from dataclasses import replace

from django.utils.translation import gettext_noop

from dogs.law import cite
from dogs.periods import MUNICIPALITY, PERIODS
from permits_site.accounts.models import Role
from permits_site.enforcement.catalogue import (
    WARNING,
    FineCatalogue,
    FineItemSpec,
    every_offense,
)
from permits_site.enforcement.registry import (
    CaseType,
    ChargeType,
    CitationExemption,
    CitationPolicy,
)

ESCALATING = ("25.00", "50.00", "100.00")
#: Who sets the fines the chapter leaves "as established by the Select Board".
SELECT_BOARD = "the Select Board"

FINES = FineCatalogue(
    municipality_code="north_andover",
    placeholder_amounts=True,
    items=(
        FineItemSpec(
            "dangerous_dog_at_large",
            gettext_noop("Dangerous dog off its owner's property or not restrained"),
            cite("Dangerous F(1)"),
            amounts=("200.00", "300.00", "300.00"),
            per_day=True,
        ),
        FineItemSpec(
            "dangerous_dog_unregistered",
            gettext_noop("Dangerous dog in town not registered with Animal Control"),
            cite("Dangerous F(2)"),
            amounts=every_offense("100.00"),
            per_day=True,
        ),
        FineItemSpec(
            "unlicensed_dog",
            gettext_noop("Dog kept without a license"),
            cite("Licenses A(10)"),
            amounts=every_offense("50.00"),
            set_by=SELECT_BOARD,
        ),
        FineItemSpec(
            "running_at_large",
            gettext_noop("Dog running at large"),
            cite("Restraint A"),
            amounts=ESCALATING,
            set_by=SELECT_BOARD,
        ),
        FineItemSpec(
            "dog_litter",
            gettext_noop("Dog waste not removed"),
            cite("Restraint D"),
            amounts=ESCALATING,
            set_by=SELECT_BOARD,
        ),
        FineItemSpec(
            "nuisance_noise",
            gettext_noop("Nuisance barking or howling"),
            cite("Restraint C"),
            amounts=ESCALATING,
            set_by=SELECT_BOARD,
        ),
        FineItemSpec(
            "animal_limit",
            gettext_noop("More animals kept at a residence than allowed"),
            cite("Limits E"),
            amounts=(WARNING, "25.00", "25.00"),
            per_day=True,
            set_by=SELECT_BOARD,
        ),
        FineItemSpec(
            "feeding_wildlife",
            gettext_noop("Feeding wildlife"),
            cite("Feeding wildlife A(4)"),
            amounts=ESCALATING,
            set_by=SELECT_BOARD,
        ),
        *(
            FineItemSpec(offense, description, cite(section), set_by=SELECT_BOARD,
                         per_day=per_day, unit=unit)
            for offense, description, section, per_day, unit in (
                ("chasing", gettext_noop(
                    "Dog allowed to chase a person, a vehicle or an animal carrying a person"),
                 "Restraint A(2)", False, ""),
                ("large_animal_at_large", gettext_noop(
                    "Horse, goat, sheep, swine, chicken, cattle or other large animal at large, "
                    "or grazing on a street, public land or sidewalk"),
                 "Restraint A(3)", False, ""),
                ("biting_or_menacing", gettext_noop(
                    "Animal allowed to bite, menace or threaten without provocation, endangering "
                    "a person's safety"),
                 "Restraint B(1)", False, ""),
                ("dog_in_heat_not_confined", gettext_noop(
                    "Female dog in heat not confined away from other animals"),
                 "Restraint F(1)", False, ""),
                ("dog_on_school_grounds", gettext_noop(
                    "Dog on school grounds without the principal's written permission"),
                 "Restraint G(1)", False, ""),
                ("dog_on_athletic_field", gettext_noop(
                    "Dog within an athletic field or Town-owned playground"),
                 "Restraint G(2)", False, ""),
                ("dog_in_lake_or_pond", gettext_noop(
                    "Animal in the water or on the ice of Lake Cochichewick or Stevens Pond"),
                 "Restraint G(4)", False, ""),
                ("rabies_vaccination_missing", gettext_noop(
                    "Dog, cat or ferret six months or older not vaccinated against rabies"),
                 "Rabies A, C", False, ""),
                ("kennel_after_revocation", gettext_noop(
                    "Kennel kept after its license was denied, revoked or suspended"),
                 "Kennel license B(6)", False, ""),
                ("quarantine_order_violated", gettext_noop(
                    "Animal Inspector's quarantine order not followed"),
                 "Welfare C(2)", False, ""),
                ("trap_not_checked", gettext_noop(
                    "Trap not checked, or trapped animals not released, within 24 hours"),
                 "Welfare E(2), E(4)", False, ""),
                ("abandoned_animals_not_reported", gettext_noop(
                    "Vacated property not inspected for abandoned animals, or animals found not "
                    "reported"),
                 "Welfare G(1), G(2), G(6)", False, ""),
                ("pdd_noncompliance", gettext_noop(
                    "Potentially dangerous dog: owner not complying 21 days after notice"),
                 "Potentially dangerous F", True, ""),
                ("pdd_relocation_not_notified", gettext_noop(
                    "Potentially dangerous dog moved into or out of town without notice to the "
                    "Animal Control Officer"),
                 "Potentially dangerous G, H", False, ""),
                ("temporary_restraint_violated", gettext_noop(
                    "Order of temporary restraint not followed"),
                 "Temporary restraint C", False, ""),
                ("stray_not_turned_over", gettext_noop(
                    "Stray animal not turned over to Animal Control on request"),
                 "Impoundment B(2)", False, ""),
                ("pet_shop_unlawful_sale", gettext_noop(
                    "Pet shop selling or offering a dog, cat, guinea pig or rabbit for sale"),
                 "Pet shop A(1), B(1)", False, "sale"),
                ("pet_shop_unlawful_space", gettext_noop(
                    "Pet shop providing display space in violation of A(2)"),
                 "Pet shop A(2), B(2)", False, "display"),
            )
        ),
        FineItemSpec(
            "animal_in_vehicle",
            gettext_noop("Animal confined in a parked vehicle exposed to extreme heat or cold"),
            cite("Welfare A(1); MGL c.140 §174F"),
            amounts=("150.00", "300.00", "500.00"),
            set_by="the commonwealth (MGL c.140 §174F)",
        ),
        FineItemSpec(
            "animal_unsecured_in_vehicle_load",
            gettext_noop(
                "Animal carried unprotected in the load space of a vehicle on a public way"),
            cite("Welfare A(2)"),
            set_by="the commonwealth",
        ),
        FineItemSpec(
            "dog_tethered",
            gettext_noop("Dog chained, tethered or confined as MGL c.140 §174E forbids"),
            cite("Welfare B(1); MGL c.140 §174E"),
            amounts=("50.00", "200.00", "500.00"),
            set_by="the commonwealth (MGL c.140 §174E)",
        ),
    ),
)


def offense_title(offense: str) -> str:
    """The words the chapter's fine schedule gives the offense ``offense``: what a page
    shows a person in place of its code."""
    return next(item.description for item in FINES.items if item.offense == offense)


#: Non-criminal disposition A, B: 21 days to pay the Town Clerk or ask the Police Chief for
#: a hearing; then a complaint to the Lawrence District Court.
CITATION_POLICY = CitationPolicy(
    municipality=MUNICIPALITY,
    window=next(period for period in PERIODS if period.code == "citation_response"),
    court="Lawrence District Court",
    exemptions=(
        CitationExemption(
            code="service_dog_on_duty",
            question="Was the dog an assistance or service dog performing its duties?",
            offenses=("dog_litter",),
            citation=cite("Restraint D(4)"),
            refusal="The dog-litter provisions do not apply to an assistance or service dog "
                    "performing its duties (Restraint D(4)): no citation is written.",
        ),
        CitationExemption(
            code="watchdog_on_keepers_property",
            question="Was the animal acting as a watchdog on its keeper's or owner's property?",
            offenses=("biting_or_menacing", "nuisance_noise"),
            citation=cite("Restraint B(1), C(3)"),
            refusal="Restraint B(1) and C(3) do not preclude an animal acting as a watchdog "
                    "on its keeper's or owner's property: no citation is written.",
        ),
    ),
)
#: The dog cases' own steps (``dogs.cases``) cite Potentially dangerous F–H and Temporary
#: restraint C on these case types, and charge the sheltering ordered at the owner's expense
#: (Temporary restraint A, B); the officer may determine a potentially dangerous dog without
#: proposing first (Potentially dangerous B(2)).
SHELTERING_CHARGE = ChargeType(
    "sheltering", "Sheltering at a local kennel or veterinarian, at the owner's expense",
    cite("Temporary restraint A, B"))
CASE_TYPES = (
    CaseType(
        code="north_andover.unlicensed_dog",
        municipality=MUNICIPALITY,
        name="Unlicensed dog",
        offenses=("unlicensed_dog",),
        citation=cite("Licenses A(10)"),
    ),
    CaseType(
        code="north_andover.dog_control",
        municipality=MUNICIPALITY,
        name="Dog at large, waste, noise, limits or feeding wildlife",
        offenses=("running_at_large", "dog_litter", "nuisance_noise", "animal_limit",
                  "feeding_wildlife"),
        citation=cite("Restraint; Limits; Feeding wildlife"),
    ),
    CaseType(
        code="north_andover.dangerous_dog",
        municipality=MUNICIPALITY,
        name="Dangerous dog",
        offenses=("dangerous_dog_at_large", "dangerous_dog_unregistered",
                  "temporary_restraint_violated"),
        charges=(SHELTERING_CHARGE,),
        citation=cite("Dangerous F"),
        page="dogs:case",
        hearings_page="dogs:case",
        closes_on_page=True,
        prints_decision_letters=True,
    ),
    CaseType(
        code="north_andover.potentially_dangerous_dog",
        municipality=MUNICIPALITY,
        name="Potentially dangerous dog",
        offenses=("pdd_noncompliance", "pdd_relocation_not_notified",
                  "temporary_restraint_violated"),
        charges=(SHELTERING_CHARGE,),
        citation=cite("Potentially dangerous"),
        appeal_window="appeal_aco_decision",
        further_appeal_window="appeal_hearing_decision",
        page="dogs:case",
        hearings_page="dogs:case",
        closes_on_page=True,
        prints_decision_letters=True,
    ),
    CaseType(
        code="north_andover.nuisance_dog",
        municipality=MUNICIPALITY,
        name="Nuisance dog (temporary restraint)",
        offenses=("temporary_restraint_violated",),
        charges=(SHELTERING_CHARGE,),
        citation=cite("Temporary restraint A"),
        appeal_window="appeal_aco_decision",
        further_appeal_window="appeal_hearing_decision",
        page="dogs:case",
        hearings_page="dogs:case",
        closes_on_page=True,
        prints_decision_letters=True,
    ),
)

#: Limits A–E: the animals kept at a residence, counted across its occupants (dogs.limits);
#: Restraint C: noise complaints about a nuisance dog, each judged by its rule set.
CASE_TYPES += (
    CaseType(
        code="north_andover.residence_limits",
        municipality=MUNICIPALITY,
        name="Animals at a residence over the limits",
        offenses=("animal_limit",),
        citation=cite("Limits"),
        page="dogs:limits_case",
    ),
    CaseType(
        code="north_andover.nuisance_noise",
        municipality=MUNICIPALITY,
        name="Nuisance dog: noise complaints",
        offenses=("nuisance_noise",),
        citation=cite("Restraint C"),
        page="dogs:noise_case",
    ),
)
#: Kennel license B(4), B(5): the hearing authority's review of a kennel after the Animal
#: Control Officer's report (``dogs.kennels.review``).
CASE_TYPES += (
    CaseType(
        code="north_andover.kennel_review",
        municipality=MUNICIPALITY,
        name="Kennel review hearing",
        offenses=(),
        citation=cite("Kennel license B(4), B(5)"),
        hearing_window="kennel_hearing",
        page="dogs:kennel_review",
        hearings_page="dogs:kennel_review",
    ),
)

#: The chapter's other offenses (Restraint A(2)–G, Rabies C, Kennel license B(6), Welfare,
#: Impoundment B(2), Pet shop B), each cited on a case of its kind; Potentially dangerous
#: F–H and Temporary restraint C are cited on the dog cases below, whose steps check them.
#: Welfare B(1) and C(2) add impoundment at the owner's expense.
IMPOUNDMENT_AT_OWNERS_EXPENSE = ChargeType(
    "impoundment_at_owners_expense",
    "Impoundment in a local holding facility at the owner's expense",
    cite("Welfare B(1), C(2)"),
)
CASE_TYPES += (
    CaseType(
        code="north_andover.animal_restraint",
        municipality=MUNICIPALITY,
        name="Chasing, menacing, large animal at large, dog in heat or in a prohibited place",
        offenses=("chasing", "large_animal_at_large", "biting_or_menacing",
                  "dog_in_heat_not_confined", "dog_on_school_grounds", "dog_on_athletic_field",
                  "dog_in_lake_or_pond"),
        citation=cite("Restraint A(2), A(3), B(1), F, G"),
    ),
    CaseType(
        code="north_andover.rabies_vaccination",
        municipality=MUNICIPALITY,
        name="Dog, cat or ferret not vaccinated against rabies",
        offenses=("rabies_vaccination_missing",),
        citation=cite("Rabies A, C"),
    ),
    CaseType(
        code="north_andover.kennel_without_license",
        municipality=MUNICIPALITY,
        name="Kennel kept after its license was denied, revoked or suspended",
        offenses=("kennel_after_revocation",),
        citation=cite("Kennel license B(6)"),
    ),
    CaseType(
        code="north_andover.animal_welfare",
        municipality=MUNICIPALITY,
        name="Animal welfare: vehicles, tethering, quarantine orders, traps, abandoned animals",
        offenses=("animal_in_vehicle", "animal_unsecured_in_vehicle_load", "dog_tethered",
                  "quarantine_order_violated", "trap_not_checked",
                  "abandoned_animals_not_reported"),
        charges=(IMPOUNDMENT_AT_OWNERS_EXPENSE,),
        citation=cite("Welfare A–G"),
    ),
    CaseType(
        code="north_andover.stray_not_turned_over",
        municipality=MUNICIPALITY,
        name="Stray animal not turned over to Animal Control",
        offenses=("stray_not_turned_over",),
        citation=cite("Impoundment B(2)"),
    ),
    CaseType(
        code="north_andover.pet_shop",
        municipality=MUNICIPALITY,
        name="Pet shop selling animals or displaying them unlawfully",
        offenses=("pet_shop_unlawful_sale", "pet_shop_unlawful_space"),
        citation=cite("Pet shop A, B"),
    ),
)
#: An offense a town admin adds to the fine schedule (its section named there) is cited on a
#: case of this type until a release gives it a case type of its own.
CASE_TYPES += (
    CaseType(
        code="north_andover.other_offense",
        municipality=MUNICIPALITY,
        name="Another offense of the fine schedule",
        offenses=(),
        citation=cite("Enforcement A"),
        other_offenses=True,
    ),
)
#: Hearing authority A–C: the Police Chief or a designee — the hearing authority — holds the
#: chapter's hearings and decides its appeals; no Board does.
CASE_TYPES = tuple(replace(registered, deciders=(Role.HEARING_AUTHORITY,))
                   for registered in CASE_TYPES)
