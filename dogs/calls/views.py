"""The Animal Control Officer's log of calls: the list with its search, a call and its
outcome, and the monthly report as a page and as CSV (North Andover Code ch. 60, ACO B(2)).
The Clerk, the Animal Inspector and the town's admins read it; only the officer writes."""

from __future__ import annotations

import csv
import datetime as dt

from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.views.decorators.http import require_GET, require_http_methods

from dogs.calls import services
from dogs.calls.forms import CallFilterForm, CallForm, MonthForm, OutcomeForm
from dogs.officer_records import readable_town_ids, records_town
from permits_site.accounts.models import Role
from permits_site.accounts.permissions import has_role, require
from permits_site.page_actions import with_actions
from permits_site.towns.models import Municipality

PER_PAGE = 50


def _is_officer(user, town: Municipality) -> bool:
    return has_role(user, town.pk, Role.ANIMAL_CONTROL_OFFICER)


@login_required
@require_GET
def call_list(request):
    """Every call, newest first, found by words, kind and status (ACO B(2))."""
    town = records_town(request)
    search = CallFilterForm(request.GET or None)
    calls = services.calls_of({town.pk})
    if search.is_valid():
        calls = services.matching(calls, text=search.cleaned_data["q"],
                                  kind=search.cleaned_data["kind"],
                                  status=search.cleaned_data["status"])
    page = Paginator(calls, PER_PAGE).get_page(request.GET.get("page"))
    query = request.GET.copy()
    query.pop("page", None)
    return render(request, "dogs/call_list.html", {
        "page": page, "search": search, "query": query.urlencode(),
        "can_work": _is_officer(request.user, town),
    })


@login_required
@require_http_methods(["GET", "POST"])
def call_new(request):
    town = records_town(request)
    require(_is_officer(request.user, town), "log a call", [Role.ANIMAL_CONTROL_OFFICER],
            town=town)
    form = CallForm(request.POST or None, municipality=town,
                    initial={"received_at": timezone.localtime().replace(second=0,
                                                                         microsecond=0)})
    if request.method == "POST" and form.ran(request):
        return redirect("dogs:call", pk=form.service_result.pk)
    return render(request, "dogs/call_form.html", {"form": form},
                  status=400 if form.errors else 200)


def _call(request, pk: int):
    return get_object_or_404(services.calls_of(readable_town_ids(request.user)), pk=pk)


def _detail(request, call, *, form=None, status: int = 200):
    officer = _is_officer(request.user, call.municipality)
    return render(request, "dogs/call_detail.html", {
        "call": call, "bite": getattr(call, "bite", None),
        "outcome_form": form or (OutcomeForm(initial={"closed_on": timezone.localdate()})
                                 if officer else None),
        "can_work": officer,
    }, status=status)


def _record_outcome(request, pk: int):
    """The outcome form of the call's page; a refusal is shown on its fields, on the page."""
    call = _call(request, pk)
    form = OutcomeForm(request.POST)
    if form.ran(request, call=call):
        return redirect("dogs:call", pk=call.pk)
    call.refresh_from_db()
    return _detail(request, call, form=form, status=400)


@login_required
@with_actions({"outcome": _record_outcome})
@require_GET
def call_detail(request, pk: int):
    """The call's page; its outcome form posts here, naming its action."""
    return _detail(request, _call(request, pk))


def _month(request) -> tuple[MonthForm, dt.date]:
    form = MonthForm(request.GET or None)
    first_day = timezone.localdate().replace(day=1)
    if form.is_valid() and form.cleaned_data["month"]:
        first_day = form.cleaned_data["month"].replace(day=1)
    return form, first_day


@login_required
@require_GET
def monthly_report_page(request):
    """The officer's monthly report of the log: counts by kind and every call."""
    town = records_town(request)
    form, first_day = _month(request)
    return render(request, "dogs/call_report.html", {
        "form": form, "report": services.monthly_report({town.pk}, first_day),
    }, status=400 if form.errors else 200)


@login_required
@require_GET
def monthly_report_csv(request):
    town = records_town(request)
    form, first_day = _month(request)
    if form.errors:
        return HttpResponse(form.errors["month"][0], status=400, content_type="text/plain")
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="calls-{first_day:%Y-%m}.csv"'
    csv.writer(response).writerows(
        services.csv_rows(services.monthly_report({town.pk}, first_day)))
    return response
