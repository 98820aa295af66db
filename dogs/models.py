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

    municipality = models.ForeignKey("licensing.Municipality", on_delete=models.PROTECT)
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
