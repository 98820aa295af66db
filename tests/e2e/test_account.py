"""A resident's account in a real browser: a forgotten password reset from the email,
the profile, an email change confirmed from the new address, a password change.

Every page on the way is checked with axe for WCAG 2.1 AA. The live server runs in
this process, so the messages it sends are in ``django.core.mail.outbox``.
"""

import re

import pytest
from django.core import mail
from playwright.sync_api import Page, expect

from permits_site.accounts.models import User
from tests.e2e.conftest import assert_accessible, open_main_nav, sign_in
from tests.factories import PASSWORD, UserFactory

NEW_PASSWORD = "a-new-long-passphrase"
#: The "New password" field, not "New password confirmation".
NEW_PASSWORD_LABEL = re.compile(r"New password(?! confirmation)")


@pytest.fixture
def resident(db):
    return UserFactory(username="jane", first_name="Jane", last_name="Smith",
                       email="jane@example.org")


def link_in(message) -> str:
    return re.search(r"https?://\S+/", message.body).group(0)


def submit(page: Page, button: str) -> None:
    with page.expect_navigation():
        page.get_by_role("button", name=button).click()


def test_a_resident_resets_a_forgotten_password_from_the_email(page, live_server, resident):
    page.goto(f"{live_server.url}/accounts/sign-in/")
    page.get_by_role("link", name="Forgot your password?").click()
    expect(page.get_by_role("heading", name="Reset your password")).to_be_visible()
    assert_accessible(page)

    page.get_by_label("Email").fill("jane@example.org")
    submit(page, "Send the link")
    expect(page.get_by_role("heading", name="Check your email")).to_be_visible()
    assert_accessible(page)

    [message] = mail.outbox
    assert message.to == ["jane@example.org"]
    page.goto(link_in(message))
    expect(page.get_by_role("heading", name="Choose a new password")).to_be_visible()
    assert_accessible(page)
    page.get_by_label(NEW_PASSWORD_LABEL).fill(NEW_PASSWORD)
    page.get_by_label("New password confirmation").fill(NEW_PASSWORD)
    submit(page, "Save new password")
    expect(page.get_by_role("heading", name="Your new password is saved")).to_be_visible()
    assert_accessible(page)

    page.goto(link_in(message))
    expect(page.get_by_text("This password reset link is not valid")).to_be_visible()
    sign_in(page, live_server, "jane", NEW_PASSWORD)
    expect(page.get_by_text("Signed in as Jane Smith")).to_be_visible()


def test_a_resident_edits_the_profile_on_a_phone(phone_page, live_server, resident):
    page = phone_page
    sign_in(page, live_server, "jane", PASSWORD)
    open_main_nav(page)
    page.get_by_role("link", name="My account").click()
    expect(page).to_have_url(re.compile(r"/accounts/profile/$"))
    expect(page.get_by_role("heading", name="My account")).to_be_visible()
    assert_accessible(page)

    page.get_by_label("Street address").fill("")
    submit(page, "Save profile")
    expect(page.get_by_text("This field is required.")).to_be_visible()
    assert_accessible(page)

    page.get_by_label("First name").fill("Janet")
    page.get_by_label("Last name").fill("Smith-Jones")
    page.get_by_label("Street address").fill("12 Elm Street")
    page.get_by_label("City or town").fill("Concord")
    page.get_by_label("State").select_option("NH")
    page.get_by_label("ZIP code").fill("03301-1234")
    page.get_by_label("Phone (optional)").fill("978-555-0100")
    submit(page, "Save profile")

    expect(page.get_by_text("Your profile is saved.")).to_be_visible()
    expect(page.get_by_label("Street address")).to_have_value("12 Elm Street")
    resident.refresh_from_db()
    assert (resident.get_full_name(), resident.mailing_address, resident.phone) == (
        "Janet Smith-Jones", "12 Elm Street, Concord, NH 03301-1234", "978-555-0100")


def test_a_new_email_address_takes_effect_only_from_its_link(page, live_server, resident):
    sign_in(page, live_server, "jane", PASSWORD)
    page.goto(f"{live_server.url}/accounts/profile/")
    page.get_by_role("link", name="Change email address").click()
    expect(page.get_by_role("heading", name="Change email address")).to_be_visible()
    assert_accessible(page)

    page.get_by_label("New email address").fill("jane.smith@example.net")
    page.get_by_label("Your current password").fill(PASSWORD)
    submit(page, "Send the link")
    expect(page.get_by_text("We sent a link to jane.smith@example.net")).to_be_visible()
    assert User.objects.get(pk=resident.pk).email == "jane@example.org"
    [confirmation] = mail.outbox
    assert confirmation.to == ["jane.smith@example.net"]

    page.goto(link_in(confirmation))
    expect(page.get_by_role("heading", name="Confirm your new email address")).to_be_visible()
    assert_accessible(page)
    submit(page, "Confirm new email address")

    expect(page.get_by_text("Your email address is now jane.smith@example.net.")).to_be_visible()
    assert_accessible(page)
    assert User.objects.get(pk=resident.pk).email == "jane.smith@example.net"
    assert mail.outbox[-1].to == ["jane@example.org"]

    page.goto(link_in(confirmation))
    expect(page.get_by_text("This link has already been used")).to_be_visible()
    assert_accessible(page)


def test_a_resident_changes_the_password(page, live_server, resident):
    sign_in(page, live_server, "jane", PASSWORD)
    page.goto(f"{live_server.url}/accounts/profile/")
    page.get_by_role("link", name="Change password").click()
    expect(page.get_by_role("heading", name="Change password")).to_be_visible()
    assert_accessible(page)

    page.get_by_label("Old password").fill(PASSWORD)
    page.get_by_label(NEW_PASSWORD_LABEL).fill(NEW_PASSWORD)
    page.get_by_label("New password confirmation").fill(NEW_PASSWORD)
    submit(page, "Change password")
    expect(page.get_by_text("Your password is changed.")).to_be_visible()

    submit(page, "Sign out")
    sign_in(page, live_server, "jane", NEW_PASSWORD)
    expect(page.get_by_text("Signed in as Jane Smith")).to_be_visible()
