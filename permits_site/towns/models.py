"""The towns this site serves and the days their offices are closed.

Every deadline the site computes is counted on a town's calendar: its business
weekdays, the Massachusetts legal holidays and its closures.
"""

from __future__ import annotations

import datetime as dt
from typing import NamedTuple

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.dates import WEEKDAYS_ABBR
from simple_history.models import HistoricalRecords

from permits_site.rules.calendar import BusinessCalendar

WEEKDAY_CODES = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")


class Municipality(models.Model):
    """A town and its business calendar (the weekdays its offices keep)."""

    code = models.SlugField(max_length=40, unique=True)
    name = models.CharField(max_length=100)
    business_weekdays = models.JSONField(
        default=list, help_text="Weekday numbers the offices keep, 0 = Monday."
    )
    hearing_place = models.CharField(
        "usual hearing place", max_length=200, blank=True,
        help_text="Where the town's hearings are held unless one names another place, "
                  "e.g. \"Town Hall, 63 Main Street, Room 2\".",
    )
    hearing_time = models.TimeField(
        "usual hearing time", null=True, blank=True,
        help_text="The hour the town's hearings begin unless one names another.",
    )
    history = HistoricalRecords(table_name="licensing_historicalmunicipality")

    class Meta:
        ordering = ["name"]
        db_table = "licensing_municipality"
        verbose_name_plural = "municipalities"

    def __str__(self) -> str:
        return self.name

    @property
    def short_name(self) -> str:
        return self.name.removeprefix("Town of ")

    @property
    def business_day_codes(self) -> list[str]:
        return [WEEKDAY_CODES[day] for day in sorted(self.business_weekdays)]

    @property
    def business_day_names(self) -> list[str]:
        """The offices' days in the reader's language ("Mon", "Seg", "lun")."""
        return [str(WEEKDAYS_ABBR[day]) for day in sorted(self.business_weekdays)]

    def calendar(self) -> BusinessCalendar:
        """The town's business calendar: its weekdays, legal holidays and closures."""
        closures = frozenset(self.closures.values_list("date", flat=True))
        return BusinessCalendar(weekdays=frozenset(self.business_weekdays), closures=closures)


class HeldAt(NamedTuple):
    """A hearing's day, hour and place at one time: those a continuance replaced, or those an
    audit entry kept from before a move. It reads as a hearing does (``day_time_and_place``)."""

    hearing_date: dt.date
    hearing_time: dt.time | None = None
    location: str = ""


class HeldAtTimeAndPlace(models.Model):
    """The hour a hearing begins and the place it is held, which its notice gives the parties
    beside the day: a public hearing they cannot find is no hearing to them. Blank when a
    scheduler left them out and the town has no usual hearing time or place
    (:meth:`fill_time_and_place`)."""

    hearing_time = models.TimeField("hearing time", null=True, blank=True)
    location = models.CharField("place", max_length=200, blank=True)

    class Meta:
        abstract = True

    def fill_time_and_place(self, municipality: Municipality, *, hearing_time: dt.time | None,
                            location: str) -> None:
        """The hour and place given, else the town's usual ones."""
        self.hearing_time = hearing_time or municipality.hearing_time
        self.location = (location or "").strip() or municipality.hearing_place



class HearingMoved(HeldAtTimeAndPlace):
    """A hearing continued to a new day, hour or place, whoever holds it (a case's, an
    appeal's, an application's): the day, hour and place it replaced, why, who recorded it
    and when. Each kind adds what links it to its hearing and what its notice keeps."""

    previous_date = models.DateField()
    previous_time = models.TimeField(null=True, blank=True)
    previous_location = models.CharField(max_length=200, blank=True)
    hearing_date = models.DateField()
    reason = models.CharField(max_length=500)
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    recorded_at = models.DateTimeField(default=timezone.now)

    class Meta:
        abstract = True
        ordering = ["recorded_at", "pk"]

    @property
    def replaced(self) -> HeldAt:
        """The day, hour and place the continuance moved the hearing from."""
        return HeldAt(self.previous_date, self.previous_time, self.previous_location)

class Closure(models.Model):
    """A day the town's offices are closed (storm, local observance): not a business day."""

    municipality = models.ForeignKey(
        Municipality, on_delete=models.CASCADE, related_name="closures"
    )
    date = models.DateField()
    reason = models.CharField(max_length=200)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True
    )

    class Meta:
        db_table = "licensing_closure"
        ordering = ["date"]
        constraints = [
            models.UniqueConstraint(fields=["municipality", "date"], name="unique_closure_day")
        ]

    def __str__(self) -> str:
        return f"{self.municipality.short_name} closed {self.date}: {self.reason}"
