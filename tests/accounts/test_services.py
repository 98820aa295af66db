"""A resident's own account at the service level: the profile, the password and the
email address, whose change takes effect only from the link sent to the new address."""

from __future__ import annotations

import datetime as dt
import re

import pytest
import time_machine
from axes.models import AccessAttempt
from django.core import mail
from django.utils import timezone

from permits_site import audit
from permits_site.accounts import services, tokens
from permits_site.exceptions import DomainError
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

SITE = "https://permits.example.org"


@pytest.fixture(autouse=True)
def _site_url(settings):
    """The links in the messages start with the site's address (``SITE_URL``)."""
    settings.SITE_URL = SITE


def confirmation_token(message) -> str:
    """The token in the confirmation link of an email-change message."""
    return re.search(r"/accounts/email/confirm/([^/\s\"]+)/", message.body).group(1)


def request_change(user, new_email: str, capture) -> str:
    with capture(execute=True):
        services.request_email_change(user, new_email)
    return confirmation_token(mail.outbox[-1])


# -- profile -------------------------------------------------------------------------


def test_profile_update_saves_the_contact_details_with_an_audit_entry(resident):
    old_street = resident.street_address

    services.update_profile(resident, first_name="Janet", last_name="Smith",
                            street_address="12 Elm Street", city="North Andover",
                            postal_code="01845", phone="978-555-0100")

    resident.refresh_from_db()
    assert (resident.first_name, resident.street_address, resident.phone) == (
        "Janet", "12 Elm Street", "978-555-0100")
    entry = audit.history_of(resident).get()
    assert entry.action == "account.profile_updated"
    assert entry.actor == resident
    assert entry.before == {"first_name": "Jane", "street_address": old_street, "phone": ""}
    assert entry.after == {"first_name": "Janet", "street_address": "12 Elm Street",
                           "phone": "978-555-0100"}


def test_profile_update_without_a_change_writes_no_audit_entry(resident):
    services.update_profile(resident, first_name=resident.first_name,
                            last_name=resident.last_name,
                            street_address=resident.street_address, city=resident.city,
                            postal_code=resident.postal_code, phone=resident.phone)

    assert not audit.history_of(resident).exists()


def test_profile_update_refuses_fields_outside_the_profile(resident):
    with pytest.raises(TypeError, match="email"):
        services.update_profile(resident, first_name="Janet", email="x@example.net")

    resident.refresh_from_db()
    assert resident.first_name == "Jane"


# -- email change: the request ---------------------------------------------------------


def test_requesting_a_change_mails_a_link_to_the_new_address_and_changes_nothing(
    resident, django_capture_on_commit_callbacks
):
    old_email = resident.email

    token = request_change(resident, "jane.new@example.net",
                           django_capture_on_commit_callbacks)

    resident.refresh_from_db()
    assert resident.email == old_email
    message = mail.outbox[-1]
    assert message.to == ["jane.new@example.net"]
    assert f"{SITE}/accounts/email/confirm/{token}/" in message.body
    html, mimetype = message.alternatives[0]
    assert mimetype == "text/html"
    assert f"{SITE}/accounts/email/confirm/{token}/" in html


def test_no_message_is_sent_before_the_request_commits(
    resident, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        services.request_email_change(resident, "jane.new@example.net")

    assert mail.outbox == []
    assert len(callbacks) == 1


def test_the_current_address_is_refused_as_a_new_one(resident):
    with pytest.raises(DomainError) as refused:
        services.request_email_change(resident, resident.email.upper())

    assert refused.value.errors == {"email": ["That is already your email address."]}
    assert mail.outbox == []


def test_an_address_of_another_account_is_refused_whatever_its_case(
    resident, other_resident
):
    with pytest.raises(DomainError) as refused:
        services.request_email_change(resident, other_resident.email.upper())

    assert refused.value.errors == {
        "email": ["Another account already uses this email address."]}
    assert mail.outbox == []


# -- email change: the confirmation ------------------------------------------------------


def test_confirming_the_link_changes_the_address_audits_and_tells_the_old_one(
    resident, django_capture_on_commit_callbacks
):
    old_email = resident.email
    token = request_change(resident, "Jane.New@EXAMPLE.NET",
                           django_capture_on_commit_callbacks)

    with django_capture_on_commit_callbacks(execute=True):
        changed = services.confirm_email_change(token)

    assert changed == resident
    resident.refresh_from_db()
    assert resident.email == "Jane.New@example.net"
    entry = audit.history_of(resident).get()
    assert entry.action == "account.email_changed"
    assert entry.actor == resident
    assert (entry.before, entry.after) == ({"email": old_email},
                                           {"email": "Jane.New@example.net"})
    notice = mail.outbox[-1]
    assert notice.to == [old_email]
    assert "Jane.New@example.net" in notice.body
    assert notice.alternatives[0][1] == "text/html"


def test_a_link_is_refused_after_three_days(resident, django_capture_on_commit_callbacks):
    token = request_change(resident, "jane.new@example.net",
                           django_capture_on_commit_callbacks)

    later = timezone.now() + dt.timedelta(days=3, minutes=1)
    with time_machine.travel(later), pytest.raises(DomainError) as refused:
        services.confirm_email_change(token)

    assert "expired" in str(refused.value)
    resident.refresh_from_db()
    assert resident.email != "jane.new@example.net"
    assert not audit.history_of(resident).exists()


def test_a_link_within_three_days_still_works(resident, django_capture_on_commit_callbacks):
    token = request_change(resident, "jane.new@example.net",
                           django_capture_on_commit_callbacks)

    with time_machine.travel(timezone.now() + dt.timedelta(days=2, hours=23)):
        services.confirm_email_change(token)

    resident.refresh_from_db()
    assert resident.email == "jane.new@example.net"


@pytest.mark.parametrize("tamper", [
    lambda token: token[:-2] + ("AA" if not token.endswith("AA") else "BB"),
    lambda token: "not-a-token",
])
def test_a_forged_link_is_refused(resident, django_capture_on_commit_callbacks, tamper):
    token = request_change(resident, "jane.new@example.net",
                           django_capture_on_commit_callbacks)

    with pytest.raises(DomainError) as refused:
        services.confirm_email_change(tamper(token))

    assert "not valid" in str(refused.value)
    resident.refresh_from_db()
    assert resident.email != "jane.new@example.net"


def test_a_token_signed_for_another_purpose_is_refused(resident):
    from django.core.signing import TimestampSigner

    forged = TimestampSigner().sign_object(
        {"user": resident.pk, "email": "thief@example.net", "was": resident.email})

    with pytest.raises(DomainError, match="not valid"):
        services.confirm_email_change(forged)


def test_a_link_works_once(resident, django_capture_on_commit_callbacks):
    token = request_change(resident, "jane.new@example.net",
                           django_capture_on_commit_callbacks)
    services.confirm_email_change(token)

    with pytest.raises(DomainError, match="already been used"):
        services.confirm_email_change(token)


def test_an_older_link_dies_when_a_newer_change_is_confirmed(
    resident, django_capture_on_commit_callbacks
):
    first = request_change(resident, "first@example.net", django_capture_on_commit_callbacks)
    second = request_change(resident, "second@example.net",
                            django_capture_on_commit_callbacks)
    services.confirm_email_change(second)

    with pytest.raises(DomainError, match="already been used"):
        services.confirm_email_change(first)
    resident.refresh_from_db()
    assert resident.email == "second@example.net"


def test_an_address_taken_by_another_account_meanwhile_is_refused_at_confirmation(
    resident, django_capture_on_commit_callbacks
):
    token = request_change(resident, "wanted@example.net", django_capture_on_commit_callbacks)
    UserFactory(email="WANTED@example.net")

    with pytest.raises(DomainError) as refused:
        services.confirm_email_change(token)

    assert refused.value.errors == {
        "email": ["Another account already uses this email address."]}
    resident.refresh_from_db()
    assert resident.email != "wanted@example.net"


def test_the_token_carries_the_account_and_both_addresses(resident):
    token = tokens.make_email_change_token(resident, "jane.new@example.net")

    assert tokens.read_email_change_token(token) == tokens.EmailChange(
        user_id=resident.pk, new_email="jane.new@example.net", old_email=resident.email)


# -- passwords ---------------------------------------------------------------------------


def test_changing_the_password_is_audited(resident):
    services.change_password(resident, "a-new-long-passphrase")

    resident.refresh_from_db()
    assert resident.check_password("a-new-long-passphrase")
    entry = audit.history_of(resident).get()
    assert (entry.action, entry.actor) == ("account.password_changed", resident)
    assert entry.before == entry.after == {}


def test_resetting_the_password_is_audited_and_lifts_sign_in_locks(resident, other_resident):
    for person in (resident, other_resident):
        AccessAttempt.objects.create(username=person.username, ip_address="203.0.113.66",
                                     user_agent="", failures_since_start=5)

    services.reset_password(resident, "a-new-long-passphrase")

    resident.refresh_from_db()
    assert resident.check_password("a-new-long-passphrase")
    assert audit.history_of(resident).get().action == "account.password_reset"
    assert list(AccessAttempt.objects.values_list("username", flat=True)) == [
        other_resident.username]
