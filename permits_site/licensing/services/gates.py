"""The gates an application's rules, reviews, inspection and variances hold shut.

A failed blocking rule holds ``rules_met`` (or the gate its kind names: a
zoning certification is an office sign-off) until it passes or a granted
variance covers it; a ``needs_review`` finding holds ``review_determined``
until a reviewer records a determination; a passed inspection opens
``inspection_passed``; a variance waiting for signatures holds
``board_signatures`` (spec ``lifecycle.md``).
"""

from __future__ import annotations

from permits_site.licensing.declarations import Gate
from permits_site.licensing.kinds import Blocker
from permits_site.licensing.models import Application, ReviewDetermination, VarianceStatus
from permits_site.licensing.relief import unvaried_failures
from permits_site.rules.base import CheckResult


def latest_determinations(application: Application) -> dict[str, ReviewDetermination]:
    """Each rule's latest determination (reads prefetched ``determinations``)."""
    latest: dict[str, ReviewDetermination] = {}
    for determination in sorted(application.determinations.all(),
                                key=lambda record: (record.decided_at, record.pk)):
        latest[determination.rule_id] = determination
    return latest


def gate_blockers(application: Application, *, kind, result: CheckResult | None
                  ) -> list[Blocker]:
    found = _inspection_blockers(application, kind=kind)
    if result is not None:
        found += _rule_blockers(application, kind=kind, result=result)
        found += _review_blockers(application, result=result)
    found += _signature_blockers(application, kind=kind)
    return found


def _rule_blockers(application: Application, *, kind, result: CheckResult) -> list[Blocker]:
    return [
        Blocker(finding.rule, finding.message, finding.citation,
                Gate(kind.rule_gates.get(finding.rule, Gate.RULES_MET)))
        for finding in unvaried_failures(result, application.variances.all(), kind=kind,
                                         board_only=False)
    ]


def _review_blockers(application: Application, *, result: CheckResult) -> list[Blocker]:
    determinations = latest_determinations(application)
    found = []
    for finding in result.reviews:
        determination = determinations.get(finding.rule)
        if determination is None:
            message = f"A reviewer has not determined this finding yet: {finding.message}"
        elif not determination.acceptable:
            message = f"Determined not acceptable: {determination.note}"
        else:
            continue
        found.append(Blocker(finding.rule, message, finding.citation, Gate.REVIEW_DETERMINED))
    return found


def _inspection_blockers(application: Application, *, kind) -> list[Blocker]:
    if not kind.inspected or application.passed_inspection(check_code=kind.inspection_check):
        return []
    return [Blocker(
        "inspection.not_passed",
        "The inspection has not been passed yet.",
        kind.inspection_section(application),
        Gate.INSPECTION_PASSED,
    )]


def _signature_blockers(application: Application, *, kind) -> list[Blocker]:
    return [
        Blocker(
            f"variance.{variance.pk}",
            f"Variance #{variance.pk} waits for the Board's signatures "
            f"({variance.signatures_required} needed).",
            kind.variance_citation,
            Gate.BOARD_SIGNATURES,
        )
        for variance in application.variances.all()
        if variance.status == VarianceStatus.REQUESTED
    ]
