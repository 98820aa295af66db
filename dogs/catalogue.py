"""North Andover's permit types and the Select Board's seeded fees (Code ch. 60).

Impoundment fees are not in the bylaw's text: their amounts are placeholders the Select
Board must confirm (flagged on the schedule); admins edit them like any fee schedule.
"""

from django.utils.translation import gettext_noop

from dogs.law import cite
from permits_site.licensing.catalogue import Catalogue, FeeItemSpec, PermitTypeSpec
from permits_site.rules.calendar import MONDAY_TO_THURSDAY

DOG_LICENSE = PermitTypeSpec(
    code="north_andover.dog_license",
    name=gettext_noop("Dog License"),
    authority=gettext_noop("Town Clerk"),
    term=gettext_noop("Valid through December 31 of the license year"),
    citation=cite("Licenses A"),
    actions=("new", "renewal", "transfer", "replacement_tag"),
    number_prefix="DOG",
    check_code="north_andover.dog_license",
    online=True,
    fees=(
        FeeItemSpec(
            "spayed_neutered",
            gettext_noop("Dog license, spayed or neutered"),
            "10.00",
            cite("Licenses A(9)"),
        ),
        FeeItemSpec(
            "intact",
            gettext_noop("Dog license, not spayed or neutered"),
            "15.00",
            cite("Licenses A(9)"),
        ),
        FeeItemSpec(
            "late_fee",
            gettext_noop("Late fee, renewed after the due date"),
            "25.00",
            cite("Licenses A(8)"),
        ),
        FeeItemSpec(
            "transfer",
            gettext_noop("Transfer license (new resident)"),
            "2.00",
            cite("Licenses A(4)"),
        ),
        FeeItemSpec(
            "replacement_tag", gettext_noop("Replacement tag"), "5.00", cite("Licenses A(5)")
        ),
    ),
)

KENNEL_LICENSE = PermitTypeSpec(
    code="north_andover.kennel_license",
    name=gettext_noop("Kennel License"),
    authority=gettext_noop("Town Clerk"),
    term=gettext_noop("Valid through December 31 of the license year"),
    citation=cite("Kennel license B"),
    actions=("new", "renewal"),
    number_prefix="KEN",
    check_code="north_andover.kennel_license",
    fees=(
        FeeItemSpec(
            "dogs_5_to_10",
            gettext_noop("Kennel license, 5 to 10 dogs"),
            "50.00",
            cite("Kennel license B"),
        ),
        FeeItemSpec(
            "dogs_11_or_more",
            gettext_noop("Kennel license, 11 or more dogs"),
            "100.00",
            cite("Kennel license B"),
        ),
        FeeItemSpec(
            "late_fee",
            gettext_noop("Late fee, renewed after the due date"),
            "25.00",
            cite("Kennel license B(8)"),
        ),
    ),
)

IMPOUNDMENT = PermitTypeSpec(
    code="north_andover.impoundment",
    name=gettext_noop("Dog impoundment fees"),
    authority=gettext_noop("Animal Control Officer"),
    term=gettext_noop("Charged per impoundment"),
    citation=cite("Impoundment C"),
    actions=("release", "adoption"),
    number_prefix="IMP",
    online=False,
    placeholder_fees=True,
    fees=(
        FeeItemSpec("pick_up", gettext_noop("Pick-up fee"), "25.00", cite("Impoundment C(1)")),
        FeeItemSpec("impound", gettext_noop("Impoundment fee"), "25.00", cite("Impoundment C")),
        FeeItemSpec(
            "boarding_per_day", gettext_noop("Boarding, per day"), "10.00", cite("Impoundment C")
        ),
        FeeItemSpec("adoption", gettext_noop("Adoption fee"), "50.00", cite("Impoundment H")),
    ),
)

CATALOGUE = Catalogue(
    municipality_code="north_andover",
    municipality_name="Town of North Andover",
    business_weekdays=tuple(sorted(MONDAY_TO_THURSDAY)),
    permit_types=(DOG_LICENSE, KENNEL_LICENSE, IMPOUNDMENT),
)
