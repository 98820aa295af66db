"""The officer's wildlife pages: the cases on which feeding wildlife may be cited, and a
case's advice to take remedial action and its citation (Feeding wildlife A(2), A(4))."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_http_methods

from dogs.limits import feeding
from dogs.limits.forms import CiteForm, RemedialAdviceForm
from dogs.limits.services import LIMIT_OFFICERS
from dogs.limits.views import officer_town
from permits_site.accounts.permissions import has_role
from permits_site.enforcement.models import Case
from permits_site.exceptions import DomainError
from permits_site.licensing.views.access import get_visible_or_404

ACTIONS = {
    "advise": (RemedialAdviceForm, lambda case, data, user: feeding.advise_remedial_action(
        case=case, acting_user=user, **data), "Advice recorded."),
    "cite": (CiteForm, lambda case, data, user: feeding.cite_failure_to_remediate(
        case=case, acting_user=user), "Citation written."),
}


@login_required
@require_GET
def feeding_cases(request):
    town = officer_town(request)
    return render(request, "dogs/feeding_cases.html",
                  {"cases": feeding.feeding_cases(town)})


@login_required
@require_http_methods(["GET", "POST"])
def feeding_case(request, pk: int):
    case = get_visible_or_404(
        Case.objects.filter(case_type=feeding.FEEDING_CASE).prefetch_related("orders",
                                                                             "citations"),
        lambda user, record: has_role(user, record.municipality_id, *LIMIT_OFFICERS),
        request.user, pk=pk)
    bound = {}
    action = request.POST.get("action", "")
    if request.method == "POST" and action in ACTIONS:
        form_class, perform, done = ACTIONS[action]
        form = form_class(request.POST, case=case, prefix=action)
        if form.is_valid():
            try:
                perform(case, form.cleaned_data, request.user)
            except DomainError as refused:
                form.add_service_errors(refused.errors)
            else:
                messages.success(request, done)
                return redirect("dogs:feeding_case", pk=case.pk)
        bound[action] = form
    forms = {name: bound.get(name) or form_class(case=case, prefix=name)
             for name, (form_class, _, _) in ACTIONS.items()}
    return render(request, "dogs/feeding_case.html", {
        "case": case, "advice": feeding.advice_of(case), "forms": forms,
    }, status=400 if bound else 200)
