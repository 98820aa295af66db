"""The roster of a North Andover kennel's dogs (Code ch. 60, Kennel license B(1), B(2)): the
dogs the license was issued for, the new dogs reported during the year, and the roster
printed as of a day."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import TYPE_CHECKING

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_noop

from dogs.law import cite
from dogs.models import KennelDog
from dogs.periods import MUNICIPALITY
from dogs.rules import KENNEL_LICENSE
from permits_site import audit
from permits_site.accounts.permissions import can_view_permit, is_clerk, is_party
from permits_site.exceptions import DomainError, InvalidTransition, PermissionDenied
from permits_site.licensing.models import Permit, PermitStatus
from permits_site.pdf.html import render_pdf
from permits_site.rules.calendar import format_date, period_due
from permits_site.rules.periods import Period
from permits_site.rules.registry import town_law
from permits_site.rules.wording import explain

if TYPE_CHECKING:
    from permits_site.accounts.models import User

# -- the roster of the kennel's dogs (Kennel license B(1), B(2)) ------------------------


def new_dog_report_period() -> Period:
    """Kennel license B(2): each new dog is reported within 30 days of its acquisition."""
    return town_law(MUNICIPALITY).periods["kennel_new_dog_report"]


def licensed_dog_count(permit: Permit) -> int:
    """The dogs over six months the license was issued for (the application's count)."""
    return int(permit.application.facts.get("dogs_over_6_months") or 0)


@dataclass(frozen=True)
class RosterCount:
    """The roster checked against the license: the dogs it was issued for, those listed,
    the new dogs reported since, and the dogs boarded temporarily (not the kennel's own)."""

    licensed: int
    listed: int
    reported: int
    boarded: int = 0

    @property
    def missing(self) -> int:
        return max(self.licensed - self.listed, 0)


def roster_count(permit: Permit, dogs: list[KennelDog]) -> RosterCount:
    """The kennel's own dogs (listed or reported new) told apart from those it boards."""
    own = [dog for dog in dogs if not dog.is_boarded]
    listed = sum(1 for dog in own if dog.acquired_on is None)
    return RosterCount(licensed=licensed_dog_count(permit), listed=listed,
                       reported=len(own) - listed, boarded=len(dogs) - len(own))


def can_keep_roster(user: User, permit: Permit) -> bool:
    """The licensee (or a member of the licensed business) and the Town Clerk."""
    return is_party(user, person_id=permit.holder_id,
                    business_id=permit.holder_business_id) or is_clerk(
        user, permit.municipality_id)


def can_view_roster(user: User, permit: Permit) -> bool:
    return can_view_permit(user, permit)


def _require_kennel_license(permit: Permit) -> None:
    if permit.permit_type.code != KENNEL_LICENSE.code:
        raise DomainError("This permit is not a kennel license.", field="permit")
    if permit.status != PermitStatus.ACTIVE:
        raise InvalidTransition(
            f"The kennel license is {permit.get_status_display().lower()}: no dog is added "
            "to it.", field="permit")


def _boarding_errors(*, boarded_for: str, rabies_certificate: str,
                     acquired_on: dt.date | None) -> dict[str, list[str]]:
    """A boarded dog comes with its owner named and the proof of vaccination the kennel
    keeps (B(1)); it is no acquisition of the licensee's to report (B(2))."""
    if not boarded_for.strip():
        return {}
    errors: dict[str, list[str]] = {}
    if not rabies_certificate.strip():
        errors["rabies_certificate"] = [explain(gettext_noop(
            "Enter the boarded dog's rabies certificate (number and veterinarian): a boarding "
            "kennel keeps each boarded dog's proof of vaccination (%(section)s)."),
            section=cite("Kennel license B(1)"))]
    if acquired_on is not None:
        errors["acquired_on"] = [explain(gettext_noop(
            "A boarded dog is not the kennel's own: it has no acquisition to report "
            "(%(section)s)."), section=cite("Kennel license B(1), B(2)"))]
    return errors


def _dog_errors(*, name: str, breed: str, rabies_valid_through: dt.date, today: dt.date,
                acquired_on: dt.date | None, boarded_for: str = "",
                rabies_certificate: str = "") -> dict[str, list[str]]:
    errors = _boarding_errors(boarded_for=boarded_for, rabies_certificate=rabies_certificate,
                              acquired_on=acquired_on)
    if not name.strip():
        errors["name"] = [gettext_noop("Enter the dog's name.")]
    if not breed.strip():
        errors["breed"] = [gettext_noop("Enter the dog's breed.")]
    if rabies_valid_through < today:
        errors["rabies_valid_through"] = [explain(gettext_noop(
            "The rabies vaccination ran out on %(date)s: proof of current vaccination is "
            "required (%(section)s)."),
            date=rabies_valid_through, section=cite("Kennel license B(1), B(2)"))]
    if acquired_on is not None and acquired_on > today:
        errors["acquired_on"] = [gettext_noop("A dog is reported once it has been acquired.")]
    return errors


def _require_room_on_roster(permit: Permit) -> None:
    """The dogs the license was issued for are listed once; more are new dogs (B(2))."""
    licensed = licensed_dog_count(permit)
    listed = permit.kennel_dogs.filter(acquired_on__isnull=True, boarded_for="").count()
    if listed >= licensed:
        raise DomainError(explain(gettext_noop(
            "The license was issued for %(licensed)s dogs and all are listed: report a new dog "
            "with the day it was acquired (%(section)s)."),
            licensed=licensed, section=cite("Kennel license B(2)")), field="acquired_on")


@transaction.atomic
def add_kennel_dog(
    *,
    permit: Permit,
    name: str,
    breed: str,
    rabies_valid_through: dt.date,
    acquired_on: dt.date | None = None,
    boarded_for: str = "",
    rabies_certificate: str = "",
    acting_user: User,
) -> KennelDog:
    """List a dog of the kennel with its rabies vaccination (Kennel license B(1)); with
    ``acquired_on``, report a new dog of the license year (B(2)): a report after the 30
    days is recorded with its due date and shown as late, not refused. With
    ``boarded_for`` (its owner), a dog boarded temporarily, told apart from the kennel's
    own, with the rabies certificate the kennel keeps for it (B(1))."""
    if not can_keep_roster(acting_user, permit):
        raise PermissionDenied("Only the kennel licensee or the Town Clerk lists its dogs.")
    _require_kennel_license(permit)
    today = timezone.localdate()
    errors = _dog_errors(name=name, breed=breed, rabies_valid_through=rabies_valid_through,
                         today=today, acquired_on=acquired_on, boarded_for=boarded_for,
                         rabies_certificate=rabies_certificate)
    if errors:
        raise DomainError(errors)
    if acquired_on is None and not boarded_for.strip():
        _require_room_on_roster(permit)
    report_due = None if acquired_on is None else period_due(
        new_dog_report_period(), acquired_on, permit.municipality.calendar())
    dog = KennelDog.objects.create(
        permit=permit, name=name.strip(), breed=breed.strip(),
        rabies_valid_through=rabies_valid_through, acquired_on=acquired_on,
        reported_on=today, report_due=report_due, boarded_for=boarded_for.strip(),
        rabies_certificate=rabies_certificate.strip(), recorded_by=acting_user)
    audit.record(
        actor=acting_user, action=_roster_action(dog),
        subject=permit, municipality=permit.municipality,
        summary=f"{dog.name} ({dog.breed}) on kennel license {permit.number}"
                + (" — reported late" if dog.reported_late else ""),
        after={"dog": dog.pk, "acquired_on": str(acquired_on), "report_due": str(report_due),
               "late": dog.reported_late})
    return dog


def _roster_action(dog: KennelDog) -> str:
    if dog.is_boarded:
        return "kennel.dog_boarded"
    return "kennel.dog_reported" if dog.acquired_on else "kennel.dog_listed"


def late_report_note(dog: KennelDog) -> str:
    """What the roster says of a new dog reported after its 30 days (B(2)); blank if not."""
    if not dog.reported_late:
        return ""
    return explain(gettext_noop("Reported late: due by %(date)s (%(section)s)."),
                   date=dog.report_due, section=new_dog_report_period().citation)


# -- the printed roster (B(1), B(2)) -------------------------------------------------------


@dataclass(frozen=True)
class RosterRow:
    """A dog as the printed roster shows it."""

    name: str
    breed: str
    rabies: str
    on_roster: str
    late_note: str


def roster_row(dog: KennelDog, *, today: dt.date) -> RosterRow:
    """A dog of the roster as printed on ``today``: its rabies vaccination, valid or expired
    that day (Kennel license B(1)), and how it came on the roster: licensed with the kennel,
    or reported later with the day it was acquired, flagged if reported late (B(2))."""
    valid_through = format_date(dog.rabies_valid_through)
    rabies = (f"Expired: valid through {valid_through}"
              if dog.rabies_valid_through < today else f"Valid through {valid_through}")
    if dog.rabies_certificate:
        rabies += f" (certificate {dog.rabies_certificate})"
    return RosterRow(name=dog.name, breed=dog.breed, rabies=rabies, on_roster=on_roster(dog),
                     late_note=late_report_note(dog))


def on_roster(dog: KennelDog) -> str:
    """How the dog came on the roster: boarded for its owner, licensed with the kennel, or
    reported later with the day it was acquired (B(1), B(2))."""
    if dog.is_boarded:
        return f"Boarded for {dog.boarded_for} since {format_date(dog.reported_on)}"
    return (f"Reported later: acquired {format_date(dog.acquired_on)}, reported "
            f"{format_date(dog.reported_on)}" if dog.acquired_on
            else "Licensed with the kennel")


def render_roster_pdf(permit: Permit, *, today: dt.date) -> bytes:
    """The kennel's roster printed as of ``today``: the license, the dogs it was issued for
    (Kennel license B(1)) and every dog on the roster, with the new dogs reported since
    (B(2)), in English. The license PDF is kept as issued; the roster is printed again when
    it changes.
    """
    dogs = list(permit.kennel_dogs.all())
    return render_pdf("dogs/kennel_roster_pdf.html", {
        "permit": permit,
        "today": today,
        "count": roster_count(permit, dogs),
        "rows": [roster_row(dog, today=today) for dog in dogs],
        "roster_citation": cite("Kennel license B(1), B(2)"),
        "year_citation": cite("Kennel license B(7)"),
    })


def roster_pdf_filename(permit: Permit, *, today: dt.date) -> str:
    return f"kennel-roster-{permit.number}-{today.isoformat()}.pdf"
