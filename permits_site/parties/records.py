"""What the town holds about one property: its waivers, inspections, enforcement cases and
citations, for the staff's property page and ``GET /api/v1/properties/{id}/record/``.

A case is filed at a property when it is opened (``open_case``: the property named, else
that of its permit, application or inspection), so a failed septic system's case
(Tisbury BOH Reg 09.1.3(5)) and a complaint about a licensed stable both reach the
place's record; an inspection is at the place it visited (``schedule_inspection``: its
permit's or application's, else the property at the address typed). Each function is one
query (a subquery where it reads another), so a page built on them runs a fixed number of
queries whatever the place holds.
"""

from __future__ import annotations

from django.db.models import Prefetch, Q, QuerySet

from permits_site.enforcement.models import Case, Citation, Inspection, Order
from permits_site.licensing.models import Variance
from permits_site.parties.models import Property


def cases_at(place: Property) -> QuerySet[Case]:
    """Cases filed at the place, and cases on the permits issued on it; newest first."""
    return Case.objects.filter(Q(place=place) | Q(permit__place=place)).order_by(
        "-received_on", "-pk")


def with_open_orders(cases: QuerySet[Case]) -> QuerySet[Case]:
    """Each case with ``open_orders``: its orders not yet complied with, soonest due first."""
    return cases.prefetch_related(Prefetch(
        "orders", queryset=Order.objects.filter(complied_on__isnull=True).order_by(
            "comply_by", "pk"),
        to_attr="open_orders",
    ))


def citations_at(place: Property) -> QuerySet[Citation]:
    """The citations written on the place's cases; latest first."""
    return Citation.objects.filter(case__in=cases_at(place).order_by()).order_by(
        "-issued_on", "-pk")


def inspections_at(place: Property) -> QuerySet[Inspection]:
    """Inspections at the place — of its permits and applications, or entered by its
    address — and those its cases were opened from; latest first."""
    opened_cases = cases_at(place).filter(inspection__isnull=False).order_by()
    return Inspection.objects.filter(
        Q(place=place) | Q(pk__in=opened_cases.values("inspection_id"))
    ).order_by("-scheduled_for", "-pk")


def variances_at(place: Property) -> QuerySet[Variance]:
    """Waivers and variances asked on applications about the place; latest first."""
    return Variance.objects.filter(application__place=place).order_by("-requested_at", "-pk")
