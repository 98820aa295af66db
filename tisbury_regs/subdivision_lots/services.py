"""Which lots a subdivision created (Tisbury BOH Reg 09.4.1, 09.4.2).

"No Disposal Works Construction Permit shall be issued for any lot created after the approval
of the above regulation until said lot has met Board of health criteria" (09.4.2). The
subdivision plan review (09.4.1) names the assessors' parcels of the lots the plan creates;
once it is issued, a place whose parcel it names is a lot that subdivision created. The
place's ``subdivision_review`` (the review's permit number) is derived from those permits,
never sent, and the disposal works check reads it (``ti.4.2.lot_criteria``): the application
waits on the Board's determination that the lot meets the criteria.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from typing import Any

from django.utils.translation import gettext_noop

from permits_site.exceptions import DomainError
from permits_site.licensing.declarations import list_field
from permits_site.licensing.models import Permit, PermitStatus
from permits_site.parties.models import normalise_parcel
from permits_site.parties.places import Derivation
from permits_site.rules.wording import explain
from tisbury_regs.law import cite
from tisbury_regs.rules import SUBDIVISION_LOT_FACT

SECTION = cite("09.4.2")
SUBDIVISION_REVIEW = "tisbury.subdivision_review"
LOT_PARCELS = list_field(
    "lot_parcels", gettext_noop("Assessors' parcels of the lots the plan creates"),
    max_items=200,
    help=explain(gettext_noop("Each lot's parcel, e.g. 12-A-1. No disposal works permit issues for "
                              "these lots until each meets the Board of Health's criteria "
                              "(%(section)s)."), section=SECTION))
HOW = explain(gettext_noop("Read from the issued subdivision plan reviews: a lot whose parcel one "
                           "of them names was created by that subdivision (%(section)s)."),
              section=SECTION)


def subdivisions_of(places: Sequence[Any], on: dt.date | None = None
                    ) -> dict[int, Derivation]:
    """Place id → the issued subdivision review naming its parcel, one query."""
    by_parcel = {normalise_parcel(place.parcel): place.pk for place in places if place.parcel}
    if not by_parcel:
        return {}
    reviews = (Permit.objects.filter(permit_type__code=SUBDIVISION_REVIEW)
               .exclude(status=PermitStatus.REVOKED).select_related("application")
               .order_by("pk"))
    derived: dict[int, Derivation] = {}
    for permit in reviews:
        for parcel in permit.application.details.get(LOT_PARCELS.name) or []:
            place_id = by_parcel.get(normalise_parcel(str(parcel)))
            if place_id is not None:
                derived.setdefault(place_id, Derivation(
                    permit.number, "subdivision_review",
                    explain(gettext_noop("Lot %(parcel)s was created by the subdivision reviewed "
                                         "under permit %(permit)s (%(section)s)."),
                            parcel=str(parcel), permit=permit.number, section=SECTION)))
    return derived


def may_record(user, municipality_id: int) -> bool:
    """No one sets it by hand: the subdivision review's lot parcels say it."""
    return False


def record(place, value: Any, reason: str, acting_user) -> None:
    raise DomainError({SUBDIVISION_LOT_FACT.name: [HOW]})
