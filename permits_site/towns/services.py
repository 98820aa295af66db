"""Office closures an admin enters: they are not business days for any deadline or key date."""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING

from django.db import transaction

from permits_site import audit
from permits_site.exceptions import DomainError
from permits_site.towns.calendar import forget_town
from permits_site.towns.models import Closure, Municipality

if TYPE_CHECKING:
    from permits_site.accounts.models import User


@transaction.atomic
def add_closure(*, municipality: Municipality, date: dt.date, reason: str,
    acting_user: User) -> Closure:
    """Close the town's offices for a day (storm, local observance)."""
    if not reason.strip():
        raise DomainError("Say why the offices are closed.", field="reason")
    if municipality.closures.filter(date=date).exists():
        raise DomainError(f"{municipality.short_name} is already closed on {date}.", field="date")
    closure = Closure.objects.create(
        municipality=municipality, date=date, reason=reason.strip(), created_by=acting_user
    )
    audit.record(
        actor=acting_user,
        action="closure.added",
        subject=closure,
        municipality=municipality,
        summary=f"Offices closed {date}: {closure.reason}",
        after={"date": str(date), "reason": closure.reason},
    )
    # The public API serves the calendar from the cache: forget it (again on commit).
    forget_town(municipality.code)
    return closure


@transaction.atomic
def remove_closure(*, closure: Closure, acting_user: User) -> None:
    audit.record(
        actor=acting_user,
        action="closure.removed",
        subject=closure.municipality,
        municipality=closure.municipality,
        summary=f"Offices open again {closure.date}",
        before={"date": str(closure.date), "reason": closure.reason},
    )
    closure.delete()
    forget_town(closure.municipality.code)
