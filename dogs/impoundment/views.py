"""The Animal Control Officer's impoundment pages (the Clerk reads them) and the public
"found an animal?" page (North Andover Code ch. 60, Impoundment; ACO B(2))."""

from __future__ import annotations

import datetime as dt

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.views.decorators.http import require_http_methods

from dogs.impoundment import found
from dogs.impoundment.forms import ACTION_NAMES, FoundAnimalForm, IntakeForm, action_form
from dogs.impoundment.permissions import (
    IMPOUNDMENT_READER_ROLES,
    SEE_IMPOUNDMENTS,
    can_take_impoundment_payment,
    can_view_impoundments,
    can_work_impoundments,
    impoundment_town_ids,
)
from dogs.impoundment.services import dates_of, fee_lines, officer_phone
from dogs.models import Impoundment, ImpoundmentStatus
from dogs.periods import MUNICIPALITY, last_intake_due_by
from dogs.refusals import in_readers_language
from permits_site import audit
from permits_site.accounts.models import Role
from permits_site.accounts.permissions import require
from permits_site.exceptions import DomainError
from permits_site.licensing.models import InvoiceStatus
from permits_site.page_actions import each, with_actions
from permits_site.towns.models import Municipality

PER_PAGE = 50


def _town(request) -> Municipality:
    town = Municipality.objects.get(code=MUNICIPALITY)
    require(can_view_impoundments(request.user, town.pk), SEE_IMPOUNDMENTS,
            IMPOUNDMENT_READER_ROLES,
            town=town)
    return town


@login_required
def impound_list(request):
    """Every intake record, newest first, with its dates; those not forwarded to the Clerk
    by their deadline are listed first (ACO B(2))."""
    town = _town(request)
    calendar, today = town.calendar(), timezone.localdate()
    records = (Impoundment.objects.filter(municipality=town)
               .select_related("dog__owner", "fee_invoice"))
    page = Paginator(records, PER_PAGE).get_page(request.GET.get("page"))
    rows = [(record, dates_of(record, calendar)) for record in page]
    return render(request, "dogs/impound_list.html", {
        "page": page, "rows": rows, "overdue": _forwarding_overdue(records, calendar, today),
        "can_work": can_work_impoundments(request.user, town.pk),
    })


def _forwarding_overdue(records, calendar, today: dt.date) -> list:
    """Records not forwarded by their deadline (ACO B(2)); the query keeps only intakes old
    enough to be overdue, the day of each is then computed on the calendar."""
    candidates = records.filter(forwarded_to_clerk_on__isnull=True,
                                impounded_on__lte=last_intake_due_by(today - dt.timedelta(days=1)))
    return [(record, dates) for record in candidates
            if (dates := dates_of(record, calendar)).forwarding_overdue(record, today)]


@login_required
@require_http_methods(["GET", "POST"])
def impound_new(request):
    town = _town(request)
    require(can_work_impoundments(request.user, town.pk), "record an impoundment",
            [Role.ANIMAL_CONTROL_OFFICER], town=town)
    form = IntakeForm(request.POST or None, initial={"impounded_on": timezone.localdate()})
    if request.method == "POST" and form.is_valid():
        try:
            record = form.run(acting_user=request.user)
        except DomainError as refused:
            form.add_service_errors(refused.errors)
        else:
            messages.success(request, _intake_message(record))
            return redirect("dogs:impoundment", pk=record.pk)
    return render(request, "dogs/impound_form.html", {"form": form},
                  status=400 if form.errors else 200)


def _intake_message(record: Impoundment) -> str:
    if record.dog is None:
        return f"Intake #{record.pk} recorded."
    return f"Intake #{record.pk} recorded: {record.dog.name}'s owner was notified."


def _record(request, pk: int) -> Impoundment:
    town_ids = impoundment_town_ids(request.user)
    require(bool(town_ids), SEE_IMPOUNDMENTS, IMPOUNDMENT_READER_ROLES)
    return get_object_or_404(
        Impoundment.objects.select_related("municipality", "dog__owner", "fee_invoice",
                                           "adoption_invoice", "found_report"),
        pk=pk, municipality_id__in=town_ids)


def _act(request, pk: int, action: str):
    """Run one of the page's actions; a refusal re-renders the page with its form."""
    record = _record(request, pk)
    form = action_form(action, request.POST)
    if form.ran(request, impoundment=record):
        return redirect("dogs:impoundment", pk=record.pk)
    record.refresh_from_db()
    return _detail(request, record, bound=(action, form), status=400)


@login_required
@with_actions(each(ACTION_NAMES, _act))
@require_http_methods(["GET", "POST"])
def impound_detail(request, pk: int):
    """The record's page; each of its forms posts here, naming its ``action``, so a refusal
    is shown on the page at its own address, which a reload or the back button reaches. A
    POST naming no action of the page is no such action (404)."""
    record = _record(request, pk)
    if request.method == "POST":
        raise Http404
    return _detail(request, record)


def _detail(request, record: Impoundment, *, bound=None, status: int = 200):
    """The record, its dates and fees, and the forms of the actions open to the user;
    ``bound`` is a refused action's form, shown with its errors."""
    town_id = record.municipality_id
    forms = {name: action_form(name, record=record)
             for name in _actions_for(request.user, record)}
    if bound is not None:
        forms[bound[0]] = bound[1]
    return render(request, "dogs/impound_detail.html", {
        "record": record, "dates": dates_of(record, record.municipality.calendar()),
        "today": timezone.localdate(), "forms": forms,
        "fees_to_date": _fees_to_date(record),
        "can_work": can_work_impoundments(request.user, town_id),
        "history": audit.history_of(record),
        "notices": record.owner_notices.all(), "cori_checks": record.cori_checks.all(),
        "rabies_missing": record.rabies_missing_on(timezone.localdate()),
    }, status=status)


def _fees_to_date(record: Impoundment) -> list[dict] | None:
    if record.status != ImpoundmentStatus.HELD or not record.owner_identified:
        return None
    return fee_lines(record, timezone.localdate())[1]


def _actions_for(user, record: Impoundment) -> list[str]:
    town_id = record.municipality_id
    actions = []
    if can_work_impoundments(user, town_id):
        actions += _officer_actions(record)
    if can_take_impoundment_payment(user, town_id):
        actions += [name for name, invoice in (("pay_fees", record.fee_invoice),
                                               ("pay_adoption", record.adoption_invoice))
                    if invoice is not None and invoice.status == InvoiceStatus.OPEN]
    return actions


def _officer_actions(record: Impoundment) -> list[str]:
    actions = [] if record.forwarded_to_clerk_on else ["forwarded"]
    if record.status == ImpoundmentStatus.HELD:
        actions += ["identify", "notice", "rabies", "invoice", "release", "contract",
                    "town_property", "cori", "disposition"]
    elif record.status == ImpoundmentStatus.TOWN_PROPERTY:
        actions += ["cori", "disposition"]
    return actions


@require_http_methods(["GET", "POST"])
def found_dog(request):
    """Public: a finder reports a found animal to the Animal Control Officer (Impoundment
    B); a license tag number also tells the dog's owner. The page names the Animal Control
    Officer's telephone the town's admin recorded, and after sending the report's number to
    quote when calling."""
    form = FoundAnimalForm(request.POST or None)
    report, status = None, 200
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            report = found.report_found_dog(
                municipality=data["town"], tag_number=data["tag_number"],
                message=data["message"], finder_contact=data["finder_contact"],
                species=data["species"], description=data["description"],
                found_at=data["found_at"], finder_name=data["finder_name"],
                client_address=request.META.get("REMOTE_ADDR", ""),
            )
        except found.TooManyReports as refused:
            form.add_service_errors(in_readers_language(refused.errors))
            status = 429
        else:
            form = FoundAnimalForm()
    elif form.errors:
        status = 400
    return render(request, "dogs/found_dog.html", {
        "form": form, "report": report, "answer": found.SAME_ANSWER,
        "officer_phone": officer_phone(),
    }, status=status)
