"""Tisbury's septic records (Board of Health Regulations 09.0.8(4), 09.1.3(5)).

A licensed system inspector — an outside person, licensed by the Board's admin — files the
report of a septic system inspection on a property. The report is due within 30 days of the
inspection and is valid for two years from it (09.0.8(4)); both dates are computed on
Tisbury's calendar when the report is filed and kept with it. A failed report opens a
failed-system case on the property (09.1.3(5), 09.0.8(8)).
"""

from __future__ import annotations

import builtins
import datetime as dt

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone

from permits_site.enforcement.models import InspectionResult


class SystemInspectorLicense(models.Model):
    """The Board's license of a septic system inspector to file reports in town."""

    municipality = models.ForeignKey(
        "towns.Municipality", on_delete=models.PROTECT, related_name="+"
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="septic_licenses"
    )
    license_number = models.CharField(max_length=40)
    expires_on = models.DateField()
    granted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    granted_on = models.DateField()
    revoked_on = models.DateField(null=True, blank=True)
    revoked_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True,
        related_name="+",
    )

    class Meta:
        ordering = ["user__last_name", "user__first_name", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["municipality", "user"], condition=Q(revoked_on__isnull=True),
                name="one_live_septic_inspector_license",
            ),
        ]

    def __str__(self) -> str:
        return f"System inspector license {self.license_number}"

    def in_force_on(self, day: dt.date) -> bool:
        """Not expired on ``day`` and not revoked by then. The Board records a license it
        already granted, so an inspection before the day it was recorded counts."""
        return day <= self.expires_on and (self.revoked_on is None or day < self.revoked_on)


class SepticInspectionReport(models.Model):
    """A septic system inspection report filed with the Board (09.0.8(4))."""

    municipality = models.ForeignKey(
        "towns.Municipality", on_delete=models.PROTECT, related_name="+"
    )
    property = models.ForeignKey(
        "parties.Property", on_delete=models.PROTECT, related_name="septic_reports"
    )
    inspector = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="septic_reports"
    )
    license = models.ForeignKey(
        SystemInspectorLicense, on_delete=models.PROTECT, related_name="reports"
    )
    owner_name = models.CharField("owner of record", max_length=200)
    inspected_on = models.DateField()
    filed_on = models.DateField(default=timezone.localdate)
    result = models.CharField(max_length=10, choices=InspectionResult.choices)
    notes = models.TextField(blank=True)
    document = models.FileField(upload_to="septic_reports/%Y/", blank=True)
    sale_closing_on = models.DateField(
        null=True, blank=True, help_text="For a sale or transfer: the closing date.")
    due_on = models.DateField(help_text="The last day to file, 30 days after the inspection.")
    valid_through = models.DateField(help_text="Two years from the inspection.")
    case = models.OneToOneField(
        "enforcement.Case", on_delete=models.PROTECT, null=True, blank=True,
        related_name="septic_report", help_text="The failed-system case the report opened.",
    )
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-inspected_on", "-pk"]

    def __str__(self) -> str:
        return f"Septic inspection of {self.inspected_on} ({self.get_result_display()})"

    @builtins.property
    def late(self) -> bool:
        """Filed after the 30 days of 09.0.8(4)."""
        return self.filed_on > self.due_on

    @builtins.property
    def failed(self) -> bool:
        return self.result == InspectionResult.FAILED

    def valid_on(self, day: dt.date) -> bool:
        return self.inspected_on <= day <= self.valid_through
