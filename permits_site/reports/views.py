"""The office's reports page and its CSV exports.

Only staff holding a report role (:data:`permissions.REPORT_ROLES`) in some town get in,
and they see the figures of those towns alone. Filters come from the query string; bad
ones re-show the form with the field's message and a 400, reading no figure.
"""

from __future__ import annotations

import csv
from functools import wraps
from urllib.parse import urlencode

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.utils import timezone
from django.views.decorators.http import require_GET

from permits_site.accounts.permissions import require
from permits_site.reports.forms import ReportFilterForm
from permits_site.reports.permissions import REPORT_ROLES, report_town_ids
from permits_site.reports.sections import SECTIONS


def report_staff_required(view):
    """Staff with a report role somewhere; residents and other staff get a 403."""

    @login_required
    @wraps(view)
    def wrapped(request, *args, **kwargs):
        require(bool(report_town_ids(request.user)), "read the office's reports", REPORT_ROLES)
        return view(request, *args, **kwargs)

    return wrapped


def filter_form(request) -> ReportFilterForm:
    return ReportFilterForm(request.GET, town_ids=report_town_ids(request.user),
                            today=timezone.localdate())


def _invalid(request, form) -> HttpResponse:
    return render(request, "reports/reports.html", {"form": form, "reports": []}, status=400)


@require_GET
@report_staff_required
def reports(request):
    """Every section for the chosen towns, days and permit type."""
    form = filter_form(request)
    if not form.is_valid():
        return _invalid(request, form)
    filters, today = form.filters(), timezone.localdate()
    return render(request, "reports/reports.html", {
        "form": form,
        "query": urlencode(form.data),
        "reports": [(section, section.build(filters, today)) for section in SECTIONS.values()],
    })


@require_GET
@report_staff_required
def export(request, section: str):
    """One section as CSV: a header row, then one row per table row (no total row)."""
    if section not in SECTIONS:
        raise Http404
    form = filter_form(request)
    if not form.is_valid():
        return _invalid(request, form)
    filters = form.filters()
    table = SECTIONS[section].build(filters, timezone.localdate())
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = (
        f'attachment; filename="{section}-{filters.start}-{filters.end}.csv"'
    )
    csv.writer(response).writerows(table.csv_rows())
    return response
