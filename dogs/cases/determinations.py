"""Determining a dog dangerous or potentially dangerous (North Andover Code ch. 60).

A potentially dangerous dog is determined "in the discretion of the Animal Control Officer
and/or the Chief of Police, or his designee" (Potentially dangerous B(2)): the officer
determines it, or proposes and leaves it to the hearing authority. A dangerous dog is
declared by the hearing authority (Dangerous A) on the grounds of B(1)(a)–(e), which are
recorded. The hearing authority's seat — the Police Chief or a designee who is never the
Animal Control Officer (Hearing authority A) — is refused to anyone holding the officer's
role in the town, and the proposer never decides (the core's ``require_other_seat``).

A dog is potentially dangerous when it acts in a highly aggressive manner within an enclosure it
appears able to escape (Potentially dangerous B(1)(a)), or when its owner was
cited more than twice in twelve months for letting it run at large
(B(1)(b)): those citations are counted from the record, dismissed ones not
counting. The exceptions of Dangerous C(1)–(6) found to apply are recorded
with the determination, and so are the exceptions of Dangerous A (a puppy under six months
that draws blood; a dog that bites an unaccompanied domestic animal on its keeper's
property), which refuse a dangerous determination.
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
    require_hearing_seat,
    require_role,
)
from dogs.law import cite
from permits_site.accounts.models import Role
from permits_site.accounts.permissions import has_role
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


class DangerousGround(TextChoices):
    """Dangerous B(1)(a)–(e): the grounds on which a dog is dangerous."""

    BIT_OR_ATTACKED = "B(1)(a)", "Bit or attacked a person, or attempted to"
    PROPENSITY = "B(1)(b)", (
        "A propensity to attack domestic animals, or attacked a person or domestic animal "
        "without provocation or justification")
    APPROACHED_IN_ATTACK = "B(1)(c)", (
        "Approached a person in a vicious or terrorizing manner in a public place")
    DOG_FIGHTING = "B(1)(d)", "Owned, harbored or trained for dog fighting"
    DRUGS_OR_GANGS = "B(1)(e)", (
        "Harbored on property known for drug trafficking or gang activity, with an "
        "aggressive temperament")


class DeclarationException(TextChoices):
    """Dangerous A: a dog the hearing authority may except from being declared dangerous."""

    PUPPY = "A(puppy)", "A puppy under six months old that drew blood"
    UNACCOMPANIED_ANIMAL = "A(animal on the keeper's property)", (
        "Attacked or bit an unaccompanied domestic animal on its keeper's property")


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


def _codes(values: Iterable[str], choices: Iterable[str], *, field: str, section: str
           ) -> list[str]:
    codes = list(dict.fromkeys(values))
    unknown = [code for code in codes if code not in choices]
    if unknown:
        raise DomainError(f"Not of {cite(section)}: {', '.join(unknown)}.", field=field)
    return sorted(codes)


def _exception_codes(exceptions: Iterable[str], *, declaring: bool = False) -> list[str]:
    """The exceptions of Dangerous C found; declaring a dog dangerous, those of A too."""
    allowed = [*DangerException.values, *(DeclarationException.values if declaring else ())]
    return _codes(exceptions, allowed, field="exceptions",
                  section="Dangerous A, C" if declaring else "Dangerous C")


def _require_grounds(findings: dict, *, deemed: bool) -> None:
    if not deemed:
        return
    if not findings["criteria"]:
        raise DomainError(f"No criterion of {cite('Potentially dangerous B(1)')} is met.",
                          field="deemed")
    if findings["exceptions"]:
        raise DomainError(f"An exception of {cite('Dangerous C')} applies: the dog is not "
                          "considered dangerous.", field="deemed")


def _require_pdd_determiner(case: Case, acting_user: User) -> None:
    """Potentially dangerous B(2): the Animal Control Officer, or the hearing authority in
    its seat (Hearing authority A)."""
    if has_role(acting_user, case.municipality_id, Role.ANIMAL_CONTROL_OFFICER):
        return
    require_hearing_seat(case, acting_user, doing="determines the case")


def determine_potentially_dangerous(
    *, case: Case, deemed: bool, exceptions: Iterable[str], determination: str,
    aggressive_in_enclosure: bool | None = None, acting_user: User
) -> Case:
    """The determination of the Animal Control Officer or the hearing authority
    (Potentially dangerous B(2); Hearing authority A): the citations are counted again on
    the day, and the exceptions found are recorded. ``aggressive_in_enclosure`` is the
    finding of B(1)(a) when no proposal recorded it."""
    require_case_type(case, POTENTIALLY_DANGEROUS_DOG)
    _require_pdd_determiner(case, acting_user)
    if aggressive_in_enclosure is None:
        aggressive_in_enclosure = case.findings.get("aggressive_in_enclosure", False)
    findings = {
        **_criteria_findings(case, aggressive_in_enclosure=aggressive_in_enclosure),
        "exceptions": _exception_codes(exceptions),
        "deemed": deemed,
    }
    _require_grounds(findings, deemed=deemed)
    return determine(case=case, determination=determination, findings=findings,
                     acting_user=acting_user)


def _dangerous_grounds(grounds: Iterable[str], *, deemed: bool) -> list[str]:
    codes = _codes(grounds, DangerousGround.values, field="grounds", section="Dangerous B(1)")
    if deemed and not codes:
        raise DomainError(f"Name the grounds of {cite('Dangerous B(1)(a)–(e)')} the dog is "
                          "dangerous on.", field="grounds")
    if codes and not deemed:
        raise DomainError("A dog found not dangerous has no grounds.", field="grounds")
    return codes


def determine_dangerous(
    *, case: Case, deemed: bool, exceptions: Iterable[str], determination: str,
    grounds: Iterable[str] = (), acting_user: User
) -> Case:
    """The hearing authority's determination on a written complaint that a dog is dangerous
    (Dangerous A, B; Hearing authority A), on the grounds of B(1)(a)–(e) recorded with it;
    a dog an exception of A or C(1)–(6) covers is not declared dangerous."""
    require_case_type(case, DANGEROUS_DOG)
    require_hearing_seat(case, acting_user, doing="determines the case")
    codes = _exception_codes(exceptions, declaring=True)
    if deemed and codes:
        raise DomainError(f"An exception of {cite('Dangerous A')} or {cite('Dangerous C')} "
                          "applies: the dog is not declared dangerous.", field="deemed")
    findings = {"grounds": _dangerous_grounds(grounds, deemed=deemed), "exceptions": codes,
                "deemed": deemed}
    return determine(case=case, determination=determination, findings=findings,
                     acting_user=acting_user)

