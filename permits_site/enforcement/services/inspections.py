"""Inspections: scheduled, answered on the inspector's checklist, closed with a result.

The checklist is the facts of a rule set the town registered; answers are
validated as strictly as the API validates facts (:meth:`RuleSet.parse`),
and closing judges them with the rules on the day of the visit: every failed
rule becomes a :class:`~permits_site.enforcement.models.Violation` carrying
the rule's id, citation and message.
"""

from __future__ import annotations

import datetime as dt
import secrets
from collections.abc import Mapping
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from django.core.files.uploadedfile import UploadedFile
from django.db import transaction
from django.utils import timezone

from permits_site import audit
from permits_site.accounts import permissions
from permits_site.enforcement.models import (
    Inspection,
    InspectionPhoto,
    InspectionResult,
    InspectionStatus,
    Violation,
)
from permits_site.exceptions import DomainError, InvalidTransition
from permits_site.licensing.fact_forms import bounds_errors
from permits_site.licensing.kinds import kind_for, registered_kinds
from permits_site.licensing.models import Application, Permit
from permits_site.licensing.services.documents import check_upload
from permits_site.parties.models import Property
from permits_site.parties.services import matching_property, place_about
from permits_site.rules.base import CheckResult, FactsInvalid, RuleSet
from permits_site.rules.calendar import format_date
from permits_site.rules.registry import inspection_checks
from permits_site.rules.wording import explain, gettext_noop
from permits_site.towns.models import Municipality

if TYPE_CHECKING:
    from permits_site.accounts.models import User

NOTES_MAX_LENGTH = 5000
PHOTO_TYPES = ("image/png", "image/jpeg")


def checks_of(municipality: Municipality) -> dict[str, RuleSet]:
    """The rule sets an inspection in ``municipality`` may use as its checklist."""
    return inspection_checks(municipality.code)


def rule_set_of(inspection: Inspection) -> RuleSet:
    rule_set = checks_of(inspection.municipality).get(inspection.check_code)
    if rule_set is None:
        raise DomainError(
            f"{inspection.check_code} is not a check of {inspection.municipality.name}.",
            field="check_code",
        )
    return rule_set


@transaction.atomic
def schedule_inspection(
    *,
    municipality: Municipality,
    check_code: str,
    scheduled_for: dt.date,
    inspector,
    acting_user: User,
    permit: Permit | None = None,
    application: Application | None = None,
    address: str = "",
) -> Inspection:
    """Schedule a visit against a permit, an application or an address.

    The address defaults to the place the permit or the application is about,
    else to its holder's or applicant's mailing address. The visit is at that place, else
    at the town's property at the address (:func:`place_of`). Refused,
    naming the field, for a check the town has not registered, an application's
    check other than the checklist its permit type's gate names (``inspection_check``,
    spec ``lifecycle.md``), another permit type's gate checklist for a permit or an
    application (:func:`_gate_checklists`), an inspector who holds no inspecting role in
    the town, or a record of another town.
    """
    if application is not None:
        permissions.refuse_own_application(acting_user, application)
    errors = _scheduling_errors(
        municipality, check_code=check_code, inspector=inspector, permit=permit,
        application=application,
    )
    address = (address or address_of(permit, application)).strip()
    if not address:
        errors["address"] = ["Enter the address to inspect, or choose a permit."]
    if errors:
        raise DomainError(errors)
    place = place_of(municipality, permit=permit, application=application, address=address)
    inspection = Inspection.objects.create(
        municipality=municipality,
        permit=permit,
        application=application,
        place=place,
        address=address,
        check_code=check_code,
        scheduled_for=scheduled_for,
        inspector=inspector,
        created_by=acting_user,
    )
    audit.record(
        actor=acting_user,
        action="inspection.scheduled",
        subject=inspection,
        municipality=municipality,
        summary=f"{checks_of(municipality)[check_code].title} at {address} on "
                f"{format_date(scheduled_for)}",
        after={"check_code": check_code, "scheduled_for": str(scheduled_for),
               "inspector": inspector.pk, "permit": permit and permit.pk,
               "application": application and application.pk, "place": place and place.pk},
    )
    return inspection


def _scheduling_errors(
    municipality: Municipality, *, check_code: str, inspector, permit, application
) -> dict[str, list[str]]:
    errors: dict[str, list[str]] = {}
    checks = checks_of(municipality)
    record = application or permit
    own_check = record and kind_for(record.permit_type.code).inspection_check
    if check_code not in checks:
        errors["check_code"] = [
            f"{municipality.name} has no check '{check_code}'; choose one of: "
            f"{', '.join(checks)}."
        ]
    elif application is not None and own_check and check_code != own_check:
        errors["check_code"] = [f"This application is inspected on the checklist its permit "
                                f"type requires: {own_check}."]
    elif record is not None and check_code != own_check and check_code in _gate_checklists():
        errors["check_code"] = [
            f"{checks[check_code].title} is the checklist of another permit type's "
            f"inspection: a {record.permit_type.name} is not inspected on it."]
    if inspector is None or not permissions.can_be_assigned_inspections(
        inspector, municipality.pk
    ):
        errors["inspector"] = [f"Choose an inspector of {municipality.name}."]
    if permit is not None and permit.municipality_id != municipality.pk:
        errors["permit"] = [f"This permit was not issued by {municipality.name}."]
    if application is not None and application.municipality_id != municipality.pk:
        errors["application"] = [f"This application was not made to {municipality.name}."]
    if permit is not None and application is not None:
        errors["application"] = ["Inspect either a permit or an application, not both."]
    return errors


def _gate_checklists() -> set[str]:
    """The checklists a permit type holds its applications for (``inspection_check``, spec
    ``lifecycle.md``): each is that type's alone, never another type's application's or
    permit's, which the town's other checks serve."""
    return {kind.inspection_check for kind in registered_kinds() if kind.inspection_check}


def address_of(permit: Permit | None, application: Application | None = None) -> str:
    """Where a visit or a case about a permit or an application takes place: the property
    it is about (a stable's site, not its keeper's home), else the holder's or the
    applicant's mailing address (spec ``lifecycle.md``, "Holders")."""
    if permit is not None:
        return permit.place_address or permit.holder_address
    if application is not None:
        place = application.place
        return place.full_address if place else application.applicant.mailing_address
    return ""


def place_of(municipality: Municipality, *, permit: Permit | None,
             application: Application | None, address: str) -> Property | None:
    """The property a visit is at (spec ``lifecycle.md``, "Property": one record per real
    place in a town): the one its permit or application is about — the record that stays,
    when that one was merged into another — else the town's property at ``address``, found
    as a second applicant's is (the street typed with its town, state or ZIP code after it
    is the same place as without them).
    None when the town has no property there, or several parcels share the address: the
    visit stays one of an address, and no property is recorded for it."""
    return place_about(permit, application) or matching_property(municipality=municipality,
                                                                   address=address)


def _refuse_own_visit(inspection: Inspection, user: User) -> None:
    """An application's inspection is one of the office's steps on it: no member of staff
    records or closes the visit of an application they or their business made
    (``permissions.own_application_refusal``)."""
    if inspection.application_id is not None:
        permissions.refuse_own_application(user, inspection.application)


def _require_scheduled(inspection: Inspection, *, doing: str) -> None:
    if inspection.status != InspectionStatus.SCHEDULED:
        raise InvalidTransition(
            f"Cannot {doing} an inspection that is {inspection.get_status_display().lower()}."
        )


def _require_visit_day(inspection: Inspection) -> None:
    """Findings, photos and the result are the visit's, recorded from the day the
    inspection is scheduled for: an inspector who goes earlier reschedules it first, so
    the record says when the visit was."""
    if timezone.localdate() < inspection.scheduled_for:
        raise InvalidTransition(explain(gettext_noop(
            "This inspection is scheduled for %(day)s: its findings are recorded from that "
            "day. To inspect earlier, reschedule it first."), day=inspection.scheduled_for))


def parse_answers(rule_set: RuleSet, answers: Any) -> dict[str, Any]:
    """The checklist answers as the rules read them, or :class:`DomainError` keyed by fact."""
    try:
        parsed = rule_set.parse(answers)
    except FactsInvalid as invalid:
        raise DomainError(invalid.errors) from invalid
    out_of_bounds = bounds_errors(rule_set, parsed)
    if out_of_bounds:
        raise DomainError(out_of_bounds)
    return parsed


def as_strict_json(facts: Mapping[str, Any]) -> dict[str, Any]:
    """Parsed facts back as the strict JSON :meth:`RuleSet.parse` accepts, for storage."""
    return {name: _json_value(value) for name, value in facts.items()}


def _json_value(value: Any) -> Any:
    if isinstance(value, Decimal):
        return int(value) if value == value.to_integral_value() else float(value)
    if isinstance(value, dt.time):
        return value.strftime("%H:%M")
    if isinstance(value, dt.date):
        return value.isoformat()
    return value


@transaction.atomic
def record_inspection(
    *, inspection: Inspection, answers: Mapping[str, Any], notes: str, acting_user: User
) -> Inspection:
    """Save the checklist answers and notes of a scheduled inspection, from its day on.

    ``answers`` are strict JSON facts (the API's shape); every fact the rule
    set requires must be answered, and each refusal names its fact.
    """
    _refuse_own_visit(inspection, acting_user)
    _require_scheduled(inspection, doing="record findings on")
    _require_visit_day(inspection)
    parsed = parse_answers(rule_set_of(inspection), answers)
    notes = (notes or "").strip()
    if len(notes) > NOTES_MAX_LENGTH:
        raise DomainError(f"Keep the notes under {NOTES_MAX_LENGTH} characters.", field="notes")
    before = {"answers": inspection.answers, "notes": inspection.notes}
    inspection.answers = as_strict_json(parsed)
    inspection.notes = notes
    inspection.save(update_fields=["answers", "notes"])
    audit.record(
        actor=acting_user,
        action="inspection.recorded",
        subject=inspection,
        municipality=inspection.municipality,
        summary=f"Findings recorded on inspection #{inspection.pk}",
        before=before,
        after={"answers": inspection.answers, "notes": notes},
    )
    return inspection


@transaction.atomic
def add_inspection_photo(
    *, inspection: Inspection, upload: UploadedFile, caption: str = "", acting_user: User
) -> InspectionPhoto:
    """Attach a photo taken on the visit, checked by its content like any document."""
    _refuse_own_visit(inspection, acting_user)
    _require_scheduled(inspection, doing="add photos to")
    _require_visit_day(inspection)
    content_type, sha256 = check_upload(upload)
    if content_type not in PHOTO_TYPES:
        raise DomainError("Upload a photo: a PNG or JPEG image.", field="file")
    photo = InspectionPhoto(
        inspection=inspection,
        content_type=content_type,
        caption=(caption or "").strip()[:200],
        sha256=sha256,
    )
    photo.file.save(secrets.token_hex(16), upload, save=False)
    photo.save()
    audit.record(
        actor=acting_user,
        action="inspection.photo_added",
        subject=inspection,
        municipality=inspection.municipality,
        summary=f"Photo added to inspection #{inspection.pk}",
        after={"photo": photo.pk, "content_type": content_type, "sha256": sha256},
    )
    return photo


def judge(inspection: Inspection, *, on: dt.date) -> CheckResult:
    """The rules' findings on the recorded answers, on the town's business calendar."""
    rule_set = rule_set_of(inspection)
    if not inspection.answers:
        raise DomainError("Record the checklist answers before closing.", field="answers")
    facts = parse_answers(rule_set, inspection.answers)
    return rule_set.evaluate(facts, on=on, calendar=inspection.municipality.calendar())


@transaction.atomic
def close_inspection(
    *,
    inspection: Inspection,
    acting_user: User,
    answers: Mapping[str, Any] | None = None,
    notes: str = "",
) -> Inspection:
    """Close the visit with its result, dated today; each failed rule becomes a violation.

    ``answers`` (with ``notes``), when given, are the field screen's checklist as it stood
    when "Close inspection" was pressed: recorded first, in the same transaction, so the
    result is judged on them and a refusal of either leaves the visit as it was.
    """
    if answers is not None:
        record_inspection(inspection=inspection, answers=answers, notes=notes,
                          acting_user=acting_user)
    inspection = Inspection.objects.select_for_update().get(pk=inspection.pk)
    _refuse_own_visit(inspection, acting_user)
    _require_scheduled(inspection, doing="close")
    _require_visit_day(inspection)
    today = timezone.localdate()
    result = judge(inspection, on=today)
    Violation.objects.bulk_create(
        Violation(
            municipality_id=inspection.municipality_id,
            inspection=inspection,
            permit_id=inspection.permit_id,
            rule=finding.rule,
            citation=finding.citation,
            message=finding.message,
            found_on=today,
        )
        for finding in result.failures
    )
    inspection.status = InspectionStatus.CLOSED
    inspection.result = InspectionResult.PASSED if result.compliant else InspectionResult.FAILED
    inspection.inspected_on = today
    inspection.closed_at = timezone.now()
    inspection.save(update_fields=["status", "result", "inspected_on", "closed_at"])
    audit.record(
        actor=acting_user,
        action="inspection.closed",
        subject=inspection,
        municipality=inspection.municipality,
        summary=f"Inspection #{inspection.pk} {inspection.get_result_display().lower()}"
        + (f": {', '.join(finding.rule for finding in result.failures)}"
           if result.failures else ""),
        before={"status": InspectionStatus.SCHEDULED},
        after={"status": inspection.status, "result": inspection.result,
               "violations": [finding.rule for finding in result.failures]},
    )
    return inspection
