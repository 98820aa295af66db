"""Issued permits and their gapless numbers; an issued permit is never edited."""

from __future__ import annotations

import datetime as dt
import secrets

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_noop
from simple_history.models import HistoricalRecords

from permits_site.exceptions import ImmutableRecord
from permits_site.licensing.models.applications import Application
from permits_site.licensing.models.permit_types import PermitType
from permits_site.licensing.models.schedules import MONEY
from permits_site.towns.models import Municipality

#: The ``valid_through`` of a permit that runs until an event rather than a date (a horse
#: registration until the horse leaves, a well registration while the well stands).
OPEN_ENDED = dt.date.max


class PermitStatus(models.TextChoices):
    ACTIVE = "active", gettext_noop("Active")
    EXPIRED = "expired", gettext_noop("Expired")
    SUSPENDED = "suspended", gettext_noop("Suspended")
    REVOKED = "revoked", gettext_noop("Revoked")
    SUPERSEDED = "superseded", gettext_noop("Superseded")


def new_verification_token() -> str:
    """A URL-safe random token that never begins with "-", so that it can be given to the
    ``verify_license`` command as it is (a leading dash reads as an option)."""
    token = secrets.token_urlsafe(24)
    while token.startswith("-"):
        token = secrets.token_urlsafe(24)
    return token


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
        help_text="Set when a business holds the permit: the business is the holder, named "
        "on the permit and paying its invoices.",
    )
    holder_name = models.CharField(max_length=200)
    holder_address = models.CharField(max_length=320, blank=True)
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
        """Refuse to change what was issued; only an open-ended term may end, once, on the day
        of the event it ran until (``end_open_term``)."""
        if self.pk is not None:
            stored = Permit.objects.filter(pk=self.pk).values(*self.FROZEN_FIELDS).first()
            changed = [
                name
                for name in self.FROZEN_FIELDS
                if stored and stored[name] != getattr(self, name)
                and not (name == "valid_through" and stored[name] == OPEN_ENDED)
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
        """The term as a resident reads it after "Valid" or mid-sentence: through a date, or
        from the first day in the permit type's own words ("from December 7, 2026: no
        expiry")."""
        if self.is_open_ended:
            return f"from {self.valid_from:%B %-d, %Y}: {self.permit_type.term.lower()}"
        return f"{self.valid_from:%B %-d, %Y} through {self.valid_through:%B %-d, %Y}"

    @property
    def renewable(self) -> bool:
        """In force or run out, so that a renewal may follow it; not one suspended, revoked
        or superseded, nor one already renewed ahead (in force until its successor begins)."""
        return (self.status in (PermitStatus.ACTIVE, PermitStatus.EXPIRED)
                and self.superseded_by_id is None)

    def begins_after(self, on) -> bool:
        """An active permit whose term has not begun on ``on`` (a license year starting
        January 1, issued in December): not valid yet."""
        return self.status == PermitStatus.ACTIVE and on < self.valid_from

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
