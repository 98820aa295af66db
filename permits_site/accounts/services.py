"""A person's own account: profile, password and email address.

Every change is one transaction with an audit entry whose actor is the person.
A new email address takes effect only from the signed link mailed to it
(``tokens``); until then the old address keeps receiving notices and resets.
"""

from __future__ import annotations

from axes.utils import reset as reset_sign_in_locks
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.base_user import BaseUserManager
from django.db import IntegrityError, transaction
from django.utils.translation import gettext_noop

from permits_site import audit
from permits_site.accounts import emails, tokens
from permits_site.accounts.models import User
from permits_site.exceptions import DomainError
from permits_site.links import site_url
from permits_site.rules.wording import explain

PROFILE_FIELDS = ("first_name", "last_name", "street_address", "city", "state", "postal_code",
                  "phone")
ADDRESS_TAKEN = gettext_noop("Another account already uses this email address.")
ALREADY_YOURS = gettext_noop("That is already your email address.")
LINK_EXPIRED = explain(gettext_noop(
    "This link has expired (links work for %(days)s days). Ask for a new one from your "
    "profile."), days=tokens.EMAIL_CHANGE_MAX_AGE.days)
LINK_INVALID = gettext_noop("This link is not valid. Copy the whole link from the email, or "
                            "ask for a new one from your profile.")
LINK_USED = gettext_noop("This link has already been used, or your email address has changed "
                         "since it was sent. Your current address is on your profile.")


@transaction.atomic
def update_profile(user: User, **details: str) -> User:
    """Save the name, mailing address and phone (``PROFILE_FIELDS``) the person typed."""
    if unknown := set(details) - set(PROFILE_FIELDS):
        raise TypeError(f"Not profile fields: {', '.join(sorted(unknown))}")
    changed = {name: value for name, value in details.items() if getattr(user, name) != value}
    if not changed:
        return user
    before = {name: getattr(user, name) for name in changed}
    for name, value in changed.items():
        setattr(user, name, value)
    user.save(update_fields=list(changed))
    audit.record(actor=user, action="account.profile_updated", subject=user,
                 summary=f"{user.username} updated their profile", before=before,
                 after=changed)
    return user


def request_email_change(user: User, new_email: str) -> None:
    """Mail a confirmation link to ``new_email``; nothing changes until it is followed.

    The link starts with ``SITE_URL`` (``permits_site.links``). Refused when the
    address is already the person's or another account's. It writes nothing, so
    it leaves no audit entry: the confirmation does.
    """
    new_email = BaseUserManager.normalize_email(new_email.strip())
    if user.email and new_email.lower() == user.email.lower():
        raise DomainError(ALREADY_YOURS, field="email")
    _refuse_if_taken(user, new_email)
    emails.send_after_commit(emails.EMAIL_CHANGE_CONFIRM, {
        "user": user, "new_email": new_email, "site_url": site_url(),
        "token": tokens.make_email_change_token(user, new_email),
        "valid_days": tokens.EMAIL_CHANGE_MAX_AGE.days,
    }, new_email)


def pending_email_change(token: str, *, for_update: bool = False
                         ) -> tuple[User, tokens.EmailChange]:
    """The account and the change a confirmation link asks for, or the reason it cannot
    be made: expired, altered, or already used (the account's address is no longer
    the one it replaces, so a link works once and a newer confirmed change voids it)."""
    try:
        change = tokens.read_email_change_token(token)
    except tokens.EmailChangeTokenExpired as expired:
        raise DomainError(LINK_EXPIRED) from expired
    except tokens.EmailChangeTokenInvalid as invalid:
        raise DomainError(LINK_INVALID) from invalid
    people = get_user_model().objects
    if for_update:
        people = people.select_for_update()
    user = people.filter(pk=change.user_id).first()
    if user is None or user.email != change.old_email:
        raise DomainError(LINK_USED)
    return user, change


@transaction.atomic
def confirm_email_change(token: str) -> User:
    """Apply the change a confirmation link carries, and tell the old address.

    Refused as ``pending_email_change`` refuses, and when the new address has
    meanwhile been taken by another account.
    """
    user, change = pending_email_change(token, for_update=True)
    _refuse_if_taken(user, change.new_email)
    user.email = change.new_email
    try:
        with transaction.atomic():
            user.save(update_fields=["email"])
    except IntegrityError as taken:
        raise DomainError(ADDRESS_TAKEN, field="email") from taken
    audit.record(actor=user, action="account.email_changed", subject=user,
                 summary=f"{user.username} confirmed a new email address",
                 before={"email": change.old_email}, after={"email": change.new_email})
    emails.send_after_commit(emails.EMAIL_CHANGED_NOTICE, {"user": user}, change.old_email)
    return user


@transaction.atomic
def change_password(user: User, new_password: str) -> User:
    """The signed-in person sets a new password, having typed the old one."""
    return _set_password(user, new_password, action="account.password_changed",
                         summary=f"{user.username} changed their password")


@transaction.atomic
def reset_password(user: User, new_password: str) -> User:
    """A new password from a reset link mailed to the account's address.

    Following the link proves control of the account, so any sign-in lock on its
    username (django-axes) is lifted: the person can sign in at once.
    """
    reset_sign_in_locks(username=user.username)
    return _set_password(user, new_password, action="account.password_reset",
                         summary=f"{user.username} reset their password from an emailed link")


def _set_password(user: User, new_password: str, *, action: str, summary: str) -> User:
    user.set_password(new_password)
    user.save(update_fields=["password"])
    audit.record(actor=user, action=action, subject=user, summary=summary)
    return user


def _refuse_if_taken(user: User, email: str) -> None:
    others = get_user_model().objects.exclude(pk=user.pk)
    if others.filter(email__iexact=email).exists():
        raise DomainError(ADDRESS_TAKEN, field="email")



def save_language(user: User, language: str) -> User:
    """Keep the language the person chose with the switcher, so signing in anywhere applies
    it (``settings.LANGUAGES``; e-mails and PDFs will read it too)."""
    if language not in dict(settings.LANGUAGES):
        raise TypeError(f"Not a language of the site: {language}")
    if user.language != language:
        before = user.language
        user.language = language
        user.save(update_fields=["language"])
        audit.record(actor=user, action="account.language_chosen", subject=user,
                     summary=f"{user.username} chose to read the site in {language}",
                     before={"language": before}, after={"language": language})
    return user
