"""A cited dog owner asks for a hearing and learns when and where it is held, in a real
browser (MGL c.40 §21D; North Andover Code ch. 60, Penalties).

The owner asks on the citation's page; the hearing authority finds the request on My work,
sets the day and, from the town's usual hour and place it finds filled in, another place;
the owner's citation page and the notice in their messages then give the day, hour and
place. Every page on the way is checked with axe for WCAG 2.1 AA.
"""

import datetime as dt
import re

from django.utils import timezone
from playwright.sync_api import Page, expect

from permits_site.enforcement.services import issue_citation, open_case
from tests.e2e.conftest import assert_accessible, sign_in
from tests.factories import PASSWORD, Role, UserFactory, municipality, staff

#: The Thursday after the frozen Wednesday: North Andover's offices keep Monday to Thursday.
HEARING_DAY = dt.date(2026, 6, 18)
POLICE_STATION = "Police Station, 1475 Osgood Street"
WHEN_AND_WHERE = f"Thursday, June 18, 2026, 7:00 PM, {POLICE_STATION}"


def sign_out(page: Page) -> None:
    page.context.clear_cookies()


def test_a_cited_owner_asks_for_a_hearing_and_is_told_its_day_hour_and_place(page,
                                                                            live_server):
    town = municipality("north_andover")
    town.hearing_time, town.hearing_place = dt.time(19), "Town Hall, 120 Main Street"
    town.save(update_fields=["hearing_time", "hearing_place"])
    owner = UserFactory(username="olive", first_name="Olive", last_name="Owner")
    aco = staff(Role.ANIMAL_CONTROL_OFFICER, "north_andover", username="andy")
    staff(Role.HEARING_AUTHORITY, "north_andover", username="hal")
    case = open_case(municipality=town, case_type="north_andover.dog_control", party=owner,
                     party_name="", address="5 Chestnut Street", complaint="Dog loose.",
                     received_on=timezone.localdate(), acting_user=aco)
    citation = issue_citation(case=case, offense="running_at_large", acting_user=aco)

    sign_in(page, live_server, "olive", PASSWORD)
    page.goto(f"{live_server.url}/citations/{citation.pk}/")
    page.get_by_role("button", name="Request a hearing").click()
    expect(page.get_by_text("The town will tell you the date of the hearing.")).to_be_visible()
    assert_accessible(page)

    sign_out(page)
    sign_in(page, live_server, "hal", PASSWORD)
    page.get_by_role("link", name=re.compile(r"Set the hearing's date")).first.click()
    form = page.locator("#hearing_date-section")
    expect(form.get_by_label("Hearing time")).to_have_value("19:00")
    expect(form.get_by_label("Hearing place")).to_have_value("Town Hall, 120 Main Street")
    assert_accessible(page)
    form.get_by_label("Hearing date").fill(HEARING_DAY.isoformat())
    form.get_by_label("Hearing place").fill(POLICE_STATION)
    form.get_by_role("button", name="Set date").click()
    expect(page.locator(".citation-hearing-date")).to_have_text(f"Set for {WHEN_AND_WHERE}.")
    assert_accessible(page)

    sign_out(page)
    sign_in(page, live_server, "olive", PASSWORD)
    page.goto(f"{live_server.url}/citations/{citation.pk}/")
    expect(page.get_by_text(f"Your hearing is set for {WHEN_AND_WHERE}.")).to_be_visible()
    assert_accessible(page)
    page.goto(f"{live_server.url}/messages/")
    notice = page.get_by_role("listitem").filter(has_text="North Andover: hearing on June 18")
    notice.get_by_text("Read the message").click()
    expect(notice.get_by_text(re.compile(
        r"is set for Thursday, June 18, 2026 at 7:00 PM: Police Station, 1475 Osgood Street\."
    )).first).to_be_visible()
    assert_accessible(page)
