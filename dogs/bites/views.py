"""Bite records and the Animal Inspector's quarantine orders (North Andover Code ch. 60,
ACO B(2); Welfare C): the list, a new record (from a call of the log in one step), and a
record's page with its investigation, quarantine order and release, and the potentially
dangerous dog case opened from it."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.views.decorators.http import require_GET, require_http_methods

from dogs.bites.forms import ACTION_FORMS, BiteForm, action_form
from dogs.models import AnimalCall, BiteRecord
from dogs.officer_records import readable_town_ids, records_town
from permits_site import audit
from permits_site.accounts.models import Role
from permits_site.accounts.permissions import has_role, require
from permits_site.exceptions import DomainError
from permits_site.page_actions import each, with_actions

PER_PAGE = 50


def _bites(user):
    return (BiteRecord.objects.filter(municipality_id__in=readable_town_ids(user))
            .select_related("municipality", "dog__owner", "call", "case", "quarantine"))


@login_required
@require_GET
def bite_list(request):
    """Every bite on record, newest first, with its quarantine (ACO B(2); Welfare C)."""
    town = records_town(request)
    page = Paginator(_bites(request.user), PER_PAGE).get_page(request.GET.get("page"))
    return render(request, "dogs/bite_list.html", {
        "page": page, "today": timezone.localdate(),
        "can_work": has_role(request.user, town.pk, Role.ANIMAL_CONTROL_OFFICER),
    })


def _call_initial(call: AnimalCall) -> dict:
    """The call's day, place and animal; a dog of the register the call named is carried
    over by the service when the form names none."""
    return {"bitten_on": timezone.localtime(call.received_at).date(), "place": call.place,
            "species": call.species, "animal": call.animal}


@login_required
@require_http_methods(["GET", "POST"])
def bite_new(request, call_pk: int | None = None):
    """A new bite record; from a call, the call's day, place and animal filled in."""
    town = records_town(request)
    require(has_role(request.user, town.pk, Role.ANIMAL_CONTROL_OFFICER), "record a bite",
            [Role.ANIMAL_CONTROL_OFFICER], town=town)
    call = (get_object_or_404(AnimalCall, pk=call_pk, municipality=town)
            if call_pk is not None else None)
    initial = _call_initial(call) if call else {"bitten_on": timezone.localdate()}
    form = BiteForm(request.POST or None, municipality=town, call=call, initial=initial)
    if request.method == "POST" and form.is_valid():
        try:
            bite = form.run(acting_user=request.user)
        except DomainError as refused:
            form.add_service_errors(refused.errors)
        else:
            messages.success(request, f"Bite record #{bite.pk} recorded.")
            return redirect("dogs:bite", pk=bite.pk)
    return render(request, "dogs/bite_form.html", {"form": form, "call": call},
                  status=400 if form.errors else 200)


def _actions_for(user, bite: BiteRecord) -> list[str]:
    town_id = bite.municipality_id
    actions = []
    if has_role(user, town_id, Role.ANIMAL_CONTROL_OFFICER):
        actions += ["investigation", "vaccination"]
        if bite.dog_id and not bite.case_id:
            actions.append("open_case")
    if has_role(user, town_id, Role.INSPECTOR):
        order = getattr(bite, "quarantine", None)
        if order is None:
            actions.append("quarantine")
        elif order.released_on is None:
            actions.append("release")
    return actions


def _detail(request, bite: BiteRecord, *, bound=None, status: int = 200):
    today = timezone.localdate()
    forms = {name: action_form(name, issued_on=today, released_on=today, investigated_on=today,
                               certificate=bite.rabies_certificate,
                               valid_through=bite.rabies_valid_through,
                               under_six_months=bite.under_six_months)
             for name in _actions_for(request.user, bite)}
    if bound is not None:
        forms[bound[0]] = bound[1]
    return render(request, "dogs/bite_detail.html", {
        "bite": bite, "order": getattr(bite, "quarantine", None), "forms": forms,
        "today": today, "history": audit.history_of(bite),
    }, status=status)


def _act(request, pk: int, action: str):
    """Run one of the record page's forms; a refusal is shown on its fields, on the page."""
    bite = get_object_or_404(_bites(request.user), pk=pk)
    form = action_form(action, request.POST)
    if form.ran(request, bite=bite):
        return redirect("dogs:bite", pk=bite.pk)
    bite = get_object_or_404(_bites(request.user), pk=pk)
    return _detail(request, bite, bound=(action, form), status=400)


@login_required
@with_actions(each(ACTION_FORMS, _act))
@require_GET
def bite_detail(request, pk: int):
    """The bite record's page; each of its forms posts here, naming its action."""
    return _detail(request, get_object_or_404(_bites(request.user), pk=pk))
