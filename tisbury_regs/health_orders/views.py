"""The Board of Health staff's pages for orders with clocks: quarantines (09.7.3), public
facility corrections (09.4.8), UST notifications (09.4.7) and certified food managers
(09.5.2).

The list shows every open case with its clock; a report form opens each kind of case; the
case page shows the order, its last day on Tisbury's calendar and what is on the party's
record, with the one or two steps the law allows. The core case page keeps the history.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils import timezone
from django.views.decorators.http import require_http_methods

from permits_site.accounts.permissions import (
    CASE_WORKER_ROLES,
    ENFORCEMENT_ROLES,
    can_view_enforcement,
    can_work_case,
    require,
)
from permits_site.enforcement.models import Case, CaseStatus
from permits_site.enforcement.registry import case_type
from permits_site.exceptions import DomainError
from permits_site.licensing.views.access import get_visible_or_404
from permits_site.page_actions import each, with_actions
from tisbury_regs.health_orders import forms, services
from tisbury_regs.health_orders.services import (
    ANIMAL_BITE,
    FOOD_MANAGER,
    FUEL_STORAGE,
    HEALTH_CASE_TYPES,
    PUBLIC_FACILITY,
)
from tisbury_regs.models import tisbury

#: The most open cases the list shows, nearest clock first.
LISTED = 100


@dataclass(frozen=True)
class Report:
    """A report that opens a case: its form, service and words."""

    case_type: str
    form_class: type[forms.PartyOnFileForm]
    service: Callable[..., Case]
    heading: str
    button: str


REPORTS = {
    "bite": Report(ANIMAL_BITE, forms.BiteReportForm, services.record_bite_report,
                   "Record an animal bite report", "Record bite report and quarantine"),
    "facility": Report(PUBLIC_FACILITY, forms.FacilityWarningForm,
                       services.warn_public_facility,
                       "Warn an unsanitary public facility", "Issue warning and order"),
    "tank": Report(FUEL_STORAGE, forms.NewTankForm, services.record_new_tank,
                   "Record a new underground storage tank", "Record tank"),
    "ownership": Report(FOOD_MANAGER, forms.OwnershipChangeForm,
                        services.record_ownership_change,
                        "Record a food establishment's change of ownership",
                        "Record change of ownership"),
}


def _open(case: Case) -> bool:
    return case.status != CaseStatus.CLOSED


def _waiting(case: Case) -> bool:
    order = services.clock_order(case)
    return _open(case) and order is not None and order.complied_on is None


def _past_due(case: Case) -> bool:
    order = services.clock_order(case)
    return _open(case) and order is not None and services.is_past(
        order, on=timezone.localdate())


@dataclass(frozen=True)
class Step:
    """One form of the case page: the case type it belongs to, when it is offered, the
    service it runs. The services refuse what the clock does not allow yet."""

    case_type: str
    form_class: type
    offered: Callable[[Case], bool]
    perform: Callable[[Case, dict[str, Any], Any], object]
    heading: str
    button: str
    done: str


STEPS: dict[str, Step] = {
    "release": Step(ANIMAL_BITE, forms.ReleaseForm, _waiting,
                    lambda case, data, user: services.release_from_quarantine(
                        case=case, acting_user=user, **data),
                    "Release from quarantine", "Record release", "Release recorded."),
    "fine": Step(PUBLIC_FACILITY, forms.ConfirmForm, _waiting,
                 lambda case, data, user: services.fine_public_facility(
                     case=case, acting_user=user),
                 "Fine each day the violation continues", "Write the per-day fine",
                 "Per-day fine written."),
    "corrected": Step(PUBLIC_FACILITY, forms.CorrectionForm, _waiting,
                      lambda case, data, user: services.record_facility_correction(
                          case=case, acting_user=user, **data),
                      "Record the correction", "Record correction", "Correction recorded."),
    "notification": Step(FUEL_STORAGE, forms.NotificationForm, _waiting,
                         lambda case, data, user: services.record_tank_notification(
                             case=case, acting_user=user, **data),
                         "Record the notification", "Record notification",
                         "Notification recorded."),
    "fuel_fine": Step(FUEL_STORAGE, forms.ConfirmForm, _past_due,
                      lambda case, data, user: services.cite_fuel_storage(
                          case=case, acting_user=user),
                      "Fine the late notification", "Write the $200 per-day fine",
                      "Fine written."),
    "certified": Step(FOOD_MANAGER, forms.CertifiedManagerForm, _waiting,
                      lambda case, data, user: services.record_certified_manager(
                          case=case, acting_user=user, **data),
                      "Record the certified manager", "Record certified manager",
                      "Certified manager recorded."),
    "forfeiture": Step(FOOD_MANAGER, forms.ForfeitureForm, _past_due,
                       lambda case, data, user: services.cite_food_manager(
                           case=case, acting_user=user, **data),
                       "Cite operating without a certified manager",
                       "Write the 09.0.7(B) citation", "Citation written."),
}


def _require_staff(user) -> int:
    town = tisbury()
    require(can_view_enforcement(user, town.pk), "see the Board's health orders",
            ENFORCEMENT_ROLES, town=town)
    return town.pk


def _health_cases():
    return Case.objects.filter(case_type__in=HEALTH_CASE_TYPES).select_related(
        "municipality", "party").prefetch_related("orders", "citations__invoice")


@login_required
@require_http_methods(["GET"])
def health_list(request):
    """Open cases with a clock, nearest last day first, each flagged once it has passed."""
    town_id = _require_staff(request.user)
    cases = list(_health_cases().filter(municipality_id=town_id)
                 .exclude(status=CaseStatus.CLOSED).order_by("orders__comply_by", "pk")
                 [:LISTED])
    today = timezone.localdate()
    rows = [(case, case_type(case.case_type), services.clock_order(case),
             _past_due(case)) for case in cases]
    return render(request, "tisbury_regs/health_list.html", {
        "rows": rows, "today": today, "reports": REPORTS,
        "may_report": can_work_case(request.user, town_id)})


@login_required
@require_http_methods(["GET", "POST"])
def health_report(request, kind: str):
    report = REPORTS.get(kind)
    if report is None:
        raise Http404("No such report.")
    town_id = _require_staff(request.user)
    require(can_work_case(request.user, town_id), services.ACT, CASE_WORKER_ROLES, town=town_id)
    form = report.form_class(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            case = report.service(acting_user=request.user,
                                  **forms.service_arguments(form))
        except DomainError as error:
            form.add_service_errors(error.errors)
        else:
            messages.success(request, f"{case_type(case.case_type).name}: case #{case.pk} "
                                      "opened.")
            return redirect("tisbury_regs:health_case", pk=case.pk)
    return render(request, "tisbury_regs/health_report.html", {
        "form": form, "report": report, "kind": kind}, status=400 if form.errors else 200)


def _visible_case(request, pk: int) -> Case:
    return get_visible_or_404(_health_cases(), lambda user, case: can_view_enforcement(
        user, case.municipality_id), request.user, pk=pk)


def render_case(request, case: Case, *, bound: dict | None = None):
    bound = bound or {}
    steps = {}
    if can_work_case(request.user, case.municipality_id):
        steps = {name: (step, bound.get(name) or step.form_class(case=case, prefix=name))
                 for name, step in STEPS.items()
                 if step.case_type == case.case_type and step.offered(case)}
    today = timezone.localdate()
    order = services.clock_order(case)
    failed = next(iter(bound.values()), None)
    return render(request, "tisbury_regs/health_case.html", {
        "case": case, "case_type": case_type(case.case_type), "order": order,
        "clock": services.period(services.CLOCKS[case.case_type]),
        "past_due": services.is_past(order, on=today) if order else False,
        "citations": case.citations.all(), "steps": steps, "today": today,
        "failed_form": failed if failed is not None and failed.errors else None,
    }, status=400 if bound else 200)


def _act(request, pk: int, action: str):
    """Run one step of the case page; a refusal is shown on its fields, on the page."""
    step = STEPS[action]
    case = _visible_case(request, pk)
    if step.case_type != case.case_type:
        raise Http404("No such step.")
    require(can_work_case(request.user, case.municipality_id), services.ACT, CASE_WORKER_ROLES,
            town=case.municipality_id)
    form = step.form_class(request.POST, case=case, prefix=action)
    if form.is_valid():
        try:
            step.perform(case, form.cleaned_data, request.user)
        except DomainError as error:
            form.add_service_errors(error.errors)
        else:
            messages.success(request, step.done)
            return redirect("tisbury_regs:health_case", pk=pk)
    return render_case(request, case, bound={action: form})


@login_required
@with_actions(each(STEPS, _act))
@require_http_methods(["GET"])
def health_case(request, pk: int):
    """The case's page; each of its steps posts here, naming its action."""
    return render_case(request, _visible_case(request, pk))
