"""Enforcement records: the towns' non-criminal fine schedules.

A fine schedule is effective-dated like a fee schedule (DESIGN convention 5):
a change is a new version, and a fine is quoted by the version in force on
the day of the offense.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.utils import timezone
from simple_history.models import HistoricalRecords

from permits_site.licensing.models import MONEY, Municipality
from permits_site.rules.fines import FineRate


class PriorWindow(models.TextChoices):
    """Which earlier offenses the caller counts in ``prior_offenses``."""

    RECORD = "record", "Every earlier offense on the party's record"
    CALENDAR_YEAR = "calendar_year", "Earlier offenses in the same calendar year"


class FineSchedule(models.Model):
    """One effective-dated version of a town's non-criminal fine schedule (MGL c.40 §21D)."""

    municipality = models.ForeignKey(
        Municipality, on_delete=models.PROTECT, related_name="fine_schedules"
    )
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
    history = HistoricalRecords()

    class Meta:
        ordering = ["municipality", "-effective_from", "-created_at"]
        get_latest_by = "effective_from"

    def __str__(self) -> str:
        return f"{self.municipality.short_name} fines from {self.effective_from}"


def _null_or_not_negative(field: str) -> Q:
    return Q(**{f"{field}__isnull": True}) | Q(**{f"{field}__gte": 0})


class FineItem(models.Model):
    """One offense of a fine schedule.

    A fixed offense has first, second and later amounts, a blank amount being
    a recorded written warning with nothing due. A ranged offense has a
    minimum and maximum instead; the officer sets the amount within them.
    """

    schedule = models.ForeignKey(FineSchedule, on_delete=models.CASCADE, related_name="items")
    offense = models.CharField(max_length=60)
    description = models.CharField(max_length=200)
    citation = models.CharField(max_length=200)
    first_amount = models.DecimalField(
        **MONEY, null=True, blank=True, help_text="Blank: a written warning."
    )
    second_amount = models.DecimalField(
        **MONEY, null=True, blank=True, help_text="Blank: a written warning."
    )
    later_amount = models.DecimalField(
        **MONEY, null=True, blank=True,
        help_text="Third and later offenses. Blank: a written warning.",
    )
    minimum_amount = models.DecimalField(
        **MONEY, null=True, blank=True, help_text="Ranged offenses: the least the officer sets."
    )
    maximum_amount = models.DecimalField(
        **MONEY, null=True, blank=True, help_text="Ranged offenses: the most the officer sets."
    )
    per_day = models.BooleanField(
        default=False, help_text="Each day the offense continues is a separate offense."
    )
    per_unit = models.BooleanField(
        default=False, help_text="Fined per permit or per boat involved."
    )
    unit_name = models.CharField(
        max_length=20, blank=True, help_text="What one unit is: permit, boat."
    )
    prior_window = models.CharField(
        max_length=20, choices=PriorWindow.choices, default=PriorWindow.RECORD
    )

    class Meta:
        ordering = ["pk"]
        constraints = [
            models.UniqueConstraint(fields=["schedule", "offense"], name="unique_fine_offense"),
            models.CheckConstraint(
                condition=_null_or_not_negative("first_amount")
                & _null_or_not_negative("second_amount")
                & _null_or_not_negative("later_amount")
                & _null_or_not_negative("minimum_amount"),
                name="fine_amounts_not_negative",
            ),
            models.CheckConstraint(
                condition=Q(minimum_amount__isnull=True, maximum_amount__isnull=True)
                | Q(
                    minimum_amount__isnull=False,
                    maximum_amount__isnull=False,
                    minimum_amount__lte=F("maximum_amount"),
                    first_amount__isnull=True,
                    second_amount__isnull=True,
                    later_amount__isnull=True,
                ),
                name="fine_range_complete_and_exclusive",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.offense}: {self.description}"

    @property
    def ranged(self) -> bool:
        return self.minimum_amount is not None

    def rate(self) -> FineRate:
        """The offense as the pure quoting functions read it."""
        return FineRate(
            offense=self.offense,
            description=self.description,
            citation=self.citation,
            first=self.first_amount,
            second=self.second_amount,
            later=self.later_amount,
            minimum=self.minimum_amount,
            maximum=self.maximum_amount,
            per_day=self.per_day,
            per_unit=self.per_unit,
            unit_name=self.unit_name,
        )
