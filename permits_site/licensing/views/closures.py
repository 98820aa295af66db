"""Admins' office closures: days that are not business days in their town."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils import timezone
from django.views.decorators.http import require_http_methods, require_POST

from permits_site.exceptions import DomainError
from permits_site.licensing.forms import ClosureForm
from permits_site.licensing.views.access import get_visible_or_404
from permits_site.licensing.views.fees import admin_towns
from permits_site.rules.calendar import days_before
from permits_site.towns.models import Closure, Municipality
from permits_site.towns.services import add_closure, remove_closure


@login_required
@require_http_methods(["GET", "POST"])
def closures(request, code: str):
    towns = admin_towns(request.user)
    municipality = get_visible_or_404(
        Municipality.objects.all(), lambda user, town: town.pk in towns, request.user, code=code
    )
    form = ClosureForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            add_closure(municipality=municipality, acting_user=request.user, **form.cleaned_data)
        except DomainError as error:
            for field, texts in error.errors.items():
                for text in texts:
                    form.add_error(field if field in form.fields else None, text)
        else:
            messages.success(request, "Closure saved; deadlines now skip that day.")
            return redirect("licensing:closures", code=code)
    upcoming = municipality.closures.filter(date__gte=days_before(timezone.localdate(), 365))
    return render(
        request,
        "licensing/closures.html",
        {
            "municipality": municipality,
            "form": form,
            "closures": upcoming,
            "towns": Municipality.objects.filter(pk__in=towns),
        },
        status=400 if form.errors else 200,
    )


@login_required
@require_POST
def closure_remove(request, pk: int):
    towns = admin_towns(request.user)
    closure = get_visible_or_404(
        Closure.objects.select_related("municipality"),
        lambda user, item: item.municipality_id in towns,
        request.user,
        pk=pk,
    )
    remove_closure(closure=closure, acting_user=request.user)
    messages.success(request, f"The offices are open again on {closure.date:%B %-d, %Y}.")
    return redirect("licensing:closures", code=closure.municipality.code)
