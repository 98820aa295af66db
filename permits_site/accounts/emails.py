"""The account's emails: rendered from ``templates/accounts/email/`` when the action
happens, in the person's saved language, sent by the worker once its transaction commits
(DESIGN, "email")."""

from __future__ import annotations

from functools import partial
from typing import Any

from django.db import transaction
from django.template.loader import render_to_string
from django.utils import translation

from permits_site.accounts.tasks import send_email

PASSWORD_RESET = "accounts/email/password_reset"
EMAIL_CHANGE_CONFIRM = "accounts/email/email_change_confirm"
EMAIL_CHANGED_NOTICE = "accounts/email/email_changed_notice"


def send_after_commit(template: str, context: dict[str, Any], to: str | None) -> None:
    """Render ``<template>_subject.txt``, ``.txt`` and ``.html`` and queue the message.

    A person entered at the counter may have no address (``to`` is None): nothing is sent,
    and the office reaches them by post or telephone (the outbox's letters list the notices
    it writes for such people).

    It is written in the language saved on the account (``context["user"].language``;
    English when none was chosen), not in the language of the page that sent it.
    """
    if not to:
        return
    with translation.override(context["user"].language or "en"):
        subject = " ".join(render_to_string(f"{template}_subject.txt", context).split())
        text = render_to_string(f"{template}.txt", context)
        html = render_to_string(f"{template}.html", context)
    transaction.on_commit(partial(send_email.enqueue, subject, text, html, [to]))
