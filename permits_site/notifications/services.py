"""Writing messages into the outbox and delivering them (one service per action).

A message is written once per person and ``dedupe_key``; it is delivered after
the transaction that wrote it commits, by the background worker running
:func:`deliver_message`, the task defined here beside the services that queue it, or,
when the writing already runs in the worker (the messages of an audited change), by that
same worker right after its commit.
A person without an email address (entered at the counter) gets the same message
as a letter: the clerk prints it from the letters list and marks it posted.

Each copy is written in its reader's saved language (``User.language``), whoever's
action sent it and whatever language that person's browser reads; the copy is stored
as it was written.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from django.conf import settings
from django.contrib.contenttypes.models import ContentType
from django.core.mail import EmailMultiAlternatives
from django.db import IntegrityError, models, transaction
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone, translation
from django_tasks import task

from permits_site import audit
from permits_site.accounts import permissions
from permits_site.exceptions import InvalidTransition, PermissionDenied
from permits_site.licensing.templatetags.localised import explained_text
from permits_site.links import absolute_url
from permits_site.notifications.models import Message, Preference
from permits_site.rules.calendar import format_date

#: A message still unsent this long after it was written had its sending fail.
RETRY_AFTER = dt.timedelta(hours=1)


@dataclass(frozen=True)
class Draft:
    """A message before it is addressed: its kind, key and what its template reads.

    ``key`` names the event or the date it is about ("permit-expiry:12:2027-12-31");
    each person's copy adds their id, so the same draft written again is refused.
    ``template`` is the body's template when not the kind's own: a bylaw app keeps the
    words of its law's notices under its own templates.
    ``subject`` is English, or an :func:`~permits_site.rules.wording.explain` sentence that
    each copy says in its reader's language. ``reader`` is the person whose language every
    copy is written in: the member who applied, acts or holds for a business, so all its
    members read what that member reads; without one, each recipient's own. ``language``
    is set for messages to staff, which stay English as staff screens do.
    """

    kind: str
    key: str
    subject: str
    context: dict[str, Any] = field(default_factory=dict)
    about: models.Model | None = None
    municipality: Any = None
    is_legal_notice: bool = False
    is_reminder: bool = False
    template: str = ""
    reader: Any = None
    language: str = ""


def people_of(*, person=None, business=None) -> list:
    """Who hears about a party's records: every member of a business (``lifecycle.md``,
    "notices go to every member"), else the person."""
    if business is not None:
        return list(business.members.order_by("pk"))
    return [person] if person is not None else []


def write(draft: Draft, recipients: Iterable, *, in_worker: bool = False) -> list[Message]:
    """Write one copy of ``draft`` per recipient; those already written or (for a
    reminder) who asked for none are skipped. Each new email is delivered after commit:
    by a task of its own, or, ``in_worker`` (the caller is itself a background task), by
    this process, one after another — a failed send is logged, the others still go, and
    :func:`retry_unsent` sends it again later. A recipient without an email address gets a
    letter for the office to post."""
    written = []
    for recipient in _wanting(draft, recipients):
        message = _write_one(draft, recipient)
        if message is not None:
            written.append(message)
    for message in written:
        if message.is_letter:
            continue
        if in_worker:
            transaction.on_commit(lambda pk=message.pk: send_message(pk), robust=True)
        else:
            transaction.on_commit(lambda pk=message.pk: deliver_message.enqueue(pk))
    return written


def _wanting(draft: Draft, recipients: Iterable) -> list:
    people = {person.pk: person for person in recipients if person is not None}
    if draft.is_reminder and not draft.is_legal_notice:
        skipping = set(Preference.objects.filter(
            user_id__in=people, skip_reminders=True).values_list("user_id", flat=True))
        people = {pk: person for pk, person in people.items() if pk not in skipping}
    return list(people.values())


def _write_one(draft: Draft, recipient) -> Message | None:
    key = f"{draft.key}:{recipient.pk}"
    if Message.objects.filter(dedupe_key=key).exists():
        return None
    language = language_for(draft, recipient)
    with translation.override(language):
        subject = explained_text(draft.subject)[:200]
        text = _render_text(draft, recipient)
        html = _render_html(subject, text)
    about = draft.about
    try:
        with transaction.atomic():
            return Message.objects.create(
                recipient=recipient, email=recipient.email or None,
                postal_address="" if recipient.email else recipient.mailing_address,
                kind=draft.kind, language=language, subject=subject, text=text, html=html,
                dedupe_key=key, is_legal_notice=draft.is_legal_notice,
                is_reminder=draft.is_reminder, municipality=draft.municipality,
                content_type=ContentType.objects.get_for_model(about) if about else None,
                object_id=about.pk if about else None,
            )
    except IntegrityError:
        return None  # written meanwhile by another run: it goes once


def language_for(draft: Draft, recipient) -> str:
    """The language a copy is written in: the draft's own, else the saved language of its
    reader, else of the recipient; English when they chose none (a message has no browser
    to ask)."""
    return draft.language or (draft.reader or recipient).language or "en"


def _render_text(draft: Draft, recipient) -> str:
    context = {**draft.context, "recipient": recipient, "municipality": draft.municipality,
               "messages_url": absolute_url(reverse("notifications:messages"))}
    template = draft.template or f"notifications/email/{draft.kind}.txt"
    return render_to_string(template, context).strip() + "\n"


def _render_html(subject: str, text: str) -> str:
    return render_to_string("notifications/email/message.html",
                            {"subject": subject, "body": text.strip()})


def retry_unsent(*, older_than: dt.timedelta = RETRY_AFTER) -> int:
    """Send again, after commit, messages whose sending failed (the mail server was
    down): written more than ``older_than`` ago and still unsent."""
    unsent = list(Message.objects.filter(
        sent_at__isnull=True, email__isnull=False, created_at__lt=timezone.now() - older_than,
    ).values_list("pk", flat=True))
    for pk in unsent:
        transaction.on_commit(lambda pk=pk: deliver_message.enqueue(pk))
    return len(unsent)


@task()
def deliver_message(message_id: int) -> None:
    """Send one written message unless it was sent already (the outbox's task)."""
    send_message(message_id)


def send_message(message_id: int) -> None:
    """Send one written message unless it was sent already."""
    with transaction.atomic():
        message = Message.objects.select_for_update().filter(
            pk=message_id, sent_at__isnull=True, email__isnull=False).first()
        if message is None:
            return
        email = EmailMultiAlternatives(message.subject, message.text,
                                       settings.DEFAULT_FROM_EMAIL, [message.email])
        email.attach_alternative(message.html, "text/html")
        email.send()
        message.sent_at = timezone.now()
        message.save(update_fields=["sent_at"])


@transaction.atomic
def mark_letter_posted(*, letter: Message, acting_user) -> Message:
    """A clerk of the letter's town printed it and put it in the post (once)."""
    letter = Message.objects.select_for_update().get(pk=letter.pk)
    if not letter.is_letter or letter.municipality_id is None or not permissions.is_clerk(
            acting_user, letter.municipality_id):
        raise PermissionDenied("Only a clerk of the town posts its letters.")
    if letter.posted_at is not None:
        posted_on = format_date(timezone.localdate(letter.posted_at))
        raise InvalidTransition(f"This letter was marked posted on {posted_on}.")
    letter.posted_at = timezone.now()
    letter.posted_by = acting_user
    letter.save(update_fields=["posted_at", "posted_by"])
    audit.record(
        actor=acting_user, action="messages.letter_posted", subject=letter,
        municipality=letter.municipality,
        summary=f"Letter “{letter.subject}” posted to {letter.recipient.display_name}",
        before={"posted_at": None}, after={"posted_at": letter.posted_at.isoformat()},
    )
    return letter


@transaction.atomic
def set_preference(*, user, skip_reminders: bool) -> Preference:
    """Record whether ``user`` wants reminders (legal notices are always sent)."""
    preference, _ = Preference.objects.select_for_update().get_or_create(user=user)
    before = preference.skip_reminders
    preference.skip_reminders = skip_reminders
    preference.save(update_fields=["skip_reminders"])
    audit.record(
        actor=user, action="messages.preference_set", subject=preference,
        summary="Reminders turned off" if skip_reminders else "Reminders turned on",
        before={"skip_reminders": before}, after={"skip_reminders": skip_reminders},
    )
    return preference
