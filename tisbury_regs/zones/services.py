"""The zone of Tisbury's places, derived and recorded (Board of Health Regulations 09.9.1(1),
09.9.2, 09.0.4).

A place's zone is never typed by its resident: it follows from the lot list of 09.9.2, the
Board's recorded determination or figures, else it is not determined (see
:mod:`tisbury_regs.zones.districts`). The Board, its agent and the clerk record figures and
determinations, each with its reason (audited); the town admin amends the list and the
district's figures as a new effective-dated version (09.0.4).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_noop

from permits_site import audit
from permits_site.accounts import permissions
from permits_site.accounts.models import Role
from permits_site.exceptions import DomainError, PermissionDenied
from permits_site.licensing.adoption import adoption_errors
from permits_site.parties.places import Derivation
from permits_site.towns.models import Municipality
from tisbury_regs.law import cite
from tisbury_regs.models import CoastalDistrictDefinition, PublicMainRecord, ZoneRecord
from tisbury_regs.rules import BARRIER_BEACH, COASTAL_DISTRICT, INLAND, MUNICIPALITY
from tisbury_regs.zones.districts import (
    AMEND_SECTION,
    DISTRICT_SECTION,
    LIST_SECTION,
    District,
    Figures,
    derive_zone,
    parse_lot_range,
)

#: Who records a place's figures or the Board's determination.
RECORDING_ROLES = (Role.BOARD_MEMBER, Role.INSPECTOR, Role.CLERK)
#: What the Board may determine (not_determined is what no record says, never recorded).
DETERMINABLE = (INLAND, COASTAL_DISTRICT, BARRIER_BEACH)
#: The names of the notice's and the hearing's dates on an amendment of the district.
AMENDMENT_FIELDS = ("notice_on", "hearing_on")
FIGURE_NAMES = ("elevation_ft", "water_distance_ft", "slope_crest_ft", "share_below_percent")
HOW = gettext_noop("A lot on the Designated Barrier Beach list of 09.9.2 is on the barrier "
                   "beach; otherwise the Board of Health's determination or the figures it takes "
                   "from the plan (09.9.1(1)) settle it; until then it is not determined and the "
                   "rules reading it wait for the Board.")


def may_record(user, municipality_id: int) -> bool:
    return permissions.has_role(user, municipality_id, *RECORDING_ROLES)


def district_on(on: dt.date) -> District:
    """The definition in force on ``on``; the text as adopted when none is recorded."""
    version = (CoastalDistrictDefinition.objects.filter(effective_from__lte=on)
               .order_by("-effective_from").first())
    if version is None:
        return District()
    return District(
        barrier_beach_lots=tuple(version.barrier_beach_lots),
        partial_lots=tuple(version.partial_lots),
        elevation_ft=version.elevation_ft, water_distance_ft=version.water_distance_ft,
        slope_crest_ft=version.slope_crest_ft, share_below_percent=version.share_below_percent,
    )


def latest_records(places: Sequence[Any]) -> dict[int, ZoneRecord]:
    """Each place's standing record (the latest), one query for all of them."""
    latest: dict[int, ZoneRecord] = {}
    for record in ZoneRecord.objects.filter(property__in=[place.pk for place in places]):
        latest.setdefault(record.property_id, record)
    return latest


def figures_of(record: ZoneRecord | None) -> Figures | None:
    if record is None:
        return None
    return Figures(**{name: getattr(record, name) for name in FIGURE_NAMES})


def zones_of(places: Sequence[Any], on: dt.date | None = None) -> dict[int, Derivation]:
    """Place id → its zone and why, in two queries whatever the number of places."""
    district = district_on(on or timezone.localdate())
    records = latest_records(places)
    derived = {}
    for place in places:
        record = records.get(place.pk)
        zone = derive_zone(place.parcel, district=district, figures=figures_of(record),
                           determination=record.zone if record else "",
                           determination_reason=record.reason if record else "")
        derived[place.pk] = Derivation(zone.value, zone.basis, zone.reason)
    return derived


def _figure(name: str, value: Any) -> Decimal | None:
    if value is None or value == "":
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float, Decimal, str)):
        raise DomainError({name: ["Enter a number of feet or a percentage."]})
    try:
        number = Decimal(str(value))
    except ArithmeticError as invalid:
        raise DomainError({name: ["Enter a number of feet or a percentage."]}) from invalid
    if not number.is_finite() or (name != "elevation_ft" and number < 0):
        raise DomainError({name: ["Enter a number of zero or more."]})
    if name == "share_below_percent" and number > 100:
        raise DomainError({name: ["A share is at most 100 %."]})
    return number


@transaction.atomic
def record_zone(*, place, acting_user, reason: str, zone: str = "",
                figures: Mapping[str, Any] | None = None) -> ZoneRecord:
    """The Board's record of a place: its figures from the plan and/or its determination,
    with the reason (09.9.1(1), 09.9.2); audited. A lot on the 09.9.2 list cannot be
    determined off the barrier beach — correct its parcel instead."""
    if place.municipality.code != MUNICIPALITY:
        raise DomainError({"zone": ["Only Tisbury's places have a coastal zone (09.9.1)."]})
    if not may_record(acting_user, place.municipality_id):
        raise PermissionDenied("Only the Board of Health, its agent or the clerk records a "
                               f"place's zone ({DISTRICT_SECTION}).")
    reason = (reason or "").strip()
    if not reason:
        raise DomainError({"reason": [f"Say where the figures or the determination come "
                                      f"from, e.g. the plan's date ({DISTRICT_SECTION})."]})
    if len(reason) > 500:
        raise DomainError({"reason": ["Keep the reason under 500 characters."]})
    if zone and zone not in DETERMINABLE:
        raise DomainError({"zone": [f"Choose one of: {', '.join(DETERMINABLE)}."]})
    values = {name: _figure(name, (figures or {}).get(name)) for name in FIGURE_NAMES}
    if not zone and all(value is None for value in values.values()):
        raise DomainError({"zone": ["Record the Board's determination or at least one of "
                                    f"its figures ({DISTRICT_SECTION})."]})
    before = zones_of([place])[place.pk]
    listed = before.basis == "lot_list"
    if listed and zone and zone != BARRIER_BEACH:
        raise DomainError({"zone": [f"Lot {place.parcel} is on the Designated Barrier Beach "
                                    f"list ({LIST_SECTION}); correct the parcel if it is "
                                    "wrong."]})
    record = ZoneRecord.objects.create(property=place, zone=zone, reason=reason,
                                       recorded_by=acting_user, **values)
    after = zones_of([place])[place.pk]
    audit.record(
        actor=acting_user, action="property.zone_recorded", subject=place,
        municipality=place.municipality,
        summary=f"Zone of {place.full_address}: {after.value.replace('_', ' ')} — {reason}",
        before={"zone": before.value, "basis": before.basis},
        after={"zone": after.value, "basis": after.basis, "reason": reason,
               **{name: str(value) for name, value in values.items() if value is not None}},
    )
    return record


def record_from_attributes(place, value: Any, reason: str, acting_user) -> None:
    """Staff's ``zone`` sent over the properties API or form, as the Board's determination."""
    if not isinstance(value, str):
        raise DomainError({"zone": [f"Choose one of: {', '.join(DETERMINABLE)}."]})
    record_zone(place=place, acting_user=acting_user, reason=reason, zone=value)


@transaction.atomic
def amend_district(*, acting_user, effective_from: dt.date, note: str,
                   barrier_beach_lots: Sequence[str], partial_lots: Sequence[str],
                   elevation_ft: Decimal, water_distance_ft: Decimal, slope_crest_ft: Decimal,
                   share_below_percent: Decimal, notice_on: dt.date | None = None,
                   hearing_on: dt.date | None = None,
                   emergency: bool = False) -> CoastalDistrictDefinition:
    """The town admin records the Board's amendment of the list or the district's figures
    as a new version in force from ``effective_from``, after the notice and hearing 09.0.4
    asks (an emergency regulation excepted); audited."""
    municipality = Municipality.objects.get(code=MUNICIPALITY)
    if not permissions.is_admin(acting_user, municipality.pk):
        raise PermissionDenied("Only the town admin records an amendment of the "
                               f"regulations ({AMEND_SECTION}).")
    errors = adoption_errors(notice_on=notice_on, hearing_on=hearing_on,
                             effective_from=effective_from, emergency=emergency,
                             section=AMEND_SECTION, names=AMENDMENT_FIELDS)
    for name, lines in (("barrier_beach_lots", barrier_beach_lots),
                        ("partial_lots", partial_lots)):
        for line in lines:
            try:
                parse_lot_range(line)
            except ValueError as invalid:
                errors.setdefault(name, []).append(str(invalid))
    if CoastalDistrictDefinition.objects.filter(effective_from=effective_from).exists():
        errors["effective_from"] = ["A version already takes effect that day; a version is "
                                    "never edited — choose another date."]
    if not note.strip():
        errors["note"] = [f"Name the Board's vote that amended it ({AMEND_SECTION})."]
    if errors:
        raise DomainError(errors)
    version = CoastalDistrictDefinition.objects.create(
        effective_from=effective_from, note=note.strip(), created_by=acting_user,
        barrier_beach_lots=[line.strip() for line in barrier_beach_lots],
        partial_lots=[line.strip() for line in partial_lots],
        elevation_ft=elevation_ft, water_distance_ft=water_distance_ft,
        slope_crest_ft=slope_crest_ft, share_below_percent=share_below_percent,
        notice_on=notice_on, hearing_on=hearing_on, emergency=emergency,
    )
    audit.record(
        actor=acting_user, action="coastal_district.amended", subject=version,
        municipality=municipality,
        summary=f"Coastal District and Barrier Beach amended from {effective_from}: {note}",
        after={"barrier_beach_lots": version.barrier_beach_lots,
               "partial_lots": version.partial_lots, "effective_from": str(effective_from),
               "notice_on": notice_on and str(notice_on),
               "hearing_on": hearing_on and str(hearing_on), "emergency": emergency},
    )
    return version


def property_panel(place, user) -> dict[str, Any]:
    """The place's zone and why, the Board's records of it, and where staff record one."""
    return {"zone": zones_of([place])[place.pk],
            "records": list(place.zone_records.select_related("recorded_by")[:10]),
            "may_record": may_record(user, place.municipality_id),
            "section": f"{DISTRICT_SECTION}; {LIST_SECTION}"}


# -- the public water main (09.3.1(2), 09.9.5(2)) --------------------------------------------

MAIN_SECTION = f"{cite('09.3.1(2)')}; {cite('09.9.5(2)')}"
MAIN_HOW = gettext_noop("Recorded by the clerk: whether connecting the lot to the municipal "
                        "water supply mains is practical; where it is, the Board may not allow a "
                        "private well (09.3.1(2), 09.9.5(2)).")


def may_record_main(user, municipality_id: int) -> bool:
    return permissions.is_clerk(user, municipality_id)


def mains_of(places: Sequence[Any], on: dt.date | None = None) -> dict[int, Derivation]:
    """Place id → whether the clerk recorded the public main as reachable, one query."""
    latest: dict[int, PublicMainRecord] = {}
    for record in PublicMainRecord.objects.filter(property__in=[place.pk for place in places]):
        latest.setdefault(record.property_id, record)
    derived = {}
    for place in places:
        record = latest.get(place.pk)
        if record is None:
            continue
        derived[place.pk] = Derivation(
            record.reachable, "clerk_record",
            f"Recorded by the clerk on {record.recorded_at:%b} {record.recorded_at.day}, "
            f"{record.recorded_at.year}: {record.reason} ({MAIN_SECTION}).")
    return derived


def record_public_main(place, value: Any, reason: str, acting_user) -> PublicMainRecord:
    """The clerk records whether the lot can practically reach the public main; audited."""
    if not may_record_main(acting_user, place.municipality_id):
        raise PermissionDenied("Only the clerk records whether a lot can reach the public "
                               f"water main ({MAIN_SECTION}).")
    if not isinstance(value, bool):
        raise DomainError({"public_main_reachable": ["Send true or false."]})
    reason = (reason or "").strip()
    if not reason or len(reason) > 500:
        raise DomainError({"reason": ["Say how it is known, in under 500 characters."]})
    record = PublicMainRecord.objects.create(property=place, reachable=value, reason=reason,
                                             recorded_by=acting_user)
    audit.record(
        actor=acting_user, action="property.public_main_recorded", subject=place,
        municipality=place.municipality,
        summary=f"Public main {'reachable' if value else 'not practical'} at "
                f"{place.full_address}: {reason}",
        after={"public_main_reachable": value, "reason": reason},
    )
    return record
