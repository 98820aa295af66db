"""Reminders nobody has to remember: what the daily run writes for a given day.

Each source returns the reminders due on ``today``; a reminder's key names what
it is about and the date it concerns, so running the day again — or the next
day, while the same date is still ahead — writes nothing new. Bylaw apps add
their own sources with :func:`register_reminder_source` from ``AppConfig.ready()``
(the core never imports them).
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from django.db import transaction
from django.urls import reverse
from django.utils.translation import gettext_noop

from permits_site.accounts.models import Membership
from permits_site.accounts.permissions import ENFORCEMENT_ROLES
from permits_site.enforcement.deadlines import deadlines
from permits_site.enforcement.models import CaseStatus, Citation, Order
from permits_site.enforcement.services.dispositions import Standing, annotate_standing
from permits_site.licensing.kinds import RENEWAL_NOTICE_DAYS, kind_for
from permits_site.licensing.models import OPEN_ENDED, Permit, PermitStatus
from permits_site.notifications.models import MessageKind
from permits_site.notifications.services import (
    Draft,
    absolute_url,
    people_of,
    retry_unsent,
    write,
)
from permits_site.rules.calendar import days_after
from permits_site.rules.wording import MonthDay, explain
from permits_site.towns.typed_text import typed_value

#: A permit's holder hears 30 days before it expires (Northborough Horse & Stable Regs,
#: "renewal reminders go out 30 days before a permit's valid-through date"), the day its
#: renewal is first offered.
EXPIRY_NOTICE_DAYS = RENEWAL_NOTICE_DAYS
#: Orders and payment windows are announced a week before they fall due.
DUE_NOTICE_DAYS = 7


@dataclass(frozen=True)
class Reminder:
    """A draft and the people it goes to."""

    draft: Draft
    recipients: list


ReminderSource = Callable[[dt.date], Iterable[Reminder]]


@dataclass(frozen=True)
class _Registered:
    source: ReminderSource
    covers: frozenset[str]


_SOURCES: list[_Registered] = []


def register_reminder_source(source: ReminderSource, *, covers: Iterable[str] = ()) -> None:
    """Add a bylaw app's reminders. ``covers`` names the permit types whose renewal the
    source announces itself: the 30-day expiry reminder skips them, so no renewal is
    announced twice."""
    if all(registered.source is not source for registered in _SOURCES):
        _SOURCES.append(_Registered(source, frozenset(covers)))


def unregister_reminder_source(source: ReminderSource) -> None:
    _SOURCES[:] = [registered for registered in _SOURCES if registered.source is not source]


def _covered_permit_types() -> set[str]:
    return {code for registered in _SOURCES for code in registered.covers}


def reminders_for(today: dt.date) -> Iterator[Reminder]:
    """Every reminder due on ``today``: the core's, then the registered sources'."""
    for source in (expiring_permits, orders_due, citations_due, staff_digests,
                   *(registered.source for registered in _SOURCES)):
        yield from source(today)


@transaction.atomic
def send_reminders(*, today: dt.date) -> int:
    """Write the reminders due on ``today`` that were not written before; they are sent
    after commit, with any earlier message whose sending failed. Returns how many
    messages were written."""
    retry_unsent()
    return sum(len(write(reminder.draft, reminder.recipients))
               for reminder in reminders_for(today))


def reminder_draft(kind: str, key: str, subject: str, *, about, municipality,
                   legal: bool = False, reader=None, language: str = "",
                   **context) -> Draft:
    """A reminder; unless it is a legal notice, it says how to turn reminders off.
    ``reader`` and ``language`` choose the language it is written in (:class:`Draft`)."""
    return Draft(kind=kind, key=key, subject=subject, about=about, municipality=municipality,
                 context={**context, "reminder_note": not legal}, is_reminder=True,
                 is_legal_notice=legal, reader=reader, language=language)


def expiring_permits(today: dt.date) -> Iterator[Reminder]:
    """Active permits whose term ends within 30 days and that are not renewed yet: one
    reminder for each term's end. One
    issued inside those 30 days is reminded on its first day in force when its permit type's
    term outlasts the notice (an annual permit issued on December 10,
    :meth:`~permits_site.licensing.kinds.PermitKind.term_outlasts`); a term of 30 days or
    less (a temporary permit, whose renewal is offered from its start) gets none."""
    permits = Permit.objects.filter(
        status=PermitStatus.ACTIVE, valid_from__lte=today, valid_through__gte=today,
        valid_through__lte=days_after(today, EXPIRY_NOTICE_DAYS), superseded_by__isnull=True,
    ).exclude(valid_through=OPEN_ENDED).exclude(
        permit_type__code__in=_covered_permit_types()
    ).select_related("permit_type", "municipality", "holder", "holder_business")
    for permit in permits:
        if not kind_for(permit.permit_type.code).term_outlasts(permit, EXPIRY_NOTICE_DAYS):
            continue
        draft = reminder_draft(
            MessageKind.PERMIT_EXPIRING,
            f"permit-expiry:{permit.pk}:{permit.valid_through}",
            explain(gettext_noop("%(permit_type)s %(number)s expires on %(day)s"),
                    permit_type=typed_value(permit.permit_type, "name"), number=permit.number,
                    day=MonthDay.of(permit.valid_through)),
            about=permit, municipality=permit.municipality, reader=permit.holder, permit=permit,
            url=absolute_url(reverse("licensing:dashboard")),
        )
        yield Reminder(draft, people_of(person=permit.holder, business=permit.holder_business))


def orders_due(today: dt.date) -> Iterator[Reminder]:
    """Orders not yet complied with whose date falls within the next seven days."""
    orders = Order.objects.filter(
        complied_on__isnull=True, comply_by__gte=today,
        comply_by__lte=days_after(today, DUE_NOTICE_DAYS),
    ).exclude(case__status=CaseStatus.CLOSED).select_related(
        "case__municipality", "case__party", "case__party_business")
    for order in orders:
        case = order.case
        draft = reminder_draft(
            MessageKind.ORDER_DUE, f"order-due:{order.pk}:{order.comply_by}",
            explain(gettext_noop("%(town)s: order due on %(day)s"),
                    town=case.municipality.short_name, day=MonthDay.of(order.comply_by)),
            about=order, municipality=case.municipality, reader=case.party, order=order,
            case=case,
        )
        yield Reminder(draft, people_of(person=case.party, business=case.party_business))


def citations_due(today: dt.date) -> Iterator[Reminder]:
    """Citations still owed whose last day to pay or ask for a hearing is within the
    next seven days (MGL c.40 §21D and the town's window)."""
    citations = annotate_standing(Citation.objects.all(), on=today).filter(
        standing_code=Standing.DUE.value, last_day__gte=today,
        last_day__lte=days_after(today, DUE_NOTICE_DAYS),
    ).select_related("case__municipality", "case__party", "case__party_business")
    for citation in citations:
        case = citation.case
        draft = reminder_draft(
            MessageKind.CITATION_DUE, f"citation-due:{citation.pk}:{citation.last_day}",
            explain(gettext_noop("%(town)s: citation #%(number)s is due on %(day)s"),
                    town=case.municipality.short_name, number=str(citation.pk),
                    day=MonthDay.of(citation.last_day)),
            about=citation, municipality=case.municipality, reader=case.party,
            citation=citation,
            last_day=citation.last_day,
            url=absolute_url(reverse("citations:detail", args=[citation.pk])),
        )
        yield Reminder(draft, people_of(person=case.party, business=case.party_business))


def staff_digests(today: dt.date) -> Iterator[Reminder]:
    """Each town's enforcement staff: one morning message listing what is overdue in the
    towns they work for (the deadlines screen's overdue rows)."""
    towns_of = defaultdict(set)
    people = {}
    for membership in Membership.objects.filter(role__in=ENFORCEMENT_ROLES).select_related(
            "user"):
        towns_of[membership.user_id].add(membership.municipality_id)
        people[membership.user_id] = membership.user
    all_towns = set().union(*towns_of.values())
    overdue = [row for row in deadlines(all_towns, today=today) if row.overdue(today)]
    for user_id, towns in towns_of.items():
        rows = [row for row in overdue if row.municipality_id in towns]
        if not rows:
            continue
        draft = reminder_draft(
            MessageKind.STAFF_DIGEST, f"staff-digest:{today}",
            f"{len(rows)} overdue item{'s' if len(rows) != 1 else ''} on {today:%B} {today.day}",
            about=None, municipality=None, language="en",
            rows=[(row, row.status(today), absolute_url(row.url)) for row in rows],
            deadlines_url=absolute_url(reverse("enforcement:deadlines")),
        )
        yield Reminder(draft, [people[user_id]])
