"""The zone of a Tisbury lot as pure functions (Board of Health Regulations 09.9.1(1), 09.9.2).

The assessors' parcel id is read as map-block-lot, "30-A-4": the map number, the block
letter, the lot number, which may carry a sub-lot ("31-B-13.1"). 09.9.2 names the
Designated Barrier Beach by such lots, a range "31-B-1 through 13.1" taking every lot of that
map and block whose number, read as a decimal, lies between the two, both included. The zone
follows, in this order: a listed lot is on the barrier beach; the Board's recorded
determination (the partial lots of 09.9.2, or a correction with its reason); the Board's
figures from the plan against 09.9.1(1); else the zone is not determined.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal

from permits_site.rules.wording import explain, gettext_noop
from tisbury_regs.law import cite
from tisbury_regs.rules import BARRIER_BEACH, COASTAL_DISTRICT, INLAND, NOT_DETERMINED, joined

LIST_SECTION = cite("09.9.2")
DISTRICT_SECTION = cite("09.9.1(1)")
AMEND_SECTION = cite("09.0.4")

#: 09.9.2 as adopted 4/22/85, amended 11/27/90: the lots entirely on the barrier beach.
BARRIER_BEACH_LOTS = (
    "29-A-1 through 4", "30-A-1 through 10", "30-B-1 through 3", "31-A-1 through 6",
    "31-B-1 through 13.1", "32-A-1 through 1.2", "32-B-1", "32-C-1 through 8.1",
    "32-D-1 through 8.1", "59-A-1 through 3", "59-B-1 through 3",
)
#: 09.9.2: lots whose part below the ten-foot contour is barrier beach — the Board determines.
PARTIAL_LOTS = ("30-C-1", "31-C-1 through 3")

_PARCEL = re.compile(r"^0*(\d+)-([A-Z])-0*(\d+(?:\.\d+)?)$")
_LOTS = re.compile(r"^0*(\d+)-([A-Z])-0*(\d+(?:\.\d+)?)(?:\s+through\s+0*(\d+(?:\.\d+)?))?$",
                   re.IGNORECASE)


@dataclass(frozen=True)
class Lot:
    """One assessors' lot: map, block, lot number (a decimal, for sub-lots)."""

    map: int
    block: str
    number: Decimal

    def __str__(self) -> str:
        return f"{self.map}-{self.block}-{self.number}"


def parse_parcel(parcel: str) -> Lot | None:
    """``"30-A-4"`` (spaces and case ignored) as a :class:`Lot`; None for another format."""
    found = _PARCEL.match(re.sub(r"\s+", "", parcel or "").upper())
    if found is None:
        return None
    return Lot(int(found[1]), found[2], Decimal(found[3]))


@dataclass(frozen=True)
class LotRange:
    """A line of 09.9.2's list: "31-B-1 through 13.1", or a single lot "32-B-1"."""

    text: str
    map: int
    block: str
    first: Decimal
    last: Decimal

    def holds(self, lot: Lot) -> bool:
        return (lot.map, lot.block) == (self.map, self.block) and (
            self.first <= lot.number <= self.last)


def parse_lot_range(text: str) -> LotRange:
    """A line of the list; raises ValueError naming the line when it is not one."""
    found = _LOTS.match(text.strip())
    if found is None:
        raise ValueError(f"“{text}” is not a lot or a range of lots such as "
                         "“31-B-1 through 13.1”.")
    first = Decimal(found[3])
    last = Decimal(found[4]) if found[4] else first
    if last < first:
        raise ValueError(f"“{text}” ends before it starts.")
    return LotRange(text.strip(), int(found[1]), found[2].upper(), first, last)


def matching_range(lot: Lot | None, lines: Iterable[str]) -> LotRange | None:
    """The line of the list holding ``lot``, if any."""
    if lot is None:
        return None
    return next((lots for lots in map(parse_lot_range, lines) if lots.holds(lot)), None)


@dataclass(frozen=True)
class District:
    """The data 09.9.1(1) and 09.9.2 state, which the Board may amend (09.0.4)."""

    barrier_beach_lots: tuple[str, ...] = BARRIER_BEACH_LOTS
    partial_lots: tuple[str, ...] = PARTIAL_LOTS
    #: "below the twenty (20) foot elevation above mean sea level"
    elevation_ft: Decimal = Decimal("20")
    #: "within 500 feet of mean high water of a coastal water body exceeding ten (10) acres"
    water_distance_ft: Decimal = Decimal("500")
    #: "a line of one hundred (100) feet from the crest" of a steep slope along the contour
    slope_crest_ft: Decimal = Decimal("100")
    #: "fifty (50) percent or more of total acreage, excluding wetlands", below the contour
    share_below_percent: Decimal = Decimal("50")


@dataclass(frozen=True)
class Figures:
    """What the Board takes from the plan (09.9.1(1)); None where not recorded.
    ``slope_crest_ft`` None means no steep slope lies along the twenty-foot contour."""

    elevation_ft: Decimal | None = None
    water_distance_ft: Decimal | None = None
    slope_crest_ft: Decimal | None = None
    share_below_percent: Decimal | None = None

    @property
    def recorded(self) -> bool:
        return any(value is not None for value in
                   (self.elevation_ft, self.water_distance_ft, self.slope_crest_ft,
                    self.share_below_percent))


@dataclass(frozen=True)
class Zone:
    """The zone of a lot and why: ``basis`` is lot_list, partial_lot, board_determination,
    figures or not_determined."""

    value: str
    basis: str
    reason: str


def coastal_by_figures(figures: Figures, district: District) -> list[str]:
    """Each criterion of 09.9.1(1) the figures meet, in words."""
    met = []
    if figures.elevation_ft is not None and figures.elevation_ft < district.elevation_ft:
        met.append(explain(gettext_noop("it lies at %(figure)s ft, below the %(limit)s ft "
                                        "elevation"),
                           figure=figures.elevation_ft, limit=district.elevation_ft))
    if figures.water_distance_ft is not None and (
            figures.water_distance_ft <= district.water_distance_ft):
        met.append(explain(gettext_noop("it lies %(figure)s ft from mean high water of a coastal "
                                        "water body over ten acres, within %(limit)s ft"),
                           figure=figures.water_distance_ft, limit=district.water_distance_ft))
    if figures.slope_crest_ft is not None and figures.slope_crest_ft <= district.slope_crest_ft:
        met.append(explain(gettext_noop("it lies %(figure)s ft from the crest of a steep slope "
                                        "along the contour, within %(limit)s ft"),
                           figure=figures.slope_crest_ft, limit=district.slope_crest_ft))
    if figures.share_below_percent is not None and (
            figures.share_below_percent >= district.share_below_percent):
        met.append(explain(gettext_noop("%(figure)s %% of its acreage (wetlands excluded) lies "
                                        "below the contour, %(limit)s %% or more"),
                           figure=figures.share_below_percent,
                           limit=district.share_below_percent))
    return met


def zone_by_figures(figures: Figures, district: District) -> Zone:
    """Coastal District when any criterion of 09.9.1(1) is met; inland only when the
    elevation, the distance to mean high water and the share below the contour are all
    recorded and none is met; otherwise not determined (a missing figure is never read
    as inland)."""
    met = coastal_by_figures(figures, district)
    if met:
        return Zone(COASTAL_DISTRICT, "figures", explain(
            gettext_noop("In the Coastal District by the Board's figures: %(criteria)s "
                         "(%(section)s)."),
            criteria=joined(met, gettext_noop("%(these)s; %(that)s")), section=DISTRICT_SECTION))
    missing = [label for label, value in (
        (gettext_noop("the elevation"), figures.elevation_ft),
        (gettext_noop("the distance to mean high water"), figures.water_distance_ft),
        (gettext_noop("the share of the lot below the contour"), figures.share_below_percent),
    ) if value is None]
    if missing:
        return Zone(NOT_DETERMINED, "not_determined", explain(
            gettext_noop("The Board's figures meet no criterion of the Coastal District yet "
                         "%(missing)s is not recorded (%(section)s); the Board completes them "
                         "before the zone is settled."),
            missing=joined(missing, gettext_noop("%(these)s, %(that)s")),
            section=DISTRICT_SECTION))
    return Zone(INLAND, "figures", explain(
        gettext_noop("Inland by the Board's figures: %(elevation)s ft high, %(distance)s ft from "
                     "mean high water, %(share)s %% below the contour — outside the Coastal "
                     "District (%(section)s)."),
        elevation=figures.elevation_ft, distance=figures.water_distance_ft,
        share=figures.share_below_percent, section=DISTRICT_SECTION))


def derive_zone(parcel: str, *, district: District, figures: Figures | None = None,
                determination: str = "", determination_reason: str = "") -> Zone:
    """The zone of a lot: the 09.9.2 list, the Board's determination, its figures, else
    not determined — never a silent "inland"."""
    lot = parse_parcel(parcel)
    listed = matching_range(lot, district.barrier_beach_lots)
    if listed is not None:
        return Zone(BARRIER_BEACH, "lot_list", explain(
            gettext_noop("Lot %(lot)s is on the Designated Barrier Beach: 09.9.2 lists "
                         "“%(listed)s” (%(section)s)."),
            lot=str(lot), listed=listed.text, section=LIST_SECTION))
    if determination:
        return Zone(determination, "board_determination", explain(
            gettext_noop("Determined by the Board of Health: %(reason)s (%(section)s; "
                         "%(list_section)s)."),
            reason=determination_reason, section=DISTRICT_SECTION, list_section=LIST_SECTION))
    partial = matching_range(lot, district.partial_lots)
    if partial is not None:
        return Zone(NOT_DETERMINED, "partial_lot", explain(
            gettext_noop("Lot %(lot)s is partly barrier beach: 09.9.2 takes the part of "
                         "“%(listed)s” below the ten-foot contour (%(section)s); the Board "
                         "determines where on the lot the works lie."),
            lot=str(lot), listed=partial.text, section=LIST_SECTION))
    if figures is not None and figures.recorded:
        return zone_by_figures(figures, district)
    return Zone(NOT_DETERMINED, "not_determined", explain(
        gettext_noop("The Board of Health has not yet recorded the lot's figures from the plan "
                     "nor determined its zone (%(section)s; %(list_section)s); applications "
                     "reading the zone wait for the Board."),
        section=DISTRICT_SECTION, list_section=LIST_SECTION))
