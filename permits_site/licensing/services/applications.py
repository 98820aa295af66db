"""An application's life: draft → submitted → under review → approved → issued | denied | withdrawn.

Which action each status allows is written once, in ``permits_site.licensing.transitions``;
every service here ``require``s its action there before changing anything.
What still blocks issuance is computed, not stored (DESIGN, "The flow of one
application"): each blocker names the gate it holds shut (spec
``lifecycle.md``: documents, rules, review determinations, sign-offs,
inspection, hearing, Board signatures, fee) and the section behind it.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from django.db import models, transaction
from django.utils import timezone
from django.utils.translation import gettext_noop

from permits_site import audit
from permits_site.accounts import permissions
from permits_site.exceptions import DomainError, InvalidTransition, PermissionDenied
from permits_site.licensing import transitions
from permits_site.licensing.declarations import PROPERTY_FIELD, Gate, Holder
from permits_site.licensing.kinds import Blocker, RequiredDocument, kind_for
from permits_site.licensing.models import (
    Application,
    DocumentStatus,
    Invoice,
    InvoiceLine,
    InvoiceStatus,
    Permit,
    PermitType,
    ReviewDetermination,
)
from permits_site.licensing.services.documents import (
    missing_message,
    refuse_missing_documents,
)
from permits_site.licensing.services.fees import quote_fee
from permits_site.licensing.services.gates import gate_blockers
from permits_site.parties.services import is_member, link_property
from permits_site.rules.base import CheckResult, Finding
from permits_site.rules.calendar import format_date
from permits_site.rules.fees import FeeQuote, QuoteRefused
from permits_site.rules.registry import get_rule_set
from permits_site.rules.wording import explain, phrase
from permits_site.towns.typed_text import typed_value

if TYPE_CHECKING:
    from permits_site.accounts.models import User


def _transition(
    application: Application, action: str, *, acting_user: User, audit_action: str, summary: str,
    **changes: Any,
) -> Application:
    """Move the application to the status the transition table names for ``action``."""
    before = {"status": application.status}
    application.status = transitions.leads_to(action)
    for name, value in changes.items():
        setattr(application, name, value)
    application.save()
    audit.record(
        actor=acting_user,
        action=audit_action,
        subject=application,
        municipality=application.municipality,
        summary=summary,
        before=before,
        after={"status": application.status,
               **{name: str(value) for name, value in changes.items()}},
    )
    return application


def check_may_apply(*, permit_type: PermitType, applicant, acting_user: User) -> None:
    """Online applications only while the town takes the type online; the town's staff
    can always start one for a person at the counter."""
    if not kind_for(permit_type.code).applied_for:
        raise InvalidTransition(explain(gettext_noop("No application is made for %(permit)s."),
                                        permit=typed_value(permit_type, "name")),
                                field="permit_type")
    at_counter = acting_user is not None and acting_user.pk != applicant.pk
    if at_counter:
        if not permissions.is_clerk(acting_user, permit_type.municipality_id):
            raise InvalidTransition("Only the town's clerks start applications for others.")
    elif not permit_type.online:
        raise InvalidTransition(explain(
            gettext_noop("%(town)s does not take %(permit)s applications online at present; "
                         "apply to the %(authority)s."),
            town=permit_type.municipality.short_name, permit=typed_value(permit_type, "name"),
            authority=typed_value(permit_type, "authority")), field="permit_type")


def _holder_errors(
    permit_type: PermitType, *, applicant, business, previous_permit
) -> dict[str, list[str]]:
    """A business may hold the permit only if the type takes business holders and the
    applicant acts for it; a follow-up must name a permit of the same type."""
    kind = kind_for(permit_type.code)
    errors: dict[str, list[str]] = {}
    if business is not None and kind.holder == Holder.PERSON:
        errors["business"] = [f"A {permit_type.name} is held by a person, not a business."]
    elif business is None and kind.holder == Holder.BUSINESS:
        errors["business"] = [f"A {permit_type.name} is held by a business: name it."]
    elif business is not None and not is_member(applicant, business):
        errors["business"] = ["You do not act for that business."]
    if previous_permit is not None and previous_permit.permit_type_id != permit_type.pk:
        errors["permit"] = [f"That permit is not a {permit_type.name}."]
    return errors


def place_errors(permit_type: PermitType, place) -> dict[str, list[str]]:
    """A permit is about a place in its own town: the town's rules read what it records of
    the place (spec ``lifecycle.md``, "Property"). Another town's place is refused under
    ``property``, naming both towns."""
    if place is None or place.municipality_id == permit_type.municipality_id:
        return {}
    return {PROPERTY_FIELD: [explain(
        gettext_noop("Choose a property in %(town)s, the permit's town: %(address)s is in "
                     "%(elsewhere)s."),
        town=permit_type.municipality.short_name, address=place.address,
        elsewhere=place.municipality.short_name)]}


@transaction.atomic
def create_application(
    *,
    applicant,
    permit_type: PermitType,
    action: str,
    facts: Mapping[str, Any] | None = None,
    details: Mapping[str, Any] | None = None,
    place=None,
    business=None,
    previous_permit: Permit | None = None,
    acting_user: User | None = None,
) -> Application:
    """Start a draft. A follow-up of a business's permit is held by that business again,
    whichever of its members applies."""
    acting_user = acting_user or applicant
    check_may_apply(permit_type=permit_type, applicant=applicant, acting_user=acting_user)
    if action not in permit_type.actions:
        raise InvalidTransition(f"{permit_type.name} has no '{action}' action.", field="action")
    if business is None and previous_permit is not None:
        business = previous_permit.holder_business
    errors = _holder_errors(permit_type, applicant=applicant, business=business,
                            previous_permit=previous_permit) | place_errors(permit_type, place)
    if errors:
        raise DomainError(errors)
    application = Application.objects.create(
        municipality=permit_type.municipality,
        permit_type=permit_type,
        action=action,
        applicant=applicant,
        business=business,
        place=place,
        facts=dict(facts or {}),
        details=dict(details or {}),
        previous_permit=previous_permit,
    )
    if place is not None:
        link_property(property=place, user=applicant, business=business)
    audit.record(
        actor=acting_user,
        action="application.created",
        subject=application,
        municipality=application.municipality,
        summary=f"Draft {permit_type.name} application ({action})"
        + (f" started at the counter for {applicant.display_name}"
           if acting_user.pk != applicant.pk else ""),
        after={"status": application.status, "action": action,
               "business": business.pk if business else None,
               "place": place.pk if place else None},
    )
    return application


@transaction.atomic
def update_draft(
    *,
    application: Application,
    facts: Mapping[str, Any],
    acting_user: User,
    details: Mapping[str, Any] | None = None,
    place=None,
    business=None,
    previous_permit: Permit | None = None,
) -> Application:
    """Replace a draft's answers (a returned application is a draft again)."""
    transitions.require("edit", application)
    errors = _holder_errors(application.permit_type, applicant=application.applicant,
                            business=business or application.business,
                            previous_permit=previous_permit)
    errors |= place_errors(application.permit_type, place)
    if errors:
        raise DomainError(errors)
    before = {**application.details, **application.facts}
    application.facts = dict(facts)
    if details is not None:
        application.details = dict(details)
    application.place = place or application.place
    application.business = business or application.business
    application.previous_permit = previous_permit or application.previous_permit
    application.save(update_fields=["facts", "details", "place", "business", "previous_permit"])
    audit.record(
        actor=acting_user,
        action="application.updated",
        subject=application,
        municipality=application.municipality,
        summary="Draft updated",
        before=before,
        after={**application.details, **application.facts},
    )
    return application


#: Given for a result the caller has not judged yet (None is a judgement: no rules to judge
#: by), so that a page judging the application once passes its result along.
NOT_JUDGED = object()


def evaluate(application: Application, *, on: dt.date | None = None) -> CheckResult | None:
    """Judge the application against its permit type's rule set, on its date — the kind's
    :attr:`~PermitKind.year_bound_rules` on the first day of the license year it is for when
    that is later (:meth:`~PermitKind.year_bound_day`), each of their findings then saying
    the day it was judged on."""
    kind = kind_for(application.permit_type.code)
    rule_set = get_rule_set(kind.check_code(application))
    if rule_set is None:
        return None
    on = on or application.submitted_on or timezone.localdate()
    facts = kind.application_facts(application, on=on)
    if facts is None:
        return None
    calendar = application.municipality.calendar()
    result = rule_set.evaluate(facts, on=on, calendar=calendar)
    year_starts = kind.year_bound_day(application, on=on) if kind.year_bound_rules else on
    if year_starts <= on:
        return result
    later = {finding.rule: finding for finding in
             rule_set.evaluate(facts, on=year_starts, calendar=calendar).findings
             if finding.rule in kind.year_bound_rules}
    return replace(result, findings=tuple(
        _judged_on(later[finding.rule], year_starts) if finding.rule in later else finding
        for finding in result.findings))


def _judged_on(finding: Finding, day: dt.date) -> Finding:
    """``finding`` judged on ``day``, the first day of the license year applied for, saying
    so after its own words."""
    return replace(finding, message=explain(
        gettext_noop("%(finding)s Judged on %(date)s, the first day of the license year "
                     "applied for."), finding=phrase(finding.message), date=day))


def blockers(application: Application, *, result: CheckResult | None = None) -> list[Blocker]:
    """Everything that still stops issuance, each naming its gate and its citation."""
    kind = kind_for(application.permit_type.code)
    result = result if result is not None else evaluate(application)
    found = gate_blockers(application, kind=kind, result=result)
    found += _document_blockers(application, kind=kind)
    invoice = current_invoice(application)
    if invoice is not None and not invoice.is_paid:
        found.append(Blocker("fee.unpaid", f"The fee of ${invoice.total} is not paid.",
                             _fee_citation(invoice), Gate.FEE_PAID))
    found += [
        Blocker(
            "hearing.undecided",
            f"The hearing on {format_date(hearing.hearing_date)} has not been decided.",
            kind.hearing_citation,
            Gate.HEARING_DECIDED,
        )
        for hearing in application.hearings.all()
        if not hearing.is_decided
    ]
    found += kind.extra_blockers(application)
    return found


def _document_blockers(application: Application, *, kind) -> list[Blocker]:
    documents = list(application.documents.all())
    found = []
    for required in kind.required_documents(application):
        of_kind = [document for document in documents if document.kind in required.kinds]
        code = f"document.{_document_named(required, of_kind)}"
        accepted = [document for document in of_kind if document.status == DocumentStatus.ACCEPTED]
        if len(accepted) >= required.count:
            continue
        if len(of_kind) < required.count:
            message = missing_message(required, attached=len(of_kind))
        else:
            message = f"{required.label} has not been accepted yet."
        found.append(Blocker(code, message, required.citation, Gate.DOCUMENTS_ACCEPTED))
    return found


def _document_named(required: RequiredDocument, attached: list) -> str:
    """What a document blocker names: the kind on file (the first declared of those not
    refused), else the requirement (its ``one_of`` group: a rabies certificate or an
    exemption, either of which would do)."""
    on_file = {document.kind for document in attached
               if document.status != DocumentStatus.REJECTED}
    return next((kind for kind in required.kinds if kind in on_file), required.name)


def _fee_citation(invoice: Invoice) -> str:
    lines = list(invoice.lines.all())
    return lines[0].citation if lines else ""


def current_invoice(application: Application) -> Invoice | None:
    """The application's invoice that is not void (paid or still open)."""
    invoices = [
        invoice for invoice in application.invoices.all() if invoice.status != InvoiceStatus.VOID
    ]
    return invoices[0] if invoices else None


@transaction.atomic
def submit_application(*, application: Application, acting_user: User) -> Application:
    """Submit a draft: it is dated today and invoiced by the schedule in force today.

    A required document the type does not let follow must be attached first: the refusal
    names each one missing and its section (``refuse_missing_documents``).

    The applicant side submits its own; a clerk of the town submits one for the
    applicant at the counter, and the audit entry says so.
    """
    transitions.require("submit", application)
    at_counter = not permissions.is_applicant(acting_user, application)
    if at_counter and not permissions.is_clerk(acting_user, application.municipality_id):
        raise PermissionDenied("Only the applicant, or a clerk of the town at the counter, "
                               "submits an application.")
    refuse_missing_documents(application)
    today = timezone.localdate()
    _invoice(application, on=today)
    return _transition(
        application,
        "submit",
        acting_user=acting_user,
        audit_action="application.submitted",
        summary=(f"Application submitted at the counter by {acting_user.display_name} for "
                 f"{application.applicant.display_name}") if at_counter
        else "Application submitted",
        submitted_on=today,
        changes_requested="",
    )


def _invoice(application: Application, *, on: dt.date) -> Invoice:
    """Price the application; an earlier unpaid invoice is voided, a paid one kept."""
    existing = current_invoice(application)
    if existing is not None and existing.is_paid:
        return existing
    if existing is not None:
        existing.status = InvoiceStatus.VOID
        existing.save(update_fields=["status"])
    kind = kind_for(application.permit_type.code)
    quote, schedule = quote_fee(
        permit_type=application.permit_type,
        action=application.action,
        facts=kind.application_quote_facts(application, on=on),
        on=on,
    )
    invoice = Invoice.objects.create(
        municipality=application.municipality,
        application=application,
        payer=application.applicant,
        payer_business=application.business,
        fee_schedule=schedule,
    )
    InvoiceLine.objects.bulk_create(
        InvoiceLine(
            invoice=invoice,
            code=line.code,
            description=line.description,
            description_pt_br=line.description_pt_br,
            description_es=line.description_es,
            amount=line.amount,
            citation=line.citation,
            percent=line.percent,
        )
        for line in quote.lines
    )
    if quote.total == 0:
        invoice.status = InvoiceStatus.PAID
        invoice.paid_at = timezone.now()
        invoice.save(update_fields=["status", "paid_at"])
    return invoice


def preview_fee(application: Application, *, on: dt.date | None = None) -> FeeQuote | None:
    """What submitting today would cost (None when no schedule prices it)."""
    on = on or timezone.localdate()
    kind = kind_for(application.permit_type.code)
    try:
        quote, _schedule = quote_fee(
            permit_type=application.permit_type,
            action=application.action,
            facts=kind.application_quote_facts(application, on=on),
            on=on,
        )
    except QuoteRefused:
        return None
    return quote


@transaction.atomic
def withdraw_application(*, application: Application, acting_user: User) -> Application:
    """The applicant side withdraws; an unpaid invoice is voided."""
    transitions.require("withdraw", application)
    _void_open_invoice(application)
    return _transition(
        application,
        "withdraw",
        acting_user=acting_user,
        audit_action="application.withdrawn",
        summary="Application withdrawn",
    )


def _void_open_invoice(application: Application) -> None:
    invoice = current_invoice(application)
    if invoice is not None and not invoice.is_paid and not invoice.payments.exists():
        invoice.status = InvoiceStatus.VOID
        invoice.save(update_fields=["status"])


@transaction.atomic
def start_review(*, application: Application, acting_user: User) -> Application:
    permissions.refuse_own_application(acting_user, application)
    transitions.require("start_review", application)
    return _transition(
        application,
        "start_review",
        acting_user=acting_user,
        audit_action="application.review_started",
        summary="Review started",
    )


@transaction.atomic
def request_changes(*, application: Application, message: str, acting_user: User) -> Application:
    """Send the application back to the applicant as a draft, saying what to change."""
    permissions.refuse_own_application(acting_user, application)
    transitions.require("request_changes", application)
    if not message.strip():
        raise InvalidTransition("Say what the applicant should change.", field="message")
    return _transition(
        application,
        "request_changes",
        acting_user=acting_user,
        audit_action="application.changes_requested",
        summary="Changes requested",
        changes_requested=message.strip(),
    )


def require_nothing_blocks(application: Application) -> None:
    """Refuse approval or issuance while anything blocks it, naming each blocker's section."""
    remaining = blockers(application)
    if remaining:
        raise InvalidTransition(
            {
                "non_field_errors": [
                    f"{blocker.message} ({blocker.citation})" for blocker in remaining
                ]
            }
        )


@transaction.atomic
def approve_application(*, application: Application, acting_user: User) -> Application:
    """Approve once nothing blocks issuance."""
    permissions.refuse_own_application(acting_user, application)
    transitions.require("approve", application)
    require_nothing_blocks(application)
    return _transition(
        application,
        "approve",
        acting_user=acting_user,
        audit_action="application.approved",
        summary="Application approved",
        decided_at=timezone.now(),
    )


@transaction.atomic
def deny_application(*, application: Application, reason: str, acting_user: User) -> Application:
    """Deny with the reason the applicant is told; an unpaid invoice is voided."""
    permissions.refuse_own_application(acting_user, application)
    transitions.require("deny", application)
    if not reason.strip():
        raise InvalidTransition("Give the reason for the denial.", field="reason")
    _void_open_invoice(application)
    return _transition(
        application,
        "deny",
        acting_user=acting_user,
        audit_action="application.denied",
        summary="Application denied",
        decision_reason=reason.strip(),
        decided_at=timezone.now(),
    )


class ReviewDecision(models.TextChoices):
    START = "start", "Start reviewing"
    APPROVE = "approve", "Approve"
    DENY = "deny", "Deny (give the reason)"
    REQUEST_CHANGES = "request_changes", "Request changes (say what to change)"


def decide_review(
    *, application: Application, decision: str, reason: str = "", message: str = "",
    acting_user: User,
) -> Application:
    """A reviewer's decision, the same from the review screen and the API: start the
    review, approve, deny (``reason``, told to the applicant) or request changes
    (``message``, what the applicant should change)."""
    match decision:
        case ReviewDecision.START:
            return start_review(application=application, acting_user=acting_user)
        case ReviewDecision.APPROVE:
            return approve_application(application=application, acting_user=acting_user)
        case ReviewDecision.DENY:
            return deny_application(application=application, reason=reason,
                                    acting_user=acting_user)
        case ReviewDecision.REQUEST_CHANGES:
            return request_changes(application=application, message=message,
                                   acting_user=acting_user)
    raise DomainError(f"There is no review decision “{decision}”.", field="decision")


@transaction.atomic
def record_determination(
    *, application: Application, rule_id: str, acceptable: bool, note: str, acting_user: User
) -> ReviewDetermination:
    """A reviewer's written determination of a ``needs_review`` finding (``lifecycle.md``).

    The latest determination of a rule counts; an acceptable one is printed on the
    permit with the reviewer's name.
    """
    permissions.refuse_own_application(acting_user, application)
    transitions.require("record_review", application)
    result = evaluate(application)
    reviewable = {finding.rule for finding in result.reviews} if result else set()
    if rule_id not in reviewable:
        raise DomainError(f"{rule_id} is not a finding of this application that needs review.",
                          field="rule")
    if not note.strip():
        raise DomainError("Write the determination: what was reviewed and why.", field="note")
    determination = ReviewDetermination.objects.create(
        application=application, rule_id=rule_id, acceptable=acceptable, note=note.strip(),
        decided_by=acting_user,
    )
    audit.record(
        actor=acting_user,
        action="application.determination",
        subject=application,
        municipality=application.municipality,
        summary=f"{rule_id} determined {'acceptable' if acceptable else 'not acceptable'}",
        after={"rule": rule_id, "acceptable": acceptable, "note": determination.note},
    )
    return determination
