"""North Andover's kennel reviews on the staff deadlines screen (Code ch. 60, Kennel license
B(5)), registered with the core's ``register_deadline_source`` from ``DogsConfig.ready``.
Each source runs one query; the Monday-to-Thursday calendar comes from the town's cached
calendar.

- kennel reviews awaiting the notice of their public hearing: seven business days after
  the Animal Control Officer's report is received (Kennel license B(5));
- kennel reviews heard but not decided: seven business days after the hearing (B(5)). The
  hearing itself — no later than 14 days after the notice — is the core's hearing row.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Collection, Iterator

from django.urls import reverse

from dogs.kennels import review
from dogs.periods import MUNICIPALITY
from permits_site.enforcement.deadlines import Deadline
from permits_site.enforcement.models import Case, CaseHearing
from permits_site.towns.calendar import TownCalendar, town_calendar


def _town(towns: Collection[int]) -> TownCalendar | None:
    """North Andover and its calendar, when the screen covers it."""
    town = town_calendar(MUNICIPALITY)
    return town if town is not None and town.municipality.pk in towns else None


def _kennel_review_row(case: Case, on: dt.date, what: str, code: str) -> Deadline:
    return Deadline(case.municipality_id, on, what, review.kennel_named(case),
                    reverse("dogs:kennel_review", args=[case.pk]),
                    review.period(code).citation)


def kennel_hearing_notices(towns: Collection[int], *, today: dt.date,
                           horizon: dt.date) -> Iterator[Deadline]:
    """Open kennel reviews with no hearing noticed yet: the notice is due seven business days
    after the report is received (Kennel license B(5))."""
    town = _town(towns)
    if town is None:
        return
    for case in review.awaiting_notice(town.municipality).filter(received_on__lte=horizon):
        due = review.notice_due(case, town.calendar)
        if due <= horizon:
            yield _kennel_review_row(case, due, review.NOTIFY_PARTIES, "kennel_hearing_notice")


def kennel_decisions(towns: Collection[int], *, today: dt.date,
                     horizon: dt.date) -> Iterator[Deadline]:
    """Kennel review hearings not decided: the decision is due seven business days after
    the hearing (Kennel license B(5))."""
    town = _town(towns)
    if town is None:
        return
    hearings = CaseHearing.objects.filter(
        case__municipality=town.municipality, case__case_type=review.KENNEL_REVIEW,
        decided_on__isnull=True, hearing_date__lte=horizon,
    ).select_related("case__permit")
    for hearing in hearings:
        due = review.decision_due(hearing, town.calendar)
        if due <= horizon:
            yield _kennel_review_row(hearing.case, due, "Decide the kennel review",
                                     "kennel_decision")
