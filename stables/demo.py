"""Northborough's demo records for ``manage.py seed_demo``: a private stable application
waiting for the Board."""

from __future__ import annotations

from permits_site.accounts.demo import sample_upload
from permits_site.accounts.models import User
from permits_site.licensing.services.applications import submit_application
from permits_site.licensing.services.documents import upload_document
from stables.facts import resident_questions
from stables.permits.services import PRIVATE_STABLE, apply_for_stable_permit, stable_site

#: A private stable 42 ft from the abutter's line: §4.1(a) fails, a variance case for the Board.
STABLE_ANSWERS = {
    "horses": 2,
    "fee_charged": False,
    "owner_residences": 1,
    "grandfathered": False,
    "corral_area_sqft": 6000,
    "stable_floor_area_sqft": 400,
    "shed_sides": 3,
    "roof_weatherproof": True,
    "distance_to_abutter_property_line_ft": 42,
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
STABLE_ITEMS = {
    "layout": "Two box stalls and a tack room, 20 x 20 ft, wood frame on a slab.",
    "water_and_wetlands": "Private well 210 ft north; no wetlands or drains within 200 ft.",
    "fencing": "Four-board wood fence, 4.5 ft high, around a 6,000 sq ft paddock.",
    "manure_and_feed_storage": "Covered manure bin behind the stable; feed in steel bins.",
    "animals": "Two horses.",
}


def build(resident: User) -> None:
    """A submitted private stable application waiting for the Board: the stable stands
    in Northborough, its keeper lives in North Andover."""
    application = apply_for_stable_permit(
        applicant=resident,
        permit_type_code=PRIVATE_STABLE,
        site=stable_site(address="24 Whitney Street", parcel="62-104", acting_user=resident),
        occupancy="owner",
        items=STABLE_ITEMS,
        facts=resident_questions(PRIVATE_STABLE).parse(STABLE_ANSWERS),
    )
    for kind in ("plot_plan", "stable_plan"):
        upload_document(
            application=application,
            uploaded_by=resident,
            kind=kind,
            upload=sample_upload(kind),
        )
    submit_application(application=application, acting_user=resident)
