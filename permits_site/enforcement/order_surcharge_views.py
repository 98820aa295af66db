"""The page of an order's surcharge event: its classifications, and the administrator's form.

An order to correct violations may count at the holder's next renewal as the
town's surcharge schedule says (the section is the event's, shown with it); the town's
staff see which event it represents, and its administrator classifies it
(:func:`~permits_site.enforcement.services.surcharges.classify_order_surcharge`).
"""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from permits_site.accounts import permissions
from permits_site.accounts.models import Role
from permits_site.enforcement.citation_views import (
    citation_staff_required,
    may_see_town,
    surcharge_history,
)
from permits_site.enforcement.forms import ServiceForm, surcharge_event_choices
from permits_site.enforcement.models import Order
from permits_site.enforcement.registry import CitationPolicy, citation_policy
from permits_site.enforcement.services.surcharges import classify_order_surcharge
from permits_site.exceptions import DomainError
from permits_site.licensing.views.access import get_visible_or_404


class OrderSurchargeForm(ServiceForm):
    """An administrator's classification of the surcharge event an order represents."""

    event = forms.ChoiceField(required=False, label="Surcharge event")
    reason = forms.CharField(
        max_length=300, label="Reason",
        error_messages={"required": "Say why the order is classified so."},
    )

    def __init__(self, *args, policy: CitationPolicy, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["event"].choices = surcharge_event_choices(policy,
                                                               blank="No surcharge event")


def _visible_order(request, pk: int) -> Order:
    orders = Order.objects.select_related("case__municipality").prefetch_related(
        "surcharge_classifications__recorded_by")
    return get_visible_or_404(
        orders, lambda user, order: may_see_town(user, order.case.municipality_id),
        request.user, pk=pk)


@citation_staff_required
@require_http_methods(["GET", "POST"])
def order_surcharge(request, pk: int):
    """GET: the order's surcharge events so far; POST (the town's administrator): a new
    classification, refused on its field and changing nothing."""
    order = _visible_order(request, pk)
    town_id = order.case.municipality_id
    policy = citation_policy(order.case.municipality.code)
    may_classify = permissions.is_admin(request.user, town_id) and bool(policy.surcharge_events)
    form = OrderSurchargeForm(policy=policy, prefix="surcharge")
    status = 200
    if request.method == "POST":
        if not may_classify:
            raise permissions.Refused("classify an order's surcharge event", [Role.ADMIN],
                                      town=town_id)
        form = OrderSurchargeForm(request.POST, policy=policy, prefix="surcharge")
        if form.is_valid():
            try:
                classify_order_surcharge(order=order, acting_user=request.user,
                                         **form.cleaned_data)
            except DomainError as error:
                form.add_service_errors(error.errors)
            else:
                messages.success(request, "Surcharge event recorded.")
                return redirect("enforcement:order_surcharge", pk=pk)
        status = 400
    return render(request, "enforcement/order_surcharge.html", {
        "order": order,
        "case": order.case,
        "surcharge_history": surcharge_history(order, policy),
        "form": form if may_classify else None,
        "failed_form": form if form.errors else None,
    }, status=status)


