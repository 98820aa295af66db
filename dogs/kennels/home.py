"""Kennel reviews on the hearing authority's home (North Andover Code ch. 60, Kennel license
B(5)): each review whose public hearing is not noticed yet, due seven business days after
the Animal Control Officer's report is received, overdue after that day, opening the
review's page where the notice is recorded. Once noticed, the hearing is on the core's
"Hearings to hold" and "Rulings due". One query, whatever the number of reviews."""

from __future__ import annotations

import datetime as dt

from django.urls import reverse

from dogs.kennels import review
from permits_site.accounts.models import User
from permits_site.enforcement.models import Case
from permits_site.homes.registry import WorkItem, WorkList, limited
from permits_site.towns.calendar import TownCalendar


def kennel_reviews_to_notice(town: TownCalendar, *, user: User,
                             today: dt.date) -> list[WorkList]:
    """The town's open kennel reviews with no hearing noticed, the oldest report first, each
    due on its last day to notify the parties (B(5)), counted on the town's calendar."""
    citation = review.period("kennel_hearing_notice").citation

    def item(case: Case) -> WorkItem:
        return WorkItem(review.NOTIFY_PARTIES, review.kennel_named(case),
                        reverse("dogs:kennel_review", args=[case.pk]),
                        due_on=review.notice_due(case, town.calendar), citation=citation)

    return [limited("Kennel review hearings to notice",
                    review.awaiting_notice(town.municipality), item,
                    empty="No kennel review waits for its hearing's notice.",
                    link_label="Deadlines", link_url=reverse("enforcement:deadlines"))]
