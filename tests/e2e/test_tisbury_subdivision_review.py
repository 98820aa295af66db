"""Tisbury's subdivision plan review in the browser (BOH Reg 09.4.1, 09.4.2): the owner
applies on the generated form for a four-lot plan; the clerk records the Board's written
determination on the review screen — the prerequisites and the observation wells it requires
— and issues the approval, whose paper prints that determination and the 09.4.2 condition
that no disposal works permit issues for a lot until the lot meets the Board's criteria."""

from __future__ import annotations

import datetime as dt

import pytest
import time_machine
from playwright.sync_api import expect

from permits_site.licensing.models import Application, Permit
from tests.e2e.conftest import assert_accessible, sign_in
from tests.factories import PASSWORD, Role, UserFactory, staff, tisbury_place
from tests.tisbury.support import pdf_text

JUNE_3_2030 = dt.datetime(2030, 6, 3, 9, 0)


@pytest.fixture
def clerk(db):
    return staff(Role.CLERK, "tisbury", username="tess", first_name="Tess", last_name="Clerk")


def test_a_subdivision_plan_is_reviewed_and_its_approval_prints_the_lot_criteria_4_1_4_2(
        page, live_server, clerk):
    with time_machine.travel(JUNE_3_2030, tick=True):
        owner = UserFactory(username="sam", first_name="Sam", last_name="Owner")
        tisbury_place(owner, "inland", address="80 Lambert's Cove Road")

        sign_in(page, live_server, "sam", PASSWORD)
        page.goto(f"{live_server.url}/towns/tisbury/permits/tisbury.subdivision_review/")
        assert_accessible(page)
        page.get_by_role("link", name="Apply online").click()
        page.get_by_label("The property").select_option(label="80 Lambert's Cove Road, Tisbury")
        page.get_by_label("Number of lots the plan creates").fill("4")
        page.get_by_role("group", name="Does the plan show the water table's location and "
                                       "gradient?").get_by_label("Yes", exact=True).check()
        page.get_by_role("button", name="Save the draft").click()
        expect(page.get_by_text("Draft saved")).to_be_visible()
        assert_accessible(page)
        page.get_by_role("button", name="Submit application").click()
        expect(page.get_by_text("Application submitted")).to_be_visible()
        application = Application.objects.get(applicant=owner)

        page.context.clear_cookies()
        sign_in(page, live_server, "tess", PASSWORD)
        page.goto(f"{live_server.url}/staff/applications/{application.pk}/")
        expect(page.get_by_text("Findings that need a reviewer's determination")).to_be_visible()
        assert_accessible(page)
        page.get_by_label("Acceptable", exact=True).check()
        page.get_by_label("Note (printed on the permit when acceptable)").fill(
            "Two deep driven observation wells on lots 2 and 4, capped and sealed.")
        page.get_by_role("button", name="Record the determination").click()
        page.get_by_role("button", name="Approve and issue license").click()
        expect(page.get_by_text("Issued SUB-").first).to_be_visible()
        assert_accessible(page)

    permit = Permit.objects.get(application=application)
    text = " ".join(pdf_text(permit).split())
    assert "Two deep driven observation wells on lots 2 and 4" in text
    assert "until the lot meets the Board of Health's criteria" in text
