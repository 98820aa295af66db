"""The clerk records and ends a property's owners of record (Tisbury BOH Reg 09.0.8(5);
Northborough Horse & Stable Regs §8.1), from the property's page."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect
from django.views.decorators.http import require_POST

from permits_site.exceptions import DomainError
from permits_site.licensing.views.resident import error_messages
from permits_site.parties import owners
from permits_site.parties.models import PropertyOwner
from permits_site.parties.owner_forms import OwnerForm
from permits_site.parties.views import _clerks_property, clerk_required, property_page


@clerk_required
def record_owner(request, pk: int):
    """Record an owner of the property (the form of its page); a refusal is shown on its
    fields, on the page."""
    place = _clerks_property(request, pk)
    form = OwnerForm(request.POST, prefix="owner")
    if form.is_valid():
        try:
            owner = owners.record_owner(place=place, acting_user=request.user,
                                        **form.owner_fields())
        except DomainError as refused:
            form.add_domain_errors({("email" if name == "account" else name): texts
                                    for name, texts in refused.errors.items()})
        else:
            messages.success(request, f"{owner.name} is recorded as an owner.")
            return redirect("parties:staff_property", pk=place.pk)
    return property_page(request, place, owner_form=form, status=400)


@login_required
@require_POST
def end_ownership(request, pk: int, owner_pk: int):
    place = _clerks_property(request, pk)
    owner = get_object_or_404(PropertyOwner, pk=owner_pk, property=place)
    try:
        owners.end_ownership(owner=owner, acting_user=request.user)
    except DomainError as refused:
        error_messages(request, refused)
    else:
        messages.success(request, f"{owner.name} is no longer an owner of record.")
    return redirect("parties:staff_property", pk=place.pk)
