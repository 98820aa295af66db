"""The clerk's screens: the queue of applications and the review of one."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.contenttypes.models import ContentType
from django.db.models import Prefetch, Q
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.views.decorators.http import require_GET, require_POST

from permits_site.accounts import permissions
from permits_site.accounts.models import Role
from permits_site.accounts.permissions import REVIEWER_ROLES
from permits_site.audit.models import AuditEntry
from permits_site.exceptions import DomainError
from permits_site.licensing import transitions
from permits_site.licensing.forms import PaymentForm, ReasonForm
from permits_site.licensing.kinds import applied_for, kind_for
from permits_site.licensing.models import (
    OPEN_STATUSES,
    Application,
    ApplicationStatus,
    Document,
    Invoice,
    Permit,
    PermitHearing,
    PermitHearingContinuance,
    PermitType,
    Variance,
    VarianceSignature,
    VarianceStatus,
)
from permits_site.licensing.page_registry import queue_links
from permits_site.licensing.relief import unvaried_failures
from permits_site.licensing.review_forms import (
    DeterminationForm,
    HearingContinuanceForm,
    HearingDecisionForm,
    HearingMailingForm,
    HearingScheduleForm,
    VarianceApprovalForm,
    VarianceDenialForm,
    VarianceRequestForm,
)
from permits_site.licensing.services import applications as application_services
from permits_site.licensing.services import hearings as hearing_services
from permits_site.licensing.services import variances as variance_services
from permits_site.licensing.services.applications import NOT_JUDGED, ReviewDecision
from permits_site.licensing.services.documents import review_document
from permits_site.licensing.services.gates import latest_determinations
from permits_site.licensing.services.payments import record_payment
from permits_site.licensing.services.permits import approve_and_issue, year_end_notice
from permits_site.licensing.templatetags.localised import day_time_and_place
from permits_site.licensing.views import listing
from permits_site.licensing.views.access import get_visible_or_404
from permits_site.licensing.views.relief import may_ask
from permits_site.licensing.views.resident import (
    application_context,
    applications_with_details,
    error_messages,
)
from permits_site.page_actions import posted_number, with_actions
from permits_site.pdf.variances import render_variance_notice_pdf
from permits_site.rules.base import CheckResult
from permits_site.rules.registry import get_check
from permits_site.towns.models import Municipality

DECIDED_STATUSES = (ApplicationStatus.ISSUED, ApplicationStatus.DENIED,
                    ApplicationStatus.WITHDRAWN)
#: The queue's status filter: the open applications by default; a decided application
#: (issued, denied, withdrawn) is found by choosing its status or "All statuses".
QUEUE_FILTERS = {
    "open": ("Open", OPEN_STATUSES),
    **{status.value: (status.label, (status,)) for status in (*OPEN_STATUSES,
                                                            *DECIDED_STATUSES)},
    "all": ("All statuses", (*OPEN_STATUSES, *DECIDED_STATUSES)),
}


def reviewer_required(view):
    """Only clerks and Board members reach the review screens (DESIGN roles)."""

    @login_required
    def wrapped(request, *args, **kwargs):
        if not permissions.municipality_ids_with(request.user, *REVIEWER_ROLES):
            raise permissions.Refused("review applications", REVIEWER_ROLES)
        return view(request, *args, **kwargs)

    wrapped.__name__ = view.__name__
    wrapped.__doc__ = view.__doc__
    return wrapped


QUEUE_SORTS = {
    "submitted": listing.Sort("Oldest first", ("submitted_on", "pk")),
    "-submitted": listing.Sort("Newest first", ("-submitted_on", "-pk")),
    "applicant": listing.Sort(
        "Applicant", ("applicant__last_name", "applicant__first_name", "applicant__username", "pk")
    ),
    "permit_type": listing.Sort("Permit type", ("permit_type__name", "submitted_on", "pk")),
    "town": listing.Sort("Town", ("municipality__name", "submitted_on", "pk")),
}
QUEUE_SEARCH = (
    "applicant__first_name",
    "applicant__last_name",
    "applicant__username",
    "applicant__email",
    "business__legal_name",
    "business__dba",
    "place__address",
)


def queue_spec(towns) -> listing.ListSpec:
    """The queue's parameters: status, town and permit type among the reviewer's towns."""
    municipalities = Municipality.objects.filter(pk__in=towns).order_by("name")
    permit_types = applied_for(PermitType.objects.filter(municipality_id__in=towns)
                               ).order_by("name", "pk")
    return listing.ListSpec(
        sorts=QUEUE_SORTS,
        search_fields=QUEUE_SEARCH,
        search_label="Search applicant, business or address",
        filters={
            "status": listing.Filter(
                "Status",
                {
                    name: (label, Q(status__in=statuses))
                    for name, (label, statuses) in QUEUE_FILTERS.items()
                },
                default="open",
            ),
            "town": listing.town_filter(municipalities),
            "permit_type": listing.Filter(
                "Permit type",
                {pt.code: (pt.name, Q(permit_type_id=pt.pk)) for pt in permit_types},
                all_label="All types",
            ),
        },
    )


@reviewer_required
@require_GET
def queue(request):
    """Applications waiting in the reviewer's towns, 25 a page; a fixed number of queries."""
    towns = permissions.municipality_ids_with(request.user, *REVIEWER_ROLES)
    page = listing.paginate(
        request, applications_with_details().filter(municipality_id__in=towns), queue_spec(towns)
    )
    rows = [
        {
            "application": application,
            "description": kind_for(application.permit_type.code).describe(application),
            "invoice": application_services.current_invoice(application),
        }
        for application in page.rows
    ]
    return render(
        request,
        "licensing/queue.html",
        {
            "rows": rows,
            "listing": page,
            "selected": page.selected["status"],
            "filters": list(QUEUE_FILTERS),
            "register_links": queue_links(request.user),
        },
    )


def reviewable(request, pk: int) -> Application:
    return get_visible_or_404(
        applications_with_details(),
        lambda user, application: permissions.can_review(user, application.municipality_id),
        request.user,
        pk=pk,
    )


def clerks_application(request, pk: int) -> Application:
    """An application only the town's clerks act on (issue, payment, citation)."""
    application = reviewable(request, pk)
    if not permissions.is_clerk(request.user, application.municipality_id):
        raise permissions.Refused("issue licenses, record payments and record penalties",
                                  [Role.CLERK], town=application.municipality_id)
    return application


#: The actions the review screen's Decision section offers, of those the reviewer may take
#: (``permissions.permitted_actions``: any reviewer starts, sends back or denies; only the
#: town's clerk approves and issues the license).
DECISION_ACTIONS = ("start_review", "approve_and_issue", "request_changes", "deny")


def review_context(
    request, application: Application, *, bound: Mapping[str, forms.Form] | None = None,
    result: CheckResult | None | object = NOT_JUDGED,
) -> dict:
    """The review screen; ``bound`` holds a refused form, by prefix, to show with its errors;
    ``result`` the application as the request judged it already, if it did."""
    bound = bound or {}
    kind = kind_for(application.permit_type.code)
    context = application_context(application, upload_form=None, user=request.user,
                                  result=result)
    variances = list(
        application.variances.select_related("requested_by").prefetch_related(
            Prefetch(
                "signatures", queryset=VarianceSignature.objects.select_related("board_member")
            )
        )
    )
    hearings = list(application.hearings.prefetch_related(
        "abutters", Prefetch("continuances", queryset=PermitHearingContinuance.objects
                             .select_related("recorded_by"))))
    panel = kind.review_context(application, request.user) if kind.review_panel else {}
    decisions = [action for action in context["allowed_actions"] if action in DECISION_ACTIONS]
    own_application = permissions.own_application_refusal(request.user, application)
    return {
        **context,
        "payment_form": PaymentForm(initial={"amount": _balance(application)}),
        "reason_form": ReasonForm(),
        "history": review_history(application, variances, hearings)[:20],
        "covering": [variance for variance in variances if variance.is_granted],
        "variance_citation": kind.variance_citation,
        "variance_notice": kind.variance_notice,
        "variance_rows": _variance_rows(request, application, kind, variances, bound),
        "variance_form": _variance_request_form(
            request, application, kind, context["result"], variances, bound
        ),
        "hearing_citation": kind.hearing_citation,
        "hearing_notice_days": kind.hearing_notice_days if kind.holds_hearing(application) else 0,
        "hearing_rows": _hearing_rows(request, application, hearings, bound),
        "hearing_form": _hearing_schedule_form(request, application, kind, hearings, bound),
        "review_panel": kind.review_panel,
        "panel": panel,
        "place_record": place_record(application, request.user),
        "gates": kind.gates(application.permit_type),
        "determination_rows": _determination_rows(request, application, context["result"],
                                                  bound),
        "refused_form": next(iter(bound.values()), None),
        # Why the screen offers none of the office's steps: the person applied for it.
        "own_application": own_application,
        # The clerk's forms (documents' decisions, a payment), never on their own application.
        "clerk_view": permissions.is_clerk(request.user, application.municipality_id)
        and own_application is None,
        "decide_documents": transitions.can_decide_documents(application),
        "decisions": decisions,
        "year_end_notice": year_end_notice(application, on=timezone.localdate())
        if "approve_and_issue" in decisions else None,
        "submittable": "submit" in context["allowed_actions"],
    }


#: How many of a property's earlier records the review screen shows of each kind.
PLACE_RECORD_ROWS = 10


def place_record(application: Application, user) -> dict | None:
    """The property's earlier permits, inspections and granted waivers, newest first — what
    the Board weighs on a new application at the same lot; None for an application about no
    property. The inspections are every visit at the place, those entered by its address
    included (spec ``lifecycle.md``, "Property")."""
    from permits_site.enforcement.models import Inspection

    place = application.place
    if place is None:
        return None
    return {
        "place": place,
        "may_open": permissions.is_clerk(user, application.municipality_id),
        "permits": place.permits.exclude(application=application)
        .select_related("permit_type").order_by("-issued_at")[:PLACE_RECORD_ROWS],
        "inspections": [
            (visit, getattr(get_check(visit.check_code), "title", visit.check_code))
            for visit in Inspection.objects.filter(place=place).order_by(
                "-scheduled_for", "-pk")[:PLACE_RECORD_ROWS]
        ],
        "waivers": Variance.objects.filter(application__place=place,
                                           status=VarianceStatus.GRANTED)
        .exclude(application=application)
        .select_related("application__permit_type").order_by("-decided_at")[:PLACE_RECORD_ROWS],
    }


def review_history(application: Application, variances, hearings):
    """Audit entries about the application, its variances and hearings, its documents
    (uploaded, accepted or refused), its invoices' payments and the permit issued from it,
    newest first."""
    types = ContentType.objects.get_for_models(
        Application, Variance, PermitHearing, Document, Invoice, Permit)
    subjects = (
        Q(content_type=types[Application], object_id=application.pk)
        | Q(content_type=types[Variance], object_id__in=[variance.pk for variance in variances])
        | Q(content_type=types[PermitHearing], object_id__in=[hearing.pk for hearing in hearings])
        | Q(content_type=types[Document],
            object_id__in=Document.objects.filter(application=application).values("pk"))
        | Q(content_type=types[Invoice],
            object_id__in=Invoice.objects.filter(application=application).values("pk"))
        | Q(content_type=types[Permit],
            object_id__in=Permit.objects.filter(application=application).values("pk"))
    )
    return AuditEntry.objects.filter(subjects).select_related("actor")


def _form(bound: Mapping[str, forms.Form], form_class, prefix: str, **kwargs) -> forms.Form:
    return bound.get(prefix) or form_class(prefix=prefix, **kwargs)


def _variance_rows(request, application: Application, kind, variances, bound) -> list[dict]:
    """Each variance with its signatures; the sign forms for a Board member yet to sign, not
    on their own application (``permissions.office_step``)."""
    may_sign = permissions.office_step(permissions.can_sign_variance)(request.user, application)
    rows = []
    for variance in variances:
        signatures = list(variance.signatures.all())
        signable = (
            may_sign
            and variance.status == VarianceStatus.REQUESTED
            and all(signature.board_member_id != request.user.pk for signature in signatures)
        )
        rows.append(
            {
                "variance": variance,
                "signatures": signatures,
                "approvals": sum(signature.approve for signature in signatures),
                "approval_form": (
                    _form(bound, VarianceApprovalForm, f"approve-{variance.pk}",
                          conditions_required=kind.variance_requires_conditions)
                    if signable
                    else None
                ),
                "denial_form": (
                    _form(bound, VarianceDenialForm, f"deny-{variance.pk}") if signable else None
                ),
            }
        )
    return rows


def _variance_request_form(request, application, kind, result, variances, bound):
    """The request the applicant's page offers (``relief.may_ask``), to a reviewer who may
    file it; a refused one stays on the screen with its errors."""
    if not permissions.may_take(request.user, "request_variance", application):
        return None
    failures = unvaried_failures(result, variances, kind=kind, before_board=True)
    if not may_ask(application, failures=failures) and "variance" not in bound:
        return None
    return _form(bound, VarianceRequestForm, "variance", failures=failures,
                 application=application)


def _determination_rows(request, application: Application, result, bound) -> list[dict]:
    """Each needs_review finding with its latest determination and, while the application
    is open, the form to record one (``lifecycle.md``) for a reviewer who may
    (``permissions.may_take``: not on their own application)."""
    if result is None:
        return []
    latest = latest_determinations(application)
    may_determine = permissions.may_take(request.user, "record_review", application)
    return [
        {
            "finding": finding,
            "determination": latest.get(finding.rule),
            "form": _form(bound, DeterminationForm, f"determine-{index}",
                          initial={"rule": finding.rule})
            if may_determine else None,
        }
        for index, finding in enumerate(result.reviews)
    ]


def _hearing_rows(request, application: Application, hearings, bound) -> list[dict]:
    """Each hearing with what still stops it being held (§2.2's certified mail) and its
    continuances; for the Clerk, the form to record the mailing; for the Board's member or
    the Clerk, the forms to record the decision and to continue the hearing — none of them
    on the person's own application (``permissions.office_step``)."""
    may_manage = permissions.office_step(permissions.can_manage_hearings)(request.user,
                                                                          application)
    may_decide = permissions.office_step(permissions.can_decide_application_hearing)(
        request.user, application)
    rows = []
    for hearing in hearings:
        waiting = hearing_services.missing_notices(hearing)
        rows.append({
            "hearing": hearing,
            "waiting": waiting,
            "mailing_form": (
                _form(bound, HearingMailingForm, f"mailing-{hearing.pk}",
                      abutters=hearing.abutters.all(),
                      initial={"notices_mailed_on": hearing.notices_mailed_on})
                if may_manage and not hearing.is_decided and waiting else None
            ),
            "decision_form": (
                _form(bound, HearingDecisionForm, f"decide-{hearing.pk}")
                if may_decide and not hearing.is_decided and not waiting else None
            ),
            "continue_form": (
                _form(bound, HearingContinuanceForm, f"continue-{hearing.pk}", hearing=hearing)
                if may_decide and not hearing.is_decided else None
            ),
            "before_its_day": hearing_services.before_its_day(hearing),
        })
    return rows


def _hearing_schedule_form(request, application, kind, hearings, bound):
    """The form scheduling the next hearing, prefilled with the town's usual hour and
    place; none while a hearing is undecided or for one who may not schedule it."""
    if not (
        kind.holds_hearing(application)
        and permissions.may_take(request.user, "schedule_hearing", application)
        and all(hearing.is_decided for hearing in hearings)
    ):
        return None
    form = _form(bound, HearingScheduleForm, "hearing")
    form.prefill_time_and_place(application.municipality)
    return form


def _balance(application: Application):
    invoice = application_services.current_invoice(application)
    return invoice.balance() if invoice else None


DONE = {
    ReviewDecision.START: "Review started.",
    ReviewDecision.APPROVE: "Application approved.",
    ReviewDecision.DENY: "Application denied.",
    ReviewDecision.REQUEST_CHANGES: "Sent back to the applicant with your requested changes.",
}


#: The review screen's labels of the fields a decision posts, naming them in a refusal.
DECISION_LABELS = {"message": "Changes the applicant must make",
                   "reason": "Reason for denial"}


@reviewer_required
@require_POST
def decide(request, pk: int, decision: str):
    """Start review, approve, deny (``reason``) or request changes (``message``)."""
    application = reviewable(request, pk)
    permissions.require_not_own_application(request.user, application)
    try:
        application_services.decide_review(
            application=application, decision=decision, reason=request.POST.get("reason", ""),
            message=request.POST.get("message", ""), acting_user=request.user,
        )
    except DomainError as error:
        error_messages(request, error, labels=DECISION_LABELS)
    else:
        messages.success(request, DONE[decision])
    return redirect("licensing:review", pk=pk)


def _record_determination(request, pk: int):
    """Record a reviewer's determination of the needs_review finding the form names by its
    place in the list (``finding``)."""
    application = reviewable(request, pk)
    permissions.require_not_own_application(request.user, application)
    prefix = f"determine-{posted_number(request, 'finding')}"
    form = DeterminationForm(request.POST, prefix=prefix)
    if form.is_valid():
        try:
            application_services.record_determination(
                application=application, rule_id=form.cleaned_data["rule"],
                acceptable=form.cleaned_data["acceptable"], note=form.cleaned_data["note"],
                acting_user=request.user,
            )
        except DomainError as error:
            error_messages(request, error)
        else:
            messages.success(request, "Determination recorded.")
            return redirect("licensing:review", pk=pk)
    context = review_context(request, application, bound={prefix: form})
    return render(request, "licensing/review.html", context, status=400)


#: The issue step's refusals, named by what the Clerk pressed: a refusal of the application's
#: own ``action`` (a dog that already awaits next year's license) names no form field.
ISSUE_LABELS = {"action": "Issuing", "next_license_year": "Issuing for the next license year"}


@reviewer_required
@require_POST
def issue(request, pk: int):
    """Approve (when not yet approved) and issue; the PDF renders after commit."""
    application = clerks_application(request, pk)
    permissions.require_not_own_application(request.user, application)
    try:
        permit = approve_and_issue(
            application=application, acting_user=request.user,
            next_license_year=bool(request.POST.get("next_license_year")),
        )
    except DomainError as error:
        error_messages(request, error, labels=ISSUE_LABELS)
        return redirect("licensing:review", pk=pk)
    messages.success(request, f"Issued {permit.number}.")
    return redirect("licensing:review", pk=pk)


@reviewer_required
@require_POST
def submit_for_applicant(request, pk: int):
    """A clerk submits a draft for its applicant at the counter (audited as such)."""
    application = clerks_application(request, pk)
    try:
        application_services.submit_application(application=application,
                                                acting_user=request.user)
    except DomainError as error:
        error_messages(request, error)
    else:
        messages.success(request, f"Submitted for {application.applicant.display_name}.")
    return redirect("licensing:review", pk=pk)


@reviewer_required
@require_POST
def payment(request, pk: int):
    application = clerks_application(request, pk)
    permissions.require_not_own_application(request.user, application)
    invoice = application_services.current_invoice(application)
    form = PaymentForm(request.POST)
    if invoice is None or not form.is_valid():
        error_messages(request, DomainError(form.errors or "There is no invoice to pay."))
        return redirect("licensing:review", pk=pk)
    try:
        _, created = record_payment(
            invoice=Invoice.objects.get(pk=invoice.pk),
            acting_user=request.user,
            **form.cleaned_data,
        )
    except DomainError as error:
        error_messages(request, error)
    else:
        messages.success(
            request,
            "Payment recorded."
            if created
            else "That payment was already recorded; nothing changed.",
        )
    return redirect("licensing:review", pk=pk)


@reviewer_required
@require_POST
def document_decision(request, pk: int):
    document = get_visible_or_404(
        Document.objects.select_related("application"),
        lambda user, doc: permissions.is_clerk(user, doc.municipality_id),
        request.user,
        pk=pk,
    )
    if document.application is not None:
        permissions.require_not_own_application(request.user, document.application)
    accepted = request.POST.get("decision") == "accept"
    try:
        review_document(document=document, accepted=accepted,
                        reason=request.POST.get("reason", ""), acting_user=request.user)
    except DomainError as error:
        error_messages(request, error)
    else:
        messages.success(request,
                         "Document accepted." if accepted else "Document marked not accepted.")
    return redirect("licensing:review", pk=document.application_id)


def _act_on(request, application: Application, form, act: Callable[..., object], *,
            done: str | Callable[[object], str],
            result: CheckResult | None | object = NOT_JUDGED):
    """Run the service on a valid form and go back to the review, saying ``done`` (or what
    ``done`` says of the service's answer); else show what was refused (with ``result``, the
    application as this request judged it already)."""
    if form.is_valid():
        try:
            acted = act(**form.cleaned_data)
        except DomainError as error:
            form.add_domain_errors(error.errors)
        else:
            messages.success(request, done(acted) if callable(done) else done)
            return redirect("licensing:review", pk=application.pk)
    context = review_context(request, application, bound={form.prefix: form}, result=result)
    return render(request, "licensing/review.html", context, status=400)


def _request_variance(request, pk: int):
    """A clerk or Board member asks the Board to vary failed rules (Northborough §8.2)."""
    application = reviewable(request, pk)
    if not permissions.can_request_variance(request.user, application):
        raise permissions.Refused("request a variance", REVIEWER_ROLES,
                                  town=application.municipality_id)
    result = application_services.evaluate(application)
    form = VarianceRequestForm(
        request.POST,
        prefix="variance",
        failures=unvaried_failures(result, application.variances.all(),
                                   kind=kind_for(application.permit_type.code),
                                   before_board=True),
        application=application,
    )
    return _act_on(
        request,
        application,
        form,
        lambda **request_data: variance_services.request_variance(
            application=application, acting_user=request.user, result=result, **request_data
        ),
        done="Variance requested; it is now before the Board.",
        result=result,
    )


def signable_variance(request, pk: int, variance_pk: int) -> tuple[Application, Variance]:
    """The variance of a reviewable application; only the town's Board members sign, never
    on their own application (403, ``permissions.require_variance_signer``)."""
    application = reviewable(request, pk)
    variance = get_object_or_404(application.variances.all(), pk=variance_pk)
    permissions.require_variance_signer(request.user, application)
    return application, variance


def _approve_variance(request, pk: int):
    application, variance = signable_variance(request, pk, posted_number(request, "variance"))
    form = VarianceApprovalForm(
        request.POST, prefix=f"approve-{variance.pk}",
        conditions_required=kind_for(application.permit_type.code).variance_requires_conditions)
    return _act_on(
        request,
        application,
        form,
        lambda conditions, bases: variance_services.sign_variance(
            variance=variance,
            board_member=request.user,
            approve=True,
            conditions=conditions,
            bases=bases,
        ),
        done=f"You signed variance #{variance.pk} in approval.",
    )


def _deny_variance(request, pk: int):
    application, variance = signable_variance(request, pk, posted_number(request, "variance"))
    form = VarianceDenialForm(request.POST, prefix=f"deny-{variance.pk}")
    return _act_on(
        request,
        application,
        form,
        lambda reason: variance_services.deny_variance(
            variance=variance, board_member=request.user, reason=reason
        ),
        done=f"Variance #{variance.pk} denied.",
    )


def managed_application(request, pk: int) -> Application:
    """A reviewable application whose hearings only the town's Clerk schedules and whose
    notices' mailing only the Clerk records, not on their own application (403 otherwise)."""
    application = reviewable(request, pk)
    permissions.require_hearing_manager(request.user, application)
    return application


def decided_application(request, pk: int) -> Application:
    """A reviewable application whose hearing's decision the user may record: the Board's
    member, or the Clerk for the Board (Northborough §2.2), not on their own application
    (403 otherwise)."""
    application = reviewable(request, pk)
    permissions.require_hearing_decider(request.user, application)
    return application


def _schedule_hearing(request, pk: int):
    """Schedule the hearing with the abutters notified; too short a notice is refused (§2.2)."""
    application = managed_application(request, pk)
    form = HearingScheduleForm(request.POST, prefix="hearing")
    return _act_on(
        request,
        application,
        form,
        lambda **data: hearing_services.schedule_hearing(
            application=application, acting_user=request.user, **data
        ),
        done="Hearing scheduled. Download the notice letters, mail them by certified mail, "
        "then record the mailing date and each article number.",
    )


def _record_mailing(request, pk: int):
    """Record the day the printed letters were mailed and their certified-mail numbers
    (Northborough §2.2): until then the hearing cannot be held."""
    application = managed_application(request, pk)
    hearing = get_object_or_404(application.hearings.prefetch_related("abutters"),
                                pk=posted_number(request, "hearing"))
    form = HearingMailingForm(request.POST, prefix=f"mailing-{hearing.pk}",
                              abutters=hearing.abutters.all())
    return _act_on(
        request,
        application,
        form,
        lambda **data: hearing_services.record_notice_mailing(
            hearing=hearing, acting_user=request.user, **data
        ),
        done="The mailing of the notices is recorded; the hearing may be held.",
    )


def _decide_hearing(request, pk: int):
    """Record the Board's decision after the hearing (Northborough §2.2)."""
    application = decided_application(request, pk)
    hearing = get_object_or_404(application.hearings.all(), pk=posted_number(request, "hearing"))
    form = HearingDecisionForm(request.POST, prefix=f"decide-{hearing.pk}")
    return _act_on(
        request,
        application,
        form,
        lambda decision, decided_on: hearing_services.decide_hearing(
            hearing=hearing, decision=decision, decided_on=decided_on, acting_user=request.user
        ),
        done="The hearing's decision is recorded.",
    )


def _continue_hearing(request, pk: int):
    """Continue the hearing to a new day, hour or place: postponed before its day, its
    abutters are noticed again (Northborough §2.2); at the hearing, its notice stands."""
    application = decided_application(request, pk)
    hearing = get_object_or_404(application.hearings.all(), pk=posted_number(request, "hearing"))
    form = HearingContinuanceForm(request.POST, prefix=f"continue-{hearing.pk}", hearing=hearing)
    return _act_on(
        request,
        application,
        form,
        lambda **data: hearing_services.continue_hearing(
            hearing=hearing, acting_user=request.user, **data
        ),
        done=_continued,
    )


def _continued(hearing: PermitHearing) -> str:
    """What the review screen says of a continued hearing, and what a postponement asks."""
    said = f"Hearing continued to {day_time_and_place(hearing)}."
    if hearing.continuances.last().renoticed:
        said += (" The abutters are noticed again: download the new notice letters and mail "
                 "them by certified mail; the mailing date and each article number are then "
                 "recorded.")
    return said


@reviewer_required
@with_actions({
    "determination": _record_determination,
    "variance_request": _request_variance,
    "variance_approve": _approve_variance,
    "variance_deny": _deny_variance,
    "hearing_schedule": _schedule_hearing,
    "hearing_mailing": _record_mailing,
    "hearing_decide": _decide_hearing,
    "hearing_continue": _continue_hearing,
})
@require_GET
def review(request, pk: int):
    """The review screen; its forms of determinations, variances and hearings post here,
    naming their action and the finding, variance or hearing they act on, so a refusal is
    shown on the screen at its own address."""
    application = reviewable(request, pk)
    return render(request, "licensing/review.html", review_context(request, application))


@reviewer_required
@require_GET
def variance_notice(request, pk: int, variance_pk: int):
    """The written notice of a granted variance in its town's words: a Tisbury waiver to post
    at the site (09.0.3), a Northborough variance kept at the Board's office (§8.2)."""
    application = reviewable(request, pk)
    variance = get_object_or_404(
        application.variances.filter(status=VarianceStatus.GRANTED)
        .prefetch_related("signatures__board_member"),
        pk=variance_pk,
    )
    response = HttpResponse(render_variance_notice_pdf(variance), content_type="application/pdf")
    response["Content-Disposition"] = (
        f'attachment; filename="{kind_for(application.permit_type.code).variance_notice.noun}'
        f'-{application.pk}-{variance.pk}.pdf"'
    )
    return response


@reviewer_required
@require_GET
def hearing_notices(request, pk: int, hearing_pk: int):
    """The abutters' notice letters, one page per abutter, for certified mail."""
    application = reviewable(request, pk)
    hearing = get_object_or_404(application.hearings.all(), pk=hearing_pk)
    response = HttpResponse(
        hearing_services.render_notice_letters(hearing), content_type="application/pdf"
    )
    response["Content-Disposition"] = (
        f'attachment; filename="hearing-notices-{application.pk}-{hearing.hearing_date}.pdf"'
    )
    return response
