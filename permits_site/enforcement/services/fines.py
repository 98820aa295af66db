"""Fine schedules: quoting a fine by the version in force, and admins' new versions."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from django.db import transaction
from django.utils import timezone

from permits_site import audit
from permits_site.enforcement.models import FineItem, FineSchedule
from permits_site.exceptions import DomainError
from permits_site.rules import fines
from permits_site.rules.fees import QuoteRefused
from permits_site.rules.fines import FineQuote, FineRate
from permits_site.towns.models import Municipality

if TYPE_CHECKING:
    from permits_site.accounts.models import User


def fine_schedule_in_force(municipality: Municipality, on: dt.date) -> FineSchedule | None:
    """The latest version effective on or before ``on`` that has not been retired."""
    return (
        municipality.fine_schedules.filter(effective_from__lte=on, retired_at__isnull=True)
        .order_by("-effective_from", "-created_at")
        .prefetch_related("items")
        .first()
    )


def fine_item_in_force(municipality: Municipality, offense: str, on: dt.date) -> FineItem:
    """The offense as the schedule in force on ``on`` lists it.

    Raises :class:`QuoteRefused` naming the bad field: no schedule in force
    (``on``) or an offense the town's schedule does not list (``offense``).
    """
    schedule = fine_schedule_in_force(municipality, on)
    if schedule is None:
        raise QuoteRefused(
            {"on": f"No {municipality.short_name} fine schedule is in force on {on}."}
        )
    items = {fine_item.offense: fine_item for fine_item in schedule.items.all()}
    if not isinstance(offense, str) or offense not in items:
        raise QuoteRefused(
            {"offense": f"{municipality.short_name} has no offense '{offense}' on its fine "
                        f"schedule; choose one of: {', '.join(items)}."}
        )
    return items[offense]


def quote_fine(
    *,
    municipality: Municipality,
    offense: str,
    prior_offenses: int = 0,
    days: int = 1,
    units: int = 1,
    amount: Decimal | None = None,
    on: dt.date,
) -> FineQuote:
    """Price an offense by the schedule in force on ``on``.

    Raises :class:`QuoteRefused` naming the bad field: an offense the town's
    schedule does not list, or counts and amounts the offense does not take.
    """
    fine_item = fine_item_in_force(municipality, offense, on)
    return fines.quote_fine(
        fine_item.rate(), prior_offenses=prior_offenses, days=days, units=units, amount=amount
    )


@transaction.atomic
def create_fine_schedule_version(
    *,
    municipality: Municipality,
    effective_from: dt.date,
    amounts: Mapping[str, Mapping[str, Any]],
    acting_user: User,
    note: str = "",
) -> FineSchedule:
    """Save a new effective-dated version carrying the current offenses' wording.

    ``amounts`` maps every offense code to its new amounts: ``first``,
    ``second`` and ``later`` (``None`` for a written warning), or
    ``minimum`` and ``maximum`` for an offense whose amount the officer
    sets. Refused when it starts in the past (quoted fines never change),
    when an offense is missing or unknown, or when an amount is malformed.
    """
    template = _template(municipality, effective_from)
    if template is None:
        raise DomainError(f"{municipality.name} has no fine schedule to version.")
    current = [fine_item.rate() for fine_item in template.items.all()]
    errors, revised = _revisions(current, effective_from, amounts)
    if errors:
        raise DomainError(errors)
    schedule = FineSchedule.objects.create(
        municipality=municipality,
        effective_from=effective_from,
        note=note,
        created_by=acting_user,
    )
    FineItem.objects.bulk_create(
        _revised_item(schedule, fine_item, revised[fine_item.offense])
        for fine_item in template.items.all()
    )
    audit.record(
        actor=acting_user,
        action="fine_schedule.created",
        subject=schedule,
        municipality=municipality,
        summary=f"New {municipality.short_name} fine schedule from {effective_from}",
        before={rate.offense: rate.amounts() for rate in current},
        after={offense: rate.amounts() for offense, rate in revised.items()},
    )
    return schedule


def _template(municipality: Municipality, effective_from: dt.date) -> FineSchedule | None:
    current = fine_schedule_in_force(municipality, max(effective_from, timezone.localdate()))
    return current or municipality.fine_schedules.order_by("-effective_from").first()


def _revisions(
    current: list[FineRate], effective_from: dt.date, amounts: Mapping[str, Any]
) -> tuple[dict[str, list[str]], dict[str, FineRate]]:
    errors: dict[str, list[str]] = {}
    revised: dict[str, FineRate] = {}
    if not isinstance(amounts, Mapping):
        return {"amounts": ["Give the amounts as an object keyed by offense code."]}, revised
    if effective_from < timezone.localdate():
        errors["effective_from"] = ["A new fine schedule cannot take effect in the past."]
    for rate in current:
        if rate.offense not in amounts:
            errors[rate.offense] = ["Enter the amounts for this offense."]
            continue
        try:
            revised[rate.offense] = fines.revised_rate(rate, amounts[rate.offense])
        except ValueError as error:
            errors[rate.offense] = [str(error)]
    for offense in set(amounts) - {rate.offense for rate in current}:
        errors[str(offense)] = ["Not an offense of this fine schedule."]
    return errors, revised


def _revised_item(schedule: FineSchedule, old: FineItem, rate: FineRate) -> FineItem:
    return FineItem(
        schedule=schedule,
        offense=old.offense,
        description=old.description,
        citation=old.citation,
        first_amount=rate.first,
        second_amount=rate.second,
        later_amount=rate.later,
        minimum_amount=rate.minimum,
        maximum_amount=rate.maximum,
        per_day=old.per_day,
        per_unit=old.per_unit,
        unit_name=old.unit_name,
        prior_window=old.prior_window,
    )


@transaction.atomic
def retire_fine_schedule(*, schedule: FineSchedule, acting_user: User) -> FineSchedule:
    """Withdraw a version before it takes effect.

    A version already in force may have priced citations; it stays, and a
    newer version replaces it from its own date.
    """
    if schedule.retired_at is not None:
        raise DomainError("This fine schedule is already retired.")
    if schedule.effective_from <= timezone.localdate():
        raise DomainError(
            f"This fine schedule has been in force since {schedule.effective_from} and may have "
            "priced citations; publish a new version instead."
        )
    schedule.retired_at = timezone.now()
    schedule.save(update_fields=["retired_at"])
    audit.record(
        actor=acting_user,
        action="fine_schedule.retired",
        subject=schedule,
        municipality=schedule.municipality,
        summary=f"Retired {schedule}",
    )
    return schedule
