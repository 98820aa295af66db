"""The checklists of the agent's visits to a junkyard (09.6.4), a recreational facility
(09.6.5) and livestock (09.7.2, MGL c.129 §19), item by item in the regulations' words."""

from __future__ import annotations

from django.utils.translation import gettext_noop

from permits_site.rules.wording import CitedSection, explain
from tisbury_regs.checklists import ChecklistItem, checklist
from tisbury_regs.law import cite
from tisbury_regs.periods import MUNICIPALITY

JUNKYARD = cite("09.6.4")
RESTROOMS = cite("09.6.5")
QUARANTINE = cite("09.7.3")
LIVESTOCK = CitedSection(f"{cite('09.7.2')}, MGL c.129 §19")

JUNKYARD_VISIT = checklist(
    code="tisbury.junkyard_visit",
    municipality=MUNICIPALITY,
    title=gettext_noop("Licensed junkyard"),
    description=explain(gettext_noop("A licensed junkyard's compliance with health and nuisance "
                                     "rules (%(section)s)."), section=JUNKYARD),
    items=(
        ChecklistItem("screened_from_sight",
                      gettext_noop("Is the property screened from sight by natural objects, "
                                   "plantings, fences or other appropriate means?"),
                      "ti.6.4.screening", JUNKYARD,
                      gettext_noop("The junkyard is not screened from sight.")),
        ChecklistItem("oil_handled_safely",
                      gettext_noop("Are oil, petroleum products, acids and other motor vehicle "
                                   "products reclaimed, stored and disposed of safely for the "
                                   "environment?"),
                      "ti.6.4.oil", JUNKYARD,
                      gettext_noop("Oil, petroleum products, acids or other vehicle products are "
                                   "not reclaimed, stored or disposed of safely.")),
        ChecklistItem("no_rodent_harborage",
                      gettext_noop("Are the grounds kept so as not to harbor rodents, free of "
                                   "garbage, rubbish, windblown litter and offensive odor?"),
                      "ti.6.4.rodents", JUNKYARD,
                      gettext_noop("The grounds harbor rodents or hold garbage, rubbish, windblown "
                                   "litter or offensive odor.")),
    ),
)

RECREATIONAL_RESTROOMS_VISIT = checklist(
    code="tisbury.recreational_restrooms",
    municipality=MUNICIPALITY,
    title=gettext_noop("Recreational facility restrooms"),
    description=explain(gettext_noop("The restrooms of a public or private recreational "
                                     "facility serving the public, before it opens, is built or "
                                     "is enlarged (%(section)s)."), section=RESTROOMS),
    items=(
        ChecklistItem("adequate_restrooms",
                      gettext_noop("Does the facility have adequate restrooms for the public it "
                                   "serves?"),
                      "ti.6.5.restrooms", RESTROOMS,
                      gettext_noop("The facility's restrooms are not adequate for the public it "
                                   "serves: it may not open, be built or be enlarged.")),
        ChecklistItem("health_facilities_acceptable",
                      gettext_noop("Are its other public health related facilities acceptable to "
                                   "the Board?"),
                      "ti.6.5.facilities", RESTROOMS,
                      gettext_noop("Its public health related facilities are not acceptable to the "
                                   "Board.")),
    ),
)

LIVESTOCK_VISIT = checklist(
    code="tisbury.livestock_inspection",
    municipality=MUNICIPALITY,
    title=gettext_noop("Livestock inspection"),
    description=explain(gettext_noop("The inspection of neat cattle, sheep and swine known or "
                                     "suspected to be infected with or exposed to a contagious "
                                     "disease (%(section)s)."), section=LIVESTOCK),
    items=(
        ChecklistItem("no_signs_of_disease",
                      gettext_noop("Are the neat cattle, sheep and swine free of signs of "
                                   "contagious disease?"),
                      "ti.7.2.disease", LIVESTOCK,
                      explain(gettext_noop("An animal shows signs of a contagious disease: "
                                           "quarantine it for at least ten days (%(section)s)."),
                              section=QUARANTINE)),
        ChecklistItem("no_exposure_found",
                      gettext_noop("Was no exposure to a contagious disease found?"),
                      "ti.7.2.exposure", LIVESTOCK,
                      explain(gettext_noop("The animals were exposed to a contagious disease: "
                                           "quarantine them for at least ten days "
                                           "(%(section)s)."), section=QUARANTINE)),
    ),
)

SITE_VISITS = (JUNKYARD_VISIT, RECREATIONAL_RESTROOMS_VISIT, LIVESTOCK_VISIT)
