"""Complete answers to three towns' checks, shared by the page, API and browser tests."""

from typing import Any

#: A private stable that meets every rule but the abutter lot line (42 ft; §4.1(a) needs 50).
PRIVATE_STABLE_42_FT: dict[str, Any] = {
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
    "distance_to_owner_dwelling_ft": 40,
    "distance_to_high_water_mark_ft": 120,
    "distance_to_drinking_water_supply_ft": 150,
    "frost_free_water": True,
    "fence_material": "wood",
    "fence_height_ft": 4.5,
    "street_frontage_ft": 0,
    "warning_labels": 0,
    "zoning_certified": True,
    "conservation_commission_reviewed": True,
}

#: A neutered dog born in 2020, vaccinated through 2030, renewed: every rule met in 2027.
DOG_LICENSE_RENEWAL: dict[str, Any] = {
    "date_of_birth": "2020-01-15",
    "spayed_neutered": True,
    "rabies_vaccination_expires": "2030-01-01",
    "dogs_at_residence_over_6_months": 2,
    "kennel_license": False,
    "renewal": True,
}

#: A new septic system in the Coastal District that keeps every separation of 09.9.7(6).
COASTAL_SEPTIC_NEW_SYSTEM: dict[str, Any] = {
    "zone": "coastal_district",
    "distance_to_private_well_ft": 250,
    "distance_to_public_well_ft": 800,
    "distance_to_other_septic_ft": 250,
    "separation_to_water_table_ft": 8,
    "distance_to_water_body_ft": 250,
    "distance_to_wetlands_ft": 150,
    "on_slope": False,
    "new_system": True,
    "enlarged": False,
    "upgrade": False,
    "replacement_required_by_board": False,
    "mounded": False,
    "existing_failed_system": False,
    "physically_restricted": False,
    "title5_leaching_area_sqft": 1000,
    "proposed_leaching_area_sqft": 1800,
    "sewer_connection_feasible": False,
}


def as_query(answers: dict[str, Any]) -> dict[str, str]:
    """Answers as a check page's query string sends them (yes/no for booleans)."""
    return {
        name: ("yes" if value else "no") if isinstance(value, bool) else str(value)
        for name, value in answers.items()
    }
