"""Moving a date from the staff home in a real browser: the hearing authority continues a
hearing (its hour and place starting at the hearing's own) and the inspector reschedules
an inspection from their agenda, each from the row of My work, without typing an address;
the form is clean under axe at desktop and phone width, and a refused day is named on its
field."""

from __future__ import annotations

import datetime as dt
import re

from django.utils import timezone
from playwright.sync_api import Page, expect

from permits_site.enforcement.models import CaseHearing, HearingContinuance, Inspection
from tests.e2e.conftest import assert_accessible, sign_in
from tests.e2e.test_sanitary_inspection import inspection, inspector
from tests.enforcement.conftest import STABLE_CASE
from tests.factories import PASSWORD, CaseFactory, CaseHearingFactory, Role, municipality, staff

#: Fixtures shared with the sanitary inspection's walk: Ivan and his inspection today.
__all__ = ["inspection", "inspector"]


def open_the_form_from_my_work(page: Page, phone_page: Page, live_server, username: str,
                               link: str) -> None:
    """Sign in on a phone and a desktop, follow ``link`` on My work to its form, and check
    the form with axe at both widths; the desktop page stays on the form."""
    for browser_page in (phone_page, page):
        sign_in(browser_page, live_server, username, PASSWORD)
        expect(browser_page).to_have_url(re.compile(r"/staff/$"))
        browser_page.get_by_role("link", name=re.compile(link)).first.click()
        expect(browser_page.get_by_role("heading", level=1)).to_be_visible()
        assert_accessible(browser_page)


def test_the_hearing_authority_continues_a_hearing_from_my_work(page, phone_page, live_server):
    staff(Role.HEARING_AUTHORITY, "northborough", username="hal")
    today = timezone.localdate()
    hearing = CaseHearingFactory(
        case=CaseFactory(municipality=municipality("northborough"), case_type=STABLE_CASE,
                         party_name="Sam Stable", address="12 Bartlett St"),
        notice_sent_on=today - dt.timedelta(days=13), hearing_date=today + dt.timedelta(days=1),
        hearing_time=dt.time(19, 0), location="Town Hall, Room 2")

    open_the_form_from_my_work(page, phone_page, live_server, "hal",
                               r"^Continue or reschedule")
    expect(page.get_by_role("heading", name="Continue the hearing", level=1)).to_be_visible()
    expect(page.get_by_label("Hearing time")).to_have_value("19:00")
    expect(page.get_by_label("Hearing place")).to_have_value("Town Hall, Room 2")
    page.get_by_label("Hearing place").fill("Senior Center, 119 Bearfoot Road")
    page.get_by_label("New hearing date").fill("2026-06-13")
    page.get_by_label("Why the hearing is continued").fill("The holder's lawyer is away.")
    page.get_by_role("button", name="Continue the hearing").click()

    expect(page.get_by_role("alert")).to_contain_text("closed on June 13, 2026")
    assert_accessible(page)
    page.get_by_label("New hearing date").fill("2026-06-15")
    page.get_by_role("button", name="Continue the hearing").click()

    expect(page).to_have_url(re.compile(r"/staff/$"))
    expect(page.get_by_text("Hearing continued to Monday, June 15, 2026, 7:00 PM, Senior "
                            "Center, 119 Bearfoot Road")).to_be_visible()
    to_hold = page.get_by_role("heading", name=re.compile("^Hearings to hold")).locator("..")
    expect(to_hold).to_contain_text("Due by June 15, 2026")
    expect(to_hold).to_contain_text("Hearing on Monday, June 15, 2026, 7:00 PM, Senior Center")
    moved = CaseHearing.objects.get(pk=hearing.pk)
    assert (moved.hearing_date, moved.location) == (dt.date(2026, 6, 15),
                                                    "Senior Center, 119 Bearfoot Road")
    replaced = HearingContinuance.objects.get()
    assert (replaced.previous_date, replaced.previous_time, replaced.previous_location) == (
        dt.date(2026, 6, 11), dt.time(19, 0), "Town Hall, Room 2")


def test_the_inspector_reschedules_todays_inspection_from_the_agenda(
        page, phone_page, live_server, inspection):
    open_the_form_from_my_work(page, phone_page, live_server, "ivan", r"^Reschedule")
    expect(page.get_by_role("heading", name=f"Reschedule inspection #{inspection.pk}",
                            level=1)).to_be_visible()
    page.get_by_label("New inspection date").fill("2026-06-12")
    page.get_by_label("Reason (optional)").fill("The stable owner asked for Friday.")
    page.get_by_role("button", name="Reschedule").click()

    expect(page).to_have_url(re.compile(r"/staff/$"))
    expect(page.get_by_text("Inspection moved to June 12, 2026.")).to_be_visible()
    week = page.get_by_role("heading", name=re.compile("^Inspections this week")).locator("..")
    expect(week).to_contain_text(f"Inspection #{inspection.pk}")
    expect(week).to_contain_text("Due by June 12, 2026")
    assert Inspection.objects.get(pk=inspection.pk).scheduled_for == dt.date(2026, 6, 12)
