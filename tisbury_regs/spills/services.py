"""Hazardous substance spills reported to the Board (Tisbury BOH Reg 09.9.6(3)).

"All hazardous substance spills and out-of-control situations (e.g. leaking containers) must
be immediately reported to the Board of Health" (09.9.6(3)e); "most hazardous substance spills
must be completely recovered, containerized and disposed of in an approved manner and at an
authorized site" (09.9.6(3)f). The Board's staff record each report as it comes in: who
reported it, where (a Tisbury property on file, or a described place), what substance and how
much, when it was reported, the action taken and the other agencies notified. The reports are
the Board's records: staff only, audited, listed newest first and on the property's page.
"""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING, Any

from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone

from permits_site import audit
from permits_site.accounts import permissions
from permits_site.exceptions import DomainError, PermissionDenied
from permits_site.parties.models import Property
from permits_site.towns.models import Municipality
from tisbury_regs.law import cite
from tisbury_regs.models import SpillReport, tisbury

if TYPE_CHECKING:
    from permits_site.accounts.models import User

SECTION = cite("09.9.6(3)e")
CLEANUP_SECTION = cite("09.9.6(3)f")



def may_see(user: User, town: Municipality) -> bool:
    return permissions.can_view_enforcement(user, town.pk)


def _report_errors(*, place: Property | None, location: str, reported_by: str, substance: str,
                   reported_at: dt.datetime, town: Municipality) -> dict[str, list[str]]:
    errors: dict[str, list[str]] = {}
    if place is not None and place.municipality_id != town.pk:
        errors["property"] = ["Choose a Tisbury property."]
    if place is None and not location.strip():
        errors["location"] = [f"Say where the spill is ({SECTION})."]
    if not reported_by.strip():
        errors["reported_by"] = ["Enter who reported the spill."]
    if not substance.strip():
        errors["substance"] = ["Enter the substance spilled or leaking."]
    if reported_at > timezone.now():
        errors["reported_at"] = ["A report cannot be dated in the future."]
    return errors


@transaction.atomic
def record_spill(*, reported_by: str, substance: str, reported_at: dt.datetime,
                 acting_user: User, place: Property | None = None, location: str = "",
                 reporter_contact: str = "", quantity: str = "", action_taken: str = "",
                 agencies_notified: str = "") -> SpillReport:
    """Record a spill reported to the Board (09.9.6(3)e) and the action taken (09.9.6(3)f)."""
    town = tisbury()
    if not may_see(acting_user, town):
        raise PermissionDenied(f"Only the Board's staff record spill reports ({SECTION}).")
    errors = _report_errors(place=place, location=location, reported_by=reported_by,
                            substance=substance, reported_at=reported_at, town=town)
    if errors:
        raise DomainError(errors)
    report = SpillReport.objects.create(
        municipality=town, property=place, location=location.strip(),
        reported_by=reported_by.strip(), reporter_contact=reporter_contact.strip(),
        substance=substance.strip(), quantity=quantity.strip(), reported_at=reported_at,
        action_taken=action_taken.strip(), agencies_notified=agencies_notified.strip(),
        recorded_by=acting_user)
    audit.record(actor=acting_user, action="spill.reported", subject=report, municipality=town,
                 summary=f"Spill of {report.substance} at {report.place} reported by "
                         f"{report.reported_by} ({SECTION})",
                 after=_described(report))
    return report


def _described(report: SpillReport) -> dict[str, Any]:
    return {"property": report.property_id, "location": report.location,
            "reported_by": report.reported_by, "substance": report.substance,
            "quantity": report.quantity, "reported_at": report.reported_at.isoformat(),
            "action_taken": report.action_taken,
            "agencies_notified": report.agencies_notified}


def spill_reports(town: Municipality) -> QuerySet[SpillReport]:
    """The town's spill reports, newest first, with their property (one query)."""
    return (SpillReport.objects.filter(municipality=town).select_related("property")
            .order_by("-reported_at", "-pk"))


def property_panel(place: Property, user: User) -> dict[str, Any]:
    """The spills reported at the property, for the clerk's property page."""
    return {"spills": list(spill_reports(place.municipality).filter(property=place)),
            "spill_section": SECTION, "property": place}
