"""Dogs and the typed details of a dog-license application (North Andover Code ch. 60)."""

from __future__ import annotations

import datetime as dt
import secrets

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_noop

from permits_site.licensing.models import Document, DocumentStatus
from permits_site.rules.calendar import add_months


class Sex(models.TextChoices):
    FEMALE = "female", gettext_noop("Female")
    MALE = "male", gettext_noop("Male")


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
    ABANDONED = "abandoned", "Abandoned on vacated property (Welfare G(7))"


class Species(models.TextChoices):
    """What kind of animal a record is about: one in custody (Impoundment B, H; Welfare
    G(7)), a call or a bite (ACO A: "all complaints or other matters related to animals")."""

    DOG = "dog", gettext_noop("Dog")
    CAT = "cat", gettext_noop("Cat")
    FERRET = "ferret", gettext_noop("Ferret")
    LIVESTOCK = "livestock", gettext_noop("Livestock or horse")
    WILDLIFE = "wildlife", gettext_noop("Wildlife")
    OTHER = "other", gettext_noop("Other animal")


#: The species Rabies A requires vaccinated at six months of age or older.
RABIES_SPECIES = (Species.DOG, Species.CAT, Species.FERRET)
#: The document kind of a rabies vaccination certificate (Licenses A(1)), which a dog's
#: license application files and an impoundment reads.
RABIES_CERTIFICATE = "rabies_certificate"
#: The document kind of a veterinarian's certificate exempting an old or sick dog from the
#: vaccination for a stated period, which a dog license application files instead
#: (Licenses A(1)).
RABIES_EXEMPTION = "rabies_exemption"


def rabies_vaccination_missing(species: str, *, under_six_months: bool,
                               valid_through: dt.date | None, on: dt.date) -> bool:
    """A dog, cat or ferret six months of age or older with no vaccination current on
    ``on`` on its record (Rabies A): offense ``rabies_vaccination_missing`` (Rabies C)."""
    required = species in RABIES_SPECIES and not under_six_months
    return required and (valid_through is None or valid_through < on)


def rabies_certificate_on_file(applications) -> Document | None:
    """The rabies vaccination certificate the Clerk accepted with one of the dog license
    ``applications`` (Licenses A(1)), the one valid longest: what the Town has on file of
    the dog's vaccination (Rabies A). None when none was accepted with its expiry."""
    return (Document.objects.filter(application__in=applications, kind=RABIES_CERTIFICATE,
                                    status=DocumentStatus.ACCEPTED, valid_until__isnull=False)
            .order_by("-valid_until", "-pk").first())


class OwnerIdentifiedBy(models.TextChoices):
    """How the officer identified the owner of an impounded animal (Impoundment D)."""

    TAG = "tag", "License tag"
    MICROCHIP = "microchip", "Microchip"
    LICENSE = "license", "Dog license (any year)"
    OTHER = "other", "Other means the officer records"


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
    """The Animal Control Officer's intake record of an animal in custody, and what became
    of it.

    Any species (ACO B(2); Impoundment B, H; Welfare G(7)): a licensed dog is linked by
    ``dog``; any other animal is known by its species and description, its owner by the
    name and contact the officer records. The record goes to the Town Clerk within 30 days
    and is kept two years (ACO B(2)); the animal is held at least seven days unless its
    owner reclaims it (Impoundment C, E).
    """

    municipality = models.ForeignKey("towns.Municipality", on_delete=models.PROTECT)
    impounded_on = models.DateField()
    species = models.CharField(max_length=10, choices=Species.choices, default=Species.DOG)
    under_six_months = models.BooleanField(
        default=False, help_text="Younger than six months: Rabies A does not yet apply."
    )
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
    identified_by = models.CharField(
        max_length=10, choices=OwnerIdentifiedBy.choices, blank=True,
        help_text="How the owner was identified (Impoundment D).",
    )
    identification_note = models.CharField(max_length=200, blank=True)
    owner_name = models.CharField(
        max_length=120, blank=True, help_text="An owner identified by other means."
    )
    owner_contact = models.CharField(
        max_length=200, blank=True, help_text="Phone, email or mailing address."
    )
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

    @property
    def owner_identified(self) -> bool:
        return self.dog_id is not None or bool(self.owner_name)

    @property
    def owner_display(self) -> str:
        """The owner's name: the licensed dog's owner, else the one the officer recorded."""
        return self.dog.owner.display_name if self.dog_id else self.owner_name

    def rabies_missing_on(self, day: dt.date) -> bool:
        """Rabies A requires a vaccination and none current is on the record: offense
        ``rabies_vaccination_missing`` (Rabies C)."""
        return rabies_vaccination_missing(self.species, under_six_months=self.under_six_months,
                                          valid_through=self.rabies_valid_through, on=day)


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
    boarded_for = models.CharField(
        max_length=200, blank=True, help_text="A dog boarded temporarily, not the kennel's "
        "own: its owner's name and contact (B(1)). Blank for the kennel's own dogs."
    )
    rabies_certificate = models.CharField(
        max_length=120, blank=True, help_text="The proof of vaccination kept: certificate "
        "number and veterinarian (required for a boarded dog, B(1))."
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
    def is_boarded(self) -> bool:
        """Boarded temporarily, not one of the kennel's own dogs (B(1))."""
        return bool(self.boarded_for)

    @property
    def reported_late(self) -> bool:
        """Reported after the 30 days of Kennel license B(2)."""
        return self.report_due is not None and self.reported_on > self.report_due


# -- The Animal Control Officer's records: calls, bites, quarantine orders and vacated
# -- property (Code ch. 60, ACO B(2); Welfare C, D, G) ----------------------------------


#: ACO B(2): "Copies of the record shall be kept for two years in the office of the Town
#: Clerk".
RECORDS_KEPT_MONTHS = 24


def kept_until(recorded_on: dt.date) -> dt.date:
    """The last day the Town Clerk keeps a copy of a record made on ``recorded_on``: two
    years later (ACO B(2); Feb 29 clamps to Feb 28)."""
    return add_months(recorded_on, RECORDS_KEPT_MONTHS)


class CallKind(models.TextChoices):
    """What a call to the Animal Control Officer is about (ACO B(2): the log of calls)."""

    COMPLAINT = "complaint", "Complaint about an animal"
    AT_LARGE = "at_large", "Animal at large or stray"
    BITE = "bite", "Bite or attack"
    MOTORIST_STRUCK = "motorist_struck", "A motorist struck a dog or cat (Welfare D)"
    ABANDONED = "abandoned", "Abandoned animals at a vacated property (Welfare G(2))"
    WELFARE = "welfare", "Animal welfare concern"
    WILDLIFE = "wildlife", "Wildlife"
    OTHER = "other", "Other"


class AnimalCall(models.Model):
    """One call of the Animal Control Officer's log (ACO B(2)): when, who called, where,
    which animal, what happened, and the outcome with the record it led to. A motorist's
    report of striking a dog or cat is a call of its own kind (Welfare D(1))."""

    municipality = models.ForeignKey("towns.Municipality", on_delete=models.PROTECT)
    received_at = models.DateTimeField()
    kind = models.CharField(max_length=16, choices=CallKind.choices)
    caller_name = models.CharField(max_length=120)
    caller_contact = models.CharField(max_length=120, blank=True)
    place = models.CharField(max_length=200)
    species = models.CharField(max_length=10, choices=Species.choices,
                               default=Species.DOG)
    animal = models.CharField(max_length=200, blank=True,
                              help_text="Breed, color, markings, name or tag.")
    dog = models.ForeignKey(Dog, on_delete=models.PROTECT, null=True, blank=True,
                            related_name="calls")
    what_happened = models.TextField()
    outcome = models.CharField(max_length=300, blank=True)
    closed_on = models.DateField(null=True, blank=True)
    case = models.ForeignKey("enforcement.Case", on_delete=models.PROTECT, null=True,
                             blank=True, related_name="animal_calls")
    impoundment = models.ForeignKey(Impoundment, on_delete=models.PROTECT, null=True,
                                    blank=True, related_name="calls")
    citation = models.ForeignKey("enforcement.Citation", on_delete=models.PROTECT, null=True,
                                 blank=True, related_name="animal_calls")
    recorded_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                                    related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-received_at", "-pk"]
        indexes = [models.Index(fields=["municipality", "received_at"])]

    def __str__(self) -> str:
        return f"Call #{self.pk}: {self.get_kind_display()}"

    @property
    def keep_until(self) -> dt.date:
        """Two years from the call's close, or from its receipt while open (ACO B(2))."""
        return kept_until(self.closed_on or timezone.localtime(self.received_at).date())


class BiteVictim(models.TextChoices):
    PERSON = "person", "A person"
    DOMESTIC_ANIMAL = "domestic_animal", "A domestic animal"


class BiteRecord(models.Model):
    """A bite case reported to the Animal Control Officer and the result of its
    investigation (ACO B(2), MGL c.140 §151A): the bite, the animal that bit (a dog of the
    register or described) with its keeper, and who or what was bitten."""

    municipality = models.ForeignKey("towns.Municipality", on_delete=models.PROTECT)
    call = models.OneToOneField(AnimalCall, on_delete=models.PROTECT, null=True, blank=True,
                                related_name="bite")
    bitten_on = models.DateField()
    place = models.CharField(max_length=200)
    species = models.CharField(max_length=10, choices=Species.choices,
                               default=Species.DOG)
    dog = models.ForeignKey(Dog, on_delete=models.PROTECT, null=True, blank=True,
                            related_name="bites")
    animal = models.CharField(max_length=200, blank=True,
                              help_text="The animal that bit, when it is not a dog of the "
                              "register: breed, color, markings.")
    keeper = models.CharField(max_length=200, blank=True,
                              help_text="Owner or keeper of the animal that bit, and contact.")
    victim = models.CharField(max_length=16, choices=BiteVictim.choices,
                              default=BiteVictim.PERSON)
    victim_name = models.CharField(max_length=120)
    victim_contact = models.CharField(max_length=200, blank=True)
    injury = models.CharField(max_length=300, blank=True)
    provoked = models.BooleanField(null=True, blank=True)
    investigation_result = models.TextField(blank=True)
    investigated_on = models.DateField(null=True, blank=True)
    case = models.ForeignKey("enforcement.Case", on_delete=models.PROTECT, null=True,
                             blank=True, related_name="bite_records")
    under_six_months = models.BooleanField(
        default=False, help_text="The animal that bit is younger than six months: Rabies A "
        "does not yet apply.")
    rabies_certificate = models.CharField(
        max_length=120, blank=True, help_text="The animal's rabies vaccination certificate: "
        "number and veterinarian (Rabies A).")
    rabies_valid_through = models.DateField(null=True, blank=True)
    recorded_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                                    related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-bitten_on", "-pk"]

    def __str__(self) -> str:
        return f"Bite #{self.pk} of {self.bitten_on:%b %d, %Y}"

    @property
    def keep_until(self) -> dt.date:
        return kept_until(self.bitten_on)

    @property
    def animal_name(self) -> str:
        return str(self.dog) if self.dog_id else (self.animal or self.get_species_display())

    def rabies_missing(self) -> bool:
        """The animal that bit — a dog, cat or ferret six months or older — had no
        vaccination current on the day of the bite on this record (Rabies A): offense
        ``rabies_vaccination_missing`` (Rabies C)."""
        return rabies_vaccination_missing(self.species, under_six_months=self.under_six_months,
                                          valid_through=self.rabies_valid_through,
                                          on=self.bitten_on)


class QuarantineOrder(models.Model):
    """The Animal Inspector's quarantine order on an animal that bit (Welfare C): confined
    and kept from other animals until the order ends and the Inspector releases it."""

    bite = models.OneToOneField(BiteRecord, on_delete=models.PROTECT,
                                related_name="quarantine")
    issued_on = models.DateField()
    ends_on = models.DateField(help_text="The last day of the quarantine.")
    confined_at = models.CharField(max_length=200)
    served_to = models.CharField(max_length=120)
    additional_restrictions = models.TextField(blank=True)
    issued_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                                  related_name="+")
    released_on = models.DateField(null=True, blank=True)
    released_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                                    null=True, blank=True, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-issued_on", "-pk"]

    def __str__(self) -> str:
        return f"Quarantine order #{self.pk} (ends {self.ends_on:%b %d, %Y})"


class CaseDog(models.Model):
    """The dog a dangerous or potentially dangerous dog case is about (Dangerous B;
    Potentially dangerous B): a dog of the town's register, or a dog on no register as the
    officer describes it. Named when the case is opened — from the Cases page, the API or a
    bite record — and named again on the owner's notice of determination."""

    case = models.OneToOneField("enforcement.Case", on_delete=models.PROTECT,
                                related_name="dog_named")
    dog = models.ForeignKey(Dog, on_delete=models.PROTECT, null=True, blank=True,
                            related_name="cases_about")
    description = models.CharField(
        max_length=200, blank=True,
        help_text="A dog on no register: breed, color, markings, the name it answers to.")

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=models.Q(dog__isnull=False) | ~models.Q(description=""),
                name="case_dog_named_or_described"),
        ]

    def __str__(self) -> str:
        return f"Case #{self.case_id}: {self.dog or self.description}"


class VacatedReason(models.TextChoices):
    """Welfare G(1): how the property came to be vacated."""

    SUMMARY_PROCESS = "summary_process", "Summary process (eviction)"
    FORECLOSURE = "foreclosure", "Mortgage foreclosure"
    TENANCY_ENDED = "tenancy_ended", "Termination of tenancy"
    ABANDONMENT = "abandonment", "Abandonment"
    OTHER_REMOVAL = "other_removal", "Other removal or exclusion of a tenant"


class VacatedPropertyReport(models.Model):
    """A vacated property and its inspection for abandoned animals (Welfare G): inspected
    by the owner, lessor or person in control within three days of knowing it was vacated,
    abandoned animals reported to the officer at once and impounded (G(7))."""

    municipality = models.ForeignKey("towns.Municipality", on_delete=models.PROTECT)
    address = models.CharField(max_length=300)
    responsible_party = models.CharField(
        max_length=200, help_text="Property owner, lessor or person in control, and contact.")
    reason = models.CharField(max_length=16, choices=VacatedReason.choices)
    known_vacated_on = models.DateField(
        help_text="The day the owner knew or should have known the property was vacated.")
    inspect_by = models.DateField()
    inspected_on = models.DateField(null=True, blank=True)
    animals_found = models.BooleanField(null=True, blank=True)
    animals = models.CharField(max_length=300, blank=True,
                               help_text="The animals found and their condition.")
    officer_notified_on = models.DateField(null=True, blank=True)
    call = models.OneToOneField(AnimalCall, on_delete=models.PROTECT, null=True, blank=True,
                                related_name="vacated_property")
    impoundment = models.ForeignKey(Impoundment, on_delete=models.PROTECT, null=True,
                                    blank=True, related_name="vacated_properties")
    case = models.ForeignKey("enforcement.Case", on_delete=models.PROTECT, null=True,
                             blank=True, related_name="vacated_properties")
    recorded_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                                    related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-known_vacated_on", "-pk"]

    def __str__(self) -> str:
        return f"Vacated property #{self.pk}, {self.address}"

    @property
    def keep_until(self) -> dt.date:
        return kept_until(self.known_vacated_on)

# -- Impounded animals: notice, finders' reports, adoption checks (Impoundment B, D, H) ---


class NoticeMethod(models.TextChoices):
    """How the owner of an impounded animal was told (Impoundment D)."""

    EMAIL = "email", "Email"
    PHONE = "phone", "Telephone"
    IN_PERSON = "in_person", "In person"
    MAIL = "mail", "Mail"


class OwnerNotice(models.Model):
    """One notice to the owner of an impounded animal: how, when and who was reached
    (Impoundment D). Never edited: a later notice is a new row."""

    impoundment = models.ForeignKey(Impoundment, on_delete=models.PROTECT,
                                    related_name="owner_notices")
    method = models.CharField(max_length=10, choices=NoticeMethod.choices)
    notified_on = models.DateField()
    person_reached = models.CharField(max_length=120)
    note = models.CharField(max_length=300, blank=True)
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["notified_on", "pk"]

    def __str__(self) -> str:
        return f"{self.get_method_display()} to {self.person_reached}, {self.notified_on}"


class FoundReportStatus(models.TextChoices):
    OPEN = "open", "To follow up"
    IMPOUNDED = "impounded", "Turned over and impounded"
    RETURNED = "returned", "Back with its owner"
    NOT_TURNED_OVER = "not_turned_over", "Not turned over on request"
    CLOSED = "closed", "Closed"


class FoundAnimalReport(models.Model):
    """A finder's report of a stray, lost or apparently homeless animal (Impoundment B): it
    reaches the Animal Control Officer, who asks for the animal to be turned over (B(1))
    and may cite a finder who fails to (B(2))."""

    municipality = models.ForeignKey("towns.Municipality", on_delete=models.PROTECT)
    species = models.CharField(max_length=10, choices=Species.choices, default=Species.DOG)
    description = models.CharField(max_length=200)
    found_at = models.CharField(max_length=200)
    tag_number = models.CharField(max_length=20, blank=True)
    finder_name = models.CharField(max_length=120)
    finder_contact = models.CharField(max_length=200)
    message = models.CharField(max_length=1000, blank=True)
    reported_at = models.DateTimeField(auto_now_add=True)
    status = models.CharField(max_length=16, choices=FoundReportStatus.choices,
                              default=FoundReportStatus.OPEN)
    turn_over_requested_on = models.DateField(null=True, blank=True)
    impoundment = models.OneToOneField(
        Impoundment, on_delete=models.PROTECT, null=True, blank=True,
        related_name="found_report",
    )
    case = models.ForeignKey("enforcement.Case", on_delete=models.PROTECT, null=True,
                             blank=True, related_name="+")

    class Meta:
        ordering = ["-reported_at", "-pk"]

    def __str__(self) -> str:
        return f"Found report #{self.pk}: {self.description}"


class CoriResult(models.TextChoices):
    CLEAR = "clear", "Clear"
    NOT_CLEAR = "not_clear", "Not clear"


class AdoptionCoriCheck(models.Model):
    """The CORI background check of one individual residing in an adopting household
    (Impoundment H): the adoption waits until every check recorded is clear."""

    impoundment = models.ForeignKey(Impoundment, on_delete=models.PROTECT,
                                    related_name="cori_checks")
    person_name = models.CharField(max_length=120)
    checked_on = models.DateField()
    result = models.CharField(max_length=10, choices=CoriResult.choices)
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["checked_on", "pk"]

    def __str__(self) -> str:
        return f"CORI {self.person_name}: {self.get_result_display()}"


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
