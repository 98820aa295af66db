"""North Andover's residence limits and noise complaints (Code ch. 60, Limits; Restraint C).

**Residence limits.** No person or combination of occupants keeps more than four dogs over
six months at a residence without a kennel license (Limits A), more than four cats over
four months (B), or any wild or dangerous animal (D). The Animal Control Officer opens a
case on the residential property: the dogs on record are counted across every occupant
(each dog's ``residence``), and the officer records the cats, the wild or dangerous animals
and any dog seen that is not on record. The rule set ``north_andover.residence_limits``
judges the count; the count and its findings are kept in the case's ``findings``.

The first offense is a written warning; each later one a fine for each day in violation
(Limits E), but only after a reasonable time to place the animals elsewhere (E(1)): the
officer orders the re-homing by a date, and the per-day fine may be written from the day
after it. It runs until compliance with the order is recorded, which takes a new count
within the limits. The re-homing time is the owner's own compliance period: a duration,
never rolled to a business day.

**Noise complaints.** The officer records each complaint about a nuisance dog: when the
noise started, how long it lasted, whether it was uninterrupted, outdoors, repetitive or
provoked. The rule set ``north_andover.noise_complaint`` judges it (Restraint C(1) by
day, C(2) at night); a complaint found in violation allows a ``nuisance_noise`` citation.
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from dogs.law import cite
from dogs.models import Dog
from dogs.periods import MUNICIPALITY
from dogs.rules import CAT_LIMIT, DOG_LIMIT, NOISE_COMPLAINT, RESIDENCE_LIMITS
from permits_site import audit
from permits_site.accounts.models import Role
from permits_site.accounts.permissions import has_role
from permits_site.enforcement.models import Case, Citation, Order
from permits_site.enforcement.services import issue_citation, open_case, record_compliance
from permits_site.enforcement.services.cases import issue_order_in_force, require_case_open
from permits_site.enforcement.services.citations import prior_offenses
from permits_site.enforcement.services.fines import fine_item_in_force
from permits_site.exceptions import DomainError, PermissionDenied
from permits_site.licensing.models import Permit, PermitStatus
from permits_site.parties.models import Property
from permits_site.rules import fines
from permits_site.rules.base import CheckResult, FactsInvalid
from permits_site.rules.calendar import days_after, format_date
from permits_site.rules.fees import QuoteRefused

if TYPE_CHECKING:
    from permits_site.accounts.models import User

RESIDENCE_LIMITS_CASE = "north_andover.residence_limits"
NUISANCE_NOISE_CASE = "north_andover.nuisance_noise"
NUISANCE_DOG_CASE = "north_andover.nuisance_dog"
#: Case types whose page takes noise complaints (Restraint C).
NOISE_CASE_TYPES = (NUISANCE_NOISE_CASE, NUISANCE_DOG_CASE)
ANIMAL_LIMIT = "animal_limit"
NUISANCE_NOISE = "nuisance_noise"
KENNEL_LICENSE = "north_andover.kennel_license"
#: Limits E: the Animal Control Officer, the Health Agent or a designee enforce the limits.
LIMIT_OFFICERS = (Role.ANIMAL_CONTROL_OFFICER, Role.INSPECTOR)
#: What the officer records on a count; the dogs on record are counted by the system. Of the
#: dogs seen that are not on record, those in a licensed veterinarian's medical boarding are
#: not counted (Kennel license B(1)).
RECORDED_COUNTS = ("cats_over_4_months", "wild_or_dangerous_animals", "dogs_not_on_record",
                   "dogs_in_medical_boarding")


def require_officer(municipality_id: int, acting_user: User, *, doing: str) -> None:
    if not has_role(acting_user, municipality_id, *LIMIT_OFFICERS):
        raise PermissionDenied(f"Only the Animal Control Officer or the Health Agent {doing}.")


def _require_case_type(case: Case, *codes: str) -> None:
    if case.case_type not in codes:
        raise DomainError("This case is of another kind.", field="case_type")


# -- counting the animals at a residence (Limits A, B, D) --------------------------------


def dogs_on_record(residence: Property, *, on: dt.date) -> list[Dog]:
    """The dogs over six months kept at the residence, whoever of its occupants owns them
    (Limits A: "no person and/or combination of occupants"); dogs recorded at a property
    since merged into it count too."""
    dogs = Dog.objects.filter(Q(residence=residence) | Q(residence__merged_into=residence),
                              active=True)
    return [dog for dog in dogs if dog.is_licensable_on(on)]


def kennel_license_at(residence: Property, *, on: dt.date) -> bool:
    """A kennel license in force for the property allows more than four dogs (Limits A)."""
    return Permit.objects.filter(
        place=residence, permit_type__code=KENNEL_LICENSE, status=PermitStatus.ACTIVE,
        valid_from__lte=on, valid_through__gte=on,
    ).exists()


def _count(value: Any, *, field: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise DomainError("Enter a whole number, zero or more.", field=field)
    return value


def judge_residence(residence: Property, *, counts: dict[str, int], on: dt.date
                    ) -> tuple[dict[str, Any], CheckResult]:
    """(the facts, the findings) of the residence limits on ``on``: the dogs on record plus
    those the officer saw, less those in a licensed veterinarian's medical boarding (Kennel
    license B(1)), the kennel license, and the officer's other counts."""
    counted = {name: _count(counts.get(name, 0), field=name) for name in RECORDED_COUNTS}
    if counted["dogs_in_medical_boarding"] > counted["dogs_not_on_record"]:
        raise DomainError(
            "Dogs in medical boarding are among the dogs seen that are not on record: enter at "
            f"most {counted['dogs_not_on_record']} ({cite('Kennel license B(1)')}).",
            field="dogs_in_medical_boarding")
    dogs = dogs_on_record(residence, on=on)
    facts = {
        "dogs_over_6_months": len(dogs) + counted["dogs_not_on_record"]
        - counted["dogs_in_medical_boarding"],
        "kennel_license": kennel_license_at(residence, on=on),
        "cats_over_4_months": counted["cats_over_4_months"],
        "wild_or_dangerous_animals": counted["wild_or_dangerous_animals"],
    }
    result = RESIDENCE_LIMITS.evaluate(facts, on=on,
                                       calendar=residence.municipality.calendar())
    return {**facts, **counted, "dogs_on_record": [dog.pk for dog in dogs]}, result


def _findings_json(result: CheckResult) -> list[dict[str, str]]:
    return [{"rule": finding.rule, "citation": finding.citation,
             "outcome": str(finding.outcome), "message": finding.message}
            for finding in result.findings]


def latest_count(case: Case) -> dict[str, Any] | None:
    """The last count recorded on a residence limits case, with its findings."""
    counts = case.findings.get("counts") or []
    return counts[-1] if counts else None


def over_limits(case: Case) -> bool:
    count = latest_count(case)
    return bool(count) and any(finding["outcome"] == "fail" for finding in count["findings"])


def _residence_of(case: Case) -> Property:
    return Property.objects.select_related("municipality").get(pk=case.findings["residence"])


@transaction.atomic
def record_animal_count(*, case: Case, counts: dict[str, int], acting_user: User
                        ) -> dict[str, Any]:
    """Count the animals at the case's residence today and judge the count (Limits A, B, D);
    the count and its findings are added to the case."""
    _require_case_type(case, RESIDENCE_LIMITS_CASE)
    require_officer(case.municipality_id, acting_user, doing="counts the animals")
    require_case_open(case, doing="count the animals on")
    today = timezone.localdate()
    facts, result = judge_residence(_residence_of(case), counts=counts, on=today)
    extra = additional_limit_findings(additional_limits(case), facts)
    count = {"on": today.isoformat(), "by": acting_user.display_name, "facts": facts,
             "findings": _findings_json(result) + extra}
    within = result.compliant and not any(finding["outcome"] == "fail" for finding in extra)
    case.findings = {**case.findings, "counts": [*case.findings.get("counts", []), count]}
    case.save(update_fields=["findings"])
    audit.record(actor=acting_user, action="dog.residence_counted", subject=case,
                 municipality=case.municipality,
                 summary=f"Animals counted at {case.address}: "
                         + ("within the limits" if within else "over the limits"),
                 after={name: str(value) for name, value in facts.items()})
    return count


@transaction.atomic
def open_limits_case(
    *, residence: Property, party: User | None, party_name: str = "", complaint: str,
    complainant: str = "", received_on: dt.date, counts: dict[str, int], acting_user: User,
) -> Case:
    """Open a residence limits case on a residential property with the officer's first
    count (Limits A–D)."""
    require_officer(residence.municipality_id, acting_user, doing="opens residence limits cases")
    if residence.municipality.code != MUNICIPALITY:
        raise DomainError("Choose a property in North Andover.", field="residence")
    case = open_case(
        municipality=residence.municipality, case_type=RESIDENCE_LIMITS_CASE, party=party,
        party_name=party_name, address=residence.full_address, complaint=complaint,
        complainant=complainant, received_on=received_on, acting_user=acting_user,
    )
    case.findings = {"residence": residence.pk}
    case.save(update_fields=["findings"])
    record_animal_count(case=case, counts=counts, acting_user=acting_user)
    return case


# -- additional limits after an investigation (Limits C) ---------------------------------

#: The limits Limits C adds to: four dogs over six months (A) and four cats over four months
#: (B). An additional limit is stricter, except that a kennel may be limited below its
#: license's number of dogs.
ADDITIONAL = {"dogs": ("dogs_over_6_months", DOG_LIMIT, "na.lim.C.dogs"),
              "cats": ("cats_over_4_months", CAT_LIMIT, "na.lim.C.cats")}


def additional_limits(case: Case) -> dict[str, Any] | None:
    """The additional limits set on the case (Limits C), if any."""
    return case.findings.get("additional_limits")


def additional_limit_findings(limits: dict[str, Any] | None, facts: dict[str, Any]
                              ) -> list[dict[str, str]]:
    """A count judged by the additional limits (Limits C): one finding per animal limited."""
    findings = []
    for animal, (fact, _, rule) in ADDITIONAL.items():
        most = (limits or {}).get(animal)
        if most is None:
            continue
        actual = facts[fact]
        passed = actual <= most
        findings.append({
            "rule": rule, "citation": cite("Limits C"), "outcome": "pass" if passed else "fail",
            "message": f"{actual} {animal} counted; the additional limit is at most {most}"
                       + ("." if passed else ": place the others in alternate care."),
        })
    return findings


def _additional_limit(value: int | None, animal: str, *, kennel: bool) -> int | None:
    if value is None:
        return None
    _, limit, _ = ADDITIONAL[animal]
    most = _count(value, field=animal)
    if most >= limit and not (animal == "dogs" and kennel):
        raise DomainError(f"An additional limit is below the {limit} {animal} the bylaw allows "
                          f"({cite('Limits C')}).", field=animal)
    return most


@transaction.atomic
def impose_additional_limits(*, case: Case, dogs: int | None, cats: int | None,
                             conditions: str, acting_user: User) -> dict[str, Any]:
    """Set additional limits on the number of dogs and/or cats at the residence, after an
    investigation found its living conditions unhealthy because of overcrowding (Limits C).
    Later counts are judged by them too; exceeding them is enforced as Limits E provides."""
    _require_case_type(case, RESIDENCE_LIMITS_CASE)
    require_officer(case.municipality_id, acting_user, doing="sets additional limits")
    require_case_open(case, doing="set additional limits on")
    conditions = (conditions or "").strip()
    if not conditions:
        raise DomainError("Describe the unhealthy living conditions the investigation found "
                          f"and the overcrowding that causes them ({cite('Limits C')}).",
                          field="conditions")
    if dogs is None and cats is None:
        raise DomainError(f"Set a limit on dogs, cats or both ({cite('Limits C')}).",
                          field="dogs")
    kennel = kennel_license_at(_residence_of(case), on=timezone.localdate())
    limits = {"dogs": _additional_limit(dogs, "dogs", kennel=kennel),
              "cats": _additional_limit(cats, "cats", kennel=kennel),
              "conditions": conditions, "on": timezone.localdate().isoformat(),
              "by": acting_user.display_name}
    case.findings = {**case.findings, "additional_limits": limits}
    case.save(update_fields=["findings"])
    audit.record(actor=acting_user, action="dog.additional_limits_set", subject=case,
                 municipality=case.municipality,
                 summary=f"Additional limits at {case.address}: "
                         + ", ".join(f"at most {limits[animal]} {animal}" for animal in ADDITIONAL
                                     if limits[animal] is not None)
                         + f" ({cite('Limits C')})",
                 after={name: str(value) for name, value in limits.items()})
    return limits


# -- warning, re-homing and the per-day fine (Limits E) -----------------------------------


def rehoming_order(case: Case) -> Order | None:
    """The case's latest re-homing order not yet complied with."""
    return case.orders.filter(complied_on__isnull=True).order_by("-issued_on", "-pk").first()


def next_is_warning(case: Case, *, on: dt.date) -> bool:
    """Would an ``animal_limit`` citation today be the written warning of a first offense
    (Limits E), counted from the party's record by the schedule in force?"""
    try:
        item = fine_item_in_force(case.municipality, ANIMAL_LIMIT, on)
        return fines.quote_fine(item.rate(), prior_offenses=prior_offenses(case, item, on=on)
                                ).warning
    except QuoteRefused as refused:
        raise DomainError(refused.errors) from refused


def fine_starts_on(order: Order) -> dt.date:
    """Limits E(1): fines are imposed only after the time allowed to re-home."""
    return days_after(order.comply_by, 1)


@transaction.atomic
def order_rehoming(*, case: Case, rehome_by: dt.date, text: str, acting_user: User) -> Order:
    """Allow the owner until ``rehome_by`` to place the animals in alternate care (Limits
    E(1)); a duration the officer sets, not rolled to a business day."""
    _require_case_type(case, RESIDENCE_LIMITS_CASE)
    require_officer(case.municipality_id, acting_user, doing="orders animals re-homed")
    if not over_limits(case):
        raise DomainError("The last count found the residence within the limits.",
                          field="rehome_by")
    if rehome_by <= timezone.localdate():
        raise DomainError("Allow at least until tomorrow to re-home the animals.",
                          field="rehome_by")
    if rehoming_order(case) is not None:
        raise DomainError("A re-homing order is already waiting for compliance.",
                          field="rehome_by")
    return issue_order_in_force(case=case, text=text, citation=cite("Limits E(1)"),
                                ends_on=rehome_by, acting_user=acting_user)


def _require_fine_allowed(case: Case, *, on: dt.date) -> None:
    """A fine waits for the re-homing order and the time it allows (Limits E(1)); one
    already running is refused by the core as it cites (``already_cited``)."""
    order = rehoming_order(case)
    if order is None:
        raise DomainError(f"Order the animals re-homed by a date first ({cite('Limits E(1)')}).",
                          field="offense")
    if on < fine_starts_on(order):
        raise DomainError(
            f"The owner has until {format_date(order.comply_by)} to re-home the animals: a "
            f"fine can be written from {format_date(fine_starts_on(order))} "
            f"({cite('Limits E(1)')}).", field="offense")


def cite_animal_limit(*, case: Case, acting_user: User) -> Citation:
    """The written warning of a first offense, or a later offense's per-day fine from the
    day after the time allowed to re-home (Limits E, E(1)); the core counts the record."""
    _require_case_type(case, RESIDENCE_LIMITS_CASE)
    require_officer(case.municipality_id, acting_user, doing="cites the limits")
    if not over_limits(case):
        raise DomainError("The last count found the residence within the limits.",
                          field="offense")
    today = timezone.localdate()
    if not next_is_warning(case, on=today):
        _require_fine_allowed(case, on=today)
    return issue_citation(case=case, offense=ANIMAL_LIMIT, acting_user=acting_user)


@transaction.atomic
def record_rehoming(*, order: Order, complied_on: dt.date, counts: dict[str, int],
                    acting_user: User) -> Order:
    """Record that the animals were re-homed: a new count within the limits, then the core's
    compliance, which stops the per-day fine on ``complied_on``."""
    case = order.case
    count = record_animal_count(case=case, counts=counts, acting_user=acting_user)
    if any(finding["outcome"] == "fail" for finding in count["findings"]):
        raise DomainError("The count is still over the limits: compliance cannot be recorded.",
                          field="counts")
    return record_compliance(order=order, complied_on=complied_on, acting_user=acting_user)


# -- noise complaints (Restraint C) --------------------------------------------------------


def noise_complaints(case: Case) -> list[dict[str, Any]]:
    return case.findings.get("noise_complaints") or []


def noise_violation_found(case: Case) -> bool:
    return any(finding["outcome"] == "fail" for complaint in noise_complaints(case)
               for finding in complaint["findings"])


def _json_value(value: Any) -> Any:
    """A parsed fact as the case's JSON keeps it: a time as HH:MM, a number as text."""
    if isinstance(value, dt.time):
        return value.strftime("%H:%M")
    return str(value) if isinstance(value, Decimal) else value


@transaction.atomic
def record_noise_complaint(*, case: Case, facts: dict[str, Any], acting_user: User
                           ) -> dict[str, Any]:
    """Judge a noise complaint by when the noise started (Restraint C(1) by day, C(2) at
    night) and add it, with its findings, to the nuisance dog case."""
    _require_case_type(case, *NOISE_CASE_TYPES)
    require_officer(case.municipality_id, acting_user, doing="records noise complaints")
    require_case_open(case, doing="record a complaint on")
    try:
        parsed = NOISE_COMPLAINT.parse(facts)
    except FactsInvalid as invalid:
        raise DomainError(invalid.errors) from invalid
    today = timezone.localdate()
    result = NOISE_COMPLAINT.evaluate(parsed, on=today)
    complaint = {"on": today.isoformat(), "by": acting_user.display_name,
                 "facts": {name: _json_value(value) for name, value in
                           NOISE_COMPLAINT.with_defaults(parsed).items()},
                 "findings": _findings_json(result)}
    case.findings = {**case.findings,
                     "noise_complaints": [*noise_complaints(case), complaint]}
    case.save(update_fields=["findings"])
    audit.record(actor=acting_user, action="dog.noise_complaint_recorded", subject=case,
                 municipality=case.municipality,
                 summary=f"Noise complaint on case #{case.pk}: "
                         + ("a violation" if not result.compliant else "no violation"),
                 after={name: str(value) for name, value in complaint["facts"].items()})
    return complaint


def cite_nuisance_noise(*, case: Case, acting_user: User) -> Citation:
    """A ``nuisance_noise`` citation, once a complaint on the case was found in violation of
    Restraint C."""
    _require_case_type(case, *NOISE_CASE_TYPES)
    require_officer(case.municipality_id, acting_user, doing="cites noise")
    if not noise_violation_found(case):
        raise DomainError(f"No complaint on this case was found in violation of "
                          f"{cite('Restraint C')}.", field="offense")
    return issue_citation(case=case, offense=NUISANCE_NOISE, acting_user=acting_user)
