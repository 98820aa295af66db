"""The Animal Control Officer's pages of finders' reports (North Andover Code ch. 60,
Impoundment B): every report, open ones first, and each with its follow-up — the request
to turn the animal over (B(1)), the impoundment it came in on, or the citation of a finder
who failed to turn it over (B(2)). The Clerk and admins read them."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.db.models import Case, IntegerField, Value, When
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_GET

from dogs.impoundment.forms import report_action_form
from dogs.impoundment.permissions import (
    IMPOUNDMENT_READER_ROLES,
    SEE_IMPOUNDMENTS,
    can_work_impoundments,
    impoundment_town_ids,
)
from dogs.models import FoundAnimalReport, FoundReportStatus
from permits_site import audit
from permits_site.accounts.permissions import require
from permits_site.page_actions import each, with_actions

PER_PAGE = 50
#: What the officer may do on a report still open.
OPEN_ACTIONS = ("request", "turned_over", "cite", "close")


def _town_ids(request) -> set[int]:
    town_ids = impoundment_town_ids(request.user)
    require(bool(town_ids), SEE_IMPOUNDMENTS, IMPOUNDMENT_READER_ROLES)
    return town_ids


@login_required
def found_reports(request):
    """Every finder's report of the user's towns, open ones first, newest first."""
    reports = (FoundAnimalReport.objects.filter(municipality_id__in=_town_ids(request))
               .select_related("impoundment")
               .annotate(closed=Case(When(status=FoundReportStatus.OPEN, then=Value(0)),
                                     default=Value(1), output_field=IntegerField()))
               .order_by("closed", "-reported_at", "-pk"))
    page = Paginator(reports, PER_PAGE).get_page(request.GET.get("page"))
    return render(request, "dogs/found_reports.html", {"page": page})


def _report(request, pk: int) -> FoundAnimalReport:
    return get_object_or_404(FoundAnimalReport.objects.select_related("impoundment", "case"),
                             pk=pk, municipality_id__in=_town_ids(request))


def _detail(request, report: FoundAnimalReport, *, bound=None, status: int = 200):
    works = (can_work_impoundments(request.user, report.municipality_id)
             and report.status == FoundReportStatus.OPEN)
    forms = {name: report_action_form(name) for name in OPEN_ACTIONS} if works else {}
    if bound is not None:
        forms[bound[0]] = bound[1]
    return render(request, "dogs/found_report.html", {
        "report": report, "forms": forms, "history": audit.history_of(report),
    }, status=status)


def _act(request, pk: int, action: str):
    """Run one of the report page's forms; a refusal is shown on its fields, on the page."""
    report = _report(request, pk)
    form = report_action_form(action, request.POST)
    if form.ran(request, report=report):
        return redirect("dogs:found_report", pk=report.pk)
    report.refresh_from_db()
    return _detail(request, report, bound=(action, form), status=400)


@login_required
@with_actions(each(OPEN_ACTIONS, _act))
@require_GET
def found_report(request, pk: int):
    """The report's page; each of its forms posts here, naming its action."""
    return _detail(request, _report(request, pk))
