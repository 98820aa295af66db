"""How the core registers Northborough's horses (Board of Health Horse and Stable Regulations
B, §3.2): what a registration declares, and the services that start and change it."""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING, Any

from django.utils.translation import gettext_noop

from permits_site.licensing.declarations import (
    About,
    DeclaredDocument,
    Purpose,
    detail_field,
    reference_field,
)
from permits_site.licensing.kinds import PermitKind
from permits_site.licensing.models import OPEN_ENDED, Application, Permit
from permits_site.rules.base import FactType
from permits_site.rules.calendar import format_date
from permits_site.rules.wording import explain
from stables.horses.services import INOCULATION_CERTIFICATE, register_horse, update_horse
from stables.law import cite

if TYPE_CHECKING:
    from permits_site.accounts.models import User

#: A horse stays registered until it leaves town (B): the registration has no end date, and
#: this stands for "no end" in ``Permit.valid_through``, which cannot be empty.
REGISTERED_UNTIL_THE_HORSE_LEAVES = OPEN_ENDED


def registered_horse(application: Application):
    """The horse a registration is for, or None for one put on file without it."""
    return getattr(application, "horse", None)


#: What a horse registration's ``details`` take (B).
HORSE_FIELDS = (
    reference_field("stable", gettext_noop("Where is the horse kept?"), references="stable",
                    help=gettext_noop("Your stable, or the permitted stable where the horse is "
                                      "boarded.")),
    detail_field("name", FactType.TEXT, gettext_noop("Horse's name")),
    detail_field("description", FactType.TEXT, gettext_noop("Description"),
                 help_text=gettext_noop("Breed, color, sex, age and markings.")),
)


class HorseRegistrationKind(PermitKind):
    """Every horse kept in town is registered, no fee, with its certificate of inoculation
    against equine encephalitis and tetanus (B, §3.2)."""

    code = "northborough.horse_registration"
    about = About.ANIMAL
    #: Until the horse leaves town (B), not a license year.
    annual = None
    purposes = (Purpose.KEEP_HORSES,)
    who_needs_it = explain(gettext_noop(
        "All horses kept within the Town of Northborough must be registered with the Board of "
        "Health, no fee required (%(section)s); the registration includes the horse's "
        "certificate of inoculation against equine encephalitis and tetanus "
        "(%(section_certificate)s)."),
        section=cite("B"), section_certificate=cite("3.2"))
    extra_fields = HORSE_FIELDS
    documents = (
        DeclaredDocument(INOCULATION_CERTIFICATE,
                         gettext_noop("The veterinarian's certificate of inoculation against "
                                      "equine encephalitis and tetanus"), cite("3.2")),
    )
    list_related = ("horse__stable__property",)

    def start_application(self, *, applicant, permit_type, action: str, details,
                          acting_user: User | None = None) -> Application:
        """Register the horse as the registration page does; its certificate is then
        uploaded to the application's documents (§3.2)."""
        horse = register_horse(owner=applicant, stable=details.records["stable"],
                               acting_user=acting_user, **details.values)
        return horse.registration

    def update_details(self, application, details, *, acting_user: User) -> Application:
        update_horse(horse=application.horse, stable=details.records["stable"],
                     acting_user=acting_user, **details.values)
        return application

    def represent_details(self, application) -> dict[str, Any]:
        horse = registered_horse(application)
        if horse is None:
            return super().represent_details(application)
        return {"stable": horse.stable_id, "name": horse.name,
                "description": horse.description}

    def term(self, application, *, issued_on: dt.date) -> tuple[dt.date, dt.date]:
        """Registered from issue until the horse leaves town; the certificate's age is
        tracked on the horse, not by the registration's term."""
        return issued_on, REGISTERED_UNTIL_THE_HORSE_LEAVES

    def document_context(self, permit: Permit) -> dict[str, Any]:
        horse = registered_horse(permit.application)
        if horse is None:
            return {}
        rows = {
            gettext_noop("Horse"): horse.name,
            gettext_noop("Description"): horse.description,
            gettext_noop("Kept at"): horse.stable.property.full_address,
            gettext_noop("Registered"): "Until the horse leaves town (B)",
        }
        if horse.certificate_dated:
            rows[gettext_noop("EEE and tetanus certificate")] = (
                f"Dated {format_date(horse.certificate_dated)}; renew it yearly (§3.2)"
            )
        return rows

    def public_subject(self, permit: Permit) -> list[tuple[str, str]]:
        """The horse registered (B), by its name and description, so that whoever checks
        the registration can tell it is this horse's."""
        horse = registered_horse(permit.application)
        if horse is None:
            return []
        return [(gettext_noop("Horse"), horse.name),
                (gettext_noop("Description"), horse.description)]

    def describe(self, application) -> str:
        horse = registered_horse(application)
        return f"{horse.name} at {horse.stable.address}" if horse else application.permit_type.name

    def summary(self, application) -> list[tuple[str, str]]:
        horse = registered_horse(application)
        if horse is None:
            return []
        return [
            (gettext_noop("Horse"), horse.name),
            (gettext_noop("Description"), horse.description),
            (gettext_noop("Kept at"), horse.stable.property.full_address),
            (
                gettext_noop("Inoculation certificate dated"),
                format_date(horse.certificate_dated) if horse.certificate_dated else "Not filed",
            ),
        ]
