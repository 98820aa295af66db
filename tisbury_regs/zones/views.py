"""The Board's page of a place's zone (Tisbury BOH Reg 09.9.1(1), 09.9.2): the zone and why,
the records behind it, and the form to record the figures or a determination."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.views.decorators.http import require_http_methods

from permits_site.accounts.models import Role
from permits_site.accounts.permissions import is_admin, require
from permits_site.parties.models import Property
from permits_site.towns.models import Municipality
from tisbury_regs.models import CoastalDistrictDefinition
from tisbury_regs.rules import MUNICIPALITY
from tisbury_regs.zones import services
from tisbury_regs.zones.forms import DistrictAmendmentForm, ZoneRecordForm


@login_required
@require_http_methods(["GET", "POST"])
def property_zone(request, pk: int):
    """A Tisbury place's zone: the Board, its agent or the clerk records what settles it."""
    place = get_object_or_404(Property.objects.select_related("municipality"), pk=pk,
                              municipality__code=MUNICIPALITY, merged_into__isnull=True)
    require(services.may_record(request.user, place.municipality_id),
            "record a property's zone", services.RECORDING_ROLES, town=place.municipality)
    form = ZoneRecordForm(request.POST or None)
    if request.method == "POST" and form.ran(request, place=place):
        return redirect("tisbury_regs:property_zone", pk=place.pk)
    return render(request, "tisbury_regs/property_zone.html", {
        "place": place, "panel": services.property_panel(place, request.user), "form": form,
    }, status=400 if form.errors else 200)


@login_required
@require_http_methods(["GET", "POST"])
def coastal_district(request):
    """The versions of 09.9.2's list and 09.9.1(1)'s figures; the town admin records the
    Board's amendment as a new version (09.0.4)."""
    town = Municipality.objects.get(code=MUNICIPALITY)
    require(is_admin(request.user, town.pk), "amend the Coastal District and Barrier Beach",
            [Role.ADMIN], town=town)
    current = services.district_on(timezone.localdate())
    form = DistrictAmendmentForm(request.POST or None, initial={
        "barrier_beach_lots": "\n".join(current.barrier_beach_lots),
        "partial_lots": "\n".join(current.partial_lots),
        "elevation_ft": current.elevation_ft, "water_distance_ft": current.water_distance_ft,
        "slope_crest_ft": current.slope_crest_ft,
        "share_below_percent": current.share_below_percent})
    if request.method == "POST" and form.ran(request):
        return redirect("tisbury_regs:coastal_district")
    return render(request, "tisbury_regs/coastal_district.html", {
        "versions": CoastalDistrictDefinition.objects.all(), "form": form,
        "section": services.AMEND_SECTION,
    }, status=400 if form.errors else 200)
