"""The Animal Control Officer's impoundments (North Andover Code ch. 60, Impoundment A–H;
ACO B(2); Welfare G(7)).

- Intake of any animal (dog, cat, ferret, livestock, other): a record the officer forwards
  to the Town Clerk within 30 days (a deadline on the Monday–Thursday calendar,
  ``aco_intake_records``) and the Clerk keeps two years.
- The owner (Impoundment D): a dog whose tag (of any license year), license number (of any
  year) or microchip finds its license has its owner notified at once; any other owner is
  recorded with how the officer identified them. Every notice is recorded with its method,
  date and who was reached.
- The owner reclaims the animal once the pick-up, impound and boarding fees are paid, with
  proof of rabies vaccination for a dog, cat or ferret six months or older (Impoundment C,
  C(1); Rabies A); the fees come from the town's effective-dated schedule of the
  ``north_andover.impoundment`` fee type.
- Unclaimed, a picked-up animal becomes Town property after the seven-day hold
  (``impound_hold``, a duration: it never rolls); a surrendered one at once (F(3)); a
  safe-hold one after its claim-by date (G(2)). Town property is adopted (fee,
  identification and a clear CORI check of everyone residing in the household, H),
  transferred to a rescue or humanely euthanized (E, G(4)).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import TYPE_CHECKING

from django.db import transaction
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_noop

from dogs.catalogue import DOG_LICENSE
from dogs.impoundment.kinds import ImpoundmentFeesKind
from dogs.impoundment.permissions import can_work_impoundments
from dogs.law import cite
from dogs.models import (
    DISPOSITIONS,
    AdoptionCoriCheck,
    CoriResult,
    Dog,
    DogLicense,
    DogTag,
    Impoundment,
    ImpoundmentBasis,
    ImpoundmentStatus,
    NoticeMethod,
    OwnerIdentifiedBy,
    OwnerNotice,
    Species,
    kept_until,
    rabies_certificate_on_file,
)
from dogs.periods import MUNICIPALITY, intake_records_due
from permits_site import audit
from permits_site.exceptions import DomainError, InvalidTransition, PermissionDenied
from permits_site.licensing.kinds import kind_for
from permits_site.licensing.models import (
    Application,
    Invoice,
    InvoiceLine,
    InvoiceStatus,
    PermitType,
)
from permits_site.licensing.services.fees import schedule_in_force
from permits_site.links import absolute_url
from permits_site.notifications.models import MessageKind
from permits_site.notifications.services import Draft, write
from permits_site.online_payments.models import PaymentOffice
from permits_site.rules.calendar import BusinessCalendar, format_date, period_due
from permits_site.rules.registry import town_law
from permits_site.rules.wording import explain

if TYPE_CHECKING:
    from permits_site.accounts.models import User

IMPOUNDMENT_FEES = ImpoundmentFeesKind.code
OWNER_NOTICE = "dogs/impound_owner_notice.txt"


# -- Dates --------------------------------------------------------------------------------

@dataclass(frozen=True)
class ImpoundmentDates:
    """The dates the law sets for one impoundment."""

    forward_by: dt.date
    hold_ends: dt.date
    town_property_from: dt.date
    keep_until: dt.date | None

    def forwarding_overdue(self, impoundment: Impoundment, today: dt.date) -> bool:
        return impoundment.forwarded_to_clerk_on is None and today > self.forward_by


def dates_of(impoundment: Impoundment, calendar: BusinessCalendar) -> ImpoundmentDates:
    """The intake's forward-by date (ACO B(2), rolled to a business day), the end of the
    seven-day hold (Impoundment C, E: a duration, never rolled) and the first day the dog
    may become Town property."""
    periods = town_law(MUNICIPALITY).periods
    hold_ends = period_due(periods["impound_hold"], impoundment.impounded_on, calendar)
    forwarded = impoundment.forwarded_to_clerk_on
    return ImpoundmentDates(
        forward_by=intake_records_due(impoundment.impounded_on, calendar),
        hold_ends=hold_ends,
        town_property_from=_town_property_from(impoundment, hold_ends),
        keep_until=kept_until(forwarded) if forwarded else None,
    )


def _town_property_from(impoundment: Impoundment, hold_ends: dt.date) -> dt.date:
    one_day = dt.timedelta(days=1)
    if impoundment.basis == ImpoundmentBasis.SURRENDER:
        return impoundment.impounded_on  # no minimum hold once surrendered (F(3))
    if impoundment.basis == ImpoundmentBasis.SAFE_HOLD:
        return impoundment.claim_by + one_day  # unclaimed by the contract's date (G(2))
    return hold_ends + one_day  # held through the last day of the hold (C, E)


def _dates(impoundment: Impoundment) -> ImpoundmentDates:
    return dates_of(impoundment, impoundment.municipality.calendar())


# -- Finding the owner --------------------------------------------------------------------

def newest_tag_year(on: dt.date) -> int:
    """The newest license year whose tags a dog may wear on ``on``: next year's from the day
    its licenses go on sale (December 1, Licenses A(8)), else ``on``'s own."""
    return kind_for(DOG_LICENSE.code).annual.next_year_on_sale(on) or on.year


def find_licensed_dog(*, municipality, tag_number: str = "", microchip: str = "",
                      on: dt.date, license_number: str = "") -> Dog | None:
    """The dog whose tag (of the newest license year on sale on ``on``), license number (of
    any year) or microchip the town knows (Impoundment D)."""
    found = identify_licensed_dog(municipality=municipality, tag_number=tag_number,
                                  microchip=microchip, license_number=license_number, on=on)
    return found[0] if found else None


def identify_licensed_dog(*, municipality, on: dt.date, tag_number: str = "",
                          microchip: str = "", license_number: str = ""
                          ) -> tuple[Dog, str] | None:
    """The licensed dog and how it was found: by a tag of any license year up to the
    newest on sale on ``on`` (the newest first: in December next year's, Licenses A(8)), by
    the number of its license of any year, or by its microchip."""
    tag_number, microchip = str(tag_number or "").strip(), (microchip or "").strip()
    license_number = (license_number or "").strip()
    if tag_number.isdigit():
        tag = (DogTag.objects.filter(municipality=municipality, year__lte=newest_tag_year(on),
                                     number=int(tag_number))
               .select_related("dog__owner").order_by("-year", "-issued_at").first())
        if tag is not None:
            return tag.dog, OwnerIdentifiedBy.TAG
    if license_number:
        details = (DogLicense.objects.filter(application__permit__municipality=municipality,
                                             application__permit__number__iexact=license_number)
                   .select_related("dog__owner").first())
        if details is not None:
            return details.dog, OwnerIdentifiedBy.LICENSE
    if microchip:
        dog = (Dog.objects.filter(residence__municipality=municipality,
                                  microchip__iexact=microchip)
               .select_related("owner").first())
        if dog is not None:
            return dog, OwnerIdentifiedBy.MICROCHIP
    return None


# -- Services -----------------------------------------------------------------------------

def _refuse_unless_officer(user, municipality_id: int) -> None:
    if not can_work_impoundments(user, municipality_id):
        raise PermissionDenied("Only the town's Animal Control Officer records impoundments.")


def _refuse_unless(impoundment: Impoundment, *statuses: str, doing: str) -> None:
    if impoundment.status not in statuses:
        raise InvalidTransition(
            f"The dog is {impoundment.get_status_display().lower()}: it cannot be {doing}.",
            field="status",
        )


def _audit(impoundment: Impoundment, action: str, acting_user: User, summary: str, **after) -> None:
    audit.record(actor=acting_user, action=f"impoundment.{action}", subject=impoundment,
                 municipality=impoundment.municipality, summary=summary,
                 after={"status": impoundment.status, **after})


#: How an animal may come into custody at intake: picked up or turned over (Impoundment A,
#: B), or abandoned on vacated property (Welfare G(7)); contracts come later (F, G).
INTAKE_BASES = (ImpoundmentBasis.PICKED_UP, ImpoundmentBasis.ABANDONED)


@transaction.atomic
def record_intake(*, municipality, impounded_on: dt.date, description: str,
                  acting_user: User, found_at: str = "", tag_number: str = "", microchip: str = "",
                  picked_up: bool = True, species: str = Species.DOG,
                  under_six_months: bool = False,
                  basis: str = ImpoundmentBasis.PICKED_UP) -> Impoundment:
    """Record an animal of any species taken into custody (Impoundment A, B; Welfare G(7);
    ACO B(2)); when its tag or microchip finds a licensed dog, the owner is notified at
    once (Impoundment D)."""
    _refuse_unless_officer(acting_user, municipality.pk)
    _require_intake_choices(impounded_on, species=species, basis=basis)
    impoundment = Impoundment.objects.create(
        municipality=municipality, impounded_on=impounded_on, description=description,
        found_at=found_at, tag_number=str(tag_number or "").strip(),
        microchip=microchip.strip(), picked_up=picked_up, recorded_by=acting_user,
        species=species, under_six_months=under_six_months, basis=basis,
    )
    _audit(impoundment, "intake", acting_user,
           f"Intake ({impoundment.get_species_display().lower()}): {description}",
           species=species, basis=basis)
    found = identify_licensed_dog(municipality=municipality, tag_number=impoundment.tag_number,
                                  microchip=impoundment.microchip, on=impounded_on)
    if found is not None:
        _identify(impoundment, *found, acting_user)
    return impoundment


def _require_intake_choices(impounded_on: dt.date, *, species: str, basis: str) -> None:
    errors = {}
    if impounded_on > timezone.localdate():
        errors["impounded_on"] = "The impoundment date cannot be in the future."
    if species not in Species.values:
        errors["species"] = "Choose the species: dog, cat, ferret, livestock or other."
    if basis not in INTAKE_BASES:
        errors["basis"] = (f"Choose picked up or turned over ({cite('Impoundment A, B')}) or "
                           f"abandoned on vacated property ({cite('Welfare G(7)')}).")
    if errors:
        raise DomainError(errors)


@transaction.atomic
def identify_owner(*, impoundment: Impoundment, acting_user: User, tag_number: str = "",
                   microchip: str = "", license_number: str = "", owner_name: str = "",
                   owner_contact: str = "", identification_note: str = "") -> Impoundment:
    """Identify the owner (Impoundment D): a licensed dog by a tag or license of any year
    or its microchip, whose owner is then notified at once; otherwise the owner the officer
    names, with their contact and how they were identified ("other means")."""
    _refuse_unless_officer(acting_user, impoundment.municipality_id)
    _refuse_unless(impoundment, ImpoundmentStatus.HELD, doing="identified now")
    if tag_number or microchip or license_number:
        found = identify_licensed_dog(municipality=impoundment.municipality,
                                      tag_number=tag_number, microchip=microchip,
                                      license_number=license_number, on=timezone.localdate())
        if found is None:
            raise DomainError("No licensed dog has that tag number, license number or "
                              "microchip.", field="tag_number")
        impoundment.tag_number = str(tag_number or "").strip() or impoundment.tag_number
        impoundment.microchip = (microchip or "").strip() or impoundment.microchip
        _identify(impoundment, *found, acting_user)
        return impoundment
    _identify_by_other_means(impoundment, owner_name=owner_name, owner_contact=owner_contact,
                             note=identification_note, acting_user=acting_user)
    return impoundment


def _identify_by_other_means(impoundment: Impoundment, *, owner_name: str, owner_contact: str,
                             note: str, acting_user: User) -> None:
    errors = {}
    for field, value, message in (
        ("owner_name", owner_name, "Enter the owner's name, or a tag, license or microchip."),
        ("owner_contact", owner_contact, "Enter how to reach the owner."),
        ("identification_note", note,
         f"Record how the owner was identified ({cite('Impoundment D')})."),
    ):
        if not (value or "").strip():
            errors[field] = message
    if errors:
        raise DomainError(errors)
    impoundment.owner_name, impoundment.owner_contact = owner_name.strip(), owner_contact.strip()
    impoundment.identified_by = OwnerIdentifiedBy.OTHER
    impoundment.identification_note = note.strip()
    impoundment.save()
    _audit(impoundment, "owner_identified", acting_user,
           f"Owner identified by other means: {impoundment.owner_name} (Impoundment D)",
           identified_by=OwnerIdentifiedBy.OTHER)


def officer_phone() -> str:
    """The Animal Control Officer's telephone the town's admin recorded with the office's
    (Payments), or "": whom a finder or an owner calls (Impoundment B, D)."""
    office = PaymentOffice.objects.filter(municipality__code=MUNICIPALITY).first()
    return office.animal_control_phone if office else ""


def _identify(impoundment: Impoundment, dog: Dog, identified_by: str, acting_user: User) -> None:
    impoundment.dog = dog
    impoundment.identified_by = identified_by
    impoundment.owner_notified_at = timezone.now()
    _take_rabies_proof_on_file(impoundment, dog)
    impoundment.save()
    _audit(impoundment, "owner_notified", acting_user,
           f"{dog.name}'s owner notified (Impoundment D)", dog=dog.pk, owner=dog.owner_id)
    write(Draft(
        kind=MessageKind.ANIMAL_IMPOUNDED, key=f"dog-impounded:{impoundment.pk}",
        subject=explain(gettext_noop("North Andover Animal Control has %(dog)s"), dog=dog.name),
        template=OWNER_NOTICE,
        context={"dog": dog, "owner": dog.owner, "impoundment": impoundment,
                 "citation": cite("Impoundment D"), "release_citation": cite("Impoundment C"),
                 "hold_ends": _dates(impoundment).hold_ends, "officer_phone": officer_phone(),
                 "owner_url": absolute_url(reverse("dogs:impoundment_owner",
                                                   args=[impoundment.pk]))},
        about=impoundment, municipality=impoundment.municipality, is_legal_notice=True,
    ), [dog.owner])
    OwnerNotice.objects.create(
        impoundment=impoundment, recorded_by=acting_user, notified_on=timezone.localdate(),
        method=NoticeMethod.EMAIL if dog.owner.email else NoticeMethod.MAIL,
        person_reached=dog.owner.display_name,
        note="Sent by the site" if dog.owner.email else "Letter on the Clerk's letters list",
    )


@transaction.atomic
def record_owner_notice(*, impoundment: Impoundment, method: str, notified_on: dt.date,
                        person_reached: str, acting_user: User, note: str = "") -> OwnerNotice:
    """The officer told the identified owner by telephone, in person, mail or email, on
    ``notified_on``, reaching ``person_reached`` (Impoundment D)."""
    _refuse_unless_officer(acting_user, impoundment.municipality_id)
    errors = {}
    if not impoundment.owner_identified:
        errors["owner_name"] = "Identify the owner first."
    if method not in NoticeMethod.values:
        errors["method"] = "Choose email, telephone, in person or mail."
    if not impoundment.impounded_on <= notified_on <= timezone.localdate():
        errors["notified_on"] = "Enter a date from the intake to today."
    if not person_reached.strip():
        errors["person_reached"] = "Enter who was reached."
    if errors:
        raise DomainError(errors)
    notice = OwnerNotice.objects.create(
        impoundment=impoundment, method=method, notified_on=notified_on,
        person_reached=person_reached.strip(), note=note.strip(), recorded_by=acting_user)
    if impoundment.owner_notified_at is None:
        impoundment.owner_notified_at = timezone.now()
        impoundment.save(update_fields=["owner_notified_at"])
    _audit(impoundment, "owner_notice", acting_user,
           f"Owner notified by {notice.get_method_display().lower()}: "
           f"{notice.person_reached} (Impoundment D)",
           method=method, notified_on=notified_on.isoformat())
    return notice


def _take_rabies_proof_on_file(impoundment: Impoundment, dog: Dog) -> None:
    """A licensed dog's rabies certificate accepted with its license is on the record
    (Rabies A): the intake takes it unless the officer recorded a later one, so that the
    dog is not flagged as unvaccinated (Rabies C) nor its release held for proof the Town
    already has (Impoundment C)."""
    certificate = rabies_certificate_on_file(Application.objects.filter(dog_license__dog=dog))
    if certificate is None or (impoundment.rabies_valid_through or dt.date.min) >= (
            certificate.valid_until):
        return
    impoundment.rabies_certificate = (
        f"Accepted with the dog's license application #{certificate.application_id}")
    impoundment.rabies_valid_through = certificate.valid_until


@transaction.atomic
def record_rabies_proof(*, impoundment: Impoundment, certificate: str,
                        valid_through: dt.date, acting_user: User) -> Impoundment:
    """The owner's rabies vaccination certificate from a veterinarian (Impoundment C)."""
    _refuse_unless_officer(acting_user, impoundment.municipality_id)
    _refuse_unless(impoundment, ImpoundmentStatus.HELD, doing="given rabies proof")
    if valid_through < timezone.localdate():
        raise DomainError(
            f"The vaccination expired on {format_date(valid_through)}; "
            f"{cite('Impoundment C')} requires current proof.", field="rabies_valid_through")
    impoundment.rabies_certificate = certificate.strip()
    impoundment.rabies_valid_through = valid_through
    impoundment.save(update_fields=["rabies_certificate", "rabies_valid_through"])
    _audit(impoundment, "rabies_proof", acting_user, "Rabies certificate recorded",
           valid_through=valid_through.isoformat())
    return impoundment


def _fee_schedule(on: dt.date):
    schedule = schedule_in_force(PermitType.objects.get(code=IMPOUNDMENT_FEES), on)
    if schedule is None:
        raise DomainError(f"No impoundment fee schedule is in force on {format_date(on)}.",
                          field="fee_invoice")
    return schedule


def boarding_days(impoundment: Impoundment, on: dt.date) -> int:
    """Days boarded up to ``on``: at least one."""
    return max(1, (on - impoundment.impounded_on).days)


def fee_lines(impoundment: Impoundment, on: dt.date) -> tuple[object, list[dict]]:
    """The schedule in force on ``on`` and what the owner owes to reclaim the dog: the
    pick-up fee when the officer picked it up (C(1)), the impound fee and boarding (C)."""
    schedule = _fee_schedule(on)
    items = {item.code: item for item in schedule.items.all()}
    codes = ("pick_up", "impound") if impoundment.picked_up else ("impound",)
    lines = [{"code": code, "description": items[code].description,
              "amount": items[code].amount, "citation": items[code].citation}
             for code in codes]
    days, boarding = boarding_days(impoundment, on), items["boarding_per_day"]
    lines.append({"code": boarding.code,
                  "description": f"{boarding.description}: {days} × ${boarding.amount}",
                  "amount": boarding.amount * days, "citation": boarding.citation})
    return schedule, lines


@transaction.atomic
def invoice_fees(*, impoundment: Impoundment, acting_user: User) -> Invoice:
    """Put the fees to date on the owner's record; an unpaid earlier invoice is voided."""
    _refuse_unless_officer(acting_user, impoundment.municipality_id)
    _refuse_unless(impoundment, ImpoundmentStatus.HELD, doing="invoiced")
    if not impoundment.owner_identified:
        raise DomainError("Identify the owner before invoicing the fees.", field="tag_number")
    previous = impoundment.fee_invoice
    if previous is not None and previous.is_paid:
        raise InvalidTransition("The fees are paid.", field="fee_invoice")
    if previous is not None:
        previous.status = InvoiceStatus.VOID
        previous.save(update_fields=["status"])
    schedule, lines = fee_lines(impoundment, timezone.localdate())
    payer = impoundment.dog.owner if impoundment.dog_id else None
    invoice = _invoice(impoundment, schedule, lines, payer=payer)
    impoundment.fee_invoice = invoice
    impoundment.save(update_fields=["fee_invoice"])
    _audit(impoundment, "fees_invoiced", acting_user, f"Fees invoiced: ${invoice.total}",
           invoice=invoice.pk)
    return invoice


def _invoice(impoundment: Impoundment, schedule, lines: list[dict], *, payer) -> Invoice:
    invoice = Invoice.objects.create(municipality=impoundment.municipality, payer=payer,
                                     fee_schedule=schedule)
    InvoiceLine.objects.bulk_create(InvoiceLine(invoice=invoice, **line) for line in lines)
    return invoice


@transaction.atomic
def release_to_owner(*, impoundment: Impoundment, acting_user: User) -> Impoundment:
    """Return the animal to its identified owner: the fees paid and, for a dog, cat or
    ferret six months or older, current rabies proof (Impoundment C; Rabies A)."""
    _refuse_unless_officer(acting_user, impoundment.municipality_id)
    _refuse_unless(impoundment, ImpoundmentStatus.HELD, doing="released")
    errors = _release_errors(impoundment, timezone.localdate())
    if errors:
        raise DomainError(errors)
    _close(impoundment, ImpoundmentStatus.RELEASED)
    _audit(impoundment, "released", acting_user, "Released to the owner")
    return impoundment


def _release_errors(impoundment: Impoundment, today: dt.date) -> dict[str, str]:
    section = cite("Impoundment C")
    errors = {}
    if not impoundment.owner_identified:
        errors["tag_number"] = "Identify the owner first."
    if impoundment.rabies_missing_on(today):
        errors["rabies_valid_through"] = (
            f"Record a current rabies vaccination certificate ({section}).")
    invoice = impoundment.fee_invoice
    if invoice is None or not invoice.is_paid:
        errors["fee_invoice"] = (
            f"The pick-up, impound and boarding fees must be paid first ({section}).")
    return errors


def _close(impoundment: Impoundment, status: str, **fields) -> None:
    impoundment.status = status
    impoundment.closed_on = timezone.localdate()
    for name, value in fields.items():
        setattr(impoundment, name, value)
    impoundment.save()


@transaction.atomic
def record_contract(*, impoundment: Impoundment, basis: str, signed_by: str, acting_user: User,
                    claim_by: dt.date | None = None, alternate_party: str = "") -> Impoundment:
    """The owner's surrender contract (Impoundment F) or safe-hold contract with its
    claim-by date and any alternate party (G)."""
    _refuse_unless_officer(acting_user, impoundment.municipality_id)
    _refuse_unless(impoundment, ImpoundmentStatus.HELD, doing="put under a contract")
    errors = _contract_errors(impoundment, basis=basis, signed_by=signed_by, claim_by=claim_by)
    if errors:
        raise DomainError(errors)
    impoundment.basis = basis
    impoundment.contract_signed_by = signed_by.strip()
    impoundment.claim_by = claim_by if basis == ImpoundmentBasis.SAFE_HOLD else None
    impoundment.alternate_party = alternate_party.strip()
    impoundment.save()
    _audit(impoundment, "contract", acting_user, f"{impoundment.get_basis_display()} signed",
           basis=basis, claim_by=claim_by.isoformat() if claim_by else None)
    return impoundment


def _contract_errors(impoundment: Impoundment, *, basis: str, signed_by: str,
                     claim_by: dt.date | None) -> dict[str, str]:
    errors = {}
    if basis not in (ImpoundmentBasis.SURRENDER, ImpoundmentBasis.SAFE_HOLD):
        errors["basis"] = "Choose a surrender or a safe-hold contract."
    if not signed_by.strip():
        errors["signed_by"] = "Enter who signed the contract."
    if basis == ImpoundmentBasis.SAFE_HOLD and (
            claim_by is None or claim_by < impoundment.impounded_on):
        errors["claim_by"] = (f"Enter the claim-by date, on or after the intake "
                              f"({cite('Impoundment G(2)')}).")
    return errors


def _refuse_before_town_property(impoundment: Impoundment, today: dt.date) -> None:
    start = _dates(impoundment).town_property_from
    if today < start:
        raise InvalidTransition(
            f"The dog is held through {format_date(start - dt.timedelta(days=1))}; it "
            f"becomes Town property on {format_date(start)} "
            f"({cite('Impoundment E')}).", field="status")


@transaction.atomic
def declare_town_property(*, impoundment: Impoundment, acting_user: User) -> Impoundment:
    """An unclaimed dog becomes the Town's after its hold or claim-by date (Impoundment E,
    G(2)); a surrendered dog at once (F(3))."""
    _refuse_unless_officer(acting_user, impoundment.municipality_id)
    _refuse_unless(impoundment, ImpoundmentStatus.HELD, doing="declared Town property")
    _refuse_before_town_property(impoundment, timezone.localdate())
    impoundment.status = ImpoundmentStatus.TOWN_PROPERTY
    impoundment.save(update_fields=["status"])
    _audit(impoundment, "town_property", acting_user, "Became Town property")
    return impoundment


@transaction.atomic
def record_disposition(*, impoundment: Impoundment, outcome: str, acting_user: User,
                       note: str = "", adopter_name: str = "",
                       adopter_identification: str = "",
                       cori_authorized: bool = False) -> Impoundment:
    """Adoption (fee and identification, Impoundment H), transfer to a rescue or humane
    euthanasia (E, G(4)) of a Town-property dog — never before its hold ends."""
    _refuse_unless_officer(acting_user, impoundment.municipality_id)
    _refuse_unless(impoundment, ImpoundmentStatus.HELD, ImpoundmentStatus.TOWN_PROPERTY,
                   doing="placed")
    if outcome not in DISPOSITIONS:
        raise DomainError("Choose adoption, transfer to a rescue or euthanasia.",
                          field="outcome")
    _refuse_before_town_property(impoundment, timezone.localdate())
    fields = {"outcome_note": note.strip()}
    if outcome == ImpoundmentStatus.ADOPTED:
        fields |= _adoption(impoundment, adopter_name, adopter_identification,
                            cori_authorized)
    _close(impoundment, outcome, **fields)
    _audit(impoundment, "disposition", acting_user, impoundment.get_status_display(),
           outcome=outcome)
    return impoundment


def _adoption(impoundment: Impoundment, adopter_name: str, identification: str,
              cori_authorized: bool) -> dict:
    section = cite("Impoundment H")
    errors = {}
    if not adopter_name.strip():
        errors["adopter_name"] = "Enter the adopter's name."
    if not identification.strip():
        errors["adopter_identification"] = f"Record the adopter's identification ({section})."
    if not cori_authorized:
        errors["cori_authorized"] = (
            f"The adopter must authorize the CORI background check ({section}).")
    cori = household_cori_refusal(impoundment, adopter_name)
    if cori:
        errors["cori_checks"] = cori
    if errors:
        raise DomainError(errors)
    schedule = _fee_schedule(timezone.localdate())
    adoption = schedule.items.get(code="adoption")
    invoice = _invoice(impoundment, schedule, [{
        "code": adoption.code, "description": adoption.description,
        "amount": adoption.amount, "citation": adoption.citation}], payer=None)
    return {"adopter_name": adopter_name.strip(),
            "adopter_identification": identification.strip(), "adoption_invoice": invoice}


@transaction.atomic
def record_forwarded(*, impoundment: Impoundment, on: dt.date, acting_user: User) -> Impoundment:
    """The intake record went to the Town Clerk on ``on`` (ACO B(2))."""
    _refuse_unless_officer(acting_user, impoundment.municipality_id)
    if not impoundment.impounded_on <= on <= timezone.localdate():
        raise DomainError("Enter a date from the intake to today.", field="forwarded_on")
    impoundment.forwarded_to_clerk_on = on
    impoundment.save(update_fields=["forwarded_to_clerk_on"])
    _audit(impoundment, "forwarded", acting_user, "Intake record forwarded to the Town Clerk",
           forwarded_on=on.isoformat())
    return impoundment



# -- CORI checks of the adopting household (Impoundment H) --------------------------------

@transaction.atomic
def record_cori_check(*, impoundment: Impoundment, person_name: str, checked_on: dt.date,
                      result: str, acting_user: User) -> AdoptionCoriCheck:
    """The CORI background check of one individual residing in the adopting household
    (Impoundment H)."""
    _refuse_unless_officer(acting_user, impoundment.municipality_id)
    _refuse_unless(impoundment, ImpoundmentStatus.HELD, ImpoundmentStatus.TOWN_PROPERTY,
                   doing="given CORI checks")
    errors = {}
    if not person_name.strip():
        errors["person_name"] = "Enter the name of the individual checked."
    if not impoundment.impounded_on <= checked_on <= timezone.localdate():
        errors["checked_on"] = "Enter a date from the intake to today."
    if result not in CoriResult.values:
        errors["result"] = "Choose clear or not clear."
    if errors:
        raise DomainError(errors)
    check = AdoptionCoriCheck.objects.create(
        impoundment=impoundment, person_name=person_name.strip(), checked_on=checked_on,
        result=result, recorded_by=acting_user)
    _audit(impoundment, "cori_check", acting_user,
           f"CORI check of {check.person_name}: {check.get_result_display().lower()} "
           f"(Impoundment H)", result=result, checked_on=checked_on.isoformat())
    return check


def household_cori_refusal(impoundment: Impoundment, adopter_name: str) -> str:
    """Why the adoption must wait for the household's CORI checks, or "" when every
    individual recorded, the adopter among them, is clear (Impoundment H)."""
    section = cite("Impoundment H")
    checks = list(impoundment.cori_checks.all())
    if not checks:
        return (f"Record a CORI check for each individual residing in the adopter's "
                f"household ({section}).")
    not_clear = [check.person_name for check in checks if check.result != CoriResult.CLEAR]
    if not_clear:
        return f"The CORI check of {', '.join(not_clear)} is not clear ({section})."
    checked = {check.person_name.casefold() for check in checks}
    if adopter_name.strip() and adopter_name.strip().casefold() not in checked:
        return f"Record the adopter's own CORI check ({section})."
    return ""
