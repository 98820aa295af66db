"""The clerk's screens: the queue of applications and the review of one."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_POST

from permits_site.accounts import permissions
from permits_site.accounts.permissions import REVIEWER_ROLES
from permits_site.licensing.audit import history_of
from permits_site.licensing.exceptions import DomainError
from permits_site.licensing.forms import PaymentForm, ReasonForm
from permits_site.licensing.kinds import kind_for
from permits_site.licensing.models import (
    OPEN_STATUSES,
    Application,
    ApplicationStatus,
    Document,
    Invoice,
)
from permits_site.licensing.services import applications as application_services
from permits_site.licensing.services.documents import review_document
from permits_site.licensing.services.payments import record_payment
from permits_site.licensing.services.permits import issue_permit
from permits_site.licensing.views.access import get_visible_or_404
from permits_site.licensing.views.resident import (
    application_context,
    applications_with_details,
    error_messages,
)

QUEUE_FILTERS = {
    "open": OPEN_STATUSES,
    "submitted": (ApplicationStatus.SUBMITTED,),
    "under_review": (ApplicationStatus.UNDER_REVIEW,),
    "approved": (ApplicationStatus.APPROVED,),
}


def reviewer_required(view):
    """Only clerks and Board members reach the review screens (DESIGN roles)."""

    @login_required
    def wrapped(request, *args, **kwargs):
        if not permissions.municipality_ids_with(request.user, *REVIEWER_ROLES):
            raise PermissionDenied
        return view(request, *args, **kwargs)

    wrapped.__name__ = view.__name__
    wrapped.__doc__ = view.__doc__
    return wrapped


@reviewer_required
@require_GET
def queue(request):
    """Applications waiting in the reviewer's towns, oldest first; a fixed number of queries."""
    selected = request.GET.get("status", "open")
    statuses = QUEUE_FILTERS.get(selected, OPEN_STATUSES)
    towns = permissions.municipality_ids_with(request.user, *REVIEWER_ROLES)
    applications = (
        applications_with_details()
        .filter(municipality_id__in=towns, status__in=statuses)
        .order_by("submitted_on", "pk")
    )
    rows = [
        {
            "application": application,
            "description": kind_for(application.permit_type.code).describe(application),
            "invoice": application_services.current_invoice(application),
        }
        for application in applications
    ]
    return render(
        request,
        "licensing/queue.html",
        {
            "rows": rows,
            "selected": selected,
            "filters": list(QUEUE_FILTERS),
        },
    )


def reviewable(request, pk: int) -> Application:
    return get_visible_or_404(
        applications_with_details(),
        lambda user, application: permissions.can_review(user, application.municipality_id),
        request.user,
        pk=pk,
    )


def review_context(request, application: Application) -> dict:
    return {
        **application_context(application, upload_form=None),
        "payment_form": PaymentForm(initial={"amount": _balance(application)}),
        "reason_form": ReasonForm(),
        "history": history_of(application)[:20],
    }


def _balance(application: Application):
    invoice = application_services.current_invoice(application)
    return invoice.total - invoice.amount_paid() if invoice else None


@reviewer_required
@require_GET
def review(request, pk: int):
    application = reviewable(request, pk)
    return render(request, "licensing/review.html", review_context(request, application))


ACTIONS = {
    "start": lambda application, user, reason: application_services.start_review(
        application=application, acting_user=user
    ),
    "approve": lambda application, user, reason: application_services.approve_application(
        application=application, acting_user=user
    ),
    "deny": lambda application, user, reason: application_services.deny_application(
        application=application, reason=reason, acting_user=user
    ),
    "request_changes": lambda application, user, reason: application_services.request_changes(
        application=application, message=reason, acting_user=user
    ),
}
DONE = {
    "start": "Review started.",
    "approve": "Application approved.",
    "deny": "Application denied.",
    "request_changes": "Sent back to the applicant with your requested changes.",
}


@reviewer_required
@require_POST
def decide(request, pk: int, decision: str):
    """Start review, approve, deny or request changes (a reason where the law needs one)."""
    application = reviewable(request, pk)
    if decision not in ACTIONS:
        return redirect("licensing:review", pk=pk)
    try:
        ACTIONS[decision](application, request.user, request.POST.get("reason", ""))
    except DomainError as error:
        error_messages(request, error)
    else:
        messages.success(request, DONE[decision])
    return redirect("licensing:review", pk=pk)


@reviewer_required
@require_POST
def issue(request, pk: int):
    """Approve (when still open) and issue in one transaction; the PDF renders after commit."""
    application = reviewable(request, pk)
    if not permissions.is_clerk(request.user, application.municipality_id):
        raise PermissionDenied
    try:
        with transaction.atomic():
            if application.status != ApplicationStatus.APPROVED:
                application_services.approve_application(
                    application=application, acting_user=request.user
                )
            permit = issue_permit(application=application, acting_user=request.user)
    except DomainError as error:
        error_messages(request, error)
        return redirect("licensing:review", pk=pk)
    messages.success(request, f"Issued {permit.number}.")
    return redirect("licensing:review", pk=pk)


@reviewer_required
@require_POST
def payment(request, pk: int):
    application = reviewable(request, pk)
    if not permissions.is_clerk(request.user, application.municipality_id):
        raise PermissionDenied
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
    accepted = request.POST.get("decision") == "accept"
    review_document(document=document, accepted=accepted, acting_user=request.user)
    messages.success(request, "Document accepted." if accepted else "Document marked not accepted.")
    return redirect("licensing:review", pk=document.application_id)
