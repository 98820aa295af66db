"""Dogs and the typed details of a dog-license application (North Andover Code ch. 60)."""

from __future__ import annotations

import datetime as dt
import secrets

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


# -- Tag exemptions (Code ch. 60, Licenses A(6)(a), (b)) ---------------------------------


class TagExemptionReason(models.TextChoices):
    """Why the license tag need not be affixed to the dog's collar."""

    DOG_EVENT = "dog_event", "Official dog sporting or dog fancy event (Licenses A(6)(a))"
    MEDICAL = "medical", "A veterinarian's medical determination (Licenses A(6)(b))"


def tag_exemption_statement_path(exemption: TagExemption, filename: str) -> str:
    """Random names under MEDIA_ROOT; the statement is served only through its page."""
    return f"dogs/tag_exemptions/{secrets.token_hex(16)}"


class TagExemption(models.Model):
    """A recorded exemption from affixing a dog's license tag to its collar.

    At an official dog event whose sponsors do not allow tags (A(6)(a)), or while a
    veterinarian has determined the dog cannot wear a collar for medical reasons, until it
    recovers (A(6)(b)); either way the keeper keeps the tag at hand for the Animal Control
    Officer. The medical exemption carries the veterinarian's statement. Never edited.
    """

    permit = models.ForeignKey(
        "licensing.Permit", on_delete=models.PROTECT, related_name="tag_exemptions"
    )
    dog = models.ForeignKey(Dog, on_delete=models.PROTECT, related_name="tag_exemptions")
    reason = models.CharField(max_length=10, choices=TagExemptionReason.choices)
    explanation = models.CharField(
        max_length=300, help_text="The event and its sponsor, or the dog's condition."
    )
    keeper = models.CharField(
        max_length=120, help_text="Who keeps the tag at hand for inspection."
    )
    starts_on = models.DateField()
    ends_on = models.DateField(help_text="The event's last day, or the expected recovery.")
    veterinarian = models.CharField(max_length=120, blank=True)
    statement = models.FileField(upload_to=tag_exemption_statement_path, blank=True)
    statement_content_type = models.CharField(max_length=40, blank=True)
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    recorded_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-starts_on", "-pk"]

    def __str__(self) -> str:
        return f"Tag exemption of {self.dog} from {self.starts_on} to {self.ends_on}"


# -- Overdue license fees sent to the Collector (Licenses A(8), Kennel license B(8)) ------


class CollectorReferral(models.Model):
    """An overdue license's unpaid invoice, with its late fee, sent to the Collector to be
    added to the tax bill or recovered by a municipal charges lien (MGL c. 40, § 58).
    The amounts are frozen as sent; a referral is never edited or deleted."""

    invoice = models.OneToOneField(
        "licensing.Invoice", on_delete=models.PROTECT, related_name="collector_referral"
    )
    license_fee = models.DecimalField(max_digits=10, decimal_places=2)
    late_fee = models.DecimalField(max_digits=10, decimal_places=2)
    sent_on = models.DateField()
    sent_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-sent_on", "-pk"]

    def __str__(self) -> str:
        return f"Invoice #{self.invoice_id} sent to the Collector on {self.sent_on}"


# -- Interested parties of a kennel review (Kennel license B(5)) -------------------------


class InterestedPartyRole(models.TextChoices):
    LICENSEE = "licensee", "Kennel licensee"
    ABUTTER = "abutter", "Abutter"
    COMPLAINANT = "complainant", "Complainant"
    OTHER = "other", "Other interested party"


class KennelInterestedParty(models.Model):
    """A person the hearing authority notifies of a kennel review hearing (B(5)): each
    gets a letter of the hearing, dated with the notice."""

    case = models.ForeignKey(
        "enforcement.Case", on_delete=models.PROTECT, related_name="kennel_interested_parties"
    )
    role = models.CharField(max_length=12, choices=InterestedPartyRole.choices)
    name = models.CharField(max_length=120)
    mailing_address = models.CharField(max_length=300)
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["role", "name", "pk"]

    def __str__(self) -> str:
        return f"{self.name} ({self.get_role_display()})"
