"""Tisbury's Board of Health permit types and fees (Regulations 09.0–09.12).

Amounts the text does not state are placeholders (``placeholder_fees``): the
site shows them as "seeded — confirm" until an admin saves a version.
"""

from permits_site.licensing.catalogue import Catalogue, FeeItemSpec, PermitTypeSpec
from permits_site.rules.calendar import MONDAY_TO_FRIDAY
from tisbury_regs.law import cite

BOARD = "Board of Health"
CALENDAR_YEAR = "Valid through December 31 of the year issued"
#: The private well registration: the disposal works permit waits on it (09.3.1(3)) and a
#: metered well's owner reports its readings under it (09.3.1(4)).
WELL_REGISTRATION_CODE = "tisbury.well_registration"
#: The documents the Board sells at the counter (09.0.5): a schedule no application asks for.
DOCUMENT_FEES_CODE = "tisbury.documents"


def annual(
    code,
    name,
    prefix,
    section,
    amount,
    *,
    actions=("new", "renewal"),
    check="",
    authority=BOARD,
    term=CALENDAR_YEAR,
    placeholder=True,
    description=None,
):
    """A permit type priced by one amount for every action it has."""
    return PermitTypeSpec(
        code=f"tisbury.{code}",
        name=name,
        authority=authority,
        term=term,
        citation=cite(section),
        actions=actions,
        number_prefix=prefix,
        check_code=check,
        placeholder_fees=placeholder,
        fees=tuple(
            FeeItemSpec(
                action, f"{description or name} ({action.replace('_', ' ')})", amount, cite(section)
            )
            for action in actions
        ),
    )


PERMIT_TYPES = (
    annual(
        "dumpster",
        "Dumpster Permit",
        "DMP",
        "09.2.5(1)",
        "50.00",
        description="Dumpster permit, one per dumpster",
    ),
    annual("dumpster_contractor", "Dumpster Contractor Permit", "DMC", "09.2.5(2)", "100.00"),
    annual(
        "temporary_dumpster",
        "Temporary Dumpster Permit",
        "TDP",
        "09.2.5(3)",
        "25.00",
        check="tisbury.temporary_dumpster",
        term="From the start date for up to 30 days; a renewal adds up to 30 more",
        description="Temporary dumpster, per 30-day period",
    ),
    annual("septage_handler", "Septage Handler Permit", "SEP", "09.1.4", "100.00"),
    PermitTypeSpec(
        code="tisbury.sandblasting",
        name="Sandblasting Permit",
        authority=BOARD,
        term="Year-round: the calendar year; individual: the job",
        citation=cite("09.4.3"),
        actions=("new",),
        number_prefix="SBL",
        check_code="tisbury.sandblasting",
        fees=(
            FeeItemSpec(
                "year_round",
                "Sandblasting, year-round (single location, multiple jobs)",
                "100.00",
                cite("09.4.3"),
            ),
            FeeItemSpec("individual", "Sandblasting, individual job", "25.00", cite("09.4.3")),
        ),
    ),
    annual("food_service", "Food Service Permit", "FSE", "09.5", "150.00"),
    PermitTypeSpec(
        code="tisbury.temporary_food",
        name="Temporary Food Permit",
        authority=BOARD,
        term="The event",
        citation=cite("09.5.3"),
        actions=("new",),
        number_prefix="TFP",
        fees=(
            FeeItemSpec("non_profit", "Temporary food, non-profit", "0.00", cite("09.5.3")),
            FeeItemSpec(
                "in_town_with_permit",
                "Temporary food, for-profit in town with a valid food permit",
                "0.00",
                cite("09.5.3"),
            ),
            FeeItemSpec(
                "in_town_without_permit",
                "Temporary food, for-profit in town without a food permit",
                "20.00",
                cite("09.5.3"),
            ),
            FeeItemSpec(
                "out_of_town",
                "Temporary food, for-profit from out of town",
                "35.00",
                cite("09.5.3"),
            ),
        ),
    ),
    annual("residential_kitchen", "Residential Kitchen Permit", "RKP", "09.5.5", "75.00"),
    annual(
        "stable",
        "Stable License",
        "STB",
        "09.7.2",
        "20.00",
        authority="Select Board",
        placeholder=False,
        description="Stable license, more than four horses",
    ),
    annual(
        "disposal_works",
        "Disposal Works Construction Permit",
        "DWC",
        "09.3.1(3)",
        "100.00",
        actions=("new",),
        term="The construction",
        check="tisbury.disposal_works",
    ),
    annual(
        "well_registration",
        "Private Well Registration",
        "WEL",
        "09.3.1",
        "50.00",
        actions=("new",),
        term="No expiry",
        check="tisbury.private_well",
    ),
    annual(
        "campground",
        "Campground License",
        "CMP",
        "09.8",
        "100.00",
        check="tisbury.campground",
        description="Campground license",
    ),
    annual("body_art_establishment", "Body Art Establishment Permit", "BAE", "09.11", "200.00"),
    annual("body_art_practitioner", "Body Art Practitioner Permit", "BAP", "09.11", "100.00"),
    annual("tobacco_sales", "Tobacco Sales Permit", "TOB", "09.12", "100.00"),
    annual(
        "woodwaste_burial",
        "Woodwaste Burial Approval",
        "WWB",
        "09.2.9",
        "0.00",
        actions=("new",),
        term="The burial",
        check="tisbury.woodwaste",
    ),
    annual(
        "subdivision_review",
        "Subdivision Plan Review",
        "SUB",
        "09.4.1",
        "0.00",
        actions=("new",),
        term="The subdivision",
        check="tisbury.subdivision",
    ),
    annual(
        "inlet_approval",
        "Inlet, Channel or Basin Approval",
        "INL",
        "09.9.6(2)",
        "0.00",
        actions=("new",),
        term="The construction",
        check="tisbury.inlet",
    ),
    # Documents the Board makes available, sold at the counter (09.0.5): the text leaves the
    # prices to the Board ("shall not exceed the actual cost"), so they are placeholders.
    PermitTypeSpec(
        code=DOCUMENT_FEES_CODE,
        name="Document fees",
        authority=BOARD,
        term="Charged per sale at the counter",
        citation=cite("09.0.5"),
        actions=("sale",),
        number_prefix="DOC",
        online=False,
        placeholder_fees=True,
        fees=(
            FeeItemSpec("copy_page", "Copy of a record, per page", "0.05", cite("09.0.5")),
            FeeItemSpec("plan_sheet", "Copy of a plan, per sheet", "2.00", cite("09.0.5")),
            FeeItemSpec("regulations", "Printed copy of the Board's regulations", "5.00",
                        cite("09.0.5")),
        ),
    ),
)

CATALOGUE = Catalogue(
    municipality_code="tisbury",
    municipality_name="Town of Tisbury",
    business_weekdays=tuple(sorted(MONDAY_TO_FRIDAY)),
    permit_types=PERMIT_TYPES,
)
