"""Tisbury Board of Health permits in the browser (Regulations 09.0–09.12): a food service
permit for a business, pro-rated after October 1 on request; a disposal works permit on a
barrier beach — a Designated Barrier Beach rule refused a waiver (09.9.1), the sewer rule
waived by two Board members (09.0.3), the hearing an alternative system needs (09.0.8(13)) and
the well gate (09.3.1(3)); a temporary dumpster for thirty days, renewed once (09.2.5(3)); a
septage handler held until its insurance is accepted (09.1.4).

Each walk runs on a fixed Tisbury business day, the server's clock moved with
``time_machine`` (the live server shares the test's process)."""

from __future__ import annotations

import datetime as dt
import re

import pytest
import time_machine
from playwright.sync_api import Page, expect

from permits_site.licensing.models import Application, Permit
from permits_site.parties.services import create_business, find_or_create_property
from tests.e2e.conftest import assert_accessible, sign_in
from tests.factories import PASSWORD, Role, UserFactory, municipality, staff
from tests.rules.test_tisbury_rules import COASTAL_SEPTIC_OK
from tests.tisbury.support import SAMPLE, accepted_documents, client_for, pdf_text

JUNE_3_2030 = dt.datetime(2030, 6, 3, 9, 0)
OCTOBER_7_2030 = dt.datetime(2030, 10, 7, 9, 0)


@pytest.fixture
def clerk(db):
    return staff(Role.CLERK, "tisbury", username="tess", first_name="Tess", last_name="Clerk")


def on(moment: dt.datetime):
    return time_machine.travel(moment, tick=True)


def review(page: Page, live_server, application: Application) -> None:
    page.goto(f"{live_server.url}/staff/applications/{application.pk}/")
    expect(page.get_by_role("heading", level=1)).to_contain_text(application.permit_type.name)


def upload(page: Page, document: str) -> None:
    page.get_by_text("Add a document").click()
    page.get_by_role("combobox", name="Document").select_option(document)
    page.get_by_label("File (PDF, PNG or JPEG, up to 10 MB)").set_input_files(SAMPLE)
    page.get_by_role("button", name="Upload").click()
    expect(page.get_by_text("Document uploaded")).to_be_visible()


def pay_at_the_counter(page: Page, reference: str) -> None:
    page.get_by_label("Method").select_option("check")
    page.get_by_label("Reference").fill(reference)
    page.get_by_role("button", name="Record payment").click()
    expect(page.get_by_text("Payment recorded", exact=False)).to_be_visible()


def issue(page: Page) -> None:
    page.get_by_role("button", name="Approve and issue license").click()
    expect(page.get_by_text(re.compile(r"^Issued [A-Z]+-")).first).to_be_visible()
    assert_accessible(page)


def answer(page: Page, question: str, choice: str) -> None:
    page.get_by_role("group", name=question).get_by_label(choice, exact=True).check()


# -- food service: certificates, and the waiver pro-rated after October 1 -----------------


def test_a_business_gets_a_food_service_permit_pro_rated_after_october_1(page, live_server,
                                                                         clerk):
    with on(OCTOBER_7_2030):
        owner = UserFactory(username="fern", first_name="Fern", last_name="Owner")
        diner = create_business(legal_name="Harbor Diner Inc.", kind="corporation",
                                mailing_address="4 Main Street, Tisbury", acting_user=owner)

        sign_in(page, live_server, "fern", PASSWORD)
        page.goto(f"{live_server.url}/towns/tisbury/permits/tisbury.food_service/")
        expect(page.get_by_text("Certificate of the certified food protection manager",
                                exact=False)).to_be_visible()
        assert_accessible(page)
        page.get_by_role("link", name="Apply online").click()
        page.get_by_label("The business that is to hold the permit").select_option(
            label="Harbor Diner Inc.")
        answer(page, "Is a fee waiver requested?", "Yes")
        page.get_by_role("button", name="Save the draft").click()
        expect(page.get_by_text("Draft saved")).to_be_visible()
        assert_accessible(page)
        upload(page, "food_protection_manager")
        upload(page, "allergen_awareness")
        page.get_by_role("button", name="Submit application").click()
        expect(page.get_by_text("Application submitted")).to_be_visible()
        expect(page.get_by_text("$37.50").first).to_be_visible()
        assert_accessible(page)
        application = Application.objects.get(business=diner)
        assert [(line.code, line.amount) for line in application.invoices.get().lines.all()
                ][-1][0] == "proration"

        page.context.clear_cookies()
        sign_in(page, live_server, "tess", PASSWORD)
        review(page, live_server, application)
        assert_accessible(page)
        for document in range(2):
            page.get_by_role("button", name=re.compile(r"^Accept ")).nth(document).click()
            expect(page.get_by_text("Document accepted.")).to_be_visible()
        pay_at_the_counter(page, "CHK-501")
        issue(page)

    permit = Permit.objects.get(application=application)
    assert permit.holder_business == diner
    assert permit.fee_total == application.invoices.get().total
    text = pdf_text(permit)
    assert "Establishment Harbor Diner Inc." in text
    assert "A fee waiver was requested." in text
    page.goto(f"{live_server.url}/verify/{permit.verification_token}/")
    expect(page.get_by_text(permit.number)).to_be_visible()
    assert_accessible(page)


# -- disposal works on a barrier beach --------------------------------------------------------


SEPTIC = {name: value for name, value in COASTAL_SEPTIC_OK.items() if name != "zone"}


def barrier_beach_application(owner, clerk) -> Application:
    """The owner's alternative system on a barrier-beach lot, 250 ft from a private well and
    where the sewer could be reached — submitted with its plans accepted, through the API."""
    place, _ = find_or_create_property(municipality=municipality("tisbury"),
                                       address="12 Beach Road", parcel="30-A-4",
                                       acting_user=owner)
    resident = client_for(owner)
    created = resident.post("/api/v1/applications/", {
        "permit_type": "tisbury.disposal_works", "action": "new",
        "details": {**SEPTIC, "property": place.pk, "alternative_system": True,
                    "distance_to_private_well_ft": 250, "sewer_connection_feasible": True}},
        format="json")
    assert created.status_code == 201, created.content
    pk = created.json()["id"]
    accepted_documents(resident, client_for(clerk), pk, ("septic_design", "floor_plan"))
    assert resident.post(f"/api/v1/applications/{pk}/submit/").status_code == 200
    return Application.objects.get(pk=pk)


def ask_waiver(page: Page, rule: str, *, regulation: str, relief: str) -> None:
    page.get_by_role("checkbox", name=rule).check()
    page.get_by_label("What is asked of the Board, and why").fill(relief)
    page.get_by_label("The exact regulation: page, section", exact=False).fill(regulation)
    page.get_by_label("The waiver asked").fill(relief)
    page.get_by_role("button", name="Request the waiver").click()


def test_a_disposal_works_permit_on_a_barrier_beach(page, live_server, clerk):
    with on(JUNE_3_2030) as clock:
        owner = UserFactory(username="olive", first_name="Olive", last_name="Owner")
        for username in ("bea", "ben"):
            staff(Role.BOARD_MEMBER, "tisbury", username=username, first_name=username.title(),
                  last_name="Member")
        application = barrier_beach_application(owner, clerk)

        sign_in(page, live_server, "tess", PASSWORD)
        review(page, live_server, application)
        blockers = page.locator("#blockers-heading").locator("xpath=..")
        expect(blockers).to_contain_text("register the well first")
        expect(blockers).to_contain_text("schedule the hearing")
        assert_accessible(page)
        ask_waiver(page, "The system is at least 300 ft (barrier beach) or 200 ft (coastal "
                         "district) from the nearest private well (Tisbury BOH Reg 09.9.7(6))",
                   regulation="09.9.7(6), separation chart, private well: 300 ft",
                   relief="Build the system 250 ft from the neighbour's well.")
        expect(page.get_by_text("cannot be waived on a barrier beach (Tisbury BOH Reg 09.9.1)",
                                exact=False).first).to_be_visible()
        assert_accessible(page)
        assert not application.variances.exists()
        page.get_by_label("Changes the applicant must make").fill(
            "Move the system 300 ft from the well: 09.9.1 allows no waiver on a barrier beach.")
        page.get_by_role("button", name="Request changes").click()

        moved = client_for(owner).patch(f"/api/v1/applications/{application.pk}/", {
            "details": {**client_for(owner).get(f"/api/v1/applications/{application.pk}/")
                        .json()["details"], "distance_to_private_well_ft": 350}},
            format="json")
        assert moved.status_code == 200, moved.content
        assert client_for(owner).post(
            f"/api/v1/applications/{application.pk}/submit/").status_code == 200

        review(page, live_server, application)
        ask_waiver(page, "No new, upgraded or expanded system where a sewer connection is "
                         "feasible (Tisbury BOH Reg 09.0.8(14))",
                   regulation="09.0.8(14), first sentence: no upgraded system where the sewer "
                              "is feasible",
                   relief="Upgrade the failed system on the lot; the sewer main ends 900 ft "
                          "away.")
        expect(page.get_by_text("0 of 2 approvals needed")).to_be_visible()
        for member in ("bea", "ben"):
            page.context.clear_cookies()
            sign_in(page, live_server, member, PASSWORD)
            review(page, live_server, application)
            if member == "bea":
                page.get_by_label("Conditions imposed").fill("Connect within 90 days of the "
                                                             "sewer main reaching Beach Road.")
                page.get_by_label("Specific bases of the variance").fill(
                    "The sewer main ends 900 ft from the lot.")
            page.get_by_role("button", name="Approve with these conditions and bases").click()
        expect(page.get_by_text("2 of 2 approvals needed")).to_be_visible()
        expect(page.get_by_role("link", name="Notice to post at the site", exact=False)
               ).to_be_visible()
        assert_accessible(page)

        page.context.clear_cookies()
        sign_in(page, live_server, "tess", PASSWORD)
        review(page, live_server, application)
        page.get_by_label("Hearing date").fill("2030-06-14")
        page.get_by_label("Hearing time").fill("19:00")
        page.get_by_label("Hearing place").fill("Town Hall, 51 Spring Street")
        page.get_by_label("Other abutters, one per line").fill(
            "Ann Abbot | 3 Beach Road, Vineyard Haven MA 02568")
        page.get_by_role("button", name="Schedule the hearing").click()
        expect(page.get_by_text("Hearing on Friday, June 14, 2030, 7:00 PM, Town Hall, "
                                "51 Spring Street")).to_be_visible()
        assert_accessible(page)
        page.get_by_label("Notices mailed on").fill("2030-06-03")
        page.get_by_role("button", name="Record the mailing").click()
        expect(page.get_by_text("The mailing of the notices is recorded")).to_be_visible()
        assert_accessible(page)

        clock.move_to(dt.datetime(2030, 6, 14, 21, 0))
        review(page, live_server, application)
        page.get_by_label("The Board's decision").fill("Approved with annual monitoring.")
        page.get_by_role("button", name="Record the decision").click()
        expect(page.get_by_text("✓ Decided")).to_be_visible()
        page.get_by_label("How the connection is known").fill("Water Dept. account 4411")
        page.get_by_role("button", name="Record public water connection").click()
        expect(page.get_by_text("Served by public water, recorded by Tess Clerk")).to_be_visible()
        pay_at_the_counter(page, "CHK-77")
        issue(page)

    permit = Permit.objects.get(application=application)
    text = pdf_text(permit)
    assert "Connect within 90 days of the sewer main reaching Beach Road." in text
    assert "Public water, recorded by the clerk on June 14, 2030" in text


# -- the temporary dumpster: thirty days, renewed once ---------------------------------------


def test_a_temporary_dumpster_runs_thirty_days_and_is_renewed_once(page, live_server, clerk):
    with on(JUNE_3_2030):
        owner = UserFactory(username="wes", first_name="Wes", last_name="Waste")
        find_or_create_property(municipality=municipality("tisbury"), address="9 Beach Road",
                                acting_user=owner)

        def applied(start: str | None = None, end: str | None = None) -> Application:
            if start is not None:
                page.get_by_label("Permit period start date").fill(start)
                page.get_by_label("Permit period end date").fill(end)
            page.get_by_role("button", name="Save the draft").click()
            expect(page.get_by_text("Draft saved")).to_be_visible()
            page.get_by_role("button", name="Submit application").click()
            expect(page.get_by_text("Application submitted")).to_be_visible()
            assert_accessible(page)
            return Application.objects.filter(applicant=owner).latest("pk")

        def issued(application: Application) -> Permit:
            page.context.clear_cookies()
            sign_in(page, live_server, "tess", PASSWORD)
            review(page, live_server, application)
            pay_at_the_counter(page, f"CHK-{application.pk}")
            issue(page)
            page.context.clear_cookies()
            sign_in(page, live_server, "wes", PASSWORD)
            return Permit.objects.get(application=application)

        sign_in(page, live_server, "wes", PASSWORD)
        page.goto(f"{live_server.url}/apply/tisbury.temporary_dumpster/")
        page.get_by_label("The property").select_option(label="9 Beach Road, Tisbury")
        first = issued(applied("2030-06-05", "2030-07-05"))
        assert "June 5, 2030 through July 5, 2030" in pdf_text(first)

        page.goto(f"{live_server.url}/dashboard/")
        assert_accessible(page)
        page.get_by_role("link", name=f"Renew {first.number}").click()
        expect(page.get_by_label("Permit period start date")).to_have_value("2030-07-06")
        expect(page.get_by_label("Permit period end date")).to_have_value("2030-08-04")
        assert_accessible(page)
        renewal = issued(applied())

    assert renewal.application.previous_permit == first
    assert (renewal.valid_from, renewal.valid_through) == (dt.date(2030, 7, 6),
                                                          dt.date(2030, 8, 4))
    assert "July 6, 2030 through August 4, 2030" in pdf_text(renewal)


# -- the septage handler: held until its insurance is accepted --------------------------------


def test_a_septage_handler_is_held_until_its_insurance_is_accepted(page, live_server, clerk):
    with on(JUNE_3_2030):
        owner = UserFactory(username="hal", first_name="Hal", last_name="Hauler")
        hauling = create_business(legal_name="Island Hauling LLC", kind="llc",
                                  mailing_address="1 Main Street", acting_user=owner)

        sign_in(page, live_server, "hal", PASSWORD)
        page.goto(f"{live_server.url}/apply/tisbury.septage_handler/")
        page.get_by_label("The business that is to hold the permit").select_option(
            label="Island Hauling LLC")
        page.get_by_label("Septage hauling vehicles").fill(
            "International 4300, MA plate 1234-AB\nMack Granite, MA plate 5678-CD")
        page.get_by_role("button", name="Save the draft").click()
        expect(page.get_by_text("Draft saved")).to_be_visible()
        upload(page, "liability_insurance")
        page.get_by_role("button", name="Submit application").click()
        expect(page.get_by_text("Application submitted")).to_be_visible()
        application = Application.objects.get(business=hauling)

        page.context.clear_cookies()
        sign_in(page, live_server, "tess", PASSWORD)
        review(page, live_server, application)
        pay_at_the_counter(page, "CHK-9")
        expect(page.get_by_role("button", name="Approve and issue license")).to_be_disabled()
        expect(page.get_by_text("Nothing can be issued while something blocks it")
               ).to_be_visible()
        expect(page.get_by_text("Certificate of liability insurance", exact=False).first
               ).to_be_visible()
        expect(page.get_by_text("(Tisbury BOH Reg 09.1.4)").first).to_be_visible()
        assert_accessible(page)
        assert not Permit.objects.filter(application=application).exists()

        page.get_by_role("button", name=re.compile(r"^Accept ")).first.click()
        expect(page.get_by_text("Document accepted.")).to_be_visible()
        issue(page)
        permit = Permit.objects.get(application=application)
        page.goto(f"{live_server.url}/verify/{permit.verification_token}/")
        expect(page.get_by_text("Island Hauling LLC").first).to_be_visible()
        assert_accessible(page)

    assert "Mack Granite, MA plate 5678-CD" in pdf_text(permit)
