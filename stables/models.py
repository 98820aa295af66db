"""Stables, horses and burial notices: the typed records of the Northborough Board of Health's
Horse and Stable Regulations, linked to the core's applications, permits and documents.
"""

from __future__ import annotations

import builtins
import datetime as dt
from dataclasses import dataclass

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_noop

from permits_site.rules.calendar import add_months
from permits_site.rules.wording import explain
from permits_site.towns.models import Municipality
from stables.periods import MUNICIPALITY

AREA = {"max_digits": 10, "decimal_places": 1}


def northborough() -> Municipality:
    """The town whose Board of Health keeps these records."""
    return Municipality.objects.get(code=MUNICIPALITY)


class Occupancy(models.TextChoices):
    """§2.2: "The applicant shall be the person maintaining the private stable, whether as
    owner or occupant"."""

    OWNER = "owner", gettext_noop("Owner of the premises")
    OCCUPANT = "occupant", gettext_noop("Occupant (tenant) of the premises")


class Stable(models.Model):
    """A stable: the building or structures where horses are sheltered or fed (§1.4), on a
    property in town (its site, whose address is the stable's).

    ``keeper`` is the person who maintains it and holds its permit (§2.2), who may live
    elsewhere; a transfer (§2.4) hands it to the new owner or occupant.
    ``permitted_floor_area_sqft`` is the area judged at the last new or renewed permit,
    from which expansions are cumulated (§2.1).
    """

    municipality = models.ForeignKey(
        "towns.Municipality", on_delete=models.PROTECT, related_name="stables"
    )
    keeper = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="stables"
    )
    occupancy = models.CharField(max_length=10, choices=Occupancy.choices)
    property = models.ForeignKey(
        "parties.Property", on_delete=models.PROTECT, related_name="stables",
        help_text="The stable's site.",
    )
    grandfathered = models.BooleanField(
        default=False,
        help_text="Permitted under the rules in force before May 2, 1990 and operating "
        "satisfactorily since (§2.5), as confirmed by the Board of Health office.",
    )
    grandfathered_note = models.CharField(
        max_length=300, blank=True, help_text="The earlier permit and how it was confirmed."
    )
    grandfathered_confirmed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
    )
    grandfathered_confirmed_on = models.DateField(null=True, blank=True)
    permitted_floor_area_sqft = models.DecimalField(
        "floor area at the last permit", **AREA, null=True, blank=True
    )
    area_permitted_by = models.ForeignKey(
        "licensing.Permit",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        help_text="The new or renewed permit that judged the floor area above.",
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["property__address", "pk"]

    def __str__(self) -> str:
        return self.address

    @builtins.property  # the name ``property`` is the site's field in this class
    def address(self) -> str:
        """The street address of the stable's site."""
        return self.property.address


#: The items a stable plan shows (§2.2 (a)–(f)), as fields of :class:`StableApplication`.
PLAN_ITEMS = (
    "layout",
    "water_and_wetlands",
    "fencing",
    "manure_and_feed_storage",
    "animals",
    "other_data",
)


class StableApplication(models.Model):
    """The stable-specific part of a private or public stable permit application.

    The rule set's facts live in ``application.facts``; the two the office records —
    the zoning authority's certification (§2.3) and the review with the Conservation
    Commission (§4.1) — are kept here with who recorded them, and fed to the rules as
    ``zoning_certified`` and ``conservation_commission_reviewed``.
    """

    application = models.OneToOneField(
        "licensing.Application", on_delete=models.PROTECT, related_name="stable_application"
    )
    stable = models.ForeignKey(Stable, on_delete=models.PROTECT, related_name="applications")
    occupancy = models.CharField(
        "the applicant maintains the stable as", max_length=10, choices=Occupancy.choices
    )
    layout = models.TextField(
        gettext_noop("(a) layout, arrangement and construction of the stable")
    )
    water_and_wetlands = models.TextField(
        gettext_noop("(b) wetlands, drains and known sources of water supply within 200 feet")
    )
    fencing = models.TextField(gettext_noop("(c) type, location and dimensions of the fencing"))
    manure_and_feed_storage = models.TextField(
        gettext_noop("(d) areas for storing and handling manure and feed")
    )
    animals = models.TextField(gettext_noop("(e) number and type of animals to be kept"))
    other_data = models.TextField(
        gettext_noop("(f) other data the Board of Health requested"), blank=True
    )
    changes_made = models.TextField(
        "changes made since the last permit", blank=True, help_text="Renewals (§2.2)."
    )
    zoning_certified_on = models.DateField(null=True, blank=True)
    zoning_certified_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True,
        related_name="+",
    )
    zoning_note = models.CharField(max_length=300, blank=True)
    conservation_reviewed_on = models.DateField(null=True, blank=True)
    conservation_reviewed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True,
        related_name="+",
    )
    conservation_note = models.CharField(max_length=300, blank=True)

    def __str__(self) -> str:
        return f"{self.stable} — application #{self.application_id}"

    def plan_items(self) -> list[tuple[models.Field, str]]:
        """The §2.2 items (a)–(f) with their answers, in the order of the regulation."""
        return [(self._meta.get_field(name), getattr(self, name)) for name in PLAN_ITEMS]

    @property
    def zoning_certified(self) -> bool:
        return self.zoning_certified_on is not None

    @property
    def conservation_commission_reviewed(self) -> bool:
        return self.conservation_reviewed_on is not None


class StableExpansion(models.Model):
    """An expansion of a stable of less than 25 %, cumulated since the last permit (§2.1)."""

    stable = models.ForeignKey(Stable, on_delete=models.PROTECT, related_name="expansions")
    since_permit = models.ForeignKey(
        "licensing.Permit",
        on_delete=models.PROTECT,
        related_name="+",
        help_text="The permit whose floor area this expansion is cumulated against.",
    )
    area_sqft = models.DecimalField("added floor area", **AREA)
    made_on = models.DateField("date of the expansion")
    description = models.CharField(max_length=300, blank=True)
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    recorded_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["made_on", "pk"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(area_sqft__gt=0), name="stable_expansion_positive"
            )
        ]

    def __str__(self) -> str:
        return f"{self.area_sqft} sq ft added to {self.stable} on {self.made_on}"


class Departure(models.TextChoices):
    """Why a horse left the register: the registration lasts while it is kept in town (B)."""

    SOLD = "sold", gettext_noop("Sold")
    MOVED = "moved", gettext_noop("Moved out of town")
    DIED = "died", gettext_noop("Died")


class Horse(models.Model):
    """A horse kept in town, registered with the Board of Health (B) with its certificate of
    inoculation against equine encephalitis and tetanus (§3.2).

    ``inoculation_certificate`` is the latest certificate filed; ``certificate_dated`` the
    date the veterinarian gave it. The registration lasts until the horse leaves town.
    """

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="horses"
    )
    stable = models.ForeignKey(Stable, on_delete=models.PROTECT, related_name="horses")
    registration = models.OneToOneField(
        "licensing.Application", on_delete=models.PROTECT, related_name="horse"
    )
    name = models.CharField(max_length=60)
    description = models.CharField(
        max_length=200, help_text="Breed, color, sex, age and markings."
    )
    inoculation_certificate = models.ForeignKey(
        "licensing.Document", on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    certificate_dated = models.DateField("date of the inoculation certificate", null=True,
                                         blank=True)
    kept_until = models.DateField(
        null=True, blank=True, help_text="The last day the horse was kept in town (moved or died)."
    )
    departure = models.CharField(max_length=10, choices=Departure.choices, blank=True,
                                 help_text="Why the horse left the register.")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name", "pk"]

    def __str__(self) -> str:
        return self.name

    @property
    def kept_in_town(self) -> bool:
        return self.kept_until is None

    def certificate_current_on(self, day) -> bool:
        """A certificate covers a year: on its anniversary it is a year old, after it older."""
        return self.certificate_dated is not None and day <= add_months(self.certificate_dated, 12)

    def certificate_flag(self, *, on: dt.date) -> CertificateFlag:
        """How the registry reads the certificate on ``on``: missing, older than a year
        (past its first anniversary), or current (§3.2)."""
        if self.inoculation_certificate_id is None or self.certificate_dated is None:
            return CertificateFlag("missing", gettext_noop("No inoculation certificate on file"))
        dated = self.certificate_dated
        if not self.certificate_current_on(on):
            return CertificateFlag("stale", explain(gettext_noop(
                "Certificate dated %(day)s is older than a year"), day=dated))
        return CertificateFlag("current", explain(gettext_noop("Certificate dated %(day)s"),
                                                  day=dated))


@dataclass(frozen=True)
class CertificateFlag:
    """How the registry reads a horse's inoculation certificate on a day (§3.2)."""

    code: str
    text: str

    @property
    def flagged(self) -> bool:
        return self.code != "current"


class HorseBurialNotice(models.Model):
    """A resident's notice to the Board of Health of a horse's burial at the stable (§6.6).

    ``facts`` are those of rule set ``northborough.horse_burial`` (strict JSON);
    ``findings`` the rules' outcomes when the notice was filed.
    """

    municipality = models.ForeignKey("towns.Municipality", on_delete=models.PROTECT)
    filed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="horse_burial_notices"
    )
    stable = models.ForeignKey(Stable, on_delete=models.PROTECT, related_name="burial_notices")
    horse = models.ForeignKey(
        Horse, on_delete=models.PROTECT, null=True, blank=True, related_name="burial_notices"
    )
    site = models.CharField(
        "burial site", max_length=300, help_text="Where on the lot the hole is."
    )
    facts = models.JSONField()
    findings = models.JSONField()
    compliant = models.BooleanField()
    filed_on = models.DateField()
    filed_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-filed_at", "-pk"]

    def __str__(self) -> str:
        return f"Burial notice #{self.pk} at {self.stable}"
