"""The pages of required septic inspections (Tisbury BOH Reg 09.0.8(4)): recording what
requires one from the property's page, and the owner's letter the office prints; and the
property's tank leak tests (09.4.7)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.views.decorators.http import require_GET

from permits_site.accounts import permissions
from permits_site.enforcement.models import Order
from permits_site.exceptions import DomainError
from permits_site.licensing.views.access import get_visible_or_404
from permits_site.page_actions import posted_number, with_actions
from permits_site.parties.models import Property
from permits_site.parties.owners import current_owners
from permits_site.rules.calendar import format_date
from permits_site.towns.models import Municipality
from tisbury_regs.inspection_triggers import leak_tests, services
from tisbury_regs.inspection_triggers.forms import (
    LeakTestOrderForm,
    LeakTestResultForm,
    TriggerForm,
)
from tisbury_regs.periods import MUNICIPALITY


def _staff_place(request, pk: int) -> Property:
    """A live Tisbury property, for the town's staff; else "not found"."""
    return get_visible_or_404(
        Property.objects.select_related("municipality"),
        lambda user, place: permissions.is_town_staff(user, place.municipality_id),
        request.user, pk=pk, municipality__code=MUNICIPALITY, merged_into__isnull=True)


def _record_trigger(request, pk: int):
    """Record a sale, a change of use or the septage plan's day on the property."""
    place = _staff_place(request, pk)
    form = TriggerForm(request.POST)
    if form.is_valid():
        try:
            trigger = services.record_trigger(place=place, acting_user=request.user,
                                              **form.cleaned_data)
        except DomainError as refused:
            form.add_service_errors(refused.errors)
        else:
            messages.success(request, "The inspection is required by "
                                      f"{format_date(trigger.due_on)}.")
            return redirect("tisbury_regs:inspections_due", pk=place.pk)
    return _page(request, place, form=form, status=400)


def _page(request, place: Property, *, form: TriggerForm | None = None, status: int = 200):
    today = timezone.localdate()
    return render(request, "tisbury_regs/inspections_due.html", {
        "place": place, "form": form or TriggerForm(),
        "due": [(due, due.overdue(today)) for due in services.inspections_due(place, on=today)],
        "pumpouts": services.pumpouts_counted(place, on=today),
        "threshold": services.INSPECTION_PUMPOUTS, "section": services.SECTION,
        "clerk": permissions.is_clerk(request.user, place.municipality_id),
    }, status=status)


@login_required
@with_actions({"trigger": _record_trigger})
@require_GET
def inspections_due(request, pk: int):
    """The property's required inspections, the form to record one (posted here, naming
    its action), and the owners."""
    return _page(request, _staff_place(request, pk))


@login_required
@require_GET
def inspections_board(request):
    """The Board's list of the properties whose required inspection is still open."""
    town = Municipality.objects.get(code=MUNICIPALITY)
    permissions.require(permissions.is_town_staff(request.user, town.pk),
                        "see the septic inspections required", permissions.ENFORCEMENT_ROLES,
                        town=town)
    return render(request, "tisbury_regs/inspections_board.html", {
        "rows": services.open_inspections_board(timezone.localdate()),
        "section": services.SECTION})


@login_required
@require_GET
def owner_letter(request, pk: int):
    """The letter to the owners of record of the open inspections, for the office to post to
    an owner who has no account or no email."""
    place = _staff_place(request, pk)
    return render(request, "tisbury_regs/inspection_owner_letter.html", {
        "place": place, "owners": current_owners(place), "today": timezone.localdate(),
        "due": services.open_inspections(place), "section": services.SECTION,
    })


# -- tank leak tests (09.4.7) ---------------------------------------------------------------


def _leak_page(request, place: Property, *, order_form=None, result_form=None,
               result_order: int | None = None, status: int = 200):
    orders = leak_tests.leak_test_orders(place)
    return render(request, "tisbury_regs/leak_tests.html", {
        "place": place, "section": leak_tests.SECTION,
        "order_form": order_form or LeakTestOrderForm(prefix="order"),
        "orders": [(order, result_form if order.pk == result_order
                    else LeakTestResultForm(prefix=f"result-{order.pk}"))
                   for order in orders],
    }, status=status)


def _order_leak_test(request, pk: int):
    place = _staff_place(request, pk)
    form = LeakTestOrderForm(request.POST, prefix="order")
    if form.is_valid():
        try:
            order = leak_tests.order_leak_test(place=place, acting_user=request.user,
                                               **form.cleaned_data)
        except DomainError as refused:
            form.add_service_errors(refused.errors)
        else:
            messages.success(request, "The leak test is ordered, to be done by "
                                      f"{format_date(order.comply_by)}.")
            return redirect("tisbury_regs:leak_tests", pk=place.pk)
    return _leak_page(request, place, order_form=form, status=400)


def _record_leak_test(request, pk: int):
    place = _staff_place(request, pk)
    order = get_object_or_404(Order, pk=posted_number(request, "order"), case__place=place,
                              case__case_type=leak_tests.LEAK_TEST)
    form = LeakTestResultForm(request.POST, request.FILES, prefix=f"result-{order.pk}")
    if form.is_valid():
        try:
            test = leak_tests.record_leak_test(order=order, acting_user=request.user,
                                               **form.cleaned_data)
        except DomainError as refused:
            form.add_service_errors(refused.errors)
        else:
            messages.success(request, "The test is recorded: " + (
                "the order is closed." if test.result == "passed"
                else "the tank failed; the order stays open."))
            return redirect("tisbury_regs:leak_tests", pk=place.pk)
    return _leak_page(request, place, result_form=form, result_order=order.pk, status=400)


@login_required
@with_actions({"order": _order_leak_test, "result": _record_leak_test})
@require_GET
def leak_tests_page(request, pk: int):
    """The property's tank leak test orders, their results, and the forms (posted here,
    naming their action, a result naming its order too)."""
    return _leak_page(request, _staff_place(request, pk))
