"""Bite records and the Animal Inspector's quarantine orders (North Andover Code ch. 60,
ACO B(2); Welfare C).

- The Animal Control Officer keeps a record of "all bite cases reported, and the result of
  investigations of the same" (ACO B(2), in the manner of MGL c.140 §151A): the bite, the
  animal that bit — a dog of the register, or described — with its keeper, and who or
  what was bitten. A call of the log becomes a bite record in one step, the call's time,
  place and animal carried over.
- The Health Division's Animal Inspector quarantines the animal (Welfare C(1)): confined
  and kept from other animals. The text sets no length; Welfare C(2) defers to MGL c.129
  and 330 CMR 10.00, whose rule for a dog, cat or ferret that bit a person is ten days of
  confinement and observation after the bite — a duration (``QUARANTINE_AFTER_BITE``),
  never rolled. The Inspector releases the order once it has run.
- A bite is evidence for a potentially dangerous dog (Potentially dangerous A, B): the
  officer opens that case from the record in one step, and the case and the dog's page
  list the bites on record.
"""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING

from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from dogs.law import cite
from dogs.models import (
    AnimalCall,
    BiteRecord,
    CallKind,
    CaseDog,
    Dog,
    QuarantineOrder,
    Species,
    rabies_certificate_on_file,
)
from dogs.officer_records import require_officer
from dogs.periods import MUNICIPALITY
from permits_site import audit
from permits_site.accounts.models import Role
from permits_site.accounts.permissions import has_role
from permits_site.enforcement.services.cases import open_case, require_not_future
from permits_site.exceptions import DomainError, InvalidTransition, PermissionDenied
from permits_site.licensing.models import Application, PermitStatus
from permits_site.rules.calendar import BusinessCalendar, format_date, period_due
from permits_site.rules.periods import Period, PeriodKind

if TYPE_CHECKING:
    from permits_site.accounts.models import User
    from permits_site.enforcement.models import Case
    from permits_site.towns.models import Municipality

BITE_SECTION = cite("ACO B(2)")
QUARANTINE_SECTION = cite("Welfare C")
RABIES_SECTION = cite("Rabies A")
#: The case type registered in ``dogs.fines`` for a potentially dangerous dog.
POTENTIALLY_DANGEROUS_DOG = "north_andover.potentially_dangerous_dog"
#: Welfare C(2) defers to MGL c.129 and 330 CMR 10.00: a dog, cat or ferret that bit a
#: person is confined and observed for ten days after the bite. Not one of the periods
#: the spec declares for the town, so it is kept here rather than registered.
QUARANTINE_AFTER_BITE = Period(
    code="quarantine_after_bite", municipality=MUNICIPALITY, kind=PeriodKind.DURATION,
    citation=f"{QUARANTINE_SECTION}(2); MGL c.129; 330 CMR 10.00",
    description="A dog, cat or ferret that bit is quarantined for ten days after the bite.",
    days=10,
)
#: The animals the ten-day observation applies to.
QUARANTINED_SPECIES = (Species.DOG, Species.CAT, Species.FERRET)


def quarantine_ends(bitten_on: dt.date, calendar: BusinessCalendar) -> dt.date:
    """The last day of the quarantine of an animal that bit on ``bitten_on``: ten days
    after the bite, a duration that never rolls (Welfare C(2); 330 CMR 10.00)."""
    return period_due(QUARANTINE_AFTER_BITE, bitten_on, calendar)


def _audit(subject: BiteRecord | QuarantineOrder, action: str, acting_user: User, summary: str,
           **after) -> None:
    bite = subject if isinstance(subject, BiteRecord) else subject.bite
    audit.record(actor=acting_user, action=action, subject=subject,
                 municipality=bite.municipality, summary=summary, after=after)


def _require_animal(dog: Dog | None, animal: str, municipality: Municipality) -> None:
    if dog is not None and dog.residence.municipality_id != municipality.pk:
        raise DomainError(f"This dog is not on {municipality.name}'s register.", field="dog")
    if dog is None and not animal.strip():
        raise DomainError(f"Choose the dog from the register or describe the animal that bit "
                          f"({BITE_SECTION}).", field="animal")


@transaction.atomic
def record_bite(*, municipality: Municipality, acting_user: User, bitten_on: dt.date,
                place: str, victim_name: str, species: str = Species.DOG,
                dog: Dog | None = None, animal: str = "", keeper: str = "",
                victim: str = "person", victim_contact: str = "", injury: str = "",
                call: AnimalCall | None = None) -> BiteRecord:
    """Record a bite case reported to the officer (ACO B(2)), from a call of the log when
    ``call`` is given (the call is then of kind "bite")."""
    require_officer(acting_user, municipality.pk, doing="records bite cases")
    require_not_future(bitten_on, field="bitten_on", what="The day of the bite")
    _require_animal(dog, animal, municipality)
    if call is not None:
        _require_call_free(call, municipality)
    if dog is not None and not keeper.strip():
        keeper = f"{dog.owner.display_name}, {dog.residence.full_address}"
    bite = BiteRecord(
        municipality=municipality, call=call, bitten_on=bitten_on, place=place.strip(),
        species=species, dog=dog, animal=animal.strip(), keeper=keeper.strip(), victim=victim,
        victim_name=victim_name.strip(), victim_contact=victim_contact.strip(),
        injury=injury.strip(), recorded_by=acting_user)
    if dog is not None:
        _take_license_certificate(bite, dog)
    bite.save()
    if call is not None and call.kind != CallKind.BITE:
        call.kind = CallKind.BITE
        call.save(update_fields=["kind"])
    _audit(bite, "bite.recorded", acting_user,
           f"Bite recorded: {bite.animal_name} bit {bite.victim_name} at {bite.place}",
           bitten_on=bitten_on.isoformat(), call=call.pk if call else None)
    return bite


def _take_license_certificate(bite: BiteRecord, dog: Dog) -> None:
    """The rabies certificate the Clerk accepted with the dog's license in force on the day
    of the bite (Licenses A(1)) is the record's vaccination (Rabies A), so that a vaccinated,
    licensed dog is not flagged as unvaccinated (Rabies C)."""
    in_force = Application.objects.filter(
        dog_license__dog=dog, permit__valid_from__lte=bite.bitten_on,
        permit__valid_through__gte=bite.bitten_on,
    ).exclude(permit__status=PermitStatus.REVOKED)
    certificate = rabies_certificate_on_file(in_force)
    if certificate is not None:
        bite.rabies_certificate = (f"Accepted with the dog's license "
                                   f"{certificate.application.permit.number}")
        bite.rabies_valid_through = certificate.valid_until


def _require_call_free(call: AnimalCall, municipality: Municipality) -> None:
    if call.municipality_id != municipality.pk:
        raise DomainError("This call was not logged in this town.", field="call")
    if BiteRecord.objects.filter(call=call).exists():
        raise InvalidTransition(f"Call #{call.pk} already has its bite record.", field="call")


def bite_from_call(*, call: AnimalCall, acting_user: User, victim_name: str,
                   bitten_on: dt.date | None = None, **details) -> BiteRecord:
    """The call becomes a bite record: its day, place, species, animal and dog carried
    over unless given (ACO B(2))."""
    carried = {"place": call.place, "species": call.species, "animal": call.animal,
               "dog": call.dog}
    carried.update({name: value for name, value in details.items() if value not in ("", None)})
    return record_bite(
        municipality=call.municipality, acting_user=acting_user, call=call,
        bitten_on=bitten_on or timezone.localtime(call.received_at).date(),
        victim_name=victim_name, **carried)


def record_investigation(*, bite: BiteRecord, acting_user: User, result: str,
                         investigated_on: dt.date, provoked: bool | None) -> BiteRecord:
    """The result of the officer's investigation of the bite (ACO B(2))."""
    require_officer(acting_user, bite.municipality_id, doing="investigates bite cases")
    require_not_future(investigated_on, field="investigated_on", what="The investigation's day")
    if investigated_on < bite.bitten_on:
        raise DomainError("The investigation cannot come before the bite.",
                          field="investigated_on")
    if not result.strip():
        raise DomainError(f"Write the result of the investigation ({BITE_SECTION}).",
                          field="result")
    bite.investigation_result, bite.investigated_on = result.strip(), investigated_on
    bite.provoked = provoked
    bite.save(update_fields=["investigation_result", "investigated_on", "provoked"])
    _audit(bite, "bite.investigated", acting_user, f"Bite #{bite.pk} investigated",
           investigated_on=investigated_on.isoformat(), provoked=provoked)
    return bite


def record_rabies_vaccination(*, bite: BiteRecord, acting_user: User, certificate: str,
                              valid_through: dt.date | None,
                              under_six_months: bool = False) -> BiteRecord:
    """The vaccination of the animal that bit, on the officer's record of it (Rabies A: a
    dog, cat or ferret six months or older is vaccinated): the certificate and the day it
    covers through, or that the animal is younger than six months. None current on the day
    of the bite is flagged as the offense ``rabies_vaccination_missing`` (Rabies C)."""
    require_officer(acting_user, bite.municipality_id, doing="records the animal's vaccination")
    if not under_six_months and (valid_through is None or not certificate.strip()):
        raise DomainError(f"Enter the certificate and the day it is valid through, or tick "
                          f"that the animal is younger than six months ({RABIES_SECTION}).",
                          field="rabies_valid_through")
    bite.rabies_certificate = certificate.strip()
    bite.rabies_valid_through, bite.under_six_months = valid_through, under_six_months
    bite.save(update_fields=["rabies_certificate", "rabies_valid_through", "under_six_months"])
    _audit(bite, "bite.rabies_vaccination", acting_user,
           f"Rabies vaccination recorded on bite #{bite.pk}",
           valid_through=valid_through.isoformat() if valid_through else None,
           under_six_months=under_six_months, missing=bite.rabies_missing())
    return bite


# -- Quarantine orders (Welfare C) -------------------------------------------------------

def _require_animal_inspector(acting_user: User, municipality_id: int, *, doing: str) -> None:
    if not has_role(acting_user, municipality_id, Role.INSPECTOR):
        raise PermissionDenied(f"Only the Health Division's Animal Inspector {doing} "
                               f"({QUARANTINE_SECTION}).")


def issue_quarantine(*, bite: BiteRecord, acting_user: User, issued_on: dt.date,
                     confined_at: str, served_to: str,
                     additional_restrictions: str = "") -> QuarantineOrder:
    """The Animal Inspector's quarantine order on the animal that bit: confined at
    ``confined_at`` and kept from other animals (Welfare C(1)(a)) through the tenth day
    after the bite; additional restrictions are written on the order (C(1)(f))."""
    _require_animal_inspector(acting_user, bite.municipality_id, doing="issues quarantine orders")
    if QuarantineOrder.objects.filter(bite=bite).exists():
        raise InvalidTransition("This bite already has its quarantine order.", field="bite")
    if bite.species not in QUARANTINED_SPECIES:
        raise DomainError(f"The ten-day quarantine of {QUARANTINE_AFTER_BITE.citation} is for "
                          "a dog, cat or ferret.", field="species")
    require_not_future(issued_on, field="issued_on", what="The order's day")
    if issued_on < bite.bitten_on:
        raise DomainError("A quarantine order cannot come before the bite.", field="issued_on")
    ends_on = quarantine_ends(bite.bitten_on, bite.municipality.calendar())
    if issued_on > ends_on:
        raise DomainError(f"The quarantine after this bite ended on {format_date(ends_on)}.",
                          field="issued_on")
    order = QuarantineOrder.objects.create(
        bite=bite, issued_on=issued_on, ends_on=ends_on, confined_at=confined_at.strip(),
        served_to=served_to.strip(), additional_restrictions=additional_restrictions.strip(),
        issued_by=acting_user)
    _audit(order, "quarantine.issued", acting_user,
           f"Quarantine ordered through {format_date(ends_on)}",
           issued_on=issued_on.isoformat(), ends_on=ends_on.isoformat())
    return order


def release_quarantine(*, order: QuarantineOrder, acting_user: User,
                       released_on: dt.date) -> QuarantineOrder:
    """The Animal Inspector releases the quarantine once it has run (Welfare C(1)(d))."""
    _require_animal_inspector(acting_user, order.bite.municipality_id,
                              doing="releases quarantine orders")
    if order.released_on is not None:
        raise InvalidTransition(f"Released on {format_date(order.released_on)} already.",
                                field="released_on")
    require_not_future(released_on, field="released_on", what="The release")
    if released_on < order.ends_on:
        raise DomainError(f"The quarantine runs through {format_date(order.ends_on)} "
                          f"({QUARANTINE_AFTER_BITE.citation}).", field="released_on")
    order.released_on, order.released_by = released_on, acting_user
    order.save(update_fields=["released_on", "released_by"])
    _audit(order, "quarantine.released", acting_user,
           f"Quarantine released on {format_date(released_on)}",
           released_on=released_on.isoformat())
    return order


# -- A potentially dangerous dog (Potentially dangerous A, B) -----------------------------

@transaction.atomic
def open_potentially_dangerous_case(*, bite: BiteRecord, acting_user: User) -> Case:
    """Open the potentially dangerous dog case of the dog that bit, its complaint the
    officer's bite record (Potentially dangerous A), naming the dog as the case's notices
    do (Potentially dangerous B), and link the two."""
    require_officer(acting_user, bite.municipality_id, doing="opens a case from a bite")
    if bite.case_id is not None:
        raise InvalidTransition(f"Case #{bite.case_id} was opened from this bite already.",
                                field="case")
    if bite.dog is None:
        raise DomainError("Choose the dog from the register first: the case is brought "
                          "against its owner.", field="dog")
    dog = bite.dog
    case = open_case(
        municipality=bite.municipality, case_type=POTENTIALLY_DANGEROUS_DOG,
        party=dog.owner, party_name=dog.owner.display_name,
        address=dog.residence.full_address, place=dog.residence,
        complaint=(f"Bite record #{bite.pk} ({BITE_SECTION}): {dog.name} bit "
                   f"{bite.victim_name} at {bite.place} on {format_date(bite.bitten_on)}."
                   + (f" Investigation: {bite.investigation_result}"
                      if bite.investigation_result else "")),
        complainant=acting_user.display_name, received_on=timezone.localdate(),
        acting_user=acting_user, about={"dog": dog})
    bite.case = case
    bite.save(update_fields=["case"])
    _audit(bite, "bite.case_opened", acting_user,
           f"Potentially dangerous dog case #{case.pk} opened from bite #{bite.pk}",
           case=case.pk)
    return case


def bites_on_record(*, dog: Dog | None = None, case: Case | None = None) -> list[BiteRecord]:
    """The bites on record of ``dog``, or of the dog of ``case`` (linked to the case, by the
    same dog, or by the dog the case names), newest first: one query."""
    bites = BiteRecord.objects.select_related("quarantine", "dog")
    if dog is not None:
        return list(bites.filter(dog=dog))
    linked_dogs = BiteRecord.objects.filter(case=case, dog__isnull=False).values("dog_id")
    named_dog = CaseDog.objects.filter(case=case, dog__isnull=False).values("dog_id")
    return list(bites.filter(Q(case=case) | Q(dog_id__in=linked_dogs) | Q(dog_id__in=named_dog),
                             municipality_id=case.municipality_id))
