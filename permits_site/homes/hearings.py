"""The hearing authority's home: case hearings to hold (each continued or rescheduled from
its row), rulings due on hearings already held, citation hearings a party asked for (MGL
c.40 §21D), and appeals awaiting a decision. A row of a hearing with a day gives its day,
hour and place, as its notice gives them to the parties (:func:`held_on`)."""

from __future__ import annotations

import datetime as dt

from django.db.models import F
from django.urls import reverse

from permits_site.accounts.models import Role, User
from permits_site.enforcement.models import Appeal, CaseHearing, CitationHearing
from permits_site.enforcement.registry import case_types, citation_policy, steps_page_url
from permits_site.homes.registry import WorkItem, WorkList, from_home, limited
from permits_site.licensing.templatetags.localised import day_time_and_place
from permits_site.towns.calendar import TownCalendar


def _case_link(case_id: int) -> str:
    return reverse("enforcement:case", args=[case_id])


def held_on(hearing: CaseHearing | CitationHearing | Appeal) -> str:
    """A hearing row's detail: "Hearing on Thursday, June 11, 2026, 7:00 PM, Town Hall";
    "" for a hearing with no day yet."""
    return f"Hearing on {day_time_and_place(hearing)}" if hearing.hearing_date else ""


def _hearing_item(what: str):
    def item(hearing: CaseHearing) -> WorkItem:
        case = hearing.case
        return WorkItem(what, f"Case #{case.pk} ({case.party_name}, {case.address})",
                        _case_link(case.pk), due_on=hearing.hearing_date,
                        detail=held_on(hearing),
                        actions=(("Continue or reschedule",
                                  from_home("enforcement:hearing_continue", hearing.pk)),))
    return item


def decided_elsewhere(town: TownCalendar, role: str) -> list[str]:
    """The town's case types whose hearings and appeals a holder of ``role`` does not decide
    (``CaseType.deciders``: a law may name one seat)."""
    return [registered.code for registered in case_types(town.municipality.code)
            if role not in registered.deciders]


def undecided_case_hearings(town: TownCalendar, *, role: str):
    """The town's case hearings not yet decided that a holder of ``role`` decides, soonest
    first."""
    return CaseHearing.objects.filter(
        case__municipality=town.municipality, decided_on__isnull=True,
    ).exclude(case__case_type__in=decided_elsewhere(town, role)).select_related(
        "case").order_by("hearing_date", "pk")


def hearing_lists(town: TownCalendar, *, today: dt.date) -> list[WorkList]:
    """Undecided case hearings: to hold from today on, and those held with no ruling."""
    undecided = undecided_case_hearings(town, role=Role.HEARING_AUTHORITY)
    return [
        limited("Hearings to hold", undecided.filter(hearing_date__gte=today),
                _hearing_item("Hold the hearing"), empty="No hearing is scheduled."),
        limited("Rulings due", undecided.filter(hearing_date__lt=today),
                _hearing_item("Record the decision and the written ruling"),
                empty="No ruling is due."),
    ]


def board_case_hearings(town: TownCalendar) -> WorkList:
    """Undecided case hearings of the town whose case type its Board decides (the Board of
    Health's cases; not a case a law gives a hearing authority alone), each opening the case
    page where a member is offered "Decide a hearing"."""

    def item(hearing: CaseHearing) -> WorkItem:
        case = hearing.case
        return WorkItem("Decide the hearing", f"Case #{case.pk} ({case.party_name}, "
                        f"{case.address})", steps_page_url(case), due_on=hearing.hearing_date,
                        detail=held_on(hearing))

    return limited("Case hearings of the Board",
                   undecided_case_hearings(town, role=Role.BOARD_MEMBER), item,
                   empty="The Board has no case hearing to decide.")


def citation_hearings(town: TownCalendar) -> WorkList:
    """The town's citation hearings a party asked for (MGL c.40 §21D), undecided: first those
    with no date yet, which wait for the hearing authority to set one, oldest request first;
    then the dated ones, soonest first, due on their day. Each cites the law the hearing is
    held under, the town's non-criminal disposition, as its notice does (not the offense's
    section)."""
    held_under = citation_policy(town.municipality.code).window.citation
    requested = CitationHearing.objects.filter(
        citation__case__municipality=town.municipality, decided_on__isnull=True,
    ).select_related("citation__case").order_by(
        F("hearing_date").asc(nulls_first=True), "requested_on", "pk")

    def item(hearing: CitationHearing) -> WorkItem:
        citation = hearing.citation
        page = reverse("enforcement:citation", args=[citation.pk])
        record = f"Citation #{citation.pk} ({citation.case.party_name})"
        if hearing.hearing_date is None:
            return WorkItem("Set the hearing's date", record, f"{page}#hearing_date-section",
                            since=hearing.requested_on, citation=held_under)
        return WorkItem("Hear the citation and decide", record,
                        f"{page}#hearing_decision-section", due_on=hearing.hearing_date,
                        detail=held_on(hearing), citation=held_under)

    return limited("Citation hearings requested", requested, item,
                   empty="No citation hearing is waiting.")


def open_appeals(town: TownCalendar, *, user: User) -> WorkList:
    """The town's appeals awaiting a decision, but those ``user`` may not decide: of a
    determination they made or proposed, or of a case whose earlier appeal they ruled on
    (``own_review_refusal`` and ``require_other_seat`` in the cases' services)."""
    appeals = (
        Appeal.objects.filter(case__municipality=town.municipality, decided_on__isnull=True)
        .exclude(case__case_type__in=decided_elsewhere(town, Role.HEARING_AUTHORITY))
        .exclude(case__determined_by=user).exclude(case__proposed_by=user)
        .exclude(case__appeals__decided_by=user)
        .select_related("case").order_by("filed_on", "pk")
    )

    def item(appeal: Appeal) -> WorkItem:
        case = appeal.case
        return WorkItem("Decide the appeal",
                        f"Case #{case.pk} ({case.party_name}, {case.address})",
                        steps_page_url(case), due_on=appeal.hearing_date,
                        since=appeal.filed_on, detail=held_on(appeal))

    return limited("Appeals to decide", appeals, item,
                   empty="No appeal is waiting.")


def hearing_authority_work(town: TownCalendar, *, user: User, today: dt.date
                           ) -> list[WorkList]:
    return [*hearing_lists(town, today=today), citation_hearings(town),
            open_appeals(town, user=user)]
