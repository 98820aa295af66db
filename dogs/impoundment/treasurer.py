"""Adoption money handed to the Treasurer (North Andover Code ch. 60, Impoundment H: "all
monies received by the officer for the adoption shall immediately be turned over to the
Treasurer's Office"): the sums received by day, on a page and as CSV, for the Clerk and
the Treasurer's Office. One query, whatever the number of days.
"""

from __future__ import annotations

import csv
import datetime as dt
from dataclasses import dataclass
from decimal import Decimal

from django import forms
from django.contrib.auth.decorators import login_required
from django.db.models import Q
from django.http import HttpResponse
from django.shortcuts import render
from django.utils import timezone
from django.views.decorators.http import require_GET

from dogs.impoundment.permissions import (
    IMPOUNDMENT_READER_ROLES,
    can_view_impoundments,
)
from dogs.law import cite
from dogs.periods import MUNICIPALITY
from permits_site.accounts.permissions import require
from permits_site.licensing.fact_forms import bounded_date_field
from permits_site.reports.queries import ReportFilters, revenue_by_day
from permits_site.rules.fees import money
from permits_site.towns.models import Municipality

CSV_HEADER = ["Day received", "Payments", "Amount ($)"]


@dataclass(frozen=True)
class DaySum:
    day: dt.date
    payments: int
    amount: Decimal


def adoption_money_by_day(municipality: Municipality, start: dt.date,
                          end: dt.date) -> list[DaySum]:
    """Adoption fees received, summed by the Massachusetts-local day they were received,
    from ``start`` through ``end`` (Impoundment H): the office's revenue by day, counting
    only the adoptions' invoices."""
    filters = ReportFilters(town_ids=frozenset({municipality.pk}), start=start, end=end)
    rows = revenue_by_day(filters, where=Q(invoice__adoption__isnull=False))
    return [DaySum(row["day"], row["payments"], money(row["amount"])) for row in rows]


class PeriodForm(forms.Form):
    start = bounded_date_field(label="From")
    end = bounded_date_field(label="Through")

    def clean(self):
        data = super().clean()
        if data.get("start") and data.get("end") and data["start"] > data["end"]:
            self.add_error("end", "The last day must be on or after the first.")
        return data


def _period(request, today: dt.date) -> PeriodForm:
    query = request.GET.copy()
    query.setdefault("start", today.replace(day=1).isoformat())
    query.setdefault("end", today.isoformat())
    return PeriodForm(query)


@login_required
@require_GET
def adoption_money(request):
    """The page, or its CSV with ``?format=csv``."""
    town = Municipality.objects.get(code=MUNICIPALITY)
    require(can_view_impoundments(request.user, town.pk), "read the adoption money report",
            IMPOUNDMENT_READER_ROLES, town=town)
    form = _period(request, timezone.localdate())
    if not form.is_valid():
        return render(request, "dogs/adoption_money.html",
                      {"form": form, "rows": [], "citation": cite("Impoundment H")},
                      status=400)
    start, end = form.cleaned_data["start"], form.cleaned_data["end"]
    rows = adoption_money_by_day(town, start, end)
    if request.GET.get("format") == "csv":
        return _csv(rows, start, end)
    return render(request, "dogs/adoption_money.html", {
        "form": form, "rows": rows, "total": money(sum((row.amount for row in rows), Decimal("0"))),
        "citation": cite("Impoundment H"),
        "csv_query": f"start={start.isoformat()}&end={end.isoformat()}&format=csv",
    })


def _csv(rows: list[DaySum], start: dt.date, end: dt.date) -> HttpResponse:
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = (
        f'attachment; filename="adoption-money-{start}-{end}.csv"')
    writer = csv.writer(response)
    writer.writerow(CSV_HEADER)
    writer.writerows([row.day.isoformat(), row.payments, f"{row.amount:.2f}"] for row in rows)
    return response
