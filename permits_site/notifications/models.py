"""The outbox: every message sent to a person, kept so that none goes twice."""

from __future__ import annotations

from django.conf import settings
from django.contrib.contenttypes.models import ContentType
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


class MessageKind(models.TextChoices):
    SUBMITTED = "submitted", _("Application received")
    CHANGES_REQUESTED = "changes_requested", _("Changes requested")
    APPROVED = "approved", _("Application approved")
    ISSUED = "issued", _("Permit issued")
    DENIED = "denied", _("Application denied")
    PAYMENT_RECEIVED = "payment_received", _("Payment received")
    CITATION_ISSUED = "citation_issued", _("Citation")
    HEARING_SCHEDULED = "hearing_scheduled", _("Hearing scheduled")
    ORDER_ISSUED = "order_issued", _("Order to correct")
    PERMIT_EXPIRING = "permit_expiring", _("Permit expiring")
    ORDER_DUE = "order_due", _("Order falls due")
    CITATION_DUE = "citation_due", _("Citation falls due")
    RENEWAL_NOTICE = "renewal_notice", _("Renewal notice")
    STAFF_DIGEST = "staff_digest", _("Overdue items")
    ANIMAL_IMPOUNDED = "animal_impounded", _("Animal impounded")
    ANIMAL_FOUND = "animal_found", _("Animal reported found")
    INSPECTION_SCHEDULED = "inspection_scheduled", _("Inspection date")
    INSPECTION_RESULT = "inspection_result", _("Inspection result")
    CASE_DECIDED = "case_decided", _("Decision")


class Message(models.Model):
    """One message to one person: an email, or — for a person without an email address —
    a letter the office prints and posts to their mailing address. ``dedupe_key`` is
    unique: writing the same message twice (an event handled again, the daily command
    run twice) changes nothing."""

    recipient = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="messages"
    )
    #: None for a letter, as the recipient's own address is none (``User.email``).
    email = models.EmailField(null=True, blank=True,  # noqa: DJ001
                              help_text="The address it went to; none for a letter.")
    postal_address = models.CharField(
        max_length=320, blank=True, help_text="A letter's: the recipient's mailing address "
        "when it was written.")
    posted_at = models.DateTimeField(null=True, blank=True)
    posted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True,
        related_name="+",
    )
    kind = models.CharField(max_length=30, choices=MessageKind.choices)
    language = models.CharField(
        max_length=10, choices=settings.LANGUAGES, default="en",
        help_text="The language it was written in: its reader's when it was written.")
    subject = models.CharField(max_length=200)
    text = models.TextField()
    html = models.TextField()
    dedupe_key = models.CharField(max_length=200, unique=True)
    is_legal_notice = models.BooleanField(
        default=False, help_text="Always sent, whatever the person's reminder preference."
    )
    is_reminder = models.BooleanField(default=False)
    municipality = models.ForeignKey(
        "towns.Municipality", on_delete=models.PROTECT, null=True, blank=True,
        related_name="+",
    )
    content_type = models.ForeignKey(
        ContentType, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    object_id = models.PositiveBigIntegerField(null=True, blank=True)
    created_at = models.DateTimeField(default=timezone.now)
    sent_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        indexes = [models.Index(fields=["recipient", "-created_at"])]
        constraints = [
            models.CheckConstraint(condition=~models.Q(email=""), name="message_email_or_none"),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} to {self.email or self.postal_address}: {self.subject}"

    @property
    def is_letter(self) -> bool:
        return self.email is None


class Preference(models.Model):
    """What a person chose to receive. Legal notices ignore it."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="message_preference"
    )
    skip_reminders = models.BooleanField(
        _("Do not send me reminders"),
        default=False,
        help_text=_("Reminders of expiring permits, renewals and dates coming up. Legal "
                    "notices (decisions, citations, orders, hearings) are always sent."),
    )

    def __str__(self) -> str:
        return f"{self.user}: {'no reminders' if self.skip_reminders else 'all messages'}"
