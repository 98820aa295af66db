"""Well meter readings (Tisbury BOH Reg 09.3.1(4)).

"Private potable water supply wells designed or intended to serve dwellings having more than
two (2) bedrooms or more than four (4) occupants, shall be equipped with a sealed water meter
(cumulative volume measure in gallons or liters). Meter readings shall be taken in the first
half of May and the first half of November***, the volume pumped in each period shall be
reported to the Board of Health." — "*** If the use is seasonal, the property owner may
arrange a before and after season schedule."

A metered well is an issued well registration (``tisbury.well_registration``) whose recorded
facts show a sealed meter, or a dwelling of more than two bedrooms or four occupants (the rule
``ti.3.1.4.meter`` of ``tisbury.private_well``); its owner is the permit's holder. The owner
records the spring reading (May 1 through the key date ``well_meter_reading_spring``, May 15)
and the fall one (November 1 through ``well_meter_reading_fall``, November 15): the meter's
cumulative value in gallons and the day it was read. The volume pumped in the period is the
difference from the previous reading. A reading dated outside its window is refused, unless
the Board recorded a before- and after-season schedule for the well that year: its dates then
stand in for the two windows. The Board's staff see the metered wells missing the reading of
the last season whose window has closed.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from django.db import IntegrityError, transaction
from django.db.models import Prefetch
from django.utils import timezone
from django.utils.translation import gettext_noop

from permits_site import audit
from permits_site.accounts import permissions
from permits_site.exceptions import DomainError, InvalidTransition, PermissionDenied
from permits_site.licensing.models import Permit, PermitStatus
from permits_site.rules.calendar import BusinessCalendar, format_date, key_date_on
from permits_site.rules.registry import town_law
from permits_site.rules.wording import explain
from permits_site.towns.models import Municipality
from tisbury_regs.catalogue import WELL_REGISTRATION_CODE
from tisbury_regs.law import cite
from tisbury_regs.models import SeasonalWellSchedule, WellMeterReading, WellSeason
from tisbury_regs.periods import MUNICIPALITY
from tisbury_regs.rules import METER_ABOVE_BEDROOMS, METER_ABOVE_OCCUPANTS

if TYPE_CHECKING:
    from permits_site.accounts.models import User

SECTION = cite("09.3.1(4)")
SCHEDULE_SECTION = cite("09.3.1(4)***")
#: More than a sealed house meter counts (its register rolls over well before).
MOST_METER_GALLONS = 10**10
#: Each season's window opens on the first of its month and closes on its key date.
KEY_DATES = {WellSeason.SPRING: "well_meter_reading_spring",
             WellSeason.FALL: "well_meter_reading_fall"}


@dataclass(frozen=True)
class Window:
    """The days a season's reading may be taken in one year."""

    season: str
    year: int
    opens_on: dt.date
    closes_on: dt.date
    #: The Board's before/after-season schedule set these days (09.3.1(4)***).
    scheduled: bool = False

    def holds(self, day: dt.date) -> bool:
        return self.opens_on <= day <= self.closes_on

    @property
    def label(self) -> str:
        return f"{WellSeason(self.season).label.split(' (')[0]} {self.year}"



def is_metered(well: Permit) -> bool:
    """Whether the facts recorded with the registration show a sealed meter is installed or
    required (``ti.3.1.4.meter``: more than 2 bedrooms or 4 occupants)."""
    facts: Mapping[str, Any] = {**well.application.facts, **well.place_attributes}
    bedrooms, occupants = facts.get("bedrooms"), facts.get("occupants")
    return (facts.get("sealed_meter") is True
            or (isinstance(bedrooms, int) and bedrooms > METER_ABOVE_BEDROOMS)
            or (isinstance(occupants, int) and occupants > METER_ABOVE_OCCUPANTS))


def _wells():
    return (Permit.objects.filter(permit_type__code=WELL_REGISTRATION_CODE,
                                  status=PermitStatus.ACTIVE)
            .select_related("application", "place", "holder")
            .prefetch_related(
                Prefetch("meter_readings", queryset=WellMeterReading.objects.order_by(
                    "-read_on", "-pk")),
                "seasonal_schedules")
            .order_by("place_address", "pk"))


def metered_wells(municipality: Municipality) -> list[Permit]:
    """The town's registered wells carrying a sealed meter, with readings and schedules."""
    return [well for well in _wells().filter(municipality=municipality) if is_metered(well)]


def wells_of(user: User) -> list[Permit]:
    """The metered wells ``user`` holds."""
    return [well for well in _wells().filter(holder=user) if is_metered(well)]


def window(well: Permit, season: str, year: int, calendar: BusinessCalendar) -> Window:
    """The season's reading window for the well: the Board's schedule for the year if it
    recorded one, else the first half of May or of November."""
    schedule = next((row for row in well.seasonal_schedules.all() if row.year == year), None)
    if schedule is not None:
        if season == WellSeason.SPRING:
            return Window(season, year, schedule.spring_from, schedule.spring_through, True)
        return Window(season, year, schedule.fall_from, schedule.fall_through, True)
    closes = key_date_on(town_law(MUNICIPALITY).key_dates[KEY_DATES[season]], year, calendar)
    return Window(season, year, closes.replace(day=1), closes)


# -- recording ----------------------------------------------------------------------------


def _require_owner(well: Permit, acting_user: User) -> None:
    if not permissions.is_party(acting_user, person_id=well.holder_id,
                                business_id=well.holder_business_id):
        raise PermissionDenied(f"Only the well's owner records its meter readings ({SECTION}).")


def _reading_errors(*, well: Permit, season: str, read_on: dt.date, meter_gallons: Any,
                    today: dt.date) -> dict[str, list[str]]:
    if season not in WellSeason.values:
        return {"season": [gettext_noop("Choose spring or fall.")]}
    if read_on > today:
        return {"read_on": [gettext_noop("The reading cannot be dated in the future.")]}
    if (isinstance(meter_gallons, bool) or not isinstance(meter_gallons, int)
            or not 0 <= meter_gallons <= MOST_METER_GALLONS):
        return {"meter_gallons": [explain(
            gettext_noop("Enter the meter's cumulative reading in whole gallons, up to "
                         "%(most)s."), most=f"{MOST_METER_GALLONS:,}")]}
    allowed = window(well, season, read_on.year, well.municipality.calendar())
    if not allowed.holds(read_on):
        days = {"season": allowed.label, "opens": allowed.opens_on,
                "closes": allowed.closes_on}
        if allowed.scheduled:
            return {"read_on": [explain(gettext_noop(
                "The %(season)s reading is taken %(opens)s – %(closes)s, under the schedule "
                "the Board arranged for this well (%(section)s)."),
                **days, section=SCHEDULE_SECTION)]}
        return {"read_on": [explain(gettext_noop(
            "The %(season)s reading is taken %(opens)s – %(closes)s, under %(section)s."),
            **days, section=SECTION)]}
    return {}


def _previous(well: Permit, read_on: dt.date, meter_gallons: int) -> WellMeterReading | None:
    previous = well.meter_readings.order_by("-read_on", "-pk").first()
    if previous is None:
        return None
    if previous.read_on >= read_on:
        raise DomainError(explain(gettext_noop("The well's last reading was taken on %(day)s: "
                                               "record readings in order."),
                                  day=previous.read_on), field="read_on")
    if meter_gallons < previous.meter_gallons:
        raise DomainError(explain(gettext_noop("A sealed meter counts up: the last reading was "
                                               "%(gallons)s gallons (%(section)s)."),
                                  gallons=f"{previous.meter_gallons:,}", section=SECTION),
                          field="meter_gallons")
    return previous


@transaction.atomic
def record_reading(*, well: Permit, season: str, read_on: dt.date, meter_gallons: Any,
                   acting_user: User) -> WellMeterReading:
    """The owner records a season's meter reading (09.3.1(4)); the volume pumped since the
    previous reading is computed."""
    _require_owner(well, acting_user)
    if well.permit_type.code != WELL_REGISTRATION_CODE or not is_metered(well):
        raise DomainError(explain(gettext_noop("This well needs no sealed meter (%(section)s)."),
                                  section=SECTION), field="well")
    errors = _reading_errors(well=well, season=season, read_on=read_on,
                             meter_gallons=meter_gallons, today=timezone.localdate())
    if errors:
        raise DomainError(errors)
    previous = _previous(well, read_on, meter_gallons)
    try:
        with transaction.atomic():
            reading = WellMeterReading.objects.create(
                well=well, year=read_on.year, season=season, read_on=read_on,
                meter_gallons=meter_gallons, recorded_by=acting_user,
                gallons_since_previous=(meter_gallons - previous.meter_gallons
                                        if previous else None))
    except IntegrityError:
        raise InvalidTransition(f"The {season} {read_on.year} reading is already recorded.",
                                field="season") from None
    audit.record(actor=acting_user, action="well.meter_read", subject=reading,
                 municipality=well.municipality,
                 summary=f"{reading} of well {well.number}: {meter_gallons:,} gallons"
                         + (f", {reading.gallons_since_previous:,} pumped since "
                            f"{format_date(previous.read_on)}" if previous else ""),
                 after={"read_on": str(read_on), "meter_gallons": meter_gallons,
                        "gallons_since_previous": reading.gallons_since_previous})
    return reading


@transaction.atomic
def record_schedule(*, well: Permit, year: int, spring_from: dt.date, spring_through: dt.date,
                    fall_from: dt.date, fall_through: dt.date, acting_user: User
                    ) -> SeasonalWellSchedule:
    """The Board records the before- and after-season reading days it arranged with the owner
    of a seasonal well for ``year`` (09.3.1(4)***)."""
    if not permissions.can_work_case(acting_user, well.municipality_id):
        raise PermissionDenied("Only the Board's staff record a seasonal reading schedule.")
    checks = (
        ("spring_from", spring_from.year != year, f"Choose a day of {year}."),
        ("spring_through", spring_through < spring_from, "The window ends after it opens."),
        ("fall_from", fall_from <= spring_through,
         "The after-season reading comes after the before-season one."),
        ("fall_through", fall_through < fall_from or fall_through.year != year,
         f"The window ends after it opens, in {year}."),
    )
    errors = {field: [f"{message} ({SCHEDULE_SECTION})"]
              for field, refused, message in checks if refused}
    if errors:
        raise DomainError(errors)
    if well.seasonal_schedules.filter(year=year).exists():
        raise InvalidTransition(f"A schedule for {year} is already recorded.", field="year")
    schedule = SeasonalWellSchedule.objects.create(
        well=well, year=year, spring_from=spring_from, spring_through=spring_through,
        fall_from=fall_from, fall_through=fall_through, recorded_by=acting_user)
    audit.record(actor=acting_user, action="well.schedule_recorded", subject=schedule,
                 municipality=well.municipality,
                 summary=f"Seasonal reading schedule {year} for well {well.number}: "
                         f"{format_date(spring_from)} – {format_date(spring_through)} and "
                         f"{format_date(fall_from)} – {format_date(fall_through)}",
                 after={"year": year, "spring": [str(spring_from), str(spring_through)],
                        "fall": [str(fall_from), str(fall_through)]})
    return schedule


# -- what the Board sees ------------------------------------------------------------------


def last_closed_window(well: Permit, today: dt.date, calendar: BusinessCalendar
                       ) -> Window | None:
    """The newest season whose window closed before today and after the well was
    registered."""
    for year, season in ((today.year, WellSeason.FALL), (today.year, WellSeason.SPRING),
                         (today.year - 1, WellSeason.FALL)):
        closed = window(well, season, year, calendar)
        if closed.closes_on < today:
            return closed if well.valid_from <= closed.closes_on else None
    return None


def has_reading(well: Permit, closed: Window) -> bool:
    return any(reading.year == closed.year and reading.season == closed.season
               for reading in well.meter_readings.all())


def missing_readings(municipality: Municipality, *, today: dt.date
                     ) -> list[tuple[Permit, Window]]:
    """Metered wells without the reading of the last season whose window has closed."""
    calendar = municipality.calendar()
    missing = []
    for well in metered_wells(municipality):
        closed = last_closed_window(well, today, calendar)
        if closed is not None and not has_reading(well, closed):
            missing.append((well, closed))
    return missing


def property_panel(place, user: User) -> dict[str, Any]:
    """The property's metered wells with their readings, for the clerk's property page."""
    return {"wells": [well for well in _wells().filter(place=place) if is_metered(well)],
            "well_section": SECTION}
