"""Horses kept in town: registration with the inoculation certificate (Northborough Horse &
Stable Regs B, §3.2) and the registry.

Each service is keyword-only, runs in one transaction and leaves an audit entry (the
core's ``create_application`` and ``upload_document`` write theirs for what they create).
"""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING, Any

from django.core.files.uploadedfile import UploadedFile
from django.db import transaction
from django.db.models import BooleanField, Exists, ExpressionWrapper, OuterRef, Q
from django.utils import timezone
from django.utils.translation import gettext_noop

from permits_site import audit
from permits_site.exceptions import DomainError
from permits_site.licensing import transitions
from permits_site.licensing.models import (
    OPEN_ENDED,
    Application,
    Document,
    Permit,
    PermitStatus,
    PermitType,
)
from permits_site.licensing.services.applications import create_application
from permits_site.licensing.services.documents import check_upload, upload_document
from permits_site.licensing.services.permits import end_open_term
from permits_site.rules.calendar import format_date
from permits_site.rules.wording import explain
from permits_site.towns.models import Municipality
from stables.models import Departure, Horse, Stable

if TYPE_CHECKING:
    from permits_site.accounts.models import User

HORSE_REGISTRATION = "northborough.horse_registration"
#: The kind of document a certificate of inoculation is filed as (§3.2).
INOCULATION_CERTIFICATE = "inoculation_certificate"
NAME_LENGTH = Horse._meta.get_field("name").max_length
DESCRIPTION_LENGTH = Horse._meta.get_field("description").max_length


def stables_for_horses(owner):
    """Where an owner may say a horse is kept: their own stables, or a stable with a permit
    in force (a boarded horse)."""
    today = timezone.localdate()
    in_force = Q(
        applications__application__permit__status=PermitStatus.ACTIVE,
        applications__application__permit__valid_through__gte=today,
    )
    return (
        Stable.objects.filter(Q(keeper=owner) | in_force)
        .distinct()
        .select_related("property")
        .order_by("property__address", "pk")
    )


def _check_certificate_date(dated: dt.date | None) -> None:
    if dated is None:
        raise DomainError(gettext_noop("Enter the date on the certificate."),
                          field="certificate_dated")
    if dated > timezone.localdate():
        raise DomainError(gettext_noop("The certificate cannot be dated in the future."),
                          field="certificate_dated")


def _described_horse(*, owner, stable: Stable, name: str, description: str
                     ) -> dict[str, Any]:
    """The horse's stable, name and description, checked as the registration page does."""
    if not stables_for_horses(owner).filter(pk=stable.pk).exists():
        raise DomainError(
            gettext_noop("Choose one of your stables or a stable with a permit in force."),
            field="stable",
        )
    described = {"stable": stable, "name": name.strip(), "description": description.strip()}
    errors = {
        field: [explain(refusal, limit=limit)]
        for field, limit, refusal in (
            ("name", NAME_LENGTH,
             gettext_noop("Enter the horse's name (%(limit)s characters at most).")),
            ("description", DESCRIPTION_LENGTH,
             gettext_noop("Enter the horse's description (%(limit)s characters at most).")),
        )
        if not described[field] or len(described[field]) > limit
    }
    if errors:
        raise DomainError(errors)
    return described


@transaction.atomic
def register_horse(
    *,
    owner,
    stable: Stable,
    name: str,
    description: str,
    certificate: UploadedFile | None = None,
    certificate_dated: dt.date | None = None,
    acting_user: User | None = None,
) -> Horse:
    """Register a horse kept in town (B), no fee, as a draft registration to submit.

    The certificate of inoculation against equine encephalitis and tetanus (§3.2) may
    follow; the registration is not issued without it.
    """
    described = _described_horse(owner=owner, stable=stable, name=name,
                                  description=description)
    application = create_application(
        applicant=owner,
        permit_type=PermitType.objects.get(code=HORSE_REGISTRATION),
        action="new",
        acting_user=acting_user,
    )
    document = None
    if certificate is not None:
        _check_certificate_date(certificate_dated)
        document = upload_document(
            application=application,
            uploaded_by=owner,
            kind=INOCULATION_CERTIFICATE,
            upload=certificate,
        )
    return Horse.objects.create(
        owner=owner,
        registration=application,
        inoculation_certificate=document,
        certificate_dated=certificate_dated if document else None,
        **described,
    )


@transaction.atomic
def update_horse(*, horse: Horse, stable: Stable, name: str, description: str,
                 acting_user: User) -> Horse:
    """Correct the horse of a draft registration: where it is kept, its name, its
    description (B)."""
    registration = horse.registration
    transitions.require("edit", registration)
    before = {"stable": horse.stable_id, "name": horse.name, "description": horse.description}
    for field, value in _described_horse(owner=horse.owner, stable=stable, name=name,
                                         description=description).items():
        setattr(horse, field, value)
    horse.save(update_fields=["stable", "name", "description"])
    audit.record(
        actor=acting_user,
        action="horse.updated",
        subject=horse,
        municipality=registration.municipality,
        summary=f"Registration draft of {horse.name} updated",
        before=before,
        after={"stable": horse.stable_id, "name": horse.name,
               "description": horse.description},
    )
    return horse


@transaction.atomic
def file_inoculation_certificate(
    *, horse: Horse, upload: UploadedFile, dated: dt.date, acting_user: User
) -> Horse:
    """File a horse's newest certificate of inoculation (§3.2).

    While the registration is still being decided it goes to the application for the
    office to accept; afterwards it is kept with the horse's record.
    """
    _check_certificate_date(dated)
    registration = Application.objects.select_for_update().get(pk=horse.registration_id)
    if transitions.can("attach_document", registration):
        document = upload_document(
            application=registration,
            uploaded_by=acting_user,
            kind=INOCULATION_CERTIFICATE,
            upload=upload,
        )
    else:
        document = _horse_document(horse, upload=upload, uploaded_by=acting_user)
    before = horse.certificate_dated
    horse.inoculation_certificate = document
    horse.certificate_dated = dated
    horse.save(update_fields=["inoculation_certificate", "certificate_dated"])
    audit.record(
        actor=acting_user,
        action="horse.certificate_filed",
        subject=horse,
        municipality=registration.municipality,
        summary=f"Inoculation certificate for {horse.name} dated {format_date(dated)}",
        before={"certificate_dated": before.isoformat() if before else None},
        after={"certificate_dated": dated.isoformat(), "document": document.pk},
    )
    return horse


def _horse_document(horse: Horse, *, upload: UploadedFile, uploaded_by) -> Document:
    """A document of the horse's owner outside any application (checked like any upload)."""
    content_type, sha256 = check_upload(upload)
    document = Document(
        municipality=horse.stable.municipality,
        owner=horse.owner,
        kind=INOCULATION_CERTIFICATE,
        original_name=(upload.name or "upload")[-200:],
        content_type=content_type,
        size=upload.size,
        sha256=sha256,
        uploaded_by=uploaded_by,
    )
    document.file.save("upload", upload, save=False)
    document.save()
    return document


def horse_registry(municipality: Municipality):
    """Every horse kept in the town, with owner, stable and registration, and whether its
    stable needs a §2.1 permit it lacks (``stable_unpermitted``): one query."""
    return (
        Horse.objects.filter(stable__municipality=municipality, kept_until__isnull=True)
        .select_related("owner", "stable__property", "registration__permit")
        .annotate(stable_unpermitted=stable_unpermitted())
        .order_by("stable__property__address", "name", "pk")
    )


def stable_unpermitted(*, on: dt.date | None = None) -> ExpressionWrapper:
    """Regulation C: "No horse shall be maintained … except in a private stable" in
    compliance, and §2.1 asks a permit of every stable built or enlarged since the
    regulations (those grandfathered under §2.5 excepted): true when the stable is not
    grandfathered and no permit of its is in force on ``on`` (an expression on horses).
    Registering a horse is never refused for it (B asks every horse to be registered); the
    Board sees the flag."""
    day = on or timezone.localdate()
    in_force = Permit.objects.filter(
        application__stable_application__stable_id=OuterRef("stable_id"),
        status=PermitStatus.ACTIVE, valid_from__lte=day, valid_through__gte=day,
    )
    return ExpressionWrapper(~Exists(in_force) & Q(stable__grandfathered=False),
                             output_field=BooleanField())


@transaction.atomic
def record_departure(*, horse: Horse, departure: str, left_on: dt.date,
                     acting_user: User) -> Horse:
    """The horse leaves the register — sold, moved out of town or died — on ``left_on``, the
    last day it was kept in town; its registration (B) ends with it."""
    errors: dict[str, list[str]] = {}
    if not horse.kept_in_town:
        raise DomainError(explain(gettext_noop("%(horse)s left the register on %(day)s."),
                                  horse=horse.name, day=horse.kept_until), field="departure")
    if departure not in Departure.values:
        errors["departure"] = [gettext_noop("Say whether the horse was sold, moved out of town "
                                            "or died.")]
    if left_on > timezone.localdate():
        errors["left_on"] = [gettext_noop("The day the horse left cannot be in the future.")]
    elif left_on < timezone.localdate(horse.registration.created_at):
        errors["left_on"] = [gettext_noop("The day the horse left cannot come before its "
                                          "registration.")]
    if errors:
        raise DomainError(errors)
    horse.kept_until, horse.departure = left_on, departure
    horse.save(update_fields=["kept_until", "departure"])
    permit = Permit.objects.filter(application=horse.registration, status=PermitStatus.ACTIVE,
                                   valid_through=OPEN_ENDED).first()
    if permit is not None:
        end_open_term(permit=permit, last_day=max(left_on, permit.valid_from),
                      reason=f"{horse.name} left the register (B)", acting_user=acting_user)
    audit.record(
        actor=acting_user,
        action="horse.left_register",
        subject=horse,
        municipality=horse.stable.municipality,
        summary=f"{horse.name} left the register: {Departure(departure).label.lower()} on "
                f"{format_date(left_on)}",
        after={"departure": departure, "kept_until": str(left_on),
               "registration": permit.number if permit else None},
    )
    return horse
