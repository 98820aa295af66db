"""The inspectors' and enforcement staff's screens: inspections, cases and deadlines.

Only staff reach them (residents get a 403); a record of a town where the
user holds no role is a 404. Every change is one service call; a refusal is
shown on the form field it names, with an error summary linking to it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Count, F, Min, Prefetch, Q
from django.http import FileResponse, Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_noop
from django.views.decorators.http import require_GET, require_http_methods

from permits_site.accounts import permissions
from permits_site.accounts.permissions import (
    CASE_WORKER_ROLES,
    ENFORCEMENT_ROLES,
    INSPECTOR_ROLES,
    SCHEDULER_ROLES,
)
from permits_site.audit import history_of
from permits_site.enforcement import deadlines as deadline_rows
from permits_site.enforcement import forms as enforcement_forms
from permits_site.enforcement import services
from permits_site.enforcement.models import (
    Case,
    CaseCharge,
    CaseStatus,
    Citation,
    Inspection,
    InspectionPhoto,
    InspectionResult,
    InspectionStatus,
    Violation,
)
from permits_site.enforcement.registry import (
    case_type,
    case_type_name,
    case_types,
    takes_generic_steps,
)
from permits_site.enforcement.services import dispositions
from permits_site.enforcement.services.cases import opens_case, schedule_appeal_hearing
from permits_site.enforcement.services.charges import ChargesNow, charges_now
from permits_site.enforcement.services.citations import policy_of
from permits_site.enforcement.services.inspections import as_strict_json, judge
from permits_site.enforcement.steps import (
    INSPECTION_STEPS,
    SEEING,
    STEPS,
    Step,
    continuances_offered,
)
from permits_site.exceptions import DomainError
from permits_site.licensing import transitions
from permits_site.licensing.views import listing
from permits_site.licensing.views.access import get_visible_or_404
from permits_site.licensing.views.law import RuleOutcome
from permits_site.page_actions import each, with_actions
from permits_site.parties.models import Property, PropertyOwner
from permits_site.rules.calendar import format_date
from permits_site.rules.registry import get_check
from permits_site.rules.wording import Dollars, ShortDate, explain
from permits_site.towns.models import Municipality

CASE_FILTERS = {
    "open": (CaseStatus.OPEN, CaseStatus.DETERMINED),
    "determined": (CaseStatus.DETERMINED,),
    "closed": (CaseStatus.CLOSED,),
    "all": tuple(CaseStatus.values),
}


def enforcement_staff_required(view):
    """Staff of some town only: residents and admins without a staff role get a 403."""

    @login_required
    def wrapped(request, *args, **kwargs):
        if not permissions.municipality_ids_with(request.user, *SEEING.roles):
            raise SEEING.refusal()
        return view(request, *args, **kwargs)

    wrapped.__name__ = view.__name__
    wrapped.__doc__ = view.__doc__
    return wrapped


def towns_where(user, *roles: str) -> list[Municipality]:
    return list(Municipality.objects.filter(
        pk__in=permissions.municipality_ids_with(user, *roles)
    ).order_by("name"))


def in_staff_towns(user, record) -> bool:
    return permissions.can_view_enforcement(user, record.municipality_id)


def check_title(code: str) -> str:
    rule_set = get_check(code)
    return rule_set.title if rule_set else code


# -- Inspections ------------------------------------------------------------------


INSPECTION_SEARCH = ("address", "permit__number", "inspector__first_name", "inspector__last_name",
                     "notes")


def inspection_specs(user, towns: list[Municipality], *, inspects: bool):
    """The two lists share a search, "whose" and town; each pages and sorts on its own."""
    filters = {
        "show": listing.Filter("Whose", {"mine": ("Assigned to me", Q(inspector=user)),
                                         "all": ("All in my towns", Q())},
                               default="mine" if inspects else "all"),
        "town": listing.town_filter(towns),
    }
    common = {"search_fields": INSPECTION_SEARCH, "filters": filters,
              "search_label": "Search address, permit, inspector or notes"}
    upcoming = listing.ListSpec(prefix="upcoming_", sorts={
        "scheduled": listing.Sort("Soonest first", ("scheduled_for", "pk")),
        "-scheduled": listing.Sort("Latest first", ("-scheduled_for", "-pk")),
        "address": listing.Sort("Address", ("address", "scheduled_for", "pk")),
    }, **common)
    recent = listing.ListSpec(prefix="recent_", sorts={
        "-inspected": listing.Sort("Latest first", ("-inspected_on", "-pk")),
        "inspected": listing.Sort("Earliest first", ("inspected_on", "pk")),
        "address": listing.Sort("Address", ("address", "-inspected_on", "-pk")),
        "result": listing.Sort("Result", ("result", "-inspected_on", "-pk")),
    }, **common)
    return upcoming, recent


def render_inspections(request, *, schedule_form=None):
    user = request.user
    inspects = bool(permissions.municipality_ids_with(user, *INSPECTOR_ROLES))
    towns = towns_where(user, *ENFORCEMENT_ROLES)
    visible = Inspection.objects.filter(
        municipality_id__in=[town.pk for town in towns]
    ).select_related("municipality", "inspector", "permit")
    upcoming_spec, recent_spec = inspection_specs(user, towns, inspects=inspects)
    upcoming = listing.paginate(request, visible.filter(status=InspectionStatus.SCHEDULED),
                                upcoming_spec)
    recent = listing.paginate(request, visible.filter(status=InspectionStatus.CLOSED),
                              recent_spec)
    scheduling_towns = towns_where(user, *SCHEDULER_ROLES)
    if schedule_form is None and scheduling_towns:
        initial = {"scheduled_for": timezone.localdate(), "inspector": user if inspects else None}
        schedule_form = enforcement_forms.ScheduleInspectionForm(towns=scheduling_towns,
                                                                 initial=initial)
    return render(request, "enforcement/inspections.html", {
        "show": upcoming.selected["show"],
        "upcoming": [(inspection, check_title(inspection.check_code))
                     for inspection in upcoming.rows],
        "upcoming_listing": upcoming,
        "recent": [(inspection, check_title(inspection.check_code))
                   for inspection in recent.rows],
        "recent_listing": recent,
        "schedule_form": schedule_form,
    })


def _schedule_inspection(request):
    """The list's "Schedule an inspection" form; a refusal is shown on its fields, on the
    list."""
    scheduling_towns = towns_where(request.user, *SCHEDULER_ROLES)
    if not scheduling_towns:
        raise INSPECTION_STEPS["schedule"].refusal()
    form = enforcement_forms.ScheduleInspectionForm(request.POST, towns=scheduling_towns)
    if form.is_valid():
        data = form.cleaned_data
        try:
            inspection = services.schedule_chosen_day(
                municipality=data["municipality"], check_code=data["check_code"],
                scheduled_for=data["scheduled_for"], inspector=data["inspector"],
                permit=data["permit"], address=data["address"], acting_user=request.user,
            )
        except DomainError as error:
            form.add_service_errors(error.errors)
        else:
            messages.success(request, "Inspection scheduled for "
                                      f"{format_date(inspection.scheduled_for)}.")
            return redirect("enforcement:inspection", pk=inspection.pk)
    return render_inspections(request, schedule_form=form)


@enforcement_staff_required
@with_actions({"schedule": _schedule_inspection})
@require_GET
def inspections(request):
    """The inspector's list: their own or all of their towns', upcoming and recent; its
    schedule form posts here, naming its action."""
    return render_inspections(request)


def visible_inspection(request, pk: int) -> Inspection:
    return get_visible_or_404(
        Inspection.objects.select_related("municipality", "inspector", "permit__permit_type",
                                          "application__permit_type", "place__municipality"),
        in_staff_towns, request.user, pk=pk,
    )


def earlier_records(inspection: Inspection) -> tuple[list[Inspection], list[Violation]]:
    """Other visits and their violations at the same place: the property visited, however
    each visit was entered (its permit, its application or the address typed); for a visit
    at no property, those of the same permit (or application, or address)."""
    if inspection.place_id:
        same_place = Q(place_id=inspection.place_id)
    elif inspection.permit_id:
        same_place = Q(permit_id=inspection.permit_id)
    elif inspection.application_id:
        same_place = Q(application_id=inspection.application_id)
    else:
        same_place = Q(address__iexact=inspection.address)
    visits = list(
        Inspection.objects.filter(same_place, municipality_id=inspection.municipality_id)
        .exclude(pk=inspection.pk).select_related("inspector").order_by("-scheduled_for", "-pk")
    )
    violations = list(
        Violation.objects.filter(inspection__in=[visit.pk for visit in visits])
        .order_by("-found_on", "-pk")
    )
    return visits, violations


def render_inspection(request, inspection: Inspection, **bound_forms):
    rule_set = get_check(inspection.check_code)
    if rule_set is None:
        raise Http404("This inspection's check is no longer registered.")
    user = request.user
    scheduled = inspection.status == InspectionStatus.SCHEDULED
    may_inspect = scheduled and permissions.can_inspect(user, inspection)
    forms: dict[str, Any] = {}
    if may_inspect:
        checklist_form = enforcement_forms.checklist_form_class(rule_set)
        forms["checklist"] = bound_forms.get("checklist") or checklist_form(
            initial=enforcement_forms.checklist_initial(rule_set, inspection))
        forms["photo"] = bound_forms.get("photo") or enforcement_forms.PhotoForm()
    if (case_types(inspection.municipality.code) and opens_case(inspection)
            and permissions.can_work_case(user, inspection.municipality_id)):
        forms["case"] = bound_forms.get("case") or enforcement_forms.CaseFromInspectionForm(
            inspection=inspection)
    visits, earlier_violations = earlier_records(inspection)
    return render(request, "enforcement/inspection.html", {
        "inspection": inspection,
        "rule_set": rule_set,
        "forms": forms,
        "failed_form": next((form for form in bound_forms.values() if form.errors), None),
        "outcomes": closed_outcomes(inspection, rule_set) if not scheduled else [],
        "violations": list(inspection.violations.all()),
        "photos": list(inspection.photos.all()),
        "cases": list(inspection.cases.all()),
        "earlier_inspections": [(visit, check_title(visit.check_code)) for visit in visits],
        "earlier_violations": earlier_violations,
        "may_review": permissions.can_review(user, inspection.municipality_id),
        "may_open_place": permissions.is_clerk(user, inspection.municipality_id),
        "may_reschedule": scheduled and permissions.can_schedule_inspection(
            user, inspection.municipality_id),
    })


def closed_outcomes(inspection: Inspection, rule_set) -> list[RuleOutcome]:
    """Each rule's finding on the recorded answers, on the day of the visit."""
    summaries = {rule.id: rule.summary for rule in rule_set.rules}
    try:
        result = judge(inspection, on=inspection.inspected_on)
    except DomainError:
        return []
    return [RuleOutcome(finding, summaries[finding.rule]) for finding in result.findings]


def _add_photo(request, pk: int):
    """Add a photo from the field screen. The checklist's answers come with it (the photo's
    button submits the checklist form, naming the action ``photo``): a complete checklist is
    saved as "Save" would; an incomplete one stays on the page as entered."""
    inspection = visible_inspection(request, pk)
    INSPECTION_STEPS["record"].refuse_unless(permissions.can_inspect(request.user, inspection),
                                             town=inspection.municipality_id)
    rule_set = get_check(inspection.check_code)
    if rule_set is None:
        raise Http404("This inspection's check is no longer registered.")
    saved = save_posted_checklist(request, inspection, rule_set)
    form = enforcement_forms.PhotoForm(request.POST, request.FILES)
    if form.is_valid():
        try:
            services.add_inspection_photo(inspection=inspection, upload=form.cleaned_data["file"],
                                          caption=form.cleaned_data["caption"],
                                          acting_user=request.user)
        except DomainError as error:
            form.add_service_errors(error.errors)
        else:
            if saved:
                messages.success(request, "Photo added; the checklist is saved.")
                return redirect("enforcement:inspection", pk=pk)
            messages.success(request, "Photo added. The checklist is not saved yet: answer "
                                      "every item, then press Save.")
            form = enforcement_forms.PhotoForm()
    return render_inspection(request, inspection, photo=form,
                             checklist=checklist_as_posted(rule_set, request.POST))


def _open_case_from_inspection(request, pk: int):
    """Open the case of a failed inspection: its permit, party, place and violations carry
    over; the case page then offers its order and citation."""
    inspection = visible_inspection(request, pk)
    STEPS["open"].require(request.user, inspection.municipality_id)
    form = enforcement_forms.CaseFromInspectionForm(request.POST, inspection=inspection)
    if form.is_valid():
        try:
            case = services.open_case_from_inspection(
                inspection=inspection, acting_user=request.user, **form.cleaned_data)
        except DomainError as error:
            form.add_service_errors(error.errors)
        else:
            messages.success(request, f"Case #{case.pk} opened.")
            return redirect("enforcement:case", pk=case.pk)
    return render_inspection(request, inspection, case=form)


@enforcement_staff_required
@with_actions({"photo": _add_photo, "case": _open_case_from_inspection})
@require_http_methods(["GET", "POST"])
def inspection(request, pk: int):
    """The field screen: the checklist, notes and photos; "Save" or "Close inspection". A
    photo and the case of a failed inspection post here too, naming their action."""
    inspection = visible_inspection(request, pk)
    if request.method == "GET":
        return render_inspection(request, inspection)
    INSPECTION_STEPS["record"].refuse_unless(permissions.can_inspect(request.user, inspection),
                                             town=inspection.municipality_id)
    rule_set = get_check(inspection.check_code)
    if rule_set is None:
        raise Http404("This inspection's check is no longer registered.")
    form = enforcement_forms.checklist_form_class(rule_set)(request.POST)
    closing = "close" in request.POST
    if form.is_valid():
        save = services.close_inspection if closing else services.record_inspection
        try:
            inspection = save(inspection=inspection, answers=as_strict_json(form.facts),
                              notes=form.cleaned_data["notes"], acting_user=request.user)
        except DomainError as error:
            form.add_service_errors(error.errors)
        else:
            messages.success(request, closed_message(inspection) if closing else "Saved.")
            return redirect("enforcement:inspection", pk=pk)
    return render_inspection(request, inspection, checklist=form)


def closed_message(inspection: Inspection) -> str:
    if inspection.result == InspectionResult.PASSED:
        return "Inspection closed: passed."
    count = inspection.violations.count()
    return f"Inspection closed: failed, {count} violation{'s' if count != 1 else ''}."


def checklist_as_posted(rule_set, data) -> enforcement_forms.ChecklistForm:
    """The checklist as it stood on the screen, unbound: the answers shown, no error on
    the items not answered yet."""
    form_class = enforcement_forms.checklist_form_class(rule_set)
    return form_class(initial={name: data.get(name) for name in form_class.base_fields})


def save_posted_checklist(request, inspection: Inspection, rule_set) -> bool:
    """Record the checklist posted with a photo, when it is complete and valid."""
    checklist = enforcement_forms.checklist_form_class(rule_set)(request.POST)
    if not checklist.is_valid():
        return False
    try:
        services.record_inspection(inspection=inspection,
                                   answers=as_strict_json(checklist.facts),
                                   notes=checklist.cleaned_data["notes"], acting_user=request.user)
    except DomainError:
        return False
    return True


@enforcement_staff_required
@require_GET
def inspection_photo(request, pk: int):
    """A photo, to the staff of its town only; its content was checked on upload."""
    photo = get_visible_or_404(
        InspectionPhoto.objects.select_related("inspection"),
        lambda user, found: in_staff_towns(user, found.inspection), request.user, pk=pk,
    )
    response = FileResponse(photo.file.open("rb"), content_type=photo.content_type)
    response["X-Content-Type-Options"] = "nosniff"
    return response


# -- Cases ------------------------------------------------------------------------


CASE_SORTS = {
    "-received": listing.Sort("Latest complaint first", ("-received_on", "-pk")),
    "received": listing.Sort("Earliest complaint first", ("received_on", "pk")),
    "comply_by": listing.Sort("Next compliance date", (F("next_comply_by").asc(nulls_last=True),
                                                       "-received_on", "-pk")),
    "party": listing.Sort("Party", ("party_name", "-received_on", "-pk")),
    "address": listing.Sort("Address", ("address", "-received_on", "-pk")),
}


def case_spec(towns: list[Municipality]) -> listing.ListSpec:
    return listing.ListSpec(
        sorts=CASE_SORTS,
        search_fields=("party_name", "address", "complaint", "complainant", "permit__number"),
        search_label="Search party, address, complaint or permit",
        filters={
            "status": listing.Filter(
                "Status",
                {name: (name.capitalize(), Q(status__in=statuses))
                 for name, statuses in CASE_FILTERS.items()},
                default="open",
            ),
            "town": listing.town_filter(towns),
            "case_type": listing.Filter(
                "Case type",
                {registered.code: (registered.name, Q(case_type=registered.code))
                 for town in towns for registered in case_types(town.code)},
                all_label="All types",
            ),
        },
    )


def opened_about(request, towns) -> Property | None:
    """The property a case is opened about (``?place=<id>``, from its page), if it is in one
    of ``towns``."""
    value = request.GET.get("place", "")
    if not value.isdigit():
        return None
    return Property.objects.filter(pk=value, municipality__in=towns,
                                   merged_into__isnull=True).first()


def render_cases(request, *, open_form=None):
    user = request.user
    towns = towns_where(user, *ENFORCEMENT_ROLES)
    open_orders = Q(orders__complied_on__isnull=True)
    rows = (
        Case.objects.filter(municipality_id__in=[town.pk for town in towns])
        .select_related("municipality", "permit")
        .annotate(
            open_orders=Count("orders", filter=open_orders, distinct=True),
            next_comply_by=Min("orders__comply_by", filter=open_orders),
            citation_count=Count("citations", distinct=True),
        )
    )
    page = listing.paginate(request, rows, case_spec(towns))
    worker_towns = towns_where(user, *CASE_WORKER_ROLES)
    if open_form is None and worker_towns:
        open_form = enforcement_forms.OpenCaseForm(
            towns=worker_towns, place=opened_about(request, worker_towns),
            initial={"received_on": timezone.localdate()}
        )
    return render(request, "enforcement/cases.html", {
        "rows": [(case, case_type_name(case.case_type)) for case in page.rows],
        "listing": page,
        "selected": page.selected["status"],
        "filters": list(CASE_FILTERS),
        "open_form": open_form,
    })


def _open_case(request):
    """Open a case on a complaint taken at the counter or by telephone; a refusal is shown on
    its fields, on the list."""
    worker_towns = towns_where(request.user, *CASE_WORKER_ROLES)
    if not worker_towns:
        raise STEPS["open"].refusal()
    form = enforcement_forms.OpenCaseForm(request.POST, towns=worker_towns,
                                          place=opened_about(request, worker_towns))
    if form.is_valid():
        data = form.cleaned_data
        try:
            case = services.open_case(
                municipality=data["municipality"], case_type=data["case_type"],
                party=data["party"], party_business=data["party_business"],
                party_name=data["party_name"], address=data["address"],
                complaint=data["complaint"], complainant=data["complainant"],
                received_on=data["received_on"], permit=data["permit"],
                place=data["place"], owner=data["owner"], about=data["about"],
                acting_user=request.user,
            )
        except DomainError as error:
            form.add_service_errors(error.errors)
        else:
            messages.success(request, f"Case #{case.pk} opened.")
            return redirect("enforcement:case", pk=case.pk)
    return render_cases(request, open_form=form)


@enforcement_staff_required
@with_actions({"open": _open_case})
@require_GET
def cases(request):
    """Cases of the user's towns by status; a fixed number of queries. Its "Open a case"
    form posts here, naming its action."""
    return render_cases(request)


def visible_case(request, pk: int) -> Case:
    cases = Case.objects.select_related(
        "municipality", "permit__permit_type", "party", "party_business", "inspection",
        "opened_by", "place",
    ).prefetch_related(
        "violations", "orders", "hearings__continuances__recorded_by",
        "appeals__continuances__recorded_by",
        Prefetch("place__owners", to_attr="owners_of_record",
                 queryset=PropertyOwner.objects.filter(ended_on__isnull=True)),
        Prefetch("citations", queryset=dispositions.with_answers(Citation.objects.all())),
        Prefetch("charges", queryset=CaseCharge.objects.select_related("invoice")
                 .prefetch_related("invoice__lines")),
    )
    return get_visible_or_404(cases, in_staff_towns, request.user, pk=pk)


def _not_closed(case: Case) -> bool:
    return case.status != CaseStatus.CLOSED


def _chargeable(case: Case, charges: ChargesNow) -> bool:
    """An open case, an account to invoice, and a charge the case may raise now."""
    return _not_closed(case) and case.party_id is not None and bool(charges.allowed)


def _judged_charges(case: Case) -> ChargesNow:
    """The case's charges, judged once per request and passed to the actions' offers, the
    charge form and the page; a closed case raises none, so they are not judged."""
    return charges_now(case) if _not_closed(case) else ChargesNow()


def _open(case: Case, _charges: ChargesNow) -> bool:
    return _not_closed(case)


def _permit_standing(case: Case) -> bool:
    """A permit that may still be suspended or revoked (``licensing.transitions``)."""
    return case.permit is not None and any(
        transitions.PERMIT.can(change, case.permit) for change in ("suspend", "revoke"))


@dataclass(frozen=True)
class CaseAction:
    """One small form of the case screen and the service it calls.

    The form's cleaned data are the service's keyword arguments; the case
    is passed too when ``takes_case`` (an item's form names its item). Who
    takes the step is its ``step`` of :data:`permits_site.enforcement.steps.STEPS`; whether
    the case offers it, ``offered(case, charges)``, given the charges the page judged.
    """

    form_class: type[enforcement_forms.CaseActionForm]
    service: Callable[..., Any]
    done: str
    step: Step
    offered: Callable[[Case, ChargesNow], bool]
    takes_case: bool = True

    def form(self, *args, case: Case, charges: ChargesNow, prefix: str):
        return self.form_class(*args, case=case, charges=charges, prefix=prefix)

    def perform(self, case: Case, data: dict[str, Any], user) -> None:
        arguments = {**data, "case": case} if self.takes_case else dict(data)
        self.service(acting_user=user, **arguments)


CASE_ACTIONS = {
    "determine": CaseAction(
        enforcement_forms.DeterminationForm, services.determine, "Determination recorded.",
        STEPS["determine"], offered=lambda case, _: case.status == CaseStatus.OPEN,
    ),
    "order": CaseAction(
        enforcement_forms.OrderForm, services.issue_order, "Order issued.", STEPS["order"],
        offered=_open,
    ),
    "compliance": CaseAction(
        enforcement_forms.ComplianceForm, services.record_compliance, "Compliance recorded.",
        STEPS["compliance"],
        offered=lambda case, _: any(order.complied_on is None for order in case.orders.all()),
        takes_case=False,
    ),
    "citation": CaseAction(
        enforcement_forms.CitationForm, services.issue_citation, "Citation issued.",
        STEPS["citation"], offered=_open,
    ),
    "hearing": CaseAction(
        enforcement_forms.HearingForm, services.schedule_case_hearing, "Hearing scheduled.",
        STEPS["hearing"], offered=_open,
    ),
    "hearing_decision": CaseAction(
        enforcement_forms.HearingDecisionForm, services.decide_case_hearing,
        "Hearing decision recorded.", STEPS["hearing_decision"],
        offered=lambda case, _: enforcement_forms.ready_to_decide(case.hearings.all()),
        takes_case=False,
    ),
    "appeal": CaseAction(
        enforcement_forms.AppealForm, services.file_appeal, "Appeal recorded.",
        STEPS["appeal"], offered=_open,
    ),
    "appeal_hearing": CaseAction(
        enforcement_forms.AppealHearingForm, schedule_appeal_hearing,
        "Appeal hearing scheduled.", STEPS["appeal_hearing"],
        offered=lambda case, _: bool(enforcement_forms.unscheduled_appeals(case)),
        takes_case=False,
    ),
    "appeal_decision": CaseAction(
        enforcement_forms.AppealDecisionForm, services.decide_appeal,
        "Appeal decision recorded.", STEPS["appeal_decision"],
        offered=lambda case, _: enforcement_forms.ready_to_decide(case.appeals.all()),
        takes_case=False,
    ),
    "charge": CaseAction(
        enforcement_forms.ChargeForm, services.add_case_charge, "Charge invoiced.",
        STEPS["charge"], offered=_chargeable,
    ),
    "permit": CaseAction(
        enforcement_forms.PermitStatusForm, services.suspend_or_revoke_permit,
        "Permit status changed.", STEPS["permit"],
        offered=lambda case, _: _not_closed(case) and _permit_standing(case),
    ),
    "close": CaseAction(
        enforcement_forms.CloseCaseForm, services.close_case, "Case closed.", STEPS["close"],
        offered=_open,
    ),
}


def accrual_text(citation, *, on) -> str:
    """How a citation adds up: "4 days × $25.00 = $100.00 so far", an explanation the
    cited party's page says in their language (``explained``)."""
    if citation.warning:
        return gettext_noop("Written warning: no fine")
    total = Dollars(services.citation_total(citation, on=on))
    rate: str | Dollars = Dollars(citation.amount_per_offense)
    if citation.units > 1:
        rate = explain(gettext_noop("%(amount)s × %(units)s units"), amount=rate,
                       units=citation.units)
    if not citation.per_day:
        # Only numbers: nothing to translate, each written the reader's way.
        return explain("%(rate)s = %(total)s", rate=rate, total=total) \
            if citation.units > 1 else explain("%(total)s", total=total)
    days = services.citation_days(citation, on=on)
    counted = (explain(gettext_noop("1 day")) if days == 1
               else explain(gettext_noop("%(days)s days"), days=days))
    if citation.accrues_until is not None and citation.accrues_until <= on:
        return explain(gettext_noop("%(days)s × %(rate)s = %(total)s, stopped on %(day)s"),
                       days=counted, rate=rate, total=total,
                       day=ShortDate.of(citation.accrues_until))
    return explain(gettext_noop("%(days)s × %(rate)s = %(total)s so far"),
                   days=counted, rate=rate, total=total)


def case_party_url(case: Case) -> str | None:
    """The staff's record of the case's party (its business, else its account), if named."""
    if case.party_business_id is not None:
        return reverse("enforcement:business_record", args=[case.party_business_id])
    if case.party_id is not None:
        return reverse("enforcement:person_record", args=[case.party_id])
    return None


def town_has_surcharges(case: Case) -> bool:
    """Whether the town's surcharge schedules list events an order may represent; in a town
    without them an order has no surcharge event to show."""
    try:
        return bool(policy_of(case).surcharge_events)
    except LookupError:
        return False


def render_case(request, case: Case, *, bound: dict | None = None,
                charges: ChargesNow | None = None):
    """The case screen; ``charges``, as the posted action judged them, else judged here."""
    user = request.user
    bound = bound or {}
    today = timezone.localdate()
    if charges is None:
        charges = _judged_charges(case)
    forms = {
        name: bound.get(name) or action.form(case=case, charges=charges, prefix=name)
        for name, action in CASE_ACTIONS.items()
        if takes_generic_steps(case.case_type, closing=name == "close")
        and action.offered(case, charges) and action.step.allows_on(user, case)
    }
    citations = [
        {"citation": citation, "accrual": accrual_text(citation, on=today),
         "standing": dispositions.standing(citation, on=today),
         "amount": dispositions.amount(citation, on=today),
         "balance": dispositions.balance(citation),
         "pay_by": dispositions.pay_by(citation),
         # The party's hearing on it, in the words the citation pages use.
         "hearing": dispositions.hearing_of(citation)}
        for citation in case.citations.all()
    ]
    return render(request, "enforcement/case.html", {
        "case": case,
        "case_type": case_type(case.case_type),
        "forms": forms,
        "failed_form": next((form for form in bound.values() if form.errors), None),
        "citations": citations,
        "citation_hearings": any(row["hearing"] for row in citations),
        "party_url": case_party_url(case),
        "surcharges": town_has_surcharges(case),
        "charges": [charge.invoice for charge in case.charges.all()],
        "charges_refused": charges.refused,
        "history": history_of(case)[:30],
        "today": today,
        **continuances_offered(user, case),
    })


def _act(request, pk: int, action: str):
    """Run one of the case screen's small forms; a refusal is shown on its fields, on the
    screen."""
    spec = CASE_ACTIONS[action]
    case = visible_case(request, pk)
    spec.step.require_on(request.user, case)
    charges = _judged_charges(case)
    if not (takes_generic_steps(case.case_type, closing=action == "close")
            and spec.offered(case, charges)):
        messages.error(request, "This step is not open on this case here; its own page "
                                "takes the steps its law sets.")
        return redirect("enforcement:case", pk=pk)
    form = spec.form(request.POST, case=case, charges=charges, prefix=action)
    if form.is_valid():
        try:
            spec.perform(case, form.cleaned_data, request.user)
        except DomainError as error:
            form.add_service_errors(error.errors)
        else:
            messages.success(request, spec.done)
            return redirect("enforcement:case", pk=pk)
    return render_case(request, case, bound={action: form}, charges=charges)


@enforcement_staff_required
@with_actions(each(CASE_ACTIONS, _act))
@require_GET
def case(request, pk: int):
    """The case screen; each of its forms posts here, naming its action."""
    return render_case(request, visible_case(request, pk))


# -- Deadlines --------------------------------------------------------------------


def deadline_spec(towns: list[Municipality], today) -> listing.ListSpec:
    """The deadlines are gathered from several sources in Python, so paged in Python too."""
    return listing.ListSpec(
        sorts={
            "date": listing.Sort("Date, soonest first",
                                 key=lambda row: (row.on, row.what, row.record)),
            "-date": listing.Sort("Date, latest first", reverse=True,
                                  key=lambda row: (row.on, row.what, row.record)),
            "what": listing.Sort("What is due", key=lambda row: (row.what, row.on, row.record)),
            "record": listing.Sort("Record", key=lambda row: (row.record, row.on, row.what)),
        },
        search_text=lambda row: f"{row.what} {row.record} {row.citation}",
        search_label="Search what, record or section",
        filters={
            "town": listing.Filter(
                "Town",
                {town.code: (town.short_name,
                             lambda row, pk=town.pk: row.municipality_id == pk)
                 for town in towns},
                all_label="All my towns",
            ),
            "state": listing.Filter("Showing", {
                "overdue": ("Overdue", lambda row: row.overdue(today)),
                "due": ("Due soon",
                        lambda row: not row.waiting and not row.overdue(today)),
                "waiting": ("Awaiting a decision", lambda row: row.waiting),
            }, all_label="Everything"),
        },
    )


@enforcement_staff_required
@require_GET
def deadlines(request):
    """What is due in the next 14 days and what is overdue, 25 a page; one query per source."""
    today = timezone.localdate()
    towns = towns_where(request.user, *ENFORCEMENT_ROLES)
    rows = deadline_rows.deadlines([town.pk for town in towns], today=today)
    page = listing.paginate(request, rows, deadline_spec(towns, today))
    rows = [(row, row.status(today)) for row in page.rows]
    selected = page.selected["town"]
    return render(request, "enforcement/deadlines.html", {
        "rows": rows,
        "sections": [
            (town, [(row, status) for row, status in rows if row.municipality_id == town.pk])
            for town in towns if not selected or town.code == selected
        ],
        "listing": page,
        "today": today,
        "window_end": deadline_rows.window_end(today),
    })
