"""North Andover's non-criminal fine schedule (Code ch. 60; the Select Board sets the fines).

Only the dangerous-dog fines are stated in the bylaw (Dangerous F); the
other amounts are the Select Board's seeded schedule, shown as "seeded —
confirm" until an admin saves a version.
"""

from dataclasses import replace

from dogs.law import cite
from dogs.periods import MUNICIPALITY, PERIODS
from permits_site.enforcement.catalogue import (
    WARNING,
    FineCatalogue,
    FineItemSpec,
    every_offense,
)
from permits_site.enforcement.registry import CaseType, ChargeType, CitationPolicy

ESCALATING = ("25.00", "50.00", "100.00")

FINES = FineCatalogue(
    municipality_code="north_andover",
    placeholder_amounts=True,
    items=(
        FineItemSpec(
            "dangerous_dog_at_large",
            "Dangerous dog off its owner's property or not restrained",
            cite("Dangerous F(1)"),
            amounts=("200.00", "300.00", "300.00"),
            per_day=True,
        ),
        FineItemSpec(
            "dangerous_dog_unregistered",
            "Dangerous dog in town not registered with Animal Control",
            cite("Dangerous F(2)"),
            amounts=every_offense("100.00"),
            per_day=True,
        ),
        FineItemSpec(
            "unlicensed_dog",
            "Dog kept without a license",
            cite("Licenses A(10)"),
            amounts=every_offense("50.00"),
        ),
        FineItemSpec(
            "running_at_large",
            "Dog running at large",
            cite("Restraint A"),
            amounts=ESCALATING,
        ),
        FineItemSpec(
            "dog_litter",
            "Dog waste not removed",
            cite("Restraint D"),
            amounts=ESCALATING,
        ),
        FineItemSpec(
            "nuisance_noise",
            "Nuisance barking or howling",
            cite("Restraint C"),
            amounts=ESCALATING,
        ),
        FineItemSpec(
            "animal_limit",
            "More animals kept at a residence than allowed",
            cite("Limits E"),
            amounts=(WARNING, "25.00", "25.00"),
            per_day=True,
        ),
        FineItemSpec(
            "feeding_wildlife",
            "Feeding wildlife",
            cite("Feeding wildlife A(4)"),
            amounts=ESCALATING,
        ),
    ),
)


#: Non-criminal disposition A, B: 21 days to pay the Town Clerk or ask the Police Chief for
#: a hearing; then a complaint to the Lawrence District Court.
CITATION_POLICY = CitationPolicy(
    municipality=MUNICIPALITY,
    window=next(period for period in PERIODS if period.code == "citation_response"),
    court="Lawrence District Court",
)
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
        offenses=("dangerous_dog_at_large", "dangerous_dog_unregistered"),
        citation=cite("Dangerous F"),
        page="dogs:case",
        closes_on_page=True,
    ),
    CaseType(
        code="north_andover.potentially_dangerous_dog",
        municipality=MUNICIPALITY,
        name="Potentially dangerous dog",
        offenses=(),
        citation=cite("Potentially dangerous"),
        appeal_window="appeal_aco_decision",
        further_appeal_window="appeal_hearing_decision",
        proposal_required=True,
        page="dogs:case",
        closes_on_page=True,
    ),
    CaseType(
        code="north_andover.nuisance_dog",
        municipality=MUNICIPALITY,
        name="Nuisance dog (temporary restraint)",
        offenses=(),
        citation=cite("Temporary restraint A"),
        appeal_window="appeal_aco_decision",
        further_appeal_window="appeal_hearing_decision",
        page="dogs:case",
        closes_on_page=True,
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
    ),
)

#: The dog cases' own steps (``dogs.cases``) cite on these case types — Potentially dangerous
#: F–H on a potentially dangerous dog, Temporary restraint C wherever an order of temporary
#: restraint is issued — and charge the sheltering ordered at the owner's expense (Temporary
#: restraint A, B). The officer may determine a potentially dangerous dog without proposing
#: first (Potentially dangerous B(2)).
SHELTERING_CHARGE = ChargeType(
    "sheltering", "Sheltering at a local kennel or veterinarian, at the owner's expense",
    cite("Temporary restraint A, B"))
DOG_CASE_ADDITIONS = {
    "north_andover.dangerous_dog": {"offenses": ("temporary_restraint_violated",)},
    "north_andover.potentially_dangerous_dog": {
        "offenses": ("pdd_noncompliance", "pdd_relocation_not_notified",
                     "temporary_restraint_violated"),
        "proposal_required": False,
    },
    "north_andover.nuisance_dog": {"offenses": ("temporary_restraint_violated",)},
}


def _with_dog_case_steps(registered: CaseType) -> CaseType:
    additions = DOG_CASE_ADDITIONS.get(registered.code)
    if additions is None:
        return registered
    offenses = tuple(dict.fromkeys((*registered.offenses, *additions["offenses"])))
    charges = (*registered.charges, SHELTERING_CHARGE)
    changes = {name: value for name, value in additions.items() if name != "offenses"}
    return replace(registered, offenses=offenses, charges=charges, **changes)


CASE_TYPES = tuple(_with_dog_case_steps(registered) for registered in CASE_TYPES)
