"""A resident reads the messages sent to them and turns reminders off, on a desktop and a
phone; every page passes axe (WCAG 2.1 AA)."""

from playwright.sync_api import Page, expect

from permits_site.licensing.services.applications import create_application, submit_application
from permits_site.parties.services import find_or_create_property
from tests.declared import declared_permit_type
from tests.e2e.conftest import assert_accessible, open_main_nav, sign_in
from tests.factories import PASSWORD, UserFactory, municipality


def submitted_garden_party(resident) -> None:
    """A real submission: its message is written and sent when it commits."""
    place, _ = find_or_create_property(municipality=municipality("north_andover"),
                                       address="12 Osgood Street", acting_user=resident)
    with declared_permit_type() as permit_type:
        application = create_application(
            applicant=resident, permit_type=permit_type, action="new", facts={"guests": 20},
            details={"party_date": "2027-07-04"}, place=place)
        submit_application(application=application, acting_user=resident)


def read_messages_and_turn_reminders_off(page: Page, live_server) -> None:
    resident = UserFactory(username="jane", first_name="Jane", last_name="Smith")
    submitted_garden_party(resident)
    sign_in(page, live_server, "jane", PASSWORD)
    open_main_nav(page)
    page.get_by_role("link", name="Messages").click()
    expect(page.get_by_role("heading", name="Messages", level=1)).to_be_visible()
    expect(page.get_by_text("Garden Party Permit: application received")).to_be_visible()
    page.get_by_text("Read the message").click()
    expect(page.get_by_text("We received your Garden Party Permit application")).to_be_visible()
    assert_accessible(page)

    page.get_by_label("Do not send me reminders").check()
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_role("status")).to_contain_text("Reminders are off")
    expect(page.get_by_label("Do not send me reminders")).to_be_checked()
    assert_accessible(page)


def test_a_resident_reads_their_messages_and_turns_reminders_off(page, live_server):
    read_messages_and_turn_reminders_off(page, live_server)


def test_the_messages_page_works_on_a_phone(phone_page, live_server):
    read_messages_and_turn_reminders_off(phone_page, live_server)
