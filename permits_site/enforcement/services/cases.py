"""Enforcement cases: complaint → determination → hearings → appeals, and the permit's fate.

Orders, citations and charges on a case have their own modules. Suspending
or revoking a permit goes through a case and through the licensing core's
status change, so the permit row and its history stay intact.
"""

from __future__ import annotations

import datetime as dt

from django.db import transaction
from django.utils import timezone

from permits_site.enforcement.models import Appeal, Case, CaseHearing, CaseStatus, Inspection
from permits_site.enforcement.registry import case_type as registered_case_type
from permits_site.enforcement.registry import case_types
from permits_site.licensing import audit
from permits_site.licensing.exceptions import DomainError, InvalidTransition
from permits_site.licensing.models import Municipality, Permit
from permits_site.licensing.services.permits import change_permit_status
from permits_site.rules.calendar import format_date

PERMIT_CHANGES = ("suspend", "revoke")


def require_case_open(case: Case, *, doing: str) -> None:
    """Refuse acting on a closed case."""
    if case.status == CaseStatus.CLOSED:
        raise InvalidTransition(f"Cannot {doing} a closed case.")


def require_text(value: str, *, field: str, message: str) -> str:
    text = (value or "").strip()
    if not text:
        raise DomainError(message, field=field)
    return text


def require_not_future(day: dt.date, *, field: str, what: str) -> None:
    if day > timezone.localdate():
        raise DomainError(f"{what} cannot be in the future.", field=field)


def _record(case: Case, *, acting_user, action: str, summary: str, **after) -> None:
    audit.record(
        actor=acting_user,
        action=action,
        subject=case,
        municipality=case.municipality,
        summary=summary,
        after={name: str(value) for name, value in after.items()},
    )


def inspection_case_details(inspection: Inspection) -> dict:
    """What a case opened from an inspection starts with: its permit, the responsible
    person (the permit holder, else the applicant) and the findings."""
    permit = inspection.permit
    party = permit.holder if permit else (
        inspection.application.applicant if inspection.application else None)
    violations = "; ".join(
        f"{violation.message} ({violation.citation})" for violation in inspection.violations.all()
    )
    visited = inspection.inspected_on or inspection.scheduled_for
    return {
        "permit": permit,
        "party": party,
        "party_business": permit.holder_business if permit else (
            inspection.application.business if inspection.application else None),
        "party_name": permit.holder_name if permit else (party.display_name if party else ""),
        "address": inspection.address,
        "complaint": f"Inspection #{inspection.pk} on {format_date(visited)} found: "
                     f"{violations or 'no violation'}.",
        "received_on": min(visited, timezone.localdate()),
        "inspection": inspection,
    }


@transaction.atomic
def open_case(
    *,
    municipality: Municipality,
    case_type: str,
    party,
    party_name: str,
    address: str,
    complaint: str,
    received_on: dt.date,
    acting_user,
    permit: Permit | None = None,
    application=None,
    inspection: Inspection | None = None,
    complainant: str = "",
    party_business=None,
) -> Case:
    """Open a case on a complaint or an inspection's findings.

    ``case_type`` is a code a bylaw app registered for the town. A case
    opened from an inspection takes over its violations.
    """
    errors = _opening_errors(municipality, case_type=case_type, permit=permit,
                             inspection=inspection)
    party_name = (party_name or (party_business.display_name if party_business else "")
                  or (party.display_name if party else "")).strip()
    for field, value, message in (
        ("party_name", party_name, "Name the person responsible."),
        ("address", address, "Enter the address concerned."),
        ("complaint", complaint, "Describe the complaint or the findings."),
    ):
        if not (value or "").strip():
            errors[field] = [message]
    if received_on > timezone.localdate():
        errors["received_on"] = ["A complaint cannot be received in the future."]
    if errors:
        raise DomainError(errors)
    case = Case.objects.create(
        municipality=municipality,
        case_type=case_type,
        permit=permit,
        application=application,
        party=party,
        party_business=party_business,
        party_name=party_name,
        address=address.strip(),
        complaint=complaint.strip(),
        complainant=(complainant or "").strip(),
        received_on=received_on,
        inspection=inspection,
        opened_by=acting_user,
    )
    if inspection is not None:
        inspection.violations.filter(case__isnull=True).update(case=case)
    _record(case, acting_user=acting_user, action="case.opened",
            summary=f"Case opened: {party_name}, {case.address}", case_type=case_type,
            received_on=received_on)
    return case


def _opening_errors(
    municipality: Municipality, *, case_type: str, permit, inspection
) -> dict[str, list[str]]:
    errors: dict[str, list[str]] = {}
    registered = registered_case_type(case_type) if isinstance(case_type, str) else None
    if registered is None or registered.municipality != municipality.code:
        offered = ", ".join(kind.code for kind in case_types(municipality.code)) or "none"
        errors["case_type"] = [f"Choose a case type of {municipality.name}: {offered}."]
    if permit is not None and permit.municipality_id != municipality.pk:
        errors["permit"] = [f"This permit was not issued by {municipality.name}."]
    if inspection is not None and inspection.municipality_id != municipality.pk:
        errors["inspection"] = [f"This inspection was not made in {municipality.name}."]
    return errors


@transaction.atomic
def determine(*, case: Case, determination: str, acting_user) -> Case:
    """Record the finding on an open case, dated today."""
    if case.status != CaseStatus.OPEN:
        raise InvalidTransition(
            f"Cannot determine a case that is {case.get_status_display().lower()}."
        )
    case.determination = require_text(determination, field="determination",
                                      message="Write the determination.")
    case.determined_on = timezone.localdate()
    case.status = CaseStatus.DETERMINED
    case.save(update_fields=["determination", "determined_on", "status"])
    _record(case, acting_user=acting_user, action="case.determined",
            summary=f"Case #{case.pk} determined", determination=case.determination)
    return case


@transaction.atomic
def close_case(*, case: Case, acting_user) -> Case:
    """Close a case once every order is complied with and every hearing and appeal decided."""
    require_case_open(case, doing="close")
    waiting = [
        message
        for exists, message in (
            (case.orders.filter(complied_on__isnull=True).exists(),
             "An order has not been complied with."),
            (case.hearings.filter(decided_on__isnull=True).exists(),
             "A hearing has not been decided."),
            (case.appeals.filter(decided_on__isnull=True).exists(),
             "An appeal has not been decided."),
        )
        if exists
    ]
    if waiting:
        raise InvalidTransition({"non_field_errors": waiting})
    before = case.status
    case.status = CaseStatus.CLOSED
    case.save(update_fields=["status"])
    audit.record(actor=acting_user, action="case.closed", subject=case,
                 municipality=case.municipality, summary=f"Case #{case.pk} closed",
                 before={"status": before}, after={"status": case.status})
    return case


@transaction.atomic
def schedule_case_hearing(
    *, case: Case, notice_sent_on: dt.date, hearing_date: dt.date, acting_user
) -> CaseHearing:
    """Set a hearing on the case; the notice must go out before the hearing date."""
    require_case_open(case, doing="schedule a hearing on")
    if hearing_date < notice_sent_on:
        raise DomainError("The hearing must come after its notice is sent.",
                          field="hearing_date")
    hearing = CaseHearing.objects.create(
        case=case, notice_sent_on=notice_sent_on, hearing_date=hearing_date,
        scheduled_by=acting_user,
    )
    _record(case, acting_user=acting_user, action="case.hearing_scheduled",
            summary=f"Hearing on case #{case.pk} set for {format_date(hearing_date)}",
            hearing=hearing.pk, notice_sent_on=notice_sent_on, hearing_date=hearing_date)
    return hearing


@transaction.atomic
def decide_case_hearing(
    *, hearing: CaseHearing, decision: str, ruling: str = "", decided_on: dt.date, acting_user
) -> CaseHearing:
    """Record the hearing's decision and its written ruling."""
    if hearing.decided_on is not None:
        raise InvalidTransition("This hearing has already been decided.")
    if decided_on < hearing.hearing_date:
        raise DomainError("A hearing is decided on or after the day it is held.",
                          field="decided_on")
    require_not_future(decided_on, field="decided_on", what="The decision date")
    hearing.decision = require_text(decision, field="decision", message="Write the decision.")
    hearing.ruling = (ruling or "").strip()
    hearing.decided_on = decided_on
    hearing.save(update_fields=["decision", "ruling", "decided_on"])
    _record(hearing.case, acting_user=acting_user, action="case.hearing_decided",
            summary=f"Hearing of {format_date(hearing.hearing_date)} on case "
                    f"#{hearing.case_id} decided",
            hearing=hearing.pk, decision=hearing.decision)
    return hearing


@transaction.atomic
def file_appeal(*, case: Case, filed_on: dt.date, grounds: str, acting_user) -> Appeal:
    """Record an appeal of the case's determination or ruling."""
    require_case_open(case, doing="appeal")
    grounds = require_text(grounds, field="grounds", message="State the grounds of the appeal.")
    require_not_future(filed_on, field="filed_on", what="The filing date")
    if filed_on < case.received_on:
        raise DomainError("An appeal cannot be filed before the case began.", field="filed_on")
    appeal = Appeal.objects.create(case=case, filed_on=filed_on, grounds=grounds,
                                   recorded_by=acting_user)
    _record(case, acting_user=acting_user, action="case.appeal_filed",
            summary=f"Appeal filed on case #{case.pk}", appeal=appeal.pk, filed_on=filed_on)
    return appeal


@transaction.atomic
def decide_appeal(*, appeal: Appeal, decision: str, decided_on: dt.date, acting_user) -> Appeal:
    if appeal.decided_on is not None:
        raise InvalidTransition("This appeal has already been decided.")
    if decided_on < appeal.filed_on:
        raise DomainError("An appeal is decided on or after the day it is filed.",
                          field="decided_on")
    require_not_future(decided_on, field="decided_on", what="The decision date")
    appeal.decision = require_text(decision, field="decision", message="Write the decision.")
    appeal.decided_on = decided_on
    appeal.save(update_fields=["decision", "decided_on"])
    _record(appeal.case, acting_user=acting_user, action="case.appeal_decided",
            summary=f"Appeal on case #{appeal.case_id} decided", appeal=appeal.pk,
            decision=appeal.decision)
    return appeal


@transaction.atomic
def suspend_or_revoke_permit(*, case: Case, change: str, reason: str, acting_user) -> Permit:
    """Suspend or revoke the case's permit: its status changes, the permit row stays."""
    require_case_open(case, doing="act on the permit of")
    if case.permit is None:
        raise DomainError("This case concerns no permit.", field="permit")
    if change not in PERMIT_CHANGES:
        raise DomainError("Choose suspend or revoke.", field="change")
    reason = require_text(reason, field="reason", message="Give the reason.")
    permit = change_permit_status(permit=case.permit, change=change,
                                  reason=f"Case #{case.pk}: {reason}", acting_user=acting_user)
    _record(case, acting_user=acting_user, action=f"case.permit_{change}",
            summary=f"Permit {permit.number} {permit.get_status_display().lower()} by case "
                    f"#{case.pk}", permit=permit.number, reason=reason)
    return permit
