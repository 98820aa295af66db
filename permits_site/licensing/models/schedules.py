"""Effective-dated fee schedules: a change is a new version, never an edit."""

from __future__ import annotations

from decimal import Decimal

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone
from simple_history.models import HistoricalRecords

from permits_site.licensing.models.permit_types import PermitType
from permits_site.towns.typed_text import in_other_languages

MONEY = {"max_digits": 10, "decimal_places": 2}


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
    # The board's notice, hearing and vote behind the version, and whether it is an
    # emergency regulation adopted without them; required where the town's law says so
    # (``permits_site.licensing.adoption``: Tisbury BOH Reg 09.0.4).
    notice_given_on = models.DateField(null=True, blank=True)
    hearing_held_on = models.DateField(null=True, blank=True)
    voted_on = models.DateField(null=True, blank=True)
    emergency = models.BooleanField(default=False)

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
    description_pt_br, description_es = in_other_languages(description)
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
