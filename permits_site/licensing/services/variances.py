"""Variances and waivers: the Board's written relief from named rules of one application.

A variance names the rule ids it covers, the conditions attached and the
specific bases of the decision (Northborough Horse & Stable Regs §8.2). It
takes effect once enough members of the Board have signed it — the permit
kind says how many: Tisbury BOH Reg 09.0.3 wants two. While granted, a failed
rule it covers no longer blocks issuance, and the license lists it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.db import transaction
from django.db.models import Prefetch
from django.utils import timezone

from permits_site import audit
from permits_site.accounts import permissions
from permits_site.exceptions import DomainError, InvalidTransition, PermissionDenied
from permits_site.licensing import transitions
from permits_site.licensing.kinds import kind_for
from permits_site.licensing.models import (
    Application,
    PermitStatus,
    Variance,
    VarianceSignature,
    VarianceStatus,
)
from permits_site.licensing.relief import LIVE_STATUSES, covered_rules, relief_sentence
from permits_site.licensing.services.applications import NOT_JUDGED, evaluate
from permits_site.rules.base import CheckResult, Outcome
from permits_site.rules.registry import get_rule_set, rule_in_plain_words

if TYPE_CHECKING:
    from permits_site.accounts.models import User

#: What a written waiver application must name, field by field.
WRITTEN_APPLICATION = {
    "locus": "Name the locus with its assessors' lot number.",
    "owner": "Give the owner's name and address.",
    "regulation": "Quote the exact regulation: page, section, paragraph, sentence, words or "
                  "numbers.",
    "relief": "Say what waiver is asked.",
}


def cited(message: str, citation: str) -> str:
    """A refusal with the section behind it, when the permit kind names one."""
    return f"{message} ({citation})" if citation else message


def variance_citation(application: Application) -> str:
    return kind_for(application.permit_type.code).variance_citation


def granted_variances(application: Application) -> list[Variance]:
    """The application's variances in force; reads a prefetched ``variances`` when there is one."""
    return [variance for variance in application.variances.all() if variance.is_granted]


def granted_rule_ids(application: Application) -> set[str]:
    """Every rule a granted variance covers: failing it no longer blocks issuance."""
    return covered_rules(application.variances.all())


@transaction.atomic
def request_variance(
    *, application: Application, rule_ids: list[str], request_text: str, acting_user: User,
    sets_aside_law: bool = False, locus: str = "", owner: str = "", regulation: str = "",
    relief: str = "", result: CheckResult | None | object = NOT_JUDGED,
) -> Variance:
    """Put a written request before the Board to vary rules of the application's rule set.

    A rule already in a pending or granted variance cannot be asked for again;
    after a denial it can. A rule the law puts beyond waiver for this
    application (a Tisbury Barrier Beach rule on a barrier beach, 09.9.1) is
    refused; so is a rule the application does not fail (it passes, does not
    apply or awaits a reviewer's determination): the Board varies a requirement
    whose enforcement would do manifest injustice (Northborough §8.2). So is a
    request the clerk marks as asking to set aside a state or federal statute or
    a town bylaw (``sets_aside_law``): no Board can waive those. Where the law
    wants a written application (Tisbury
    09.0.3), it names the locus with its assessors' lot, the owner, the exact
    regulation and the waiver asked, and ``request_text`` says why; such a request may name
    no rule of the rule set, for the Board may waive any of its regulations (Tisbury
    09.0.3(3)), and the regulation it names in writing is what the Board decides on.

    ``result`` is the application as judged by the page that offered the rules to choose
    from, so that one request judges it once; the service judges it when not given.
    """
    application = Application.objects.select_for_update().get(pk=application.pk)
    if not variance_citation(application):
        raise InvalidTransition(
            f"The law behind a {application.permit_type.name} provides no variance or waiver."
        )
    transitions.require("request_variance", application)
    citation = variance_citation(application)
    kind = kind_for(application.permit_type.code)
    waives_in_writing_only = kind.written_waiver_application and not rule_ids
    errors = {} if waives_in_writing_only else _rule_id_errors(application, rule_ids,
                                                               citation=citation)
    if not errors and (refusals := kind.unwaivable_rules(application, rule_ids)):
        errors["rule_ids"] = refusals
    if not errors and not waives_in_writing_only and (
            not_failed := _not_failed(
                evaluate(application) if result is NOT_JUDGED else result, rule_ids)):
        errors["rule_ids"] = [cited(message, citation) for message in not_failed]
    if sets_aside_law:
        errors["sets_aside_law"] = [relief_sentence(kind, "law_beyond_relief")]
    if not request_text.strip():
        errors["request_text"] = [cited("Say what is asked of the Board and why.", citation)]
    written = {"locus": locus.strip(), "owner": owner.strip(),
               "regulation": regulation.strip(), "relief": relief.strip()}
    if kind.written_waiver_application:
        errors.update({name: [cited(WRITTEN_APPLICATION[name], citation)]
                       for name, value in written.items() if not value})
    if errors:
        raise DomainError(errors)
    variance = Variance.objects.create(
        application=application,
        rule_ids=_in_rule_set_order(application, rule_ids),
        request_text=request_text.strip(),
        **written,
        signatures_required=kind.variance_signatures_required,
        requested_by=acting_user,
    )
    audit.record(
        actor=acting_user,
        action="variance.requested",
        subject=variance,
        municipality=application.municipality,
        summary=f"Variance #{variance.pk} of "
                f"{', '.join(variance.rule_ids) or variance.regulation} requested",
        after={"status": variance.status, "rule_ids": variance.rule_ids},
    )
    return variance


def variances_with_signatures(application: Application):
    """The application's variances, oldest first, each with its Board signatures."""
    return application.variances.select_related("requested_by").prefetch_related(
        Prefetch("signatures", queryset=VarianceSignature.objects.select_related("board_member")
                 .order_by("signed_at", "pk"))
    ).order_by("requested_at", "pk")


def _rule_ids_of(application: Application) -> list[str]:
    rule_set = get_rule_set(kind_for(application.permit_type.code).check_code(application))
    return [rule.id for rule in rule_set.rules] if rule_set else []


def _in_rule_set_order(application: Application, rule_ids: list[str]) -> list[str]:
    return [rule_id for rule_id in _rule_ids_of(application) if rule_id in rule_ids]


def _rule_id_errors(
    application: Application, rule_ids: list[str], *, citation: str
) -> dict[str, list[str]]:
    """Refusals of the rules asked for: none, unknown, another body's sign-off, or already in
    a live variance."""
    if not rule_ids:
        messages = ["Choose at least one rule for the variance to cover."]
    elif unknown := [rule_id for rule_id in rule_ids if rule_id not in _rule_ids_of(application)]:
        messages = [
            f"{rule_id} is not a rule this application is judged by." for rule_id in unknown
        ]
    elif sign_offs := [rule_id for rule_id in rule_ids
                       if not kind_for(application.permit_type.code).board_varies(rule_id)]:
        messages = [
            f"{rule_in_plain_words(rule_id)} is another body's sign-off, which the office "
            "records: the Board varies only its own rules." for rule_id in sign_offs
        ]
    else:
        messages = [
            f"{rule_id} is already in variance #{variance.pk} "
            f"({variance.get_status_display().lower()})."
            for variance in application.variances.filter(status__in=LIVE_STATUSES)
            for rule_id in variance.rule_ids
            if rule_id in rule_ids
        ]
    return {"rule_ids": [cited(message, citation) for message in messages]} if messages else {}


#: Why a rule the application does not fail needs no variance, by its finding's outcome.
NOT_FAILED = {
    Outcome.PASS: "passes: the application meets it and needs no variance.",
    Outcome.NOT_APPLICABLE: "does not apply to this application: there is nothing to vary.",
    Outcome.NEEDS_REVIEW: "waits for a reviewer's determination, not a variance: a variance "
                          "is from a requirement the application does not meet.",
}


def _not_failed(result: CheckResult | None, rule_ids: list[str]) -> list[str]:
    """Refusals of the rules asked for that the application (judged: ``result``) does not
    fail today: the Board varies a provision whose enforcement would do manifest injustice
    (Northborough §8.2), and a rule that passes, does not apply or awaits a determination is
    not enforced against the application."""
    if result is None:
        return [f"{rule_id} has not been judged yet: the office has not recorded what the "
                "rules read." for rule_id in rule_ids]
    outcomes = {finding.rule: finding.outcome for finding in result.findings}
    return [f"{rule_id} {NOT_FAILED[outcomes[rule_id]]}" for rule_id in rule_ids
            if outcomes[rule_id] is not Outcome.FAIL]


def _locked(variance: Variance) -> Variance:
    """The variance row locked, so that two members signing at once count each other."""
    return (
        Variance.objects.select_for_update(of=("self",))
        .select_related("application__municipality", "application__permit_type")
        .get(pk=variance.pk)
    )


def _check_signer(variance: Variance, board_member, *, citation: str) -> VarianceSignature | None:
    """Refuse anyone but a Board member of the town, a member who applied for the
    application or whose business did (``permissions.own_application_refusal``), and a
    decided variance; their signature."""
    application = variance.application
    if not permissions.can_sign_variance(board_member, application):
        raise PermissionDenied(
            cited(
                f"Only a member of the {application.municipality.short_name} "
                f"{application.permit_type.authority} can sign a variance.",
                citation,
            ),
            field="board_member",
        )
    permissions.refuse_own_application(board_member, application)
    if variance.status != VarianceStatus.REQUESTED:
        raise InvalidTransition(
            f"Variance #{variance.pk} is already {variance.get_status_display().lower()}."
        )
    return variance.signatures.filter(board_member=board_member).first()


@transaction.atomic
def sign_variance(
    *, variance: Variance, board_member, approve: bool, conditions: str = "", bases: str = ""
) -> Variance:
    """Record one Board member's signature; enough approvals grant the variance.

    The first approval proposes the conditions and bases; later members sign
    that same text (a member who disagrees opposes, or denies). A grant needs
    its bases written down, and its conditions where the law says so: "the
    conditions of it and specific bases for it must be listed on the stable
    license" (Northborough §8.2); a Tisbury waiver may carry none (09.0.3).
    """
    variance = _locked(variance)
    kind = kind_for(variance.application.permit_type.code)
    citation = kind.variance_citation
    if _check_signer(variance, board_member, citation=citation) is not None:
        raise InvalidTransition(
            f"You have already signed variance #{variance.pk}.", field="board_member"
        )
    if approve:
        _settle_text(
            variance, conditions=conditions.strip(), bases=bases.strip(), citation=citation,
            conditions_required=kind.variance_requires_conditions,
        )
    VarianceSignature.objects.create(variance=variance, board_member=board_member, approve=approve)
    approvals = variance.signatures.filter(approve=True).count()
    before = {"status": variance.status}
    if approve:
        if approvals >= variance.signatures_required:
            variance.status = VarianceStatus.GRANTED
            variance.decided_at = timezone.now()
        variance.save()
    vote = "approved" if approve else "opposed"
    audit.record(
        actor=board_member,
        action="variance.granted" if variance.is_granted else "variance.signed",
        subject=variance,
        municipality=variance.application.municipality,
        summary=(
            f"Variance #{variance.pk} {vote} by {board_member.display_name} "
            f"({approvals} of {variance.signatures_required} approvals)"
            + ("; granted" if variance.is_granted else "")
        ),
        before=before,
        after={"status": variance.status, "approve": approve, "approvals": approvals},
    )
    return variance


def _settle_text(
    variance: Variance, *, conditions: str, bases: str, citation: str, conditions_required: bool
) -> None:
    """Fill in the proposed conditions and bases, or check a later signer signs the same: once
    a member approved, the text is settled, conditions left out included."""
    settled = variance.signatures.filter(approve=True).exists()
    errors: dict[str, list[str]] = {}
    for field, given, label, required in (
        ("conditions", conditions, "the conditions imposed", conditions_required),
        ("bases", bases, "the specific bases of the variance", True),
    ):
        proposed = getattr(variance, field)
        if required and not (given or proposed):
            errors[field] = [cited(f"Write down {label} to grant a variance.", citation)]
        elif given and given != proposed and (proposed or settled):
            signed = (f"signed {label}; sign them as written" if proposed
                      else f"signed without {label}; sign it so")
            errors[field] = [cited(f"Another member already {signed}, or oppose.", citation)]
        elif not settled:
            setattr(variance, field, given or proposed)
    if errors:
        raise DomainError(errors)


@transaction.atomic
def deny_variance(*, variance: Variance, board_member, reason: str) -> Variance:
    """The Board refuses the variance, its reason kept as the denial's own; the bases an
    approving member proposed stay what they were (§8.2: bases are those of a grant).

    The denying member's opposing signature is recorded with it. A member who
    already approved cannot deny: one signature each.
    """
    variance = _locked(variance)
    citation = variance_citation(variance.application)
    signature = _check_signer(variance, board_member, citation=citation)
    if signature is not None and signature.approve:
        raise InvalidTransition(
            f"You approved variance #{variance.pk}; one signature each.", field="board_member"
        )
    if not reason.strip():
        raise DomainError(
            cited("Give the Board's reason for denying the variance.", citation), field="reason"
        )
    if signature is None:
        VarianceSignature.objects.create(
            variance=variance, board_member=board_member, approve=False
        )
    before = {"status": variance.status}
    variance.status = VarianceStatus.DENIED
    variance.denial_reason = reason.strip()
    variance.decided_at = timezone.now()
    variance.save()
    audit.record(
        actor=board_member,
        action="variance.denied",
        subject=variance,
        municipality=variance.application.municipality,
        summary=f"Variance #{variance.pk} denied by {board_member.display_name}: "
                f"{variance.denial_reason}",
        before=before,
        after={"status": variance.status, "reason": variance.denial_reason},
    )
    return variance


def frozen_variance(variance: Variance, *, citation: str) -> dict:
    """A granted variance as the license keeps it (§8.2: listed on the license), with the
    regulation its written application names, where it names one (09.0.3)."""
    frozen = {
        "kind": "variance",
        "rules": list(variance.rule_ids),
        "conditions": variance.conditions,
        "bases": variance.bases,
        "citation": citation,
    }
    if variance.regulation:
        frozen["regulation"] = variance.regulation
    return frozen


def variances_in_effect(municipality, *, on) -> list[Variance]:
    """The town's granted variances on permits in force on ``on`` whose law keeps them open to
    the public (Northborough §8.2), newest first, in one query."""
    variances = (
        Variance.objects.filter(
            status=VarianceStatus.GRANTED,
            application__municipality=municipality,
            application__permit__status=PermitStatus.ACTIVE,
            application__permit__valid_from__lte=on,
            application__permit__valid_through__gte=on,
        )
        .select_related("application__permit", "application__permit_type")
        .order_by("-decided_at", "-pk")
    )
    return [variance for variance in variances
            if kind_for(variance.application.permit_type.code).variance_notice.public_register]
