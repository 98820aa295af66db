"""North Andover's rule sets (Code ch. 60, Dogs and Other Animals).

Each rule is a small pure function of validated facts; its docstring cites
the subsection it encodes. Rule ids, facts and readings follow the project
spec for North Andover.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext_noop

from dogs.law import cite
from dogs.periods import MUNICIPALITY, NEW_DOG_LICENSE, PUPPY_LICENSE
from permits_site.rules.base import (
    TODAY,
    CheckContext,
    Consequence,
    Fact,
    FactType,
    RuleSet,
    Verdict,
    at_least,
    at_most,
    failed,
    must_hold,
    needs_review,
    not_applicable,
    passed,
)
from permits_site.rules.calendar import BusinessCalendar, add_months, period_due
from permits_site.rules.units import FEET, MINUTES, YEARS
from permits_site.rules.wording import CitedSection, Dollars, explain, ngettext_lazy

LICENSE_AGE_MONTHS = 6
DOG_LIMIT = 4
CAT_LIMIT = 4


def _required_calendar(context: CheckContext) -> BusinessCalendar:
    if context.calendar is None:
        raise ValueError("North Andover's business calendar is needed to compute a due date.")
    return context.calendar


def whole_months_between(start: dt.date, end: dt.date) -> int:
    """Full calendar months from ``start`` to ``end`` (negative when ``end`` is earlier)."""
    months = (end.year - start.year) * 12 + end.month - start.month
    if add_months(start, months) > end:
        months -= 1
    return months


def dog_needs_license(date_of_birth: dt.date, on: dt.date) -> bool:
    """Licenses A(1): every dog six months and older must be licensed."""
    return add_months(date_of_birth, LICENSE_AGE_MONTHS) <= on


def _dog_limit(count: int, kennel_license: bool | None) -> Verdict:
    """Limits A / Kennel license B(1): more than four dogs need a kennel license."""
    if count <= DOG_LIMIT:
        return passed(
            explain(ngettext_lazy("%(count)s dog over six months old; up to %(limit)s need no "
                                  "kennel license.",
                                  "%(count)s dogs over six months old; up to %(limit)s need no "
                                  "kennel license.", "count"), count=count, limit=DOG_LIMIT),
            required=DOG_LIMIT, actual=count, unit="dogs",
        )
    if kennel_license:
        return passed(
            explain(gettext_noop("%(count)s dogs over six months old, kept under a kennel "
                                 "license."), count=count),
            required=DOG_LIMIT, actual=count, unit="dogs",
        )
    return failed(
        explain(gettext_noop(
            "%(count)s dogs over six months old live here; more than %(limit)s need a kennel "
            "license from the Town Clerk. Get a kennel license or keep no more than "
            "%(limit)s."), count=count, limit=DOG_LIMIT),
        required=DOG_LIMIT, actual=count, unit="dogs",
    )


# -- Dog license (application) -------------------------------------------------

DOG_LICENSE = RuleSet(
    code="north_andover.dog_license",
    municipality=MUNICIPALITY,
    title=gettext_noop("Dog license"),
    description=gettext_noop("A dog license application: age, rabies vaccination, timeliness "
                             "and the number of dogs at the residence."),
    facts=(
        Fact("date_of_birth", FactType.DATE, gettext_noop("Dog's date of birth")),
        Fact("spayed_neutered", FactType.BOOL, gettext_noop("Is the dog spayed or neutered?")),
        Fact(
            "rabies_vaccination_expires", FactType.DATE,
            gettext_noop("When does the dog's rabies vaccination expire?"), nullable=True,
            help_text=gettext_noop("From the veterinarian's rabies certificate. Leave empty if "
                                   "the dog has a veterinarian's exemption instead."),
        ),
        Fact(
            "rabies_exemption_until", FactType.DATE,
            gettext_noop("Until when is the dog exempt from rabies vaccination?"), nullable=True,
            help_text=gettext_noop("Only when a veterinarian certified that vaccination is "
                                   "inadvisable for an old or sick dog."),
        ),
        Fact(
            "acquired_on", FactType.DATE, gettext_noop("When did you get the dog?"),
            required=False, max_date=TODAY,
            help_text=gettext_noop("Leave empty if you have had the dog since it was born."),
        ),
        Fact(
            "moved_in_on", FactType.DATE, gettext_noop("When did you move to North Andover?"),
            required=False, max_date=TODAY, help_text=gettext_noop("Only for new residents."),
        ),
        Fact(
            "dogs_at_residence_over_6_months", FactType.INTEGER,
            gettext_noop("How many dogs over six months old live at your residence, this one "
                         "included?"),
            unit="dogs", required=False,
        ),
        Fact(
            "kennel_license", FactType.BOOL,
            gettext_noop("Does the residence hold a kennel license?"), default=False,
        ),
        Fact(
            "renewal", FactType.BOOL,
            gettext_noop("Was this dog licensed in North Andover last year?"), default=False,
            help_text=gettext_noop("A late renewal pays the late fee instead."),
        ),
    ),
)


@DOG_LICENSE.rule("na.lic.A1.age", cite("Licenses A(1)"),
                  gettext_noop("Dogs six months and older must be licensed."))
def dog_is_old_enough(facts: Mapping[str, Any], context: CheckContext) -> Verdict:
    """Licenses A(1): the license requirement starts at six months of age."""
    date_of_birth = facts["date_of_birth"]
    if not dog_needs_license(date_of_birth, context.on):
        licensable_on = add_months(date_of_birth, LICENSE_AGE_MONTHS)
        return not_applicable(explain(
            gettext_noop("The dog is under six months old; it needs a license once it turns "
                         "six months on %(date)s (%(section)s)."),
            date=licensable_on, section=CitedSection("Licenses A(3)")))
    age = whole_months_between(date_of_birth, context.on)
    return passed(
        explain(gettext_noop("The dog is %(age)s months old; dogs six months and older must "
                             "be licensed."), age=age),
        required=LICENSE_AGE_MONTHS, actual=age, unit="months",
    )


@DOG_LICENSE.rule("na.lic.A1.rabies", cite("Licenses A(1)"),
                  gettext_noop("Proof of a current rabies vaccination or a veterinarian's "
                               "exemption."))
def rabies_is_current(facts: Mapping[str, Any], context: CheckContext) -> Verdict:
    """Licenses A(1): present proof of a current rabies vaccination, or a
    veterinarian's certificate exempting an old or sick dog for a stated period."""
    on = context.on
    vaccination, exemption = facts["rabies_vaccination_expires"], facts["rabies_exemption_until"]
    if vaccination is not None and vaccination >= on:
        return passed(
            explain(gettext_noop("The rabies vaccination is current until %(date)s."),
                    date=vaccination),
            required=on, actual=vaccination,
        )
    if exemption is not None and exemption >= on:
        return passed(
            explain(gettext_noop("A veterinarian's rabies exemption runs until %(date)s."),
                    date=exemption),
            required=on, actual=exemption,
        )
    latest = max((day for day in (vaccination, exemption) if day is not None), default=None)
    return failed(
        explain(gettext_noop("No current rabies vaccination on %(date)s. Show a rabies "
                             "certificate, or a veterinarian's exemption certificate, that is "
                             "valid on that date."), date=on),
        required=on, actual=latest,
    )


def license_due(facts: Mapping[str, Any], calendar: BusinessCalendar) -> dt.date:
    """The last day to license a dog that is not a renewal (Licenses A(2), A(3), A(4)).

    The later of six months after birth (A(3)) and 30 days after the dog
    arrived (A(2) acquiring it, A(4) moving in, both 30 days), rolled to the
    next business day.
    """
    date_of_birth = facts["date_of_birth"]
    arrivals = [facts.get("moved_in_on"), facts.get("acquired_on")]
    arrived = max((day for day in arrivals if day is not None), default=date_of_birth)
    return max(
        period_due(PUPPY_LICENSE, date_of_birth, calendar),
        period_due(NEW_DOG_LICENSE, arrived, calendar),
    )


@DOG_LICENSE.rule("na.lic.A.timely", cite("Licenses A(2), A(3), A(4)"),
                  gettext_noop("A new dog, puppy or new resident's dog is licensed on time."),
                  consequence=Consequence.PENALTY)
def license_is_timely(facts: Mapping[str, Any], context: CheckContext) -> Verdict:
    """Licenses A(2)-(4): within 30 days of acquiring a dog or moving in, and
    within six months of birth; a renewal's lateness is priced by the late
    fee of A(8) instead."""
    if facts["renewal"]:
        return not_applicable(
            gettext_noop("A renewal is not judged here; a late renewal pays the late fee."))
    due = license_due(facts, _required_calendar(context))
    if context.on <= due:
        return passed(
            explain(gettext_noop("On time: the license is due by %(date)s."), date=due),
            required=due, actual=context.on,
        )
    return failed(
        explain(gettext_noop("The license was due by %(date)s. License the dog now; the Town "
                             "may fine an unlicensed dog."), date=due),
        required=due, actual=context.on,
    )


@DOG_LICENSE.rule("na.lim.A.kennel", cite("Limits A, Kennel license B(1)"),
                  gettext_noop("More than four dogs at a residence need a kennel license."))
def residence_needs_kennel_license(facts: Mapping[str, Any], context: CheckContext) -> Verdict:
    """Limits A, Kennel license B(1): no more than four dogs over six months
    at a residence without a kennel license."""
    count = facts["dogs_at_residence_over_6_months"]
    if count is None:
        return not_applicable(gettext_noop("The number of dogs at the residence was not given."))
    return _dog_limit(count, facts["kennel_license"])


# -- Kennel license (application and inspection) --------------------------------

#: Each point of the Animal Inspector's report (Kennel license B(3)): the question the
#: inspector answers and the finding a report that is not favorable names.
INSPECTION_FINDINGS = {
    "location_appropriate": (
        gettext_noop("Inspector's finding: the location is appropriate for housing multiple "
                     "dogs (B(3)(a))"),
        gettext_noop("the location is appropriate for housing multiple dogs (B(3)(a))"),
    ),
    "no_adverse_neighborhood_effect": (
        gettext_noop("Inspector's finding: no significant adverse effect on the "
                     "neighborhood's peace, quiet or sanitary conditions (B(3)(b))"),
        gettext_noop("no significant adverse effect on the neighborhood's peace, quiet or "
                     "sanitary conditions (B(3)(b))"),
    ),
    "safe_sanitary_humane": (
        gettext_noop("Inspector's finding: the kennel will be operated in a safe, sanitary "
                     "and humane condition (B(3)(e))"),
        gettext_noop("the kennel will be operated in a safe, sanitary and humane condition "
                     "(B(3)(e))"),
    ),
    "records_kept": (
        gettext_noop("Inspector's finding: records of the dogs' numbers and identities are "
                     "properly kept (B(3)(f))"),
        gettext_noop("records of the dogs' numbers and identities are properly kept "
                     "(B(3)(f))"),
    ),
    "consistent_with_health_safety": (
        gettext_noop("Inspector's finding: the operation is consistent with the health and "
                     "safety of the dogs and the neighbors (B(3)(g))"),
        gettext_noop("the operation is consistent with the health and safety of the dogs and "
                     "the neighbors (B(3)(g))"),
    ),
}

#: What the rules count, said the reader's way with the numbers on a page (the units they
#: measure in: ``permits_site.rules.units``).
DOGS = gettext_noop("dogs")
CATS = gettext_noop("cats")
ANIMALS = gettext_noop("animals")


def _inspection_fact(name: str, question: str) -> Fact:
    return Fact(
        name, FactType.BOOL, question, nullable=True,
        help_text=gettext_noop("Recorded by the Health Division Animal Inspector; leave empty "
                               "before the inspection."),
    )


def _listed(items: list[str], joined: str) -> str:
    """``items`` said as one list, each further item added by the template ``joined`` (of
    ``%(items)s`` and ``%(item)s``), so a translation words the joins too."""
    words = items[0]
    for more in items[1:]:
        words = explain(joined, items=words, item=more)
    return words


KENNEL_LICENSE = RuleSet(
    code="north_andover.kennel_license",
    municipality=MUNICIPALITY,
    title=gettext_noop("Kennel license"),
    description=gettext_noop("A kennel license application and the Animal Inspector's report."),
    facts=(
        Fact("dogs_over_6_months", FactType.INTEGER,
             gettext_noop("Dogs over six months old in the kennel"), unit=DOGS),
        Fact("dogs_with_current_rabies", FactType.INTEGER,
             gettext_noop("Of those, dogs with a current rabies vaccination"), unit=DOGS),
        Fact("distance_to_lot_line_ft", FactType.NUMBER,
             gettext_noop("Distance from the dogs' housing, feeding and exercise area to the "
                          "nearest lot line"), unit=FEET),
        Fact("distance_to_abutting_dwelling_ft", FactType.NUMBER,
             gettext_noop("Distance from that area to the nearest existing dwelling on an "
                          "abutting lot"),
             unit=FEET),
        Fact("veterinary_medical_boarding", FactType.BOOL,
             gettext_noop("Is this medical boarding by a licensed veterinarian practicing in "
                          "North Andover?")),
        *(_inspection_fact(name, question)
          for name, (question, _) in INSPECTION_FINDINGS.items()),
    ),
)


@KENNEL_LICENSE.rule("na.kennel.B1.required", cite("Kennel license B(1)"),
                     gettext_noop("A kennel license is required for more than four dogs."))
def kennel_license_is_required(facts: Mapping[str, Any], context: CheckContext) -> Verdict:
    """Kennel license B(1): anyone who owns or boards more than four dogs needs
    one, except for medical boarding by a licensed North Andover veterinarian."""
    if facts["veterinary_medical_boarding"]:
        return not_applicable(gettext_noop(
            "Medical boarding by a licensed veterinarian in town is exempt from kennel "
            "licensing."
        ))
    count = facts["dogs_over_6_months"]
    if count <= DOG_LIMIT:
        return not_applicable(explain(ngettext_lazy(
            "%(count)s dog over six months old: a kennel license is not required for "
            "%(limit)s or fewer.",
            "%(count)s dogs over six months old: a kennel license is not required for "
            "%(limit)s or fewer.", "count"), count=count, limit=DOG_LIMIT))
    return passed(
        explain(gettext_noop("%(count)s dogs over six months old: more than %(limit)s, so a "
                             "kennel license is required."), count=count, limit=DOG_LIMIT),
        required=DOG_LIMIT, actual=count, unit=DOGS,
    )


@KENNEL_LICENSE.rule("na.kennel.B1.rabies", cite("Kennel license B(1)"),
                     gettext_noop("Every dog over six months has a current rabies "
                                  "vaccination."))
def kennel_dogs_vaccinated(facts: Mapping[str, Any], context: CheckContext) -> Verdict:
    """Kennel license B(1): proof of current rabies vaccination for each dog
    older than six months in the kennel."""
    return at_least(
        facts["dogs_with_current_rabies"], facts["dogs_over_6_months"],
        unit=DOGS, what=gettext_noop("The number of dogs with a current rabies vaccination"),
    )


@KENNEL_LICENSE.rule("na.kennel.B3c.lot_line", cite("Kennel license B(3)(c)"),
                     gettext_noop("The dog area is at least 20 ft from every lot line."))
def kennel_lot_line_setback(facts: Mapping[str, Any], context: CheckContext) -> Verdict:
    """Kennel license B(3)(c): the housing, feeding and exercise area is no
    closer than 20 feet to any lot line."""
    return at_least(
        facts["distance_to_lot_line_ft"], 20,
        unit=FEET, what=gettext_noop("The dog area's distance to the nearest lot line"),
    )


@KENNEL_LICENSE.rule("na.kennel.B3d.dwelling", cite("Kennel license B(3)(d)"),
                     gettext_noop("The dog area is at least 50 ft from any dwelling on an "
                                  "abutting lot."))
def kennel_dwelling_setback(facts: Mapping[str, Any], context: CheckContext) -> Verdict:
    """Kennel license B(3)(d): no closer than 50 feet to any existing dwelling
    on an abutting lot."""
    return at_least(
        facts["distance_to_abutting_dwelling_ft"], 50,
        unit=FEET, what=gettext_noop("The dog area's distance to the nearest abutting dwelling"),
    )


@KENNEL_LICENSE.rule("na.kennel.B3.inspection", cite("Kennel license B(3)"),
                     gettext_noop("The Animal Inspector favorably recommends the kennel."),
                     reviewable=True)
def kennel_inspection_favorable(facts: Mapping[str, Any], context: CheckContext) -> Verdict:
    """Kennel license B(3): the Clerk issues no kennel license before the
    Health Division Animal Inspector reports favorably on (a)-(g)."""
    unfavorable = [explain(finding) for name, (_, finding) in INSPECTION_FINDINGS.items()
                   if facts[name] is False]
    if unfavorable:
        return failed(explain(
            gettext_noop("The inspection report is not favorable: the inspector did not find "
                         "that %(findings)s. Correct these and ask for a new inspection."),
            findings=_listed(unfavorable, gettext_noop("%(items)s; that %(item)s"))))
    if any(facts[name] is None for name in INSPECTION_FINDINGS):
        return needs_review(gettext_noop(
            "The Animal Inspector's report is not complete yet; the license waits for a "
            "favorable inspection."
        ))
    return passed(gettext_noop("The Animal Inspector reported favorably on every point."))


#: The Animal Inspector's checklist for a kennel license (B(3)): the five findings the rule
#: set takes from the office, each answered on the visit, judged by the same rule. The
#: applicant's statements (the dogs, the setbacks) stay the application's: the inspection
#: neither asks them again nor replaces them.
KENNEL_INSPECTION = RuleSet(
    code="north_andover.kennel_inspection",
    municipality=MUNICIPALITY,
    title=gettext_noop("Kennel inspection"),
    description=gettext_noop("The Animal Inspector's report on a proposed kennel: the five "
                             "findings of Kennel license B(3) the Clerk issues a license on."),
    facts=tuple(Fact(name, FactType.BOOL, question)
                for name, (question, _) in INSPECTION_FINDINGS.items()),
)
KENNEL_INSPECTION.add(kennel_inspection_favorable)


# -- Residence limits ------------------------------------------------------------

RESIDENCE_LIMITS = RuleSet(
    code="north_andover.residence_limits",
    municipality=MUNICIPALITY,
    title=gettext_noop("Animals at a residence"),
    description=gettext_noop("The number of dogs and cats, and wild or dangerous animals, at "
                             "one residence."),
    facts=(
        Fact("dogs_over_6_months", FactType.INTEGER,
             gettext_noop("Dogs over six months old at the residence"), unit=DOGS),
        Fact("kennel_license", FactType.BOOL,
             gettext_noop("Does the residence hold a kennel license?")),
        Fact("cats_over_4_months", FactType.INTEGER,
             gettext_noop("Cats over four months old at the premises"), unit=CATS),
        Fact("wild_or_dangerous_animals", FactType.INTEGER,
             gettext_noop("Wild or dangerous animals kept at the premises"), unit=ANIMALS,
             help_text=gettext_noop("Wild mammals, reptiles or other animals of vicious or "
                                    "dangerous propensities.")),
    ),
)


@RESIDENCE_LIMITS.rule("na.lim.A.dogs", cite("Limits A"),
                       gettext_noop("No more than four dogs over six months without a kennel "
                                    "license."))
def residence_dog_limit(facts: Mapping[str, Any], context: CheckContext) -> Verdict:
    """Limits A: more than four dogs over six months at a residence need a kennel license."""
    return _dog_limit(facts["dogs_over_6_months"], facts["kennel_license"])


@RESIDENCE_LIMITS.rule("na.lim.B.cats", cite("Limits B"),
                       gettext_noop("No more than four cats over four months."))
def residence_cat_limit(facts: Mapping[str, Any], context: CheckContext) -> Verdict:
    """Limits B: no more than four cats over the age of four months on any premises."""
    return at_most(facts["cats_over_4_months"], CAT_LIMIT,
                   unit=CATS, what=gettext_noop("The number of cats over four months old"))


@RESIDENCE_LIMITS.rule("na.lim.D.wild", cite("Limits D"),
                       gettext_noop("No wild or dangerous animals."))
def residence_no_wild_animals(facts: Mapping[str, Any], context: CheckContext) -> Verdict:
    """Limits D: keeping any wild or dangerous animal is unlawful."""
    count = facts["wild_or_dangerous_animals"]
    numbers = {"required": 0, "actual": count, "unit": ANIMALS}
    if count == 0:
        return passed(gettext_noop("No wild or dangerous animals are kept."), **numbers)
    return failed(
        explain(gettext_noop("Wild or dangerous animals kept here: %(count)s. Keeping any is "
                             "unlawful; place them with a licensed facility or sanctuary."),
                count=count),
        **numbers,
    )


# -- Noise complaint (Restraint C) --------------------------------------------------

DAY_STARTS = dt.time(6, 0)
NIGHT_STARTS = dt.time(22, 0)
DAYTIME_NOISE_LIMIT_MINUTES = 10


def _is_daytime(start: dt.time) -> bool:
    return DAY_STARTS <= start < NIGHT_STARTS


NOISE_COMPLAINT = RuleSet(
    code="north_andover.noise_complaint",
    municipality=MUNICIPALITY,
    title=gettext_noop("Animal noise complaint"),
    description=gettext_noop("Whether an animal's noise disturbed the peace, judged by when "
                             "it started."),
    facts=(
        Fact("start_time", FactType.TIME, gettext_noop("When did the noise start?"),
             help_text=gettext_noop("24-hour clock, HH:MM.")),
        Fact("duration_minutes", FactType.NUMBER, gettext_noop("How long did it last?"),
             unit=MINUTES),
        Fact("uninterrupted", FactType.BOOL, gettext_noop("Was it without a break?")),
        Fact("outdoors", FactType.BOOL, gettext_noop("Was the animal outside of any building?")),
        Fact("repetitive", FactType.BOOL, gettext_noop("Was the noise repeated?")),
        Fact("provoked", FactType.BOOL, gettext_noop("Was the animal provoked?")),
    ),
)


@NOISE_COMPLAINT.rule("na.rest.C1.day", cite("Restraint C(1)"),
                      gettext_noop("By day, no uninterrupted noise for more than 10 minutes."))
def daytime_noise(facts: Mapping[str, Any], context: CheckContext) -> Verdict:
    """Restraint C(1): uninterrupted barking, howling or other noise for more
    than 10 minutes between 6:00 a.m. and 10:00 p.m. without provocation is
    excessive."""
    if not _is_daytime(facts["start_time"]):
        return not_applicable(gettext_noop(
            "The noise started at night; the nighttime rule applies."))
    minutes = facts["duration_minutes"]
    numbers = {"required": DAYTIME_NOISE_LIMIT_MINUTES, "actual": minutes, "unit": MINUTES}
    if facts["provoked"]:
        return passed(gettext_noop("The animal was provoked, so the noise is not a violation."),
                      **numbers)
    if not facts["uninterrupted"]:
        return passed(gettext_noop("The noise had breaks, so it was not uninterrupted."),
                      **numbers)
    if minutes > DAYTIME_NOISE_LIMIT_MINUTES:
        return failed(
            explain(gettext_noop(
                "Uninterrupted noise for %(minutes)s minutes by day without provocation; more "
                "than %(limit)s minutes is excessive. The owner must keep the animal from "
                "making noise that long."), minutes=minutes, limit=DAYTIME_NOISE_LIMIT_MINUTES),
            **numbers,
        )
    return passed(
        explain(ngettext_lazy("Uninterrupted noise for %(minutes)s minute, not more than "
                              "%(limit)s minutes.",
                              "Uninterrupted noise for %(minutes)s minutes, not more than "
                              "%(limit)s minutes.", "minutes"),
                minutes=minutes, limit=DAYTIME_NOISE_LIMIT_MINUTES),
        **numbers,
    )


@NOISE_COMPLAINT.rule("na.rest.C2.night", cite("Restraint C(2)"),
                      gettext_noop("At night, no repeated noise outdoors."))
def nighttime_noise(facts: Mapping[str, Any], context: CheckContext) -> Verdict:
    """Restraint C(2): repeated noise in the open, outside any building,
    without provocation between 10:00 p.m. and 6:00 a.m."""
    if _is_daytime(facts["start_time"]):
        return not_applicable(gettext_noop("The noise started by day; the daytime rule applies."))
    violation = facts["outdoors"] and facts["repetitive"] and not facts["provoked"]
    return must_hold(
        not violation,
        ok=gettext_noop("At night the animal was indoors, the noise was not repeated, or it "
                        "was provoked."),
        refusal=gettext_noop("Repeated noise outdoors at night without provocation disturbs "
                             "the peace. The owner must bring the animal inside between "
                             "10:00 p.m. and 6:00 a.m."),
    )


# -- Dangerous dog compliance (Dangerous D) -----------------------------------------------

ENCLOSURE_SETBACK_FT = 10
SIDES_EMBEDDED_FT = 2
MAX_LEAD_FT = 4
ADULT_AGE = 18
MIN_INSURANCE = 100_000


def _has_no_bottom(facts: Mapping[str, Any]) -> bool:
    return facts.get("enclosure_has_bottom") is False


DANGEROUS_DOG_COMPLIANCE = RuleSet(
    code="north_andover.dangerous_dog_compliance",
    municipality=MUNICIPALITY,
    title=gettext_noop("Dangerous dog: owner's duties"),
    description=gettext_noop("The enclosure, signs, notices, restraint off the premises and "
                             "insurance the owner of a dangerous dog must provide."),
    facts=(
        Fact("enclosure_distance_to_property_line_ft", FactType.NUMBER,
             gettext_noop("Distance from the pen to the property line"), unit=FEET),
        Fact("enclosure_has_bottom", FactType.BOOL,
             gettext_noop("Does the pen have a bottom secured to its sides?")),
        # A plain fact of the rule set: stated for every pen, read only for one without a
        # bottom (spec ``north_andover.md``; ``api.md``: required even where its rule does
        # not apply).
        Fact("sides_embedded_ft", FactType.NUMBER,
             gettext_noop("How deep are the pen's sides set into the ground?"), unit=FEET),
        Fact("enclosure_has_secure_top", FactType.BOOL,
             gettext_noop("Does the pen have a secure top?")),
        Fact("enclosure_weather_protection", FactType.BOOL,
             gettext_noop("Does the pen protect the dog from the elements?")),
        Fact("warning_signs_all_sides", FactType.BOOL,
             gettext_noop("Are warning signs displayed facing out from all sides of the "
                          "premises?")),
        Fact("child_warning_symbol_sign", FactType.BOOL,
             gettext_noop("Is a sign with a warning symbol for children who cannot read "
                          "displayed?")),
        Fact("abutters_notified_certified", FactType.BOOL,
             gettext_noop("Were the abutters sent the notice by certified mail?")),
        Fact("insurance_per_incident", FactType.NUMBER,
             gettext_noop("Liability insurance per incident"), unit="$"),
        Fact("lead_length_ft", FactType.NUMBER,
             gettext_noop("Length of the lead used off the premises"), unit=FEET),
        Fact("muzzled_off_premises", FactType.BOOL,
             gettext_noop("Is the dog muzzled off the premises?")),
        Fact("handler_age", FactType.INTEGER,
             gettext_noop("Age of the person handling the dog"), unit=YEARS),
    ),
)


@DANGEROUS_DOG_COMPLIANCE.rule("na.dd.D1a.setback", cite("Dangerous D(1)(a)"),
                               gettext_noop("The pen is at least 10 ft from the property line."))
def enclosure_setback(facts: Mapping[str, Any], context: CheckContext) -> Verdict:
    """Dangerous D(1)(a): the pen or structure is at least 10 feet from the property line."""
    return at_least(
        facts["enclosure_distance_to_property_line_ft"], ENCLOSURE_SETBACK_FT,
        unit=FEET, what=gettext_noop("The pen's distance to the property line"),
    )


@DANGEROUS_DOG_COMPLIANCE.rule("na.dd.D1a.embedded", cite("Dangerous D(1)(a)"),
                               gettext_noop("A pen without a bottom has sides set 2 ft into "
                                            "the ground."),
                               reviewable=True)
def enclosure_sides_embedded(facts: Mapping[str, Any], context: CheckContext) -> Verdict:
    """Dangerous D(1)(a): without a bottom secured to the sides, the sides are
    embedded no less than two feet into the ground."""
    if not _has_no_bottom(facts):
        return not_applicable(gettext_noop("The pen has a bottom secured to its sides."))
    depth = facts["sides_embedded_ft"]
    if depth is None:
        return needs_review(gettext_noop("The pen has no bottom; give how deep its sides are "
                                         "set into the ground."))
    return at_least(depth, SIDES_EMBEDDED_FT, unit=FEET,
                    what=gettext_noop("The depth the pen's sides are set into the ground"))


@DANGEROUS_DOG_COMPLIANCE.rule("na.dd.D1a.top", cite("Dangerous D(1)(a)"),
                               gettext_noop("The pen has a secure top."))
def enclosure_top(facts: Mapping[str, Any], context: CheckContext) -> Verdict:
    """Dangerous D(1)(a): the pen must have secure sides and a secure top."""
    return must_hold(facts["enclosure_has_secure_top"],
                     ok=gettext_noop("The pen has a secure top."),
                     refusal=gettext_noop("The pen needs a secure top so the dog cannot climb "
                                          "or jump out."))


@DANGEROUS_DOG_COMPLIANCE.rule("na.dd.D1a.shelter", cite("Dangerous D(1)(a)"),
                               gettext_noop("The pen protects the dog from the elements."))
def enclosure_shelter(facts: Mapping[str, Any], context: CheckContext) -> Verdict:
    """Dangerous D(1)(a): the enclosure must provide protection from the elements."""
    return must_hold(facts["enclosure_weather_protection"],
                     ok=gettext_noop("The pen protects the dog from the weather."),
                     refusal=gettext_noop("The pen must give the dog shelter from rain, sun "
                                          "and cold."))


#: What a premises missing its signs must display, by (warning signs on every side, the
#: children's symbol sign) as the owner answered (Dangerous D(1)(b)).
MISSING_SIGNS = {
    (False, False): gettext_noop("Display warning signs facing out from every side of the "
                                 "premises and a sign with a warning symbol for children who "
                                 "cannot read."),
    (False, True): gettext_noop("Display warning signs facing out from every side of the "
                                "premises."),
    (True, False): gettext_noop("Display a sign with a warning symbol for children who cannot "
                                "read."),
}


@DANGEROUS_DOG_COMPLIANCE.rule("na.dd.D1b.signs", cite("Dangerous D(1)(b)"),
                               gettext_noop("Warning signs on all sides and a symbol sign for "
                                            "children."))
def warning_signs(facts: Mapping[str, Any], context: CheckContext) -> Verdict:
    """Dangerous D(1)(b): signs facing out from all sides of the premises and a
    sign with a symbol warning a child who cannot read."""
    displayed = (bool(facts["warning_signs_all_sides"]), bool(facts["child_warning_symbol_sign"]))
    if displayed in MISSING_SIGNS:
        return failed(MISSING_SIGNS[displayed])
    return passed(gettext_noop("The warning signs are displayed."))


@DANGEROUS_DOG_COMPLIANCE.rule("na.dd.D1c.abutters", cite("Dangerous D(1)(c)"),
                               gettext_noop("Abutters notified by certified mail."))
def abutters_notified(facts: Mapping[str, Any], context: CheckContext) -> Verdict:
    """Dangerous D(1)(c): send each abutter on the Assessor's list the notice by
    certified mail and give the receipts to the Animal Control Officer."""
    return must_hold(
        facts["abutters_notified_certified"],
        ok=gettext_noop("The abutters were notified by certified mail."),
        refusal=gettext_noop("Send every abutter on the Assessor's list a copy of the notice "
                             "by certified mail, and give the receipts to the Animal Control "
                             "Officer."),
    )


@DANGEROUS_DOG_COMPLIANCE.rule("na.dd.D1d.lead", cite("Dangerous D(1)(d)"),
                               gettext_noop("Off the premises: muzzled, a lead of 4 ft or less, "
                                            "an adult handler."))
def restraint_off_premises(facts: Mapping[str, Any], context: CheckContext) -> Verdict:
    """Dangerous D(1)(d): off the premises only muzzled, on a lead not exceeding
    four feet, under the control of an adult (18 or older). The two limits are reported by
    fact, each in its own unit."""
    numbers = {"required": {"lead_length_ft": MAX_LEAD_FT, "handler_age": ADULT_AGE},
               "actual": {"lead_length_ft": facts["lead_length_ft"],
                          "handler_age": facts["handler_age"]}}
    problems = []
    if facts["lead_length_ft"] > MAX_LEAD_FT:
        problems.append(explain(gettext_noop("use a lead of %(limit)s ft or less (now "
                                             "%(length)s ft)"),
                                limit=MAX_LEAD_FT, length=facts["lead_length_ft"]))
    if not facts["muzzled_off_premises"]:
        problems.append(explain(gettext_noop("muzzle the dog")))
    if facts["handler_age"] < ADULT_AGE:
        problems.append(explain(gettext_noop("have an adult of %(age)s or older handle the dog "
                                             "(now %(handler_age)s)"),
                                age=ADULT_AGE, handler_age=facts["handler_age"]))
    if problems:
        return failed(explain(gettext_noop("Off the premises, %(problems)s."),
                              problems=_listed(problems, gettext_noop("%(items)s; %(item)s"))),
                      **numbers)
    return passed(gettext_noop("Off the premises the dog is muzzled, on a short lead, with an "
                               "adult handler."), **numbers)


@DANGEROUS_DOG_COMPLIANCE.rule("na.dd.D3.insurance", cite("Dangerous D(3)(a)"),
                               gettext_noop("Liability insurance of at least $100,000 per "
                                            "incident."))
def liability_insurance(facts: Mapping[str, Any], context: CheckContext) -> Verdict:
    """Dangerous D(3)(a): insurance of not less than $100,000 per incident."""
    amount = facts["insurance_per_incident"]
    numbers = {"required": MIN_INSURANCE, "actual": amount, "unit": "$"}
    if amount >= MIN_INSURANCE:
        return passed(explain(gettext_noop("Insurance of %(amount)s per incident."),
                              amount=Dollars(amount)), **numbers)
    return failed(
        explain(gettext_noop("Insurance is %(amount)s per incident; it must be at least "
                             "%(minimum)s."),
                amount=Dollars(amount), minimum=Dollars(MIN_INSURANCE)),
        **numbers,
    )


RULE_SETS: tuple[RuleSet, ...] = (
    DOG_LICENSE,
    KENNEL_LICENSE,
    RESIDENCE_LIMITS,
    NOISE_COMPLAINT,
    DANGEROUS_DOG_COMPLIANCE,
)
