"""The signed link that confirms a new email address.

The token carries the account, the new address and the address it replaces,
signed with the site's secret and timestamped: it is refused once
``EMAIL_CHANGE_MAX_AGE`` has passed, and once the account's address is no longer
the one it replaces (so it works once, and a newer confirmed change voids it).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from django.core import signing

EMAIL_CHANGE_MAX_AGE = timedelta(days=3)
_SALT = "permits_site.accounts.email-change"


class EmailChangeTokenExpired(Exception):
    """The link is older than ``EMAIL_CHANGE_MAX_AGE``."""


class EmailChangeTokenInvalid(Exception):
    """The link was not signed by this site for an email change."""


@dataclass(frozen=True)
class EmailChange:
    user_id: int
    new_email: str
    old_email: str


def make_email_change_token(user, new_email: str) -> str:
    return signing.TimestampSigner(salt=_SALT).sign_object(
        {"user": user.pk, "email": new_email, "was": user.email}
    )


def read_email_change_token(token: str) -> EmailChange:
    """The change a token asks for; raises if it is expired, altered or not ours."""
    try:
        payload = signing.TimestampSigner(salt=_SALT).unsign_object(
            token, max_age=EMAIL_CHANGE_MAX_AGE
        )
    except signing.SignatureExpired as expired:
        raise EmailChangeTokenExpired from expired
    except signing.BadSignature as bad:
        raise EmailChangeTokenInvalid from bad
    return EmailChange(user_id=payload["user"], new_email=payload["email"],
                       old_email=payload["was"])
