"""A late septic inspection report leading to a failed-system case, in a real browser
(Tisbury BOH Reg 09.0.8(4), 09.0.8(8), 09.1.3(5)).

The admin licenses a system inspector; the inspector files, on Wednesday June 10, 2026, the
report of an inspection of May 1 — due by Monday June 1, so flagged late — and the system
failed, with a sale closed on June 9. The case opens with its orders: the engineer's report
and hearing request by Wednesday June 17 (7 days) and the upgrade by Tuesday September 8
(90 days from the closing end on Labor Day, when the offices are closed). The clerk sees the
property's current report, prints the seller's letter and finds each order on the deadlines
screen the day before, of and after it falls due. Every page is checked with axe."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import pytest
import time_machine
from playwright.sync_api import Page, expect

from tests.e2e.conftest import assert_accessible, sign_in
from tests.factories import PASSWORD, PropertyFactory, Role, UserFactory, municipality, staff

TISBURY_TIME = ZoneInfo("America/New_York")


@pytest.fixture
def people(db):
    staff(Role.ADMIN, "tisbury", username="ada", first_name="Ada", last_name="Admin")
    staff(Role.CLERK, "tisbury", username="tess", first_name="Tess", last_name="Clerk")
    UserFactory(username="ian", email="ian@example.org", first_name="Ian",
                last_name="Inspector")
    return PropertyFactory(municipality=municipality("tisbury"), address="12 Beach Road")


def sign_out(page: Page) -> None:
    page.context.clear_cookies()


def on(day: dt.date):
    return time_machine.travel(dt.datetime.combine(day, dt.time(10), tzinfo=TISBURY_TIME),
                               tick=True)


def license_the_inspector(page: Page, live_server) -> None:
    sign_in(page, live_server, "ada", PASSWORD)
    page.goto(f"{live_server.url}/tisbury/septic/inspectors/")
    assert_accessible(page)
    page.get_by_label("The inspector's account email").fill("ian@example.org")
    page.get_by_label("License number").fill("SI-0042")
    page.get_by_label("License expires on").fill("2027-06-30")
    page.get_by_role("button", name="Grant the license").click()
    expect(page.get_by_role("row").filter(has_text="SI-0042")).to_contain_text("In force")
    assert_accessible(page)
    sign_out(page)


def file_the_late_failed_report(page: Page, live_server, place) -> None:
    sign_in(page, live_server, "ian", PASSWORD)
    page.goto(f"{live_server.url}/tisbury/septic/reports/new/")
    assert_accessible(page)
    page.get_by_label("Property").select_option(str(place.pk))
    page.get_by_label("Owner of record").fill("Olive Owner")
    page.get_by_label("Date of the inspection").fill("2026-05-01")
    page.get_by_label("Failed", exact=True).check()
    page.get_by_label("Closing date (optional)").fill("2026-06-09")
    page.get_by_role("button", name="File the report").click()
    expect(page.get_by_text("late: it was due by June 1")).to_be_visible()
    expect(page.get_by_text("Wednesday, June 17, 2026")).to_be_visible()
    expect(page.get_by_text("Tuesday, September 8, 2026")).to_be_visible()
    assert_accessible(page)
    sign_out(page)


def deadline_row(page: Page, live_server, citation: str):
    page.goto(f"{live_server.url}/enforcement/deadlines/")
    assert_accessible(page)
    return page.get_by_role("row").filter(has_text=citation)


def test_a_late_failed_report_opens_a_case_whose_orders_reach_the_deadlines_screen(
        page, live_server, people):
    license_the_inspector(page, live_server)
    file_the_late_failed_report(page, live_server, people)

    sign_in(page, live_server, "tess", PASSWORD)
    page.goto(f"{live_server.url}/staff/properties/{people.pk}/")
    septic = page.get_by_role("region", name="Septic inspection")
    expect(septic).to_contain_text("Late")
    expect(septic).to_contain_text("May 1, 2028")  # valid two years from the inspection
    assert_accessible(page)
    page.get_by_role("link", name="Letter for the seller").click()
    expect(page.get_by_text("Upgrade the failed septic system; for the sale")).to_be_visible()
    assert_accessible(page)

    for day, status in ((dt.date(2026, 6, 16), "Due in 1 day"),
                        (dt.date(2026, 6, 17), "Due today"),
                        (dt.date(2026, 6, 18), "Overdue by 1 day")):
        with on(day):
            expect(deadline_row(page, live_server, "09.1.3(5)")).to_contain_text(status)

    with on(dt.date(2026, 6, 18)):
        page.goto(f"{live_server.url}/enforcement/deadlines/")
        page.get_by_role("row").filter(has_text="09.1.3(5)").get_by_role("link").first.click()
        page.get_by_role("link", name="Determination, appeals and orders").click()
        expect(page.get_by_role("heading", level=1)).to_contain_text("Failed septic system")
        assert_accessible(page)
        page.get_by_role("button", name="Escalate the overdue orders to the Board").click()
        expect(page.get_by_text("escalated to the Board").first).to_be_visible()
        assert_accessible(page)

    for day, status in ((dt.date(2026, 9, 7), "Due in 1 day"),
                        (dt.date(2026, 9, 8), "Due today"),
                        (dt.date(2026, 9, 9), "Overdue by 1 day")):
        with on(day):
            sign_out(page)  # a session does not last the summer
            sign_in(page, live_server, "tess", PASSWORD)
            expect(deadline_row(page, live_server, "09.0.8(8)")).to_contain_text(status)
