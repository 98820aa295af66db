"""Orders to correct, with compliance dates counted on the town's business calendar.

An order gives the party a number of calendar days, or a period the town's law registered
as a party's time to comply (``Period.party_complies``: not one of the town's own
deadlines, an appeal window or a term); either way the last day is a deadline at a public
office, so a day the offices are closed rolls to the next business day (MGL c.4 §9).
"""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING

from django.db import transaction
from django.utils import timezone

from permits_site import audit
from permits_site.enforcement.models import Case, Order
from permits_site.enforcement.services.cases import (
    require_case_open,
    require_not_future,
    require_text,
)
from permits_site.enforcement.services.citations import stop_accrual
from permits_site.exceptions import DomainError, InvalidTransition
from permits_site.rules.calendar import BusinessCalendar, format_date, period_due
from permits_site.rules.periods import Period, PeriodKind
from permits_site.rules.registry import town_law

if TYPE_CHECKING:
    from permits_site.accounts.models import User

MOST_DAYS_TO_COMPLY = 3650


def comply_within(days: int, *, issued_on: dt.date, calendar: BusinessCalendar) -> dt.date:
    """The last day to comply with an order giving ``days`` calendar days, as a deadline."""
    period = Period(
        code="order.comply_within",
        municipality="",
        citation="",
        kind=PeriodKind.DEADLINE,
        description=f"Comply within {days} days",
        days=days,
    )
    return period_due(period, issued_on, calendar)


def _deadline(
    case: Case, *, comply_within_days: int | None, period_code: str | None, issued_on: dt.date
) -> tuple[dt.date, Period | None]:
    """(comply by, the registered period used if any); refusals name the field."""
    calendar = case.municipality.calendar()
    if (comply_within_days is None) == (not period_code):
        raise DomainError("Give either a number of days to comply or a period of the law.",
                          field="comply_within_days")
    if period_code:
        period = town_law(case.municipality.code).periods.get(period_code)
        if period is None:
            raise DomainError(f"{case.municipality.name} has no period '{period_code}'.",
                              field="period_code")
        if not period.party_complies:
            raise DomainError(f"'{period_code}' is not a time the party is given to comply "
                              f"({period.citation}): give days to comply or another period.",
                              field="period_code")
        return period_due(period, issued_on, calendar), period
    if (isinstance(comply_within_days, bool) or not isinstance(comply_within_days, int)
            or not 1 <= comply_within_days <= MOST_DAYS_TO_COMPLY):
        raise DomainError(f"Give a whole number of days from 1 to {MOST_DAYS_TO_COMPLY}.",
                          field="comply_within_days")
    return comply_within(comply_within_days, issued_on=issued_on, calendar=calendar), None


def violated_sections(case: Case) -> str:
    """The sections of the case's uncorrected violations (its own and its inspection's), in
    the order found: what an order on the case enforces when no section is given."""
    found = list(case.violations.filter(corrected_on__isnull=True))
    if case.inspection_id is not None:
        found += case.inspection.violations.filter(corrected_on__isnull=True, case__isnull=True)
    return "; ".join(dict.fromkeys(violation.citation for violation in found))[:200]


@transaction.atomic
def issue_order(
    *,
    case: Case,
    text: str,
    citation: str = "",
    comply_within_days: int | None = None,
    period_code: str | None = None,
    counted_from: dt.date | None = None,
    acting_user: User,
) -> Order:
    """Order the party to correct, dated today, with its compliance date.

    The citation defaults to the registered period's when one is used, else to the sections
    of the case's violations. The time to
    comply counts from ``counted_from`` when the law runs it from an earlier day (the
    notice the party received), else from today.
    """
    require_case_open(case, doing="issue an order on")
    text = require_text(text, field="text", message="Write what the party must do.")
    issued_on = timezone.localdate()
    counted_from = counted_from or issued_on
    require_not_future(counted_from, field="counted_from", what="The day the time runs from")
    comply_by, period = _deadline(case, comply_within_days=comply_within_days,
                                  period_code=period_code, issued_on=counted_from)
    citation = require_text(
        citation or (period.citation if period else "") or violated_sections(case),
        field="citation", message="Cite the section the order enforces: the case records no "
                                  "violation and no period of the law was chosen.")
    order = Order.objects.create(case=case, text=text, citation=citation, issued_on=issued_on,
                                 comply_by=comply_by, issued_by=acting_user)
    audit.record(
        actor=acting_user,
        action="case.order_issued",
        subject=case,
        municipality=case.municipality,
        summary=f"Order on case #{case.pk}: comply by {format_date(comply_by)}",
        after={"order": order.pk, "text": text, "citation": citation,
               "comply_by": str(comply_by), "period": period.code if period else None},
    )
    return order


@transaction.atomic
def record_compliance(*, order: Order, complied_on: dt.date, acting_user: User) -> Order:
    """Record that the party complied: the case's violations are corrected and its per-day
    citations stop accruing on that day."""
    if order.complied_on is not None:
        raise InvalidTransition("Compliance with this order is already recorded.")
    require_not_future(complied_on, field="complied_on", what="The compliance date")
    if complied_on < order.issued_on:
        raise DomainError("Compliance is recorded on or after the day the order was issued.",
                          field="complied_on")
    order.complied_on = complied_on
    order.save(update_fields=["complied_on"])
    case = order.case
    case.violations.filter(corrected_on__isnull=True).update(corrected_on=complied_on)
    stopped = _stop_accrual(case, on=complied_on)
    audit.record(
        actor=acting_user,
        action="case.order_complied",
        subject=case,
        municipality=case.municipality,
        summary=f"Order on case #{case.pk} complied with on {format_date(complied_on)}",
        after={"order": order.pk, "complied_on": str(complied_on), "citations_stopped": stopped},
    )
    return order


@transaction.atomic
def extend_order(*, order: Order, comply_by: dt.date, reason: str, acting_user: User) -> Order:
    """Give the party more time: a later compliance date, for the reason written. The
    bylaw's own limits (who extends, how far) are its app's to check."""
    require_case_open(order.case, doing="extend an order on")
    if order.complied_on is not None:
        raise InvalidTransition("Compliance with this order is already recorded.")
    if comply_by <= order.comply_by:
        raise DomainError(f"An extension ends after {format_date(order.comply_by)}.",
                          field="comply_by")
    reason = require_text(reason, field="reason", message="Give the reason for more time.")
    before = order.comply_by
    order.comply_by = comply_by
    order.save(update_fields=["comply_by"])
    audit.record(
        actor=acting_user,
        action="case.order_extended",
        subject=order.case,
        municipality=order.case.municipality,
        summary=f"Order on case #{order.case_id} extended to {format_date(comply_by)}",
        before={"order": order.pk, "comply_by": str(before)},
        after={"order": order.pk, "comply_by": str(comply_by), "reason": reason},
    )
    return order


def _stop_accrual(case: Case, *, on: dt.date) -> list[int]:
    """Stop each running per-day citation on ``on`` (a citation issued later runs one day)."""
    running = list(case.citations.filter(per_day=True, accrues_until__isnull=True)
                   .select_related("case__municipality"))
    for citation in running:
        stop_accrual(citation, on=on)
    return [citation.pk for citation in running]
