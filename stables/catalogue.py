"""Northborough's stable permit types and the Board of Health's fees (Horse & Stable Regs)."""

from django.utils.translation import gettext_noop

from permits_site.licensing.catalogue import Catalogue, FeeItemSpec, PermitTypeSpec
from permits_site.rules.calendar import MONDAY_TO_FRIDAY
from stables.law import cite

BOARD = gettext_noop("Board of Health")

HORSE_REGISTRATION = PermitTypeSpec(
    code="northborough.horse_registration",
    name=gettext_noop("Horse Registration"),
    authority=BOARD,
    term=gettext_noop(
        "Until the horse leaves town; the inoculation certificate's expiry is tracked"
    ),
    citation=cite("3.2"),
    actions=("new",),
    number_prefix="HRS",
    fees=(FeeItemSpec("new", gettext_noop("Horse registration (no fee)"), "0.00", cite("3.2")),),
)

PRIVATE_STABLE = PermitTypeSpec(
    code="northborough.private_stable",
    name=gettext_noop("Private Stable Permit"),
    authority=BOARD,
    term=gettext_noop("Valid one year from issuance, through the day before the anniversary"),
    citation=cite("2"),
    actions=("new", "renewal", "transfer"),
    number_prefix="PVS",
    check_code="northborough.private_stable",
    fees=(
        FeeItemSpec("new", gettext_noop("Private stable permit filing fee"), "50.00", cite("2.2")),
        FeeItemSpec("renewal", gettext_noop("Private stable permit renewal"), "40.00", cite("2.2")),
        FeeItemSpec(
            "transfer", gettext_noop("Private stable permit transfer"), "20.00", cite("2.4")
        ),
    ),
)

PUBLIC_STABLE = PermitTypeSpec(
    code="northborough.public_stable",
    name=gettext_noop("Public Stable Permit"),
    authority=BOARD,
    term=gettext_noop("Valid through December 31 of the year issued; renewable each January 1"),
    citation=cite("7"),
    actions=("new", "renewal", "transfer"),
    number_prefix="PBS",
    check_code="northborough.public_stable",
    fees=(
        FeeItemSpec("new", gettext_noop("Public stable permit fee"), "200.00", cite("7.1")),
        FeeItemSpec("renewal", gettext_noop("Public stable permit renewal"), "200.00", cite("7.1")),
        FeeItemSpec(
            "transfer", gettext_noop("Public stable permit transfer"), "100.00", cite("7.1")
        ),
    ),
)

CATALOGUE = Catalogue(
    municipality_code="northborough",
    municipality_name="Town of Northborough",
    business_weekdays=tuple(sorted(MONDAY_TO_FRIDAY)),
    permit_types=(HORSE_REGISTRATION, PRIVATE_STABLE, PUBLIC_STABLE),
)
