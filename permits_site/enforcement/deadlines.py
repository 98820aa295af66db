"""What staff must do soon: every date due within the next two weeks, and every date missed.

One query per source whatever the number of rows — application hearings
(the abutters' notices and the decision), case hearings, orders' compliance
dates, appeals awaiting a decision and permits coming up for renewal, then
each source a bylaw app registers for records of its own — each row naming
its record, its date and the section behind it.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Collection, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from django.urls import reverse

from permits_site.enforcement.models import Appeal, CaseHearing, CaseStatus, Order
from permits_site.enforcement.registry import case_type
from permits_site.licensing.kinds import kind_for, registered_kinds
from permits_site.licensing.models import OPEN_STATUSES, Permit, PermitHearing, PermitStatus
from permits_site.licensing.templatetags.localised import time_and_place
from permits_site.rules.calendar import days_after, days_before
from permits_site.towns.models import HeldAtTimeAndPlace

WINDOW_DAYS = 14


@dataclass(frozen=True)
class Deadline:
    """One thing due (or, for an appeal, waiting since ``on``) in one town."""

    municipality_id: int
    on: dt.date
    what: str
    record: str
    url: str
    citation: str
    #: No date in law: the row shows how long it has been waiting.
    waiting: bool = False

    def overdue(self, today: dt.date) -> bool:
        return not self.waiting and self.on < today

    def status(self, today: dt.date) -> str:
        """"Overdue by 3 days", "Due today", "Due in 5 days" or "Awaiting a decision"."""
        if self.waiting:
            return "Awaiting a decision"
        days = (self.on - today).days
        if days < 0:
            return f"Overdue by {_days(-days)}"
        return "Due today" if days == 0 else f"Due in {_days(days)}"


def _days(count: int) -> str:
    return f"{count} day" if count == 1 else f"{count} days"


def window_end(today: dt.date) -> dt.date:
    """The last day the screen looks ahead to."""
    return days_after(today, WINDOW_DAYS)


def notice_due(hearing_date: dt.date, notice_days: int) -> dt.date:
    """The last day to mail a hearing's notices: ``notice_days`` before the hearing."""
    return days_before(hearing_date, notice_days)


#: A bylaw app's deadlines: ``source(towns, today=, horizon=)`` yields the rows of its own
#: records due through ``horizon`` or overdue, in a fixed number of queries.
DeadlineSource = Callable[..., Iterable[Deadline]]
_SOURCES: list[DeadlineSource] = []


def register_deadline_source(source: DeadlineSource) -> DeadlineSource:
    """Add a bylaw app's records to the deadlines screen (once, however often called)."""
    if source not in _SOURCES:
        _SOURCES.append(source)
    return source


@contextmanager
def registered_deadline_sources(*sources: DeadlineSource) -> Iterator[None]:
    """Register ``sources`` for a ``with`` block, then put the registry back as it was."""
    saved = list(_SOURCES)
    try:
        for source in sources:
            register_deadline_source(source)
        yield
    finally:
        _SOURCES[:] = saved


def deadlines(towns: Collection[int], *, today: dt.date) -> list[Deadline]:
    """Everything due in ``towns`` through the window's end, and everything overdue, by date."""
    horizon = window_end(today)
    rows = [
        *_application_hearings(towns, today=today, horizon=horizon),
        *_case_hearings(towns, today=today, horizon=horizon),
        *_orders(towns, horizon=horizon),
        *_appeals(towns),
        *_renewals(towns, today=today, horizon=horizon),
    ]
    for source in _SOURCES:
        rows.extend(source(towns, today=today, horizon=horizon))
    return sorted(rows, key=lambda row: (row.on, row.what, row.record))


def _application_hearings(towns, *, today: dt.date, horizon: dt.date) -> Iterator[Deadline]:
    """Undecided hearings on open applications: the notices still to mail by the kind's notice
    period before the hearing, and the decision from the hearing date on."""
    longest_notice = max((kind.hearing_notice_days for kind in registered_kinds()), default=0)
    hearings = PermitHearing.objects.filter(
        application__municipality_id__in=towns,
        application__status__in=OPEN_STATUSES,
        decided_on__isnull=True,
        hearing_date__lte=days_after(horizon, longest_notice),
    ).select_related("application__permit_type", "application__applicant")
    for hearing in hearings:
        application = hearing.application
        kind = kind_for(application.permit_type.code)
        record = (f"{application.permit_type.name} application #{application.pk} "
                  f"({application.applicant.display_name})")
        url = reverse("licensing:review", args=[application.pk])
        mail_by = notice_due(hearing.hearing_date, kind.hearing_notice_days)
        unmailed = hearing.notices_mailed_on is None or hearing.notices_mailed_on > today
        if unmailed and mail_by <= horizon:
            yield Deadline(application.municipality_id, mail_by,
                           f"Mail the abutters' notices of the {hearing.hearing_date:%B} "
                           f"{hearing.hearing_date.day} hearing", record, url,
                           kind.hearing_citation)
        if hearing.hearing_date <= horizon:
            yield Deadline(application.municipality_id, hearing.hearing_date,
                           hold_and_decide(hearing), record, url, kind.hearing_citation)


def hold_and_decide(hearing: HeldAtTimeAndPlace) -> str:
    """The row of a hearing's own day, with the hour and place it is held at where known:
    "Hold and decide the hearing (7:00 PM, Town Hall)"."""
    held_at = time_and_place(hearing)
    return f"Hold and decide the hearing ({held_at})" if held_at else (
        "Hold and decide the hearing")


def _case_record(case) -> tuple[str, str, str]:
    """(record, link, citation) for a row about a case."""
    registered = case_type(case.case_type)
    citation = (registered.citation or registered.name) if registered else case.case_type
    return (f"Case #{case.pk} ({case.party_name}, {case.address})",
            reverse("enforcement:case", args=[case.pk]), citation)


def _case_hearings(towns, *, today: dt.date, horizon: dt.date) -> Iterator[Deadline]:
    hearings = CaseHearing.objects.filter(
        case__municipality_id__in=towns, decided_on__isnull=True, hearing_date__lte=horizon
    ).select_related("case")
    for hearing in hearings:
        record, url, citation = _case_record(hearing.case)
        town = hearing.case.municipality_id
        if hearing.notice_sent_on > today:
            yield Deadline(town, hearing.notice_sent_on, "Send the hearing notice", record,
                           url, citation)
        yield Deadline(town, hearing.hearing_date, hold_and_decide(hearing), record, url,
                       citation)


def _orders(towns, *, horizon: dt.date) -> Iterator[Deadline]:
    orders = Order.objects.filter(
        case__municipality_id__in=towns, complied_on__isnull=True, comply_by__lte=horizon
    ).exclude(case__status=CaseStatus.CLOSED).select_related("case")
    for order in orders:
        record, url, _ = _case_record(order.case)
        yield Deadline(order.case.municipality_id, order.comply_by,
                       f"Compliance with the order: {order.text}", record, url, order.citation)


def _appeals(towns) -> Iterator[Deadline]:
    appeals = Appeal.objects.filter(
        case__municipality_id__in=towns, decided_on__isnull=True
    ).select_related("case")
    for appeal in appeals:
        record, url, citation = _case_record(appeal.case)
        yield Deadline(appeal.case.municipality_id, appeal.filed_on, "Decide the appeal",
                       record, url, citation, waiting=True)


def _renewals(towns, *, today: dt.date, horizon: dt.date) -> Iterator[Deadline]:
    permits = Permit.objects.filter(
        municipality_id__in=towns, status=PermitStatus.ACTIVE,
        valid_through__gte=today, valid_through__lte=horizon, superseded_by__isnull=True,
    ).select_related("permit_type")
    for permit in permits:
        yield Deadline(permit.municipality_id, permit.valid_through,
                       f"{permit.permit_type.name} expires: renewal due",
                       f"{permit.number} ({permit.holder_name})",
                       reverse("licensing:review", args=[permit.application_id]),
                       permit.permit_type.citation)
