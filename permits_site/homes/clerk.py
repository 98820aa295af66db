"""The clerk's home: open applications by the gate that holds them, payments to record,
permits running out, and citations past their window that go to the District Court.

Each gate list is one query over the town's open applications (spec ``lifecycle.md``:
holds are not states): documents not yet accepted, an unpaid fee, an undecided hearing, a
variance waiting for the Board's signatures, an inspection not yet passed. The gates a
rule check decides (rules, review determinations, office sign-offs, a well) are judged on
the review screen, where each names its section.
"""

from __future__ import annotations

import datetime as dt

from django.db.models import Exists, OuterRef
from django.urls import reverse
from django.utils import timezone

from permits_site.accounts.models import User
from permits_site.enforcement.deadlines import window_end
from permits_site.enforcement.models import (
    Citation,
    Inspection,
    InspectionResult,
    InspectionStatus,
)
from permits_site.enforcement.services.dispositions import Standing, annotate_standing
from permits_site.homes.applications import (
    RECORD_RELATED,
    application_record,
    not_their_own,
    related,
    review_url,
    undecided_hearings,
    variance_item,
    waiting_variances,
)
from permits_site.homes.registry import WorkItem, WorkList, limited
from permits_site.licensing.declarations import Gate
from permits_site.licensing.kinds import registered_kinds
from permits_site.licensing.models import (
    OPEN_STATUSES,
    Application,
    ApplicationStatus,
    Document,
    DocumentStatus,
    Invoice,
    InvoiceStatus,
    Permit,
    PermitStatus,
)
from permits_site.licensing.models.permits import OPEN_ENDED
from permits_site.towns.calendar import TownCalendar


def _application_item(what: str):
    def item(application: Application) -> WorkItem:
        return WorkItem(what, application_record(application), review_url(application.pk),
                        since=application.submitted_on,
                        citation=application.permit_type.citation)
    return item


def _queue_list(title: str, rows, what: str, empty: str) -> WorkList:
    return limited(title, rows, _application_item(what), empty=empty,
                   link_label="Application queue", link_url=reverse("licensing:queue"))


def gate_lists(town: TownCalendar, *, user: User, today: dt.date) -> list[WorkList]:
    """Open applications grouped by what holds them, oldest first, but ``user``'s own, which
    another clerk reviews; one query a gate."""
    applications = not_their_own(Application.objects.filter(
        municipality=town.municipality, status__in=OPEN_STATUSES,
    ), user).select_related(*RECORD_RELATED).order_by("submitted_on", "pk")
    inspected = [kind.code for kind in registered_kinds() if kind.inspected]
    return [
        _queue_list("Review not started", applications.filter(
            status=ApplicationStatus.SUBMITTED), "Start the review",
            "No application waits for its review to start."),
        _queue_list(Gate.DOCUMENTS_ACCEPTED.label, applications.filter(
            Exists(_pending_documents())), "Accept or refuse the documents",
            "No document waits for review."),
        _queue_list(Gate.INSPECTION_PASSED.label, applications.filter(
            permit_type__code__in=inspected).exclude(Exists(_passed_inspections())),
            "Inspection to pass",
            "No application waits for an inspection."),
        undecided_hearings(town, title=Gate.HEARING_DECIDED.label,
                           empty="No hearing waits for a decision."),
        limited(Gate.BOARD_SIGNATURES.label, waiting_variances(town),
                variance_item("The Board's signatures"),
                empty="No variance waits for the Board's signatures."),
    ]


def _pending_documents():
    return Document.objects.filter(application=OuterRef("pk"), status=DocumentStatus.PENDING)


def _passed_inspections():
    return Inspection.objects.filter(application=OuterRef("pk"),
                                     status=InspectionStatus.CLOSED,
                                     result=InspectionResult.PASSED)


def payments_list(town: TownCalendar, *, user: User) -> WorkList:
    """Open applications whose fee is invoiced and not paid, but ``user``'s own: the clerk
    records the payment on the review screen."""
    invoices = not_their_own(Invoice.objects.filter(
        municipality=town.municipality, status=InvoiceStatus.OPEN,
        application__status__in=OPEN_STATUSES,
    ), user, path="application").select_related(*related("application")).prefetch_related(
        "lines").order_by("created_at", "pk")

    def item(invoice: Invoice) -> WorkItem:
        return WorkItem(f"Record the payment of ${invoice.total}",
                        application_record(invoice.application),
                        review_url(invoice.application_id, "payment-heading"),
                        since=timezone.localdate(invoice.created_at))

    return limited("Payments to record", invoices, item,
                   empty="No fee waits for its payment.", link_label="Payments",
                   link_url=reverse("online_payments:overview"))


def expiring_list(town: TownCalendar, *, today: dt.date) -> WorkList:
    """Permits in force, not renewed yet, whose last day falls within the deadlines screen's
    window."""
    permits = Permit.objects.filter(
        municipality=town.municipality, status=PermitStatus.ACTIVE,
        valid_through__gte=today, valid_through__lte=window_end(today),
        superseded_by__isnull=True,
    ).exclude(valid_through=OPEN_ENDED).select_related("permit_type").order_by(
        "valid_through", "pk")

    def item(permit: Permit) -> WorkItem:
        return WorkItem(f"{permit.permit_type.name} expires: renewal due",
                        f"{permit.number} ({permit.holder_name})",
                        review_url(permit.application_id), due_on=permit.valid_through,
                        citation=permit.permit_type.citation)

    return limited("Permits expiring", permits, item,
                   empty="No permit expires in the next two weeks.",
                   link_label="Deadlines", link_url=reverse("enforcement:deadlines"))


def court_referral_list(town: TownCalendar, *, today: dt.date) -> WorkList:
    """Citations unpaid past their last day (MGL c.40 §21D): the clerk sends the referral
    to the District Court and records its decision."""
    citations = annotate_standing(Citation.objects.filter(
        case__municipality=town.municipality, court_decision__isnull=True,
    ), on=today).filter(standing_code=Standing.REFERRED).select_related("case").order_by(
        "last_day", "pk")

    def item(citation: Citation) -> WorkItem:
        return WorkItem("Refer to the District Court",
                        f"Citation #{citation.pk} ({citation.case.party_name})",
                        reverse("enforcement:citation", args=[citation.pk]),
                        due_on=citation.last_day, citation=citation.citation)

    return limited("Citations past their window", citations, item,
                   empty="No citation is past its window.", link_label="Citations",
                   link_url=reverse("enforcement:citations") + f"?standing={Standing.REFERRED}")


def clerk_work(town: TownCalendar, *, user: User, today: dt.date) -> list[WorkList]:
    """The clerk's section (DESIGN roles: the Clerk issues, collects and reports)."""
    return [*gate_lists(town, user=user, today=today), payments_list(town, user=user),
            expiring_list(town, today=today), court_referral_list(town, today=today)]
