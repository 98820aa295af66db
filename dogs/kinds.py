"""How the core prices, judges and issues a North Andover dog license (Code ch. 60, Licenses A)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import replace
from decimal import Decimal
from typing import Any

from permits_site.licensing.exceptions import DomainError
from permits_site.licensing.kinds import PermitKind, QuoteRequest, RequiredDocument
from permits_site.licensing.models import DocumentStatus, Permit, PermitStatus
from permits_site.licensing.services.numbering import allocate_number
from permits_site.rules.base import Fact, FactType
from permits_site.rules.calendar import is_past_key_date, year_end
from permits_site.rules.fees import FeeLine, item, line_for, parse_quote_facts
from permits_site.rules.registry import town_law

CITE = "North Andover Code ch. 60, "
RABIES_CERTIFICATE = "rabies_certificate"
RABIES_EXEMPTION = "rabies_exemption"
OTHER_TOWN_LICENSE = "other_town_license"
DOCUMENT_KINDS = {
    RABIES_CERTIFICATE: "Rabies vaccination certificate",
    RABIES_EXEMPTION: "Veterinarian's rabies exemption certificate",
    OTHER_TOWN_LICENSE: "License surrendered from another town",
}
PRICED_BY_NEUTER_STATUS = ("new", "renewal")
LICENSE_YEAR = Fact(
    "license_year",
    FactType.INTEGER,
    "License year",
    required=False,
    minimum=1900,
    maximum=2200,
    help_text="Defaults to the year of the quote.",
)
SPAYED_NEUTERED = Fact("spayed_neutered", FactType.BOOL, "Is the dog spayed or neutered?")
QUOTE_FACTS = (SPAYED_NEUTERED, LICENSE_YEAR)
OPTIONAL_QUOTE_FACTS = (replace(SPAYED_NEUTERED, required=False), LICENSE_YEAR)


def late_fee_due(*, license_year: int, on: dt.date, calendar) -> bool:
    """A renewal after the due date of its license year owes the late fee (Licenses A(8)).

    On the due date itself no late fee is owed; from the next day it is.
    """
    due = town_law("north_andover").key_dates["dog_license_due"]
    return is_past_key_date(due, license_year, on, calendar)


class DogLicenseKind(PermitKind):
    code = "north_andover.dog_license"
    amending_actions = ("replacement_tag",)
    list_related = ("dog_license__dog",)
    dashboard_panel = "dogs/dashboard_panel.html"
    document_kinds = DOCUMENT_KINDS

    # -- fees ----------------------------------------------------------------

    def parse_quote_facts(self, facts: Mapping[str, Any], *, action: str) -> dict[str, Any]:
        """``spayed_neutered`` (required for new and renewal) and ``license_year``."""
        declared = QUOTE_FACTS if action in PRICED_BY_NEUTER_STATUS else OPTIONAL_QUOTE_FACTS
        return parse_quote_facts(facts, permit_type=self.code, facts=declared)

    def price(self, request: QuoteRequest) -> list[FeeLine]:
        """Spayed/neutered or intact fee (A(9)); late fee on a late renewal (A(8))."""
        action = request.action
        if action not in PRICED_BY_NEUTER_STATUS:
            return [line_for(item(request.schedule, action), code=action)]
        rate = "spayed_neutered" if request.facts["spayed_neutered"] else "intact"
        lines = [line_for(item(request.schedule, rate), code=action)]
        license_year = request.facts.get("license_year") or request.on.year
        if action == "renewal" and late_fee_due(
            license_year=license_year, on=request.on, calendar=request.calendar
        ):
            lines.append(line_for(item(request.schedule, "late_fee")))
        return lines

    def validate_schedule(self, amounts: Mapping[str, Decimal]) -> dict[str, str]:
        """Licenses A(9): the spayed/neutered fee must be lower than the intact fee."""
        spayed, intact = amounts.get("spayed_neutered"), amounts.get("intact")
        if spayed is not None and intact is not None and not spayed < intact:
            return {
                "spayed_neutered": (
                    f"The spayed/neutered fee (${spayed}) must be lower than the intact fee "
                    f"(${intact}) — {CITE}Licenses A(9)."
                )
            }
        return {}

    def application_quote_facts(self, application, *, on: dt.date) -> dict[str, Any]:
        details = application.dog_license
        return {
            "spayed_neutered": details.dog.spayed_neutered,
            "license_year": details.license_year,
        }

    # -- applications ----------------------------------------------------------

    def start_application(self, *, applicant, permit_type, action: str, details):
        """Parse the API's ``details`` with the web form, then apply (same service)."""
        from dogs.forms import DogLicenseDetailsForm
        from dogs.services import apply_for_dog_license

        form = DogLicenseDetailsForm(data={**details, "action": action}, owner=applicant)
        if not form.is_valid():
            raise DomainError({name: list(messages) for name, messages in form.errors.items()})
        data = form.cleaned_data
        return apply_for_dog_license(
            applicant=applicant,
            dog=data["dog"],
            action=action,
            license_year=data["license_year"],
            acquired_on=data["acquired_on"],
            moved_in_on=data["moved_in_on"],
            previous_jurisdiction=data["previous_jurisdiction"],
            previous_license_number=data["previous_license_number"],
        )

    # -- rules and documents -------------------------------------------------

    def check_code(self, application) -> str:
        """A replacement tag re-issues a tag on a current license: no check applies."""
        return (
            "" if application.action in self.amending_actions else super().check_code(application)
        )

    def application_facts(self, application, *, on: dt.date) -> dict[str, Any]:
        """The facts of rule set ``north_andover.dog_license`` for this dog on ``on``."""
        details = application.dog_license
        dog = details.dog
        documents = [
            document
            for document in application.documents.all()
            if document.status != DocumentStatus.REJECTED
        ]
        return {
            "date_of_birth": dog.date_of_birth,
            "spayed_neutered": dog.spayed_neutered,
            "rabies_vaccination_expires": _latest_valid_until(documents, RABIES_CERTIFICATE),
            "rabies_exemption_until": _latest_valid_until(documents, RABIES_EXEMPTION),
            "acquired_on": details.acquired_on,
            "moved_in_on": details.moved_in_on,
            "dogs_at_residence_over_6_months": _licensable_dogs_at_residence(dog, on),
            "kennel_license": _holds_kennel_license(application.applicant_id, on),
            "renewal": application.action == "renewal",
        }

    def required_documents(self, application) -> list[RequiredDocument]:
        if application.action in self.amending_actions:
            return []
        required = [
            RequiredDocument(
                kinds=(RABIES_CERTIFICATE, RABIES_EXEMPTION),
                label="Proof of rabies vaccination (or a veterinarian's exemption)",
                citation=CITE + "Licenses A(1)",
            )
        ]
        if application.action == "transfer":
            required.append(
                RequiredDocument(
                    kinds=(OTHER_TOWN_LICENSE,),
                    label="The current license from your previous town",
                    citation=CITE + "Licenses A(4)",
                )
            )
        return required

    # -- issuing -------------------------------------------------------------

    def license_year(self, application, *, on: dt.date) -> int:
        return application.dog_license.license_year

    def term(self, application, *, issued_on: dt.date) -> tuple[dt.date, dt.date]:
        """The license year runs Jan 1–Dec 31 (Licenses A(7)); a transfer license ends with it
        (A(4))."""
        year = application.dog_license.license_year
        return max(issued_on, dt.date(year, 1, 1)), year_end(dt.date(year, 1, 1))

    def after_issue(self, application, permit: Permit, *, acting_user) -> None:
        """Hand out the next tag number of the license year (a replacement keeps the license)."""
        from dogs.models import DogTag

        dog = application.dog_license.dog
        previous_tag = (
            permit.dog_tags.first() if application.action in self.amending_actions else None
        )
        number = allocate_number(
            municipality=permit.municipality, series="north_andover.dog_tag", year=permit.year
        )
        DogTag.objects.create(
            municipality=permit.municipality,
            permit=permit,
            dog=dog,
            year=permit.year,
            number=number,
            replaces=previous_tag,
        )

    def document_context(self, permit: Permit) -> dict[str, Any]:
        tag = permit.dog_tags.select_related("dog").first()
        if tag is None:
            return {}
        dog = tag.dog
        return {
            "Tag number": f"{tag.number}",
            "License year": f"{permit.year}",
            "Dog": dog.name,
            "Breed and color": f"{dog.breed}, {dog.color}",
            "Sex": f"{dog.get_sex_display()}{', spayed/neutered' if dog.spayed_neutered else ''}",
            "Date of birth": dog.date_of_birth.strftime("%B %-d, %Y"),
        }

    def panel_context(self, user) -> dict[str, Any]:
        from dogs.services import dogs_with_licenses

        return {"dogs": dogs_with_licenses(user)}

    def describe(self, application) -> str:
        details = application.dog_license
        return f"{details.dog.name}, {details.license_year}"

    def summary(self, application) -> list[tuple[str, str]]:
        details = application.dog_license
        dog = details.dog
        rows = [
            ("Dog", dog.name),
            ("Breed and color", f"{dog.breed}, {dog.color}"),
            ("Sex", dog.get_sex_display()),
            ("Spayed or neutered", "Yes" if dog.spayed_neutered else "No"),
            ("Date of birth", f"{dog.date_of_birth:%B %-d, %Y}"),
            ("License year", str(details.license_year)),
        ]
        if details.acquired_on:
            rows.append(("Acquired on", f"{details.acquired_on:%B %-d, %Y}"))
        if details.moved_in_on:
            rows.append(("Moved to North Andover on", f"{details.moved_in_on:%B %-d, %Y}"))
        if details.previous_jurisdiction:
            rows.append(
                (
                    "License surrendered",
                    f"{details.previous_jurisdiction} no. {details.previous_license_number}",
                )
            )
        if dog.microchip:
            rows.append(("Microchip", dog.microchip))
        return rows


def _latest_valid_until(documents, kind: str) -> dt.date | None:
    dates = [
        document.valid_until
        for document in documents
        if document.kind == kind and document.valid_until is not None
    ]
    return max(dates, default=None)


def _licensable_dogs_at_residence(dog, on: dt.date) -> int:
    """Dogs six months or older kept by the owner, this one included (Limits A)."""
    siblings = dog.owner.dogs.filter(active=True).only("date_of_birth")
    return sum(1 for other in siblings if other.is_licensable_on(on)) + (
        0 if dog.active or not dog.is_licensable_on(on) else 1
    )


def _holds_kennel_license(user_id: int, on: dt.date) -> bool:
    return Permit.objects.filter(
        holder_id=user_id,
        permit_type__code="north_andover.kennel_license",
        status=PermitStatus.ACTIVE,
        valid_from__lte=on,
        valid_through__gte=on,
    ).exists()
