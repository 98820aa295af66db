"""Dogs and the typed details of a dog-license application (North Andover Code ch. 60)."""

from __future__ import annotations

import datetime as dt

from django.conf import settings
from django.db import models

from permits_site.rules.calendar import add_months


class Sex(models.TextChoices):
    FEMALE = "female", "Female"
    MALE = "male", "Male"


class Dog(models.Model):
    """A dog kept at a residential property in town (Limits A counts the dogs kept there)."""

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="dogs"
    )
    residence = models.ForeignKey(
        "parties.Property", on_delete=models.PROTECT, related_name="dogs",
        help_text="The residential property where the dog is kept.",
    )
    name = models.CharField(max_length=60)
    breed = models.CharField(max_length=80)
    color = models.CharField(max_length=60)
    sex = models.CharField(max_length=6, choices=Sex.choices)
    date_of_birth = models.DateField()
    spayed_neutered = models.BooleanField("spayed or neutered", default=False)
    microchip = models.CharField(max_length=30, blank=True)
    active = models.BooleanField(
        default=True, help_text="Still kept at the owner's residence in town."
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name", "pk"]

    def __str__(self) -> str:
        return f"{self.name} ({self.breed})"

    def licenses(self) -> list:
        """Issued licenses, newest year first (uses prefetched applications when present)."""
        permits = [
            details.application.permit
            for details in self.license_applications.all()
            if hasattr(details.application, "permit")
        ]
        return sorted(permits, key=lambda permit: (permit.year, permit.issued_at), reverse=True)

    def is_licensable_on(self, day: dt.date) -> bool:
        """Six months or older: Licenses A(1) requires a license."""
        return add_months(self.date_of_birth, 6) <= day


class DogLicense(models.Model):
    """The dog-specific part of an application for a dog license, renewal, transfer or tag."""

    application = models.OneToOneField(
        "licensing.Application", on_delete=models.PROTECT, related_name="dog_license"
    )
    dog = models.ForeignKey(Dog, on_delete=models.PROTECT, related_name="license_applications")
    license_year = models.PositiveIntegerField()
    acquired_on = models.DateField(null=True, blank=True)
    moved_in_on = models.DateField(null=True, blank=True)
    previous_jurisdiction = models.CharField(
        max_length=120, blank=True, help_text="Town and state of the license surrendered."
    )
    previous_license_number = models.CharField(max_length=40, blank=True)

    def __str__(self) -> str:
        return f"{self.dog} — {self.license_year}"


class DogTag(models.Model):
    """A tag handed out with a license; a replacement tag gets the next number of its year."""

    municipality = models.ForeignKey("towns.Municipality", on_delete=models.PROTECT)
    permit = models.ForeignKey(
        "licensing.Permit", on_delete=models.PROTECT, related_name="dog_tags"
    )
    dog = models.ForeignKey(Dog, on_delete=models.PROTECT, related_name="tags")
    year = models.PositiveIntegerField()
    number = models.PositiveIntegerField()
    issued_at = models.DateTimeField(auto_now_add=True)
    replaces = models.OneToOneField(
        "self", on_delete=models.PROTECT, null=True, blank=True, related_name="replaced_by"
    )

    class Meta:
        ordering = ["-issued_at", "-pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["municipality", "year", "number"], name="unique_dog_tag_number"
            )
        ]

    def __str__(self) -> str:
        return f"Tag {self.year}-{self.number}"


class PaperLicense(models.Model):
    """A license the Town Clerk issued on paper before the town licensed dogs online.

    Recorded so that the dog's next license is a renewal, not a late new license
    (Licenses A(8); spec ``lifecycle.md``, North Andover corrections). Never changed
    once a license application follows it.
    """

    dog = models.ForeignKey(Dog, on_delete=models.PROTECT, related_name="paper_licenses")
    number = models.CharField("license number", max_length=40)
    year = models.PositiveIntegerField("license year")
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    recorded_on = models.DateField()

    class Meta:
        ordering = ["-year"]
        constraints = [
            models.UniqueConstraint(fields=["dog", "year"], name="unique_paper_license_year")
        ]

    def __str__(self) -> str:
        return f"Paper license {self.year} no. {self.number}"


# -- Impoundment (Code ch. 60, Impoundment; ACO B(2)) ------------------------------------


class ImpoundmentBasis(models.TextChoices):
    """How the dog came into the Animal Control Officer's custody."""

    PICKED_UP = "picked_up", "Picked up or turned over (Impoundment A, B)"
    SURRENDER = "surrender", "Owner surrender contract (Impoundment F)"
    SAFE_HOLD = "safe_hold", "Safe-hold contract (Impoundment G)"


class ImpoundmentStatus(models.TextChoices):
    HELD = "held", "Held"
    RELEASED = "released", "Released to the owner"
    TOWN_PROPERTY = "town_property", "Town property"
    ADOPTED = "adopted", "Adopted"
    TRANSFERRED = "transferred", "Transferred to a rescue"
    EUTHANIZED = "euthanized", "Humanely euthanized"


#: Where a Town-property dog goes (Impoundment E, G(4), H).
DISPOSITIONS = (
    ImpoundmentStatus.ADOPTED,
    ImpoundmentStatus.TRANSFERRED,
    ImpoundmentStatus.EUTHANIZED,
)


class Impoundment(models.Model):
    """The Animal Control Officer's intake record of a dog in custody, and what became of it.

    The record goes to the Town Clerk within 30 days and is kept two years (ACO B(2)); the
    dog is held at least seven days unless its owner reclaims it (Impoundment C, E).
    """

    municipality = models.ForeignKey("towns.Municipality", on_delete=models.PROTECT)
    impounded_on = models.DateField()
    basis = models.CharField(
        max_length=12, choices=ImpoundmentBasis.choices, default=ImpoundmentBasis.PICKED_UP
    )
    picked_up = models.BooleanField(
        default=True, help_text="Picked up by the Animal Control Officer: the pick-up fee "
        "applies (Impoundment C(1))."
    )
    description = models.CharField(max_length=200, help_text="Breed, color, sex, markings.")
    found_at = models.CharField(max_length=200, blank=True)
    tag_number = models.CharField(max_length=20, blank=True)
    microchip = models.CharField(max_length=30, blank=True)
    dog = models.ForeignKey(
        Dog, on_delete=models.PROTECT, null=True, blank=True, related_name="impoundments",
        help_text="The licensed dog, once its tag or microchip identifies it.",
    )
    owner_notified_at = models.DateTimeField(null=True, blank=True)
    rabies_certificate = models.CharField(
        max_length=120, blank=True, help_text="Certificate number and veterinarian."
    )
    rabies_valid_through = models.DateField(null=True, blank=True)
    fee_invoice = models.OneToOneField(
        "licensing.Invoice", on_delete=models.PROTECT, null=True, blank=True,
        related_name="impoundment",
    )
    claim_by = models.DateField(
        null=True, blank=True, help_text="Safe hold: the date the dog must be claimed by."
    )
    contract_signed_by = models.CharField(max_length=120, blank=True)
    alternate_party = models.CharField(
        max_length=200, blank=True, help_text="Safe hold: who else may claim the dog (G(3))."
    )
    forwarded_to_clerk_on = models.DateField(null=True, blank=True)
    status = models.CharField(
        max_length=14, choices=ImpoundmentStatus.choices, default=ImpoundmentStatus.HELD
    )
    closed_on = models.DateField(null=True, blank=True)
    outcome_note = models.CharField(max_length=300, blank=True)
    adopter_name = models.CharField(max_length=120, blank=True)
    adopter_identification = models.CharField(max_length=120, blank=True)
    adoption_invoice = models.OneToOneField(
        "licensing.Invoice", on_delete=models.PROTECT, null=True, blank=True,
        related_name="adoption",
    )
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-impounded_on", "-pk"]

    def __str__(self) -> str:
        return f"Impoundment #{self.pk}: {self.description}"

    @property
    def is_open(self) -> bool:
        return self.status in (ImpoundmentStatus.HELD, ImpoundmentStatus.TOWN_PROPERTY)


# -- Kennel license roster (Code ch. 60, Kennel license B(1), B(2)) ----------------------


class KennelDog(models.Model):
    """A dog of a licensed kennel, with its proof of current rabies vaccination.

    The dogs the license was issued for are listed without an acquisition date (B(1));
    a dog acquired during the license year is reported to the Town Clerk within 30 days
    of its acquisition (B(2)). A late report is recorded and flagged, never refused.
    """

    permit = models.ForeignKey(
        "licensing.Permit", on_delete=models.PROTECT, related_name="kennel_dogs"
    )
    name = models.CharField(max_length=60)
    breed = models.CharField(max_length=80)
    rabies_valid_through = models.DateField(
        "rabies vaccination valid through",
        help_text="The last day the dog's rabies vaccination certificate covers.",
    )
    acquired_on = models.DateField(
        null=True, blank=True, help_text="A new dog of the license year: the day it came."
    )
    reported_on = models.DateField()
    report_due = models.DateField(
        null=True, blank=True, help_text="A new dog: the last day to report it (B(2))."
    )
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["permit", "reported_on", "pk"]

    def __str__(self) -> str:
        return f"{self.name} ({self.breed})"

    @property
    def reported_late(self) -> bool:
        """Reported after the 30 days of Kennel license B(2)."""
        return self.report_due is not None and self.reported_on > self.report_due
