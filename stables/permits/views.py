"""Pages for stable keepers and the Board of Health office (Northborough Horse and Stable
Regulations): applying for, renewing and transferring a stable permit, the stable's record,
and the office's sign-offs. Views parse forms and call ``stables.permits.services``; nothing
else."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from permits_site.accounts import permissions
from permits_site.enforcement.models import Inspection
from permits_site.exceptions import DomainError
from permits_site.licensing.declarations import Purpose
from permits_site.licensing.fact_forms import NO, YES
from permits_site.licensing.models import Application, Permit, PermitType
from permits_site.licensing.pending_uploads import KeptUploads
from permits_site.licensing.questions import PURPOSE_QUESTION
from permits_site.licensing.services.fees import quote_fee, schedule_in_force
from permits_site.licensing.views.access import get_visible_or_404
from permits_site.licensing.views.law import OUTCOME_LABELS, OutcomeLabel
from permits_site.licensing.views.resident import error_messages
from permits_site.rules.base import Finding, Outcome
from permits_site.rules.fees import QuoteRefused
from permits_site.rules.registry import get_rule_set
from stables import periods
from stables import permissions as stable_permissions
from stables.facts import OFFICE_RULES, office_facts
from stables.models import PLAN_ITEMS, Stable
from stables.permits import services
from stables.permits.forms import (
    ExpansionForm,
    GrandfatheredForm,
    InspectionForm,
    PlanItemsForm,
    SignOffForm,
    StablePlansForm,
    StableSiteForm,
    TransferForm,
    WhichPermitForm,
    stable_facts_form,
)
from stables.permits.kinds import PLOT_PLAN, STABLE_PLAN, TRANSFEREE_NOTICE, TRANSFEROR_NOTICE

PERMIT_TYPES = {"private": services.PRIVATE_STABLE, "public": services.PUBLIC_STABLE}
WAITING_ON_THE_OFFICE = OutcomeLabel("…", "Recorded by the Board of Health office")


# -- Several forms on one page ------------------------------------------------------------


@dataclass
class PageForms:
    """The forms of one page, validated together; a service's refusal lands on the form
    that has the field it names."""

    by_name: dict[str, forms.Form] = field(default_factory=dict)

    def __getitem__(self, name: str) -> forms.Form:
        return self.by_name[name]

    def all_valid(self) -> bool:
        return all([form.is_valid() for form in self.by_name.values()])

    def add_domain_errors(self, errors: Mapping[str, list[str]]) -> None:
        for name, texts in errors.items():
            form = next(
                (form for form in self.by_name.values() if name in form.fields),
                next(iter(self.by_name.values())),
            )
            for text in texts:
                form.add_error(name if name in form.fields else None, text)

    @property
    def with_errors(self) -> list[forms.Form]:
        return [form for form in self.by_name.values() if form.is_bound and form.errors]


def _plans(plans: StablePlansForm) -> dict[str, Any]:
    """The plans chosen on the page, by document kind."""
    return {PLOT_PLAN: plans.cleaned_data.get("plot_plan"),
            STABLE_PLAN: plans.cleaned_data.get("stable_plan")}


def _facts_initial(facts: Mapping[str, Any]) -> dict[str, Any]:
    """Stored answers as the form's initial values (yes/no radios for booleans)."""
    return {
        name: (YES if value else NO) if isinstance(value, bool) else value
        for name, value in facts.items()
    }


def _fee_items(permit_type: PermitType):
    schedule = schedule_in_force(permit_type, timezone.localdate())
    return schedule.items.all() if schedule else []


# -- Which permit? (§1.1) -------------------------------------------------------------------


@require_GET
def which_permit(request):
    """§1.1's questions are the town's "Which permit do I need?" for keeping horses now
    (``stables.questions``): the old address leads there, answers included."""
    query = request.GET.copy()
    query.setdefault(PURPOSE_QUESTION, Purpose.KEEP_HORSES.value)
    target = reverse("law:which_permit", args=[periods.MUNICIPALITY])
    return redirect(f"{target}?{query.urlencode()}", permanent=True)


def _routing_initial(query) -> dict[str, Any]:
    """The §1.1 answers carried from "Which permit?" into the application's questions."""
    routing = WhichPermitForm(query)
    if not routing.is_valid():
        return {}
    return _facts_initial(routing.cleaned_data)


# -- Applying, editing, renewing ---------------------------------------------------------------


def _permit_type_or_404(kind: str) -> PermitType:
    code = PERMIT_TYPES.get(kind)
    if code is None:
        raise Http404("No such stable permit.")
    return PermitType.objects.select_related("municipality").get(code=code)


def _render_application_form(request, page: PageForms, *, permit_type, action, **context):
    return render(
        request,
        "stables/apply.html",
        {
            "page": page,
            "permit_type": permit_type,
            "kind": "public" if permit_type.code == services.PUBLIC_STABLE else "private",
            "action": action,
            "fee_items": _fee_items(permit_type),
            **context,
        },
        status=400 if request.method == "POST" else 200,
    )


@login_required
@require_http_methods(["GET", "POST"])
def apply(request, kind: str):
    """A new private (§2) or public (§7) stable permit: the stable, the §2.2 items, the rule
    set's questions and the two plans; then the shared application page to submit."""
    permit_type = _permit_type_or_404(kind)
    uploads = KeptUploads(request, page=f"stables.apply.{kind}")
    data, files = request.POST or None, uploads.files()
    page = PageForms(
        {
            "site": StableSiteForm(data, keeper=request.user),
            "items": PlanItemsForm(data),
            "facts": stable_facts_form(permit_type.code)(
                data, initial=_routing_initial(request.GET)
            ),
            "plans": StablePlansForm(data, files),
        }
    )
    if request.method == "POST" and page.all_valid():
        site = page["site"].cleaned_data
        try:
            application = services.apply_for_stable_permit(
                applicant=request.user,
                permit_type_code=permit_type.code,
                site=site["stable"].property if site.get("stable") else None,
                address=site["address"],
                parcel=site["parcel"],
                occupancy=site["occupancy"],
                items=page["items"].cleaned_data,
                facts=page["facts"].facts,
                documents=_plans(page["plans"]),
                acting_user=request.user,
            )
        except DomainError as error:
            page.add_domain_errors(error.errors)
        else:
            uploads.discard()
            messages.success(request, "Draft saved. Check the fee and the findings, then submit.")
            return redirect("licensing:application", pk=application.pk)
    uploads.keep(page["plans"])
    return _render_application_form(request, page, permit_type=permit_type, action="new",
                                    kept_uploads=uploads)


def _own_stable_draft(request, pk: int) -> Application:
    application = get_visible_or_404(
        Application.objects.select_related(
            "permit_type", "stable_application__stable__property"
        ),
        permissions.can_edit_application,
        request.user,
        pk=pk,
    )
    if services.stable_details(application) is None or application.action == "transfer":
        raise Http404("No answers to change on this application.")
    return application


@login_required
@require_http_methods(["GET", "POST"])
def edit_application(request, pk: int):
    """Change a draft's items and answers, and add plans (after the office asks for changes)."""
    application = _own_stable_draft(request, pk)
    details = application.stable_application
    renewal = application.action == "renewal"
    uploads = KeptUploads(request, page=f"stables.edit.{pk}")
    data, files = request.POST or None, uploads.files()
    items_initial = {name: getattr(details, name) for name in PLAN_ITEMS}
    items_initial["changes_made"] = details.changes_made
    page = PageForms(
        {
            "items": PlanItemsForm(data, renewal=renewal, initial=items_initial),
            "facts": stable_facts_form(application.permit_type.code)(
                data, initial=_facts_initial(application.facts)
            ),
            "plans": StablePlansForm(data, files, required=False),
        }
    )
    if request.method == "POST" and page.all_valid():
        try:
            services.update_stable_draft(
                application=application,
                items=page["items"].cleaned_data,
                facts=page["facts"].facts,
                documents=_plans(page["plans"]),
                acting_user=request.user,
            )
        except DomainError as error:
            page.add_domain_errors(error.errors)
        else:
            uploads.discard()
            messages.success(request, "Your changes are saved.")
            return redirect("licensing:application", pk=application.pk)
    uploads.keep(page["plans"])
    return _render_application_form(
        request,
        page,
        permit_type=application.permit_type,
        action=application.action,
        stable=details.stable,
        editing=application,
        kept_uploads=uploads,
    )


def _own_stable_permit(request, pk: int) -> Permit:
    return get_visible_or_404(
        Permit.objects.select_related(
            "permit_type", "application__stable_application__stable__property"
        ).filter(
            permit_type__code__in=services.STABLE_PERMIT_TYPES,
            application__stable_application__isnull=False,
        ),
        lambda user, permit: permit.holder_id == user.pk,
        request.user,
        pk=pk,
    )


@login_required
@require_http_methods(["GET", "POST"])
def renew(request, pk: int):
    """Renew a stable permit, "specifying changes made" ($40 private, $200 public; §2.2, §7.1)."""
    permit = _own_stable_permit(request, pk)
    previous = permit.application.stable_application
    uploads = KeptUploads(request, page=f"stables.renew.{pk}")
    data, files = request.POST or None, uploads.files()
    page = PageForms(
        {
            "items": PlanItemsForm(
                data,
                renewal=True,
                initial={name: getattr(previous, name) for name in PLAN_ITEMS},
            ),
            "facts": stable_facts_form(permit.permit_type.code)(
                data, initial=_facts_initial(permit.application.facts)
            ),
            "plans": StablePlansForm(data, files),
        }
    )
    if request.method == "POST" and page.all_valid():
        try:
            application = services.renew_stable_permit(
                applicant=request.user,
                permit=permit,
                items=page["items"].cleaned_data,
                facts=page["facts"].facts,
                documents=_plans(page["plans"]),
                acting_user=request.user,
            )
        except DomainError as error:
            page.add_domain_errors(error.errors)
        else:
            uploads.discard()
            messages.success(request, "Renewal draft saved. Check the fee, then submit.")
            return redirect("licensing:application", pk=application.pk)
    uploads.keep(page["plans"])
    return _render_application_form(
        request,
        page,
        permit_type=permit.permit_type,
        action="renewal",
        stable=previous.stable,
        renewing=permit,
        kept_uploads=uploads,
    )


@dataclass(frozen=True)
class PreviewOutcome:
    """One rule's outcome on the live preview; the office's rules wait on the office."""

    finding: Finding
    summary: str

    @property
    def waits_on_the_office(self) -> bool:
        return self.finding.failed and self.finding.rule in OFFICE_RULES

    @property
    def label(self) -> OutcomeLabel:
        if self.waits_on_the_office:
            return WAITING_ON_THE_OFFICE
        return OUTCOME_LABELS[self.finding.outcome]

    @property
    def css_outcome(self) -> str:
        return Outcome.NEEDS_REVIEW if self.waits_on_the_office else self.finding.outcome


@login_required
@require_GET
def rules_preview(request, kind: str):
    """Each rule's outcome for the answers so far, and the fee (htmx fragment).

    The zoning certification and the Conservation Commission review are the office's to
    record (§2.3, §4.1): until then those rules wait on the office, not on the applicant.
    """
    permit_type = _permit_type_or_404(kind)
    form = stable_facts_form(permit_type.code)(request.GET)
    outcomes = []
    if form.is_valid():
        rule_set = get_rule_set(permit_type.code)
        result = rule_set.evaluate(
            {**form.facts, **office_facts(None)},
            on=timezone.localdate(),
            calendar=permit_type.municipality.calendar(),
        )
        summaries = {rule.id: rule.summary for rule in rule_set.rules}
        outcomes = [
            PreviewOutcome(finding, summaries[finding.rule]) for finding in result.findings
        ]
    return render(
        request,
        "stables/rules_preview.html",
        {
            "outcomes": outcomes,
            "failed": sum(
                outcome.finding.failed and not outcome.waits_on_the_office
                for outcome in outcomes
            ),
            "unanswered": 0 if outcomes else len(form.errors),
            "quote": _quote(permit_type, request.GET.get("action", "new")),
        },
    )


def _quote(permit_type: PermitType, action: str):
    try:
        quote, _ = quote_fee(
            permit_type=permit_type, action=action, facts={}, on=timezone.localdate()
        )
    except QuoteRefused:
        return None
    return quote


# -- Transfer (§2.4) ------------------------------------------------------------------------


@login_required
@require_http_methods(["GET", "POST"])
def transfer(request):
    """The new owner or occupant takes over a stable permit in force, with both parties'
    written notices ($20 private, $100 public; §2.4, §7.1)."""
    uploads = KeptUploads(request, page="stables.transfer")
    form = TransferForm(request.POST or None, uploads.files())
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            application = services.transfer_stable_permit(
                applicant=request.user,
                permit_number=data["permit_number"],
                address=data["address"],
                occupancy=data["occupancy"],
                documents={TRANSFEROR_NOTICE: data["transferor_notice"],
                           TRANSFEREE_NOTICE: data["transferee_notice"]},
                acting_user=request.user,
            )
        except DomainError as error:
            PageForms({"transfer": form}).add_domain_errors(error.errors)
        else:
            uploads.discard()
            messages.success(request, "Transfer draft saved. Check the fee, then submit.")
            return redirect("licensing:application", pk=application.pk)
    uploads.keep(form)
    return render(
        request,
        "stables/transfer.html",
        {"form": form, "kept_uploads": uploads},
        status=400 if request.method == "POST" else 200,
    )


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


@login_required
@require_GET
def stable_detail(request, pk: int):
    return _stable_page(request, _visible_stable(request, pk))


@login_required
@require_POST
def record_expansion(request, pk: int):
    """Record an expansion; 25 % or more since the last permit needs a permit first (§2.1)."""
    stable = _visible_stable(request, pk)
    if not stable_permissions.can_record_expansion(request.user, stable):
        raise PermissionDenied
    form = ExpansionForm(request.POST, prefix="expansion")
    if form.is_valid():
        try:
            services.record_expansion(
                stable=stable, acting_user=request.user, **form.cleaned_data
            )
        except DomainError as error:
            PageForms({"expansion": form}).add_domain_errors(error.errors)
        else:
            messages.success(request, "The expansion is recorded.")
            return redirect("stables:stable", pk=stable.pk)
    return _stable_page(request, stable, bound={"expansion": form})


@login_required
@require_POST
def schedule_inspection(request, pk: int):
    """Schedule the §6 sanitary inspection of the stable's permit in force."""
    stable = _visible_stable(request, pk)
    if not permissions.can_schedule_inspection(request.user, stable.municipality_id):
        raise PermissionDenied
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
            PageForms({"inspection": form}).add_domain_errors(error.errors)
        else:
            messages.success(request, "Sanitary inspection scheduled.")
            return redirect("stables:stable", pk=stable.pk)
    return _stable_page(request, stable, bound={"inspection": form})


# -- The office's sign-offs on the review screen (§2.3, §4.1, §2.5) ----------------------


def _clerk_application(request, pk: int) -> Application:
    application = get_visible_or_404(
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
            stable=application.stable_application.stable,
            note=form.cleaned_data["note"],
            acting_user=request.user,
        )
    except DomainError as error:
        error_messages(request, error)
    else:
        messages.success(request, "The stable is confirmed as grandfathered (§2.5).")
    return redirect("licensing:review", pk=application.pk)
