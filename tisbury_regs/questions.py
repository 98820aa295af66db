""""Which permit do I need?" in Tisbury: which food permit (09.5, 09.5.3, 09.5.5) and which
dumpster permit (09.2.5)."""

from __future__ import annotations

from permits_site.licensing.questions import Answer, more_than, one_of, yes_no
from permits_site.rules.base import Fact, FactType
from tisbury_regs.law import cite
from tisbury_regs.rules import TEMPORARY_DUMPSTER_MAX_DAYS as TEMPORARY_DUMPSTER_DAYS

FOOD = one_of(
    "serving",
    "Where will you serve food to the public?",
    {
        "event": ("At a fair, festival or other event, for its days",
                  Answer(("tisbury.temporary_food",),
                         "Food served at an event needs a temporary food permit for the days "
                         f"of the event; the Board inspects the temporary kitchen "
                         f"({cite('09.5.3')}).")),
        "home": ("Breakfast or overnight stays offered from your home",
                 Answer(("tisbury.residential_kitchen",),
                        "A residential kitchen serving breakfast or offering overnight "
                        "accommodations to the public is licensed each year after the "
                        f"Board's inspection ({cite('09.5.5')}); one that is not a bed and "
                        "breakfast, an inn or a lodging house needs a food service permit "
                        "instead.")),
        "establishment": ("A restaurant, shop, caterer or food truck",
                          Answer(("tisbury.food_service",),
                                 "A food establishment needs a food service permit and "
                                 "employs a certified food protection manager "
                                 f"({cite('09.5')}; {cite('09.5.2')}).")),
    },
)

SUPPLIES_DUMPSTERS = Fact(
    "supplies_dumpsters", FactType.BOOL,
    "Do you supply dumpsters to others as a business (a dumpster service)?",
)
DUMPSTER_DAYS = Fact(
    "dumpster_days", FactType.INTEGER, "How many days will the dumpster stay on the lot?",
    unit="days", minimum=1,
    help_text="A dumpster for construction, demolition, a fair or another temporary need may "
    "stay up to thirty days, renewable for thirty more (09.2.5(3)).",
)

DUMPSTERS = yes_no(
    SUPPLIES_DUMPSTERS,
    yes=Answer(("tisbury.dumpster_contractor",),
               "A contractor, firm or person supplying a dumpster service in Tisbury needs a "
               f"permit of its own ({cite('09.2.5(2)')})."),
    no=more_than(
        DUMPSTER_DAYS, TEMPORARY_DUMPSTER_DAYS,
        then=Answer(("tisbury.dumpster",),
                    "A dumpster kept longer than thirty days needs a permit for each dumpster, "
                    f"renewed every calendar year ({cite('09.2.5(1)')})."),
        otherwise=Answer(("tisbury.temporary_dumpster",),
                         "A dumpster for thirty days or less needs a temporary dumpster "
                         "permit, renewable for thirty more days "
                         f"({cite('09.2.5(3)')})."),
    ),
)
