"""The pages that move a dated appointment, opened from a row of the staff home or from
the record's own page: a case hearing or an appeal's public hearing continued to a new day,
hour and place, an inspection rescheduled
(:mod:`permits_site.enforcement.services.scheduling`). After the change the person goes back
where they came from (``next``, a path of this site), else to the record — for a hearing,
the page its case type manages its hearings on (``CaseType.hearings_page``)."""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods

from permits_site.enforcement.forms import (
    ContinueHearingForm,
    RequestedInspectionForm,
    RescheduleInspectionForm,
)
from permits_site.enforcement.models import Appeal, Case, CaseHearing, InspectionStatus
from permits_site.enforcement.registry import hearings_page_url
from permits_site.enforcement.services import (
    continue_appeal_hearing,
    continue_case_hearing,
    reschedule_inspection,
    schedule_requested_inspection,
)
from permits_site.enforcement.services.scheduling import hearing_window
from permits_site.enforcement.steps import INSPECTION_STEPS, STEPS, Step
from permits_site.enforcement.views import (
    enforcement_staff_required,
    in_staff_towns,
    visible_inspection,
)
from permits_site.exceptions import DomainError
from permits_site.licensing.models import Application
from permits_site.licensing.templatetags.localised import day_time_and_place
from permits_site.licensing.views.access import get_visible_or_404
from permits_site.links import page_to_return_to
from permits_site.rules.calendar import format_date


def _back(request, default: str):
    return redirect(page_to_return_to(request) or default)


def _continue(request, held: CaseHearing | Appeal, *, case: Case, step: Step,
              continues: Callable[..., CaseHearing | Appeal], done: str, **context):
    """The continuance page of ``held`` (a case hearing, an appeal's public hearing), taken
    by ``step``'s roles: GET, its day, hour and place, those it was set for before and the
    form starting at its own; POST, ``continues`` it, a refusal shown on its field, then
    back to where the person came from, else to where the case's hearings are managed."""
    step.require_on(request.user, case)
    hearings_page = hearings_page_url(case)
    form = ContinueHearingForm(request.POST or None, hearing=held)
    if request.method == "POST" and form.is_valid():
        try:
            moved = continues(acting_user=request.user, **form.cleaned_data)
        except DomainError as error:
            form.add_service_errors(error.errors)
        else:
            messages.success(request, f"{done} {day_time_and_place(moved)}; the notice goes "
                                      "to the parties again.")
            return _back(request, hearings_page)
    return render(request, "enforcement/hearing_continue.html", {
        "hearing": held, "case": case, "form": form, "next": page_to_return_to(request),
        "hearings_page": hearings_page, "continuances": held.continuances.all(), **context,
    }, status=400 if form.errors else 200)


@enforcement_staff_required
@require_http_methods(["GET", "POST"])
def hearing_continue(request, pk: int):
    """GET: the hearing's day, hour and place, its notice, the window its law sets and those
    it was set for before, and the form; POST (the hearing authority): the new day, hour and
    place, refused on its field and changing nothing."""
    hearing = get_visible_or_404(
        CaseHearing.objects.select_related("case__municipality").prefetch_related(
            "continuances__recorded_by"),
        lambda user, found: in_staff_towns(user, found.case), request.user, pk=pk)
    return _continue(
        request, hearing, case=hearing.case, step=STEPS["hearing_continuance"],
        continues=lambda **data: continue_case_hearing(hearing=hearing, **data),
        done="Hearing continued to", heading="Continue the hearing",
        window=hearing_window(hearing))


@enforcement_staff_required
@require_http_methods(["GET", "POST"])
def appeal_hearing_continue(request, pk: int):
    """GET: the appeal's public hearing, its day, hour and place and those it was set for
    before, and the form starting at its own; POST (those who decide the case's appeals):
    the new day, hour and place and why, refused on its field and changing nothing."""
    appeal = get_visible_or_404(
        Appeal.objects.select_related("case__municipality").prefetch_related(
            "continuances__recorded_by"),
        lambda user, found: in_staff_towns(user, found.case), request.user, pk=pk)
    return _continue(
        request, appeal, case=appeal.case, step=STEPS["appeal_hearing"],
        continues=lambda **data: continue_appeal_hearing(appeal=appeal, **data),
        done="Public hearing continued to", heading="Continue the appeal's public hearing",
        appeal=appeal)


@enforcement_staff_required
@require_http_methods(["GET", "POST"])
def inspection_reschedule(request, pk: int):
    """GET: the inspection's day and the form; POST (the town's clerk or inspectors): the
    new day, refused on its field and changing nothing."""
    inspection = visible_inspection(request, pk)
    INSPECTION_STEPS["reschedule"].require(request.user, inspection.municipality_id)
    form = RescheduleInspectionForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            reschedule_inspection(inspection=inspection, acting_user=request.user,
                                  **form.cleaned_data)
        except DomainError as error:
            form.add_service_errors(error.errors)
        else:
            messages.success(request, f"Inspection moved to "
                             f"{format_date(form.cleaned_data['scheduled_for'])}.")
            return _back(request, reverse("enforcement:inspection", args=[inspection.pk]))
    return render(request, "enforcement/inspection_reschedule.html", {
        "inspection": inspection, "form": form, "next": page_to_return_to(request),
        "open": inspection.status == InspectionStatus.SCHEDULED,
    }, status=400 if form.errors else 200)


@enforcement_staff_required
@require_http_methods(["GET", "POST"])
def application_inspection(request, pk: int):
    """GET: the application waiting for its inspection and the form; POST (an inspector of
    the town): the day, assigned to them, refused on its field and changing nothing."""
    application = get_visible_or_404(
        Application.objects.select_related("municipality", "permit_type", "applicant",
                                           "business"),
        in_staff_towns, request.user, pk=pk)
    INSPECTION_STEPS["take"].require(request.user, application.municipality_id)
    form = RequestedInspectionForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            inspection = schedule_requested_inspection(
                application=application, acting_user=request.user, **form.cleaned_data)
        except DomainError as error:
            form.add_service_errors(error.errors)
        else:
            messages.success(request, f"Inspection scheduled for "
                             f"{format_date(inspection.scheduled_for)}.")
            return _back(request, reverse("enforcement:inspection", args=[inspection.pk]))
    return render(request, "enforcement/application_inspection.html", {
        "application": application, "form": form, "next": page_to_return_to(request),
    }, status=400 if form.errors else 200)
