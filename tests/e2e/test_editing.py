"""In a real browser: a resident changes an application the office sent back and resubmits
it; a newcomer takes over a stable's permit on the generated form and uploads both notices.
Every page is checked with axe."""

from __future__ import annotations

import datetime as dt
import re

import pytest
import time_machine
from playwright.sync_api import expect

from permits_site.licensing.kinds import kind_for
from permits_site.licensing.models import Application, ApplicationStatus
from permits_site.licensing.services import applications as application_services
from permits_site.parties.services import find_or_create_property
from stables.permits.kinds import TRANSFEREE_NOTICE, TRANSFEROR_NOTICE
from tests.declared import declared_permit_type
from tests.e2e.conftest import assert_accessible, sign_in
from tests.factories import PASSWORD, Role, UserFactory, municipality, staff
from tests.lifecycle.conftest import party_on
from tests.stables.flow import PDF, permitted

REQUEST = "Is it really 20 guests? Count the band."


@pytest.fixture
def garden_party(db):
    with declared_permit_type() as permit_type:
        yield permit_type


def returned_party(permit_type, host, clerk) -> Application:
    """A garden party application the Clerk sent back for changes."""
    place, _ = find_or_create_property(municipality=municipality("north_andover"),
                                       address="3 Elm Street", acting_user=host)
    kind = kind_for(permit_type.code)
    details = kind.parse_details(permit_type, {"property": place.pk, "party_date": party_on(),
                                               "guests": 20},
                                 action="new", applicant=host)
    application = kind.start_application(applicant=host, permit_type=permit_type,
                                         action="new", details=details, acting_user=host)
    application_services.submit_application(application=application, acting_user=host)
    return application_services.request_changes(application=application, message=REQUEST,
                                                acting_user=clerk)


def test_a_resident_changes_a_returned_application_and_resubmits_it(
    page, live_server, garden_party
):
    host = UserFactory(username="hal", first_name="Hal", last_name="Host")
    clerk = staff(Role.CLERK, "north_andover", first_name="Carla", last_name="Clerk")
    application = returned_party(garden_party, host, clerk)

    sign_in(page, live_server, "hal", PASSWORD)
    page.goto(f"{live_server.url}/applications/{application.pk}/")
    expect(page.get_by_text("Returned for changes")).to_be_visible()
    expect(page.get_by_text(REQUEST)).to_be_visible()
    assert_accessible(page)
    page.get_by_role("link", name="Change your application").click()

    expect(page.get_by_role("heading", name="Change your garden party permit application")
           ).to_be_visible()
    expect(page.get_by_label("How many guests?")).to_have_value("20")
    assert_accessible(page)
    page.get_by_label("How many guests?").fill("600")
    page.get_by_role("button", name="Save the changes").click()
    expect(page.get_by_role("link", name=re.compile(r"^How many guests\? .*500"))
           ).to_be_visible()
    assert_accessible(page)
    page.get_by_label("How many guests?").fill("24")
    page.get_by_label("Band playing (if any)").fill("The Hedges")
    page.get_by_role("button", name="Save the changes").click()

    expect(page.get_by_text("Your changes are saved")).to_be_visible()
    expect(page.get_by_text("Band playing (if any)")).to_be_visible()
    assert_accessible(page)
    page.get_by_role("button", name="Submit application").click()
    expect(page.get_by_text("Application submitted")).to_be_visible()
    expect(page.get_by_role("link", name="Change your application")).to_have_count(0)
    application.refresh_from_db()
    assert application.status == ApplicationStatus.SUBMITTED
    assert (application.facts["guests"], application.details["band"]) == (24, "The Hedges")


def test_a_transfer_is_taken_over_on_the_generated_form_with_both_notices(
    page, live_server, tmp_path
):
    """§2.4: the old address leads to the generated form's transfer; both parties' written
    notices are then uploaded on the application page, a refused file named on its field."""
    keeper = UserFactory(first_name="Kate", last_name="Keeper")
    clerk = staff(Role.CLERK, "northborough", first_name="Nora", last_name="Clerk")
    with time_machine.travel(dt.datetime(2027, 3, 15, 14, 0, tzinfo=dt.UTC), tick=True):
        permit = permitted(keeper, clerk)
        UserFactory(username="nina", first_name="Nina", last_name="Newcomer")
        notes = tmp_path / "notes.txt"
        notes.write_text("not a notice")

        sign_in(page, live_server, "nina", PASSWORD)
        page.goto(f"{live_server.url}/stables/transfer/")
        expect(page.get_by_role("link", name="Transfer", exact=True)).to_have_attribute(
            "aria-current", "page")
        page.get_by_label("Number of the permit being transferred").fill(permit.number)
        page.get_by_label("Street address of the stable").fill("12 Bartlett Street")
        page.get_by_role("group", name="Owner or occupant of the stable").get_by_label(
            "Occupant").check()
        assert_accessible(page)
        page.get_by_role("button", name="Save the draft").click()

        expect(page.get_by_text("Draft saved")).to_be_visible()
        upload = page.locator("details", has_text="Add a document")
        for notice, file in ((TRANSFEROR_NOTICE, str(notes)), (TRANSFEROR_NOTICE, PDF),
                             (TRANSFEREE_NOTICE, PDF)):
            if upload.get_attribute("open") is None:
                upload.locator("summary").click()
            page.get_by_role("combobox", name="Document").select_option(notice)
            page.get_by_label("File (PDF, PNG or JPEG, up to 10 MB)").set_input_files(file)
            page.get_by_role("button", name="Upload").click()
            if file != PDF:
                expect(page.locator("#id_file_error, .invalid-feedback").first).to_be_visible()
                assert_accessible(page)
            else:
                expect(page.get_by_text("Document uploaded.")).to_be_visible()
        assert_accessible(page)
        application = Application.objects.get(action="transfer")
        assert sorted(application.documents.values_list("kind", flat=True)) == [
            "transfer_notice_transferee", "transfer_notice_transferor"
        ]
