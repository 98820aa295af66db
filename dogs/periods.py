"""North Andover's statutory periods and key dates (Code ch. 60, Dogs and Other Animals).

The Town's offices keep a Monday-to-Thursday week: the bylaw rolls a due
date that falls on a "Friday, Saturday, Sunday or legal holiday" to the next
business day (Licenses A(8), Kennel license B(8)), so every business-day
count and every rolled deadline here runs on :data:`BUSINESS_WEEK`.
"""

import datetime as dt
from collections.abc import Callable
from functools import partial

from django.utils.translation import gettext_noop

from dogs.law import cite
from permits_site.rules.calendar import (
    MONDAY_TO_THURSDAY,
    BusinessCalendar,
    key_date_on,
    period_due,
)
from permits_site.rules.periods import KeyDate, Period, PeriodKind
from permits_site.rules.registry import town_law

MUNICIPALITY = "north_andover"
BUSINESS_WEEK = MONDAY_TO_THURSDAY


_deadline = partial(Period, municipality=MUNICIPALITY, kind=PeriodKind.DEADLINE)
_duration = partial(Period, municipality=MUNICIPALITY, kind=PeriodKind.DURATION)
_key_date = partial(KeyDate, municipality=MUNICIPALITY)

NEW_DOG_LICENSE = _deadline(
    code="new_dog_license",
    citation=cite("Licenses A(2)"),
    description=gettext_noop("License a newly acquired dog six months or older within 30 days."),
    days=30,
    party_complies=True,
)
PUPPY_LICENSE = _deadline(
    code="puppy_license",
    citation=cite("Licenses A(3)"),
    description=gettext_noop("License a puppy within six months of its birth."),
    months=6,
    party_complies=True,
)

INTAKE_RECORDS = _deadline(
    code="aco_intake_records",
    citation=cite("ACO B(2)"),
    description=gettext_noop("The Animal Control Officer forwards intake records to the Town "
                             "Clerk within 30 days."),
    days=30,
)

PERIODS: tuple[Period, ...] = (
    NEW_DOG_LICENSE,
    PUPPY_LICENSE,
    _deadline(
        code="new_resident_license",
        citation=cite("Licenses A(4)"),
        description=gettext_noop("A new resident licenses a dog six months or older within 30 "
                                 "days of moving in."),
        days=30,
        party_complies=True,
    ),
    _deadline(
        code="replacement_tag",
        citation=cite("Licenses A(5)"),
        description=gettext_noop("Replace a lost tag within three business days of the loss."),
        business_days=3,
        party_complies=True,
    ),
    _deadline(
        code="kennel_new_dog_report",
        citation=cite("Kennel license B(2)"),
        description=gettext_noop("Report each new dog in a kennel to the Town Clerk within 30 "
                                 "days of acquiring it."),
        days=30,
        party_complies=True,
    ),
    _deadline(
        code="kennel_hearing_notice",
        citation=cite("Kennel license B(5)"),
        description=gettext_noop("Notice of a kennel review hearing within seven business days "
                                 "after the Animal Control Officer's report is received."),
        business_days=7,
    ),
    _deadline(
        code="kennel_hearing",
        citation=cite("Kennel license B(5)"),
        description=gettext_noop("The kennel review hearing is held within 14 days after the "
                                 "notice date."),
        days=14,
    ),
    _deadline(
        code="kennel_decision",
        citation=cite("Kennel license B(5)"),
        description=gettext_noop("The hearing authority decides within seven business days after "
                                 "the hearing."),
        business_days=7,
    ),
    _deadline(
        code="appeal_aco_decision",
        citation=cite("Hearing authority B"),
        description=gettext_noop("Appeal an Animal Control Officer's decision in writing to the "
                                 "Town Clerk within 10 business days."),
        business_days=10,
    ),
    _deadline(
        code="appeal_hearing_decision",
        citation=cite("Hearing authority E"),
        description=gettext_noop("Appeal the hearing authority's decision in writing to the Town "
                                 "Clerk within 10 business days."),
        business_days=10,
    ),
    _deadline(
        code="citation_response",
        citation=cite("Non-criminal disposition A, B"),
        description=gettext_noop("Pay a citation or ask for a hearing within 21 days."),
        days=21,
    ),
    _duration(
        code="restraint_order",
        citation=cite("Temporary restraint A"),
        description=gettext_noop("A temporary restraint order is in force for 30 days unless "
                                 "renewed in writing for another 30 days."),
        days=30,
    ),
    _duration(
        code="impound_hold",
        citation=cite("Impoundment C, E"),
        description=gettext_noop("An impounded dog is held at least seven days before it becomes "
                                 "Town property."),
        days=7,
    ),
    _duration(
        code="pdd_compliance",
        citation=cite("Potentially dangerous C(5)"),
        description=gettext_noop("The owner of a potentially dangerous dog secures the premises "
                                 "within 21 days of the written description (the Chief may "
                                 "extend it up to 60 days)."),
        days=21,
        party_complies=True,
    ),
    _duration(
        code="pdd_release",
        citation=cite("Potentially dangerous C(6)"),
        description=gettext_noop("After two years of compliance the dog is no longer considered "
                                 "potentially dangerous."),
        months=24,
    ),
    _deadline(
        code="dd_registration",
        citation=cite("Dangerous F(2)"),
        description=gettext_noop("Register an unregistered dangerous dog within 10 days of the "
                                 "finding."),
        days=10,
        party_complies=True,
    ),
    INTAKE_RECORDS,
    _duration(
        code="vacated_property_inspection",
        citation=cite("Welfare G(1)"),
        description=gettext_noop("Inspect a vacated property for abandoned animals no more than "
                                 "three days after learning it was vacated."),
        days=3,
    ),
)

KEY_DATES: tuple[KeyDate, ...] = (
    _key_date(
        code="dog_forms_available_by",
        citation=cite("Licenses A(8)"),
        description=gettext_noop("Dog license forms are available to every household by December "
                                 "31 before the license year."),
        month=12,
        day=31,
        year_offset=-1,
    ),
    _key_date(
        code="dog_license_due",
        citation=cite("Licenses A(8)"),
        description=gettext_noop("Dog licenses are due by March 1, or the first business day "
                                 "after it when March 1 is a Friday, Saturday, Sunday or legal "
                                 "holiday."),
        month=3,
        day=1,
        roll=True,
    ),
    _key_date(
        code="kennel_forms_sent_by",
        citation=cite("Kennel license B(8)"),
        description=gettext_noop("Kennel renewal forms are sent to every licensed kennel by "
                                 "December 1 before the license year."),
        month=12,
        day=1,
        year_offset=-1,
    ),
    _key_date(
        code="kennel_license_due",
        citation=cite("Kennel license B(8)"),
        description=gettext_noop("Kennel licenses are due by January 15, or the first business "
                                 "day after it when the 15th is a Friday, Saturday, Sunday or "
                                 "legal holiday."),
        month=1,
        day=15,
        roll=True,
    ),
)


def intake_records_due(impounded_on: dt.date, calendar: BusinessCalendar) -> dt.date:
    """The last day to forward an intake record to the Town Clerk: 30 days after the
    intake, rolled to the next business day (ACO B(2))."""
    return period_due(INTAKE_RECORDS, impounded_on, calendar)


def last_intake_due_by(day: dt.date) -> dt.date:
    """The latest intake whose record can be due to the Clerk on or before ``day``: its 30
    days only ever roll forward, so a later intake is due later (ACO B(2)). Lists narrow
    their queries with it before computing each record's own day."""
    return day - dt.timedelta(days=INTAKE_RECORDS.days)


def key_date_in(code: str, year: int, calendar: BusinessCalendar) -> dt.date:
    """The key date ``code`` of license year ``year`` on the town's ``calendar``."""
    return key_date_on(town_law(MUNICIPALITY).key_dates[code], year, calendar)


def notice_season_year(today: dt.date, *, opens: Callable[[int], dt.date],
                       closes: Callable[[int], dt.date]) -> int | None:
    """The license year whose renewal notice season (``opens(year)`` to ``closes(year)``)
    includes ``today`` (Licenses A(8), Kennel license B(8))."""
    for year in (today.year, today.year + 1):
        if opens(year) <= today <= closes(year):
            return year
    return None
