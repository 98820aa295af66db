"""Enforcement records: the towns' non-criminal fine schedules.

A fine schedule is effective-dated like a fee schedule (DESIGN convention 5):
a change is a new version, and a fine is quoted by the version in force on
the day of the offense.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.utils import timezone
from simple_history.models import HistoricalRecords

from permits_site.exceptions import ImmutableRecord
from permits_site.licensing.models import MONEY, EffectiveDatedVersion
from permits_site.rules.fines import FineRate
from permits_site.towns.models import HearingMoved, HeldAtTimeAndPlace, Municipality
from permits_site.towns.typed_text import in_other_languages


class PriorWindow(models.TextChoices):
    """Which earlier offenses the caller counts in ``prior_offenses``."""

    RECORD = "record", "Every earlier offense on the party's record"
    CALENDAR_YEAR = "calendar_year", "Earlier offenses in the same calendar year"


class FineSchedule(EffectiveDatedVersion):
    """One effective-dated version of a town's non-criminal fine schedule (MGL c.40 §21D)."""

    municipality = models.ForeignKey(
        Municipality, on_delete=models.PROTECT, related_name="fine_schedules"
    )
    history = HistoricalRecords()

    class Meta(EffectiveDatedVersion.Meta):
        ordering = ["municipality", "-effective_from", "-created_at"]

    def __str__(self) -> str:
        return f"{self.municipality.short_name} fines from {self.effective_from}"


def _null_or_not_negative(field: str) -> Q:
    return Q(**{f"{field}__isnull": True}) | Q(**{f"{field}__gte": 0})


class FineItem(models.Model):
    """One offense of a fine schedule.

    A fixed offense has first, second and later amounts, a blank amount being
    a recorded written warning with nothing due. A ranged offense has a
    minimum and maximum instead; the officer sets the amount within them.
    """

    schedule = models.ForeignKey(FineSchedule, on_delete=models.CASCADE, related_name="items")
    offense = models.CharField(max_length=60)
    description = models.CharField(max_length=200)
    description_pt_br, description_es = in_other_languages(description)
    citation = models.CharField(max_length=200)
    first_amount = models.DecimalField(
        **MONEY, null=True, blank=True, help_text="Blank: a written warning."
    )
    second_amount = models.DecimalField(
        **MONEY, null=True, blank=True, help_text="Blank: a written warning."
    )
    later_amount = models.DecimalField(
        **MONEY, null=True, blank=True,
        help_text="Third and later offenses. Blank: a written warning.",
    )
    minimum_amount = models.DecimalField(
        **MONEY, null=True, blank=True, help_text="Ranged offenses: the least the officer sets."
    )
    maximum_amount = models.DecimalField(
        **MONEY, null=True, blank=True, help_text="Ranged offenses: the most the officer sets."
    )
    per_day = models.BooleanField(
        default=False, help_text="Each day the offense continues is a separate offense."
    )
    per_unit = models.BooleanField(
        default=False, help_text="Fined per permit or per boat involved."
    )
    unit_name = models.CharField(
        max_length=20, blank=True, help_text="What one unit is: permit, boat."
    )
    prior_window = models.CharField(
        max_length=20, choices=PriorWindow.choices, default=PriorWindow.RECORD
    )
    amount_set_by = models.CharField(
        max_length=120, blank=True,
        help_text="Who sets the amount where the law text does not state it (the Select Board; "
                  "the commonwealth, with its section). Blank: the law text states it.",
    )
    amount_pending = models.BooleanField(
        default=False,
        help_text="Not set yet by whoever sets it: the offense cannot be cited until an admin "
                  "enters the amounts.",
    )

    class Meta:
        ordering = ["pk"]
        constraints = [
            models.UniqueConstraint(fields=["schedule", "offense"], name="unique_fine_offense"),
            models.CheckConstraint(
                condition=_null_or_not_negative("first_amount")
                & _null_or_not_negative("second_amount")
                & _null_or_not_negative("later_amount")
                & _null_or_not_negative("minimum_amount"),
                name="fine_amounts_not_negative",
            ),
            models.CheckConstraint(
                condition=Q(minimum_amount__isnull=True, maximum_amount__isnull=True)
                | Q(
                    minimum_amount__isnull=False,
                    maximum_amount__isnull=False,
                    minimum_amount__lte=F("maximum_amount"),
                    first_amount__isnull=True,
                    second_amount__isnull=True,
                    later_amount__isnull=True,
                ),
                name="fine_range_complete_and_exclusive",
            ),
            models.CheckConstraint(
                condition=Q(amount_pending=False)
                | Q(first_amount__isnull=True, second_amount__isnull=True,
                    later_amount__isnull=True, minimum_amount__isnull=True),
                name="fine_pending_has_no_amount",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.offense}: {self.description}"

    @property
    def ranged(self) -> bool:
        return self.minimum_amount is not None

    def rate(self) -> FineRate:
        """The offense as the pure quoting functions read it."""
        return FineRate(
            offense=self.offense,
            description=self.description,
            citation=self.citation,
            first=self.first_amount,
            second=self.second_amount,
            later=self.later_amount,
            minimum=self.minimum_amount,
            maximum=self.maximum_amount,
            per_day=self.per_day,
            per_unit=self.per_unit,
            unit_name=self.unit_name,
        )


class InspectionStatus(models.TextChoices):
    SCHEDULED = "scheduled", "Scheduled"
    CLOSED = "closed", "Closed"
    CANCELLED = "cancelled", "Cancelled"


class InspectionResult(models.TextChoices):
    PASSED = "passed", "Passed"
    FAILED = "failed", "Failed"


class Inspection(models.Model):
    """A visit by an inspector, against a permit, an application or an address.

    The checklist is the facts of ``check_code``'s rule set; the answers are
    judged by its rules, and every failed item becomes a :class:`Violation`.
    ``place`` is the property visited (spec ``lifecycle.md``, "Property"): its permit's or
    application's, else the town's property at the address; none for an address the town
    has no property at.
    """

    municipality = models.ForeignKey(
        "towns.Municipality", on_delete=models.PROTECT, related_name="inspections"
    )
    permit = models.ForeignKey(
        "licensing.Permit", on_delete=models.PROTECT, null=True, blank=True,
        related_name="inspections",
    )
    application = models.ForeignKey(
        "licensing.Application", on_delete=models.PROTECT, null=True, blank=True,
        related_name="inspections",
    )
    place = models.ForeignKey(
        "parties.Property", on_delete=models.PROTECT, null=True, blank=True,
        related_name="inspections",
        help_text="The property visited: its permit's or application's, else the town's "
                  "property at the address.",
    )
    address = models.CharField(max_length=300)
    check_code = models.CharField(max_length=80)
    scheduled_for = models.DateField()
    inspector = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="inspections"
    )
    status = models.CharField(
        max_length=10, choices=InspectionStatus.choices, default=InspectionStatus.SCHEDULED
    )
    answers = models.JSONField(default=dict, blank=True)
    notes = models.TextField(blank=True)
    result = models.CharField(max_length=10, choices=InspectionResult.choices, blank=True)
    inspected_on = models.DateField(null=True, blank=True)
    closed_at = models.DateTimeField(null=True, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    history = HistoricalRecords()

    class Meta:
        ordering = ["scheduled_for", "pk"]

    def __str__(self) -> str:
        return f"Inspection #{self.pk} at {self.address} on {self.scheduled_for}"

    @property
    def place_address(self) -> str:
        """Where the visit is: the property's address as the town records it, else the
        address typed when it was scheduled (an address the town has no property at)."""
        return self.place.full_address if self.place_id else self.address

    @property
    def passed(self) -> bool:
        """Closed, and passed: what opens an application's ``inspection_passed`` gate."""
        return self.status == InspectionStatus.CLOSED and self.result == InspectionResult.PASSED


class InspectionPhoto(models.Model):
    inspection = models.ForeignKey(Inspection, on_delete=models.PROTECT, related_name="photos")
    file = models.FileField(upload_to="inspections/%Y/")
    content_type = models.CharField(max_length=40)
    caption = models.CharField(max_length=200, blank=True)
    sha256 = models.CharField(max_length=64)
    uploaded_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["uploaded_at", "pk"]

    def __str__(self) -> str:
        return f"Photo {self.pk} of {self.inspection}"


class CaseStatus(models.TextChoices):
    OPEN = "open", "Open"
    DETERMINED = "determined", "Determined"
    CLOSED = "closed", "Closed"


class Case(models.Model):
    """An enforcement case: complaint → determination → orders and citations → hearing → appeal."""

    municipality = models.ForeignKey(
        "towns.Municipality", on_delete=models.PROTECT, related_name="cases"
    )
    case_type = models.CharField(max_length=60)
    permit = models.ForeignKey(
        "licensing.Permit", on_delete=models.PROTECT, null=True, blank=True, related_name="cases"
    )
    application = models.ForeignKey(
        "licensing.Application", on_delete=models.PROTECT, null=True, blank=True,
        related_name="cases", help_text="The application whose penalty finding opened the case.",
    )
    place = models.ForeignKey(
        "parties.Property", on_delete=models.PROTECT, null=True, blank=True,
        related_name="cases",
        help_text="The property the case is about: its permit's or application's by default.",
    )
    party = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True,
        related_name="enforcement_cases", help_text="The responsible person, when known.",
    )
    party_business = models.ForeignKey(
        "parties.Business", on_delete=models.PROTECT, null=True, blank=True,
        related_name="enforcement_cases",
        help_text="The responsible business; its record counts repeat offenses.",
    )
    party_name = models.CharField(max_length=200)
    address = models.CharField(max_length=300)
    complaint = models.TextField()
    complainant = models.CharField(max_length=200, blank=True)
    received_on = models.DateField()
    inspection = models.ForeignKey(
        Inspection, on_delete=models.PROTECT, null=True, blank=True, related_name="cases"
    )
    proposed_determination = models.TextField(
        blank=True, help_text="The finding an officer proposes for another person to decide.")
    proposed_on = models.DateField(null=True, blank=True)
    proposed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True,
        related_name="+",
    )
    determination = models.TextField(blank=True)
    determined_on = models.DateField(null=True, blank=True)
    determined_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True,
        related_name="+",
    )
    findings = models.JSONField(
        default=dict, blank=True,
        help_text="What the case type's law records with the proposal and the determination.",
    )
    status = models.CharField(max_length=12, choices=CaseStatus.choices, default=CaseStatus.OPEN)
    opened_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    history = HistoricalRecords()

    class Meta:
        ordering = ["-received_on", "-pk"]

    def __str__(self) -> str:
        return f"Case #{self.pk}: {self.party_name}, {self.address}"


class Violation(models.Model):
    """A rule found broken, with its citation; corrected when the party complies."""

    municipality = models.ForeignKey("towns.Municipality", on_delete=models.PROTECT)
    inspection = models.ForeignKey(
        Inspection, on_delete=models.PROTECT, null=True, blank=True, related_name="violations"
    )
    case = models.ForeignKey(
        Case, on_delete=models.PROTECT, null=True, blank=True, related_name="violations"
    )
    permit = models.ForeignKey(
        "licensing.Permit", on_delete=models.PROTECT, null=True, blank=True,
        related_name="violations",
    )
    rule = models.CharField(max_length=80)
    citation = models.CharField(max_length=200)
    message = models.TextField()
    found_on = models.DateField()
    corrected_on = models.DateField(null=True, blank=True)

    class Meta:
        ordering = ["found_on", "pk"]

    def __str__(self) -> str:
        return f"{self.rule} ({self.citation})"


class Order(models.Model):
    """An order to correct, with its compliance date computed on the town's calendar."""

    case = models.ForeignKey(Case, on_delete=models.PROTECT, related_name="orders")
    text = models.TextField()
    citation = models.CharField(max_length=200)
    issued_on = models.DateField()
    comply_by = models.DateField()
    complied_on = models.DateField(null=True, blank=True)
    ends_on = models.DateField(
        null=True, blank=True,
        help_text="An order in force for a time: its last day, moved on by each renewal "
                  "(``comply_by`` follows it: the day to renew or let the order lapse).",
    )
    issued_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    rescinded_on = models.DateField(
        null=True, blank=True,
        help_text="The day an order in force for a time was rescinded (``rescind_order``): "
                  "it binds through that day and is not renewed.",
    )
    rescinded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True,
        related_name="+",
    )
    rescission_reason = models.TextField(blank=True)

    class Meta:
        ordering = ["comply_by", "pk"]

    def __str__(self) -> str:
        return f"Order on case #{self.case_id}, comply by {self.comply_by}"


class Citation(models.Model):
    """A non-criminal citation (MGL c.40 §21D) under the town's fine schedule: money owed.

    The offense number is counted from the party's record when it is written
    and frozen here, with the amount per offense. What is owed is an invoice
    of the licensing core whose line cites the offense and section: raised
    when the citation is written, or for a per-day fine when it stops
    accruing; a warning owes nothing. A citation is never edited once
    written: hearings, court decisions and surcharge classifications are
    records of their own. Only the two facts that arrive later — the day a
    per-day fine stops and the invoice raised then — are filled in, once.
    """

    FILLED_ONCE = ("accrues_until", "invoice_id", "due_on")

    case = models.ForeignKey(Case, on_delete=models.PROTECT, related_name="citations")
    offense = models.CharField(max_length=60)
    description = models.CharField(max_length=200)
    description_pt_br, description_es = in_other_languages(description)
    citation = models.CharField(max_length=200)
    offense_number = models.PositiveIntegerField()
    warning = models.BooleanField(default=False)
    amount_per_offense = models.DecimalField(max_digits=10, decimal_places=2)
    units = models.PositiveIntegerField(default=1)
    per_day = models.BooleanField(default=False)
    forfeiture = models.BooleanField(
        default=False, help_text="Owed only on conviction: the court's decision sets it.")
    issued_on = models.DateField()
    accrues_until = models.DateField(
        null=True, blank=True,
        help_text="The last day a per-day fine counts: compliance, or the end the officer set.",
    )
    invoice = models.OneToOneField(
        "licensing.Invoice", on_delete=models.PROTECT, null=True, blank=True,
        related_name="citation",
    )
    due_on = models.DateField(
        null=True, blank=True,
        help_text="The last day to pay or ask for a hearing, on the town's calendar.",
    )
    issued_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    answers = models.JSONField(
        default=dict, blank=True,
        help_text="The officer's answers to the exemptions the law gives the offense, by code.",
    )

    class Meta:
        ordering = ["issued_on", "pk"]

    def __str__(self) -> str:
        return f"Citation {self.offense} #{self.offense_number} on case #{self.case_id}"

    def save(self, *args, **kwargs):
        if self.pk is not None:
            self._refuse_edits()
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise ImmutableRecord("A citation is never deleted; a hearing may dismiss it.")

    def _refuse_edits(self) -> None:
        stored = Citation.objects.filter(pk=self.pk).values().first() or {}
        for name, value in stored.items():
            if getattr(self, name) == value or (name in self.FILLED_ONCE and value is None):
                continue
            raise ImmutableRecord(
                f"A citation cannot be edited once written ({name}); record a correction."
            )


class HearingOutcome(models.TextChoices):
    UPHELD = "upheld", "Upheld"
    REDUCED = "reduced", "Reduced"
    DISMISSED = "dismissed", "Dismissed"


class CitationHearing(HeldAtTimeAndPlace):
    """A hearing the cited party asked for within the window; the citation waits for it."""

    citation = models.ForeignKey(Citation, on_delete=models.PROTECT, related_name="hearings")
    requested_on = models.DateField()
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    hearing_date = models.DateField(
        null=True, blank=True,
        help_text="The day the hearing is held, once the hearing authority sets it.",
    )
    decided_on = models.DateField(null=True, blank=True)
    outcome = models.CharField(max_length=10, choices=HearingOutcome.choices, blank=True)
    reduced_to = models.DecimalField(
        **MONEY, null=True, blank=True, help_text="Reduced: the total now owed."
    )
    note = models.TextField(blank=True)
    pay_by = models.DateField(
        null=True, blank=True, help_text="Upheld or reduced: the new last day to pay."
    )
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True,
        related_name="+",
    )

    class Meta:
        ordering = ["requested_on", "pk"]

    def __str__(self) -> str:
        return f"Hearing on citation #{self.citation_id} requested {self.requested_on}"


class CourtOutcome(models.TextChoices):
    RESPONSIBLE = "responsible", "Responsible"
    NOT_RESPONSIBLE = "not_responsible", "Not responsible"


class CourtDecision(models.Model):
    """The District Court's decision on a citation referred to it."""

    citation = models.OneToOneField(
        Citation, on_delete=models.PROTECT, related_name="court_decision"
    )
    decided_on = models.DateField()
    outcome = models.CharField(max_length=20, choices=CourtOutcome.choices)
    amount_per_offense = models.DecimalField(
        **MONEY, null=True, blank=True,
        help_text="A forfeiture on conviction: the amount per day the court set.",
    )
    note = models.TextField(blank=True)
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    recorded_at = models.DateTimeField(default=timezone.now)

    def __str__(self) -> str:
        return f"Court decision on citation #{self.citation_id}: {self.outcome}"


class SurchargeClassification(models.Model):
    """The surcharge event a citation or an order represents, from its town's surcharge
    schedules.

    The officer sets a citation's when citing; an admin may reclassify it, and
    classifies orders. Each classification is a row of its own about one
    record, and the newest one counts.
    """

    citation = models.ForeignKey(
        Citation, on_delete=models.PROTECT, null=True, blank=True,
        related_name="surcharge_classifications",
    )
    order = models.ForeignKey(
        Order, on_delete=models.PROTECT, null=True, blank=True,
        related_name="surcharge_classifications",
    )
    event = models.CharField(max_length=40, blank=True, help_text="Blank: no surcharge event.")
    reason = models.CharField(max_length=300, blank=True)
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    recorded_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["recorded_at", "pk"]
        constraints = [
            models.CheckConstraint(
                condition=Q(citation__isnull=False, order__isnull=True)
                | Q(citation__isnull=True, order__isnull=False),
                name="surcharge_classification_of_one_record",
            ),
        ]

    def __str__(self) -> str:
        record = (f"Citation #{self.citation_id}" if self.citation_id
                  else f"Order #{self.order_id}")
        return f"{record}: {self.event or 'no surcharge event'}"


class CaseHearing(HeldAtTimeAndPlace):
    """A hearing on a case: notice, day, hour and place, decision and written ruling."""

    case = models.ForeignKey(Case, on_delete=models.PROTECT, related_name="hearings")
    notice_sent_on = models.DateField()
    hearing_date = models.DateField()
    decided_on = models.DateField(null=True, blank=True)
    decision = models.TextField(blank=True)
    ruling = models.TextField("written ruling", blank=True)
    scheduled_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )

    class Meta:
        ordering = ["hearing_date", "pk"]

    def __str__(self) -> str:
        return f"Hearing on case #{self.case_id} on {self.hearing_date}"


class HearingContinuance(HearingMoved):
    """A case hearing, or an appeal's public hearing, moved to a new date, its notice sent
    again: the day, hour and place it replaced stay here, so the hearing's history keeps
    every one it was set for. It continues exactly one of them (``hearing`` or ``appeal``); a
    case hearing's keeps the notice date it replaced too."""

    hearing = models.ForeignKey(CaseHearing, on_delete=models.PROTECT, null=True, blank=True,
                                related_name="continuances")
    appeal = models.ForeignKey("Appeal", on_delete=models.PROTECT, null=True, blank=True,
                               related_name="continuances")
    previous_notice_sent_on = models.DateField(
        null=True, blank=True,
        help_text="A case hearing's notice date before; blank for an appeal's hearing, whose "
                  "notice is the outbox's, sent the day it was set.")
    notice_sent_on = models.DateField()

    class Meta(HearingMoved.Meta):
        constraints = [
            models.CheckConstraint(
                condition=Q(hearing__isnull=False, appeal__isnull=True,
                            previous_notice_sent_on__isnull=False)
                | Q(hearing__isnull=True, appeal__isnull=False),
                name="hearing_continuance_of_one_hearing",
            ),
        ]

    def __str__(self) -> str:
        moved = (f"Hearing on case #{self.hearing.case_id}" if self.hearing_id
                 else f"Hearing on the appeal #{self.appeal_id}")
        return f"{moved} moved from {self.previous_date} to {self.hearing_date}"


class Appeal(HeldAtTimeAndPlace):
    """An appeal of a case's determination, or of an earlier appeal's ruling, and the day,
    hour and place of its public hearing once set."""

    case = models.ForeignKey(Case, on_delete=models.PROTECT, related_name="appeals")
    appellant = models.CharField(max_length=200, blank=True)
    filed_on = models.DateField()
    grounds = models.TextField()
    hearing_date = models.DateField(null=True, blank=True)
    decided_on = models.DateField(null=True, blank=True)
    decision = models.TextField(blank=True)
    ruling = models.TextField("written ruling", blank=True)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True,
        related_name="+",
    )
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )

    class Meta:
        ordering = ["filed_on", "pk"]

    def __str__(self) -> str:
        return f"Appeal on case #{self.case_id} filed {self.filed_on}"


class CaseCharge(models.Model):
    """An invoice raised on a case, e.g. legal fees a permit holder must reimburse."""

    case = models.ForeignKey(Case, on_delete=models.PROTECT, related_name="charges")
    invoice = models.OneToOneField(
        "licensing.Invoice", on_delete=models.PROTECT, related_name="case_charge"
    )

    def __str__(self) -> str:
        return f"Invoice #{self.invoice_id} on case #{self.case_id}"


class OrderRenewal(models.Model):
    """A written renewal of an order in force for a time: its new last day."""

    order = models.ForeignKey(Order, on_delete=models.PROTECT, related_name="renewals")
    renewed_on = models.DateField()
    ends_on = models.DateField()
    note = models.TextField(blank=True)
    renewed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )

    class Meta:
        ordering = ["renewed_on", "pk"]

    def __str__(self) -> str:
        return f"Order #{self.order_id} renewed to {self.ends_on}"
