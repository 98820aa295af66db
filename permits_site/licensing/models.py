"""The shared permit core: towns, permit types, applications, permits, fees and money.

Bylaw apps never define fee, payment, audit or permit tables of their own:
they link typed details (a Dog, a Stable) to these records.
"""

from __future__ import annotations

import datetime as dt
import secrets
from decimal import Decimal

from django.conf import settings
from django.contrib.contenttypes.fields import GenericForeignKey
from django.contrib.contenttypes.models import ContentType
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import Q, Sum
from django.utils import timezone
from simple_history.models import HistoricalRecords

from permits_site.rules.calendar import BusinessCalendar

MONEY = {"max_digits": 10, "decimal_places": 2}
WEEKDAY_CODES = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")


#: The ``valid_through`` of a permit that runs until an event rather than a date (a horse
#: registration until the horse leaves, a well registration while the well stands).
OPEN_ENDED = dt.date.max


class ImmutableRecord(Exception):
    """An issued permit or a paid invoice was about to be edited or deleted."""


class Municipality(models.Model):
    """A town and its business calendar (the weekdays its offices keep)."""

    code = models.SlugField(max_length=40, unique=True)
    name = models.CharField(max_length=100)
    business_weekdays = models.JSONField(
        default=list, help_text="Weekday numbers the offices keep, 0 = Monday."
    )
    history = HistoricalRecords()

    class Meta:
        ordering = ["name"]
        verbose_name_plural = "municipalities"

    def __str__(self) -> str:
        return self.name

    @property
    def short_name(self) -> str:
        return self.name.removeprefix("Town of ")

    @property
    def business_day_codes(self) -> list[str]:
        return [WEEKDAY_CODES[day] for day in sorted(self.business_weekdays)]

    def calendar(self) -> BusinessCalendar:
        """The town's business calendar: its weekdays, legal holidays and closures."""
        closures = frozenset(self.closures.values_list("date", flat=True))
        return BusinessCalendar(weekdays=frozenset(self.business_weekdays), closures=closures)


class Closure(models.Model):
    """A day the town's offices are closed (storm, local observance): not a business day."""

    municipality = models.ForeignKey(
        Municipality, on_delete=models.CASCADE, related_name="closures"
    )
    date = models.DateField()
    reason = models.CharField(max_length=200)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True
    )

    class Meta:
        ordering = ["date"]
        constraints = [
            models.UniqueConstraint(fields=["municipality", "date"], name="unique_closure_day")
        ]

    def __str__(self) -> str:
        return f"{self.municipality.short_name} closed {self.date}: {self.reason}"


class PermitType(models.Model):
    """A kind of permit or license a town issues; seeded by the bylaw apps' migrations."""

    code = models.CharField(max_length=80, unique=True)
    municipality = models.ForeignKey(
        Municipality, on_delete=models.PROTECT, related_name="permit_types"
    )
    name = models.CharField(max_length=120)
    authority = models.CharField(max_length=120)
    term = models.CharField(max_length=200)
    citation = models.CharField(max_length=200)
    check_code = models.CharField(max_length=80, blank=True)
    actions = models.JSONField(default=list)
    number_prefix = models.CharField(max_length=12)
    online = models.BooleanField(
        default=True,
        help_text="The town takes this permit type online (web form and API); staff can "
        "always start an application at the counter.",
    )

    class Meta:
        ordering = ["municipality__name", "name"]

    def __str__(self) -> str:
        return self.name


class EffectiveDatedVersion(models.Model):
    """A version of a schedule that takes effect on a date.

    A change is a new version: quotes use the version in force on their date
    and old versions stay as they were (DESIGN convention 5, after cfgov's
    regulations3k ``EffectiveVersion``).
    """

    effective_from = models.DateField()
    note = models.CharField(max_length=300, blank=True)
    seeded = models.BooleanField(
        default=False, help_text="Placeholder amounts from the catalogue, not yet confirmed."
    )
    retired_at = models.DateTimeField(null=True, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True
    )
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        abstract = True
        get_latest_by = "effective_from"


class FeeSchedule(EffectiveDatedVersion):
    """One effective-dated version of a permit type's fees."""

    permit_type = models.ForeignKey(
        PermitType, on_delete=models.PROTECT, related_name="fee_schedules"
    )
    history = HistoricalRecords()

    class Meta(EffectiveDatedVersion.Meta):
        ordering = ["permit_type", "-effective_from", "-created_at"]

    def __str__(self) -> str:
        return f"{self.permit_type} fees from {self.effective_from}"

    def amounts(self) -> dict[str, Decimal]:
        return {item.code: item.amount for item in self.items.all()}


class FeeItem(models.Model):
    schedule = models.ForeignKey(FeeSchedule, on_delete=models.CASCADE, related_name="items")
    code = models.CharField(max_length=60)
    description = models.CharField(max_length=200)
    amount = models.DecimalField(**MONEY)
    citation = models.CharField(max_length=200)

    class Meta:
        ordering = ["pk"]
        constraints = [
            models.UniqueConstraint(fields=["schedule", "code"], name="unique_fee_item_code"),
            models.CheckConstraint(condition=Q(amount__gte=0), name="fee_item_not_negative"),
        ]

    def __str__(self) -> str:
        return f"{self.description}: ${self.amount}"


class ApplicationStatus(models.TextChoices):
    DRAFT = "draft", "Draft"
    SUBMITTED = "submitted", "Submitted"
    UNDER_REVIEW = "under_review", "Under review"
    APPROVED = "approved", "Approved"
    ISSUED = "issued", "Issued"
    DENIED = "denied", "Denied"
    WITHDRAWN = "withdrawn", "Withdrawn"


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
        return "Returned for changes" if self.is_returned else self.get_status_display()

    @property
    def action_label(self) -> str:
        return self.action.replace("_", " ").capitalize()

    @property
    def party(self):
        """Who holds the permit and pays: the business, else the applicant."""
        return self.business or self.applicant


class PermitStatus(models.TextChoices):
    ACTIVE = "active", "Active"
    EXPIRED = "expired", "Expired"
    SUSPENDED = "suspended", "Suspended"
    REVOKED = "revoked", "Revoked"
    SUPERSEDED = "superseded", "Superseded"


def new_verification_token() -> str:
    return secrets.token_urlsafe(24)


class Permit(models.Model):
    """An issued permit or license.

    Holder and fee lines are frozen at issuance; only ``status`` changes
    afterwards, through services. Corrections are new permits.
    """

    FROZEN_FIELDS = (
        "number",
        "municipality_id",
        "permit_type_id",
        "application_id",
        "holder_id",
        "holder_business_id",
        "holder_name",
        "holder_address",
        "place_id",
        "place_address",
        "place_attributes",
        "determinations",
        "year",
        "sequence",
        "valid_from",
        "valid_through",
        "fee_lines",
        "fee_total",
        "conditions",
        "verification_token",
        "issued_by_id",
    )

    number = models.CharField(max_length=40)
    sequence = models.PositiveIntegerField()
    year = models.PositiveIntegerField()
    municipality = models.ForeignKey(Municipality, on_delete=models.PROTECT, related_name="permits")
    permit_type = models.ForeignKey(PermitType, on_delete=models.PROTECT, related_name="permits")
    application = models.OneToOneField(Application, on_delete=models.PROTECT, related_name="permit")
    holder = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="permits"
    )
    holder_business = models.ForeignKey(
        "parties.Business",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="permits",
        help_text="Set when a business holds the permit; ``holder`` is then the member "
        "who applied.",
    )
    holder_name = models.CharField(max_length=200)
    holder_address = models.CharField(max_length=300, blank=True)
    place = models.ForeignKey(
        "parties.Property",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="permits",
        help_text="The property the permit is about.",
    )
    place_address = models.CharField(
        max_length=300, blank=True, help_text="The place as it stood when the permit was issued."
    )
    place_attributes = models.JSONField(default=dict, blank=True)
    valid_from = models.DateField()
    valid_through = models.DateField()
    status = models.CharField(
        max_length=20, choices=PermitStatus.choices, default=PermitStatus.ACTIVE
    )
    fee_lines = models.JSONField(default=list)
    fee_total = models.DecimalField(**MONEY)
    conditions = models.JSONField(default=list, blank=True)
    determinations = models.JSONField(
        default=list,
        blank=True,
        help_text="Reviewers' acceptable determinations of needs-review findings, as issued.",
    )
    verification_token = models.CharField(
        max_length=64, unique=True, default=new_verification_token
    )
    issued_at = models.DateTimeField(default=timezone.now)
    issued_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="permits_issued"
    )
    superseded_by = models.ForeignKey(
        "self", on_delete=models.PROTECT, null=True, blank=True, related_name="supersedes"
    )
    pdf = models.FileField(upload_to="permits/%Y/", blank=True)
    history = HistoricalRecords()

    class Meta:
        ordering = ["-issued_at"]
        constraints = [
            models.UniqueConstraint(
                fields=["municipality", "permit_type", "year", "sequence"],
                name="unique_permit_sequence",
            ),
            models.UniqueConstraint(fields=["municipality", "number"], name="unique_permit_number"),
        ]

    def __str__(self) -> str:
        return f"{self.permit_type.name} {self.number}"

    def save(self, *args, **kwargs):
        if self.pk is not None:
            stored = Permit.objects.filter(pk=self.pk).values(*self.FROZEN_FIELDS).first()
            changed = [
                name
                for name in self.FROZEN_FIELDS
                if stored and stored[name] != getattr(self, name)
            ]
            if changed:
                raise ImmutableRecord(f"An issued permit cannot be edited ({', '.join(changed)}).")
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise ImmutableRecord("An issued permit is never deleted; revoke or supersede it.")

    @property
    def is_open_ended(self) -> bool:
        """Runs until an event rather than a date (a horse registration lasts until it leaves)."""
        return self.valid_through == OPEN_ENDED

    @property
    def term_text(self) -> str:
        """The term as a resident reads it: through a date, or the permit type's own words."""
        if self.is_open_ended:
            return f"From {self.valid_from:%B %-d, %Y}: {self.permit_type.term.lower()}"
        return f"{self.valid_from:%B %-d, %Y} through {self.valid_through:%B %-d, %Y}"

    def effective_status(self, on) -> str:
        """The status as of ``on``: an active permit past its term reads as expired."""
        if self.status == PermitStatus.ACTIVE and on > self.valid_through:
            return PermitStatus.EXPIRED
        return self.status


class NumberCounter(models.Model):
    """The last number handed out in one series; locked while a number is taken."""

    municipality = models.ForeignKey(Municipality, on_delete=models.CASCADE)
    series = models.CharField(max_length=80)
    year = models.PositiveIntegerField()
    last = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["municipality", "series", "year"], name="unique_number_series"
            )
        ]

    def __str__(self) -> str:
        return f"{self.series} {self.year}: {self.last}"


class InvoiceStatus(models.TextChoices):
    OPEN = "open", "Open"
    PAID = "paid", "Paid"
    VOID = "void", "Void"


class Invoice(models.Model):
    municipality = models.ForeignKey(
        Municipality, on_delete=models.PROTECT, related_name="invoices"
    )
    application = models.ForeignKey(
        Application, on_delete=models.PROTECT, related_name="invoices", null=True, blank=True
    )
    payer = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True,
        related_name="invoices",
        help_text="Blank only for a citation whose party has no account here.",
    )
    payer_business = models.ForeignKey(
        "parties.Business",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="invoices",
        help_text="Set when a business owes the invoice; ``payer`` is then the acting member.",
    )
    status = models.CharField(
        max_length=10, choices=InvoiceStatus.choices, default=InvoiceStatus.OPEN
    )
    created_at = models.DateTimeField(auto_now_add=True)
    paid_at = models.DateTimeField(null=True, blank=True)
    fee_schedule = models.ForeignKey(
        FeeSchedule, on_delete=models.PROTECT, null=True, blank=True, related_name="invoices"
    )

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"Invoice #{self.pk}"

    def save(self, *args, **kwargs):
        if self.pk is not None:
            stored_status = (
                Invoice.objects.filter(pk=self.pk).values_list("status", flat=True).first()
            )
            if stored_status == InvoiceStatus.PAID:
                raise ImmutableRecord("A paid invoice cannot be edited.")
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        if self.payments.exists() or self.is_paid:
            raise ImmutableRecord("A paid invoice is never deleted.")
        super().delete(*args, **kwargs)

    @property
    def is_paid(self) -> bool:
        return self.status == InvoiceStatus.PAID

    @property
    def total(self) -> Decimal:
        return sum((line.amount for line in self.lines.all()), Decimal("0.00"))

    def amount_paid(self) -> Decimal:
        return self.payments.aggregate(total=Sum("amount"))["total"] or Decimal("0.00")

    def balance(self) -> Decimal:
        """What is still owed: the lines' total less the payments received."""
        return self.total - self.amount_paid()


class InvoiceLine(models.Model):
    invoice = models.ForeignKey(Invoice, on_delete=models.PROTECT, related_name="lines")
    code = models.CharField(max_length=60)
    description = models.CharField(max_length=200)
    amount = models.DecimalField(**MONEY)
    citation = models.CharField(max_length=200)
    percent = models.PositiveIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["pk"]

    def __str__(self) -> str:
        return f"{self.description}: ${self.amount}"

    def save(self, *args, **kwargs):
        if self.invoice.is_paid:
            raise ImmutableRecord("A paid invoice's lines cannot change.")
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        if self.invoice.is_paid:
            raise ImmutableRecord("A paid invoice's lines cannot change.")
        super().delete(*args, **kwargs)


class PaymentMethod(models.TextChoices):
    CASH = "cash", "Cash"
    CHECK = "check", "Check"
    MONEY_ORDER = "money_order", "Money order"
    CARD = "card", "Card (processor reference)"


class Payment(models.Model):
    """Money received against an invoice. The reference is unique per town, so
    recording the same receipt twice changes nothing."""

    invoice = models.ForeignKey(Invoice, on_delete=models.PROTECT, related_name="payments")
    municipality = models.ForeignKey(Municipality, on_delete=models.PROTECT)
    method = models.CharField(max_length=20, choices=PaymentMethod.choices)
    reference = models.CharField(max_length=100)
    amount = models.DecimalField(**MONEY)
    received_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT)
    received_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["received_at"]
        constraints = [
            models.UniqueConstraint(
                fields=["municipality", "reference"], name="unique_payment_reference"
            ),
            models.CheckConstraint(condition=Q(amount__gt=0), name="payment_positive"),
        ]

    def __str__(self) -> str:
        return f"${self.amount} by {self.get_method_display()} (ref. {self.reference})"

    def save(self, *args, **kwargs):
        if self.pk is not None:
            raise ImmutableRecord("A recorded payment is never edited.")
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise ImmutableRecord("A recorded payment is never deleted.")


class DocumentStatus(models.TextChoices):
    PENDING = "pending", "Waiting for review"
    ACCEPTED = "accepted", "Accepted"
    REJECTED = "rejected", "Not accepted"


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
    uploaded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    uploaded_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-uploaded_at"]

    def __str__(self) -> str:
        return f"{self.kind} ({self.original_name})"


class AuditEntry(models.Model):
    """Who did what to which record, when, with the state before and after."""

    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True
    )
    municipality = models.ForeignKey(Municipality, on_delete=models.PROTECT, null=True, blank=True)
    action = models.CharField(max_length=60)
    content_type = models.ForeignKey(ContentType, on_delete=models.PROTECT)
    object_id = models.PositiveBigIntegerField()
    subject = GenericForeignKey("content_type", "object_id")
    summary = models.CharField(max_length=300)
    before = models.JSONField(default=dict, blank=True)
    after = models.JSONField(default=dict, blank=True)
    at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-at", "-pk"]
        indexes = [models.Index(fields=["content_type", "object_id"])]
        verbose_name_plural = "audit entries"

    def __str__(self) -> str:
        return f"{self.at:%Y-%m-%d %H:%M} {self.action}: {self.summary}"

    def save(self, *args, **kwargs):
        if self.pk is not None:
            raise ValidationError("Audit entries are append-only.")
        super().save(*args, **kwargs)


class VarianceStatus(models.TextChoices):
    REQUESTED = "requested", "Requested"
    GRANTED = "granted", "Granted"
    DENIED = "denied", "Denied"


class Variance(models.Model):
    """A written variance or waiver of named rules for one application.

    Granted by the Board with its members' signatures recorded; while granted,
    a failed rule it covers no longer blocks issuance, and its conditions and
    bases are printed on the license (Northborough §8.2, M.G.L. c.111 §157;
    Tisbury 09.0.3).
    """

    application = models.ForeignKey(
        Application, on_delete=models.PROTECT, related_name="variances"
    )
    rule_ids = models.JSONField(help_text="The rule ids this variance covers.")
    request_text = models.TextField("what is asked and why")
    locus = models.CharField("locus and assessors' lot", max_length=300, blank=True)
    owner = models.CharField("owner's name and address", max_length=300, blank=True)
    regulation = models.TextField(
        "the exact regulation", blank=True,
        help_text="Page, section, paragraph, sentence, words or numbers to be waived.")
    relief = models.TextField("the waiver asked", blank=True)
    conditions = models.TextField(blank=True)
    bases = models.TextField("specific bases", blank=True)
    status = models.CharField(
        max_length=10, choices=VarianceStatus.choices, default=VarianceStatus.REQUESTED
    )
    signatures_required = models.PositiveSmallIntegerField(default=1)
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    requested_at = models.DateTimeField(default=timezone.now)
    decided_at = models.DateTimeField(null=True, blank=True)
    history = HistoricalRecords()

    class Meta:
        ordering = ["requested_at", "pk"]

    def __str__(self) -> str:
        return f"Variance of {', '.join(self.rule_ids)} ({self.get_status_display()})"

    @property
    def is_granted(self) -> bool:
        return self.status == VarianceStatus.GRANTED


class VarianceSignature(models.Model):
    """One Board member's vote on a variance; a grant needs ``signatures_required`` of them."""

    variance = models.ForeignKey(Variance, on_delete=models.PROTECT, related_name="signatures")
    board_member = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    approve = models.BooleanField()
    signed_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["signed_at"]
        constraints = [
            models.UniqueConstraint(
                fields=["variance", "board_member"], name="one_signature_per_member"
            )
        ]

    def __str__(self) -> str:
        return f"{self.board_member} {'approves' if self.approve else 'opposes'} {self.variance}"


class PermitHearing(models.Model):
    """A public hearing on an application, with the abutters notified by certified mail."""

    application = models.ForeignKey(
        Application, on_delete=models.PROTECT, related_name="hearings"
    )
    hearing_date = models.DateField()
    location = models.CharField(max_length=200)
    notices_mailed_on = models.DateField()
    decided_on = models.DateField(null=True, blank=True)
    decision = models.TextField(blank=True)
    scheduled_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    scheduled_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["hearing_date", "pk"]

    def __str__(self) -> str:
        return f"Hearing on {self.application} on {self.hearing_date}"

    @property
    def is_decided(self) -> bool:
        return self.decided_on is not None


class HearingAbutter(models.Model):
    """An abutter sent a hearing notice, with the certified-mail article number."""

    hearing = models.ForeignKey(PermitHearing, on_delete=models.CASCADE, related_name="abutters")
    name = models.CharField(max_length=200)
    mailing_address = models.CharField(max_length=300)
    certified_mail_number = models.CharField(max_length=40, blank=True)

    class Meta:
        ordering = ["name", "pk"]

    def __str__(self) -> str:
        return f"{self.name}, {self.mailing_address}"


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
