"""The counter in the browser: a Tisbury clerk applies for a resident who has no account —
entered at the counter without an email address — and submits it for her; the notice she
would have been emailed waits among the letters to post, printed and marked posted.
A resident with no lot or business on file has them added for her by the clerk, from the
counter form, and comes back to it with both chosen and the answers typed before kept.
Every page is checked with axe, on a desktop and on a 390 px phone."""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Page, expect

from permits_site.accounts.models import User
from permits_site.licensing.models import Application, ApplicationStatus
from permits_site.notifications.models import Message
from permits_site.parties.models import Business, Property
from tests.e2e.conftest import assert_accessible, open_main_nav, sign_in
from tests.factories import PASSWORD, Role, UserFactory, staff


@pytest.fixture
def tisbury_clerk(db):
    return staff(Role.CLERK, "tisbury", username="tess", first_name="Tess", last_name="Clerk")


def go_to(page: Page, link: str) -> None:
    open_main_nav(page)
    page.get_by_role("navigation", name="Main").get_by_role("link", name=link).click()


@pytest.mark.parametrize("screen", ["page", "phone_page"])
def test_a_clerk_submits_a_tisbury_application_for_a_resident_without_an_account(
        request, live_server, tisbury_clerk, screen):
    page: Page = request.getfixturevalue(screen)
    sign_in(page, live_server, "tess", PASSWORD)

    go_to(page, "Counter")
    page.get_by_role("link", name="Body Art Practitioner Permit").click()
    page.get_by_label("Name, address or email address").fill("Ruth Walker")
    page.get_by_role("button", name="Find").click()
    expect(page.get_by_text("Nobody on file matches")).to_be_visible()
    assert_accessible(page)

    page.get_by_label("First name").fill("Ruth")
    page.get_by_label("Last name").fill("Walker")
    page.get_by_label("Street address").fill("4 Main Street")
    page.get_by_label("City or town").fill("Vineyard Haven")
    page.get_by_label("ZIP code").fill("02568")
    page.get_by_role("button", name="Enter and continue").click()
    expect(page.get_by_text("Ruth Walker is entered, without an email address")).to_be_visible()
    assert_accessible(page)

    page.get_by_role("button", name="Submit for Ruth Walker").click()
    expect(page.get_by_text("Submitted for Ruth Walker.")).to_be_visible()
    assert_accessible(page)

    ruth = User.objects.get(first_name="Ruth", last_name="Walker")
    assert ruth.email is None and not ruth.has_usable_password()
    assert Application.objects.get(applicant=ruth).status == ApplicationStatus.SUBMITTED

    go_to(page, "Letters to post")
    letters = page.get_by_role("table")
    expect(letters).to_contain_text("Ruth Walker")
    assert_accessible(page)

    page.get_by_role("link", name="Body Art Practitioner Permit: application received").click()
    expect(page.get_by_text("4 Main Street, Vineyard Haven, MA 02568")).to_be_visible()
    assert_accessible(page)
    page.get_by_role("link", name="Back to the letters to post").click()

    page.get_by_role("button", name="Mark posted").click()
    expect(page.get_by_text("Marked posted")).to_be_visible()
    assert Message.objects.get(recipient=ruth).posted_at is not None


@pytest.mark.parametrize("screen", ["page", "phone_page"])
def test_a_clerk_adds_a_property_and_a_business_for_the_resident_at_the_counter(
        request, live_server, tisbury_clerk, screen):
    """A dumpster permit is about a lot and may be held by a business: the resident has
    neither on file, so the clerk adds both for her from the counter form, each coming back
    to it chosen with what was typed before still there. Enter in a field checks the
    answers, as before, rather than leave for a record's page."""
    page: Page = request.getfixturevalue(screen)
    ruth = UserFactory(username="ruth.walker", first_name="Ruth", last_name="Walker")
    sign_in(page, live_server, "tess", PASSWORD)

    go_to(page, "Counter")
    page.get_by_role("link", name="Dumpster Permit", exact=True).click()
    page.get_by_label("Name, address or email address").fill("Ruth Walker")
    page.get_by_role("button", name="Find").click()
    page.get_by_role("link", name="Apply for Ruth Walker").click()
    where = page.get_by_label("Where the dumpster stands on the lot")
    where.fill("Behind the garage")
    with page.expect_request(lambda sent: sent.is_navigation_request()) as pressed:
        where.press("Enter")
    assert pressed.value.method == "POST"
    assert urlsplit(pressed.value.url).path == "/staff/counter/tisbury.dumpster/"
    expect(where).to_have_value("Behind the garage")

    page.get_by_role("button", name="Add a property for Ruth Walker").click()
    expect(page.get_by_text("At the counter, for Ruth Walker")).to_be_visible()
    assert_accessible(page)
    page.get_by_label("Street address").fill("9 Beach Road")
    page.get_by_role("button", name="Add the property").click()
    expect(page.get_by_text("is added to Ruth Walker's properties.")).to_be_visible()
    place = Property.objects.get(people=ruth)
    expect(page.get_by_label("The property")).to_have_value(str(place.pk))
    expect(where).to_have_value("Behind the garage")
    assert_accessible(page)

    page.get_by_role("button", name="Add a business for Ruth Walker").click()
    expect(page.get_by_role("heading", name="Register a business for Ruth Walker")).to_be_visible()
    page.get_by_label("Legal name").fill("Walker Hauling LLC")
    page.get_by_label("Kind of business").select_option(label="Limited liability company")
    page.get_by_label("Mailing address").fill("4 Main Street, Vineyard Haven 02568")
    page.get_by_role("button", name="Register the business").click()
    expect(page.get_by_text("Walker Hauling LLC is registered, with Ruth Walker as its "
                            "member.")).to_be_visible()
    business = Business.objects.get(members=ruth)
    expect(page.get_by_label("The business that is to hold the permit")).to_have_value(
        str(business.pk))
    expect(page.get_by_label("The property")).to_have_value(str(place.pk))
    expect(where).to_have_value("Behind the garage")
    assert_accessible(page)
    assert not business.members.filter(username="tess").exists()
