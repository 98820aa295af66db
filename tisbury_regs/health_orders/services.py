"""Tisbury's Board of Health orders with clocks: quarantines and the correction, notification
and certified-manager periods (BOH Reg 09.7.3, 09.4.8, 09.4.7, 09.5.2).

Each is a core enforcement case with one core ``Order`` whose ``comply_by`` is the clock,
counted on Tisbury's calendar by the town's registered period, so the staff deadlines
screen lists it like every other order:

- **Quarantine** (09.7.3, MGL c.129 §21): a bite report opens an order in force for at
  least ten days (a duration, never rolled); the animal is not released before it ends.
  The quarantine is cited on the owner's record under the fine schedule's ``quarantine``
  offense, counted in the calendar year by the core: the first is the $10 service fee,
  a second in the same calendar year the $25 fine.
- **Public facility** (09.4.8): a written warning and a 24-hour correction order (a
  duration); the $50 per-day fine is refused until the 24 hours have run.
- **Underground storage tank** (09.4.7): the owner of a new tank notifies within 30 days
  after it is brought into use (a deadline, rolled to the next business day); late, the
  $200 per-day ``fuel_storage`` fine may be written.
- **Certified food manager** (09.5.2): after a change of ownership an establishment may
  operate 60 days (a duration) without a certified manager; after that its operating is
  flagged and a 09.0.7(B) citation may be written.
"""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING

from django.db import transaction
from django.utils import timezone

from permits_site import audit
from permits_site.enforcement.models import Case, Citation, Order
from permits_site.enforcement.services.cases import (
    issue_order_in_force,
    open_case,
    require_not_future,
    require_text,
)
from permits_site.enforcement.services.citations import issue_citation, prior_offenses
from permits_site.enforcement.services.fines import fine_item_in_force
from permits_site.enforcement.services.orders import issue_order, record_compliance
from permits_site.exceptions import DomainError, InvalidTransition
from permits_site.rules.calendar import format_date, period_due
from permits_site.rules.periods import Period
from permits_site.rules.registry import town_law
from tisbury_regs.models import tisbury
from tisbury_regs.periods import MUNICIPALITY

if TYPE_CHECKING:
    from permits_site.accounts.models import User
    from permits_site.parties.models import Business

ANIMAL_BITE = "tisbury.animal_bite"
PUBLIC_FACILITY = "tisbury.public_facility"
FUEL_STORAGE = "tisbury.fuel_storage"
FOOD_MANAGER = "tisbury.food_manager"
HEALTH_CASE_TYPES = (ANIMAL_BITE, PUBLIC_FACILITY, FUEL_STORAGE, FOOD_MANAGER)
#: What the Board's case workers do with these cases, as a refusal names it.
ACT = "act on the Board's health orders"

QUARANTINE = "quarantine"
UNSANITARY_FACILITY = "unsanitary_public_facility"
FUEL_STORAGE_OFFENSE = "fuel_storage"
#: 09.5.2 is not on the non-criminal schedule: 09.0.7(B), a forfeiture on conviction.
UNLISTED_REGULATION = "board_regulation_violation"

#: The registered period that sets each case type's clock.
CLOCKS = {
    ANIMAL_BITE: "quarantine",
    PUBLIC_FACILITY: "public_facility_correction",
    FUEL_STORAGE: "ust_notification",
    FOOD_MANAGER: "food_handler_ownership_change",
}


def period(code: str) -> Period:
    return town_law(MUNICIPALITY).periods[code]



def clock_order(case: Case) -> Order | None:
    """The case's order with a clock: each of these case types has one."""
    return next(iter(case.orders.all()), None)


def _require_case_type(case: Case, code: str) -> Order:
    if case.case_type != code:
        raise DomainError("This is not a case of that kind.", field="case")
    order = clock_order(case)
    if order is None:
        raise InvalidTransition("This case has no order yet.")
    return order


def is_past(order: Order, *, on: dt.date) -> bool:
    """The clock has run out on ``on`` and the party had not complied by its last day."""
    done = order.complied_on
    return on > order.comply_by and (done is None or done > order.comply_by)


def _open(*, case_type: str, party: User, party_business: Business | None, address: str,
          complaint: str, acting_user: User) -> Case:
    return open_case(municipality=tisbury(), case_type=case_type, party=party,
                     party_business=party_business, party_name="", address=address,
                     complaint=complaint, received_on=timezone.localdate(),
                     acting_user=acting_user)


def _order_from(case: Case, *, text: str, start: dt.date, field: str, acting_user: User
                ) -> Order:
    """The case's order, its clock counted from ``start`` (the day the law's period starts,
    on or before today, given as ``field``) by the case type's registered period."""
    require_not_future(start, field=field, what="That date")
    clock = period(CLOCKS[case.case_type])
    comply_by = period_due(clock, start, case.municipality.calendar())
    order = Order.objects.create(case=case, text=text, citation=clock.citation,
                                 issued_on=start, comply_by=comply_by, issued_by=acting_user)
    audit.record(
        actor=acting_user, action="case.order_issued", subject=case,
        municipality=case.municipality,
        summary=f"Order on case #{case.pk}: comply by {format_date(comply_by)}",
        after={"order": order.pk, "text": text, "citation": clock.citation,
               "comply_by": str(comply_by), "period": clock.code, "from": str(start)},
    )
    return order


# -- quarantine (09.7.3) ----------------------------------------------------------------


@transaction.atomic
def record_bite_report(
    *, owner: User, animal: str, bitten_on: dt.date, place: str, bitten: str = "",
    acting_user: User,
) -> Case:
    """A domestic animal bit a person or another animal: it is quarantined from today for
    at least ten days (09.7.3), and the quarantine goes on the owner's record as the
    ``quarantine`` offense — the $10 service fee, or the $25 fine for a second quarantine
    in the same calendar year (counted by the core)."""
    animal = require_text(animal, field="animal", message="Describe the animal.")
    place = require_text(place, field="place", message="Say where the bite happened.")
    require_not_future(bitten_on, field="bitten_on", what="The date of the bite")
    victim = (bitten or "").strip() or "a person"
    case = _open(case_type=ANIMAL_BITE, party=owner, party_business=None, address=place,
                 complaint=f"{animal} bit {victim} on {format_date(bitten_on)}.",
                 acting_user=acting_user)
    case.findings = {"animal": animal, "bitten": victim, "bitten_on": str(bitten_on)}
    case.save(update_fields=["findings"])
    quarantine = period(CLOCKS[ANIMAL_BITE])
    today = timezone.localdate()
    issue_order_in_force(
        case=case, citation=quarantine.citation, acting_user=acting_user,
        text=f"Keep {animal} quarantined, isolated from people and other animals, for at "
             f"least {quarantine.days} days.",
        ends_on=period_due(quarantine, today, case.municipality.calendar()))
    issue_citation(case=case, offense=QUARANTINE, acting_user=acting_user)
    return case


@transaction.atomic
def release_from_quarantine(*, case: Case, released_on: dt.date, acting_user: User) -> Order:
    """Record the animal's release; refused before the quarantine's last day (09.7.3)."""
    order = _require_case_type(case, ANIMAL_BITE)
    if released_on < order.ends_on:
        raise DomainError(
            f"The quarantine lasts at least {period('quarantine').days} days: the animal may "
            f"be released from {format_date(order.ends_on)} ({order.citation}).",
            field="released_on")
    return record_compliance(order=order, complied_on=released_on, acting_user=acting_user)


def quarantine_citation(case: Case) -> Citation | None:
    return next((citation for citation in case.citations.all()
                 if citation.offense == QUARANTINE), None)


# -- unsanitary public facility (09.4.8) --------------------------------------------------


@transaction.atomic
def warn_public_facility(
    *, party: User, facility: str, condition: str, party_business: Business | None = None,
    acting_user: User,
) -> Case:
    """The Board's written warning and 24-hour correction order (09.4.8). The warning is the
    schedule's first ``unsanitary_public_facility`` offense; a party already warned on its
    record gets the correction order only."""
    condition = require_text(condition, field="condition", message="Describe the violation.")
    case = _open(case_type=PUBLIC_FACILITY, party=party, party_business=party_business,
                 address=facility, complaint=condition, acting_user=acting_user)
    today = timezone.localdate()
    fine_item = fine_item_in_force(case.municipality, UNSANITARY_FACILITY, today)
    if not prior_offenses(case, fine_item, on=today):
        issue_citation(case=case, offense=UNSANITARY_FACILITY, acting_user=acting_user)
    issue_order(case=case, text=f"Correct within 24 hours: {condition}",
                period_code=CLOCKS[PUBLIC_FACILITY], acting_user=acting_user)
    return case


@transaction.atomic
def fine_public_facility(*, case: Case, acting_user: User) -> Citation:
    """The $50 fine for each day the violation continues, from the day after the 24-hour
    correction order ran out; it accrues until the correction is recorded (09.4.8). While
    one runs, another is an invalid transition of the case (the core's running-fine check)."""
    order = _require_case_type(case, PUBLIC_FACILITY)
    today = timezone.localdate()
    if order.complied_on is not None:
        raise InvalidTransition(f"The violation was corrected on {format_date(order.complied_on)}.")
    if not is_past(order, on=today):
        raise DomainError(
            f"The correction order runs through {format_date(order.comply_by)}: the per-day "
            f"fine may be written from the day after ({order.citation}).", field="offense")
    return issue_citation(case=case, offense=UNSANITARY_FACILITY, acting_user=acting_user,
                          cited_as_transition=True)


@transaction.atomic
def record_facility_correction(*, case: Case, corrected_on: dt.date, acting_user: User) -> Order:
    """The day the violation was corrected: a running per-day fine stops then (09.4.8)."""
    order = _require_case_type(case, PUBLIC_FACILITY)
    return record_compliance(order=order, complied_on=corrected_on, acting_user=acting_user)


# -- underground storage tank notification (09.4.7) ---------------------------------------


@transaction.atomic
def record_new_tank(
    *, owner: User, tank: str, address: str, in_use_on: dt.date,
    party_business: Business | None = None, acting_user: User,
) -> Case:
    """A new underground tank brought into use: the owner files the notification form with
    the Department of Public Safety within 30 days after (09.4.7)."""
    tank = require_text(tank, field="tank", message="Describe the tank.")
    case = _open(case_type=FUEL_STORAGE, party=owner, party_business=party_business,
                 address=address,
                 complaint=f"New underground storage tank ({tank}) brought into use on "
                           f"{format_date(in_use_on)}.",
                 acting_user=acting_user)
    _order_from(case, start=in_use_on, field="in_use_on", acting_user=acting_user,
                text="File the underground storage tank notification form with the "
                     "Massachusetts Department of Public Safety and show the Board proof.")
    return case


@transaction.atomic
def record_tank_notification(*, case: Case, filed_on: dt.date, acting_user: User) -> Order:
    """The day the notification was filed; after the deadline it stands late (09.4.7)."""
    order = _require_case_type(case, FUEL_STORAGE)
    return record_compliance(order=order, complied_on=filed_on, acting_user=acting_user)


@transaction.atomic
def cite_fuel_storage(*, case: Case, acting_user: User) -> Citation:
    """The $200 fine, each day a separate offense, once the notification is late: it runs
    until the notification is recorded, or is one day when it was filed late (09.4.7)."""
    order = _require_case_type(case, FUEL_STORAGE)
    if not is_past(order, on=timezone.localdate()):
        raise DomainError(
            f"The notification is due by {format_date(order.comply_by)}: the fine may be "
            f"written only after that day ({order.citation}).", field="offense")
    ends = timezone.localdate() if order.complied_on else None
    return issue_citation(case=case, offense=FUEL_STORAGE_OFFENSE, accrues_until=ends,
                          acting_user=acting_user)


# -- certified food manager after a change of ownership (09.5.2) --------------------------


@transaction.atomic
def record_ownership_change(
    *, owner: User, establishment: str, address: str, changed_on: dt.date,
    party_business: Business | None = None, acting_user: User,
) -> Case:
    """A food establishment changed hands: it may operate 60 days without a certified
    owner, operator or manager (09.5.2)."""
    establishment = require_text(establishment, field="establishment",
                                 message="Name the establishment.")
    case = _open(case_type=FOOD_MANAGER, party=owner, party_business=party_business,
                 address=address,
                 complaint=f"{establishment} changed ownership on {format_date(changed_on)}.",
                 acting_user=acting_user)
    _order_from(case, start=changed_on, field="changed_on", acting_user=acting_user,
                text=f"Employ at {establishment} at least one full-time equivalent owner, "
                     "manager or operator certified by the Board's food handlers program.")
    return case


@transaction.atomic
def record_certified_manager(*, case: Case, certified_on: dt.date, acting_user: User) -> Order:
    """The day a certified manager was in employment (09.5.2)."""
    order = _require_case_type(case, FOOD_MANAGER)
    return record_compliance(order=order, complied_on=certified_on, acting_user=acting_user)


@transaction.atomic
def cite_food_manager(*, case: Case, amount, acting_user: User) -> Citation:
    """After the 60 days without a certified manager, a 09.0.7(B) citation: up to $500 a
    day, a forfeiture the court sets on conviction."""
    order = _require_case_type(case, FOOD_MANAGER)
    if not is_past(order, on=timezone.localdate()):
        raise DomainError(
            f"The establishment may operate without a certified manager through "
            f"{format_date(order.comply_by)} ({order.citation}).", field="offense")
    if order.complied_on is not None:
        raise InvalidTransition(
            f"A certified manager was employed from {format_date(order.complied_on)}.")
    return issue_citation(case=case, offense=UNLISTED_REGULATION, amount=amount,
                          acting_user=acting_user)
