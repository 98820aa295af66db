"""The officer's wildlife pages: the cases on which feeding wildlife may be cited, and a
case's advice to take remedial action and its citation (Feeding wildlife A(2), A(4))."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import render
from django.views.decorators.http import require_GET, require_http_methods

from dogs.limits import feeding
from dogs.limits.forms import CiteForm, RemedialAdviceForm
from dogs.limits.services import LIMIT_OFFICERS
from dogs.limits.views import Action, officer_town, page_context, run_action
from permits_site.accounts.permissions import has_role
from permits_site.enforcement.models import Case
from permits_site.licensing.views.access import get_visible_or_404
from permits_site.page_actions import each, with_actions


def _always(case: Case) -> bool:
    return True


ACTIONS: dict[str, Action] = {
    "advise": Action(
        RemedialAdviceForm, _always,
        lambda case, data, user: feeding.advise_remedial_action(case=case, acting_user=user,
                                                                **data),
        "Advice recorded."),
    "cite": Action(
        CiteForm, _always,
        lambda case, data, user: feeding.cite_failure_to_remediate(case=case, acting_user=user),
        "Citation written."),
}


@login_required
@require_GET
def feeding_cases(request):
    town = officer_town(request)
    return render(request, "dogs/feeding_cases.html",
                  {"cases": feeding.feeding_cases(town)})


def _visible_feeding_case(request, pk: int) -> Case:
    return get_visible_or_404(
        Case.objects.filter(case_type=feeding.FEEDING_CASE).prefetch_related("orders",
                                                                             "citations"),
        lambda user, record: has_role(user, record.municipality_id, *LIMIT_OFFICERS),
        request.user, pk=pk)


def _act(request, pk: int, action: str):
    return run_action(request, _visible_feeding_case(request, pk), action, ACTIONS,
                      render_page=render_feeding, page="dogs:feeding_case")


@login_required
@with_actions(each(ACTIONS, _act))
@require_http_methods(["GET", "POST"])
def feeding_case(request, pk: int):
    """The case's page; each of its forms posts here, naming its action. A POST naming
    none of them is refused on the page, naming the field."""
    case = _visible_feeding_case(request, pk)
    if request.method == "GET":
        return render_feeding(request, case)
    messages.error(request, "Choose what to record: the advice or the citation (action).")
    return render_feeding(request, case, status=400)


def render_feeding(request, case: Case, *, bound: dict | None = None, status: int = 200):
    """The case's advice and the officer's forms; 400 when a posted form was refused."""
    return render(request, "dogs/feeding_case.html", {
        **page_context(request, case, ACTIONS, bound or {}), "advice": feeding.advice_of(case),
    }, status=400 if bound else status)
