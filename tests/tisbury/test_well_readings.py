"""Well meter readings (Tisbury BOH Reg 09.3.1(4)): which wells are metered, the May 1–15 and
November 1–15 windows (the key dates ``well_meter_reading_spring``/``_fall``), the volume since
the previous reading, the Board's seasonal schedule (09.3.1(4)***) and the missing readings."""

from __future__ import annotations

import datetime as dt

import pytest
import time_machine

from permits_site.audit.models import AuditEntry
from permits_site.exceptions import DomainError, InvalidTransition, PermissionDenied
from tests.factories import (
    MeteredWellFactory,
    Role,
    SeasonalWellScheduleFactory,
    UserFactory,
    WellMeterReadingFactory,
    local,
    municipality,
    staff,
)
from tisbury_regs.wells import services

pytestmark = pytest.mark.django_db


@pytest.fixture
def well():
    return MeteredWellFactory(valid_from=dt.date(2029, 1, 2))


def read(well, *, season="spring", read_on=dt.date(2030, 5, 10), meter=150_000, user=None):
    return services.record_reading(well=well, season=season, read_on=read_on,
                                   meter_gallons=meter, acting_user=user or well.holder)


@pytest.mark.parametrize(("facts", "metered"), [
    ({"sealed_meter": True, "bedrooms": 1, "occupants": 1}, True),
    ({"sealed_meter": False, "bedrooms": 3, "occupants": 2}, True),
    ({"sealed_meter": False, "bedrooms": 2, "occupants": 5}, True),
    ({"sealed_meter": False, "bedrooms": 2, "occupants": 4}, False),
])
def test_a_well_is_metered_with_a_meter_or_more_than_2_bedrooms_or_4_occupants(facts, metered):
    assert services.is_metered(MeteredWellFactory(application__facts=facts)) is metered


@pytest.mark.parametrize(("read_on", "accepted"), [
    (dt.date(2030, 4, 30), False), (dt.date(2030, 5, 1), True),
    (dt.date(2030, 5, 15), True), (dt.date(2030, 5, 16), False)])
def test_the_spring_reading_is_taken_may_1_to_15(well, read_on, accepted):
    if accepted:
        assert read(well, read_on=read_on).year == 2030
        return
    with pytest.raises(DomainError) as refused:
        read(well, read_on=read_on)
    assert refused.value.errors == {"read_on": [
        "The Spring 2030 reading is taken May 1, 2030 – May 15, 2030, under "
        "Tisbury BOH Reg 09.3.1(4)."]}


def test_the_fall_window_closes_on_november_15(well):
    with time_machine.travel(local(dt.date(2030, 11, 20)), tick=False):
        with pytest.raises(DomainError, match="November 1, 2030 – November 15, 2030"):
            read(well, season="fall", read_on=dt.date(2030, 11, 16))
        assert read(well, season="fall", read_on=dt.date(2030, 11, 15)).season == "fall"


def test_the_volume_pumped_is_computed_from_the_previous_reading(well):
    WellMeterReadingFactory(well=well, year=2029, season="fall", read_on=dt.date(2029, 11, 9),
                            meter_gallons=120_000)

    reading = read(well, meter=151_250)

    assert reading.gallons_since_previous == 31_250
    assert AuditEntry.objects.get(action="well.meter_read").summary.endswith(
        "31,250 pumped since November 9, 2029")


def test_the_first_reading_has_no_volume(well):
    assert read(well).gallons_since_previous is None


def test_a_meter_never_runs_backwards(well):
    WellMeterReadingFactory(well=well, year=2029, season="fall", read_on=dt.date(2029, 11, 9),
                            meter_gallons=120_000)

    with pytest.raises(DomainError, match="counts up") as refused:
        read(well, meter=119_999)
    assert refused.value.errors.keys() == {"meter_gallons"}


@pytest.mark.parametrize(("change", "field", "error"), [
    ({"read_on": dt.date(2030, 6, 4)}, "read_on", DomainError),
    ({"meter": -1}, "meter_gallons", DomainError),
    ({"meter": 10**10 + 1}, "meter_gallons", DomainError),
    ({"season": "summer"}, "season", DomainError),
])
def test_bad_readings_are_refused_on_their_field(well, change, field, error):
    with pytest.raises(error) as refused:
        read(well, **change)
    assert refused.value.errors.keys() == {field}
    assert not well.meter_readings.exists()


def test_a_season_is_read_once_and_in_order(well):
    read(well, read_on=dt.date(2030, 5, 10))

    with pytest.raises(DomainError, match="in order"):
        read(well, read_on=dt.date(2030, 5, 9))
    with pytest.raises(InvalidTransition, match="already recorded"):
        read(well, read_on=dt.date(2030, 5, 12), meter=160_000)


def test_only_the_owner_records_a_reading(well):
    with pytest.raises(PermissionDenied, match="09.3.1"):
        read(well, user=UserFactory())


def test_a_well_without_a_meter_takes_no_reading():
    well = MeteredWellFactory(application__facts={"bedrooms": 2, "occupants": 3})

    with pytest.raises(DomainError, match="needs no sealed meter") as refused:
        read(well)
    assert refused.value.errors.keys() == {"well"}


# -- the Board's seasonal schedule (09.3.1(4)***) -------------------------------------------


def test_a_seasonal_schedule_replaces_the_first_half_of_may(well):
    SeasonalWellScheduleFactory(well=well, year=2030)

    assert read(well, read_on=dt.date(2030, 4, 10)).season == "spring"
    with pytest.raises(DomainError) as refused:
        read(well, season="spring", read_on=dt.date(2030, 5, 10), meter=170_000)
    assert "the schedule the Board arranged" in refused.value.errors["read_on"][0]
    assert "09.3.1(4)***" in refused.value.errors["read_on"][0]


def test_the_board_records_a_schedule_and_checks_its_dates(well):
    clerk = staff(Role.CLERK, "tisbury")
    days = {"spring_from": dt.date(2030, 4, 1), "spring_through": dt.date(2030, 4, 15),
            "fall_from": dt.date(2030, 10, 1), "fall_through": dt.date(2030, 10, 15)}

    with pytest.raises(PermissionDenied):
        services.record_schedule(well=well, year=2030, acting_user=well.holder, **days)
    with pytest.raises(DomainError) as refused:
        services.record_schedule(well=well, year=2030, acting_user=clerk,
                                 **{**days, "fall_from": dt.date(2030, 4, 10)})
    assert refused.value.errors.keys() == {"fall_from"}
    schedule = services.record_schedule(well=well, year=2030, acting_user=clerk, **days)
    assert (schedule.recorded_by, schedule.fall_through) == (clerk, dt.date(2030, 10, 15))
    with pytest.raises(InvalidTransition):
        services.record_schedule(well=well, year=2030, acting_user=clerk, **days)


# -- missing readings ------------------------------------------------------------------------


@pytest.mark.parametrize(("today", "season"), [
    (dt.date(2030, 5, 14), "fall 2029"), (dt.date(2030, 5, 15), "fall 2029"),
    (dt.date(2030, 5, 16), "spring 2030")])
def test_a_reading_is_missing_once_its_key_date_has_passed(well, today, season):
    with time_machine.travel(local(today), tick=False):
        missing = services.missing_readings(municipality("tisbury"), today=today)

    assert [(row.pk, f"{closed.season} {closed.year}") for row, closed in missing] == [
        (well.pk, season)]


def test_wells_read_or_registered_after_the_window_are_not_missing(well):
    WellMeterReadingFactory(well=well, year=2030, season="spring", read_on=dt.date(2030, 5, 2))
    MeteredWellFactory(valid_from=dt.date(2030, 5, 20))
    MeteredWellFactory(application__facts={"bedrooms": 1, "occupants": 1})

    assert services.missing_readings(municipality("tisbury"), today=dt.date(2030, 6, 3)) == []
