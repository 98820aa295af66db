"""Permit hearings and the abutters notified of them."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone

from permits_site.licensing.models.applications import Application
from permits_site.towns.models import HearingMoved, HeldAt, HeldAtTimeAndPlace


class PermitHearing(HeldAtTimeAndPlace):
    """A public hearing on an application, with the abutters notified by certified mail."""

    application = models.ForeignKey(
        Application, on_delete=models.PROTECT, related_name="hearings"
    )
    hearing_date = models.DateField()
    notices_mailed_on = models.DateField(
        null=True, blank=True,
        help_text="Recorded once the letters are printed and mailed, with every article number.",
    )
    relief_sought = models.TextField(
        blank=True, help_text="What the notice says the applicant asks of the Board.")
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

    @property
    def continued_from(self) -> HeldAt | None:
        """The day, hour and place the hearing was set for before its latest continuance,
        None if it was never continued (continuances prefetched)."""
        continuances = list(self.continuances.all())
        return continuances[-1].replaced if continuances else None

    @property
    def notices_recorded(self) -> bool:
        """Mailed, with every abutter's certified-mail article number (abutters prefetched)."""
        return self.notices_mailed_on is not None and all(
            abutter.certified_mail_number for abutter in self.abutters.all())


class AbutterRelation(models.TextChoices):
    """Who an abutter is to the adjoining lot: Northborough §1.2 counts "the owners, tenants
    or other occupants"."""

    OWNER = "owner", "Owner"
    TENANT = "tenant", "Tenant"
    OCCUPANT = "occupant", "Occupant"


class HearingAbutter(models.Model):
    """An abutter sent a hearing notice, with the certified-mail article number."""

    hearing = models.ForeignKey(PermitHearing, on_delete=models.CASCADE, related_name="abutters")
    relation = models.CharField(max_length=10, choices=AbutterRelation.choices,
                                default=AbutterRelation.OWNER)
    place = models.ForeignKey(
        "parties.Property", on_delete=models.PROTECT, null=True, blank=True, related_name="+",
        help_text="The adjoining property on the town's record, when picked from it.",
    )
    name = models.CharField(max_length=200)
    mailing_address = models.CharField(max_length=300)
    certified_mail_number = models.CharField(max_length=40, blank=True)

    class Meta:
        ordering = ["name", "pk"]

    def __str__(self) -> str:
        return f"{self.name}, {self.mailing_address}"


class PermitHearingContinuance(HearingMoved):
    """A hearing continued to a new day, hour or place: postponed before its day, or opened
    and continued at the hearing to a date certain. The day, hour and place it replaced, and
    the notice mailed for them, stay here, so the hearing's history keeps every one it was
    set for.

    Postponed before its day, the hearing is noticed again (Northborough §2.2: "all abutters
    shall be notified … by certified mail at least 10 days prior to the date of the
    hearing"): the earlier letters' article numbers are kept in
    ``previous_certified_mail_numbers`` and the new letters are recorded on the abutters.
    Continued at the hearing, the notice mailed for it stands (``renoticed`` false)."""

    hearing = models.ForeignKey(PermitHearing, on_delete=models.PROTECT,
                                related_name="continuances")
    previous_notices_mailed_on = models.DateField(
        null=True, blank=True, help_text="The mailing of the notice of the day it replaced, "
                                         "if it was recorded.")
    previous_certified_mail_numbers = models.JSONField(
        default=list, blank=True,
        help_text="Postponed before its day: each earlier letter's abutter (id and name) and "
                  "certified-mail article number, as recorded before the new letters.")
    renoticed = models.BooleanField(
        default=False, help_text="Postponed before its day: new letters go to the abutters. "
                                 "Continued at the hearing: the mailed notice stands.")

    def __str__(self) -> str:
        return (f"Hearing on {self.hearing.application} moved from {self.previous_date} "
                f"to {self.hearing_date}")
