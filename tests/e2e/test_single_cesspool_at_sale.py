"""A single cesspool at a sale is a failed system, in a real browser (Tisbury BOH Reg
09.0.8(12)): a licensed inspector files, on Wednesday June 10, 2026, the report of an
inspection of June 8 that found the system working, but a single cesspool, with a sale closing
on June 9. The report page shows the failed-system case naming 09.0.8(12) and the upgrade
due by Tuesday September 8 (90 days from the closing end on Labor Day). Every page state is
checked with axe."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import time_machine
from playwright.sync_api import Page, expect

from tests.e2e.conftest import assert_accessible, sign_in
from tests.factories import (
    PASSWORD,
    PropertyFactory,
    Role,
    SystemInspectorLicenseFactory,
    UserFactory,
    municipality,
    staff,
)

JUNE_10_2026 = dt.datetime(2026, 6, 10, 10, tzinfo=ZoneInfo("America/New_York"))


def test_a_single_cesspool_at_sale_is_filed_as_a_failed_system_0908_12(page: Page,
                                                                     live_server):
    with time_machine.travel(JUNE_10_2026, tick=True):
        place = PropertyFactory(municipality=municipality("tisbury"), address="12 Beach Road")
        inspector = UserFactory(username="ian", first_name="Ian", last_name="Inspector")
        SystemInspectorLicenseFactory(user=inspector, granted_by=staff(Role.ADMIN, "tisbury"),
                                      granted_on=dt.date(2026, 1, 2),
                                      expires_on=dt.date(2027, 6, 30))

        sign_in(page, live_server, "ian", PASSWORD)
        page.goto(f"{live_server.url}/tisbury/septic/reports/new/")
        assert_accessible(page)
        page.get_by_label("Property").select_option(str(place.pk))
        page.get_by_label("Owner of record").fill("Olive Owner")
        page.get_by_label("Date of the inspection").fill("2026-06-08")
        page.get_by_label("Passed", exact=True).check()
        page.get_by_label("Closing date (optional)").fill("2026-06-09")
        page.get_by_label("The system is a single cesspool").check()
        page.get_by_role("button", name="File the report").click()

        case = page.get_by_role("region", name="Failed system")
        expect(case).to_contain_text("A single cesspool is a failed system")
        expect(case).to_contain_text("Tisbury BOH Reg 09.0.8(12)")
        expect(case).to_contain_text("Tuesday, September 8, 2026")
        assert_accessible(page)
