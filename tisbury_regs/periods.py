"""Tisbury's statutory periods and key dates (Board of Health Regulations 09.0-09.12).

The Town's offices keep a Monday-to-Friday week; deadlines that end on a
closed day roll to the next business day, durations never do.
"""

from functools import partial

from django.utils.translation import gettext_noop

from permits_site.rules.calendar import MONDAY_TO_FRIDAY
from permits_site.rules.periods import KeyDate, Period, PeriodKind
from tisbury_regs.law import cite

MUNICIPALITY = "tisbury"
BUSINESS_WEEK = MONDAY_TO_FRIDAY


_deadline = partial(Period, municipality=MUNICIPALITY, kind=PeriodKind.DEADLINE)
_duration = partial(Period, municipality=MUNICIPALITY, kind=PeriodKind.DURATION)
_key_date = partial(KeyDate, municipality=MUNICIPALITY)

PERIODS: tuple[Period, ...] = (
    _deadline(
        code="septic_inspection_report",
        citation=cite("09.0.8(4)"),
        description=gettext_noop("Submit a septic system inspection report within 30 days of the "
                                 "inspection."),
        days=30,
        party_complies=True,
    ),
    _duration(
        code="septic_report_validity",
        citation=cite("09.0.8(4)"),
        description=gettext_noop("A septic inspection report is valid for two years from the "
                                 "inspector's report."),
        months=24,
    ),
    _deadline(
        code="failed_system_upgrade",
        citation=cite("09.0.8(8)"),
        description=gettext_noop("Upgrade a failed septic system within 90 days; for a sale, "
                                 "counted from the closing date."),
        days=90,
        party_complies=True,
    ),
    _deadline(
        code="failed_system_hearing",
        citation=cite("09.1.3(5)"),
        description=gettext_noop("File the engineer's report and any hearing request within seven "
                                 "days of notification of a failed system."),
        days=7,
        party_complies=True,
    ),
    _duration(
        code="perc_test_review",
        citation=cite("09.0.8(3)"),
        description=gettext_noop("Percolation tests older than two years come under the Board's "
                                 "review."),
        months=24,
    ),
    _deadline(
        code="pumpout_permits_return",
        citation=cite("09.6.2"),
        description=gettext_noop("Return the month's septic pump-out permits by the 15th of the "
                                 "next month; $10 per permit for each day late."),
        next_month_day=15,
        party_complies=True,
    ),
    _duration(
        code="public_facility_correction",
        citation=cite("09.4.8"),
        description=gettext_noop("Correct an unsanitary public facility within 24 hours of the "
                                 "warning."),
        days=1,
        party_complies=True,
    ),
    _deadline(
        code="ust_notification",
        citation=cite("09.4.7"),
        description=gettext_noop("File the underground storage tank notification within 30 days "
                                 "after a new tank is brought into use."),
        days=30,
        party_complies=True,
    ),
    _duration(
        code="food_handler_ownership_change",
        citation=cite("09.5.2"),
        description=gettext_noop("After a change of ownership a food establishment may operate 60 "
                                 "days without a certified food handler manager."),
        days=60,
        party_complies=True,
    ),
    _duration(
        code="quarantine",
        citation=cite("09.7.3"),
        description=gettext_noop("A domestic animal is quarantined for at least 10 days."),
        days=10,
    ),
    _duration(
        code="temporary_dumpster",
        citation=cite("09.2.5(3)"),
        description=gettext_noop("A temporary dumpster permit runs up to 30 days; a renewal adds "
                                 "up to 30 more."),
        days=30,
    ),
    # 09.0.8(4) gives a required inspection no time: the Board gives the report's 30 days.
    _deadline(
        code="triggered_septic_inspection",
        citation=cite("09.0.8(4)"),
        description=gettext_noop("Have the septic system inspection the record requires done "
                                 "within 30 days of the event that requires it."),
        days=30,
        party_complies=True,
    ),
)

KEY_DATES: tuple[KeyDate, ...] = (
    _key_date(
        code="annual_permits_expire",
        citation=cite("09.2.5(1)"),
        description=gettext_noop("Every calendar-year permit expires on December 31."),
        month=12,
        day=31,
    ),
    _key_date(
        code="food_fee_waiver_opens",
        citation=cite("09.5"),
        description=gettext_noop("Food permit fee waivers are considered from October 1, pro-rated "
                                 "by quarter."),
        month=10,
        day=1,
    ),
    _key_date(
        code="well_meter_reading_spring",
        citation=cite("09.3.1(4)"),
        description=gettext_noop("Spring well meter readings are taken May 1-15."),
        month=5,
        day=15,
    ),
    _key_date(
        code="well_meter_reading_fall",
        citation=cite("09.3.1(4)"),
        description=gettext_noop("Fall well meter readings are taken November 1-15."),
        month=11,
        day=15,
    ),
)
