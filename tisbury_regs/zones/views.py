"""The Board's page of a place's zone (Tisbury BOH Reg 09.9.1(1), 09.9.2): the zone and why,
the records behind it, and the form to record the figures or a determination."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_http_methods

from permits_site.accounts.permissions import require
from permits_site.exceptions import DomainError
from permits_site.parties.models import Property
from tisbury_regs.rules import MUNICIPALITY
from tisbury_regs.zones import services
from tisbury_regs.zones.forms import ZoneRecordForm


@login_required
@require_http_methods(["GET", "POST"])
def property_zone(request, pk: int):
    """A Tisbury place's zone: the Board, its agent or the clerk records what settles it."""
    place = get_object_or_404(Property.objects.select_related("municipality"), pk=pk,
                              municipality__code=MUNICIPALITY, merged_into__isnull=True)
    require(services.may_record(request.user, place.municipality_id),
            "record a property's zone", services.RECORDING_ROLES, town=place.municipality)
    form = ZoneRecordForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            services.record_zone(place=place, acting_user=request.user,
                                 reason=form.cleaned_data["reason"],
                                 zone=form.cleaned_data["zone"], figures=form.figures())
        except DomainError as refused:
            form.add_service_errors(refused.errors)
        else:
            zone = services.zones_of([place])[place.pk]
            messages.success(request, f"Recorded. The zone is now "
                                      f"{zone.value.replace('_', ' ')}: {zone.reason}")
            return redirect("tisbury_regs:property_zone", pk=place.pk)
    return render(request, "tisbury_regs/property_zone.html", {
        "place": place, "panel": services.property_panel(place, request.user), "form": form,
    }, status=400 if form.errors else 200)
