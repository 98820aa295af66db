"""The holders and places every permit type shares (spec ``lifecycle.md``, "Holders").

A permit is held by a person (a user account) or a :class:`Business`, whose
members act for it; it may be about a :class:`Property`, one shared record per
real place in a town. Bylaw apps link their own records (a dog's residence, a
stable's site) to these instead of keeping addresses of their own.
"""

from __future__ import annotations

import re

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_noop
from simple_history.models import HistoricalRecords


class BusinessKind(models.TextChoices):
    """Marked for the catalogues, stored and audited in English; a resident's page
    translates the label it shows."""

    INDIVIDUAL = "individual", gettext_noop("Individual (sole proprietor)")
    CORPORATION = "corporation", gettext_noop("Corporation")
    LLC = "llc", gettext_noop("Limited liability company")
    PARTNERSHIP = "partnership", gettext_noop("Partnership")
    NON_PROFIT = "non_profit", gettext_noop("Non-profit organization")
    GOVERNMENT = "government", gettext_noop("Government body")


class Business(models.Model):
    """A business or organization: the party for its permits, invoices and offenses.

    Its members act for it; the acting member is recorded on each action
    (the audit log's actor), while the business stays the holder and payer.
    """

    legal_name = models.CharField(max_length=200)
    dba = models.CharField("doing business as", max_length=200, blank=True)
    kind = models.CharField(max_length=20, choices=BusinessKind.choices)
    mailing_address = models.CharField(max_length=300)
    phone = models.CharField(max_length=30, blank=True)
    email = models.EmailField(blank=True)
    members = models.ManyToManyField(
        settings.AUTH_USER_MODEL,
        through="BusinessMember",
        through_fields=("business", "user"),
        related_name="businesses",
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    created_at = models.DateTimeField(default=timezone.now)
    history = HistoricalRecords()

    class Meta:
        ordering = ["legal_name", "pk"]
        verbose_name_plural = "businesses"

    def __str__(self) -> str:
        return self.display_name

    @property
    def display_name(self) -> str:
        """The legal name, with the trade name it is known by ("Acme LLC d/b/a Joe's")."""
        return f"{self.legal_name} d/b/a {self.dba}" if self.dba else self.legal_name

    @property
    def initials(self) -> str:
        """A business is a public party: its name is shown in full on verification."""
        return self.display_name


class BusinessMember(models.Model):
    """A registered user who acts for a business."""

    business = models.ForeignKey(Business, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="business_memberships"
    )
    added_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    added_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["added_at", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["business", "user"], name="unique_business_member")
        ]

    def __str__(self) -> str:
        return f"{self.user} for {self.business}"


_SUFFIXES = {
    "street": "st", "avenue": "ave", "road": "rd", "drive": "dr", "lane": "ln",
    "court": "ct", "place": "pl", "boulevard": "blvd", "terrace": "ter", "circle": "cir",
    "highway": "hwy", "parkway": "pkwy", "square": "sq", "north": "n", "south": "s",
    "east": "e", "west": "w",
}


def normalise_address(address: str) -> str:
    """The street address reduced to what identifies the place: lower case, no
    punctuation, common suffixes abbreviated ("12 Main Street." = "12 main st")."""
    words = re.sub(r"[^\w\s]", " ", address.lower()).split()
    return " ".join(_SUFFIXES.get(word, word) for word in words)


def normalise_parcel(parcel: str) -> str:
    """Assessors' map-lot ids compared without spaces and case ("62 - 104" = "62-104")."""
    return re.sub(r"\s+", "", parcel).upper()


class Property(models.Model):
    """One real place in a town: unique by assessors' parcel, else by normalised address.

    ``attributes`` are what the town's rules read from the place (Tisbury
    ``zone``; residential or business ``zoning``), validated by the town's
    declared place attributes. A property merged into another keeps its row
    (records point at it) and names the survivor in ``merged_into``.
    """

    municipality = models.ForeignKey(
        "towns.Municipality", on_delete=models.PROTECT, related_name="properties"
    )
    address = models.CharField("street address", max_length=200)
    normalised_address = models.CharField(max_length=200, editable=False)
    parcel = models.CharField(
        "assessors' parcel",
        max_length=40,
        blank=True,
        help_text="Map and lot from the assessors' records or the tax bill, e.g. 62-104.",
    )
    attributes = models.JSONField(default=dict, blank=True)
    people = models.ManyToManyField(
        settings.AUTH_USER_MODEL, blank=True, related_name="properties"
    )
    businesses = models.ManyToManyField(Business, blank=True, related_name="properties")
    merged_into = models.ForeignKey(
        "self", on_delete=models.PROTECT, null=True, blank=True, related_name="merged_from"
    )
    created_at = models.DateTimeField(default=timezone.now)
    history = HistoricalRecords()

    class Meta:
        ordering = ["municipality__name", "normalised_address", "pk"]
        verbose_name_plural = "properties"
        constraints = [
            models.UniqueConstraint(
                fields=["municipality", "parcel"],
                condition=Q(merged_into__isnull=True) & ~Q(parcel=""),
                name="unique_property_parcel",
            ),
            models.UniqueConstraint(
                fields=["municipality", "normalised_address"],
                condition=Q(merged_into__isnull=True) & Q(parcel=""),
                name="unique_property_address_without_parcel",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.address}, {self.municipality.short_name}"

    def save(self, *args, **kwargs):
        self.normalised_address = normalise_address(self.address)
        self.parcel = normalise_parcel(self.parcel)
        super().save(*args, **kwargs)

    @property
    def staying(self) -> Property:
        """This place, or the record it was merged into: merging keeps the duplicate's row,
        pointing at the one that stays."""
        return self.merged_into if self.merged_into_id is not None else self

    @property
    def full_address(self) -> str:
        """The address as printed on a permit: street and town."""
        return f"{self.address}, {self.municipality.short_name}"


class OwnershipSource(models.TextChoices):
    ASSESSORS = "assessors", "The assessors' record"
    DEED = "deed", "The recorded deed"


class PropertyOwner(models.Model):
    """An owner of record of a place, entered by the town's office from the assessors'
    record or the deed (Tisbury BOH Reg 09.0.8(5) "registered owner"; Northborough Horse &
    Stable Regs §8.1 "owner and/or occupant"). An ownership that ends keeps its row, dated."""

    property = models.ForeignKey(Property, on_delete=models.PROTECT, related_name="owners")
    name = models.CharField("owner's name", max_length=200)
    account = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True,
        related_name="owned_properties", help_text="The owner's account on the site, if any.",
    )
    mailing_address = models.CharField(max_length=300, blank=True)
    source = models.CharField(max_length=20, choices=OwnershipSource.choices)
    reference = models.CharField(
        max_length=100, blank=True,
        help_text="Where it is written: the deed's book and page, or the assessors' card.",
    )
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    recorded_on = models.DateField(default=timezone.localdate)
    ended_on = models.DateField(null=True, blank=True)
    ended_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True,
        related_name="+",
    )

    class Meta:
        ordering = ["name", "pk"]

    def __str__(self) -> str:
        return f"{self.name}, owner of {self.property}"
