"""North Andover's admin manages the town's staff in a browser: adds a clerk, is refused
the hearing authority for the Animal Control Officer (North Andover Code ch. 60, Hearing
authority A) and removes a role — every page checked with axe, on a desktop and a phone."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from permits_site.accounts.models import Membership, Role
from tests.e2e.conftest import assert_accessible, open_main_nav, sign_in
from tests.factories import PASSWORD, UserFactory, staff

HEARING_AUTHORITY_A = "North Andover Code ch. 60, Hearing authority A"


@pytest.fixture
def admin(db):
    return staff(Role.ADMIN, first_name="Adam", last_name="Admin")


@pytest.fixture
def officer(db):
    return staff(Role.ANIMAL_CONTROL_OFFICER, first_name="Olive", last_name="Officer")


@pytest.fixture
def newcomer(db):
    return UserFactory(username="nina", first_name="Nina", last_name="Newcomer",
                       email="nina@example.org")


def grant(page: Page, person: str, role: str) -> None:
    form = page.locator("form", has=page.get_by_label("Person"))
    form.get_by_label("Person").fill(person)
    form.get_by_label("Role").select_option(label=role)
    with page.expect_navigation():
        form.get_by_role("button", name="Grant role").click()


def add_a_clerk(page: Page, live_server, admin) -> None:
    sign_in(page, live_server, admin.username, PASSWORD)
    open_main_nav(page)
    page.get_by_role("link", name="Staff and roles").click()
    expect(page.get_by_role("heading", name="Town of North Andover — staff and roles")
           ).to_be_visible()
    assert_accessible(page)

    grant(page, "nina@example.org", "Clerk")
    expect(page.get_by_text("Nina Newcomer now holds the Clerk role.")).to_be_visible()
    expect(page.get_by_role("heading", name="Nina Newcomer")).to_be_visible()
    assert_accessible(page)


def be_refused_the_hearing_authority_for_the_officer(page: Page, officer) -> None:
    grant(page, officer.username, "Hearing authority")
    error = page.locator("#id_role").locator("xpath=..").get_by_text(HEARING_AUTHORITY_A)
    expect(error).to_be_visible()
    expect(page.locator("#id_role")).to_have_attribute("aria-invalid", "true")
    assert_accessible(page)


def remove_the_officers_role(page: Page, admin) -> None:
    with page.expect_navigation():
        page.get_by_role("button", name="Remove the Animal Control Officer role of Olive "
                                        "Officer").click()
    expect(page.get_by_text("Olive Officer no longer holds the Animal Control Officer role.")
           ).to_be_visible()
    assert_accessible(page)

    assert set(Membership.objects.filter(municipality__code="north_andover")
               .values_list("user__username", "role")) == {
        (admin.username, "admin"), ("nina", "clerk")}


@pytest.mark.docs_screenshot
def test_the_admin_adds_a_clerk_is_refused_hearing_authority_a_and_removes_a_role(
    page, live_server, admin, officer, newcomer, docs_screenshot
):
    add_a_clerk(page, live_server, admin)
    be_refused_the_hearing_authority_for_the_officer(page, officer)
    docs_screenshot(page, "admin-staff-roles")
    remove_the_officers_role(page, admin)


def test_the_same_on_a_phone(phone_page, live_server, admin, officer, newcomer):
    add_a_clerk(phone_page, live_server, admin)
    be_refused_the_hearing_authority_for_the_officer(phone_page, officer)
    remove_the_officers_role(phone_page, admin)
