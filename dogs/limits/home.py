"""Residence limits and noise complaints on the Animal Control Officer's home (Code ch. 60,
Limits A–E; Restraint C): rehoming orders not yet complied with, by the date set, and open
noise complaints, oldest first, each list linking to the Cases list of its case type. One
query a list."""

from __future__ import annotations

import datetime as dt

from django.urls import reverse

from dogs.limits.services import NUISANCE_NOISE_CASE, RESIDENCE_LIMITS_CASE
from permits_site.accounts.models import User
from permits_site.enforcement.models import Case, CaseStatus, Order
from permits_site.homes.registry import WorkItem, WorkList, limited
from permits_site.towns.calendar import TownCalendar


def _record(case: Case) -> str:
    return f"Case #{case.pk} ({case.party_name}, {case.address})"


def residence_limit_orders(town: TownCalendar) -> WorkList:
    orders = Order.objects.filter(
        case__municipality=town.municipality, case__case_type=RESIDENCE_LIMITS_CASE,
        complied_on__isnull=True,
    ).exclude(case__status=CaseStatus.CLOSED).select_related("case").order_by("comply_by", "pk")

    def item(order: Order) -> WorkItem:
        return WorkItem("Check the rehoming order", _record(order.case),
                        reverse("dogs:limits_case", args=[order.case_id]),
                        due_on=order.comply_by, citation=order.citation)

    return limited("Residence-limit orders", orders, item,
                   empty="No rehoming order is open.", link_label="Residence limits cases",
                   link_url=reverse("enforcement:cases") + f"?case_type={RESIDENCE_LIMITS_CASE}")


def noise_complaints(town: TownCalendar) -> WorkList:
    cases = Case.objects.filter(
        municipality=town.municipality, case_type=NUISANCE_NOISE_CASE,
    ).exclude(status=CaseStatus.CLOSED).order_by("received_on", "pk")

    def item(case: Case) -> WorkItem:
        return WorkItem("Hear the complaint and record the finding", _record(case),
                        reverse("dogs:noise_case", args=[case.pk]), since=case.received_on)

    return limited("Noise complaints", cases, item,
                   empty="No noise complaint is open.", link_label="Noise complaints",
                   link_url=reverse("enforcement:cases") + f"?case_type={NUISANCE_NOISE_CASE}")


def limits_work(town: TownCalendar, *, user: User, today: dt.date) -> list[WorkList]:
    return [residence_limit_orders(town), noise_complaints(town)]
