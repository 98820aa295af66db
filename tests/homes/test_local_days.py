"""Moments are stored in UTC and shown on Massachusetts's day: a fee invoiced or a payment
received at 9:15 p.m. on December 5 in North Andover (02:15 on December 6 in UTC) is dated
December 5 on every page, as the e-mail sent at that moment dates it."""

import datetime as dt
from zoneinfo import ZoneInfo

import pytest
import time_machine
from django.utils import translation

from permits_site.homes import clerk
from permits_site.licensing.models import ApplicationStatus
from permits_site.licensing.templatetags.localised import day_and_date, long_date
from permits_site.towns.calendar import town_calendar
from tests.factories import ApplicationFactory, InvoiceFactory, InvoiceLineFactory, UserFactory

EVENING = dt.datetime(2026, 12, 5, 21, 15, tzinfo=ZoneInfo("America/New_York"))
IN_UTC = EVENING.astimezone(dt.UTC)


def test_the_evening_is_the_day_before_in_utc():
    assert IN_UTC.date() == dt.date(2026, 12, 6)


@pytest.mark.parametrize(("moment", "day"), [
    (IN_UTC, "December 5, 2026"),
    (IN_UTC - dt.timedelta(hours=1), "December 5, 2026"),
    (dt.datetime(2026, 12, 6, 5, 0, tzinfo=dt.UTC), "December 6, 2026"),  # midnight there
    (dt.date(2026, 12, 6), "December 6, 2026"),
])
def test_a_moment_is_written_on_its_day_in_massachusetts(moment, day):
    with translation.override("en"):
        assert long_date(moment) == day


def test_a_moment_with_its_weekday_is_written_on_its_day_in_massachusetts():
    with translation.override("en"):
        assert day_and_date(IN_UTC) == "Saturday, December 5, 2026"


@pytest.mark.django_db
def test_a_fee_invoiced_in_the_evening_waits_since_that_day():
    with time_machine.travel(EVENING, tick=False):
        application = ApplicationFactory(status=ApplicationStatus.SUBMITTED,
                                         submitted_on=EVENING.date())
        InvoiceLineFactory(invoice=InvoiceFactory(application=application), amount="15.00")

        [item] = clerk.payments_list(town_calendar("north_andover"), user=UserFactory()).items

    assert item.since == dt.date(2026, 12, 5)
