"""Applications, their documents and the reviewer's written determinations."""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_noop

from permits_site.licensing.models.permit_types import PermitType
from permits_site.towns.models import Municipality

#: Stored text (audit summaries, search results) keeps these English words; pages translate
#: them for residents with ``{% translate %}`` (docs/development/translations.md).
ACTION_LABELS = {
    "new": gettext_noop("New"),
    "renewal": gettext_noop("Renewal"),
    "transfer": gettext_noop("Transfer"),
    "replacement_tag": gettext_noop("Replacement tag"),
    "release": gettext_noop("Release"),
    "adoption": gettext_noop("Adoption"),
    "sale": gettext_noop("Sale"),
}


def action_label(action: str) -> str:
    """The action in words ("Renewal"); an action without a label here reads as its code in
    words ("replacement_tag" → "Replacement tag")."""
    return ACTION_LABELS.get(action) or action.replace("_", " ").capitalize()


class ApplicationStatus(models.TextChoices):
    DRAFT = "draft", gettext_noop("Draft")
    SUBMITTED = "submitted", gettext_noop("Submitted")
    UNDER_REVIEW = "under_review", gettext_noop("Under review")
    APPROVED = "approved", gettext_noop("Approved")
    ISSUED = "issued", gettext_noop("Issued")
    DENIED = "denied", gettext_noop("Denied")
    WITHDRAWN = "withdrawn", gettext_noop("Withdrawn")


OPEN_STATUSES = (
    ApplicationStatus.SUBMITTED,
    ApplicationStatus.UNDER_REVIEW,
    ApplicationStatus.APPROVED,
)


class Application(models.Model):
    """A request for a permit; its typed details live in the bylaw app's model."""

    municipality = models.ForeignKey(
        Municipality, on_delete=models.PROTECT, related_name="applications"
    )
    permit_type = models.ForeignKey(
        PermitType, on_delete=models.PROTECT, related_name="applications"
    )
    action = models.CharField(max_length=30)
    applicant = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="applications"
    )
    business = models.ForeignKey(
        "parties.Business",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="applications",
        help_text="The business that is to hold the permit; blank: the applicant holds it.",
    )
    place = models.ForeignKey(
        "parties.Property",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="applications",
        help_text="The place the permit is about.",
    )
    status = models.CharField(
        max_length=20, choices=ApplicationStatus.choices, default=ApplicationStatus.DRAFT
    )
    previous_permit = models.ForeignKey(
        "Permit",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="follow_up_applications",
        help_text="The license renewed, transferred or given a replacement tag.",
    )
    facts = models.JSONField(default=dict, blank=True)
    details = models.JSONField(
        default=dict, blank=True, help_text="Declared fields that are not rule-set facts."
    )
    changes_requested = models.TextField(blank=True)
    decision_reason = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    submitted_on = models.DateField(null=True, blank=True)
    decided_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        indexes = [models.Index(fields=["municipality", "status"])]

    def __str__(self) -> str:
        return f"{self.permit_type.name} application #{self.pk}"

    @property
    def is_returned(self) -> bool:
        """A draft the office sent back, saying what to change (``request_changes``)."""
        return self.status == ApplicationStatus.DRAFT and bool(self.changes_requested)

    @property
    def status_label(self) -> str:
        """The status as the applicant reads it: a returned draft is not a new draft."""
        if self.is_returned:
            return gettext_noop("Returned for changes")
        return self.get_status_display()

    @property
    def action_label(self) -> str:
        return action_label(self.action)

    @property
    def party(self):
        """Who holds the permit and pays: the business, else the applicant."""
        return self.business or self.applicant

    def passed_inspection(self, *, check_code: str = ""):
        """The latest closed, passed inspection of the application (against ``check_code``
        when given), or None; reads prefetched ``inspections``."""
        passed = [
            inspection for inspection in self.inspections.all()
            if (not check_code or inspection.check_code == check_code) and inspection.passed
        ]
        return max(passed, key=lambda inspection: (inspection.inspected_on, inspection.pk),
                   default=None)


class DocumentStatus(models.TextChoices):
    PENDING = "pending", gettext_noop("Waiting for review")
    ACCEPTED = "accepted", gettext_noop("Accepted")
    REJECTED = "rejected", gettext_noop("Not accepted")


def document_path(document: Document, filename: str) -> str:
    """Random names under MEDIA_ROOT; the original name is kept only as data."""
    return f"documents/{document.municipality_id}/{secrets.token_hex(16)}"


class Document(models.Model):
    """An uploaded PDF or image, checked by content, served only to its owner and staff."""

    municipality = models.ForeignKey(
        Municipality, on_delete=models.PROTECT, related_name="documents"
    )
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="documents"
    )
    application = models.ForeignKey(
        Application, on_delete=models.PROTECT, related_name="documents", null=True, blank=True
    )
    kind = models.CharField(max_length=40)
    file = models.FileField(upload_to=document_path)
    original_name = models.CharField(max_length=200)
    content_type = models.CharField(max_length=40)
    size = models.PositiveIntegerField()
    sha256 = models.CharField(max_length=64)
    valid_until = models.DateField(
        null=True, blank=True, help_text="Expiry or end date the document states."
    )
    status = models.CharField(
        max_length=10, choices=DocumentStatus.choices, default=DocumentStatus.PENDING
    )
    rejection_reason = models.CharField(
        max_length=500, blank=True,
        help_text="Why the document is not accepted, as its applicant is told; empty otherwise.",
    )
    uploaded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    uploaded_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-uploaded_at"]

    def __str__(self) -> str:
        return f"{self.kind} ({self.original_name})"


class ReviewDetermination(models.Model):
    """A reviewer's written determination of a ``needs_review`` finding.

    Until one is recorded the finding holds issuance (spec ``lifecycle.md``,
    "What a failed rule does"); an acceptable one is printed on the permit
    with the reviewer's name, a not-acceptable one keeps blocking.
    """

    application = models.ForeignKey(
        Application, on_delete=models.PROTECT, related_name="determinations"
    )
    rule_id = models.CharField(max_length=80)
    acceptable = models.BooleanField()
    note = models.TextField()
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    decided_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["decided_at", "pk"]

    def __str__(self) -> str:
        verdict = "acceptable" if self.acceptable else "not acceptable"
        return f"{self.rule_id} {verdict} ({self.decided_by})"
