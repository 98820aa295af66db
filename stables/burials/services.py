"""Horse burial notices (Northborough Horse & Stable Regs §6.6): the resident notifies the
Board of Health, and the notice is judged on the day it is filed.

The service is keyword-only, runs in one transaction and leaves an audit entry.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_noop

from permits_site import audit
from permits_site.exceptions import DomainError
from permits_site.rules.base import Finding
from stables import rules
from stables.facts import as_json
from stables.models import Horse, HorseBurialNotice, Stable


def kept_horses(owner):
    """The owner's horses still kept in town: those a notice may name."""
    return Horse.objects.filter(owner=owner, kept_until__isnull=True)


def burial_stables(person):
    """Where ``person`` may notify a burial: their own stables, and the stables where their
    horses are kept."""
    return Stable.objects.filter(Q(keeper=person) | Q(horses__in=kept_horses(person))).distinct()


@transaction.atomic
def file_burial_notice(
    *,
    filed_by,
    stable: Stable,
    horse: Horse | None,
    site: str,
    facts: Mapping[str, Any],
) -> HorseBurialNotice:
    """Notify the Board of Health of a horse's burial at the stable (§6.6).

    The notice is judged by rule set ``northborough.horse_burial`` on the day it is filed,
    with the town's calendar: notice after a burial on a working day is late, and after a
    weekend or holiday burial it is due by the first working day following. A horse
    named is no longer kept in town from its burial.
    """
    if stable.keeper_id != filed_by.pk and not (horse and horse.stable_id == stable.pk):
        raise DomainError(gettext_noop("Choose your stable, or the stable where your horse was "
                                       "kept."), field="stable")
    if horse is not None and horse.owner_id != filed_by.pk and stable.keeper_id != filed_by.pk:
        raise DomainError(gettext_noop("Choose one of your horses."), field="horse")
    if not site.strip():
        raise DomainError(gettext_noop("Say where on the lot the horse is buried."), field="site")
    rule_set = rules.HORSE_BURIAL
    today = timezone.localdate()
    result = rule_set.evaluate(facts, on=today, calendar=stable.municipality.calendar())
    notice = HorseBurialNotice.objects.create(
        municipality=stable.municipality,
        filed_by=filed_by,
        stable=stable,
        horse=horse,
        site=site.strip(),
        facts=as_json(facts),
        findings=[_finding_json(finding) for finding in result.findings],
        compliant=result.compliant,
        filed_on=today,
    )
    if horse is not None and horse.kept_in_town:
        horse.kept_until = facts["burial_date"]
        horse.save(update_fields=["kept_until"])
    audit.record(
        actor=filed_by,
        action="stable.burial_notice_filed",
        subject=notice,
        municipality=stable.municipality,
        summary=f"Horse burial notice at {stable.address}"
        + ("" if result.compliant else f": {len(result.failures)} rule(s) not met"),
        after={"findings": [finding.rule for finding in result.failures]},
    )
    return notice


def findings_as_filed(notice: HorseBurialNotice) -> list[dict[str, str]]:
    """The notice's findings as filed. A message the rules, read again on the notice's facts
    and day, still say word for word keeps its wording, so a page says it in the reader's
    language; one they now say otherwise stays as filed."""
    rule_set = rules.HORSE_BURIAL
    again = {
        finding.rule: finding.message
        for finding in rule_set.evaluate(rule_set.parse(notice.facts), on=notice.filed_on,
                                         calendar=notice.municipality.calendar()).findings
    }
    return [
        {**filed, "message": again[filed["rule"]]}
        if again.get(filed["rule"]) == filed["message"] else filed
        for filed in notice.findings
    ]


def _finding_json(finding: Finding) -> dict[str, str]:
    return {
        "rule": finding.rule,
        "citation": finding.citation,
        "outcome": str(finding.outcome),
        "message": finding.message,
    }
