"""Vacated property inspected for abandoned animals (North Andover Code ch. 60, Welfare G):
the officer's list with each inspection's last day, a new report and a report's page."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.views.decorators.http import require_GET, require_http_methods

from dogs.models import VacatedPropertyReport
from dogs.officer_records import readable_town_ids, records_town
from dogs.welfare.forms import ACTION_FORMS, ReportForm
from dogs.welfare.services import PENALTY_OFFENSE, PENALTY_SECTION, penalty_grounds
from permits_site.accounts.models import Role
from permits_site.accounts.permissions import has_role, require
from permits_site.exceptions import DomainError
from permits_site.page_actions import each, with_actions

PER_PAGE = 50


def _reports(user):
    return (VacatedPropertyReport.objects.filter(municipality_id__in=readable_town_ids(user))
            .select_related("municipality", "call", "impoundment", "case"))


def _is_officer(user, municipality_id: int) -> bool:
    return has_role(user, municipality_id, Role.ANIMAL_CONTROL_OFFICER)


@login_required
@require_GET
def report_list(request):
    town = records_town(request)
    page = Paginator(_reports(request.user), PER_PAGE).get_page(request.GET.get("page"))
    return render(request, "dogs/vacated_list.html", {
        "page": page, "today": timezone.localdate(),
        "can_work": _is_officer(request.user, town.pk),
    })


@login_required
@require_http_methods(["GET", "POST"])
def report_new(request):
    town = records_town(request)
    require(_is_officer(request.user, town.pk), "record a vacated property",
            [Role.ANIMAL_CONTROL_OFFICER], town=town)
    form = ReportForm(request.POST or None, municipality=town,
                      initial={"known_vacated_on": timezone.localdate()})
    if request.method == "POST" and form.is_valid():
        try:
            report = form.run(acting_user=request.user)
        except DomainError as refused:
            form.add_service_errors(refused.errors)
        else:
            messages.success(request, "Vacated property recorded.")
            return redirect("dogs:vacated_property", pk=report.pk)
    return render(request, "dogs/vacated_form.html", {"form": form},
                  status=400 if form.errors else 200)


def _detail(request, report: VacatedPropertyReport, *, bound=None, status: int = 200):
    today = timezone.localdate()
    forms = {}
    if _is_officer(request.user, report.municipality_id):
        if report.inspected_on is None:
            forms["inspection"] = ACTION_FORMS["inspection"](prefix="inspection",
                                                             initial={"inspected_on": today})
        forms["link"] = ACTION_FORMS["link"](prefix="link")
    if bound is not None:
        forms[bound[0]] = bound[1]
    return render(request, "dogs/vacated_detail.html", {
        "report": report, "forms": forms, "grounds": penalty_grounds(report, today),
        "penalty_offense": PENALTY_OFFENSE, "penalty_section": PENALTY_SECTION,
    }, status=status)


def _act(request, pk: int, action: str):
    """Run one of the report page's forms; a refusal is shown on its fields, on the page."""
    report = get_object_or_404(_reports(request.user), pk=pk)
    form = ACTION_FORMS[action](request.POST, prefix=action)
    if form.ran(request, report=report):
        return redirect("dogs:vacated_property", pk=report.pk)
    report = get_object_or_404(_reports(request.user), pk=pk)
    return _detail(request, report, bound=(action, form), status=400)


@login_required
@with_actions(each(ACTION_FORMS, _act))
@require_GET
def report_detail(request, pk: int):
    """The report's page; each of its forms posts here, naming its action."""
    return _detail(request, get_object_or_404(_reports(request.user), pk=pk))
