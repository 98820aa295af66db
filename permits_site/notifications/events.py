"""Which audited changes someone hears about, and what they are told.

Every service writes an audit entry (``permits_site/audit/__init__.py``); an
entry whose action is listed in :data:`HANDLERS` becomes a message to the
people it concerns, written and sent after the change commits. What an entry
lacks (the reason for a denial, what to change) is read from its record. Subjects are
:func:`~permits_site.rules.wording.explain` sentences, written in each reader's language.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable

from django.urls import reverse
from django.utils.translation import gettext_noop

from permits_site.audit.models import AuditEntry
from permits_site.enforcement.models import (
    Appeal,
    Case,
    CaseHearing,
    Citation,
    CitationHearing,
    HearingContinuance,
    Inspection,
    Order,
)
from permits_site.enforcement.registry import case_type
from permits_site.enforcement.services import dispositions
from permits_site.enforcement.services.cases import appeal_window
from permits_site.enforcement.services.citations import policy_of
from permits_site.licensing.kinds import kind_for
from permits_site.licensing.models import Application, Invoice, Payment, Permit, PermitHearing
from permits_site.notifications.models import MessageKind
from permits_site.notifications.services import Draft, absolute_url, people_of
from permits_site.rules.wording import Dollars, MonthDay, explain
from permits_site.towns.models import HeldAt
from permits_site.towns.typed_text import typed_value

Addressed = tuple[Draft, list]


def _application_draft(entry: AuditEntry, kind: str, subject: str, *,
                       legal: bool = False) -> Addressed:
    application = Application.objects.select_related(
        "permit_type", "municipality", "applicant", "business").get(pk=entry.object_id)
    draft = Draft(
        kind=kind, key=f"{kind}:{entry.pk}",
        subject=explain(subject, permit_type=typed_value(application.permit_type, "name")),
        context={"application": application, "permit_type": application.permit_type,
                 "url": absolute_url(reverse("licensing:application", args=[application.pk]))},
        about=application, municipality=application.municipality, is_legal_notice=legal,
        reader=application.applicant,
    )
    return draft, _party_of_application(application)


def _party_of_application(application: Application) -> list:
    return people_of(person=application.applicant, business=application.business)


def submitted(entry):
    return _application_draft(entry, MessageKind.SUBMITTED,
                              gettext_noop("%(permit_type)s: application received"))


def changes_requested(entry):
    return _application_draft(entry, MessageKind.CHANGES_REQUESTED,
                              gettext_noop("%(permit_type)s: changes requested"))


def approved(entry):
    return _application_draft(entry, MessageKind.APPROVED,
                              gettext_noop("%(permit_type)s: application approved"))


def denied(entry):
    return _application_draft(entry, MessageKind.DENIED,
                              gettext_noop("%(permit_type)s: application denied"), legal=True)


def issued(entry):
    permit = Permit.objects.select_related(
        "permit_type", "municipality", "holder", "holder_business").get(pk=entry.object_id)
    draft = Draft(
        kind=MessageKind.ISSUED, key=f"{MessageKind.ISSUED}:{entry.pk}",
        subject=explain(gettext_noop("%(permit_type)s %(number)s issued"),
                        permit_type=typed_value(permit.permit_type, "name"), number=permit.number),
        context={"permit": permit,
                 "pdf_url": absolute_url(reverse("licensing:permit_pdf", args=[permit.pk]))},
        about=permit, municipality=permit.municipality, is_legal_notice=True,
        reader=permit.holder,
    )
    return draft, people_of(person=permit.holder, business=permit.holder_business)


def payment_received(entry):
    invoice = Invoice.objects.select_related(
        "municipality", "payer", "payer_business").get(pk=entry.object_id)
    payment = Payment.objects.get(pk=entry.after["payment"])
    draft = Draft(
        kind=MessageKind.PAYMENT_RECEIVED, key=f"{MessageKind.PAYMENT_RECEIVED}:{payment.pk}",
        subject=explain(gettext_noop("%(town)s: payment of %(amount)s received"),
                        town=invoice.municipality.short_name, amount=Dollars(payment.amount)),
        context={"invoice": invoice, "payment": payment,
                 "balance": invoice.balance()},
        about=invoice, municipality=invoice.municipality, reader=invoice.payer,
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
        subject=explain(gettext_noop("%(town)s: written warning for %(offense)s")
                        if citation.warning else gettext_noop("%(town)s: citation for %(offense)s"),
                        town=case.municipality.short_name, offense=citation.description.lower()),
        context={"case": case, "citation": citation,
                 "url": absolute_url(reverse("citations:detail", args=[citation.pk])),
                 "pay_url": absolute_url(reverse("online_payments:pay",
                                                 args=[citation.invoice_id]))
                 if citation.invoice_id else ""},
        about=citation, municipality=case.municipality, is_legal_notice=True, reader=case.party,
    )
    return draft, _case_people(case)


def _citation_of(case: Case, entry) -> Citation:
    """The citation an entry records (``citation`` there is the section of the fine)."""
    return Citation.objects.get(case=case, pk=entry.after["citation_id"])


def case_hearing_scheduled(entry):
    case = _case(entry)
    hearing = CaseHearing.objects.get(pk=entry.after["hearing"], case=case)
    return _hearing_draft(hearing, about_text=_about_case(case), held_under=_case_section(case),
                          municipality=case.municipality, reader=case.party), _case_people(case)


def case_hearing_continued(entry):
    """The hearing's notice, sent again with its new day, hour and place and the ones the
    continuance replaced."""
    case = _case(entry)
    continuance = HearingContinuance.objects.select_related("hearing").get(
        pk=entry.after["continuance"], hearing__case=case)
    return _hearing_draft(continuance.hearing, about_text=_about_case(case),
                          held_under=_case_section(case),
                          municipality=case.municipality, reader=case.party,
                          moved_from=continuance.replaced, key_suffix=f":continued:{continuance.pk}"
                          ), _case_people(case)


def case_appeal_hearing_scheduled(entry):
    """The public hearing on an appeal of the case, set or continued, noticed to the case's
    party as the case's own hearings are; a continued one says the day, hour and place its
    audit entry kept from before."""
    case = _case(entry)
    appeal = Appeal.objects.get(pk=entry.after["appeal"], case=case)
    about_text = explain(gettext_noop("the appeal on case #%(number)s at %(address)s"),
                         number=str(case.pk), address=case.address)
    return _hearing_draft(appeal, about_text=about_text, held_under=_case_section(case),
                          municipality=case.municipality, reader=case.party,
                          moved_from=_held_before(entry.before),
                          key_suffix=f":scheduled:{entry.pk}"), _case_people(case)


def citation_hearing_dated(entry):
    """The day of the hearing a cited party asked for, set or moved: each time a notice."""
    case = Case.objects.select_related("municipality", "party", "party_business").get(
        citations__pk=entry.object_id)
    hearing = CitationHearing.objects.get(pk=entry.after["hearing"], citation_id=entry.object_id)
    about_text = explain(gettext_noop("citation #%(number)s at %(address)s"),
                         number=str(entry.object_id), address=case.address)
    return _hearing_draft(hearing, about_text=about_text,
                          held_under=policy_of(case).window.citation,
                          municipality=case.municipality, reader=case.party,
                          moved_from=_held_before(entry.before),
                          key_suffix=f":dated:{entry.pk}"), _case_people(case)


def citation_hearing_decided(entry):
    """The decision of the hearing a cited party asked for (MGL c.40 §21D): upheld or
    reduced, what is still owed and the new last day to pay; dismissed, that nothing is;
    and the town's non-criminal disposition it was held under."""
    citation = dispositions.with_answers(Citation.objects.all()).get(pk=entry.object_id)
    case = citation.case
    hearing = CitationHearing.objects.get(pk=entry.after["hearing"], citation=citation)
    owed = dispositions.balance(citation)
    draft = Draft(
        kind=MessageKind.CITATION_ISSUED,
        key=f"{MessageKind.CITATION_ISSUED}:{citation.pk}:decided:{hearing.pk}",
        subject=explain(gettext_noop("%(town)s: hearing decided on citation #%(number)s"),
                        town=case.municipality.short_name, number=str(citation.pk)),
        context={"case": case, "citation": citation, "hearing": hearing, "owed": owed,
                 "held_under": policy_of(case).window.citation,
                 "url": absolute_url(reverse("citations:detail", args=[citation.pk])),
                 "pay_url": absolute_url(reverse("online_payments:pay",
                                                 args=[citation.invoice_id]))
                 if owed and hearing.pay_by else ""},
        template="notifications/email/citation_hearing_decided.txt",
        about=citation, municipality=case.municipality, is_legal_notice=True, reader=case.party,
    )
    return draft, _case_people(case)


def application_hearing_scheduled(entry):
    hearing = PermitHearing.objects.select_related(
        "application__permit_type", "application__municipality", "application__applicant",
        "application__business").get(pk=entry.object_id)
    application = hearing.application
    return _hearing_draft(
        hearing,
        about_text=explain(gettext_noop("your %(permit_type)s application"),
                           permit_type=typed_value(application.permit_type, "name").lower()),
        held_under=kind_for(application.permit_type.code).hearing_citation,
        municipality=application.municipality, reader=application.applicant,
    ), _party_of_application(application)


def application_hearing_continued(entry):
    """The hearing on the application continued: the applicant is told the day, hour and
    place it is set for now and the ones the continuance replaced."""
    hearing = PermitHearing.objects.select_related(
        "application__permit_type", "application__municipality", "application__applicant",
        "application__business").get(pk=entry.object_id)
    continuance = hearing.continuances.get(pk=entry.after["continuance"])
    application = hearing.application
    return _hearing_draft(
        hearing,
        about_text=explain(gettext_noop("your %(permit_type)s application"),
                           permit_type=typed_value(application.permit_type, "name").lower()),
        held_under=kind_for(application.permit_type.code).hearing_citation,
        municipality=application.municipality, reader=application.applicant,
        moved_from=continuance.replaced, key_suffix=f":continued:{continuance.pk}",
    ), _party_of_application(application)


def case_determined(entry):
    """The determination of a case, with the section the case is brought under and, where
    its type declares an appeal window, the last day to appeal and that period's section."""
    case = _case(entry)
    draft = Draft(
        kind=MessageKind.CASE_DECIDED, key=f"{MessageKind.CASE_DECIDED}:case:{case.pk}",
        subject=explain(gettext_noop("%(town)s: case #%(number)s determined"),
                        town=case.municipality.short_name, number=str(case.pk)),
        context={"case": case, "section": _case_section(case), **_next_appeal(case)},
        about=case, municipality=case.municipality, is_legal_notice=True, reader=case.party,
    )
    return draft, _told_of_decisions(case)


def case_appeal_decided(entry):
    """An appeal's decision and written ruling, with the section the case is brought under
    and, where its type declares a further window, the last day of a further appeal and that
    period's section."""
    case = _case(entry)
    appeal = Appeal.objects.get(pk=entry.after["appeal"], case=case)
    draft = Draft(
        kind=MessageKind.CASE_DECIDED, key=f"{MessageKind.CASE_DECIDED}:appeal:{appeal.pk}",
        subject=explain(gettext_noop("%(town)s: appeal on case #%(number)s decided"),
                        town=case.municipality.short_name, number=str(case.pk)),
        context={"case": case, "appeal": appeal, "section": _case_section(case),
                 **_next_appeal(case)},
        template="notifications/email/appeal_decided.txt",
        about=appeal, municipality=case.municipality, is_legal_notice=True, reader=case.party,
    )
    return draft, _told_of_decisions(case)


def _next_appeal(case: Case) -> dict:
    """The period and last day of the case's next appeal as the case page and ``file_appeal``
    count them (:func:`~permits_site.enforcement.services.cases.appeal_window`: from the
    latest ruling, else from the determination); nothing when its type declares none."""
    window = appeal_window(case)
    if window is None:
        return {}
    period, _, due = window
    return {"appeal_period": period, "appeal_due": due}


def _told_of_decisions(case: Case) -> list:
    """Who is told of the case's determination and rulings: its party, unless its type's
    own page prints the party's letters of them (``CaseType.prints_decision_letters``: North
    Andover's dog cases, Code ch. 60, Dangerous B(2), Potentially dangerous B(2), Hearing
    authority C), so that none is told twice."""
    registered = case_type(case.case_type)
    if registered is not None and registered.prints_decision_letters:
        return []
    return _case_people(case)


def _case_section(case: Case) -> str:
    """The section a case is brought under, which its hearings and appeals cite."""
    registered = case_type(case.case_type)
    return registered.citation if registered is not None else ""


def _about_case(case: Case) -> str:
    return explain(gettext_noop("case #%(number)s at %(address)s"),
                   number=str(case.pk), address=case.address)


def _held_before(before: dict[str, str]) -> HeldAt | None:
    """The day, hour and place an audit entry's ``before`` kept ("2027-06-17", "19:00",
    "Town Hall"); None for a hearing that had no day yet."""
    if not before.get("hearing_date"):
        return None
    hour = before.get("hearing_time") or ""
    return HeldAt(dt.date.fromisoformat(before["hearing_date"]),
                  dt.time.fromisoformat(hour) if hour else None, before.get("location", ""))


def _hearing_draft(hearing: CaseHearing | CitationHearing | PermitHearing | Appeal, *,
                   about_text: str, held_under: str, municipality, reader,
                   moved_from: HeldAt | None = None, key_suffix: str = "") -> Draft:
    """The hearing's notice: its day, and its hour and place where they are known, and the
    section it is held under; a moved hearing's also says the day and hour it was set for,
    and the place when that changed."""
    hearing_date = hearing.hearing_date
    return Draft(
        kind=MessageKind.HEARING_SCHEDULED,
        key=f"{MessageKind.HEARING_SCHEDULED}:{hearing._meta.model_name}:{hearing.pk}"
            f"{key_suffix}",
        subject=explain(_moved_subject(moved_from, hearing_date) if moved_from
                        else gettext_noop("%(town)s: hearing on %(day)s"),
                        town=municipality.short_name, day=MonthDay.of(hearing_date)),
        context={"hearing_date": hearing_date, "hearing_time": hearing.hearing_time,
                 "where": hearing.location, "about_text": about_text, "held_under": held_under,
                 "moved_from": moved_from and moved_from.hearing_date,
                 "moved_from_time": moved_from and moved_from.hearing_time,
                 "old_where": moved_from.location if moved_from
                 and moved_from.location != hearing.location else ""},
        about=hearing, municipality=municipality, is_legal_notice=True, reader=reader,
    )


def _moved_subject(moved_from: HeldAt, hearing_date: dt.date) -> str:
    """A hearing moved to another day, or kept on its day at a new hour or place."""
    if moved_from.hearing_date == hearing_date:
        return gettext_noop("%(town)s: new hour or place for the hearing on %(day)s")
    return gettext_noop("%(town)s: hearing moved to %(day)s")


def order_issued(entry):
    case = _case(entry)
    order = Order.objects.get(pk=entry.after["order"], case=case)
    draft = Draft(
        kind=MessageKind.ORDER_ISSUED, key=f"{MessageKind.ORDER_ISSUED}:{order.pk}",
        subject=explain(gettext_noop("%(town)s: order to correct by %(day)s"),
                        town=case.municipality.short_name, day=MonthDay.of(order.comply_by)),
        context={"case": case, "order": order},
        about=order, municipality=case.municipality, is_legal_notice=True, reader=case.party,
    )
    return draft, _case_people(case)


def inspection_dated(entry):
    """The inspection's day, set or moved, and the section it is made under, to the permit's
    holder or else the applicant."""
    inspection = Inspection.objects.select_related(
        "municipality", "permit__permit_type", "permit__holder", "permit__holder_business",
        "application__permit_type", "application__applicant", "application__business",
    ).get(pk=entry.object_id)
    reader, people = _inspection_party(inspection)
    day = inspection.scheduled_for
    draft = Draft(
        kind=MessageKind.INSPECTION_SCHEDULED,
        key=f"{MessageKind.INSPECTION_SCHEDULED}:{entry.pk}",
        subject=explain(gettext_noop("%(town)s: inspection moved to %(day)s")
                        if entry.action == "inspection.rescheduled"
                        else gettext_noop("%(town)s: inspection on %(day)s"),
                        town=inspection.municipality.short_name, day=MonthDay.of(day)),
        context={"inspection": inspection, "reason": entry.after.get("reason", ""),
                 "section": _inspection_section(inspection)},
        about=inspection, municipality=inspection.municipality,
        reader=reader,
    )
    return draft, people


def inspection_closed(entry):
    """An application's inspection passed, or not passed with each finding and its section,
    told to the applicant with the section requiring the visit and what follows. A permit's
    or an address's inspection sends none: a case opened on it notices its orders and
    citations."""
    inspection = Inspection.objects.select_related(
        "municipality", "application__permit_type", "application__applicant",
        "application__business").get(pk=entry.object_id)
    application = inspection.application
    draft = Draft(
        kind=MessageKind.INSPECTION_RESULT,
        key=f"{MessageKind.INSPECTION_RESULT}:{inspection.pk}",
        subject=explain(gettext_noop("%(town)s: inspection of %(day)s passed")
                        if inspection.passed
                        else gettext_noop("%(town)s: inspection of %(day)s not passed"),
                        town=inspection.municipality.short_name,
                        day=MonthDay.of(inspection.inspected_on)),
        context={"inspection": inspection, "application": application,
                 "violations": list(inspection.violations.all()),
                 "section": _inspection_section(inspection),
                 "url": absolute_url(reverse("licensing:application", args=[application.pk]))
                 if application else ""},
        about=inspection, municipality=inspection.municipality, is_legal_notice=True,
        reader=application and application.applicant,
    )
    return draft, _party_of_application(application) if application else []


def _inspection_section(inspection: Inspection) -> str:
    """The section an inspection is made under: an application's, the section requiring it
    (its gate's, as the application page cites it); a permit's, its permit type's; none for
    an address alone."""
    if inspection.application:
        application = inspection.application
        return kind_for(application.permit_type.code).inspection_section(application)
    return inspection.permit.permit_type.citation if inspection.permit else ""


def _inspection_party(inspection: Inspection) -> tuple:
    """The member who holds or applied, and everyone told: the permit's, else the
    application's."""
    if inspection.permit:
        permit = inspection.permit
        return permit.holder, people_of(person=permit.holder, business=permit.holder_business)
    if inspection.application:
        application = inspection.application
        return application.applicant, _party_of_application(application)
    return None, []


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
    "case.appeal_hearing_scheduled": case_appeal_hearing_scheduled,
    "case.appeal_hearing_continued": case_appeal_hearing_scheduled,
    "case.determined": case_determined,
    "case.appeal_decided": case_appeal_decided,
    "hearing.scheduled": application_hearing_scheduled,
    "hearing.continued": application_hearing_continued,
    "citation.hearing_date_set": citation_hearing_dated,
    "citation.hearing_decided": citation_hearing_decided,
    "case.order_issued": order_issued,
    "inspection.scheduled": inspection_dated,
    "inspection.rescheduled": inspection_dated,
    "inspection.closed": inspection_closed,
}
