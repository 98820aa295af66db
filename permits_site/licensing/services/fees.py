"""Fee schedules: pricing by the version in force, and admins' new versions."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from django.db import transaction
from django.utils import timezone

from permits_site import audit
from permits_site.accounts.permissions import is_admin
from permits_site.exceptions import DomainError, PermissionDenied
from permits_site.licensing.adoption import NOT_RECORDED, Adoption, with_adoption_errors
from permits_site.licensing.kinds import QuoteRequest, kind_for
from permits_site.licensing.models import FeeItem, FeeSchedule, PermitType
from permits_site.rules.calendar import format_date
from permits_site.rules.fees import FeeQuote, PricedItem, QuoteRefused

if TYPE_CHECKING:
    from permits_site.accounts.models import User


def schedule_in_force(permit_type: PermitType, on: dt.date) -> FeeSchedule | None:
    """The latest version effective on or before ``on`` that has not been retired."""
    return (
        permit_type.fee_schedules.filter(effective_from__lte=on, retired_at__isnull=True)
        .order_by("-effective_from", "-created_at")
        .prefetch_related("items")
        .first()
    )


def priced_items(schedule: FeeSchedule) -> dict[str, PricedItem]:
    return {
        fee_item.code: PricedItem(
            code=fee_item.code,
            description=fee_item.description,
            amount=fee_item.amount,
            citation=fee_item.citation,
            description_pt_br=fee_item.description_pt_br,
            description_es=fee_item.description_es,
        )
        for fee_item in schedule.items.all()
    }


def quote_fee(
    *, permit_type: PermitType, action: str, facts: Mapping[str, Any], on: dt.date
) -> tuple[FeeQuote, FeeSchedule]:
    """Price an action on a date; raises :class:`QuoteRefused` naming the bad field."""
    if action not in permit_type.actions:
        raise QuoteRefused(
            {
                "action": f"{permit_type.name} has no '{action}' action; "
                f"choose one of: {', '.join(permit_type.actions)}."
            }
        )
    schedule = schedule_in_force(permit_type, on)
    if schedule is None:
        raise QuoteRefused({"on": f"No {permit_type.name} fee schedule is in force on {on}."})
    kind = kind_for(permit_type.code)
    parsed = kind.parse_quote_facts(facts, action=action)
    request = QuoteRequest(
        permit_type=permit_type.code,
        action=action,
        facts=parsed,
        on=on,
        calendar=permit_type.municipality.calendar(),
        schedule=priced_items(schedule),
    )
    lines = tuple(kind.price(request))
    return FeeQuote(permit_type=permit_type.code, action=action, lines=lines), schedule


@transaction.atomic
def create_fee_schedule_version(
    *,
    permit_type: PermitType,
    effective_from: dt.date,
    amounts: Mapping[str, Decimal],
    acting_user: User,
    note: str = "",
    adoption: Adoption = NOT_RECORDED,
) -> FeeSchedule:
    """Save a new effective-dated version carrying the current items' wording, with the
    board's notice, hearing and vote behind it (``adoption``).

    Refused when it starts in the past (issued prices never change), when
    an amount is missing or negative, when the permit type's own
    invariant fails (e.g. Licenses A(9): spayed/neutered below intact), or when
    the town amends its schedules only after notice and hearing and the dates do not
    show them (Tisbury BOH Reg 09.0.4; ``permits_site.licensing.adoption``).
    """
    current = schedule_in_force(permit_type, max(effective_from, timezone.localdate()))
    template = current or permit_type.fee_schedules.order_by("-effective_from").first()
    if template is None:
        raise DomainError(f"{permit_type.name} has no fee items to version.")
    errors = with_adoption_errors(
        _schedule_errors(permit_type, template, effective_from, amounts),
        permit_type.municipality.code, adoption, effective_from)
    if errors:
        raise DomainError(errors)
    schedule = FeeSchedule.objects.create(
        permit_type=permit_type,
        effective_from=effective_from,
        note=note,
        created_by=acting_user,
        **adoption.fields(),
    )
    FeeItem.objects.bulk_create(
        FeeItem(
            schedule=schedule,
            code=old.code,
            description=old.description,
            description_pt_br=old.description_pt_br,
            description_es=old.description_es,
            citation=old.citation,
            amount=amounts[old.code],
        )
        for old in template.items.all()
    )
    audit.record(
        actor=acting_user,
        action="fee_schedule.created",
        subject=schedule,
        municipality=permit_type.municipality,
        summary=f"New {permit_type.name} fee schedule from {effective_from}",
        before={fee_item.code: str(fee_item.amount) for fee_item in template.items.all()},
        after={**{code: str(amount) for code, amount in amounts.items()},
               "adoption": adoption.audited()},
    )
    return schedule


def _schedule_errors(
    permit_type: PermitType,
    template: FeeSchedule,
    effective_from: dt.date,
    amounts: Mapping[str, Decimal],
) -> dict[str, str]:
    errors: dict[str, str] = {}
    if effective_from < timezone.localdate():
        errors["effective_from"] = "A fee schedule cannot take effect in the past."
    codes = {fee_item.code for fee_item in template.items.all()}
    for code in codes:
        amount = amounts.get(code)
        if amount is None:
            errors[code] = "Enter an amount."
        elif amount < 0:
            errors[code] = "An amount cannot be negative."
    for code in set(amounts) - codes:
        errors[code] = "Not an item of this fee schedule."
    if not errors:
        errors.update(kind_for(permit_type.code).validate_schedule(amounts))
    return errors


def unchangeable_reason(schedule: FeeSchedule, *, today: dt.date) -> str | None:
    """Why a version can no longer be corrected or withdrawn, or ``None`` while it can: only
    a version that has not taken effect and has priced nothing may change. One in force, or
    that has been, stays as it was: quotes and invoices priced by it keep their amounts."""
    if schedule.retired_at is not None:
        return (f"The {schedule.permit_type.name} fee schedule from "
                f"{format_date(schedule.effective_from)} was withdrawn; "
                "publish a new version instead.")
    if schedule.effective_from <= today:
        return (f"This {schedule.permit_type.name} fee schedule took effect on "
                f"{format_date(schedule.effective_from)}: a version that has taken effect is "
                "never changed or withdrawn, so that the quotes and invoices priced by it keep "
                "their amounts; publish a new version instead.")
    if schedule.invoices.exists():
        return (f"An invoice was priced by the {schedule.permit_type.name} fee schedule from "
                f"{format_date(schedule.effective_from)}; publish a new version instead.")
    return None


def _changeable(schedule: FeeSchedule, acting_user: User) -> FeeSchedule:
    """``schedule`` locked for a change by its town's admin; refused, saying why, when it may
    no longer change (:func:`unchangeable_reason`)."""
    if not is_admin(acting_user, schedule.permit_type.municipality_id):
        raise PermissionDenied("Only the town's Admin may change its fee schedules.")
    schedule = (FeeSchedule.objects.select_for_update().select_related("permit_type__municipality")
                .get(pk=schedule.pk))
    reason = unchangeable_reason(schedule, today=timezone.localdate())
    if reason:
        raise DomainError(reason)
    return schedule


@transaction.atomic
def correct_fee_schedule_version(
    *,
    schedule: FeeSchedule,
    effective_from: dt.date,
    amounts: Mapping[str, Decimal],
    acting_user: User,
    note: str = "",
    adoption: Adoption = NOT_RECORDED,
) -> FeeSchedule:
    """Correct a version that has not taken effect yet — its amounts, its date, its note,
    its notice, hearing and vote — in place, with every check a new version passes
    (:func:`create_fee_schedule_version`). Refused, saying why, once it has taken effect or
    priced an invoice, or when withdrawn."""
    schedule = _changeable(schedule, acting_user)
    permit_type = schedule.permit_type
    errors = with_adoption_errors(
        _schedule_errors(permit_type, schedule, effective_from, amounts),
        permit_type.municipality.code, adoption, effective_from)
    if errors:
        raise DomainError(errors)
    before = _audited_version(schedule)
    schedule.effective_from = effective_from
    schedule.note = note
    for name, value in adoption.fields().items():
        setattr(schedule, name, value)
    schedule.save(update_fields=["effective_from", "note", *adoption.fields()])
    items = list(schedule.items.all())
    for fee_item in items:
        fee_item.amount = amounts[fee_item.code]
    FeeItem.objects.bulk_update(items, ["amount"])
    audit.record(
        actor=acting_user,
        action="fee_schedule.corrected",
        subject=schedule,
        municipality=permit_type.municipality,
        summary=f"Corrected the {permit_type.name} fee schedule from "
                f"{format_date(effective_from)}, before it takes effect",
        before=before,
        after=_audited_version(schedule),
    )
    return schedule


def _audited_version(schedule: FeeSchedule) -> dict:
    return {
        "effective_from": schedule.effective_from.isoformat(),
        "note": schedule.note,
        "amounts": {item.code: str(item.amount) for item in schedule.items.all()},
        "adoption": Adoption(**{name: getattr(schedule, name) for name in
                                NOT_RECORDED.fields()}).audited(),
    }


@transaction.atomic
def retire_fee_schedule(*, schedule: FeeSchedule, acting_user: User) -> FeeSchedule:
    """Withdraw a version that has not taken effect and has priced nothing; one that has
    taken effect stays (:func:`unchangeable_reason`)."""
    schedule = _changeable(schedule, acting_user)
    schedule.retired_at = timezone.now()
    schedule.save(update_fields=["retired_at"])
    audit.record(
        actor=acting_user,
        action="fee_schedule.retired",
        subject=schedule,
        municipality=schedule.permit_type.municipality,
        summary=f"Retired {schedule}",
    )
    return schedule


@transaction.atomic
def confirm_fee_schedule(*, schedule: FeeSchedule, acting_user: User) -> FeeSchedule:
    """The town's admin confirms that a seeded schedule's amounts — the catalogue's, for fees
    the law's text does not state — are the ones the town adopted. They were already the
    schedule in force and invoiced as such; confirming only clears the admin's flag.
    Amounts the town set otherwise are a new version (:func:`create_fee_schedule_version`)."""
    municipality = schedule.permit_type.municipality
    if not is_admin(acting_user, municipality.pk):
        raise PermissionDenied("Only the town's admin confirms its fee schedules.")
    schedule = FeeSchedule.objects.select_for_update().get(pk=schedule.pk)
    if not schedule.seeded:
        raise DomainError(f"The {schedule.permit_type.name} fee schedule from "
                          f"{schedule.effective_from} is already confirmed.")
    schedule.seeded = False
    schedule.save(update_fields=["seeded"])
    audit.record(
        actor=acting_user,
        action="fee_schedule.confirmed",
        subject=schedule,
        municipality=municipality,
        summary=f"{schedule.permit_type.name} fees from {schedule.effective_from} confirmed",
        before={"seeded": True},
        after={"seeded": False,
               "amounts": {item.code: str(item.amount) for item in schedule.items.all()}},
    )
    return schedule
