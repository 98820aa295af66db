"""Issuing permits and changing their status; issued permits are never edited."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from permits_site.licensing import audit
from permits_site.licensing.exceptions import InvalidTransition
from permits_site.licensing.kinds import kind_for
from permits_site.licensing.models import (
    Application,
    ApplicationStatus,
    Permit,
    PermitStatus,
)
from permits_site.licensing.services.applications import blockers, current_invoice
from permits_site.licensing.services.gates import latest_determinations
from permits_site.licensing.services.numbering import allocate_number
from permits_site.licensing.services.variances import frozen_variance, granted_variances
from permits_site.licensing.tasks import render_permit_pdf
from permits_site.rules.registry import get_rule_set


@transaction.atomic
def issue_permit(*, application: Application, acting_user) -> Permit:
    """Issue an approved application in one transaction.

    The number is allocated, holder, fee lines and granted variances frozen
    onto the permit (the license lists every variance, Northborough Horse &
    Stable Regs §8.2) and the audit entry written together; the PDF is
    rendered after commit.
    """
    application = Application.objects.select_for_update().get(pk=application.pk)
    if application.status != ApplicationStatus.APPROVED:
        raise InvalidTransition(
            f"Only an approved application can be issued; this one is "
            f"{application.get_status_display().lower()}."
        )
    remaining = blockers(application)
    if remaining:
        raise InvalidTransition(
            {
                "non_field_errors": [
                    f"{blocker.message} ({blocker.citation})" for blocker in remaining
                ]
            }
        )
    kind = kind_for(application.permit_type.code)
    if application.action in kind.amending_actions:
        return _amend_previous_permit(application, kind=kind, acting_user=acting_user)
    issued_on = timezone.localdate()
    valid_from, valid_through = kind.term(application, issued_on=issued_on)
    year = kind.license_year(application, on=issued_on)
    sequence = allocate_number(
        municipality=application.municipality, series=application.permit_type.code, year=year
    )
    invoice = current_invoice(application)
    lines = [_line_dict(line) for line in invoice.lines.all()] if invoice else []
    party = application.party
    place = application.place
    permit = Permit.objects.create(
        number=f"{application.permit_type.number_prefix}-{year}-{sequence:05d}",
        sequence=sequence,
        year=year,
        municipality=application.municipality,
        permit_type=application.permit_type,
        application=application,
        holder=application.applicant,
        holder_business=application.business,
        holder_name=party.display_name,
        holder_address=party.mailing_address,
        place=place,
        place_address=place.full_address if place else "",
        place_attributes=dict(place.attributes) if place else {},
        valid_from=valid_from,
        valid_through=valid_through,
        fee_lines=lines,
        fee_total=invoice.total if invoice else 0,
        conditions=[
            frozen_variance(variance, citation=kind.variance_citation)
            for variance in granted_variances(application)
        ],
        determinations=frozen_determinations(application),
        issued_by=acting_user,
    )
    application.status = ApplicationStatus.ISSUED
    application.save(update_fields=["status"])
    _supersede_previous(application, permit)
    kind.after_issue(application, permit, acting_user=acting_user)
    audit.record(
        actor=acting_user,
        action="permit.issued",
        subject=permit,
        municipality=permit.municipality,
        summary=f"Issued {permit.number} to {permit.holder_name}",
        before={"application_status": ApplicationStatus.APPROVED},
        after={"number": permit.number, "valid_through": str(valid_through)},
    )
    transaction.on_commit(lambda: render_permit_pdf.enqueue(permit.pk))
    return permit


def _amend_previous_permit(application: Application, *, kind, acting_user) -> Permit:
    """A replacement tag keeps the license: the kind amends its details, not the permit."""
    permit = application.previous_permit
    if permit is None or permit.status != PermitStatus.ACTIVE:
        raise InvalidTransition("Only an active permit can be given a replacement.")
    kind.after_issue(application, permit, acting_user=acting_user)
    application.status = ApplicationStatus.ISSUED
    application.save(update_fields=["status"])
    Permit.objects.filter(pk=permit.pk).update(pdf="")
    audit.record(
        actor=acting_user,
        action=f"permit.{application.action}",
        subject=permit,
        municipality=permit.municipality,
        summary=f"{application.action_label} for {permit.number}",
        after={"application": application.pk},
    )
    transaction.on_commit(lambda: render_permit_pdf.enqueue(permit.pk))
    return permit


def frozen_determinations(application: Application) -> list[dict]:
    """The acceptable determinations of needs-review findings, as the permit prints them:
    what was found, the reviewer's note and name (``lifecycle.md``)."""
    kind = kind_for(application.permit_type.code)
    rule_set = get_rule_set(kind.check_code(application))
    rules = {rule.id: rule for rule in rule_set.rules} if rule_set else {}
    return [
        {
            "rule": determination.rule_id,
            "summary": rules[determination.rule_id].summary,
            "citation": rules[determination.rule_id].citation,
            "note": determination.note,
            "reviewer": determination.decided_by.display_name,
            "decided_on": timezone.localtime(determination.decided_at).date().isoformat(),
        }
        for determination in latest_determinations(application).values()
        if determination.acceptable
    ]


def _line_dict(line) -> dict:
    return {
        "code": line.code,
        "description": line.description,
        "amount": str(line.amount),
        "citation": line.citation,
    }


def _supersede_previous(application: Application, permit: Permit) -> None:
    """A renewal or transfer supersedes the license it replaces."""
    previous = application.previous_permit
    if previous is None or application.action not in ("renewal", "transfer"):
        return
    if previous.status in (PermitStatus.ACTIVE, PermitStatus.EXPIRED):
        before = previous.status
        previous.status = PermitStatus.SUPERSEDED
        previous.superseded_by = permit
        previous.save(update_fields=["status", "superseded_by"])
        audit.record(
            actor=permit.issued_by,
            action="permit.superseded",
            subject=previous,
            municipality=previous.municipality,
            summary=f"{previous.number} superseded by {permit.number}",
            before={"status": before},
            after={"status": previous.status},
        )


_STATUS_CHANGES = {
    "suspend": ((PermitStatus.ACTIVE,), PermitStatus.SUSPENDED),
    "reinstate": ((PermitStatus.SUSPENDED,), PermitStatus.ACTIVE),
    "revoke": ((PermitStatus.ACTIVE, PermitStatus.SUSPENDED), PermitStatus.REVOKED),
}


@transaction.atomic
def change_permit_status(*, permit: Permit, change: str, reason: str, acting_user) -> Permit:
    """Suspend, reinstate or revoke; the permit's history stays intact."""
    allowed, target = _STATUS_CHANGES[change]
    if permit.status not in allowed:
        raise InvalidTransition(
            f"Cannot {change} a permit that is {permit.get_status_display().lower()}."
        )
    if not reason.strip():
        raise InvalidTransition("Give the reason.", field="reason")
    before = permit.status
    permit.status = target
    permit.save(update_fields=["status"])
    audit.record(
        actor=acting_user,
        action=f"permit.{change}",
        subject=permit,
        municipality=permit.municipality,
        summary=f"{permit.number}: {reason.strip()}",
        before={"status": before},
        after={"status": target},
    )
    return permit
