"""The account pages: forgotten and changed passwords (Django's views in the site's
templates), the profile, and the email change confirmed from the new address."""

from __future__ import annotations

import datetime as dt
import re

import pytest
import time_machine
from django.core import mail
from django.urls import reverse
from django.utils import timezone

from permits_site import audit
from permits_site.accounts import tokens
from tests.e2e.plain_language import page_text
from tests.factories import PASSWORD

pytestmark = pytest.mark.django_db

PROFILE = reverse("accounts:profile")
EMAIL_CHANGE = reverse("accounts:email_change")
PASSWORD_CHANGE = reverse("accounts:password_change")
PASSWORD_RESET = reverse("accounts:password_reset")
NEW_PASSWORD = "a-new-long-passphrase"


@pytest.fixture
def committed(django_capture_on_commit_callbacks):
    """Make a request and run its after-commit work (its emails), as a real commit would."""
    def request(call, *args, **kwargs):
        with django_capture_on_commit_callbacks(execute=True):
            return call(*args, **kwargs)
    return request


def profile_data(user, **changes) -> dict[str, str]:
    data = {name: getattr(user, name) for name in (
        "first_name", "last_name", "street_address", "city", "state", "postal_code", "phone")}
    return {**data, **changes}


def link_in(message) -> str:
    return re.search(r"https?://[^/\s]+(/\S+/)", message.body).group(1)


def confirm_url(user, new_email: str) -> str:
    return reverse("accounts:email_confirm",
                   args=[tokens.make_email_change_token(user, new_email)])


# -- sign-in and password reset ----------------------------------------------------------


def test_the_sign_in_page_offers_a_password_reset(client):
    page = client.get(reverse("accounts:login")).content.decode()

    assert f'href="{PASSWORD_RESET}"' in page
    assert "Forgot your password?" in page


def test_the_usual_django_sign_in_address_leads_to_the_sign_in_page_keeping_next(client):
    response = client.get("/accounts/login/?next=/dashboard/")

    assert response.status_code == 301
    assert response["Location"] == f"{reverse('accounts:login')}?next=/dashboard/"
    assert client.get(response["Location"]).status_code == 200


@pytest.mark.parametrize("known", [True, False])
def test_the_reset_page_says_the_same_whether_or_not_the_address_has_an_account(
    client, resident, known, committed
):
    address = resident.email if known else "nobody@example.net"

    response = committed(client.post, PASSWORD_RESET, {"email": address}, follow=True)

    assert response.redirect_chain == [(reverse("accounts:password_reset_done"), 302)]
    assert "If an account uses that address" in response.content.decode()
    assert len(mail.outbox) == (1 if known else 0)


def test_the_reset_email_links_to_a_form_that_sets_the_new_password(
    client, resident, committed
):
    committed(client.post, PASSWORD_RESET, {"email": resident.email.upper()})
    message = mail.outbox[0]
    assert message.to == [resident.email]
    assert resident.username in message.body
    assert message.alternatives[0][1] == "text/html"

    form_page = client.get(link_in(message), follow=True)
    assert "Choose a new password" in form_page.content.decode()
    done = client.post(form_page.redirect_chain[-1][0],
                       {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
                       follow=True)

    assert done.redirect_chain[-1][0] == reverse("accounts:password_reset_complete")
    resident.refresh_from_db()
    assert resident.check_password(NEW_PASSWORD)
    assert audit.history_of(resident).get().action == "account.password_reset"
    assert client.post(reverse("accounts:login"), {"username": resident.username,
                                                   "password": NEW_PASSWORD}).status_code == 302


def test_a_used_or_forged_reset_link_says_so(client, resident):
    response = client.get(reverse("accounts:password_reset_confirm",
                                  args=["MQ", "forged-token"]), follow=True)

    assert "This password reset link is not valid" in response.content.decode()


def test_a_weak_new_password_is_refused_on_its_field(client, resident, committed):
    committed(client.post, PASSWORD_RESET, {"email": resident.email})
    form_page = client.get(link_in(mail.outbox[0]), follow=True)

    response = client.post(form_page.redirect_chain[-1][0],
                           {"new_password1": "123", "new_password2": "123"})

    assert response.status_code == 200
    assert "This password is too short" in response.content.decode()
    resident.refresh_from_db()
    assert resident.check_password(PASSWORD)


# -- password change ---------------------------------------------------------------------


def test_password_change_keeps_the_person_signed_in(client, resident):
    client.force_login(resident)

    response = client.post(PASSWORD_CHANGE, {
        "old_password": PASSWORD, "new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD,
    }, follow=True)

    assert response.redirect_chain == [(PROFILE, 302)]
    assert "Your password is changed." in response.content.decode()
    resident.refresh_from_db()
    assert resident.check_password(NEW_PASSWORD)
    assert audit.history_of(resident).get().action == "account.password_changed"


def test_password_change_refuses_a_wrong_old_password(client, resident):
    client.force_login(resident)

    response = client.post(PASSWORD_CHANGE, {
        "old_password": "wrong", "new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD,
    })

    assert "Your old password was entered incorrectly" in response.content.decode()
    resident.refresh_from_db()
    assert resident.check_password(PASSWORD)


@pytest.mark.parametrize("url", [PROFILE, EMAIL_CHANGE, PASSWORD_CHANGE])
def test_account_pages_need_a_sign_in(client, url):
    response = client.get(url)

    assert response.status_code == 302
    assert response.url.startswith(reverse("accounts:login"))


# -- profile -----------------------------------------------------------------------------


def test_the_profile_shows_the_signed_in_persons_own_details(client, resident, other_resident):
    client.force_login(resident)

    page = client.get(PROFILE).content.decode()

    assert resident.street_address in page
    assert resident.email in page
    assert other_resident.email not in page
    assert f'href="{EMAIL_CHANGE}"' in page
    assert f'href="{PASSWORD_CHANGE}"' in page


def test_the_profile_saves_name_address_and_phone(client, resident):
    client.force_login(resident)

    response = client.post(PROFILE, profile_data(
        resident, first_name="Janet", street_address="12 Elm Street", phone="978-555-0100"),
        follow=True)

    assert response.redirect_chain == [(PROFILE, 302)]
    assert "Your profile is saved." in response.content.decode()
    resident.refresh_from_db()
    assert (resident.first_name, resident.street_address, resident.phone) == (
        "Janet", "12 Elm Street", "978-555-0100")


@pytest.mark.parametrize(("field", "value", "message"), [
    ("street_address", "", "This field is required."),
    ("postal_code", "1845", "Enter a ZIP code like 01845 or 01845-1234."),
])
def test_bad_profile_input_names_the_field_and_changes_nothing(
    client, resident, field, value, message
):
    client.force_login(resident)
    before = profile_data(resident)

    response = client.post(PROFILE, profile_data(resident, first_name="Janet", **{field: value}))

    assert response.status_code == 200
    assert response.context["form"].errors == {field: [message]}
    resident.refresh_from_db()
    assert profile_data(resident) == before


def test_the_profile_form_cannot_change_the_email_or_other_fields(client, resident):
    client.force_login(resident)
    old_email = resident.email

    client.post(PROFILE, {**profile_data(resident), "email": "x@example.net",
                          "is_staff": "on", "username": "root"})

    resident.refresh_from_db()
    assert (resident.email, resident.is_staff) == (old_email, False)
    assert resident.username != "root"


# -- email change ------------------------------------------------------------------------


def test_asking_for_an_email_change_mails_the_new_address_only(client, resident, committed):
    client.force_login(resident)
    old_email = resident.email

    response = committed(client.post, EMAIL_CHANGE,
                         {"email": "jane.new@example.net", "password": PASSWORD}, follow=True)

    assert response.redirect_chain == [(PROFILE, 302)]
    assert "We sent a link to jane.new@example.net" in response.content.decode()
    assert [message.to for message in mail.outbox] == [["jane.new@example.net"]]
    resident.refresh_from_db()
    assert resident.email == old_email


def test_the_page_its_message_and_the_email_say_the_change_waits_for_confirm(
    client, resident, committed
):
    """Opening the link changes nothing: the page it opens asks to press Confirm."""
    client.force_login(resident)

    page = page_text(client.get(EMAIL_CHANGE).content.decode())
    sent = page_text(committed(client.post, EMAIL_CHANGE,
                               {"email": "jane.new@example.net", "password": PASSWORD},
                               follow=True).content.decode())

    assert "It stays so until you open the link we send to the new address and press " \
           "Confirm." in page
    assert "the change takes effect once you open it and press Confirm" in page
    assert "Your email address changes once you open it and press Confirm; until then it " \
           f"stays {resident.email}." in sent
    assert "when you open it" not in page + sent
    assert "open this link within 3 days and press Confirm" in mail.outbox[0].body


def test_the_old_address_keeps_working_until_the_link_is_followed(
    client, resident, committed
):
    client.force_login(resident)
    old_email = resident.email
    committed(client.post, EMAIL_CHANGE, {"email": "jane.new@example.net", "password": PASSWORD})
    client.logout()

    committed(client.post, PASSWORD_RESET, {"email": "jane.new@example.net", "password": PASSWORD})
    committed(client.post, PASSWORD_RESET, {"email": old_email})

    assert [message.to for message in mail.outbox[1:]] == [[old_email]]


@pytest.mark.parametrize(("value", "message"), [
    ("not-an-address", "Enter a valid email address."),
    ("", "This field is required."),
])
def test_a_malformed_new_address_is_refused_on_its_field(client, resident, value, message):
    client.force_login(resident)

    response = client.post(EMAIL_CHANGE, {"email": value, "password": PASSWORD})

    assert response.context["form"].errors == {"email": [message]}
    assert mail.outbox == []


def test_an_address_used_by_another_account_is_refused_on_its_field(
    client, resident, other_resident
):
    client.force_login(resident)

    response = client.post(EMAIL_CHANGE, {"email": other_resident.email, "password": PASSWORD})

    assert response.context["form"].errors == {
        "email": ["Another account already uses this email address."]}
    assert mail.outbox == []


def test_an_email_change_needs_the_current_password(client, resident, committed):
    client.force_login(resident)

    response = committed(client.post, EMAIL_CHANGE,
                         {"email": "jane.new@example.net", "password": "wrong"})

    assert response.context["form"].errors == {
        "password": ["Your password was entered incorrectly. Please enter it again."]}
    assert mail.outbox == []


def test_the_link_asks_before_it_changes_anything(client, resident):
    old_email = resident.email
    url = confirm_url(resident, "jane.new@example.net")

    page = client.get(url).content.decode()

    assert "jane.new@example.net" in page
    assert 'type="submit"' in page
    resident.refresh_from_db()
    assert resident.email == old_email


def test_confirming_the_link_changes_the_address_without_a_sign_in(client, resident):
    url = confirm_url(resident, "jane.new@example.net")

    response = client.post(url, follow=True)

    assert "Your email address is now jane.new@example.net." in response.content.decode()
    resident.refresh_from_db()
    assert resident.email == "jane.new@example.net"


def test_an_expired_link_is_refused_with_a_clear_message(client, resident):
    url = confirm_url(resident, "jane.new@example.net")

    with time_machine.travel(timezone.now() + dt.timedelta(days=4)):
        page = client.get(url).content.decode()
        response = client.post(url)

    assert "This link has expired" in page
    assert 'type="submit"' not in page.split("<main", 1)[1]
    assert response.status_code == 400
    assert "This link has expired" in response.content.decode()
    resident.refresh_from_db()
    assert resident.email != "jane.new@example.net"


def test_a_forged_link_is_refused_with_a_clear_message(client, resident):
    response = client.post(reverse("accounts:email_confirm", args=["forged:token:value"]))

    assert response.status_code == 400
    assert "This link is not valid" in response.content.decode()
