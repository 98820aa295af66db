"""Which audited changes someone hears about, and what they are told.

Every service writes an audit entry (``permits_site/audit/__init__.py``); an
entry whose action is listed in :data:`HANDLERS` becomes a message to the
people it concerns, written and sent after the change commits. What an entry
lacks (the reason for a denial, what to change) is read from its record.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable

from django.urls import reverse

from permits_site.audit.models import AuditEntry
from permits_site.enforcement.models import Case, CaseHearing, Citation, Inspection, Order
from permits_site.licensing.models import Application, Invoice, Payment, Permit, PermitHearing
from permits_site.notifications.models import MessageKind
from permits_site.notifications.services import Draft, absolute_url, people_of

Addressed = tuple[Draft, list]


def _application_draft(entry: AuditEntry, kind: str, subject: str, *,
                       legal: bool = False) -> Addressed:
    application = Application.objects.select_related(
        "permit_type", "municipality", "applicant", "business").get(pk=entry.object_id)
    name = application.permit_type.name
    draft = Draft(
        kind=kind, key=f"{kind}:{entry.pk}", subject=f"{name}: {subject}",
        context={"application": application, "permit_type": application.permit_type,
                 "url": absolute_url(reverse("licensing:application", args=[application.pk]))},
        about=application, municipality=application.municipality, is_legal_notice=legal,
    )
    return draft, _party_of_application(application)


def _party_of_application(application: Application) -> list:
    return people_of(person=application.applicant, business=application.business)


def submitted(entry):
    return _application_draft(entry, MessageKind.SUBMITTED, "application received")


def changes_requested(entry):
    return _application_draft(entry, MessageKind.CHANGES_REQUESTED, "changes requested")


def approved(entry):
    return _application_draft(entry, MessageKind.APPROVED, "application approved")


def denied(entry):
    return _application_draft(entry, MessageKind.DENIED, "application denied", legal=True)


def issued(entry):
    permit = Permit.objects.select_related(
        "permit_type", "municipality", "holder", "holder_business").get(pk=entry.object_id)
    draft = Draft(
        kind=MessageKind.ISSUED, key=f"{MessageKind.ISSUED}:{entry.pk}",
        subject=f"{permit.permit_type.name} {permit.number} issued",
        context={"permit": permit,
                 "pdf_url": absolute_url(reverse("licensing:permit_pdf", args=[permit.pk]))},
        about=permit, municipality=permit.municipality, is_legal_notice=True,
    )
    return draft, people_of(person=permit.holder, business=permit.holder_business)


def payment_received(entry):
    invoice = Invoice.objects.select_related(
        "municipality", "payer", "payer_business").get(pk=entry.object_id)
    payment = Payment.objects.get(pk=entry.after["payment"])
    draft = Draft(
        kind=MessageKind.PAYMENT_RECEIVED, key=f"{MessageKind.PAYMENT_RECEIVED}:{payment.pk}",
        subject=f"{invoice.municipality.short_name}: payment of ${payment.amount} received",
        context={"invoice": invoice, "payment": payment,
                 "balance": invoice.balance()},
        about=invoice, municipality=invoice.municipality,
    )
    return draft, people_of(person=invoice.payer, business=invoice.payer_business)


def _case(entry) -> Case:
    return Case.objects.select_related(
        "municipality", "party", "party_business").get(pk=entry.object_id)


def _case_people(case: Case) -> list:
    return people_of(person=case.party, business=case.party_business)


def citation_issued(entry):
    case = _case(entry)
    citation = _citation_of(case, entry)
    draft = Draft(
        kind=MessageKind.CITATION_ISSUED, key=f"{MessageKind.CITATION_ISSUED}:{citation.pk}",
        subject=f"{case.municipality.short_name}: "
                + ("written warning" if citation.warning else "citation")
                + f" for {citation.description.lower()}",
        context={"case": case, "citation": citation,
                 "url": absolute_url(reverse("citations:detail", args=[citation.pk])),
                 "pay_url": absolute_url(reverse("online_payments:pay",
                                                 args=[citation.invoice_id]))
                 if citation.invoice_id else ""},
        about=citation, municipality=case.municipality, is_legal_notice=True,
    )
    return draft, _case_people(case)


def _citation_of(case: Case, entry) -> Citation:
    """The citation an entry records (``citation`` there is the section of the fine)."""
    return Citation.objects.get(case=case, pk=entry.after["citation_id"])


def case_hearing_scheduled(entry):
    case = _case(entry)
    hearing = CaseHearing.objects.get(pk=entry.after["hearing"], case=case)
    return _hearing_draft(hearing, where="", about_text=f"case #{case.pk} at {case.address}",
                          municipality=case.municipality), _case_people(case)


def case_hearing_continued(entry):
    """The hearing's notice, sent again with its new date and the date it replaces."""
    case = _case(entry)
    hearing = CaseHearing.objects.get(pk=entry.after["hearing"], case=case)
    return _hearing_draft(hearing, where="", about_text=f"case #{case.pk} at {case.address}",
                          municipality=case.municipality,
                          moved_from=dt.date.fromisoformat(entry.before["hearing_date"]),
                          key_suffix=f":continued:{entry.after['continuance']}"
                          ), _case_people(case)


def application_hearing_scheduled(entry):
    hearing = PermitHearing.objects.select_related(
        "application__permit_type", "application__municipality", "application__applicant",
        "application__business").get(pk=entry.object_id)
    application = hearing.application
    return _hearing_draft(
        hearing, where=hearing.location,
        about_text=f"your {application.permit_type.name.lower()} application",
        municipality=application.municipality,
    ), _party_of_application(application)


def _hearing_draft(hearing: CaseHearing | PermitHearing, *, where: str, about_text: str,
                   municipality, moved_from: dt.date | None = None,
                   key_suffix: str = "") -> Draft:
    hearing_date = hearing.hearing_date
    return Draft(
        kind=MessageKind.HEARING_SCHEDULED,
        key=f"{MessageKind.HEARING_SCHEDULED}:{hearing._meta.model_name}:{hearing.pk}"
            f"{key_suffix}",
        subject=f"{municipality.short_name}: hearing "
                f"{'moved to' if moved_from else 'on'} {hearing_date:%B} {hearing_date.day}",
        context={"hearing_date": hearing_date, "where": where, "about_text": about_text,
                 "moved_from": moved_from},
        about=hearing, municipality=municipality, is_legal_notice=True,
    )


def order_issued(entry):
    case = _case(entry)
    order = Order.objects.get(pk=entry.after["order"], case=case)
    draft = Draft(
        kind=MessageKind.ORDER_ISSUED, key=f"{MessageKind.ORDER_ISSUED}:{order.pk}",
        subject=f"{case.municipality.short_name}: order to correct by "
                f"{order.comply_by:%B} {order.comply_by.day}",
        context={"case": case, "order": order},
        about=order, municipality=case.municipality, is_legal_notice=True,
    )
    return draft, _case_people(case)


def inspection_dated(entry):
    """The inspection's day, set or moved, to the permit's holder or else the applicant."""
    inspection = Inspection.objects.select_related(
        "municipality", "permit__holder", "permit__holder_business", "application__applicant",
        "application__business").get(pk=entry.object_id)
    people = (people_of(person=inspection.permit.holder,
                        business=inspection.permit.holder_business) if inspection.permit
              else _party_of_application(inspection.application) if inspection.application
              else [])
    day = inspection.scheduled_for
    draft = Draft(
        kind=MessageKind.INSPECTION_SCHEDULED,
        key=f"{MessageKind.INSPECTION_SCHEDULED}:{entry.pk}",
        subject=f"{inspection.municipality.short_name}: inspection "
                f"{'moved to' if entry.action == 'inspection.rescheduled' else 'on'} "
                f"{day:%B} {day.day}",
        context={"inspection": inspection, "reason": entry.after.get("reason", "")},
        about=inspection, municipality=inspection.municipality,
    )
    return draft, people


#: Audit action → the message it sends.
HANDLERS: dict[str, Callable[[AuditEntry], Addressed]] = {
    "application.submitted": submitted,
    "application.changes_requested": changes_requested,
    "application.approved": approved,
    "application.denied": denied,
    "permit.issued": issued,
    "payment.recorded": payment_received,
    "case.citation_issued": citation_issued,
    "case.hearing_scheduled": case_hearing_scheduled,
    "case.hearing_continued": case_hearing_continued,
    "hearing.scheduled": application_hearing_scheduled,
    "case.order_issued": order_issued,
    "inspection.scheduled": inspection_dated,
    "inspection.rescheduled": inspection_dated,
}
