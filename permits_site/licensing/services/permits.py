"""Issuing permits and changing their status; issued permits are never edited."""

from __future__ import annotations

import datetime as dt
from dataclasses import replace
from typing import TYPE_CHECKING

from django.db import transaction
from django.utils import timezone

from permits_site import audit
from permits_site.accounts import permissions
from permits_site.exceptions import DomainError, InvalidTransition
from permits_site.licensing import transitions
from permits_site.licensing.kinds import YearEndNotice, kind_for
from permits_site.licensing.models import (
    Application,
    ApplicationStatus,
    Permit,
)
from permits_site.licensing.relief import unvaried_failures
from permits_site.licensing.services.applications import (
    approve_application,
    current_invoice,
    evaluate,
    require_nothing_blocks,
)
from permits_site.licensing.services.gates import latest_determinations
from permits_site.licensing.services.numbering import allocate_number
from permits_site.licensing.services.variances import frozen_variance, granted_variances
from permits_site.licensing.tasks import render_permit_pdf
from permits_site.parties.places import place_facts
from permits_site.rules.calendar import format_date
from permits_site.rules.registry import get_rule_set
from permits_site.towns.typed_text import columns

if TYPE_CHECKING:
    from permits_site.accounts.models import User


@transaction.atomic
def issue_permit(*, application: Application, acting_user: User,
                 next_license_year: bool = False) -> Permit:
    """Issue an approved application in one transaction.

    The number is allocated, holder, fee lines and granted variances frozen
    onto the permit (the license lists every variance, Northborough Horse &
    Stable Regs §8.2) and the audit entry written together; the PDF is
    rendered after commit. ``next_license_year``: in the last month of an annual
    permit's license year, issue it for the whole next one instead, where its law lets
    one apply ahead (North Andover's dog licenses from December 1, Licenses A(8)).
    """
    permissions.refuse_own_application(acting_user, application)
    application = _locked_for_issue(application.pk)
    return _issue(application, acting_user=acting_user, next_license_year=next_license_year,
                  blockers_checked=False)


def _locked_for_issue(pk: int) -> Application:
    """The application locked until the transaction ends (its row only), with what approving
    and issuing read of it: its type and town, its applicant, business and place (the
    holder and place the permit freezes), the license it renews, and what the gates and the
    permit read — invoices with their lines, documents, variances, reviewers'
    determinations and hearings."""
    return (
        Application.objects.select_for_update(of=("self",))
        .select_related("permit_type", "municipality", "applicant", "business", "place",
                        "previous_permit__municipality")
        .prefetch_related("invoices__lines", "documents", "variances",
                          "determinations__decided_by", "hearings")
        .get(pk=pk)
    )


def _issue(application: Application, *, acting_user: User, next_license_year: bool,
           blockers_checked: bool) -> Permit:
    """Issue the locked ``application``; ``blockers_checked`` when its approval, in this
    same transaction, has just refused on anything blocking it (they are evaluated once)."""
    transitions.require("issue", application)
    kind = kind_for(application.permit_type.code)
    issued_on = timezone.localdate()
    year_ending = _next_year_on_sale(application, on=issued_on) if next_license_year else None
    term_starts = issued_on
    if not blockers_checked:
        require_nothing_blocks(application)
    if application.action in kind.amending_actions:
        return _amend_previous_permit(application, kind=kind, acting_user=acting_user)
    if year_ending is not None:
        kind.move_to_license_year(application, year=year_ending.next_year)
        term_starts = year_ending.next_year_starts
    valid_from, valid_through = kind.term(application, issued_on=term_starts)
    year = kind.license_year(application, on=term_starts)
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
        place_attributes=place_facts(place) if place else {},
        valid_from=valid_from,
        valid_through=valid_through,
        fee_lines=lines,
        fee_total=invoice.total if invoice else 0,
        conditions=[
            *(condition.frozen() for condition in kind.conditions_for(application)),
            *(frozen_variance(variance, citation=kind.variance_citation)
              for variance in granted_variances(application)),
        ],
        determinations=frozen_determinations(application),
        issued_by=acting_user,
    )
    _mark_issued(application)
    _supersede_previous(application, permit, issued_on=issued_on)
    kind.after_issue(application, permit, acting_user=acting_user)
    audit.record(
        actor=acting_user,
        action="permit.issued",
        subject=permit,
        municipality=permit.municipality,
        summary=f"Issued {permit.number} to {permit.holder_name}",
        before={"application_status": ApplicationStatus.APPROVED},
        after={"number": permit.number, "license_year": year,
               "valid_from": str(valid_from), "valid_through": str(valid_through)},
    )
    transaction.on_commit(lambda: render_permit_pdf.enqueue(permit.pk))
    return permit


def year_end_notice(application: Application, *, on: dt.date) -> YearEndNotice | None:
    """The kind's notice for issuing ``application`` on ``on`` in its term's last month, with
    what refuses the next license year: the kind's :attr:`~PermitKind.year_bound_rules`
    judged again on that year's first day — the day its term would start, on which an
    application made for that year must find its proofs still valid — where no granted
    variance covers them. The review screen shows it; issuing for the next year refuses on
    it."""
    kind = kind_for(application.permit_type.code)
    notice = kind.year_end_notice(application, on=on)
    if notice is None or notice.next_year is None or not kind.year_bound_rules:
        return notice
    failures = unvaried_failures(evaluate(application, on=notice.next_year_starts),
                                 application.variances.all(), kind=kind, board_only=False)
    return replace(notice, next_year_refused=tuple(
        finding for finding in failures if finding.rule in kind.year_bound_rules))


def _next_year_on_sale(application: Application, *, on: dt.date) -> YearEndNotice:
    """The notice of the license year ending, when the next one may be issued today (its term
    is the kind's declared term from the day after this one ends), or a refusal naming the
    field and the section that sets the permit's term — or, judged on the next year's first
    day, the section of each rule that refuses it: nothing is moved or issued."""
    notice = year_end_notice(application, on=on)
    name = application.permit_type.name
    if notice is not None and notice.next_year_withheld:
        raise DomainError(notice.next_year_withheld, field="next_license_year")
    if notice is None or notice.next_year is None:
        citation = notice.citation if notice else application.permit_type.citation
        raise DomainError(
            f"A {name} cannot be issued for the next license year today: that is offered "
            f"only in the last month of a license year its law lets one apply ahead for "
            f"({citation}).",
            field="next_license_year",
        )
    if notice.next_year_refused:
        raise DomainError({"next_license_year": [
            f"A {name} cannot be issued for the {notice.next_year} license year, which starts "
            f"on {format_date(notice.next_year_starts)}: {finding.message} ({finding.citation})"
            for finding in notice.next_year_refused
        ]})
    return notice


def _amend_previous_permit(application: Application, *, kind, acting_user: User) -> Permit:
    """A replacement tag keeps the license: the kind amends its details, not the permit."""
    permit = application.previous_permit
    if permit is None:
        raise InvalidTransition("Name the license the replacement is for.", field="permit")
    transitions.PERMIT.require("amend", permit)
    kind.after_issue(application, permit, acting_user=acting_user)
    _mark_issued(application)
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


def _mark_issued(application: Application) -> None:
    application.status = transitions.leads_to("issue")
    application.save(update_fields=["status"])


@transaction.atomic
def approve_and_issue(*, application: Application, acting_user: User,
                      next_license_year: bool = False) -> Permit:
    """The clerk's one step on the review screen: approve an application still being
    decided, then issue it, in one transaction; either refusal leaves it as it was.

    Each step writes its own audit entry (``application.approved``, ``permit.issued``).
    Approval refuses on every blocker; the application stays locked until issued, so
    issuing does not evaluate them again (the renewal season issues hundreds at once).
    """
    permissions.refuse_own_application(acting_user, application)
    application = _locked_for_issue(application.pk)
    transitions.require("approve_and_issue", application)
    approving = transitions.can_approve(application)
    if approving:
        approve_application(application=application, acting_user=acting_user)
    return _issue(application, acting_user=acting_user, next_license_year=next_license_year,
                  blockers_checked=approving)


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
    """An invoice line as the license keeps it, with the admin's translations of its
    description where they gave them (the license PDF prints them beside the English)."""
    return {
        "code": line.code,
        "description": line.description,
        "amount": str(line.amount),
        "citation": line.citation,
        **{column: words for column in columns("description")
           if (words := getattr(line, column))},
    }


def _supersede_previous(application: Application, permit: Permit, *,
                        issued_on: dt.date) -> None:
    """A renewal or transfer supersedes the license it replaces from the day its own term
    begins. One whose term has begun supersedes it at once; one issued ahead (next license
    year's dog license in December, a dumpster permit renewed before the current one ends)
    is only linked to it: the license it replaces stays in force through its own term —
    the dog is licensed, the dumpster permitted, and its QR code says so — and is no longer
    offered for renewal (``Permit.renewable``)."""
    previous = application.previous_permit
    if previous is None or application.action not in ("renewal", "transfer"):
        return
    if not transitions.PERMIT.can("supersede", previous):
        return
    before = previous.status
    previous.superseded_by = permit
    if permit.valid_from <= issued_on:
        previous.status = transitions.PERMIT.leads_to("supersede")
        summary = f"{previous.number} superseded by {permit.number}"
    else:
        summary = (f"{previous.number} renewed by {permit.number}, which begins on "
                   f"{format_date(permit.valid_from)}: in force until then")
    previous.save(update_fields=["status", "superseded_by"])
    audit.record(
        actor=permit.issued_by,
        action="permit.superseded",
        subject=previous,
        municipality=previous.municipality,
        summary=summary,
        before={"status": before},
        after={"status": previous.status, "superseded_by": permit.number,
               "from": str(permit.valid_from)},
    )


@transaction.atomic
def end_open_term(*, permit: Permit, last_day: dt.date, reason: str,
                  acting_user: User) -> Permit:
    """A permit that runs until an event (a horse's registration until it leaves town) ends
    with the event: its term runs through ``last_day`` and the permit reads as expired after
    it (``Permit.effective_status``), as every other permit past its term does."""
    if not permit.is_open_ended:
        raise InvalidTransition(f"{permit.number} already runs through "
                                f"{format_date(permit.valid_through)}.", field="permit")
    if last_day < permit.valid_from:
        raise DomainError(f"{permit.number} cannot end before it began "
                          f"({format_date(permit.valid_from)}).", field="last_day")
    permit.valid_through = last_day
    permit.save(update_fields=["valid_through"])
    audit.record(
        actor=acting_user,
        action="permit.term_ended",
        subject=permit,
        municipality=permit.municipality,
        summary=f"{permit.number} runs through {format_date(last_day)}: {reason}",
        before={"valid_through": None},
        after={"valid_through": str(last_day)},
    )
    return permit


@transaction.atomic
def change_permit_status(*, permit: Permit, change: str, reason: str, acting_user: User) -> Permit:
    """Suspend, reinstate or revoke (``transitions.PERMIT``); the permit's history stays
    intact."""
    transitions.PERMIT.require(change, permit)
    if not reason.strip():
        raise InvalidTransition("Give the reason.", field="reason")
    before = permit.status
    permit.status = transitions.PERMIT.leads_to(change)
    permit.save(update_fields=["status"])
    audit.record(
        actor=acting_user,
        action=f"permit.{change}",
        subject=permit,
        municipality=permit.municipality,
        summary=f"{permit.number}: {reason.strip()}",
        before={"status": before},
        after={"status": permit.status},
    )
    return permit
