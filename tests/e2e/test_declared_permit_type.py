"""A permit type declared only in a test goes from the generated form to a verified license:
no page, form, serializer or view of its own (spec ``lifecycle.md``)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from permits_site.licensing.models import Application, Permit
from permits_site.parties.services import find_or_create_property
from tests.declared import declared_permit_type
from tests.e2e.conftest import assert_accessible, sign_in
from tests.factories import PASSWORD, Role, UserFactory, municipality, staff
from tests.lifecycle.conftest import SITE_PLAN, party_on


@pytest.fixture
def garden_party(db):
    with declared_permit_type() as permit_type:
        yield permit_type


def test_a_declared_permit_type_goes_from_the_generated_form_to_a_verified_license(
    page, live_server, garden_party
):
    host = UserFactory(username="hal", first_name="Hal", last_name="Host")
    find_or_create_property(municipality=municipality("north_andover"), address="3 Elm Street",
                            acting_user=host)
    staff(Role.CLERK, "north_andover", username="carla", first_name="Carla", last_name="Clerk")

    sign_in(page, live_server, "hal", PASSWORD)
    page.goto(f"{live_server.url}/apply/{garden_party.code}/")
    expect(page.get_by_role("heading", name="Apply for a North Andover garden party permit")
           ).to_be_visible()
    assert_accessible(page)
    page.get_by_label("The property").select_option(label="3 Elm Street, North Andover")
    page.get_by_label("Date of the party").fill(party_on())
    page.get_by_role("button", name="Save the draft").click()
    expect(page.get_by_role("link", name="How many guests? Enter a whole number.")
           ).to_be_visible()
    assert_accessible(page)
    page.get_by_label("How many guests?").fill("20")
    page.get_by_role("button", name="Save the draft").click()

    expect(page.get_by_text("Draft saved")).to_be_visible()
    assert_accessible(page)
    page.get_by_text("Add a document").click()
    page.get_by_role("combobox", name="Document").select_option("site_plan")
    page.get_by_label("File (PDF, PNG or JPEG, up to 10 MB)").set_input_files(SITE_PLAN)
    page.get_by_role("button", name="Upload").click()
    expect(page.get_by_text("Document uploaded")).to_be_visible()
    page.get_by_role("button", name="Submit application").click()
    expect(page.get_by_text("Application submitted")).to_be_visible()
    application = Application.objects.get(applicant=host)

    page.context.clear_cookies()
    sign_in(page, live_server, "carla", PASSWORD)
    page.goto(f"{live_server.url}/staff/applications/{application.pk}/")
    expect(page.get_by_role("link", name="Site plan of the garden (rabies_certificate.pdf)")
           ).to_be_visible()
    assert_accessible(page)
    page.get_by_role("button", name="Accept").first.click()
    page.get_by_label("Method").select_option("cash")
    page.get_by_label("Reference").fill("R-100")
    page.get_by_role("button", name="Record payment").click()
    page.get_by_role("button", name="Approve and issue license").click()
    expect(page.get_by_role("status").filter(has_text="Issued GPP-")).to_be_visible()
    assert_accessible(page)

    permit = Permit.objects.get(application=application)
    page.goto(f"{live_server.url}/verify/{permit.verification_token}/")
    expect(page.get_by_text(permit.number)).to_be_visible()
    expect(page.get_by_text("Active").first).to_be_visible()
    assert_accessible(page)
