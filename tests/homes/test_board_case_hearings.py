"""The Board of Health decides the hearings on its cases in Northborough and Tisbury, and the
case page offers its member "Decide a hearing": My work lists them under the Board's
hearings, soonest first, until decided, and only the town's own, each row giving the
hearing's day, hour and place."""

import datetime as dt

import pytest

from permits_site.homes import board
from permits_site.towns.calendar import town_calendar
from tests.factories import CaseFactory, CaseHearingFactory, municipality
from tests.homes.conftest import days

pytestmark = pytest.mark.django_db
CASE_TYPES = {"northborough": "northborough.stable_violation",
              "tisbury": "tisbury.health_violation",
              "north_andover": "north_andover.dog_complaint"}


def hearing(town: str, **fields):
    return CaseHearingFactory(case=CaseFactory(municipality=municipality(town),
                                               case_type=CASE_TYPES[town],
                                               party_name=fields.pop("party", "Pat Party")),
                              **fields)


@pytest.mark.parametrize("town", ["northborough", "tisbury"])
def test_the_boards_case_hearings_wait_on_its_members_work_until_decided(town):
    later = hearing(town, hearing_date=days(9), party="Later")
    held = hearing(town, hearing_date=days(-2), party="Held")
    hearing(town, hearing_date=days(-5), decided_on=days(-5), party="Decided")
    hearing("north_andover", hearing_date=days(3), party="Elsewhere")

    work = board.board_member_work(town_calendar(town), user=None, today=days(0))

    [case_hearings] = [listed for listed in work if listed.title == "Case hearings of the Board"]
    assert [item.url for item in case_hearings.items] == [
        f"/enforcement/cases/{held.case_id}/", f"/enforcement/cases/{later.case_id}/"]
    assert [item.due_on for item in case_hearings.items] == [days(-2), days(9)]
    assert case_hearings.items[0].what == "Decide the hearing"


def test_a_boards_case_hearing_row_gives_its_day_hour_and_place():
    hearing("tisbury", hearing_date=days(1), hearing_time=dt.time(18, 30),
            location="Emergency Services Facility, 215 Spring Street")

    work = board.board_member_work(town_calendar("tisbury"), user=None, today=days(0))

    [row] = [listed for listed in work if listed.title == "Case hearings of the Board"][0].items
    assert row.detail == ("Hearing on Thursday, June 11, 2026, 6:30 PM, Emergency Services "
                          "Facility, 215 Spring Street")
