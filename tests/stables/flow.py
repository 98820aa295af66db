"""Building Northborough stable records through the services the pages use."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from typing import Any

from django.core.files.uploadedfile import SimpleUploadedFile

from permits_site.licensing.models import Application, DocumentStatus, Permit
from permits_site.licensing.services.applications import (
    approve_application,
    current_invoice,
    submit_application,
)
from permits_site.licensing.services.documents import review_document, upload_document
from permits_site.licensing.services.payments import record_payment
from permits_site.licensing.services.permits import issue_permit
from stables.facts import resident_questions
from stables.permits import services

PRIVATE = services.PRIVATE_STABLE
PUBLIC = services.PUBLIC_STABLE
PDF = "tests/fixtures_files/rabies_certificate.pdf"

#: A private stable's answers that meet every rule the applicant answers for.
PRIVATE_FACTS: dict[str, Any] = {
    "horses": 2,
    "fee_charged": False,
    "owner_residences": 1,
    "grandfathered": False,
    "corral_area_sqft": 6000,
    "stable_floor_area_sqft": 400,
    "shed_sides": 3,
    "roof_weatherproof": True,
    "distance_to_abutter_property_line_ft": 60,
    "distance_to_nonowner_dwelling_ft": 200,
    "distance_to_owner_dwelling_ft": 60,
    "distance_to_high_water_mark_ft": 200,
    "distance_to_drinking_water_supply_ft": 200,
    "frost_free_water": True,
    "fence_material": "wood",
    "fence_height_ft": 4.5,
    "street_frontage_ft": 0,
    "warning_labels": 0,
}
PUBLIC_FACTS: dict[str, Any] = {
    **PRIVATE_FACTS,
    "fee_charged": True,
    "distance_to_abutter_property_line_ft": 120,
    "lot_area_acres": 6,
    "public_restrooms": True,
}
ITEMS = {
    "layout": "Two box stalls and a tack room, 20 x 20 ft, wood frame on a concrete slab.",
    "water_and_wetlands": "Private well 210 ft north; no wetlands or drains within 200 ft.",
    "fencing": "Four-board wood fence, 4.5 ft high, around a 6,000 sq ft paddock.",
    "manure_and_feed_storage": "Covered manure bin behind the stable; feed in steel bins.",
    "animals": "Two horses.",
}


def pdf(name: str = "plan.pdf") -> SimpleUploadedFile:
    with open(PDF, "rb") as sample:
        return SimpleUploadedFile(name, sample.read(), content_type="application/pdf")


def answers(code: str = PRIVATE, **changes: Any) -> dict[str, Any]:
    """Parsed answers, as the generated form hands them to the services."""
    base = PUBLIC_FACTS if code == PUBLIC else PRIVATE_FACTS
    return resident_questions(code).parse({**base, **changes})


def with_plans(application: Application, user) -> Application:
    for kind in ("plot_plan", "stable_plan"):
        upload_document(application=application, uploaded_by=user, kind=kind, upload=pdf())
    return application


def site(keeper, address: str = "12 Bartlett Street"):
    """The stable's site in Northborough, as the keeper names it."""
    return services.stable_site(address=address, acting_user=keeper)


def drafted(
    keeper,
    *,
    code: str = PRIVATE,
    address: str = "12 Bartlett Street",
    facts: Mapping[str, Any] | None = None,
    place=None,
) -> Application:
    application = services.apply_for_stable_permit(
        applicant=keeper,
        permit_type_code=code,
        site=place or site(keeper, address),
        occupancy="owner",
        items=ITEMS,
        facts=facts if facts is not None else answers(code),
    )
    return with_plans(application, keeper)


def submitted(keeper, **options: Any) -> Application:
    application = drafted(keeper, **options)
    return submit_application(application=application, acting_user=keeper)


def accept_documents(application: Application, clerk) -> None:
    for document in application.documents.filter(status=DocumentStatus.PENDING):
        review_document(document=document, accepted=True, acting_user=clerk)


def pay(application: Application, clerk) -> None:
    invoice = current_invoice(application)
    if not invoice.is_paid:
        record_payment(
            invoice=invoice,
            method="check",
            reference=f"CHK-{application.pk}",
            amount=invoice.total,
            acting_user=clerk,
        )


def sign_off(application: Application, clerk, *, on: dt.date | None = None) -> None:
    """The zoning certification (§2.3) and the Conservation Commission review (§4.1)."""
    on = on or application.submitted_on
    services.record_zoning_certification(application=application, certified_on=on,
                                         acting_user=clerk)
    services.record_conservation_review(application=application, reviewed_on=on,
                                        acting_user=clerk)


def issue(application: Application, clerk) -> Permit:
    accept_documents(application, clerk)
    pay(application, clerk)
    if application.action != "transfer":
        sign_off(application, clerk)
    approve_application(application=application, acting_user=clerk)
    return issue_permit(application=application, acting_user=clerk)


def permitted(keeper, clerk, **options: Any) -> Permit:
    return issue(submitted(keeper, **options), clerk)
