""""Which permit do I need?" in Tisbury: which food permit (09.5, 09.5.3, 09.5.5), which
dumpster permit (09.2.5), and, where several of the Board's permits serve one purpose, the
question that tells them apart — a homeowner repairing a septic system needs the disposal
works permit (09.3.1(3)), not the septage handler's (09.1.4) nor a subdivision's review
(09.4.1). Every question and reason is English here, marked for the catalogues; the page
says it in the reader's language, its citations kept English. An answer naming one permit
gives as its reason who needs it, in the regulation's words with its section
(``WHO_NEEDS_IT``)."""

from __future__ import annotations

from django.utils.translation import gettext_noop

from permits_site.licensing.questions import Answer, Node, more_than, one_of, yes_no
from permits_site.rules.base import Fact, FactType
from permits_site.rules.wording import explain
from tisbury_regs.law import cite
from tisbury_regs.permits.kinds import WHO_NEEDS_IT
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


def needs(code: str) -> Answer:
    """The one permit ``code``, for the reason its regulation gives of who needs it."""
    return Answer((code,), WHO_NEEDS_IT[code])


def choice(words: str, code: str) -> tuple[str, Node]:
    return words, needs(code)


SEPTIC = one_of(
    "septic_work",
    gettext_noop("What will you do?"),
    {
        "own_system": choice(gettext_noop("Build, repair or upgrade the septic system of a lot"),
                             "tisbury.disposal_works"),
        "pump": choice(gettext_noop("Pump or haul the contents of septic systems, cesspools or "
                                    "privies"), "tisbury.septage_handler"),
        "divide": choice(gettext_noop("Divide a tract of land into two or more lots"),
                         "tisbury.subdivision_review"),
    },
)

TRADE = one_of(
    "trade",
    gettext_noop("Which trade?"),
    {
        "dumpster_service": choice(gettext_noop("Supplying dumpsters to others"),
                                   "tisbury.dumpster_contractor"),
        "septage": choice(gettext_noop("Pumping or hauling septage"), "tisbury.septage_handler"),
        "sandblasting": choice(gettext_noop("Sandblasting"), "tisbury.sandblasting"),
        "body_art_establishment": choice(gettext_noop("Running a body art establishment"),
                                         "tisbury.body_art_establishment"),
        "body_art_practitioner": choice(gettext_noop("Practising body art"),
                                        "tisbury.body_art_practitioner"),
        "tobacco": choice(gettext_noop("Selling tobacco products"), "tisbury.tobacco_sales"),
    },
)

GUESTS = one_of(
    "guests",
    gettext_noop("How will you host them?"),
    {
        "home": choice(gettext_noop("Breakfast or overnight stays offered from your home"),
                       "tisbury.residential_kitchen"),
        "campground": choice(gettext_noop("A campground"), "tisbury.campground"),
    },
)

LAND = one_of(
    "land_work",
    gettext_noop("What will you do on the land?"),
    {
        "divide": choice(gettext_noop("Divide a tract of land into two or more lots"),
                         "tisbury.subdivision_review"),
        "woodwaste": choice(gettext_noop("Bury woodwaste (trees, stumps, brush and leaves)"),
                            "tisbury.woodwaste_burial"),
        "inlet": choice(gettext_noop("Build an inlet, channel or basin inland of the sea coast "
                                     "or a saltwater body"), "tisbury.inlet_approval"),
    },
)

#: The Select Board "may license suitable persons to keep more than four (4) horses" (09.7.2).
HORSE_LIMIT = 4

HORSES_KEPT = Fact(
    "horses_kept", FactType.INTEGER,
    gettext_noop("How many horses will you keep in one building or place?"),
    unit="horses",
)

HORSES = more_than(
    HORSES_KEPT, HORSE_LIMIT,
    then=needs("tisbury.stable"),
    otherwise=Answer((), explain(gettext_noop(
        "The Select Board licenses the keeping of more than four horses in a specified "
        "building or place (%(section)s); four or fewer need no stable license."),
        section=cite("09.7.2"))),
)
