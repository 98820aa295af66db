"""The zone of a Tisbury lot as pure functions (BOH Reg 09.9.1(1), 09.9.2)."""

from decimal import Decimal

import pytest

from tisbury_regs.rules import BARRIER_BEACH, COASTAL_DISTRICT, INLAND, NOT_DETERMINED
from tisbury_regs.zones.districts import (
    District,
    Figures,
    derive_zone,
    parse_lot_range,
    parse_parcel,
)

DISTRICT = District()
ALL_INLAND = Figures(elevation_ft=Decimal("20"), water_distance_ft=Decimal("501"),
                     share_below_percent=Decimal("49"))


@pytest.mark.parametrize("parcel", ["30-A-4", "30 - a - 4", "030-A-004"])
def test_parcel_format_map_block_lot_09_9_2(parcel):
    assert str(parse_parcel(parcel)) == "30-A-4"


@pytest.mark.parametrize("parcel", ["62-104", "", "30-AA-4", "A-30-4"])
def test_other_parcel_formats_are_not_read_09_9_2(parcel):
    assert parse_parcel(parcel) is None


@pytest.mark.parametrize(("parcel", "listed"), [
    ("29-A-1", True), ("29-A-4", True), ("29-A-5", False),
    ("30-A-4", True), ("30-A-10", True), ("30-A-11", False),
    ("31-B-13.1", True), ("31-B-13.2", False), ("31-B-0.5", False),
    ("32-A-1.1", True), ("32-A-1.2", True), ("32-A-2", False),
    ("32-B-1", True), ("32-B-2", False),
    ("59-B-3", True), ("59-C-1", False), ("28-A-1", False),
])
def test_barrier_beach_lot_list_from_parcel_09_9_2(parcel, listed):
    zone = derive_zone(parcel, district=DISTRICT)
    assert (zone.value == BARRIER_BEACH) is listed
    if listed:
        assert zone.basis == "lot_list" and "09.9.2" in zone.reason


@pytest.mark.parametrize("parcel", ["30-C-1", "31-C-1", "31-C-3"])
def test_partial_lots_ask_the_boards_determination_09_9_2(parcel):
    zone = derive_zone(parcel, district=DISTRICT, figures=ALL_INLAND)
    assert (zone.value, zone.basis) == (NOT_DETERMINED, "partial_lot")
    decided = derive_zone(parcel, district=DISTRICT, determination=BARRIER_BEACH,
                          determination_reason="the leaching field lies at 6 ft")
    assert (decided.value, decided.basis) == (BARRIER_BEACH, "board_determination")
    assert "6 ft" in decided.reason


def test_a_listed_lot_stays_on_the_barrier_beach_whatever_is_recorded_09_9_2():
    zone = derive_zone("30-A-4", district=DISTRICT, figures=ALL_INLAND,
                       determination=INLAND, determination_reason="typed by mistake")
    assert zone.value == BARRIER_BEACH


def test_nothing_recorded_is_not_determined_never_inland_09_9_1_1():
    zone = derive_zone("12-B-3", district=DISTRICT)
    assert (zone.value, zone.basis) == (NOT_DETERMINED, "not_determined")


@pytest.mark.parametrize(("figures", "zone"), [
    (Figures(elevation_ft=Decimal("19.9")), COASTAL_DISTRICT),
    (Figures(elevation_ft=Decimal("20")), NOT_DETERMINED),
    (Figures(water_distance_ft=Decimal("500")), COASTAL_DISTRICT),
    (Figures(water_distance_ft=Decimal("500.1")), NOT_DETERMINED),
    (Figures(slope_crest_ft=Decimal("100")), COASTAL_DISTRICT),
    (Figures(slope_crest_ft=Decimal("100.1")), NOT_DETERMINED),
    (Figures(share_below_percent=Decimal("50")), COASTAL_DISTRICT),
    (Figures(share_below_percent=Decimal("49.9")), NOT_DETERMINED),
    (ALL_INLAND, INLAND),
    (Figures(elevation_ft=Decimal("21"), water_distance_ft=Decimal("900"),
             slope_crest_ft=Decimal("101"), share_below_percent=Decimal("0")), INLAND),
])
def test_coastal_district_by_the_boards_figures_09_9_1_1(figures, zone):
    derived = derive_zone("12-B-3", district=DISTRICT, figures=figures)
    assert derived.value == zone
    assert "09.9.1(1)" in derived.reason


def test_an_amended_list_is_read_as_amended_09_0_4():
    amended = District(barrier_beach_lots=("12-B-1 through 3",))
    assert derive_zone("12-B-3", district=amended).value == BARRIER_BEACH
    assert derive_zone("30-A-4", district=amended).value == NOT_DETERMINED


@pytest.mark.parametrize("text", ["31-B-13.1 through 1", "lot 7", "31-B-"])
def test_a_malformed_list_line_is_refused_naming_it_09_0_4(text):
    with pytest.raises(ValueError, match=text.split()[0]):
        parse_lot_range(text)
