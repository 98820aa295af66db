"""Enforcement cases: complaint → determination → hearings → appeals, and the permit's fate.

Orders to correct, citations and charges on a case have their own modules;
an order in force for a time and its written renewals are here. Suspending
or revoking a permit goes through a case and through the licensing core's
status change, so the permit row and its history stay intact.

Where a town's law separates the officer who investigates from the one who
decides, the officer proposes the determination and whoever proposed it may
not decide the case, its hearings or its appeals (:func:`require_other_seat`).
An appeal is heard by someone other than whoever decided what it answers: they
neither record it nor decide it (``barred`` in :mod:`permits_site.enforcement.steps`).
A case type may declare the windows within which its determination, then an
appeal's ruling, is appealed; :func:`file_appeal` refuses an appeal after them.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from django.db import transaction
from django.utils import timezone

from permits_site import audit
from permits_site.accounts import permissions
from permits_site.enforcement.models import (
    Appeal,
    Case,
    CaseHearing,
    CaseStatus,
    Inspection,
    InspectionResult,
    InspectionStatus,
    Order,
    OrderRenewal,
)
from permits_site.enforcement.registry import (
    CaseSubject,
    case_subject,
    case_subjects,
    case_type_name,
    case_types,
)
from permits_site.enforcement.registry import case_type as registered_case_type
from permits_site.enforcement.steps import STEPS, own_decision_refusal, require_not_own_review
from permits_site.exceptions import DomainError, InvalidTransition, PermissionDenied
from permits_site.licensing.models import Permit
from permits_site.licensing.services.permits import change_permit_status
from permits_site.licensing.templatetags.localised import time_and_place
from permits_site.parties.models import Business, Property, PropertyOwner
from permits_site.parties.services import place_about
from permits_site.rules.calendar import format_date, period_due
from permits_site.rules.periods import Period
from permits_site.rules.registry import town_law
from permits_site.towns.models import HeldAt, Municipality
from permits_site.towns.office_days import (
    require_coming,
    require_hour_coming,
    require_open_day,
)

if TYPE_CHECKING:
    from permits_site.accounts.models import User

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


def require_other_seat(case: Case, acting_user: User, *, field: str) -> None:
    """Refuse the officer who proposed the case's determination deciding the case too."""
    if case.proposed_by_id is not None and case.proposed_by_id == acting_user.pk:
        raise PermissionDenied(
            "You proposed this determination: another person must decide the case.",
            field=field)


def require_decider(case: Case, acting_user: User, *, step: str) -> None:
    """Refuse, naming who may, anyone but the roles the case's type names to decide its
    hearings and appeals (``CaseType.deciders``)."""
    if not STEPS[step].holds_role_on(acting_user, case):
        raise STEPS[step].denied_on(case)


def _record(case: Case, *, acting_user: User, action: str, summary: str, **after) -> None:
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
    permit, application = inspection.permit, inspection.application
    responsible = (responsible_for_permit(permit) if permit
                   else responsible_for_application(application) if application
                   else {"party": None, "party_business": None, "party_name": ""})
    violations = "; ".join(
        f"{violation.message} ({violation.citation})" for violation in inspection.violations.all()
    )
    visited = inspection.inspected_on or inspection.scheduled_for
    return {
        "permit": permit,
        **responsible,
        "address": inspection.address,
        "complaint": f"Inspection #{inspection.pk} on {format_date(visited)} found: "
                     f"{violations or 'no violation'}.",
        "received_on": min(visited, timezone.localdate()),
        "inspection": inspection,
    }


def responsible_for_permit(permit: Permit) -> dict[str, Any]:
    """The party of a case about ``permit``: its holder. A business holding it is the party,
    whose record counts the repeat offenses and the surcharges (lifecycle.md), beside the
    person who applied for it."""
    return {"party": permit.holder, "party_business": permit.holder_business,
            "party_name": permit.holder_name}


def responsible_for_application(application) -> dict[str, Any]:
    """The party of a case about an application not yet issued: the business that is to hold
    the permit, else the applicant (:func:`responsible_for_permit`)."""
    return {"party": application.applicant, "party_business": application.business,
            "party_name": application.party.display_name}


def has_responsible_party(inspection: Inspection) -> bool:
    """Does the inspection name who answers for it: its permit's holder or its applicant?"""
    return inspection.permit_id is not None or inspection.application_id is not None


def require_case_opens(inspection: Inspection) -> None:
    """Refuse, on ``inspection``, a case from an inspection not closed as failed, or one
    that already has its case: its violations belong to that case."""
    if inspection.status != InspectionStatus.CLOSED:
        raise InvalidTransition("An inspection opens a case once it is closed as failed.",
                                field="inspection")
    if inspection.result != InspectionResult.FAILED:
        raise InvalidTransition("This inspection passed: there is no violation to pursue.",
                                field="inspection")
    opened = inspection.cases.order_by("pk").first()
    if opened is not None:
        raise InvalidTransition(f"Case #{opened.pk} was already opened from this inspection.",
                                field="inspection")


def opens_case(inspection: Inspection) -> bool:
    """Is the inspection closed as failed with no case yet (:func:`require_case_opens`)?"""
    try:
        require_case_opens(inspection)
    except InvalidTransition:
        return False
    return True


@transaction.atomic
def open_case_from_inspection(
    *,
    inspection: Inspection,
    case_type: str,
    acting_user: User,
    party: User | None = None,
    party_business: Business | None = None,
    party_name: str = "",
    about: Mapping[str, Any] | None = None,
) -> Case:
    """Open the case of a failed inspection in one step, with its violations, its place and
    the party responsible: the permit's holder (or the applicant), else the person or
    business the inspector picked from the town's records or the name they entered;
    ``about`` as :func:`open_case` takes it."""
    if not permissions.can_work_case(acting_user, inspection.municipality_id):
        raise STEPS["open"].denied(town=inspection.municipality_id)
    require_case_opens(inspection)
    details = inspection_case_details(inspection)
    if not has_responsible_party(inspection):
        named = (party_name or "").strip()
        if party is None and party_business is None and not named:
            raise DomainError("Choose the person or business responsible from the town's "
                              "records, or enter their name.", field="party")
        details.update(party=party, party_business=party_business, party_name=named)
    return open_case(municipality=inspection.municipality, case_type=case_type,
                     acting_user=acting_user, about=about, **details)


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
    acting_user: User,
    permit: Permit | None = None,
    application=None,
    inspection: Inspection | None = None,
    complainant: str = "",
    party_business=None,
    place: Property | None = None,
    owner: PropertyOwner | None = None,
    about: Mapping[str, Any] | None = None,
) -> Case:
    """Open a case on a complaint or an inspection's findings.

    ``case_type`` is a code a bylaw app registered for the town. A case
    opened from an inspection takes over its violations. A case is filed at
    ``place``, else at the property of its permit, application or
    inspection, so that property's page lists it. An ``owner`` of record of
    that property, when chosen, is the party: its name, and its account when
    linked, for a law that holds "the owner and/or occupant" responsible; else the
    party is the one given (the permit holder or occupant).

    ``about`` names what the case type's registered subject is about, by its fields (a
    town's dog: ``dog``, a record, or ``dog_description``); a case named after a record
    takes from it the party, address and place left empty, and the subject keeps it.
    """
    subject, named, subject_errors = _subject_named(municipality, case_type, about or {})
    if named.get("record") is not None and subject.field not in subject_errors:
        party, party_name, address, place = _taken_from(
            subject.responsible(named["record"]), party=party, party_business=party_business,
            party_name=party_name, address=address, place=place)
    place = case_place(place, permit=permit, application=application, inspection=inspection)
    errors = {**_opening_errors(municipality, case_type=case_type, permit=permit,
                                inspection=inspection, place=place), **subject_errors}
    if owner is not None:
        if not is_current_owner_of(owner, place):
            errors["owner"] = ["Choose one of the current owners of record of the property "
                               "the case is about."]
        party, party_business, party_name = owner.account, None, owner.name
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
        place=place,
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
            received_on=received_on, **({"place": place.pk} if place else {}),
            **({"owner": owner.pk} if owner else {}))
    if named:
        subject.attach(case=case, acting_user=acting_user, **named)
    return case


def _subject_named(municipality: Municipality, case_type: str, about: Mapping[str, Any]
                   ) -> tuple[CaseSubject | None, dict[str, Any], dict[str, list[str]]]:
    """The case type's subject, what ``about`` names of it (``record``, ``description``;
    empty when nothing) and the refusals by field: a subject the type does not name, or one
    its law refuses in the town."""
    given = {name: value for name, value in about.items() if value not in (None, "")}
    subject = case_subject(case_type) if isinstance(case_type, str) else None
    errors = {name: [f"A case of the type “{case_type_name(case_type)}” names no "
                     f"{_noun_of(name)}: leave this empty."]
              for name in given if subject is None or name not in subject.fields}
    if subject is None or not given.keys() & set(subject.fields):
        return subject, {}, errors
    named = {"record": given.get(subject.field),
             "description": str(given.get(subject.description_field, "")).strip()}
    return subject, named, {**errors, **subject.refusals(municipality, **named)}


def _taken_from(taken: Mapping[str, Any], *, party, party_business, party_name: str,
                address: str, place: Property | None) -> tuple:
    """What a case left empty takes from the record it is about (``taken``): its party when
    no one is named, its address and its place."""
    if party is None and party_business is None and not (party_name or "").strip():
        party, party_name = taken.get("party"), taken.get("party_name", "")
    return party, party_name, address or taken.get("address", ""), place or taken.get("place")


def _noun_of(field: str) -> str:
    return next((subject.noun for subject in case_subjects() if field in subject.fields),
                field.replace("_", " "))


def is_current_owner_of(owner: PropertyOwner, place: Property | None) -> bool:
    """Is ``owner`` an ownership of record of ``place`` that has not ended?"""
    return place is not None and owner.property_id == place.pk and owner.ended_on is None


def case_place(place: Property | None, *, permit: Permit | None, application,
               inspection: Inspection | None) -> Property | None:
    """The property a case is about: the one named, else its permit's, its application's or
    the one its inspection visited (an address typed included); the record that stays when
    that place was merged into another."""
    if place is not None:
        return place.staying
    return place_about(permit, application, inspection)


def _opening_errors(
    municipality: Municipality, *, case_type: str, permit, inspection, place
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
    if place is not None and place.municipality_id != municipality.pk:
        errors["place"] = [f"This property is not in {municipality.name}."]
    return errors


def _require_undetermined(case: Case) -> None:
    if case.status != CaseStatus.OPEN:
        raise InvalidTransition(
            f"Cannot determine a case that is {case.get_status_display().lower()}."
        )


@transaction.atomic
def propose_determination(
    *, case: Case, proposal: str, findings: dict | None = None, acting_user: User
) -> Case:
    """Record the finding an officer proposes, dated today, for another person to decide;
    ``findings`` are what the case type's law records with it."""
    _require_undetermined(case)
    case.proposed_determination = require_text(proposal, field="proposal",
                                               message="Write the proposed determination.")
    case.proposed_on = timezone.localdate()
    case.proposed_by = acting_user
    case.findings = {**case.findings, **(findings or {})}
    case.save(update_fields=["proposed_determination", "proposed_on", "proposed_by",
                             "findings"])
    _record(case, acting_user=acting_user, action="case.determination_proposed",
            summary=f"Determination proposed on case #{case.pk}",
            proposal=case.proposed_determination, findings=case.findings)
    return case


@transaction.atomic
def determine(
    *, case: Case, determination: str, findings: dict | None = None,
    complaint_validated: bool | None = None, acting_user: User
) -> Case:
    """Record the finding on an open case, dated today, by someone other than its proposer;
    ``findings`` are what the case type's law records with it.

    ``complaint_validated`` says whether the complaint was found true; given, it is kept in
    the findings, where a town whose renewal surcharges list validated consumer complaints
    counts it (:mod:`permits_site.enforcement.surcharge_record`).
    """
    _require_undetermined(case)
    registered = registered_case_type(case.case_type)
    if registered is not None and registered.proposal_required and not case.proposed_on:
        raise InvalidTransition("An officer proposes the determination first.")
    require_other_seat(case, acting_user, field="determination")
    case.determination = require_text(determination, field="determination",
                                      message="Write the determination.")
    case.determined_on = timezone.localdate()
    case.determined_by = acting_user
    validated = ({} if complaint_validated is None
                 else {"complaint_validated": complaint_validated})
    case.findings = {**case.findings, **(findings or {}), **validated}
    case.status = CaseStatus.DETERMINED
    case.save(update_fields=["determination", "determined_on", "determined_by", "findings",
                             "status"])
    _record(case, acting_user=acting_user, action="case.determined",
            summary=f"Case #{case.pk} determined", determination=case.determination,
            **validated)
    return case


@transaction.atomic
def close_case(*, case: Case, acting_user: User) -> Case:
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
    *, case: Case, notice_sent_on: dt.date, hearing_date: dt.date, acting_user: User,
    hearing_time: dt.time | None = None, location: str = "",
) -> CaseHearing:
    """Set a hearing on the case, at the hour and place given or else the town's usual
    ones, on a day not yet passed (today, at an hour still to come); the notice must go out
    before the hearing date, and the hearing falls on a day the town's offices are open (as
    when it is continued)."""
    require_case_open(case, doing="schedule a hearing on")
    require_coming(hearing_date, field="hearing_date", what="That day")
    if hearing_date < notice_sent_on:
        raise DomainError("The hearing must come after its notice is sent.",
                          field="hearing_date")
    require_open_day(case.municipality, hearing_date, field="hearing_date")
    hearing = CaseHearing(case=case, notice_sent_on=notice_sent_on, hearing_date=hearing_date,
                          scheduled_by=acting_user)
    hearing.fill_time_and_place(case.municipality, hearing_time=hearing_time, location=location)
    require_hour_coming(hearing_date, hearing.hearing_time, hour_given=hearing_time is not None)
    hearing.save()
    _record(case, acting_user=acting_user, action="case.hearing_scheduled",
            summary=f"Hearing on case #{case.pk} set for {format_date(hearing_date)}",
            hearing=hearing.pk, notice_sent_on=notice_sent_on, hearing_date=hearing_date,
            hearing_time=hearing.hearing_time or "", location=hearing.location)
    return hearing


@transaction.atomic
def decide_case_hearing(
    *, hearing: CaseHearing, decision: str, ruling: str = "", decided_on: dt.date, acting_user: User
) -> CaseHearing:
    """Record the hearing's decision and its written ruling."""
    if hearing.decided_on is not None:
        raise InvalidTransition("This hearing has already been decided.")
    require_decider(hearing.case, acting_user, step="hearing_decision")
    require_other_seat(hearing.case, acting_user, field="decision")
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


def appeal_window(case: Case) -> tuple[Period, dt.date, dt.date] | None:
    """(the period, the decision day it runs from, the last day to appeal) of the case's
    next appeal: of the latest appeal's ruling once one is decided, else of the
    determination. None when the case type declares no window or nothing is decided yet."""
    registered = registered_case_type(case.case_type)
    if registered is None:
        return None
    ruled = case.appeals.filter(decided_on__isnull=False).order_by("decided_on", "pk").last()
    code, start = ((registered.further_appeal_window, ruled.decided_on) if ruled
                   else (registered.appeal_window, case.determined_on))
    if not code or start is None:
        return None
    period = town_law(case.municipality.code).periods[code]
    return period, start, period_due(period, start, case.municipality.calendar())


def _require_within_window(case: Case, filed_on: dt.date) -> None:
    registered = registered_case_type(case.case_type)
    if registered is None or not registered.appeal_window:
        return
    window = appeal_window(case)
    if window is None:
        raise InvalidTransition("Nothing has been determined yet to appeal.")
    period, start, due = window
    if filed_on < start:
        raise DomainError(f"An appeal is filed on or after the decision of "
                          f"{format_date(start)}.", field="filed_on")
    if filed_on > due:
        raise DomainError(f"The appeal was due by {format_date(due)}: {period.description} "
                          f"({period.citation}).", field="filed_on")


@transaction.atomic
def file_appeal(
    *, case: Case, filed_on: dt.date, grounds: str, appellant: str = "", acting_user: User
) -> Appeal:
    """Record an appeal of the case's determination or ruling, within the case type's
    window when it declares one; never by the one who decided what it answers."""
    refusal = own_decision_refusal(case, acting_user)
    if refusal is not None:
        raise refusal
    require_case_open(case, doing="appeal")
    grounds = require_text(grounds, field="grounds", message="State the grounds of the appeal.")
    require_not_future(filed_on, field="filed_on", what="The filing date")
    if filed_on < case.received_on:
        raise DomainError("An appeal cannot be filed before the case began.", field="filed_on")
    _require_within_window(case, filed_on)
    appeal = Appeal.objects.create(case=case, appellant=(appellant or "").strip(),
                                   filed_on=filed_on, grounds=grounds, recorded_by=acting_user)
    _record(case, acting_user=acting_user, action="case.appeal_filed",
            summary=f"Appeal filed on case #{case.pk}", appeal=appeal.pk, filed_on=filed_on,
            appellant=appeal.appellant)
    return appeal


def _require_undecided(appeal: Appeal) -> None:
    if appeal.decided_on is not None:
        raise InvalidTransition("This appeal has already been decided.")


def held_at(hearing: HeldAt | CaseHearing | Appeal) -> str:
    """"June 17, 2027, 7:00 PM, Town Hall", with the parts a hearing has."""
    return ", ".join(part for part in (format_date(hearing.hearing_date),
                                       time_and_place(hearing)) if part)


@transaction.atomic
def schedule_appeal_hearing(*, appeal: Appeal, hearing_date: dt.date, acting_user: User,
                            hearing_time: dt.time | None = None, location: str = "") -> Appeal:
    """Set the public hearing on an appeal, on a day not yet passed (today, at an hour still
    to come), on or after the day it was filed, on a day the town's offices are open, at the
    hour and place given or else the town's usual ones. Once set it is moved only by a
    continuance, which says why and keeps the day, hour and place it replaces
    (``continue_appeal_hearing``)."""
    _require_undecided(appeal)
    if appeal.hearing_date is not None:
        raise InvalidTransition(
            f"The hearing on this appeal is already set for {held_at(appeal)}: moving it is a "
            "continuance, which says why (Continue or reschedule on the case page, "
            "appeal-hearing-continuances/ in the API).", field="appeal")
    require_coming(hearing_date, field="hearing_date", what="That day")
    if hearing_date < appeal.filed_on:
        raise DomainError("The hearing comes on or after the day the appeal was filed.",
                          field="hearing_date")
    municipality = appeal.case.municipality
    require_open_day(municipality, hearing_date, field="hearing_date")
    appeal.hearing_date = hearing_date
    appeal.fill_time_and_place(municipality, hearing_time=hearing_time, location=location)
    require_hour_coming(hearing_date, appeal.hearing_time, hour_given=hearing_time is not None)
    appeal.save(update_fields=["hearing_date", "hearing_time", "location"])
    _record(appeal.case, acting_user=acting_user, action="case.appeal_hearing_scheduled",
            summary=f"Hearing on the appeal on case #{appeal.case_id} set for "
                    f"{format_date(hearing_date)}", appeal=appeal.pk, hearing_date=hearing_date,
            hearing_time=appeal.hearing_time or "", location=appeal.location)
    return appeal


@transaction.atomic
def decide_appeal(
    *, appeal: Appeal, decision: str, decided_on: dt.date, ruling: str = "", acting_user: User
) -> Appeal:
    """Record the appeal's decision and written ruling, on or after its hearing when one
    was held, by someone other than the officer who proposed the determination and than
    whoever decided what the appeal answers (``own_review_refusal`` in
    :mod:`permits_site.enforcement.steps`)."""
    _require_undecided(appeal)
    require_decider(appeal.case, acting_user, step="appeal_decision")
    require_other_seat(appeal.case, acting_user, field="decision")
    require_not_own_review(appeal.case, acting_user)
    if decided_on < appeal.filed_on:
        raise DomainError("An appeal is decided on or after the day it is filed.",
                          field="decided_on")
    if appeal.hearing_date and decided_on < appeal.hearing_date:
        raise DomainError("An appeal is decided on or after its hearing.", field="decided_on")
    require_not_future(decided_on, field="decided_on", what="The decision date")
    appeal.decision = require_text(decision, field="decision", message="Write the decision.")
    appeal.ruling = (ruling or "").strip()
    appeal.decided_on = decided_on
    appeal.decided_by = acting_user
    appeal.save(update_fields=["decision", "ruling", "decided_on", "decided_by"])
    _record(appeal.case, acting_user=acting_user, action="case.appeal_decided",
            summary=f"Appeal on case #{appeal.case_id} decided", appeal=appeal.pk,
            decision=appeal.decision)
    return appeal


# -- orders in force for a time ---------------------------------------------------------


@transaction.atomic
def issue_order_in_force(
    *, case: Case, text: str, citation: str, ends_on: dt.date, acting_user: User
) -> Order:
    """An order binding from today through ``ends_on``; staff renew it or let it lapse."""
    require_case_open(case, doing="issue an order on")
    issued_on = timezone.localdate()
    if ends_on < issued_on:
        raise DomainError("An order cannot end before the day it is issued.", field="ends_on")
    order = Order.objects.create(
        case=case, text=require_text(text, field="text", message="Write what the order says."),
        citation=require_text(citation, field="citation", message="Cite the section."),
        issued_on=issued_on, comply_by=ends_on, ends_on=ends_on, issued_by=acting_user,
    )
    _record(case, acting_user=acting_user, action="case.order_issued",
            summary=f"Order on case #{case.pk} in force through {format_date(ends_on)}",
            order=order.pk, text=order.text, citation=order.citation, ends_on=ends_on)
    return order


@transaction.atomic
def renew_order(*, order: Order, period: Period, note: str = "", acting_user: User) -> OrderRenewal:
    """Renew an order in force, in writing, for a further ``period`` from its current last
    day — only while it is in force: an order that has ended is not renewed but issued
    anew."""
    require_case_open(order.case, doing="renew an order on")
    renewed_on = timezone.localdate()
    if order.ends_on is None:
        raise InvalidTransition("Only an order in force for a time is renewed.")
    if renewed_on > order.ends_on:
        raise InvalidTransition(
            f"The order ended on {format_date(order.ends_on)}: it can no longer be renewed "
            f"({period.citation}).")
    ends_on = period_due(period, order.ends_on, order.case.municipality.calendar())
    renewal = OrderRenewal.objects.create(order=order, renewed_on=renewed_on, ends_on=ends_on,
                                          note=(note or "").strip(), renewed_by=acting_user)
    order.ends_on = order.comply_by = ends_on
    order.save(update_fields=["ends_on", "comply_by"])
    _record(order.case, acting_user=acting_user, action="case.order_renewed",
            summary=f"Order on case #{order.case_id} renewed through {format_date(ends_on)}",
            order=order.pk, ends_on=ends_on)
    return renewal


@transaction.atomic
def rescind_order(*, order: Order, reason: str, acting_user: User) -> Order:
    """End an order in force for a time before its last day: it binds through today and is
    not renewed; the order records the day, who rescinded it and why. The law that lets
    someone rescind it is its app's to check."""
    require_case_open(order.case, doing="rescind an order on")
    today = timezone.localdate()
    if order.ends_on is None or order.ends_on < today or order.rescinded_on is not None:
        raise InvalidTransition("Only an order in force is rescinded.")
    reason = require_text(reason, field="reason", message="Give the reason for rescinding.")
    before = order.ends_on
    order.ends_on = order.comply_by = order.rescinded_on = today
    order.rescinded_by, order.rescission_reason = acting_user, reason
    order.save(update_fields=["ends_on", "comply_by", "rescinded_on", "rescinded_by",
                              "rescission_reason"])
    _record(order.case, acting_user=acting_user, action="case.order_rescinded",
            summary=f"Order on case #{order.case_id} rescinded on {format_date(today)}",
            order=order.pk, ended_before=before, reason=reason)
    return order


@transaction.atomic
def suspend_or_revoke_permit(*, case: Case, change: str, reason: str, acting_user: User) -> Permit:
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
