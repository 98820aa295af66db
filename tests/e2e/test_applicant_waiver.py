"""A Tisbury applicant asks the Board of Health for a waiver from their own application page
(BOH Reg 09.0.3, issue #21): told first what no Board may waive (09.9.1), they fill the
written application and then follow its status and each Board member's signature there."""

from __future__ import annotations

import datetime as dt

import pytest
import time_machine
from playwright.sync_api import Page, expect

from permits_site.licensing.models import PermitType, Variance
from permits_site.licensing.services.applications import create_application, submit_application
from permits_site.licensing.services.variances import sign_variance
from tests.e2e.conftest import assert_accessible, sign_in
from tests.factories import PASSWORD, Role, UserFactory, staff, tisbury_place
from tests.rules.test_tisbury_rules import COASTAL_SEPTIC_OK
from tests.tisbury.support import with_required_documents

JUNE_3_2030 = dt.datetime(2030, 6, 3, 9, 0)


@pytest.fixture
def application(db):
    """Olive's disposal works permit, submitted, failing the sewer rule (09.0.8(14))."""
    with time_machine.travel(JUNE_3_2030, tick=True):
        owner = UserFactory(username="olive", first_name="Olive", last_name="Owner")
        lot = tisbury_place(owner, "coastal_district")
        draft = create_application(
            applicant=owner, action="new", place=lot,
            facts={**COASTAL_SEPTIC_OK, "sewer_connection_feasible": True},
            permit_type=PermitType.objects.get(code="tisbury.disposal_works"))
        return submit_application(application=with_required_documents(draft),
                                  acting_user=owner)


def ask_for_the_waiver(page: Page, live_server, application) -> None:
    sign_in(page, live_server, "olive", PASSWORD)
    page.goto(f"{live_server.url}/applications/{application.pk}/")
    page.locator("#next-step").get_by_role(
        "link", name="Ask the Board of Health for a waiver").click()
    expect(page.get_by_role("heading", name="What cannot be waived")).to_be_visible()
    expect(page.get_by_text("Designated Barrier Beach rules")).to_be_visible()
    assert_accessible(page)
    page.get_by_role("checkbox").first.check()
    page.get_by_label("What is asked of the Board, and why").fill(
        "The sewer main ends 900 feet from the lot.")
    page.get_by_label("The exact regulation").fill("Tisbury BOH Reg 09.0.8(14), first sentence")
    page.get_by_label("The waiver asked").fill("An upgraded system without connecting.")
    page.get_by_role("button", name="Send the request").click()
    expect(page.get_by_text("Your waiver request is before the Board of Health")).to_be_visible()


@pytest.mark.parametrize("width", ["desktop", "phone"])
def test_the_applicant_asks_for_a_waiver_and_follows_its_signatures(
    request, live_server, application, width
):
    page = request.getfixturevalue("page" if width == "desktop" else "phone_page")
    ask_for_the_waiver(page, live_server, application)

    relief = page.get_by_role("region", name="Waivers")
    expect(relief.get_by_text("Requested")).to_be_visible()
    expect(relief.get_by_text("2 approvals needed")).to_be_visible()
    assert_accessible(page)

    board = staff(Role.BOARD_MEMBER, "tisbury", first_name="Bea", last_name="Board")
    sign_variance(variance=Variance.objects.get(), board_member=board, approve=True,
                  conditions="Inspected yearly.", bases="The sewer is out of reach.")
    page.reload()
    expect(page.get_by_role("region", name="Waivers").get_by_text("Approved by Bea Board")
           ).to_be_visible()
    assert_accessible(page)
