"""The resident's portal: dashboard, applications, documents and license downloads."""

from __future__ import annotations

from collections.abc import Mapping

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Prefetch, prefetch_related_objects
from django.http import FileResponse, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.html import format_html
from django.utils.translation import gettext, gettext_noop
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from permits_site.accounts import permissions
from permits_site.enforcement.services.penalties import penalty_rows
from permits_site.exceptions import DomainError
from permits_site.licensing.forms import DocumentUploadForm
from permits_site.licensing.invoice_subjects import (
    invoice_subject,
    subject_prefetched,
    subject_related,
)
from permits_site.licensing.kinds import (
    Blocker,
    kind_for,
    list_related,
    registered_kinds,
    renewal_url,
)
from permits_site.licensing.models import (
    Application,
    ApplicationStatus,
    Document,
    Invoice,
    InvoiceStatus,
    Permit,
    PermitStatus,
    PermitType,
)
from permits_site.licensing.pending_uploads import KeptUploads
from permits_site.licensing.relief import covered_rules, unvaried_failures
from permits_site.licensing.services import applications as application_services
from permits_site.licensing.services import variances as variance_services
from permits_site.licensing.services.applications import NOT_JUDGED
from permits_site.licensing.services.documents import still_needed, upload_document
from permits_site.licensing.services.effects import findings_of
from permits_site.licensing.services.next_step import next_step, rules_held
from permits_site.licensing.services.variances import granted_variances
from permits_site.licensing.templatetags.localised import explained, typed_text
from permits_site.licensing.views import listing
from permits_site.licensing.views.access import get_visible_or_404
from permits_site.licensing.views.relief import may_ask
from permits_site.page_actions import with_actions
from permits_site.parties.services import properties_of
from permits_site.pdf.rendering import render_permit_pdf_bytes
from permits_site.rules.base import CheckResult
from permits_site.towns.models import Municipality


def applications_with_details():
    """Applications joined with what list rows show: a fixed number of queries."""
    return Application.objects.select_related(
        "permit_type", "municipality", "applicant", "business", "place__municipality",
        *list_related(),
    ).prefetch_related(
        Prefetch("invoices", queryset=Invoice.objects.select_related("fee_schedule")
                 .prefetch_related("lines")),
        "determinations",
    )


def error_messages(request, error: DomainError, *, labels: Mapping[str, str] | None = None
                   ) -> None:
    """A service's refusal as messages, each in the reader's language (``explained``), each
    named by its field's label on the page (``labels``), else by the field's name."""
    for field, texts in error.errors.items():
        for text in texts:
            label = (labels or {}).get(field) or field.replace("_", " ").capitalize()
            prefix = "" if field == "non_field_errors" else f"{label}: "
            messages.error(request, format_html("{}{}", prefix, explained(text)))


DASHBOARD_APPLICATIONS = listing.ListSpec(
    prefix="applications_",
    sorts={
        "-created": listing.Sort("Newest first", ("-created_at", "-pk")),
        "created": listing.Sort("Oldest first", ("created_at", "pk")),
        "permit_type": listing.Sort("Permit type", ("permit_type__name", "-created_at", "-pk")),
    },
)
DASHBOARD_PERMITS = listing.ListSpec(
    prefix="permits_",
    sorts={
        "-issued": listing.Sort("Newest first", ("-issued_at", "-pk")),
        "valid_through": listing.Sort("Expiring first", ("valid_through", "pk")),
        "number": listing.Sort("Number", ("number", "pk")),
    },
)
DASHBOARD_CLOSED = listing.ListSpec(prefix="closed_", sorts=DASHBOARD_APPLICATIONS.sorts)
#: Applications closed without a permit; an issued one is listed as its permit.
CLOSED_STATUSES = (ApplicationStatus.DENIED, ApplicationStatus.WITHDRAWN)
DASHBOARD_INVOICES = listing.ListSpec(
    prefix="invoices_", sorts={"-pk": listing.Sort("Newest first", ("-pk",))}
)


@login_required
@require_GET
def dashboard(request):
    """The user's applications in progress and closed, permits and fees due, each list 25
    a page, and the panels of the towns' own records (``_opened``)."""
    user = request.user
    own_applications = applications_with_details().filter(
        permissions.party_rows(user, owner_field="applicant", business_field="business"))
    own_permits = Permit.objects.filter(
        permissions.party_rows(user, owner_field="holder", business_field="holder_business"))
    applications = listing.paginate(
        request, own_applications.exclude(status__in=(ApplicationStatus.ISSUED, *CLOSED_STATUSES)),
        DASHBOARD_APPLICATIONS)
    closed = listing.paginate(
        request, own_applications.filter(status__in=CLOSED_STATUSES), DASHBOARD_CLOSED)
    permits = listing.paginate(
        request,
        own_permits.select_related("permit_type", "municipality", "holder_business"),
        DASHBOARD_PERMITS,
    )
    open_invoices = listing.paginate(
        request,
        Invoice.objects.filter(
            permissions.party_rows(user, owner_field="payer", business_field="payer_business"),
            status=InvoiceStatus.OPEN,
        )
        .select_related("municipality", *subject_related())
        .prefetch_related("lines", *subject_prefetched()),
        DASHBOARD_INVOICES,
    )
    municipalities = list(Municipality.objects.order_by("name"))
    today = timezone.localdate()
    tied = tied_towns(user, municipalities, applications=own_applications, permits=own_permits)
    panels = [
        {"template": kind.dashboard_panel, "town": town, **kind.panel_context(user)}
        for kind, town in panel_towns()
    ]
    return render(
        request,
        "licensing/dashboard.html",
        {
            "applications": described(applications.rows),
            "applications_listing": applications,
            "closed_applications": described(closed.rows),
            "closed_listing": closed,
            "permits": [(permit, renewal_url(permit), holder_links(permit),
                         permit.begins_after(today)) for permit in permits.rows],
            "permits_listing": permits,
            "open_invoices": [(invoice, invoice_subject(invoice))
                              for invoice in open_invoices.rows],
            "invoices_listing": open_invoices,
            "panels": [panel for panel in panels if _opened(panel, tied)],
            "other_towns_panels": [panel for panel in panels if not _opened(panel, tied)],
            "municipalities": municipalities,
        },
    )


def described(applications) -> list[tuple[Application, str]]:
    return [(application, kind_for(application.permit_type.code).describe(application))
            for application in applications]


def panel_towns() -> list[tuple]:
    """The kinds that keep a dashboard panel, each with the id of its town."""
    kinds = [kind for kind in registered_kinds() if kind.dashboard_panel]
    towns = dict(PermitType.objects.filter(code__in=[kind.code for kind in kinds])
                 .values_list("code", "municipality_id"))
    return [(kind, towns.get(kind.code)) for kind in kinds]


def tied_towns(user, municipalities, *, applications, permits) -> set[int]:
    """The towns the resident has a tie to: an application, a permit or a place of theirs
    there, or the town of the address on their account."""
    city = user.city.strip().casefold()
    towns_of = [records.order_by().values_list("municipality_id", flat=True)
                for records in (applications, permits, properties_of(user))]
    return (
        set(towns_of[0].union(*towns_of[1:]))  # one query for the three
        | {town.pk for town in municipalities if city and city == town.short_name.casefold()}
    )


def _opened(panel: dict, tied: set[int]) -> bool:
    """A town's panel is shown open when the resident has records in it (dogs, stables,
    horses) or a tie to its town; the others are folded under "Other towns"."""
    return panel["town"] in tied or any(
        value for key, value in panel.items() if key not in ("template", "town"))


def holder_links(permit: Permit) -> tuple:
    """The pages the holder keeps the permit's records on, while it is in force."""
    if permit.status != PermitStatus.ACTIVE:
        return ()
    return kind_for(permit.permit_type.code).holder_links


def applicant_page(request, application: Application, *, upload_form=None,
                   kept_uploads: KeptUploads | None = None, status: int = 200):
    """The applicant's page of the application; ``upload_form`` a refused upload, shown
    with its errors and the files ``kept_uploads`` keeps. The hearings are fetched once, for
    the blockers and the page's Public hearing part, with their continuances."""
    prefetch_related_objects([application], "hearings__continuances")
    context = application_context(application, upload_form=upload_form, user=request.user)
    return render(request, "licensing/application_detail.html", {
        **context, "next_step": next_step(application, blockers=context["blockers"]),
        **relief_context(application, result=context["result"], blockers=context["blockers"]),
        **hearing_context(application),
        **({"kept_uploads": kept_uploads} if kept_uploads else {}),
    }, status=status)


def hearing_context(application: Application) -> dict:
    """The public hearings held on the application before it is decided (Northborough
    Horse & Stable Regs §2.2, Tisbury 09.0.8(13)), each with its day, hour and place, the
    days it was continued from and, once decided, its decision; and the coming one, which
    "What happens next" names so the applicant knows when and where to attend — and, when
    it was continued, that the day it was set for before is not the day."""
    hearings = list(application.hearings.all())
    today = timezone.localdate()
    return {
        "hearings": hearings,
        "coming_hearing": next((hearing for hearing in hearings
                                if not hearing.is_decided and hearing.hearing_date >= today),
                               None),
    }


def relief_context(application: Application, *, result, blockers: list[Blocker]) -> dict:
    """The applicant's variance or waiver requests with their signatures — a granted one with
    the section it was granted under — whether the page offers to ask for one
    (``relief.may_ask``), and whether "What happens next" does: when it names rules of
    ``blockers`` the applicant may ask relief from (``next_step.rules_held``)."""
    variances = list(variance_services.variances_with_signatures(application))
    kind = kind_for(application.permit_type.code)
    failures = unvaried_failures(result, variances, kind=kind, before_board=True)
    may_ask_variance = may_ask(application, failures=failures)
    return {
        "variances": variances,
        "variance_noun": kind.variance_notice.noun,
        "variance_citation": kind.variance_citation,
        "may_ask_variance": may_ask_variance,
        "next_step_asks": may_ask_variance and bool(
            rules_held(application, blockers=blockers).to_ask),
    }


def application_context(application: Application, *, upload_form, user,
                        result: CheckResult | None | object = NOT_JUDGED) -> dict:
    """What both the resident's and the staff's pages show about one application: the
    rules' findings with what each does to the permit (a penalty with the fine of its
    offense, the citation's once recorded; spec ``lifecycle.md``, "What a failed rule
    does"), the actions ``user`` may take on it (``permissions.permitted_actions``), the
    upload form only to those who may upload; ``result`` the application as the request
    judged it already, judged here if not."""
    kind = kind_for(application.permit_type.code)
    if result is NOT_JUDGED:
        result = application_services.evaluate(application)
    invoice = application_services.current_invoice(application)
    allowed = permissions.permitted_actions(user, application)
    penalties = penalty_rows(application, result, user=user)
    covering = granted_variances(application)
    return {
        "application": application,
        "description": kind.describe(application),
        "summary": kind.summary(application),
        "result": result,
        "rule_findings": findings_of(
            result, kind=kind, covered=covered_rules(covering),
            fines={row.finding.rule: row.fine for row in penalties if row.fine is not None}),
        "penalty_rows": penalties,
        "blockers": application_services.blockers(application, result=result),
        "documents": [
            (document, kind.document_kinds.get(document.kind, document.kind))
            for document in application.documents.all()
        ],
        "invoice": invoice,
        "covering": covering,
        "quote": None if invoice else application_services.preview_fee(application),
        "upload_form": upload_form or DocumentUploadForm(document_kinds=kind.document_kinds),
        "allowed_actions": allowed,
        "may_upload": "attach_document" in allowed,
        "still_needed": still_needed(application),
    }


def _applicant_action(request, pk: int, *, allowed, service, done: str):
    """Run one of the applicant's own actions on an application and go back to it;
    ``done`` (marked for the catalogues) may name the ``%(authority)s`` that decides the
    permit type."""
    application = get_visible_or_404(Application.objects.select_related("permit_type"),
                                     allowed, request.user, pk=pk)
    try:
        service(application=application, acting_user=request.user)
    except DomainError as error:
        error_messages(request, error)
    else:
        messages.success(request, gettext(done) % {
            "authority": typed_text(application.permit_type, "authority")})
    return redirect("licensing:application", pk=pk)


@login_required
@require_POST
def application_submit(request, pk: int):
    return _applicant_action(
        request, pk, allowed=permissions.can_edit_application,
        service=application_services.submit_application,
        done=gettext_noop("Application submitted. The %(authority)s decides on it."),
    )


@login_required
@require_http_methods(["GET", "POST"])
def application_withdraw(request, pk: int):
    """GET asks the applicant to confirm, saying what becomes of the fee (an unpaid
    invoice is cancelled; a paid one is not refunded here); POST withdraws."""
    if request.method == "GET":
        application = get_visible_or_404(Application.objects.select_related("permit_type"),
                                         permissions.can_withdraw_application, request.user,
                                         pk=pk)
        if "withdraw" not in permissions.permitted_actions(request.user, application):
            return redirect("licensing:application", pk=pk)
        return render(request, "licensing/withdraw_confirm.html", {
            "application": application,
            "description": kind_for(application.permit_type.code).describe(application),
            "invoice": application_services.current_invoice(application),
        })
    return _applicant_action(
        request, pk, allowed=permissions.can_withdraw_application,
        service=application_services.withdraw_application,
        done=gettext_noop("Application withdrawn."),
    )


def _upload_document(request, pk: int):
    """Upload to an application, then back to the page it came from (PRG). A refused
    upload shows the applicant's page again with the form's errors, keeping a good file
    chosen for the next try (``pending_uploads``); staff get the errors as messages."""
    application = get_visible_or_404(
        applications_with_details(), permissions.can_upload_document, request.user, pk=pk
    )
    kind = kind_for(application.permit_type.code)
    uploads = KeptUploads(request, page=f"licensing.upload.{pk}")
    form = DocumentUploadForm(request.POST, uploads.files(),
                              document_kinds=kind.document_kinds)
    if form.is_valid():
        try:
            upload_document(
                application=application,
                uploaded_by=request.user,
                kind=form.cleaned_data["kind"],
                upload=form.cleaned_data["file"],
                valid_until=form.cleaned_data["valid_until"],
            )
        except DomainError as error:
            form.add_domain_errors(error.errors)
        else:
            uploads.discard()
            messages.success(request, gettext("Document uploaded."))
            return redirect("licensing:application", pk=pk)
    if not permissions.is_applicant(request.user, application):
        error_messages(request, DomainError(form.errors))
        return redirect("licensing:application", pk=pk)
    uploads.keep(form)
    return applicant_page(request, application, upload_form=form, kept_uploads=uploads,
                          status=400)


@login_required
@with_actions({"upload": _upload_document})
@require_GET
def application_detail(request, pk: int):
    """The applicant's page (staff go to the review screen); its upload forms post here,
    naming their action, so a refused upload is shown at the page's own address."""
    application = get_visible_or_404(
        applications_with_details(), permissions.can_view_application, request.user, pk=pk
    )
    if not permissions.is_applicant(request.user, application):
        return redirect("licensing:review", pk=pk)
    return applicant_page(request, application)


@login_required
@require_GET
def document_file(request, pk: int):
    """Stream a document to its owner or town staff only, as a download."""
    document = get_visible_or_404(
        Document.objects.all(), permissions.can_view_document, request.user, pk=pk
    )
    extension = {"application/pdf": "pdf", "image/png": "png", "image/jpeg": "jpg"}[
        document.content_type
    ]
    response = FileResponse(
        document.file.open("rb"),
        content_type=document.content_type,
        as_attachment=True,
        filename=f"{document.kind}-{document.pk}.{extension}",
    )
    response["X-Content-Type-Options"] = "nosniff"
    return response


@login_required
@require_GET
def permit_pdf(request, pk: int):
    permit = get_visible_or_404(
        Permit.objects.select_related("permit_type", "municipality"),
        permissions.can_view_permit,
        request.user,
        pk=pk,
    )
    content = permit.pdf.read() if permit.pdf else render_permit_pdf_bytes(permit)
    response = HttpResponse(content, content_type="application/pdf")
    response["Content-Disposition"] = f'attachment; filename="{permit.number}.pdf"'
    return response
