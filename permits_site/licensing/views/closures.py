"""Admins' town calendar: office closures, days that are not business days in their town,
and the usual hearing time and place, which a hearing scheduled without its own takes."""

from __future__ import annotations

import datetime as dt

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.html import format_html, format_html_join
from django.views.decorators.http import require_http_methods, require_POST

from permits_site.accounts.permissions import admin_towns
from permits_site.exceptions import DomainError
from permits_site.licensing.forms import ClosureForm, UsualHearingForm
from permits_site.licensing.services.hearing_days import hearings_set_on
from permits_site.licensing.templatetags.localised import day_and_date
from permits_site.licensing.views.access import get_visible_or_404
from permits_site.rules.calendar import days_before
from permits_site.towns.models import Closure, Municipality
from permits_site.towns.services import (
    add_closure,
    remove_closure,
    set_usual_hearing_time_and_place,
)

#: What the pages refuse anyone but an admin, in the refusal's words.
CLOSURES = "manage office closures"
USUAL_HEARING = "set the usual hearing time and place"


def _administered(request, code: str, *, doing: str) -> tuple[Municipality, set[int]]:
    """The town ``code`` and every town the signed-in admin administers; another town reads
    as not found, and someone who administers none is refused ``doing``."""
    towns = admin_towns(request.user, doing=doing)
    municipality = get_visible_or_404(
        Municipality.objects.all(), lambda user, town: town.pk in towns, request.user, code=code
    )
    return municipality, towns


def _refused_on(form: forms.Form, error: DomainError) -> None:
    """Show a service's refusal on the field it names, else above the form."""
    for field, texts in error.errors.items():
        for text in texts:
            form.add_error(field if field in form.fields else None, text)


def _calendar_page(request, municipality: Municipality, towns: set[int], *,
                   closure_form: ClosureForm, hearing_form: UsualHearingForm):
    upcoming = municipality.closures.filter(date__gte=days_before(timezone.localdate(), 365))
    return render(
        request,
        "licensing/closures.html",
        {
            "municipality": municipality,
            "form": closure_form,
            "hearing_form": hearing_form,
            "closures": upcoming,
            "towns": Municipality.objects.filter(pk__in=towns),
        },
        status=400 if closure_form.errors or hearing_form.errors else 200,
    )


@login_required
@require_http_methods(["GET", "POST"])
def closures(request, code: str):
    municipality, towns = _administered(request, code, doing=CLOSURES)
    form = ClosureForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            add_closure(municipality=municipality, acting_user=request.user, **form.cleaned_data)
        except DomainError as error:
            _refused_on(form, error)
        else:
            messages.success(request, "Closure saved; deadlines now skip that day.")
            _warn_of_hearings_set_on(request, municipality, form.cleaned_data["date"])
            return redirect("licensing:closures", code=code)
    return _calendar_page(request, municipality, towns, closure_form=form,
                          hearing_form=UsualHearingForm.of(municipality))


def _warn_of_hearings_set_on(request, municipality: Municipality, day: dt.date) -> None:
    """Hearings already set for a day the offices now close: each is to be moved to an open
    day, from the page linked, which sends its parties the new day."""
    hearings = hearings_set_on(municipality, day)
    if hearings:
        messages.warning(request, format_html(
            "{} set for {} and must be moved to a day the offices are open: {}.",
            "This hearing is" if len(hearings) == 1 else "These hearings are",
            day_and_date(day),
            format_html_join("; ", '<a href="{}">{}</a>',
                             ((hearing.url, hearing.what) for hearing in hearings)),
        ))


@login_required
@require_POST
def usual_hearing(request, code: str):
    """The admin sets the town's usual hearing time and place, shown on the closures page."""
    municipality, towns = _administered(request, code, doing=USUAL_HEARING)
    form = UsualHearingForm(request.POST)
    if form.is_valid():
        try:
            set_usual_hearing_time_and_place(municipality=municipality,
                                             acting_user=request.user, **form.cleaned_data)
        except DomainError as error:
            _refused_on(form, error)
        else:
            messages.success(request, "Usual hearing time and place saved: a hearing "
                                      "scheduled from now on without its own takes them.")
            return redirect(reverse("licensing:closures", args=[code]) + "#hearings")
    return _calendar_page(request, municipality, towns, closure_form=ClosureForm(),
                          hearing_form=form)


@login_required
@require_http_methods(["GET", "POST"])
def closure_remove(request, pk: int):
    """Asks first (GET), then removes the closure (POST): every deadline counted over its
    day moves back."""
    towns = admin_towns(request.user, doing=CLOSURES)
    closure = get_visible_or_404(
        Closure.objects.select_related("municipality"),
        lambda user, item: item.municipality_id in towns,
        request.user,
        pk=pk,
    )
    if request.method == "GET":
        return render(request, "licensing/closure_remove.html", {"closure": closure})
    remove_closure(closure=closure, acting_user=request.user)
    messages.success(request, f"The offices are open again on {closure.date:%B %-d, %Y}.")
    return redirect("licensing:closures", code=closure.municipality.code)
