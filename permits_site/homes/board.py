"""A Board member's home: the applications the Board has not decided yet, variances and
waivers waiting for their signature (Northborough §8.2, M.G.L. c.111 §157; Tisbury 09.0.3),
the Board's hearings on applications and the hearings on its cases, which the Board
decides."""

from __future__ import annotations

import datetime as dt

from django.db.models import Exists, OuterRef
from django.urls import reverse

from permits_site.accounts.models import User
from permits_site.homes.applications import (
    RECORD_RELATED,
    application_record,
    not_their_own,
    review_url,
    undecided_hearings,
    variance_item,
    waiting_variances,
)
from permits_site.homes.hearings import board_case_hearings
from permits_site.homes.registry import WorkItem, WorkList, limited
from permits_site.licensing.kinds import registered_kinds
from permits_site.licensing.models import Application, VarianceSignature
from permits_site.licensing.transitions import BEING_DECIDED
from permits_site.towns.calendar import TownCalendar


def the_boards_permit_types() -> list[str]:
    """The permit types whose law makes the Board the body that relieves their rules — a
    Northborough stable permit (§8.2), a Tisbury permit (09.0.3) — and so decides their
    applications; North Andover's chapter 60 gives none (its Clerk licenses dogs)."""
    return [kind.code for kind in registered_kinds() if kind.variance_citation]


def applications_before_the_board(town: TownCalendar, *, user: User) -> WorkList:
    """The town's applications of the Board's permit types not decided yet (submitted or
    under review: on the review screen a member starts the review, records the Board's
    determinations, requests changes or denies, ``permissions.can_review``), oldest first,
    but those ``user`` or their business made, which another member reviews."""
    applications = not_their_own(Application.objects.filter(
        municipality=town.municipality, status__in=BEING_DECIDED,
        permit_type__code__in=the_boards_permit_types(),
    ), user).select_related(*RECORD_RELATED).order_by("submitted_on", "pk")

    def item(application: Application) -> WorkItem:
        return WorkItem("Review the application", application_record(application),
                        review_url(application.pk), since=application.submitted_on,
                        citation=application.permit_type.citation)

    return limited("Applications before the Board", applications, item,
                   empty="No application waits for the Board's decision.",
                   link_label="Application queue", link_url=reverse("licensing:queue"))


def signatures_waiting(town: TownCalendar, *, user: User) -> WorkList:
    """Waiting variances ``user`` has not signed yet, but those of an application they or
    their business made, which another member signs (``permissions.own_application_refusal``):
    in the same query, so the home's count stays fixed."""
    variances = not_their_own(waiting_variances(town), user, path="application").exclude(
        Exists(VarianceSignature.objects.filter(variance=OuterRef("pk"), board_member=user)))
    return limited("Signatures waiting for me", variances,
                   variance_item("Sign or refuse the variance"),
                   empty="No variance waits for your signature.")


def board_hearings(town: TownCalendar) -> WorkList:
    return undecided_hearings(town, title="Hearings of the Board",
                              empty="The Board has no hearing to hold.")


def board_member_work(town: TownCalendar, *, user: User, today: dt.date) -> list[WorkList]:
    return [applications_before_the_board(town, user=user), signatures_waiting(town, user=user),
            board_hearings(town), board_case_hearings(town)]
