"""Tisbury's septic records (Board of Health Regulations 09.0.8(4), 09.1.3(5)).

A licensed system inspector — an outside person, licensed by the Board's admin — files the
report of a septic system inspection on a property. The report is due within 30 days of the
inspection and is valid for two years from it (09.0.8(4)); both dates are computed on
Tisbury's calendar when the report is filed and kept with it. A failed report opens a
failed-system case on the property (09.1.3(5), 09.0.8(8)).
"""

from __future__ import annotations

import builtins
import datetime as dt

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_noop

from permits_site.enforcement.models import InspectionResult
from permits_site.towns.models import Municipality
from tisbury_regs.periods import MUNICIPALITY


def tisbury() -> Municipality:
    """The town whose Board of Health keeps these records."""
    return Municipality.objects.get(code=MUNICIPALITY)


class SystemInspectorLicense(models.Model):
    """The Board's license of a septic system inspector to file reports in town."""

    municipality = models.ForeignKey(
        "towns.Municipality", on_delete=models.PROTECT, related_name="+"
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="septic_licenses"
    )
    license_number = models.CharField(max_length=40)
    expires_on = models.DateField()
    granted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    granted_on = models.DateField()
    revoked_on = models.DateField(null=True, blank=True)
    revoked_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True,
        related_name="+",
    )

    class Meta:
        ordering = ["user__last_name", "user__first_name", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["municipality", "user"], condition=Q(revoked_on__isnull=True),
                name="one_live_septic_inspector_license",
            ),
        ]

    def __str__(self) -> str:
        return f"System inspector license {self.license_number}"

    def in_force_on(self, day: dt.date) -> bool:
        """Not expired on ``day`` and not revoked by then. The Board records a license it
        already granted, so an inspection before the day it was recorded counts."""
        return day <= self.expires_on and (self.revoked_on is None or day < self.revoked_on)


class SepticReportQuerySet(models.QuerySet):
    def current(self, *, on: dt.date) -> SepticInspectionReport | None:
        """The newest report still valid on ``on``: from a property's ``septic_reports``,
        its current report (09.0.8(4)), which its page and a disposal works review show."""
        return (self.filter(inspected_on__lte=on, valid_through__gte=on)
                .select_related("inspector", "license", "case").first())


class SepticInspectionReport(models.Model):
    """A septic system inspection report filed with the Board (09.0.8(4))."""

    municipality = models.ForeignKey(
        "towns.Municipality", on_delete=models.PROTECT, related_name="+"
    )
    property = models.ForeignKey(
        "parties.Property", on_delete=models.PROTECT, related_name="septic_reports"
    )
    inspector = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="septic_reports"
    )
    license = models.ForeignKey(
        SystemInspectorLicense, on_delete=models.PROTECT, related_name="reports"
    )
    owner_name = models.CharField("owner of record", max_length=200)
    inspected_on = models.DateField()
    filed_on = models.DateField(default=timezone.localdate)
    result = models.CharField(max_length=10, choices=InspectionResult.choices)
    notes = models.TextField(blank=True)
    document = models.FileField(upload_to="septic_reports/%Y/", blank=True)
    sale_closing_on = models.DateField(
        null=True, blank=True, help_text="For a sale or transfer: the closing date.")
    single_cesspool = models.BooleanField(
        default=False, help_text="The system is a single cesspool: a failed system at a sale "
                                 "(09.0.8(12)).")
    due_on = models.DateField(help_text="The last day to file, 30 days after the inspection.")
    valid_through = models.DateField(help_text="Two years from the inspection.")
    case = models.OneToOneField(
        "enforcement.Case", on_delete=models.PROTECT, null=True, blank=True,
        related_name="septic_report", help_text="The failed-system case the report opened.",
    )
    created_at = models.DateTimeField(default=timezone.now)

    objects = SepticReportQuerySet.as_manager()

    class Meta:
        ordering = ["-inspected_on", "-pk"]

    def __str__(self) -> str:
        return f"Septic inspection of {self.inspected_on} ({self.get_result_display()})"

    @builtins.property
    def late(self) -> bool:
        """Filed after the 30 days of 09.0.8(4)."""
        return self.filed_on > self.due_on

    @builtins.property
    def failed(self) -> bool:
        return self.result == InspectionResult.FAILED

    def valid_on(self, day: dt.date) -> bool:
        return self.inspected_on <= day <= self.valid_through


# -- septage pump-out returns (09.6.2) and well meter readings (09.3.1(4)) -----------------


class PumpoutReturn(models.Model):
    """A septage handler's monthly return of its pump-out permits (09.6.2): "Permits must be
    returned by the fifteenth of each month." A return filed after its due date is received
    and flagged late; its citation is the fine of $10 per permit for each day late."""

    municipality = models.ForeignKey(
        "towns.Municipality", on_delete=models.PROTECT, related_name="+"
    )
    handler = models.ForeignKey(
        "parties.Business", on_delete=models.PROTECT, related_name="pumpout_returns",
        help_text="The business holding the septage handler permit.",
    )
    handler_permit = models.ForeignKey(
        "licensing.Permit", on_delete=models.PROTECT, related_name="pumpout_returns",
        help_text="The septage handler permit in force during the month.",
    )
    month = models.DateField(help_text="The first day of the month returned.")
    due_on = models.DateField(help_text="The 15th of the next month, on Tisbury's calendar.")
    filed_on = models.DateField(default=timezone.localdate)
    filed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    citation = models.OneToOneField(
        "enforcement.Citation", on_delete=models.PROTECT, null=True, blank=True,
        related_name="pumpout_return", help_text="The late fine written on filing.",
    )
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-month", "handler__legal_name", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["handler", "month"],
                                    name="one_pumpout_return_per_handler_month"),
        ]

    def __str__(self) -> str:
        return f"Pump-out return for {self.month:%B %Y}"

    @builtins.property
    def late(self) -> bool:
        return self.filed_on > self.due_on

    @builtins.property
    def days_late(self) -> int:
        return max((self.filed_on - self.due_on).days, 0)


class PumpoutJob(models.Model):
    """One pump-out permit listed on a return: where, when and how much was pumped."""

    pumpout_return = models.ForeignKey(PumpoutReturn, on_delete=models.PROTECT,
                                       related_name="jobs")
    permit_number = models.CharField("pump-out permit number", max_length=40)
    property = models.ForeignKey(
        "parties.Property", on_delete=models.PROTECT, null=True, blank=True,
        related_name="pumpout_jobs", help_text="The property on file at that address, if any.",
    )
    address = models.CharField(max_length=300, help_text="The address as returned.")
    pumped_on = models.DateField("date pumped")
    gallons = models.PositiveIntegerField("volume (gallons)")

    class Meta:
        ordering = ["pumped_on", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["pumpout_return", "permit_number"],
                                    name="one_pumpout_permit_per_return"),
        ]

    def __str__(self) -> str:
        return f"Pump-out permit {self.permit_number}"


class WellSeason(models.TextChoices):
    SPRING = "spring", gettext_noop("Spring (May 1–15)")
    FALL = "fall", gettext_noop("Fall (November 1–15)")


class SeasonalWellSchedule(models.Model):
    """A seasonal well's before- and after-season reading dates the Board arranged with the
    owner for a year (09.3.1(4)***), taking the place of May 1–15 and November 1–15."""

    well = models.ForeignKey("licensing.Permit", on_delete=models.PROTECT,
                             related_name="seasonal_schedules")
    year = models.PositiveIntegerField()
    spring_from = models.DateField("before-season reading from")
    spring_through = models.DateField("before-season reading through")
    fall_from = models.DateField("after-season reading from")
    fall_through = models.DateField("after-season reading through")
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    recorded_on = models.DateField(default=timezone.localdate)

    class Meta:
        ordering = ["-year", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["well", "year"], name="one_well_schedule_a_year"),
        ]

    def __str__(self) -> str:
        return f"Seasonal reading schedule {self.year}"


class WellMeterReading(models.Model):
    """A metered well's spring or fall reading (09.3.1(4)): the sealed meter's cumulative
    value and the day it was read; the volume pumped since the previous reading is computed
    when it is recorded."""

    well = models.ForeignKey("licensing.Permit", on_delete=models.PROTECT,
                             related_name="meter_readings")
    year = models.PositiveIntegerField()
    season = models.CharField(max_length=10, choices=WellSeason.choices)
    read_on = models.DateField("date read")
    meter_gallons = models.PositiveBigIntegerField("meter reading (gallons)")
    gallons_since_previous = models.PositiveBigIntegerField(
        null=True, blank=True, help_text="None for the well's first reading.")
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    recorded_on = models.DateField(default=timezone.localdate)

    class Meta:
        ordering = ["-read_on", "-pk"]
        constraints = [
            models.UniqueConstraint(fields=["well", "year", "season"],
                                    name="one_well_reading_a_season"),
        ]

    def __str__(self) -> str:
        return f"{self.get_season_display()} {self.year} meter reading"


class CoastalDistrictDefinition(models.Model):
    """The data of 09.9.1(1) and 09.9.2 as the Board has it in force from ``effective_from``:
    the Designated Barrier Beach lots, the partial lots, and the figures of the Coastal
    District. The Board amends them after notice, hearing and vote (09.0.4) — a new version,
    effective-dated like a fee schedule; a version is never edited."""

    effective_from = models.DateField(unique=True)
    barrier_beach_lots = models.JSONField(
        help_text="Lots entirely on the barrier beach, e.g. “31-B-1 through 13.1”.")
    partial_lots = models.JSONField(
        help_text="Lots whose part below the ten-foot contour is barrier beach.")
    elevation_ft = models.DecimalField(max_digits=6, decimal_places=1)
    water_distance_ft = models.DecimalField(max_digits=7, decimal_places=1)
    slope_crest_ft = models.DecimalField(max_digits=6, decimal_places=1)
    share_below_percent = models.DecimalField(max_digits=5, decimal_places=1)
    note = models.CharField(max_length=300, help_text="The Board's vote or amendment.")
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                                   null=True, blank=True, related_name="+")
    created_at = models.DateTimeField(default=timezone.now)
    notice_on = models.DateField("notice given on", null=True, blank=True,
                                 help_text="The Board's notice of the hearing (09.0.4).")
    hearing_on = models.DateField("hearing held on", null=True, blank=True,
                                  help_text="The Board's hearing on the amendment (09.0.4).")
    emergency = models.BooleanField(
        default=False, help_text="An emergency regulation, adopted without prior notice or "
                                 "hearing (09.0.4).")

    class Meta:
        ordering = ["-effective_from"]

    def __str__(self) -> str:
        return f"Coastal District and Barrier Beach from {self.effective_from}"


class ZoneRecord(models.Model):
    """What the Board records about a place's zone (09.9.1(1), 09.9.2): the figures it takes
    from the plan, and/or its determination (a partial lot, or a correction) with the reason.
    Append-only: the latest record stands, the earlier ones are its history."""

    property = models.ForeignKey("parties.Property", on_delete=models.PROTECT,
                                 related_name="zone_records")
    elevation_ft = models.DecimalField(
        "elevation (ft above mean sea level)", max_digits=6, decimal_places=1,
        null=True, blank=True)
    water_distance_ft = models.DecimalField(
        "distance to mean high water of a coastal water body over ten acres (ft)",
        max_digits=7, decimal_places=1, null=True, blank=True)
    slope_crest_ft = models.DecimalField(
        "distance from the crest of a steep slope along the 20 ft contour (ft)",
        max_digits=6, decimal_places=1, null=True, blank=True)
    share_below_percent = models.DecimalField(
        "share of the lot (wetlands excluded) below the 20 ft elevation (%)",
        max_digits=5, decimal_places=1, null=True, blank=True)
    zone = models.CharField("the Board's determination", max_length=20, blank=True)
    reason = models.CharField(max_length=500)
    recorded_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                                    related_name="+")
    recorded_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-recorded_at", "-pk"]

    def __str__(self) -> str:
        return f"Zone record of {self.property}"

    @builtins.property
    def zone_label(self) -> str:
        return self.zone.replace("_", " ").capitalize()


class PublicMainRecord(models.Model):
    """The clerk's record of whether a place can practically connect to the municipal water
    supply mains (09.3.1(2), 09.9.5(2)); append-only, the latest stands."""

    property = models.ForeignKey("parties.Property", on_delete=models.PROTECT,
                                 related_name="public_main_records")
    reachable = models.BooleanField("connection to the public main is practical")
    reason = models.CharField(max_length=500)
    recorded_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                                    related_name="+")
    recorded_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-recorded_at", "-pk"]

    def __str__(self) -> str:
        return f"Public main record of {self.property}"


# -- inspections the record triggers (09.0.8(4)) and tank leak tests (09.4.7) ---------------


class InspectionTriggerReason(models.TextChoices):
    SALE = "sale", gettext_noop("Sale or transfer of the property")
    CHANGE_OF_USE = "change_of_use", gettext_noop("Change of use, addition, major renovation, "
                                                  "seasonal increase or wastewater increase")
    SEPTAGE_PLAN = "septage_plan", gettext_noop("The Town Septage Management Plan's schedule")


class SystemInspectionTrigger(models.Model):
    """An event the office records that requires a septic system inspection (09.0.8(4)). Four
    or more pump-outs in a year are not recorded here: they are counted from the handlers'
    returns."""

    municipality = models.ForeignKey(
        "towns.Municipality", on_delete=models.PROTECT, related_name="+"
    )
    property = models.ForeignKey(
        "parties.Property", on_delete=models.PROTECT, related_name="inspection_triggers"
    )
    reason = models.CharField(max_length=20, choices=InspectionTriggerReason.choices)
    occurred_on = models.DateField(
        help_text="The closing, the day of the change, or the day the plan's schedule sets.")
    due_on = models.DateField(help_text="The last day for the inspection.")
    notes = models.TextField(blank=True)
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    recorded_on = models.DateField(default=timezone.localdate)

    class Meta:
        ordering = ["due_on", "pk"]

    def __str__(self) -> str:
        return f"Septic inspection required: {self.get_reason_display()}"


class LeakTestResult(models.TextChoices):
    PASSED = "passed", "Passed (tight)"
    FAILED = "failed", "Failed (leaking)"


class TankLeakTest(models.Model):
    """A leak test of a storage tank the Board ordered at the owner's expense (09.4.7),
    recorded against the order it answers."""

    order = models.ForeignKey("enforcement.Order", on_delete=models.PROTECT,
                              related_name="tank_leak_tests")
    tested_on = models.DateField("date tested")
    tester = models.CharField("tested by", max_length=200)
    result = models.CharField(max_length=10, choices=LeakTestResult.choices)
    document = models.FileField(upload_to="tank_leak_tests/%Y/", blank=True)
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    recorded_on = models.DateField(default=timezone.localdate)

    class Meta:
        ordering = ["-tested_on", "-pk"]

    def __str__(self) -> str:
        return f"Tank leak test of {self.tested_on} ({self.get_result_display()})"


# -- hazardous substance spills reported to the Board (09.9.6(3)e) -------------------------


class SpillReport(models.Model):
    """A hazardous substance spill or out-of-control situation (a leaking container, say)
    reported to the Board of Health (09.9.6(3)e), and what was done about it (09.9.6(3)f)."""

    municipality = models.ForeignKey(
        "towns.Municipality", on_delete=models.PROTECT, related_name="+"
    )
    property = models.ForeignKey(
        "parties.Property", on_delete=models.PROTECT, null=True, blank=True,
        related_name="spill_reports", help_text="The town's property, when the spill is on one.",
    )
    location = models.CharField(
        max_length=300, blank=True, help_text="Where, when no property of the town is named.")
    reported_by = models.CharField("reported by", max_length=200)
    reporter_contact = models.CharField("reporter's phone or email", max_length=200,
                                        blank=True)
    substance = models.CharField(max_length=300)
    quantity = models.CharField(max_length=100, blank=True)
    reported_at = models.DateTimeField("reported to the Board at")
    action_taken = models.TextField("action taken", blank=True)
    agencies_notified = models.CharField("other agencies notified", max_length=300,
                                         blank=True)
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    recorded_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-reported_at", "-pk"]

    def __str__(self) -> str:
        return f"Spill report #{self.pk}: {self.substance}"

    @builtins.property
    def place(self) -> str:
        return self.property.address if self.property_id else self.location
