"""Fine schedules: quoting a fine by the version in force, and admins' new versions.

An offense whose amount the law leaves to a town body ("a fine as established by the
Select Board") is listed with no amount until an admin enters it in a new version; until
then it is neither quoted nor cited, and the refusal says why. An admin may also add an
offense to the schedule, with its section and amounts, as a new version.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Mapping
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from django.db import transaction
from django.utils import timezone

from permits_site import audit
from permits_site.enforcement.models import FineItem, FineSchedule
from permits_site.exceptions import DomainError
from permits_site.licensing.adoption import NOT_RECORDED, Adoption, with_adoption_errors
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


def pending_reason(fine_item: FineItem) -> str:
    """Why an offense with no amount yet cannot be quoted or cited."""
    return (f"{fine_item.description} cannot be cited yet: {fine_item.citation} leaves the "
            f"fine to {fine_item.amount_set_by or 'the town'}, and no amount is set on the "
            "town's fine schedule yet. The town's admin enters it there once it is set.")


def citable_fine_item(municipality: Municipality, offense: str, on: dt.date) -> FineItem:
    """:func:`fine_item_in_force`, refused on ``offense`` while its amount is not set."""
    fine_item = fine_item_in_force(municipality, offense, on)
    if fine_item.amount_pending:
        raise QuoteRefused({"offense": pending_reason(fine_item)})
    return fine_item


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
    fine_item = citable_fine_item(municipality, offense, on)
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
    adoption: Adoption = NOT_RECORDED,
) -> FineSchedule:
    """Save a new effective-dated version carrying the current offenses' wording, with the
    board's notice, hearing and vote behind it (``adoption``; see :func:`_publish`).

    ``amounts`` maps every offense code to its new amounts: ``first``,
    ``second`` and ``later`` (``None`` for a written warning), or
    ``minimum`` and ``maximum`` for an offense whose amount the officer
    sets. An offense with no amount yet may be left out: it stays without
    one. Refused when it starts in the past (quoted fines never change),
    when an offense is missing or unknown, or when an amount is malformed.
    """
    template = _required_template(municipality, effective_from)
    items = list(template.items.all())
    errors, revised = _revisions(items, effective_from, amounts)
    errors = with_adoption_errors(errors, municipality.code, adoption, effective_from)
    if errors:
        raise DomainError(errors)
    return _publish(
        municipality, effective_from, note, acting_user, adoption,
        [_revised_item(fine_item, revised.get(fine_item.offense)) for fine_item in items],
        action="fine_schedule.created",
        summary=f"New {municipality.short_name} fine schedule from {effective_from}",
        before=_amounts(items),
    )


def set_offense_amounts(
    *,
    municipality: Municipality,
    offense: str,
    effective_from: dt.date,
    amounts: Mapping[str, Any],
    acting_user: User,
    note: str = "",
    adoption: Adoption = NOT_RECORDED,
) -> FineSchedule:
    """A new version in which one offense takes ``amounts`` and every other keeps its own
    (one without an amount stays without)."""
    template = _required_template(municipality, effective_from)
    kept = {fine_item.offense: fine_item.rate().amounts() for fine_item in template.items.all()
            if not fine_item.amount_pending}
    if offense not in {fine_item.offense for fine_item in template.items.all()}:
        raise DomainError("Not an offense of this fine schedule.", field="offense")
    return create_fine_schedule_version(
        municipality=municipality, effective_from=effective_from,
        amounts={**kept, offense: amounts}, acting_user=acting_user, note=note,
        adoption=adoption,
    )


#: An offense code: lower-case words joined by underscores, as the catalogues write them.
OFFENSE_CODE = re.compile(r"^[a-z][a-z0-9]*(_[a-z0-9]+)*$")


@transaction.atomic
def add_fine_offense(
    *,
    municipality: Municipality,
    offense: str,
    description: str,
    citation: str,
    amounts: Mapping[str, Any],
    per_day: bool,
    effective_from: dt.date,
    acting_user: User,
    note: str = "",
    adoption: Adoption = NOT_RECORDED,
    description_pt_br: str = "",
    description_es: str = "",
) -> FineSchedule:
    """A new version listing every offense in force and one more, with its section and its
    ``first``, ``second`` and ``later`` amounts (``None``: a written warning); what the
    offense is reads in Portuguese and Spanish where the admin gives it (#26).

    Refusals name the field: ``offense`` (malformed, or already listed), ``description``,
    ``citation`` (the section is required), ``amounts``, ``effective_from``.
    """
    template = _required_template(municipality, effective_from)
    items = list(template.items.all())
    errors: dict[str, list[str]] = {}
    if effective_from < timezone.localdate():
        errors["effective_from"] = ["A new fine schedule cannot take effect in the past."]
    offense = (offense or "").strip()
    if not OFFENSE_CODE.match(offense) or len(offense) > 60:
        errors["offense"] = ["Enter a code of lower-case letters, digits and underscores "
                             "(at most 60), such as dog_on_beach."]
    elif offense in {fine_item.offense for fine_item in items}:
        errors["offense"] = [f"The schedule already lists {offense}; set its amounts instead."]
    for field, value, label in (("description", description, "what the offense is"),
                                ("citation", citation, "the section of the law it breaks")):
        if not (value or "").strip() or len(value) > 200:
            errors[field] = [f"Enter {label} (at most 200 characters)."]
    blank = fines.FineRate(offense=offense, description=description, citation=citation,
                           per_day=per_day)
    try:
        rate = fines.revised_rate(blank, amounts)
    except ValueError as error:
        errors["amounts"] = [str(error)]
    errors = with_adoption_errors(errors, municipality.code, adoption, effective_from)
    if errors:
        raise DomainError(errors)
    added = FineItem(offense=offense, description=description.strip(),
                     description_pt_br=description_pt_br.strip(),
                     description_es=description_es.strip(),
                     citation=citation.strip(), per_day=per_day,
                     first_amount=rate.first, second_amount=rate.second,
                     later_amount=rate.later)
    return _publish(
        municipality, effective_from, note, acting_user, adoption,
        [_revised_item(fine_item, None) for fine_item in items] + [added],
        action="fine_schedule.offense_added",
        summary=f"Offense added to the {municipality.short_name} fine schedule from "
                f"{effective_from}: {added.description} ({added.citation})",
        before=_amounts(items),
    )


def _required_template(municipality: Municipality, effective_from: dt.date) -> FineSchedule:
    template = _template(municipality, effective_from)
    if template is None:
        raise DomainError(f"{municipality.name} has no fine schedule to version.")
    return template


def _amounts(items) -> dict[str, Any]:
    """Each offense's amounts as the audit log records them (``None``: not set yet)."""
    return {fine_item.offense: None if fine_item.amount_pending else fine_item.rate().amounts()
            for fine_item in items}


def _publish(municipality: Municipality, effective_from: dt.date, note: str,
             acting_user: User, adoption: Adoption, items: list[FineItem], *, action: str,
             summary: str, before: dict[str, Any]) -> FineSchedule:
    """Save a version holding ``items`` (unsaved), audited with the amounts before and after
    and the board's notice, hearing and vote (refused before this where the town's law
    requires them: :func:`~permits_site.licensing.adoption.schedule_adoption_errors`)."""
    schedule = FineSchedule.objects.create(
        municipality=municipality,
        effective_from=effective_from,
        note=note,
        created_by=acting_user,
        **adoption.fields(),
    )
    for fine_item in items:
        fine_item.schedule = schedule
    FineItem.objects.bulk_create(items)
    audit.record(
        actor=acting_user,
        action=action,
        subject=schedule,
        municipality=municipality,
        summary=summary,
        before=before,
        after={**_amounts(items), "adoption": adoption.audited()},
    )
    return schedule


def _template(municipality: Municipality, effective_from: dt.date) -> FineSchedule | None:
    current = fine_schedule_in_force(municipality, max(effective_from, timezone.localdate()))
    return current or municipality.fine_schedules.order_by("-effective_from").first()


def _revisions(
    items: list[FineItem], effective_from: dt.date, amounts: Mapping[str, Any]
) -> tuple[dict[str, list[str]], dict[str, FineRate]]:
    errors: dict[str, list[str]] = {}
    revised: dict[str, FineRate] = {}
    if not isinstance(amounts, Mapping):
        return {"amounts": ["Give the amounts as an object keyed by offense code."]}, revised
    if effective_from < timezone.localdate():
        errors["effective_from"] = ["A new fine schedule cannot take effect in the past."]
    current = [fine_item.rate() for fine_item in items]
    pending = {fine_item.offense for fine_item in items if fine_item.amount_pending}
    for rate in current:
        if rate.offense not in amounts:
            if rate.offense not in pending:
                errors[rate.offense] = ["Enter the amounts for this offense."]
            continue
        try:
            revised[rate.offense] = fines.revised_rate(rate, amounts[rate.offense])
        except ValueError as error:
            errors[rate.offense] = [str(error)]
    for offense in set(amounts) - {rate.offense for rate in current}:
        errors[str(offense)] = ["Not an offense of this fine schedule."]
    return errors, revised


def _revised_item(old: FineItem, rate: FineRate | None) -> FineItem:
    """``old`` for a new version, with ``rate``'s amounts (``None``: its own, kept: an
    offense without an amount stays without)."""
    pending = old.amount_pending and rate is None
    rate = rate or old.rate()
    return FineItem(
        offense=old.offense,
        description=old.description,
        description_pt_br=old.description_pt_br,
        description_es=old.description_es,
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
        amount_set_by=old.amount_set_by,
        amount_pending=pending,
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
