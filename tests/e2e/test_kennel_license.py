"""A North Andover kennel license in a real browser (Code ch. 60, Kennel license B): the
resident applies on the generated form, the Clerk sees the inspection holding it up and
schedules the Animal Inspector, whose favorable findings clear it (B(3)); the Clerk takes the
fee and issues, the PDF downloads and verifies; the licensee lists the dogs (B(1)). Then the
hearing authority reviews the kennel after the Animal Control Officer's report (B(5))."""

from __future__ import annotations

import datetime as dt
import re

import pytest
import time_machine
from playwright.sync_api import Page, expect

from permits_site.enforcement.models import Inspection
from permits_site.licensing.models import Application, Permit, PermitStatus
from permits_site.parties.services import find_or_create_property
from tests.dogs.kennels import kennel_licensed
from tests.e2e.conftest import FROZEN_AT, assert_accessible, sign_in
from tests.factories import PASSWORD, Role, UserFactory, municipality, staff
from tests.tisbury.support import SAMPLE

KENNEL = "north_andover.kennel_license"
#: The five findings of Kennel license B(3), as the checklist asks them.
FINDINGS = ("location is appropriate", "no significant adverse effect",
            "safe, sanitary and humane", "records of the dogs", "health and safety")


@pytest.fixture
def people(db):
    resident = UserFactory(username="kim", first_name="Kim", last_name="Kennel")
    site, _ = find_or_create_property(municipality=municipality("north_andover"),
                                      address="40 Kennel Road", acting_user=resident)
    return {
        "resident": resident, "site": site,
        "clerk": staff(Role.CLERK, "north_andover", username="carla", first_name="Carla",
                       last_name="Clerk"),
        "inspector": staff(Role.INSPECTOR, "north_andover", username="ina", first_name="Ina",
                           last_name="Inspector"),
        "chief": staff(Role.HEARING_AUTHORITY, "north_andover", username="hal",
                       first_name="Hal", last_name="Chief"),
    }


def apply_for_a_kennel(page: Page, live_server) -> None:
    sign_in(page, live_server, "kim", PASSWORD)
    page.goto(f"{live_server.url}/apply/{KENNEL}/")
    expect(page.get_by_role("heading", name=re.compile("kennel license", re.I))).to_be_visible()
    assert_accessible(page)
    page.get_by_label("The property").select_option(label="40 Kennel Road, North Andover")
    page.get_by_label("Dogs over six months old in the kennel").fill("6")
    page.get_by_label("Of those, dogs with a current rabies vaccination").fill("6")
    page.get_by_label("Distance from the dogs' housing").fill("40")
    page.get_by_label("Distance from that area").fill("80")
    page.get_by_role("group", name=re.compile("medical boarding")).get_by_label(
        "No", exact=True).check()
    page.get_by_label("Rabies vaccination certificate of each dog").set_input_files(SAMPLE)
    page.get_by_role("button", name="Save the draft").click()
    expect(page.get_by_text("Draft saved")).to_be_visible()
    assert_accessible(page)
    page.get_by_role("button", name="Submit application").click()
    expect(page.get_by_text("1 of 6 attached")).to_be_visible()
    for _ in range(5):
        page.get_by_text("Add a document").click()
        page.get_by_label("File (PDF, PNG or JPEG, up to 10 MB)").set_input_files(SAMPLE)
        page.get_by_role("button", name="Upload", exact=True).click()
        expect(page.get_by_text("Document uploaded")).to_be_visible()
    page.get_by_role("button", name="Submit application").click()
    expect(page.get_by_text("Application submitted")).to_be_visible()


def inspect_favorably(page: Page, live_server, inspection: Inspection) -> None:
    page.context.clear_cookies()
    sign_in(page, live_server, "ina", PASSWORD)
    page.goto(f"{live_server.url}/enforcement/inspections/{inspection.pk}/")
    expect(page.get_by_role("heading", name="Checklist")).to_be_visible()
    assert_accessible(page)
    # The checklist asks the inspector's five findings only: the dogs and the setbacks are
    # the applicant's, judged on the application (Kennel license B(3)).
    expect(page.get_by_label("Dogs over six months old in the kennel")).to_have_count(0)
    for finding in FINDINGS:
        page.get_by_role("group", name=re.compile(re.escape(finding))).get_by_label(
            "Yes", exact=True).check()
    page.get_by_role("button", name="Close inspection").click()
    expect(page.get_by_text("Inspection closed: passed.")).to_be_visible()


def test_a_kennel_license_goes_from_the_form_to_a_verified_license_gated_by_the_inspection(
    page, live_server, people
):
    apply_for_a_kennel(page, live_server)
    application = Application.objects.get(applicant=people["resident"])

    page.context.clear_cookies()
    sign_in(page, live_server, "carla", PASSWORD)
    page.goto(f"{live_server.url}/staff/applications/{application.pk}/")
    blockers = page.locator("section", has=page.locator("#blockers-heading"))
    expect(blockers).to_contain_text("Inspection")
    expect(blockers).to_contain_text("The inspection has not been passed yet.")
    assert_accessible(page)
    page.get_by_label("Animal Inspector", exact=True).select_option(label="Ina Inspector")
    page.get_by_role("button", name="Schedule the inspection").click()
    expect(page.get_by_text("Animal Inspector's visit scheduled")).to_be_visible()
    inspection = Inspection.objects.get(application=application)

    inspect_favorably(page, live_server, inspection)

    page.context.clear_cookies()
    sign_in(page, live_server, "carla", PASSWORD)
    page.goto(f"{live_server.url}/staff/applications/{application.pk}/")
    expect(page.locator("section", has=page.locator("#blockers-heading"))).not_to_contain_text(
        "The inspection has not been passed yet.")
    for accepted in range(1, 7):
        page.get_by_role("button", name=re.compile(r"^Accept ")).nth(accepted - 1).click()
        expect(page.get_by_text("Document accepted.")).to_be_visible()
    page.get_by_label("Method").select_option("cash")
    page.get_by_label("Reference").fill("R-200")
    page.get_by_role("button", name="Record payment").click()
    page.get_by_role("button", name="Approve and issue license").click()
    expect(page.get_by_text("Issued KEN-2026-00001.")).to_be_visible()
    assert_accessible(page)
    permit = Permit.objects.get(application=application)

    page.context.clear_cookies()
    sign_in(page, live_server, "kim", PASSWORD)
    pdf = page.request.get(f"{live_server.url}/permits/{permit.pk}/pdf/")
    assert (pdf.status, pdf.headers["content-type"]) == (200, "application/pdf")
    page.goto(f"{live_server.url}/verify/{permit.verification_token}/")
    expect(page.get_by_text(permit.number)).to_be_visible()
    expect(page.get_by_text("Active").first).to_be_visible()
    assert_accessible(page)

    page.goto(f"{live_server.url}/dogs/kennels/")
    page.get_by_role("link", name=permit.number).click()
    expect(page.locator("#roster-count")).to_contain_text("Licensed for 6 dogs; 0 listed")
    assert_accessible(page)
    page.get_by_label("Dog's name").fill("Juno")
    page.get_by_label("Breed").fill("Husky")
    page.get_by_label("Rabies vaccination valid through").fill("2027-05-01")
    page.get_by_role("button", name="Add the dog").click()
    expect(page.get_by_text("Juno added to the kennel's roster.")).to_be_visible()
    expect(page.locator("#roster-count")).to_contain_text("1 listed — 5 still to list")
    assert_accessible(page)


@pytest.fixture
def kennel(people):
    return kennel_licensed(people["resident"], people["site"], inspector=people["inspector"],
                           clerk=people["clerk"])


def test_the_hearing_authority_reviews_a_kennel_and_a_late_decision_is_refused(
    page, live_server, people, kennel
):
    aco = staff(Role.ANIMAL_CONTROL_OFFICER, "north_andover", username="ann", first_name="Ann",
                last_name="Officer")
    sign_in(page, live_server, aco.username, PASSWORD)
    page.goto(f"{live_server.url}/dogs/kennels/{kennel.pk}/")
    page.get_by_label("Report received on").fill("2026-06-01")
    page.get_by_label("Violations reported").fill("Pens not cleaned for days.")
    page.get_by_role("button", name="Record the report").click()
    expect(page.get_by_text("Report recorded: the kennel review is open.")).to_be_visible()
    # Received Monday, June 1: seven Monday-to-Thursday business days end Thursday, June 11
    # (on a Monday-to-Friday week, Wednesday the 10th).
    expect(page.locator("#notice")).to_have_text("Due by Thursday, June 11, 2026")
    assert_accessible(page)
    review_url = page.url

    page.context.clear_cookies()
    sign_in(page, live_server, "hal", PASSWORD)
    page.goto(review_url)
    page.get_by_label("Notice sent to all interested parties on").fill("2026-06-10")
    page.get_by_label("Public hearing on").fill("2026-06-25")
    page.get_by_label("Hearing time").fill("18:30")
    page.get_by_label("Hearing place").fill("Police Station, 1475 Osgood Street")
    page.get_by_role("button", name="Record the notice").click()
    expect(page.get_by_text("June 24, 2026")).to_be_visible()
    assert_accessible(page)
    page.get_by_label("Public hearing on").fill("2026-06-24")
    page.get_by_role("button", name="Record the notice").click()
    expect(page.get_by_text("Hearing notice recorded.")).to_be_visible()
    expect(page.locator("#hearing")).to_contain_text(
        "Wednesday, June 24, 2026, 6:30 PM, Police Station, 1475 Osgood Street")

    # Noticed June 10, heard within 14 days: Wednesday, June 24; decided within seven
    # business days: June 25, 29, 30, July 1, 2, 6, 7 (Fridays and July 3 are not counted).
    with time_machine.travel(FROZEN_AT + dt.timedelta(days=30), tick=True):
        page.context.clear_cookies()
        sign_in(page, live_server, "hal", PASSWORD)
        page.goto(review_url)
        expect(page.locator("#decision")).to_have_text("Due by Tuesday, July 7, 2026")
        page.get_by_label("Suspend the kennel license").check()
        page.get_by_label("Decided on").fill("2026-07-08")
        page.get_by_label("Reasons").fill("Unsanitary pens, confirmed at the hearing.")
        page.get_by_role("button", name="Record the decision").click()
        expect(page.get_by_text(re.compile("the last day was July 7, 2026"))).to_be_visible()
        assert_accessible(page)
        page.get_by_label("Suspend the kennel license").check()
        page.get_by_label("Decided on").fill("2026-07-07")
        page.get_by_role("button", name="Record the decision").click()
        expect(page.get_by_text("Decision recorded.")).to_be_visible()
        expect(page.locator("#decision")).to_contain_text("Suspend the kennel license")
        assert_accessible(page)

    kennel.refresh_from_db()
    assert kennel.status == PermitStatus.SUSPENDED
