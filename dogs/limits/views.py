"""The Animal Control Officer's residence limits and noise complaint pages (Code ch. 60,
Limits A–E; Restraint C).

The core case page keeps the complaint, orders, citations and history; these pages add
the counts and complaints with their findings, and the forms of :mod:`dogs.limits.forms`. A
refusal is shown on the field it names. Staff of another town get a 404.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils import timezone
from django.views.decorators.http import require_http_methods

from dogs.limits import forms, services
from dogs.models import Dog
from dogs.periods import MUNICIPALITY
from permits_site.accounts.permissions import can_view_enforcement, has_role, require
from permits_site.enforcement.models import Case, CaseStatus
from permits_site.enforcement.registry import case_type
from permits_site.exceptions import DomainError
from permits_site.licensing.views.access import get_visible_or_404
from permits_site.page_actions import each, with_actions
from permits_site.parties.services import find_or_create_property
from permits_site.towns.models import Municipality


def _visible_case(request, pk: int, *case_types: str) -> Case:
    queryset = Case.objects.filter(case_type__in=case_types).select_related(
        "municipality").prefetch_related("orders", "citations")
    return get_visible_or_404(queryset, lambda user, case: can_view_enforcement(
        user, case.municipality_id), request.user, pk=pk)


@dataclass(frozen=True)
class Action:
    """One form of a page: when it is offered and the service it runs."""

    form_class: type
    shown: Callable[[Case], bool]
    perform: Callable[[Case, dict[str, Any], Any], object]
    done: str


def _open(case: Case) -> bool:
    return case.status != CaseStatus.CLOSED


def _waiting_order(case: Case) -> bool:
    return any(order.complied_on is None for order in case.orders.all())


LIMIT_ACTIONS: dict[str, Action] = {
    "recount": Action(
        forms.RecountForm, _open,
        lambda case, data, user: services.record_animal_count(case=case, acting_user=user, **data),
        "Count recorded."),
    "cite": Action(
        forms.CiteForm, lambda case: _open(case) and services.over_limits(case),
        lambda case, data, user: services.cite_animal_limit(case=case, acting_user=user),
        "Citation written."),
    "additional": Action(
        forms.AdditionalLimitsForm, _open,
        lambda case, data, user: services.impose_additional_limits(case=case, acting_user=user,
                                                                   **data),
        "Additional limits set."),
    "rehome": Action(
        forms.RehomingOrderForm,
        lambda case: _open(case) and services.over_limits(case) and not _waiting_order(case),
        lambda case, data, user: services.order_rehoming(case=case, acting_user=user, **data),
        "Re-homing order issued."),
    "rehomed": Action(
        forms.RehomedForm, lambda case: _open(case) and _waiting_order(case),
        lambda case, data, user: services.record_rehoming(acting_user=user, **data),
        "Compliance recorded."),
}

NOISE_ACTIONS: dict[str, Action] = {
    "complaint": Action(
        forms.NoiseComplaintForm, _open,
        lambda case, data, user: services.record_noise_complaint(case=case, acting_user=user,
                                                               **data),
        "Noise complaint recorded."),
    "cite": Action(
        forms.CiteForm,
        lambda case: _open(case) and services.noise_violation_found(case) and bool(
            case_type(case.case_type).offenses),
        lambda case, data, user: services.cite_nuisance_noise(case=case, acting_user=user),
        "Citation written."),
}


def _forms(request, case: Case, actions: dict[str, Action], bound: dict) -> dict:
    if not has_role(request.user, case.municipality_id, *services.LIMIT_OFFICERS):
        return {}
    return {name: bound.get(name) or action.form_class(case=case, prefix=name)
            for name, action in actions.items() if action.shown(case)}


def page_context(request, case: Case, actions: dict[str, Action], bound: dict) -> dict:
    """What every officer's case page shows: the case, its type and the actions' forms."""
    return {"case": case, "case_type": case_type(case.case_type),
            "forms": _forms(request, case, actions, bound),
            "failed_form": next((form for form in bound.values() if form.errors), None),
            "today": timezone.localdate()}


def render_limits(request, case: Case, *, bound: dict | None = None):
    """The case's counts and limits and the officer's forms; 400 when a posted form was
    refused."""
    dogs = Dog.objects.filter(pk__in=(services.latest_count(case) or {}).get("facts", {}).get(
        "dogs_on_record", [])).select_related("owner")
    return render(request, "dogs/limit_case.html", {
        **page_context(request, case, LIMIT_ACTIONS, bound or {}),
        "counts": list(reversed(case.findings.get("counts", []))),
        "dogs": dogs,
        "order": services.rehoming_order(case),
        "additional_limits": services.additional_limits(case),
    }, status=400 if bound else 200)


def render_noise(request, case: Case, *, bound: dict | None = None):
    """The case's complaints with their findings and the officer's forms; 400 when a posted
    form was refused."""
    return render(request, "dogs/limit_noise.html", {
        **page_context(request, case, NOISE_ACTIONS, bound or {}),
        "complaints": list(reversed(services.noise_complaints(case))),
    }, status=400 if bound else 200)


def run_action(request, case: Case, action: str, actions: dict[str, Action], *, render_page,
               page: str):
    """Run one of the page's ``actions`` posted by the officer: its form, then its service;
    a refusal re-renders the page (``render_page``) with the form that failed."""
    spec = actions.get(action)
    if spec is None or not spec.shown(case):
        raise Http404("No such action.")
    require(has_role(request.user, case.municipality_id, *services.LIMIT_OFFICERS),
            "act on residence limits and noise complaints", services.LIMIT_OFFICERS,
            town=case.municipality_id)
    form = spec.form_class(request.POST, case=case, prefix=action)
    if form.is_valid():
        try:
            spec.perform(case, form.cleaned_data, request.user)
        except DomainError as error:
            form.add_service_errors(error.errors)
        else:
            messages.success(request, spec.done)
            return redirect(page, pk=case.pk)
    return render_page(request, case, bound={action: form})


def _limits_action(request, pk: int, action: str):
    case = _visible_case(request, pk, services.RESIDENCE_LIMITS_CASE)
    return run_action(request, case, action, LIMIT_ACTIONS, render_page=render_limits,
                      page="dogs:limits_case")


def _noise_action(request, pk: int, action: str):
    case = _visible_case(request, pk, *services.NOISE_CASE_TYPES)
    return run_action(request, case, action, NOISE_ACTIONS, render_page=render_noise,
                      page="dogs:noise_case")


@login_required
@with_actions(each(LIMIT_ACTIONS, _limits_action))
@require_http_methods(["GET"])
def limits_case(request, pk: int):
    """The residence limits case's page; each of its forms posts here, naming its action."""
    return render_limits(request, _visible_case(request, pk, services.RESIDENCE_LIMITS_CASE))


@login_required
@with_actions(each(NOISE_ACTIONS, _noise_action))
@require_http_methods(["GET"])
def noise_case(request, pk: int):
    """The noise complaint case's page; each of its forms posts here, naming its action."""
    return render_noise(request, _visible_case(request, pk, *services.NOISE_CASE_TYPES))


def officer_town(request) -> Municipality:
    town = Municipality.objects.get(code=MUNICIPALITY)
    if not has_role(request.user, town.pk, *services.LIMIT_OFFICERS):
        raise Http404("No such page.")
    return town


@login_required
@require_http_methods(["GET", "POST"])
def limits_new(request):
    """Open a residence limits case on a residential property with the first count."""
    town = officer_town(request)
    form = forms.OpenLimitsCaseForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            with transaction.atomic():
                residence, _created = find_or_create_property(
                    municipality=town, address=data["address"], acting_user=request.user)
                case = services.open_limits_case(
                    residence=residence, party=data["party_email"],
                    party_name=data["party_name"], complaint=data["complaint"],
                    complainant=data["complainant"], received_on=data["received_on"],
                    counts=data["counts"], acting_user=request.user)
        except DomainError as error:
            form.add_service_errors(error.errors)
        else:
            messages.success(request, f"Case #{case.pk} opened.")
            return redirect("dogs:limits_case", pk=case.pk)
    return render(request, "dogs/limit_new.html", {"form": form})
