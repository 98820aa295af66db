"""Tisbury's Board of Health permit types and fees (Regulations 09.0–09.12).

Amounts the text does not state are placeholders (``placeholder_fees``): the
site shows them as "seeded — confirm" until an admin saves a version.
"""

from django.utils.translation import gettext_noop

from permits_site.licensing.catalogue import Catalogue, FeeItemSpec, PermitTypeSpec
from permits_site.rules.calendar import MONDAY_TO_FRIDAY
from tisbury_regs.law import cite

BOARD = gettext_noop("Board of Health")
CALENDAR_YEAR = gettext_noop("Valid through December 31 of the year issued")
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
    fee_wording,
):
    """A permit type priced by one amount for every action it has; ``fee_wording`` names
    each action's fee item, in the order of ``actions``."""
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
            FeeItemSpec(action, wording, amount, cite(section))
            for action, wording in zip(actions, fee_wording, strict=True)
        ),
    )


PERMIT_TYPES = (
    annual(
        "dumpster",
        gettext_noop("Dumpster Permit"),
        "DMP",
        "09.2.5(1)",
        "50.00",
        fee_wording=(
            gettext_noop("Dumpster permit, one per dumpster (new)"),
            gettext_noop("Dumpster permit, one per dumpster (renewal)"),
        ),
    ),
    annual(
        "dumpster_contractor",
        gettext_noop("Dumpster Contractor Permit"),
        "DMC",
        "09.2.5(2)",
        "100.00",
        fee_wording=(
            gettext_noop("Dumpster Contractor Permit (new)"),
            gettext_noop("Dumpster Contractor Permit (renewal)"),
        ),
    ),
    annual(
        "temporary_dumpster",
        gettext_noop("Temporary Dumpster Permit"),
        "TDP",
        "09.2.5(3)",
        "25.00",
        check="tisbury.temporary_dumpster",
        term=gettext_noop("From the start date for up to 30 days; a renewal adds up to 30 more"),
        fee_wording=(
            gettext_noop("Temporary dumpster, per 30-day period (new)"),
            gettext_noop("Temporary dumpster, per 30-day period (renewal)"),
        ),
    ),
    annual(
        "septage_handler",
        gettext_noop("Septage Handler Permit"),
        "SEP",
        "09.1.4",
        "100.00",
        fee_wording=(
            gettext_noop("Septage Handler Permit (new)"),
            gettext_noop("Septage Handler Permit (renewal)"),
        ),
    ),
    PermitTypeSpec(
        code="tisbury.sandblasting",
        name=gettext_noop("Sandblasting Permit"),
        authority=BOARD,
        term=gettext_noop("Year-round: the calendar year; individual: the job"),
        citation=cite("09.4.3"),
        actions=("new",),
        number_prefix="SBL",
        check_code="tisbury.sandblasting",
        fees=(
            FeeItemSpec(
                "year_round",
                gettext_noop("Sandblasting, year-round (single location, multiple jobs)"),
                "100.00",
                cite("09.4.3"),
            ),
            FeeItemSpec(
                "individual", gettext_noop("Sandblasting, individual job"), "25.00", cite("09.4.3")
            ),
        ),
    ),
    annual(
        "food_service",
        gettext_noop("Food Service Permit"),
        "FSE",
        "09.5",
        "150.00",
        fee_wording=(
            gettext_noop("Food Service Permit (new)"),
            gettext_noop("Food Service Permit (renewal)"),
        ),
    ),
    PermitTypeSpec(
        code="tisbury.temporary_food",
        name=gettext_noop("Temporary Food Permit"),
        authority=BOARD,
        term=gettext_noop("The event"),
        citation=cite("09.5.3"),
        actions=("new",),
        number_prefix="TFP",
        fees=(
            FeeItemSpec(
                "non_profit", gettext_noop("Temporary food, non-profit"), "0.00", cite("09.5.3")
            ),
            FeeItemSpec(
                "in_town_with_permit",
                gettext_noop("Temporary food, for-profit in town with a valid food permit"),
                "0.00",
                cite("09.5.3"),
            ),
            FeeItemSpec(
                "in_town_without_permit",
                gettext_noop("Temporary food, for-profit in town without a food permit"),
                "20.00",
                cite("09.5.3"),
            ),
            FeeItemSpec(
                "out_of_town",
                gettext_noop("Temporary food, for-profit from out of town"),
                "35.00",
                cite("09.5.3"),
            ),
        ),
    ),
    annual(
        "residential_kitchen",
        gettext_noop("Residential Kitchen Permit"),
        "RKP",
        "09.5.5",
        "75.00",
        fee_wording=(
            gettext_noop("Residential Kitchen Permit (new)"),
            gettext_noop("Residential Kitchen Permit (renewal)"),
        ),
    ),
    annual(
        "stable",
        gettext_noop("Stable License"),
        "STB",
        "09.7.2",
        "20.00",
        authority=gettext_noop("Select Board"),
        placeholder=False,
        fee_wording=(
            gettext_noop("Stable license, more than four horses (new)"),
            gettext_noop("Stable license, more than four horses (renewal)"),
        ),
    ),
    annual(
        "disposal_works",
        gettext_noop("Disposal Works Construction Permit"),
        "DWC",
        "09.3.1(3)",
        "100.00",
        actions=("new",),
        term=gettext_noop("The construction"),
        check="tisbury.disposal_works",
        fee_wording=(gettext_noop("Disposal Works Construction Permit (new)"),),
    ),
    annual(
        "well_registration",
        gettext_noop("Private Well Registration"),
        "WEL",
        "09.3.1",
        "50.00",
        actions=("new",),
        term=gettext_noop("No expiry"),
        check="tisbury.private_well",
        fee_wording=(gettext_noop("Private Well Registration (new)"),),
    ),
    annual(
        "campground",
        gettext_noop("Campground License"),
        "CMP",
        "09.8",
        "100.00",
        check="tisbury.campground",
        fee_wording=(
            gettext_noop("Campground license (new)"),
            gettext_noop("Campground license (renewal)"),
        ),
    ),
    annual(
        "body_art_establishment",
        gettext_noop("Body Art Establishment Permit"),
        "BAE",
        "09.11",
        "200.00",
        fee_wording=(
            gettext_noop("Body Art Establishment Permit (new)"),
            gettext_noop("Body Art Establishment Permit (renewal)"),
        ),
    ),
    annual(
        "body_art_practitioner",
        gettext_noop("Body Art Practitioner Permit"),
        "BAP",
        "09.11",
        "100.00",
        fee_wording=(
            gettext_noop("Body Art Practitioner Permit (new)"),
            gettext_noop("Body Art Practitioner Permit (renewal)"),
        ),
    ),
    annual(
        "tobacco_sales",
        gettext_noop("Tobacco Sales Permit"),
        "TOB",
        "09.12",
        "100.00",
        fee_wording=(
            gettext_noop("Tobacco Sales Permit (new)"),
            gettext_noop("Tobacco Sales Permit (renewal)"),
        ),
    ),
    annual(
        "woodwaste_burial",
        gettext_noop("Woodwaste Burial Approval"),
        "WWB",
        "09.2.9",
        "0.00",
        actions=("new",),
        term=gettext_noop("The burial"),
        check="tisbury.woodwaste",
        fee_wording=(gettext_noop("Woodwaste Burial Approval (new)"),),
    ),
    annual(
        "subdivision_review",
        gettext_noop("Subdivision Plan Review"),
        "SUB",
        "09.4.1",
        "0.00",
        actions=("new",),
        term=gettext_noop("The subdivision"),
        check="tisbury.subdivision",
        fee_wording=(gettext_noop("Subdivision Plan Review (new)"),),
    ),
    annual(
        "inlet_approval",
        gettext_noop("Inlet, Channel or Basin Approval"),
        "INL",
        "09.9.6(2)",
        "0.00",
        actions=("new",),
        term=gettext_noop("The construction"),
        check="tisbury.inlet",
        fee_wording=(gettext_noop("Inlet, Channel or Basin Approval (new)"),),
    ),
    # Documents the Board makes available, sold at the counter (09.0.5): the text leaves the
    # prices to the Board ("shall not exceed the actual cost"), so they are placeholders.
    PermitTypeSpec(
        code=DOCUMENT_FEES_CODE,
        name=gettext_noop("Document fees"),
        authority=BOARD,
        term=gettext_noop("Charged per sale at the counter"),
        citation=cite("09.0.5"),
        actions=("sale",),
        number_prefix="DOC",
        online=False,
        placeholder_fees=True,
        fees=(
            FeeItemSpec(
                "copy_page", gettext_noop("Copy of a record, per page"), "0.05", cite("09.0.5")
            ),
            FeeItemSpec(
                "plan_sheet", gettext_noop("Copy of a plan, per sheet"), "2.00", cite("09.0.5")
            ),
            FeeItemSpec(
                "regulations",
                gettext_noop("Printed copy of the Board's regulations"),
                "5.00",
                cite("09.0.5"),
            ),
        ),
    ),
)

CATALOGUE = Catalogue(
    municipality_code="tisbury",
    municipality_name="Town of Tisbury",
    business_weekdays=tuple(sorted(MONDAY_TO_FRIDAY)),
    permit_types=PERMIT_TYPES,
)
