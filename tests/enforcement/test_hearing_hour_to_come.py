"""A hearing set or moved to today begins at an hour still to come, by Massachusetts time:
one set at 8:27 PM for 7:00 PM the same evening would be noticed after it was held and could
be decided at once. The check (``passed_hour_errors`` beside ``require_coming``) runs on every
way a hearing is set or moved — a citation hearing, a case hearing, an appeal's hearing,
their continuances, an application's public hearing and its continuance. It names
``hearing_time`` when the hour was given, ``hearing_date`` when the town's usual hour was
left to apply, and a refusal changes nothing.

The clock stands on Monday, June 7, 2027 at 8:27 PM in Massachusetts (00:27 the next day in
UTC): a day the offices of North Andover and Northborough are open."""

import datetime as dt

import pytest
import time_machine
from django.urls import reverse

from permits_site.audit.models import AuditEntry
from permits_site.enforcement.models import Appeal, CaseHearing, CitationHearing
from permits_site.enforcement.services import continue_case_hearing, schedule_case_hearing
from permits_site.enforcement.services.cases import schedule_appeal_hearing
from permits_site.enforcement.services.dispositions import set_hearing_date
from permits_site.enforcement.services.scheduling import continue_appeal_hearing
from permits_site.exceptions import DomainError
from permits_site.licensing.models import PermitHearing
from permits_site.licensing.services.hearings import continue_hearing, schedule_hearing
from permits_site.towns.office_days import passed_hour_errors
from tests.factories import (
    AppealFactory,
    CaseFactory,
    CaseHearingFactory,
    CitationHearingFactory,
    local,
    municipality,
)
from tests.licensing.test_hearings import (  # noqa: F401 -- stable_kind, a fixture
    ABUTTERS,
    stable_kind,
    submitted_application,
)
from tests.page_forms import field_error

pytestmark = pytest.mark.django_db

TODAY = dt.date(2027, 6, 7)
NOW = local(TODAY, 20, 27)
TUESDAY = dt.date(2027, 6, 8)
SEVEN_PM = dt.time(19, 0)
MINUTE_BEFORE, MINUTE_OF, MINUTE_AFTER = dt.time(20, 26), dt.time(20, 27), dt.time(20, 28)
GIVEN_PASSED = "7:00 PM today has passed: choose a later hour or another day."
USUAL_PASSED = ("The town's usual hearing hour, 7:00 PM, has passed today: give a later "
                "hour or choose another day.")


@pytest.fixture(autouse=True)
def _monday_evening():
    with time_machine.travel(NOW, tick=False):
        yield


# -- the shared check ----------------------------------------------------------------------


@pytest.mark.parametrize(("hour", "refused"), [
    (MINUTE_BEFORE, True), (MINUTE_OF, True), (MINUTE_AFTER, False)])
def test_an_hour_today_is_taken_only_once_it_is_still_to_come(hour, refused):
    errors = passed_hour_errors(TODAY, hour, hour_given=True)

    assert bool(errors) is refused
    assert errors == ({"hearing_time": [f"{hour:%-I:%M} PM today has passed: choose a later "
                                        "hour or another day."]} if refused else {})


def test_the_moment_counted_is_the_seconds_of_now():
    """At 8:27:30 PM the hearing at 8:27 has begun; 8:28 is still to come."""
    with time_machine.travel(local(TODAY, 20, 27) + dt.timedelta(seconds=30), tick=False):
        assert passed_hour_errors(TODAY, MINUTE_OF, hour_given=True)
        assert passed_hour_errors(TODAY, MINUTE_AFTER, hour_given=True) == {}


@pytest.mark.parametrize("day", [TUESDAY, dt.date(2027, 6, 6)])
def test_another_day_is_not_judged_by_the_hour(day):
    """Tomorrow (the next day in UTC already) at 7:00 PM is to come; a past day is
    ``require_coming``'s to refuse."""
    assert passed_hour_errors(day, SEVEN_PM, hour_given=True) == {}


def test_the_towns_usual_hour_left_to_apply_is_refused_on_the_day():
    assert passed_hour_errors(TODAY, SEVEN_PM, hour_given=False) == {
        "hearing_date": [USUAL_PASSED]}


def test_a_hearing_with_no_hour_known_is_judged_by_its_day_alone():
    assert passed_hour_errors(TODAY, None, hour_given=False) == {}


# -- every way a hearing is set or moved ---------------------------------------------------


@pytest.fixture
def usual_seven_pm(db):
    for code in ("north_andover", "northborough"):
        town = municipality(code)
        town.hearing_time, town.hearing_place = SEVEN_PM, "Town Hall"
        town.save(update_fields=["hearing_time", "hearing_place"])


def _citation_hearing(authority, **when):
    hearing = CitationHearingFactory()
    set_hearing_date(citation=hearing.citation, acting_user=authority, **when)
    return CitationHearing.objects.get(pk=hearing.pk)


def _case_hearing(authority, **when):
    return schedule_case_hearing(case=CaseFactory(), notice_sent_on=TODAY,
                                 acting_user=authority, **when)


def _appeal_hearing(authority, **when):
    appeal = AppealFactory(filed_on=TODAY)
    schedule_appeal_hearing(appeal=appeal, acting_user=authority, **when)
    return Appeal.objects.get(pk=appeal.pk)


def _case_continuance(authority, **when):
    hearing = CaseHearingFactory(notice_sent_on=TODAY, hearing_date=TUESDAY)
    continue_case_hearing(hearing=hearing, reason="The party is ill.", acting_user=authority,
                          **when)
    return CaseHearing.objects.get(pk=hearing.pk)


def _appeal_continuance(authority, **when):
    appeal = AppealFactory(filed_on=TODAY, hearing_date=TUESDAY, hearing_time=SEVEN_PM)
    continue_appeal_hearing(appeal=appeal, reason="The party is ill.", acting_user=authority,
                            **when)
    return Appeal.objects.get(pk=appeal.pk)


SETTERS = [_citation_hearing, _case_hearing, _appeal_hearing, _case_continuance,
           _appeal_continuance]


@pytest.mark.parametrize("setter", SETTERS)
def test_an_hour_passed_today_is_refused_on_the_hour_and_changes_nothing(setter, authority,
                                                                         usual_seven_pm):
    entries = AuditEntry.objects.count()

    with pytest.raises(DomainError) as refused:
        setter(authority, hearing_date=TODAY, hearing_time=SEVEN_PM)

    assert refused.value.errors == {"hearing_time": [GIVEN_PASSED]}
    assert AuditEntry.objects.count() == entries
    assert not CaseHearing.objects.filter(hearing_date=TODAY).exists()
    assert not Appeal.objects.filter(hearing_date=TODAY).exists()
    assert not CitationHearing.objects.filter(hearing_date=TODAY).exists()


@pytest.mark.parametrize("setter", SETTERS)
def test_the_usual_hour_passed_today_is_refused_on_the_day(setter, authority,
                                                           usual_seven_pm):
    with pytest.raises(DomainError) as refused:
        setter(authority, hearing_date=TODAY)

    assert refused.value.errors == {"hearing_date": [USUAL_PASSED]}


@pytest.mark.parametrize("setter", SETTERS)
def test_an_hour_still_to_come_today_or_the_usual_hour_tomorrow_is_taken(setter, authority,
                                                                         usual_seven_pm):
    later = setter(authority, hearing_date=TODAY, hearing_time=MINUTE_AFTER)
    tomorrow = setter(authority, hearing_date=TUESDAY)

    assert (later.hearing_date, later.hearing_time) == (TODAY, MINUTE_AFTER)
    assert (tomorrow.hearing_date, tomorrow.hearing_time) == (TUESDAY, SEVEN_PM)


# -- an application's public hearing -------------------------------------------------------

#: The letters mailed two weeks before: in time for a hearing today (Northborough §2.2).
MAILED = TODAY - dt.timedelta(days=14)


def _scheduled_today(clerk, hour: dt.time) -> PermitHearing:
    return schedule_hearing(application=submitted_application(), hearing_date=TODAY,
                            hearing_time=hour, location="Town Hall", abutters=ABUTTERS,
                            notices_mailed_on=MAILED, acting_user=clerk)


@pytest.mark.usefixtures("stable_kind")
@pytest.mark.parametrize(("hour", "refused"), [
    (MINUTE_BEFORE, True), (MINUTE_OF, True), (MINUTE_AFTER, False)])
def test_an_applications_hearing_today_is_scheduled_only_at_an_hour_to_come(
        northborough_clerk, hour, refused):
    if not refused:
        assert _scheduled_today(northborough_clerk, hour).hearing_time == hour
        return
    with pytest.raises(DomainError) as refusal:
        _scheduled_today(northborough_clerk, hour)
    assert list(refusal.value.errors) == ["hearing_time"]
    assert not PermitHearing.objects.exists()


@pytest.mark.usefixtures("stable_kind")
def test_an_applications_hearing_continued_at_the_hearing_to_an_hour_passed_is_refused(
        northborough_clerk):
    """Opened at 7:00 PM and continued at 8:27 PM: to 8:00 PM the same evening is refused,
    to 9:00 PM is taken."""
    with time_machine.travel(local(TODAY, 10), tick=False):
        hearing = _scheduled_today(northborough_clerk, SEVEN_PM)
    moved = {"hearing": hearing, "hearing_date": TODAY, "reason": "Time ran out.",
             "acting_user": northborough_clerk, "location": "Town Hall"}

    with pytest.raises(DomainError) as refusal:
        continue_hearing(**moved, hearing_time=dt.time(20, 0))

    assert refusal.value.errors == {"hearing_time": [
        "8:00 PM today has passed: choose a later hour or another day."]}
    assert PermitHearing.objects.get(pk=hearing.pk).hearing_time == SEVEN_PM
    assert continue_hearing(**moved, hearing_time=dt.time(21, 0)).hearing_time == dt.time(21, 0)


# -- the page ------------------------------------------------------------------------------


def test_the_citation_page_shows_the_refusal_on_the_hour(client, authority, usual_seven_pm):
    hearing = CitationHearingFactory()
    client.force_login(authority)

    response = client.post(reverse("enforcement:citation", args=[hearing.citation_id]), {
        "action": "hearing_date", "hearing_date-hearing_date": TODAY.isoformat(),
        "hearing_date-hearing_time": "19:00", "hearing_date-location": "Town Hall"})

    assert field_error(response.content.decode(), "hearing_date-hearing_time") == (
        f"Error: {GIVEN_PASSED}")
    assert CitationHearing.objects.get(pk=hearing.pk).hearing_date is None
