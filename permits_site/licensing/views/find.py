""""Apply for a permit": every permit type the towns take online, found by town, by what the
person wants to do and by words, each with its public page and its form (issue #21)."""

from __future__ import annotations

from django.shortcuts import render
from django.views.decorators.http import require_GET

from permits_site.licensing.finder import find_permit_types
from permits_site.licensing.forms import FindPermitForm
from permits_site.parties.services import businesses_of
from permits_site.towns.models import Municipality


def acts_for_a_business(user) -> bool:
    return user.is_authenticated and businesses_of(user).exists()


@require_GET
def find(request):
    """A GET form over the list; a member of a business sees first the types a business may
    hold. An unknown town or purpose is a 400 naming the field."""
    municipalities = list(Municipality.objects.order_by("name"))
    form = FindPermitForm(request.GET or None, municipalities=municipalities)
    valid = not form.is_bound or form.is_valid()
    business_first = acts_for_a_business(request.user)
    found = (find_permit_types(**form.criteria(), business_first=business_first)
             if valid else [])
    return render(request, "licensing/find.html", {
        "form": form,
        "found": found,
        "business_first": business_first,
        "municipalities": municipalities,
    }, status=200 if valid else 400)
