"""Dog services: registering a dog, applying for its license, the renewal season."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.core.mail import send_mass_mail
from django.db import transaction
from django.db.models import Exists, OuterRef
from django.utils import timezone

from dogs.models import Dog, DogLicense
from permits_site.licensing import audit
from permits_site.licensing.exceptions import DomainError
from permits_site.licensing.models import (
    OPEN_STATUSES,
    Application,
    Permit,
    PermitStatus,
    PermitType,
)
from permits_site.licensing.services.applications import create_application

DOG_LICENSE = "north_andover.dog_license"
DOG_FIELDS = ("name", "breed", "color", "sex", "date_of_birth", "spayed_neutered", "microchip")


@transaction.atomic
def register_dog(*, owner, acting_user, **fields) -> Dog:
    dog = Dog.objects.create(
        owner=owner, **{name: fields[name] for name in DOG_FIELDS if name in fields}
    )
    audit.record(
        actor=acting_user,
        action="dog.registered",
        subject=dog,
        summary=f"Registered {dog.name}",
        after=_dog_state(dog),
    )
    return dog


@transaction.atomic
def update_dog(*, dog: Dog, acting_user, **fields) -> Dog:
    before = _dog_state(dog)
    for name in DOG_FIELDS:
        if name in fields:
            setattr(dog, name, fields[name])
    dog.save()
    audit.record(
        actor=acting_user,
        action="dog.updated",
        subject=dog,
        summary=f"Updated {dog.name}",
        before=before,
        after=_dog_state(dog),
    )
    return dog


def _dog_state(dog: Dog) -> dict:
    return {name: str(getattr(dog, name)) for name in DOG_FIELDS}


def default_license_year(today: dt.date) -> int:
    """Forms for next year are out by Dec 31 (Licenses A(8)); from December, offer next year."""
    return today.year + 1 if today.month == 12 else today.year


def current_license(dog: Dog, *, year: int) -> Permit | None:
    return (
        Permit.objects.filter(
            permit_type__code=DOG_LICENSE,
            application__dog_license__dog=dog,
            year=year,
            status=PermitStatus.ACTIVE,
        )
        .order_by("-issued_at")
        .first()
    )


@transaction.atomic
def apply_for_dog_license(
    *,
    applicant,
    dog: Dog,
    action: str,
    license_year: int,
    acquired_on: dt.date | None = None,
    moved_in_on: dt.date | None = None,
    previous_jurisdiction: str = "",
    previous_license_number: str = "",
) -> Application:
    """Start a draft application for a new license, renewal, transfer or replacement tag."""
    if dog.owner_id != applicant.pk:
        raise DomainError("You can only apply for your own dog.", field="dog")
    today = timezone.localdate()
    if license_year not in (today.year, today.year + 1):
        raise DomainError(
            f"Apply for the {today.year} or {today.year + 1} license year.", field="license_year"
        )
    _refuse_duplicate(dog, action=action, license_year=license_year)
    previous = _previous_permit(dog, action=action, license_year=license_year)
    if action == "transfer" and not (previous_jurisdiction and previous_license_number):
        raise DomainError(
            {
                "previous_jurisdiction": "Name the town and state of the license you surrender "
                "(North Andover Code ch. 60, Licenses A(4)).",
                "previous_license_number": "Enter that license's number.",
            }
        )
    application = create_application(
        applicant=applicant,
        permit_type=PermitType.objects.get(code=DOG_LICENSE),
        action=action,
        previous_permit=previous,
    )
    DogLicense.objects.create(
        application=application,
        dog=dog,
        license_year=license_year,
        acquired_on=acquired_on,
        moved_in_on=moved_in_on,
        previous_jurisdiction=previous_jurisdiction,
        previous_license_number=previous_license_number,
    )
    return application


def _refuse_duplicate(dog: Dog, *, action: str, license_year: int) -> None:
    pending = DogLicense.objects.filter(
        dog=dog,
        license_year=license_year,
        application__action=action,
        application__status__in=("draft", *OPEN_STATUSES),
    )
    if pending.exists():
        raise DomainError(
            f"{dog.name} already has an open {action.replace('_', ' ')} application "
            f"for {license_year}.",
            field="action",
        )
    if action != "replacement_tag" and current_license(dog, year=license_year):
        raise DomainError(f"{dog.name} is already licensed for {license_year}.", field="action")


def _previous_permit(dog: Dog, *, action: str, license_year: int) -> Permit | None:
    """Renewal follows last year's license; a replacement tag, this year's."""
    if action == "renewal":
        previous = current_license(dog, year=license_year - 1) or _latest_license(dog)
        if previous is None:
            raise DomainError(
                f"{dog.name} has no earlier North Andover license to renew; "
                "apply for a new license.",
                field="action",
            )
        return previous
    if action == "replacement_tag":
        current = current_license(dog, year=license_year)
        if current is None:
            raise DomainError(
                f"{dog.name} has no {license_year} license to replace a tag for.", field="action"
            )
        return current
    return None


def _latest_license(dog: Dog) -> Permit | None:
    return (
        Permit.objects.filter(permit_type__code=DOG_LICENSE, application__dog_license__dog=dog)
        .order_by("-year", "-issued_at")
        .first()
    )


@dataclass(frozen=True)
class RenewalDue:
    permit: Permit
    dog: Dog


def licenses_not_renewed(*, municipality, year: int):
    """Last year's dog licenses with no license for ``year`` yet, with the owners' contacts.

    One query whatever the number of rows: the dog and owner come joined.
    """
    renewed = Permit.objects.filter(
        permit_type__code=DOG_LICENSE,
        year=year,
        application__dog_license__dog=OuterRef("application__dog_license__dog"),
    )
    return (
        Permit.objects.filter(
            municipality=municipality,
            permit_type__code=DOG_LICENSE,
            year=year - 1,
            application__dog_license__dog__active=True,
        )
        .exclude(status=PermitStatus.REVOKED)
        .annotate(renewed=Exists(renewed))
        .filter(renewed=False)
        .select_related("holder", "application__dog_license__dog")
        .order_by("holder__last_name", "holder__first_name", "number")
    )


def send_renewal_reminders(*, municipality, year: int, acting_user, due_text: str) -> int:
    """Email each owner whose dog is not yet licensed for ``year``; returns emails sent.

    Mail goes out before the audit entry is written, outside any transaction.
    """
    permits = list(licenses_not_renewed(municipality=municipality, year=year))
    messages = [
        (
            f"{municipality.short_name} dog license renewal for {year}",
            (
                f"Dear {permit.holder.display_name},\n\n"
                f"{permit.application.dog_license.dog.name}'s {year} dog license is due by "
                f"{due_text}. Renewals after that date add a late fee "
                f"(North Andover Code ch. 60, Licenses A(8)).\n\n"
                f"Renew online from your dashboard, or at the Town Clerk's office.\n"
            ),
            None,
            [permit.holder.email],
        )
        for permit in permits
        if permit.holder.email
    ]
    sent = send_mass_mail(messages, fail_silently=False) if messages else 0
    audit.record(
        actor=acting_user,
        action="dog.renewal_reminders_sent",
        subject=municipality,
        municipality=municipality,
        summary=f"{sent} renewal reminders for {year}",
        after={"year": year, "sent": sent, "at": timezone.now().isoformat()},
    )
    return sent


def dogs_with_licenses(owner):
    """The owner's dogs with their license applications and permits, in a fixed few queries."""
    return Dog.objects.filter(owner=owner, active=True).prefetch_related(
        "license_applications__application__permit"
    )
