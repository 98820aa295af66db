"""Determining a dog dangerous or potentially dangerous (North Andover Code ch. 60).

The Animal Control Officer investigates and proposes; the hearing authority —
the Police Chief or a designee who is never the Animal Control Officer
(Hearing authority A) — determines, and the same person never sits in both
seats on one case (the core's ``require_other_seat``). A dog is potentially
dangerous when it acts in a highly aggressive manner within an enclosure it
appears able to escape (Potentially dangerous B(1)(a)), or when its owner was
cited more than twice in twelve months for letting it run at large
(B(1)(b)): those citations are counted from the record, dismissed ones not
counting. The exceptions of Dangerous C(1)–(6) found to apply are recorded
with the determination.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from typing import TYPE_CHECKING

from django.db.models import TextChoices
from django.utils import timezone

from dogs.cases.common import (
    DANGEROUS_DOG,
    POTENTIALLY_DANGEROUS_DOG,
    require_case_type,
    require_role,
)
from dogs.law import cite
from permits_site.accounts.models import Role
from permits_site.enforcement.models import Case, Citation
from permits_site.enforcement.services.cases import determine, propose_determination
from permits_site.enforcement.services.citations import counted_offenses, same_party
from permits_site.exceptions import DomainError
from permits_site.rules.calendar import add_months, days_after

if TYPE_CHECKING:
    from permits_site.accounts.models import User


DOG_CONTROL = "north_andover.dog_control"
RUNNING_AT_LARGE = "running_at_large"
#: Potentially dangerous B(1)(b): cited "more than twice, in a twelve-month period".
AT_LARGE_CITATIONS_ALLOWED = 2
AT_LARGE_MONTHS = 12


class Criterion(TextChoices):
    """Potentially dangerous B(1): what makes a dog potentially dangerous."""

    AGGRESSIVE_IN_ENCLOSURE = "B(1)(a)", (
        "Highly aggressive, unprovoked, within an enclosure it appears able to escape")
    CITED_AT_LARGE = "B(1)(b)", "Owner cited more than twice in 12 months for running at large"


class DangerException(TextChoices):
    """Dangerous C(1)–(6): circumstances in which the dog is not considered dangerous."""

    TRESPASS_OR_TORMENT = "C(1)", (
        "The person was trespassing, committing a tort or crime, or tormenting the dog")
    ANIMAL_TORMENTING = "C(2)", "A domestic animal was tormenting, abusing or assaulting the dog"
    DEFENDING_A_PERSON = "C(3)", "The dog was protecting a person nearby from an attack"
    OFFICIAL_DUTIES = "C(4)", "Military, correctional or law enforcement duties"
    SKIN_NOT_BROKEN = "C(5)", "The person's skin was not broken"
    PAIN_OR_PROTECTION = "C(6)", (
        "The dog reacted to pain or injury, or protected itself, its kennel or offspring")


# -- potentially dangerous dog ------------------------------------------------------------


def at_large_window_start(on: dt.date) -> dt.date:
    """The first day of the twelve months ending on ``on`` (the day after the same date a
    year earlier; Feb 29 clamps to Feb 28)."""
    return days_after(add_months(on, -AT_LARGE_MONTHS), 1)


def running_at_large_citations(case: Case, *, on: dt.date) -> int:
    """Running-at-large citations on the owner's record in the twelve months ending on
    ``on`` (Potentially dangerous B(1)(b)); dismissed ones do not count."""
    return (
        Citation.objects.filter(same_party(case), counted_offenses(), offense=RUNNING_AT_LARGE,
                                case__case_type=DOG_CONTROL,
                                issued_on__range=(at_large_window_start(on), on))
        .distinct().count()
    )


def criteria_met(*, aggressive_in_enclosure: bool, at_large_citations: int) -> list[str]:
    """The criteria of Potentially dangerous B(1) a finding and a count meet."""
    met = [(Criterion.AGGRESSIVE_IN_ENCLOSURE, aggressive_in_enclosure),
           (Criterion.CITED_AT_LARGE, at_large_citations > AT_LARGE_CITATIONS_ALLOWED)]
    return [criterion.value for criterion, holds in met if holds]


def _criteria_findings(case: Case, *, aggressive_in_enclosure: bool) -> dict:
    count = running_at_large_citations(case, on=timezone.localdate())
    return {
        "aggressive_in_enclosure": aggressive_in_enclosure,
        "running_at_large_citations": count,
        "criteria": criteria_met(aggressive_in_enclosure=aggressive_in_enclosure,
                                 at_large_citations=count),
    }


def propose_potentially_dangerous(
    *, case: Case, aggressive_in_enclosure: bool, proposal: str, acting_user: User
) -> Case:
    """The Animal Control Officer's proposed determination, with the criteria met today."""
    require_case_type(case, POTENTIALLY_DANGEROUS_DOG)
    require_role(case, acting_user, Role.ANIMAL_CONTROL_OFFICER,
                  doing="proposes a determination")
    return propose_determination(
        case=case, proposal=proposal, acting_user=acting_user,
        findings=_criteria_findings(case, aggressive_in_enclosure=aggressive_in_enclosure),
    )


def _exception_codes(exceptions: Iterable[str]) -> list[str]:
    codes = list(dict.fromkeys(exceptions))
    unknown = [code for code in codes if code not in DangerException.values]
    if unknown:
        raise DomainError(f"Not an exception of {cite('Dangerous C')}: {', '.join(unknown)}.",
                          field="exceptions")
    return sorted(codes)


def _require_grounds(findings: dict, *, deemed: bool) -> None:
    if not deemed:
        return
    if not findings["criteria"]:
        raise DomainError(f"No criterion of {cite('Potentially dangerous B(1)')} is met.",
                          field="deemed")
    if findings["exceptions"]:
        raise DomainError(f"An exception of {cite('Dangerous C')} applies: the dog is not "
                          "considered dangerous.", field="deemed")


def determine_potentially_dangerous(
    *, case: Case, deemed: bool, exceptions: Iterable[str], determination: str, acting_user: User
) -> Case:
    """The hearing authority's determination (Potentially dangerous A; Hearing authority A):
    the citations are counted again on the day, and the exceptions found are recorded."""
    require_case_type(case, POTENTIALLY_DANGEROUS_DOG)
    require_role(case, acting_user, Role.HEARING_AUTHORITY, doing="determines the case")
    findings = {
        **_criteria_findings(case, aggressive_in_enclosure=case.findings.get(
            "aggressive_in_enclosure", False)),
        "exceptions": _exception_codes(exceptions),
        "deemed": deemed,
    }
    _require_grounds(findings, deemed=deemed)
    return determine(case=case, determination=determination, findings=findings,
                     acting_user=acting_user)


def determine_dangerous(
    *, case: Case, deemed: bool, exceptions: Iterable[str], determination: str, acting_user: User
) -> Case:
    """The hearing authority's determination on a written complaint that a dog is dangerous
    (Dangerous A, B), with the exceptions of C(1)–(6) found; a dog an exception covers is
    not considered dangerous."""
    require_case_type(case, DANGEROUS_DOG)
    require_role(case, acting_user, Role.HEARING_AUTHORITY, doing="determines the case")
    codes = _exception_codes(exceptions)
    if deemed and codes:
        raise DomainError(f"An exception of {cite('Dangerous C')} applies: the dog is not "
                          "considered dangerous.", field="deemed")
    return determine(case=case, determination=determination,
                     findings={"exceptions": codes, "deemed": deemed}, acting_user=acting_user)

