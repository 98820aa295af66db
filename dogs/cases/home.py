"""Dog cases on the Animal Control Officer's home (Code ch. 60, Restraint E; Temporary
restraint A): every open case of the town's chapter 60 — a dog at large as well as a
dangerous, potentially dangerous or nuisance dog, as the Cases list shows them — with its next
date (an undecided hearing, an order's compliance date), and the orders of temporary restraint
running out within two weeks on any dog case, to renew in writing or let lapse. A fixed
number of queries a list."""

from __future__ import annotations

import datetime as dt
from collections.abc import Collection

from django.db.models import Prefetch
from django.urls import reverse
from django.utils.http import urlencode

from dogs.cases.common import DETERMINED_DOG_CASES, NUISANCE_DOG, POTENTIALLY_DANGEROUS_DOG
from dogs.law import cite
from permits_site.accounts.models import User
from permits_site.enforcement.deadlines import window_end
from permits_site.enforcement.models import Case, CaseHearing, CaseStatus, Order
from permits_site.enforcement.registry import case_type_name, case_types, steps_page_url
from permits_site.homes.registry import WorkItem, WorkList, limited
from permits_site.towns.calendar import TownCalendar

DOG_CASES = (*DETERMINED_DOG_CASES, NUISANCE_DOG)


def _case_url(case: Case) -> str:
    return reverse("dogs:case", args=[case.pk])


def next_date(case: Case) -> dt.date | None:
    """The case's earliest open date: an undecided hearing or an order not complied with
    (reads the prefetched ``open_hearings`` and ``open_orders``)."""
    dates = [hearing.hearing_date for hearing in case.open_hearings]
    dates += [order.comply_by for order in case.open_orders]
    return min(dates, default=None)


def _case_item(case: Case) -> WorkItem:
    """The case by its number and type, linked to the page its next step is taken on: the
    dog's own page for the cases that have one, the case page for the others."""
    return WorkItem("Next step on the case",
                    f"Case #{case.pk}, {case_type_name(case.case_type)} "
                    f"({case.party_name}, {case.address})",
                    steps_page_url(case), due_on=next_date(case), since=case.received_on)


def open_dog_cases(town: TownCalendar, *, listed_elsewhere: Collection[str] = ()) -> WorkList:
    """Every case of the town's chapter 60 not closed — the Cases list's "open" ones, of
    whatever type the case was opened as (a dog at large is cited on the town's dog control
    case, not on a dangerous dog's) — oldest first. ``listed_elsewhere`` are the types
    another list of the officer's home shows case by case (noise complaints), not counted
    twice. Three queries, whatever the number of cases."""
    codes = [registered.code for registered in case_types(town.municipality.code)
             if registered.code not in listed_elsewhere]
    cases = Case.objects.filter(
        municipality=town.municipality, case_type__in=codes,
    ).exclude(status=CaseStatus.CLOSED).prefetch_related(
        Prefetch("hearings", CaseHearing.objects.filter(decided_on__isnull=True),
                 to_attr="open_hearings"),
        Prefetch("orders", Order.objects.filter(complied_on__isnull=True),
                 to_attr="open_orders"),
    ).order_by("received_on", "pk")
    return limited("Open dog cases", cases, _case_item, empty="No dog case is open.",
                   link_label="Cases", link_url=reverse("enforcement:cases") + "?"
                   + urlencode({"town": town.municipality.code}))


def restraint_orders_ending(town: TownCalendar, *, today: dt.date) -> WorkList:
    orders = Order.objects.filter(
        case__municipality=town.municipality, case__case_type__in=DOG_CASES,
        ends_on__gte=today, ends_on__lte=window_end(today),
    ).exclude(case__status=CaseStatus.CLOSED).select_related("case").order_by("ends_on", "pk")

    def item(order: Order) -> WorkItem:
        case = order.case
        return WorkItem("Renew the restraint order in writing or let it lapse",
                        f"Case #{case.pk} ({case.party_name}, {case.address})",
                        _case_url(case), due_on=order.ends_on, citation=order.citation)

    return limited("Restraint orders running out", orders, item,
                   empty="No restraint order ends in the next two weeks.")


def dog_case_work(town: TownCalendar, *, user: User, today: dt.date,
                  listed_elsewhere: Collection[str] = ()) -> list[WorkList]:
    return [open_dog_cases(town, listed_elsewhere=listed_elsewhere),
            restraint_orders_ending(town, today=today)]


def petitions_to_decide(town: TownCalendar, *, user: User, today: dt.date) -> list[WorkList]:
    """The hearing authority's part: dog cases whose keeper petitions to rescind an order of
    temporary restraint (Temporary restraint A; §60-13), waiting since received."""
    waiting = Case.objects.filter(
        municipality=town.municipality, case_type__in=DOG_CASES,
        findings__petitions_waiting__gt=0,
    ).exclude(status=CaseStatus.CLOSED).order_by("received_on", "pk")

    def item(case: Case) -> WorkItem:
        return WorkItem("Decide the petition to rescind the restraint order",
                        f"Case #{case.pk} ({case.party_name}, {case.address})",
                        _case_url(case), since=case.received_on,
                        citation=cite("Temporary restraint A"))

    return [limited("Petitions to rescind a restraint order", waiting, item,
                    empty="No petition to rescind waits.")]


#: Where the hearing authority determines a dog dangerous or potentially dangerous.
DETERMINATION_SECTION = {False: "Dangerous B", True: "Potentially dangerous B"}


def cases_to_determine(town: TownCalendar, *, user: User, today: dt.date) -> list[WorkList]:
    """The hearing authority's part first of all: the dangerous and potentially dangerous
    dog cases the officer opened that no one has determined yet (Dangerous B; Potentially
    dangerous B), waiting since received."""
    waiting = Case.objects.filter(
        municipality=town.municipality, case_type__in=DETERMINED_DOG_CASES,
        status=CaseStatus.OPEN, determined_on__isnull=True,
    ).order_by("received_on", "pk")

    def item(case: Case) -> WorkItem:
        potentially = case.case_type == POTENTIALLY_DANGEROUS_DOG
        return WorkItem("Determine whether the dog is "
                        + ("potentially dangerous" if potentially else "dangerous"),
                        f"Case #{case.pk} ({case.party_name}, {case.address})",
                        _case_url(case), since=case.received_on,
                        citation=cite(DETERMINATION_SECTION[potentially]))

    return [limited("Dog cases to determine", waiting, item,
                    empty="No dog case waits for its determination.")]


#: Where the Chief orders the owner's duties: a dangerous dog's, a potentially dangerous one's.
DUTIES_SECTION = {False: "Dangerous D, E(1)", True: "Potentially dangerous C"}


def duties_to_order(town: TownCalendar, *, user: User, today: dt.date) -> list[WorkList]:
    """The Chief's or designee's part after a determination: the dogs determined dangerous
    or potentially dangerous whose owner's duties are not ordered yet (Dangerous D, E;
    Potentially dangerous C: the Chief "may order … any or all"), waiting since received."""
    waiting = Case.objects.filter(
        municipality=town.municipality, case_type__in=DETERMINED_DOG_CASES,
        status=CaseStatus.DETERMINED,
    ).exclude(findings__deemed=False).exclude(
        findings__has_key="ordered_duties").order_by("received_on", "pk")

    def item(case: Case) -> WorkItem:
        return WorkItem("Order the owner's duties",
                        f"Case #{case.pk} ({case.party_name}, {case.address})",
                        _case_url(case), since=case.received_on,
                        citation=cite(DUTIES_SECTION[case.case_type == POTENTIALLY_DANGEROUS_DOG]))

    return [limited("Determined dogs awaiting the owner's duties", waiting, item,
                    empty="No determined dog awaits its owner's duties.")]
