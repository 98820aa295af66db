"""How the answers to a stable permit application read on the permit (Northborough Horse and
Stable Regulations §§2–7): one sentence per answer, its yes and no wordings as "{is|is not}",
the answer at "{value}"."""

STATEMENTS = {
    "occupancy": "The permit holder maintains the stable as its {value}.",
    "fee_charged": "Horses or riding instruction {are|are not} provided for a fee.",
    "grandfathered": "The stable {was|was not} permitted under the rules in force before "
                     "May 2, 1990.",
    "roof_weatherproof": "The stable's roof {is|is not} weatherproof.",
    "frost_free_water": "There {is|is no} frost-free supply of potable water at or near the "
                        "stable.",
    "fence_material": "The corral fence is made of {value}.",
    "public_restrooms": "Public restrooms {are|are not} available to customers and employees.",
}
