"""Variances and waivers with the Board members' signatures."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_noop
from simple_history.models import HistoricalRecords

from permits_site.licensing.models.applications import Application


class VarianceStatus(models.TextChoices):
    REQUESTED = "requested", gettext_noop("Requested")
    GRANTED = "granted", gettext_noop("Granted")
    DENIED = "denied", gettext_noop("Denied")


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
    bases = models.TextField("specific bases", blank=True,
                             help_text="The specific bases of a grant, written by the first "
                                       "approving signer (Northborough §8.2).")
    denial_reason = models.TextField("reason for denial", blank=True,
                                     help_text="The Board's reason, when it denies the variance.")
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
