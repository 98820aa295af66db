"""How the answers to Tisbury's permit applications read on the permit (09.3–09.8): one
sentence per answer, its yes and no wordings as "{is|is not}", the answer at "{value}"."""

STATEMENTS = {
    # food service (09.5) and a food service at an event (09.5.3)
    "sells_retail_products": "The establishment {supplies|does not supply} retail products "
                             "to the public.",
    "rents_kitchen_commercially": "The establishment {rents|does not rent} its residential "
                                  "licensed kitchen for commercial enterprise.",
    "occasional_benefit": "The permit {is|is not} for an occasional benefit for a specific "
                          "cause.",
    "fee_waiver_requested": "A fee waiver {was|was not} requested.",
    "operator": "The food service is run on a {value} basis.",
    "in_town": "The business {is|is not} based in Tisbury.",
    "has_valid_food_permit": "The business {holds|does not hold} a valid Tisbury food permit.",
    # residential kitchen (09.5.5)
    "serves": "The kitchen offers the public: {value}.",
    # sandblasting (09.4.3)
    "variant": "The permit is for {value} sandblasting.",
    "meets_ep_toxicity": "The material {meets|does not meet} EP toxicity safe levels.",
    "free_silica": "The blasting product {is|is not} free of silica.",
    "indoors": "The sandblasting {takes|does not take} place indoors.",
    "shrouding": "Shrouding {is|is not} used.",
    "tarps_used": "Tarps {collect|do not collect} the fallout.",
    "meets_dep_noise_standards": "The project {meets|does not meet} DEP noise standards.",
    # disposal works (09.0.8, 09.3)
    "alternative_system": "The system {is|is not} an alternative or advanced treatment system.",
    "on_slope": "The system {is|is not} in or on a slope, cliff, bank or ravine.",
    "new_system": "The system {is|is not} a new septic system.",
    "enlarged": "The work {enlarges|does not enlarge} an existing system.",
    "upgrade": "The work {upgrades|does not upgrade} an existing system.",
    "replacement_required_by_board": "The Board of Health {has|has not} required this system "
                                     "as a replacement.",
    "mounded": "The system {is|is not} mounded above the natural grade.",
    "existing_failed_system": "The system {serves|does not serve} an existing building whose "
                              "septic system has failed.",
    "physically_restricted": "The lot {is|is not} physically too restricted for a standard "
                             "leaching pit, trench or field.",
    "sewer_connection_feasible": "Connecting the property to the municipal sewer {is|is not} "
                                 "feasible.",
    # the disposal works application (09.9.4(2), 09.1.3(3), (4))
    "increases_occupancy": "The work {serves|does not serve} an increase in the dwelling's "
                           "occupancy or intensity of use.",
    "adds_wastewater_devices": "The dwelling {gets|does not get} more wastewater devices or "
                               "devices of greater capacity.",
    "public_interest_housing": "The system {serves|does not serve} elderly, low or moderate "
                               "income, or similar public-interest housing.",
    "sewer_at_lot_line": "A municipal sewer {is|is not} available at the lot line.",
    # private wells (09.3.1)
    "use": "The well serves a {value} use.",
    "anti_siphon": "An anti-siphon device {is|is not} installed.",
    "sealed_meter": "The well {is|is not} fitted with a sealed water meter.",
    "installed": "The well {is|is not} installed and operational.",
    "proven": "The well {has|has not} been proven by a certified capacity pumping test.",
    "tested": "A state-approved laboratory {has|has not} tested the water for potability.",
    # sandblasting a building: its lead paint determination (09.4.6)
    "lead_determination_filed": "A lead paint determination {has|has not} been filed with the "
                                "Board.",
    # woodwaste burial (09.2.9)
    "site_assigned": "The Board of Health {has|has not} assigned the burial site.",
    "only_woodwaste": "The material {is|is not} woodwaste only.",
    "treated_wood": "The woodwaste {includes|does not include} wood with preservatives, paint, "
                    "stain or other coatings.",
    # subdivision review (09.4.1)
    "water_table_shown": "The plan {shows|does not show} the water table's location and "
                         "gradient.",
    # a new inlet, channel or basin (09.9.6(2))
    "inland_of_mean_high_water": "It {is|is not} built inland of the mean high water line.",
}
