"""Pages for stable keepers and the Board of Health office (Northborough Horse and Stable
Regulations): which permit, the stable's record and the office's sign-offs. A stable permit
is applied for, changed, renewed and transferred on the generated form, where the old
addresses lead. Views parse forms and call ``stables.permits.services``; nothing else."""

from __future__ import annotations

from collections.abc import Mapping
from urllib.parse import urlencode

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_POST

from permits_site.accounts import permissions
from permits_site.enforcement.models import Inspection
from permits_site.enforcement.steps import INSPECTION_STEPS
from permits_site.exceptions import DomainError
from permits_site.licensing.declarations import Purpose
from permits_site.licensing.kinds import kind_for
from permits_site.licensing.models import Application, Permit
from permits_site.licensing.questions import PURPOSE_QUESTION
from permits_site.licensing.views.access import get_visible_or_404, office_application_or_404
from permits_site.licensing.views.resident import error_messages
from permits_site.page_actions import with_actions
from stables import periods
from stables import permissions as stable_permissions
from stables.forms import add_refusal
from stables.models import Stable
from stables.permits import services
from stables.permits.forms import (
    ExpansionForm,
    GrandfatheredForm,
    InspectionForm,
    SignOffForm,
)
from stables.permits.kinds import TRANSFER

PERMIT_TYPES = {"private": services.PRIVATE_STABLE, "public": services.PUBLIC_STABLE}


# -- Which permit? (§1.1) -------------------------------------------------------------------


@require_GET
def which_permit(request):
    """§1.1's questions are the town's "Which permit do I need?" for keeping horses now
    (``stables.questions``): the old address leads there, answers included."""
    query = request.GET.copy()
    query.setdefault(PURPOSE_QUESTION, Purpose.KEEP_HORSES.value)
    target = reverse("law:which_permit", args=[periods.MUNICIPALITY])
    return redirect(f"{target}?{query.urlencode()}", permanent=True)


# -- Applying, changing, renewing and transferring: the generated form -----------------------


def _generated_form(code: str, query: str = "") -> str:
    form = reverse("licensing:apply", args=[code])
    return f"{form}?{query}" if query else form


@require_GET
def apply(request, kind: str):
    """The private (§2) or public (§7) stable permit is applied for on the generated form;
    the §1.1 answers of "Which permit?" come along in the address."""
    code = PERMIT_TYPES.get(kind)
    if code is None:
        raise Http404("No such stable permit.")
    return redirect(_generated_form(code, request.GET.urlencode()), permanent=True)


@require_GET
def edit_application(request, pk: int):
    """A stable draft is changed on the generated form, as every draft is."""
    return redirect("licensing:edit", pk=pk, permanent=True)


@login_required
@require_GET
def renew(request, pk: int):
    """A renewal "specifying changes made" (§2.2, §7.1) is the generated renewal form,
    pre-filled from the permit renewed."""
    permit = get_visible_or_404(
        Permit.objects.select_related("permit_type").filter(
            permit_type__code__in=services.STABLE_PERMIT_TYPES),
        lambda user, permit: permit.holder_id == user.pk,
        request.user,
        pk=pk,
    )
    return redirect(kind_for(permit.permit_type.code).renewal_form_url(permit), permanent=True)


@require_GET
def transfer(request):
    """The new owner or occupant takes over a permit in force on the generated form's
    transfer, with both parties' written notices as its documents (§2.4, §7.1)."""
    return redirect(_generated_form(services.PRIVATE_STABLE,
                                    urlencode({"action": TRANSFER})), permanent=True)


# -- A stable's page: permits, expansions, horses, inspections ----------------------------


def _visible_stable(request, pk: int) -> Stable:
    return get_visible_or_404(
        Stable.objects.select_related("keeper", "municipality", "property"),
        stable_permissions.can_view_stable,
        request.user,
        pk=pk,
    )


def _stable_page(request, stable: Stable, *, bound: Mapping[str, forms.Form] | None = None):
    bound = bound or {}
    user = request.user
    permits = list(
        Permit.objects.filter(application__stable_application__stable=stable)
        .select_related("permit_type")
        .order_by("-issued_at")
    )
    today = timezone.localdate()
    current = services.permit_in_force(stable, on=today)
    may_schedule = current is not None and permissions.can_schedule_inspection(
        user, stable.municipality_id
    )
    context = {
        "stable": stable,
        "permits": permits,
        "current": current,
        "today": today,
        "standing": services.expansion_standing(stable),
        "expansions": stable.expansions.select_related("recorded_by"),
        "expansion_form": (
            bound.get("expansion") or ExpansionForm(prefix="expansion")
            if stable_permissions.can_record_expansion(user, stable)
            else None
        ),
        "horses": stable.horses.filter(kept_until__isnull=True).select_related("owner"),
        "inspections": Inspection.objects.filter(permit__in=permits).select_related(
            "inspector"
        ),
        "inspection_form": (
            bound.get("inspection")
            or InspectionForm(
                prefix="inspection", inspectors=services.inspectors(stable.municipality)
            )
            if may_schedule
            else None
        ),
        "is_staff": permissions.is_town_staff(user, stable.municipality_id),
        "burial_notices": stable.burial_notices.all(),
        "bound_forms": [form for form in bound.values() if form.errors],
    }
    return render(
        request, "stables/stable_detail.html", context, status=400 if bound else 200
    )


def _record_expansion(request, pk: int):
    """Record an expansion; 25 % or more since the last permit needs a permit first (§2.1)."""
    stable = _visible_stable(request, pk)
    stable_permissions.require_expansion_recorder(request.user, stable)
    form = ExpansionForm(request.POST, prefix="expansion")
    if form.is_valid():
        try:
            services.record_expansion(
                stable=stable, acting_user=request.user, **form.cleaned_data
            )
        except DomainError as error:
            add_refusal(form, error.errors)
        else:
            messages.success(request, gettext("The expansion is recorded."))
            return redirect("stables:stable", pk=stable.pk)
    return _stable_page(request, stable, bound={"expansion": form})


def _schedule_inspection(request, pk: int):
    """Schedule the §6 sanitary inspection of the stable's permit in force."""
    stable = _visible_stable(request, pk)
    INSPECTION_STEPS["schedule"].require(request.user, stable.municipality_id)
    form = InspectionForm(
        request.POST, prefix="inspection", inspectors=services.inspectors(stable.municipality)
    )
    current = services.permit_in_force(stable, on=timezone.localdate())
    if current is None:
        messages.error(request, "This stable has no permit in force to inspect.")
        return redirect("stables:stable", pk=stable.pk)
    if form.is_valid():
        try:
            services.schedule_sanitary_inspection(
                permit=current, acting_user=request.user, **form.cleaned_data
            )
        except DomainError as error:
            add_refusal(form, error.errors)
        else:
            messages.success(request, "Sanitary inspection scheduled.")
            return redirect("stables:stable", pk=stable.pk)
    return _stable_page(request, stable, bound={"inspection": form})


@login_required
@with_actions({"expansion": _record_expansion, "inspection": _schedule_inspection})
@require_GET
def stable_detail(request, pk: int):
    """The stable's page; its forms post here, naming their action."""
    return _stable_page(request, _visible_stable(request, pk))


# -- The office's sign-offs on the review screen (§2.3, §4.1, §2.5) ----------------------


def _clerk_application(request, pk: int) -> Application:
    """A stable application of the clerk's town, not their own (403, saying why)."""
    application = office_application_or_404(
        Application.objects.select_related("stable_application__stable__property"),
        lambda user, application: permissions.is_clerk(user, application.municipality_id),
        request.user,
        pk=pk,
    )
    if services.stable_details(application) is None:
        raise Http404("Not a stable application.")
    return application


def _sign_off(request, pk: int, record, *, done: str):
    application = _clerk_application(request, pk)
    form = SignOffForm(request.POST)
    if not form.is_valid():
        error_messages(request, DomainError(form.errors))
    else:
        try:
            record(application, form.cleaned_data)
        except DomainError as error:
            error_messages(request, error)
        else:
            messages.success(request, done)
    return redirect("licensing:review", pk=application.pk)


SIGN_OFF_DONE = {
    "zoning": "The zoning certification is recorded (§2.3).",
    "conservation": "The Conservation Commission review is recorded (§4.1).",
}


@login_required
@require_POST
def record_sign_off(request, pk: int, kind: str):
    return _sign_off(
        request,
        pk,
        lambda application, data: services.record_sign_off(
            application=application, kind=kind, on=data["on"], note=data["note"],
            acting_user=request.user,
        ),
        done=SIGN_OFF_DONE[kind],
    )


@login_required
@require_POST
def confirm_grandfathered(request, pk: int):
    application = _clerk_application(request, pk)
    form = GrandfatheredForm(request.POST)
    try:
        if not form.is_valid():
            raise DomainError(form.errors)
        services.confirm_grandfathered(
            application=application,
            note=form.cleaned_data["note"],
            acting_user=request.user,
        )
    except DomainError as error:
        error_messages(request, error)
    else:
        messages.success(request, "The stable is confirmed as grandfathered (§2.5).")
    return redirect("licensing:review", pk=application.pk)
