"""Admins' fee schedule screens: what is in force, its history, a new version."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Prefetch
from django.shortcuts import redirect, render
from django.utils import timezone
from django.views.decorators.http import require_http_methods, require_POST

from permits_site.accounts import permissions
from permits_site.exceptions import DomainError
from permits_site.licensing.forms import FeeScheduleVersionForm, WordingForm
from permits_site.licensing.models import FeeSchedule, PermitType
from permits_site.licensing.services.declarations import save_wording_in_other_languages
from permits_site.licensing.services.fees import (
    confirm_fee_schedule,
    correct_fee_schedule_version,
    create_fee_schedule_version,
    retire_fee_schedule,
    schedule_in_force,
    unchangeable_reason,
)
from permits_site.licensing.views import listing
from permits_site.licensing.views.access import get_visible_or_404
from permits_site.rules.calendar import format_date
from permits_site.towns.models import Municipality


def admin_towns(user) -> set[int]:
    """The towns whose fee schedules ``user`` may manage."""
    return permissions.admin_towns(user, doing="manage fee schedules")


def administered_permit_type(user, code: str) -> PermitType:
    """The permit type ``code`` of a town ``user`` administers; not found otherwise."""
    towns = admin_towns(user)
    return get_visible_or_404(
        PermitType.objects.select_related("municipality"),
        lambda viewer, permit_type: permit_type.municipality_id in towns,
        user,
        code=code,
    )


FEE_SCHEDULE_SORTS = {
    "town": listing.Sort("Town, then permit type", ("municipality__name", "name", "pk")),
    "name": listing.Sort("Permit type", ("name", "municipality__name", "pk")),
    "code": listing.Sort("Code", ("code",)),
}


def fee_schedule_spec(municipalities) -> listing.ListSpec:
    return listing.ListSpec(
        sorts=FEE_SCHEDULE_SORTS,
        search_fields=("name", "code", "citation", "authority"),
        search_label="Search permit types",
        filters={
            "town": listing.town_filter(municipalities),
        },
    )


@login_required
def fee_schedules(request):
    """The admin's towns' permit types, 25 a page, each with all its versions, newest first."""
    towns = admin_towns(request.user)
    versions = FeeSchedule.objects.select_related("created_by").prefetch_related("items")
    permit_types = (
        PermitType.objects.filter(municipality_id__in=towns)
        .select_related("municipality")
        .prefetch_related(Prefetch("fee_schedules", queryset=versions))
    )
    municipalities = list(Municipality.objects.filter(pk__in=towns).order_by("name"))
    page = listing.paginate(request, permit_types, fee_schedule_spec(municipalities))
    today = timezone.localdate()
    rows = []
    for permit_type in page.rows:
        schedules = list(permit_type.fee_schedules.all())
        in_force = next(
            (
                schedule
                for schedule in schedules
                if schedule.effective_from <= today and schedule.retired_at is None
            ),
            None,
        )
        scheduled = sorted(
            (schedule for schedule in schedules
             if schedule.effective_from > today and schedule.retired_at is None),
            key=lambda schedule: schedule.effective_from,
        )
        rows.append({"permit_type": permit_type, "in_force": in_force, "versions": schedules,
                     "scheduled": scheduled})
    return render(
        request,
        "licensing/fee_schedules.html",
        {"rows": rows, "today": today, "listing": page, "towns": municipalities},
    )


def _version_answers(form) -> dict:
    """What the fee schedule form answers for a version, new or corrected."""
    return {"effective_from": form.cleaned_data["effective_from"], "amounts": form.amounts(),
            "note": form.cleaned_data["note"], "adoption": form.adoption()}


@login_required
@require_http_methods(["GET", "POST"])
def fee_schedule_new(request, code: str):
    permit_type = administered_permit_type(request.user, code)
    current = schedule_in_force(permit_type, timezone.localdate())
    form = FeeScheduleVersionForm(
        request.POST or None,
        items=current.items.all() if current else [],
        town=permit_type.municipality.code,
        initial={"effective_from": timezone.localdate()},
    )
    if request.method == "POST" and form.is_valid():
        try:
            create_fee_schedule_version(permit_type=permit_type, acting_user=request.user,
                                        **_version_answers(form))
        except DomainError as error:
            form.add_domain_errors(error.errors)
        else:
            messages.success(request, f"New fee schedule saved: {permit_type.name}.")
            return redirect("licensing:fee_schedules")
    return render(
        request,
        "licensing/fee_schedule_form.html",
        {
            "permit_type": permit_type,
            "form": form,
            "current": current,
        },
        status=400 if form.errors else 200,
    )


def administered_version(user, pk: int) -> FeeSchedule:
    """The fee schedule version ``pk`` of a town ``user`` administers; not found otherwise."""
    towns = admin_towns(user)
    return get_visible_or_404(
        FeeSchedule.objects.select_related("permit_type__municipality"),
        lambda viewer, schedule: schedule.permit_type.municipality_id in towns,
        user,
        pk=pk,
    )


@login_required
@require_http_methods(["GET", "POST"])
def fee_schedule_correct(request, pk: int):
    """Correct a version that has not taken effect yet; one that has is refused, saying why."""
    schedule = administered_version(request.user, pk)
    permit_type = schedule.permit_type
    refusal = unchangeable_reason(schedule, today=timezone.localdate())
    if refusal:
        messages.error(request, refusal)
        return redirect("licensing:fee_schedules")
    form = FeeScheduleVersionForm(
        request.POST or None,
        items=schedule.items.all(),
        town=permit_type.municipality.code,
        initial={name: getattr(schedule, name) for name in (
            "effective_from", "note", "notice_given_on", "hearing_held_on", "voted_on",
            "emergency")},
    )
    if request.method == "POST" and form.is_valid():
        try:
            schedule = correct_fee_schedule_version(schedule=schedule, acting_user=request.user,
                                                    **_version_answers(form))
        except DomainError as error:
            form.add_domain_errors(error.errors)
        else:
            messages.success(request, f"Fee schedule corrected: {permit_type.name}, from "
                                      f"{format_date(schedule.effective_from)}.")
            return redirect("licensing:fee_schedules")
    return render(
        request,
        "licensing/fee_schedule_form.html",
        {"permit_type": permit_type, "form": form, "version": schedule},
        status=400 if form.errors else 200,
    )


@login_required
@require_POST
def fee_schedule_withdraw(request, pk: int):
    """Withdraw a version that has not taken effect yet; one that has is refused."""
    schedule = administered_version(request.user, pk)
    try:
        retire_fee_schedule(schedule=schedule, acting_user=request.user)
    except DomainError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, f"Fee schedule withdrawn: {schedule.permit_type.name}, "
                                  f"from {format_date(schedule.effective_from)}.")
    return redirect("licensing:fee_schedules")


@login_required
@require_POST
def fee_schedule_confirm(request, pk: int):
    """The admin confirms the seeded amounts in force as the town's own."""
    towns = admin_towns(request.user)
    schedule = get_visible_or_404(
        FeeSchedule.objects.select_related("permit_type__municipality"),
        lambda user, schedule: schedule.permit_type.municipality_id in towns,
        request.user,
        pk=pk,
    )
    try:
        confirm_fee_schedule(schedule=schedule, acting_user=request.user)
    except DomainError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, f"Fees confirmed: {schedule.permit_type.name}.")
    return redirect("licensing:fee_schedules")


@login_required
@require_http_methods(["GET", "POST"])
def permit_type_wording(request, code: str):
    """The town admin's translations of what they type for a permit type — its name, its
    term, its fee items' descriptions — which residents reading Portuguese or Spanish see
    instead of the English (#26)."""
    permit_type = administered_permit_type(request.user, code)
    current = schedule_in_force(permit_type, timezone.localdate())
    form = WordingForm(request.POST or None, permit_type=permit_type,
                       items=current.items.all() if current else [])
    if request.method == "POST" and form.is_valid():
        save_wording_in_other_languages(permit_type=permit_type, wording=form.wording(),
                                        acting_user=request.user)
        messages.success(request, f"Wording in other languages saved: {permit_type.name}.")
        return redirect("licensing:fee_schedules")
    return render(request, "licensing/permit_type_wording.html",
                  {"permit_type": permit_type, "form": form},
                  status=400 if form.errors else 200)
