"""The town admin's fine schedule pages: the version in force with each offense's amounts,
the history, an offense's amounts set, an offense added (each a new version, audited).

An offense whose amount the law leaves to a town body and that body has not set shows
"Not set" and cannot be cited until its amounts are entered here.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Prefetch
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils import timezone
from django.views.decorators.http import require_http_methods

from permits_site.accounts import permissions
from permits_site.enforcement.fine_schedule_forms import AddOffenseForm, OffenseAmountsForm
from permits_site.enforcement.forms import offense_label
from permits_site.enforcement.models import FineSchedule
from permits_site.enforcement.services.fines import (
    add_fine_offense,
    fine_schedule_in_force,
    set_offense_amounts,
)
from permits_site.exceptions import DomainError
from permits_site.towns.models import Municipality

DOING = "manage fine schedules"


@login_required
def fine_schedules(request):
    """Each of the admin's towns: its fine schedule in force, offense by offense, and its
    versions, newest first (a fixed number of queries)."""
    versions = FineSchedule.objects.select_related("created_by").prefetch_related("items")
    administered = permissions.admin_towns(request.user, doing=DOING)
    towns = Municipality.objects.filter(pk__in=administered).order_by(
        "name").prefetch_related(Prefetch("fine_schedules", queryset=versions))
    today = timezone.localdate()
    rows = []
    for town in towns:
        schedules = list(town.fine_schedules.all())
        in_force = next((schedule for schedule in schedules
                         if schedule.effective_from <= today and schedule.retired_at is None),
                        None)
        items = list(in_force.items.all()) if in_force else []
        rows.append({"town": town, "in_force": in_force, "versions": schedules,
                     "items": [(item, offense_label(item)) for item in items],
                     "pending": sum(item.amount_pending for item in items)})
    return render(request, "enforcement/fine_schedules.html", {"rows": rows})


@login_required
@require_http_methods(["GET", "POST"])
def fine_offense_amounts(request, code: str, offense: str):
    """Set one offense's amounts from a date: a new version, every other offense kept."""
    town = permissions.administered_town(request.user, code, doing=DOING)
    schedule = fine_schedule_in_force(town, timezone.localdate())
    fine_item = next((item for item in schedule.items.all() if item.offense == offense),
                     None) if schedule else None
    if fine_item is None:
        raise Http404("No such offense.")
    initial = {"first": fine_item.first_amount, "second": fine_item.second_amount,
               "later": fine_item.later_amount}
    return _version_page(request, town, OffenseAmountsForm, initial, fine_item=fine_item,
                         publish=lambda form: set_offense_amounts(
                             municipality=town, offense=offense, acting_user=request.user,
                             **form.version()),
                         done=f"Amounts saved: {fine_item.description}.")


@login_required
@require_http_methods(["GET", "POST"])
def fine_offense_new(request, code: str):
    """Add an offense to the town's fine schedule from a date: a new version."""
    town = permissions.administered_town(request.user, code, doing=DOING)
    return _version_page(request, town, AddOffenseForm, {}, fine_item=None,
                         publish=lambda form: add_fine_offense(
                             municipality=town, acting_user=request.user, **form.version()),
                         done="Offense added to the fine schedule.")


def _version_page(request, town, form_class, initial, *, fine_item, publish, done):
    form = form_class(request.POST or None, initial=initial, town=town.code)
    if request.method == "POST" and form.is_valid():
        try:
            publish(form)
        except DomainError as error:
            form.add_service_errors(error.errors)
        else:
            messages.success(request, done)
            return redirect("enforcement:fine_schedules")
    return render(request, "enforcement/fine_offense_form.html",
                  {"town": town, "form": form, "fine_item": fine_item},
                  status=400 if form.errors else 200)
