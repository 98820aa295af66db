"""Animal quarantines in a real browser (Tisbury BOH Reg 09.7.3): the Animal Control Officer
records a bite report, which quarantines the animal for ten days and puts the $10 service
fee on the owner's record; the quarantine is on the deadlines screen; a second bite report
in the same calendar year is the $25 fine; the animal is not released before the quarantine
ends, and is on its last day.

The walk starts on the browser tests' frozen Wednesday, June 10, 2026 (the quarantine ends
Saturday, June 20: a duration, never moved to a business day). Every page is checked with
axe for WCAG 2.1 AA."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import pytest
import time_machine
from playwright.sync_api import Page, expect

from tests.e2e.conftest import assert_accessible, sign_in
from tests.factories import PASSWORD, Role, UserFactory, staff

QUARANTINE_ENDS = dt.datetime(2026, 6, 20, 9, 0, tzinfo=ZoneInfo("America/New_York"))


@pytest.fixture
def officer(db):
    return staff(Role.ANIMAL_CONTROL_OFFICER, "tisbury", username="aco",
                 first_name="Alex", last_name="Officer")


@pytest.fixture
def owner(db):
    return UserFactory(first_name="Olive", last_name="Owner", email="olive@example.org")


def report_bite(page: Page, live_server, *, animal: str, place: str) -> None:
    page.goto(f"{live_server.url}/tisbury/health/")
    expect(page.get_by_role("heading", name="Orders with clocks", level=1)).to_be_visible()
    assert_accessible(page)
    page.get_by_role("link", name="Record an animal bite report").click()
    assert_accessible(page)
    page.get_by_label("Responsible person's email (on file)").fill("olive@example.org")
    page.get_by_label("Animal", exact=True).fill(animal)
    page.get_by_label("Date of the bite").fill("2026-06-09")
    page.get_by_label("Where the bite happened").fill(place)
    page.get_by_role("button", name="Record bite report and quarantine").click()


def test_a_bite_reports_quarantine_with_its_fee_and_a_second_in_the_year_fined(
        page, live_server, officer, owner):
    sign_in(page, live_server, "aco", PASSWORD)

    report_bite(page, live_server, animal="Rex, a beagle", place="12 Beach Road")
    expect(page.get_by_role("heading", level=1)).to_contain_text("Animal bite: quarantine")
    expect(page.locator("#clock-end")).to_have_text("Saturday, June 20, 2026")
    record = page.locator("#record")
    expect(record).to_contain_text("offense #1 this calendar year")
    expect(record).to_contain_text("$10.00")
    assert_accessible(page)

    page.goto(f"{live_server.url}/enforcement/deadlines/")
    row = page.get_by_role("row").filter(has_text="Tisbury BOH Reg 09.7.3")
    expect(row).to_contain_text("Sat Jun 20, 2026")
    expect(row).to_contain_text("Olive Owner")
    assert_accessible(page)

    report_bite(page, live_server, animal="Rex, a beagle", place="Owen Park beach")
    record = page.locator("#record")
    expect(record).to_contain_text("offense #2 this calendar year")
    expect(record).to_contain_text("$25.00")
    assert_accessible(page)

    page.get_by_label("Released on").fill("2026-06-10")
    page.get_by_role("button", name="Record release").click()
    expect(page.get_by_text("may be released from June 20, 2026").first).to_be_visible()
    expect(page.locator("#clock-done")).to_have_text("Not yet")
    assert_accessible(page)

    page.get_by_role("link", name="Olive Owner's record").click()
    expect(page.get_by_text("$25.00").first).to_be_visible()
    assert_accessible(page)

    with time_machine.travel(QUARANTINE_ENDS, tick=True):
        page.go_back()
        page.reload()
        page.get_by_label("Released on").fill("2026-06-20")
        page.get_by_role("button", name="Record release").click()
        expect(page.get_by_text("Release recorded.")).to_be_visible()
        expect(page.locator("#clock-done")).to_have_text("June 20, 2026")
        assert_accessible(page)
