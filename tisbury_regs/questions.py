""""Which permit do I need?" in Tisbury: which food permit (09.5, 09.5.3, 09.5.5) and which
dumpster permit (09.2.5). Every question and reason is English here, marked for the
catalogues; the page says it in the reader's language, its citations kept English."""

from __future__ import annotations

from django.utils.translation import gettext_noop

from permits_site.licensing.questions import Answer, more_than, one_of, yes_no
from permits_site.rules.base import Fact, FactType
from permits_site.rules.wording import explain
from tisbury_regs.law import cite
from tisbury_regs.rules import TEMPORARY_DUMPSTER_MAX_DAYS as TEMPORARY_DUMPSTER_DAYS

FOOD = one_of(
    "serving",
    gettext_noop("Where will you serve food to the public?"),
    {
        "event": (gettext_noop("At a fair, festival or other event, for its days"),
                  Answer(("tisbury.temporary_food",), explain(gettext_noop(
                      "Food served at an event needs a temporary food permit for the days of "
                      "the event; the Board inspects the temporary kitchen (%(section)s)."),
                      section=cite("09.5.3")))),
        "home": (gettext_noop("Breakfast or overnight stays offered from your home"),
                 Answer(("tisbury.residential_kitchen",), explain(gettext_noop(
                     "A residential kitchen serving breakfast or offering overnight "
                     "accommodations to the public is licensed each year after the Board's "
                     "inspection (%(section)s); one that is not a bed and breakfast, an inn or "
                     "a lodging house needs a food service permit instead."),
                     section=cite("09.5.5")))),
        "establishment": (gettext_noop("A restaurant, shop, caterer or food truck"),
                          Answer(("tisbury.food_service",), explain(gettext_noop(
                              "A food establishment needs a food service permit and employs a "
                              "certified food protection manager (%(section)s; "
                              "%(section_on_managers)s)."),
                              section=cite("09.5"), section_on_managers=cite("09.5.2")))),
    },
)

SUPPLIES_DUMPSTERS = Fact(
    "supplies_dumpsters", FactType.BOOL,
    gettext_noop("Do you supply dumpsters to others as a business (a dumpster service)?"),
)
DUMPSTER_DAYS = Fact(
    "dumpster_days", FactType.INTEGER,
    gettext_noop("How many days will the dumpster stay on the lot?"),
    unit="days", minimum=1,
    help_text=gettext_noop(
        "A dumpster for construction, demolition, a fair or another temporary need may stay "
        "up to thirty days, renewable for thirty more (09.2.5(3))."),
)

DUMPSTERS = yes_no(
    SUPPLIES_DUMPSTERS,
    yes=Answer(("tisbury.dumpster_contractor",), explain(gettext_noop(
        "A contractor, firm or person supplying a dumpster service in Tisbury needs a permit "
        "of its own (%(section)s)."), section=cite("09.2.5(2)"))),
    no=more_than(
        DUMPSTER_DAYS, TEMPORARY_DUMPSTER_DAYS,
        then=Answer(("tisbury.dumpster",), explain(gettext_noop(
            "A dumpster kept longer than thirty days needs a permit for each dumpster, renewed "
            "every calendar year (%(section)s)."), section=cite("09.2.5(1)"))),
        otherwise=Answer(("tisbury.temporary_dumpster",), explain(gettext_noop(
            "A dumpster for thirty days or less needs a temporary dumpster permit, renewable "
            "for thirty more days (%(section)s)."), section=cite("09.2.5(3)"))),
    ),
)
