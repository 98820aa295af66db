"""Permit hearings and the abutters notified of them."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone

from permits_site.licensing.models.applications import Application


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
