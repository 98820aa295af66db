"""A property with four pump-outs in the handlers' returns shows its septic inspection due, in
a real browser (Tisbury BOH Reg 09.0.8(4)).

9 Beach Road was pumped in February, March and April 2026 (returned by Island Septic LLC).
On Wednesday June 10, 2026 the handler files its May return listing a fourth pump-out there.
Nobody types a count: the Board's clerk opens the property's page and reads that four
pump-outs within a year require an inspection, due 30 days after that return, by Friday
July 10, 2026; the owner of record signs in and reads the same on "My properties". Every
page is checked with axe."""

from __future__ import annotations

import datetime as dt

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import assert_accessible, sign_in
from tests.factories import (
    PASSWORD,
    PropertyFactory,
    PropertyOwnerFactory,
    PumpoutJobFactory,
    PumpoutReturnFactory,
    Role,
    SeptageHandlerPermitFactory,
    UserFactory,
    municipality,
    staff,
)

EARLIER = (dt.date(2026, 2, 9), dt.date(2026, 3, 12), dt.date(2026, 4, 20))


@pytest.fixture
def beach_road(db):
    staff(Role.CLERK, "tisbury", username="tess", first_name="Tess", last_name="Clerk")
    handler = UserFactory(username="hal", first_name="Hal", last_name="Hauler")
    permit = SeptageHandlerPermitFactory(application__applicant=handler,
                                         holder_business__legal_name="Island Septic LLC")
    place = PropertyFactory(municipality=municipality("tisbury"), address="9 Beach Road")
    owner = UserFactory(username="olive", first_name="Olive", last_name="Owner")
    PropertyOwnerFactory(property=place, account=owner, name="Olive Owner")
    for day in EARLIER:
        filed = PumpoutReturnFactory(handler_permit=permit, month=day.replace(day=1),
                                     filed_on=day.replace(day=14))
        PumpoutJobFactory(pumpout_return=filed, property=place, pumped_on=day,
                          address=place.full_address)
    return place


def file_the_may_return(page: Page, live_server) -> None:
    sign_in(page, live_server, "hal", PASSWORD)
    page.goto(f"{live_server.url}/tisbury/pumpout/returns/")
    page.get_by_role("link", name="File a monthly return").click()
    page.get_by_label("Month of the return").fill("2026-05")
    row = page.get_by_role("group", name="Pump-out 1")
    row.get_by_label("Pump-out permit number").fill("PO-5101")
    row.get_by_label("Address pumped out").fill("9 Beach Road")
    row.get_by_label("Date pumped").fill("2026-05-18")
    row.get_by_label("Volume (gallons)").fill("1000")
    page.get_by_role("button", name="File the return").click()
    expect(page.get_by_text("The return is filed.")).to_be_visible()
    assert_accessible(page)
    page.context.clear_cookies()


def test_four_pumpouts_in_the_returns_show_the_inspection_due(page, live_server, beach_road):
    file_the_may_return(page, live_server)

    sign_in(page, live_server, "tess", PASSWORD)
    page.goto(f"{live_server.url}/staff/properties/{beach_road.pk}/")
    panel = page.get_by_role("region", name="Septic system: inspection required")
    expect(panel).to_contain_text("Pump-outs in the handlers' returns for the last 12 months: 4")
    due_row = panel.get_by_role("row").filter(has_text="4 or more pump-outs")
    expect(due_row).to_contain_text("Jul 10, 2026")
    expect(due_row).to_contain_text("Inspection due")
    assert_accessible(page)
    panel.get_by_role("link", name="Letter to the owners").click()
    expect(page.get_by_text("the inspection is due by Friday, July 10, 2026")).to_be_visible()
    assert_accessible(page)
    page.context.clear_cookies()

    sign_in(page, live_server, "olive", PASSWORD)
    page.goto(f"{live_server.url}/properties/")
    expect(page.get_by_role("row").filter(has_text="9 Beach Road")).to_contain_text(
        "A septic system inspection by a licensed system inspector is due by July 10, 2026")
    assert_accessible(page)
