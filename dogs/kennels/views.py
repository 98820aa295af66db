"""North Andover's kennel pages (Code ch. 60, Kennel license B): the Animal Inspector's visit
scheduled from the review screen (B(3)), the licensee's roster of dogs with the new dogs
reported during the year (B(1), B(2)), and the kennel review hearing after the Animal
Control Officer's report (B(4), B(5)). Each form runs one service; a refusal is shown on the
field it names."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Q
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_POST

from dogs.kennels import review
from dogs.kennels.forms import (
    InterestedPartyForm,
    KennelDecisionForm,
    KennelDogForm,
    KennelHearingForm,
    KennelInspectionForm,
    KennelReportForm,
)
from dogs.kennels.parties import (
    interested_parties,
    name_interested_party,
    render_hearing_letters_pdf,
)
from dogs.kennels.services import (
    add_kennel_dog,
    can_keep_roster,
    can_view_roster,
    late_report_note,
    render_roster_pdf,
    roster_count,
    roster_pdf_filename,
)
from dogs.refusals import in_readers_language
from dogs.rules import KENNEL_INSPECTION, KENNEL_LICENSE
from permits_site.accounts.models import Role
from permits_site.accounts.permissions import (
    can_schedule_inspection,
    can_view_enforcement,
    has_role,
    municipality_ids_with,
    party_rows,
    require,
)
from permits_site.enforcement.models import Case
from permits_site.enforcement.services import schedule_inspection
from permits_site.exceptions import DomainError
from permits_site.licensing.models import Application, Permit
from permits_site.licensing.templatetags.localised import explained_text
from permits_site.licensing.views.access import get_visible_or_404
from permits_site.page_actions import each, with_actions
from permits_site.rules.calendar import format_date

# -- the Animal Inspector's visit (B(3)) ---------------------------------------------------


@login_required
@require_POST
def inspection_schedule(request, pk: int):
    """Schedule the Animal Inspector's visit of the kennel an application proposes."""
    application = get_visible_or_404(
        Application.objects.filter(permit_type__code=KENNEL_LICENSE.code).select_related(
            "municipality", "place", "applicant"),
        lambda user, record: can_schedule_inspection(user, record.municipality_id),
        request.user, pk=pk)
    form = KennelInspectionForm(request.POST, application=application, prefix="kennel")
    if form.is_valid():
        try:
            inspection = schedule_inspection(
                municipality=application.municipality, check_code=KENNEL_INSPECTION.code,
                application=application, acting_user=request.user, **form.cleaned_data)
        except DomainError as error:
            form.add_service_errors(error.errors)
        else:
            messages.success(request, "Animal Inspector's visit scheduled for "
                                      f"{format_date(inspection.scheduled_for)}.")
            return redirect("licensing:review", pk=pk)
    for field, errors in form.errors.items():
        messages.error(request, f"{form.fields[field].label if field in form.fields else ''}"
                                f" {' '.join(errors)}".strip())
    return redirect("licensing:review", pk=pk)


# -- the roster (B(1), B(2)) ---------------------------------------------------------------


def _kennel_permits():
    return Permit.objects.filter(permit_type__code=KENNEL_LICENSE.code).select_related(
        "municipality", "permit_type", "application", "holder", "holder_business")


@login_required
@require_GET
def kennels(request):
    """The caller's kennel licenses and, for the Animal Control Officer, the hearing
    authority and the Clerk, every kennel license of their towns: a kennel's violations are
    reported from its page (Kennel license B(4))."""
    staff_towns = municipality_ids_with(request.user, *review.REPORT_RECORDERS)
    permits = _kennel_permits().filter(
        party_rows(request.user, owner_field="holder", business_field="holder_business")
        | Q(municipality_id__in=staff_towns)
    ).order_by("-issued_at")
    return render(request, "dogs/kennel_list.html", {"permits": permits,
                                                     "staff": bool(staff_towns)})


def _visible_kennel(request, pk: int) -> Permit:
    return get_visible_or_404(_kennel_permits(), can_view_roster, request.user, pk=pk)


def render_kennel(request, permit: Permit, *, dog_form=None, report_form=None):
    dogs = list(permit.kennel_dogs.all())
    may_report = has_role(request.user, permit.municipality_id,
                          *review.REPORT_RECORDERS)
    return render(request, "dogs/kennel.html", {
        "permit": permit,
        "dogs": [(dog, late_report_note(dog)) for dog in dogs],
        "count": roster_count(permit, dogs),
        "dog_form": (dog_form or KennelDogForm(prefix="dog"))
        if can_keep_roster(request.user, permit) else None,
        # Every review of the kennel as its licensee reads it (B(4), B(5)); the enforcement
        # staff open each one's page from it.
        "reviews": list(review.with_hearings(permit.cases.all())),
        "review_links": can_view_enforcement(request.user, permit.municipality_id),
        "report_form": (report_form or KennelReportForm(prefix="report"))
        if may_report else None,
        "period": review.period("kennel_hearing_notice"),
    }, status=400 if (dog_form or report_form) else 200)


def _add_dog(request, pk: int):
    """List a dog of the kennel, or report a new one (B(1), B(2))."""
    permit = _visible_kennel(request, pk)
    require(can_keep_roster(request.user, permit), "list the kennel's dogs", [Role.CLERK],
            town=permit.municipality_id, party="the kennel's licensee")
    form = KennelDogForm(request.POST, prefix="dog")
    if form.is_valid():
        try:
            dog = add_kennel_dog(permit=permit, acting_user=request.user, **form.cleaned_data)
        except DomainError as error:
            form.add_service_errors(in_readers_language(error.errors))
        else:
            added = gettext("%(dog)s added to the kennel's roster.") % {"dog": dog.name}
            messages.success(request, f"{added} {explained_text(late_report_note(dog))}".strip())
            return redirect("dogs:kennel", pk=pk)
    return render_kennel(request, permit, dog_form=form)


@login_required
@require_GET
def kennel_roster_pdf(request, pk: int):
    """The roster printed as of today, for whoever sees the kennel's page (B(1), B(2))."""
    permit = _visible_kennel(request, pk)
    today = timezone.localdate()
    response = HttpResponse(render_roster_pdf(permit, today=today),
                            content_type="application/pdf")
    response["Content-Disposition"] = (
        f'inline; filename="{roster_pdf_filename(permit, today=today)}"')
    return response


# -- kennel review hearings (B(4), B(5)) ---------------------------------------------------


def _open_review(request, pk: int):
    """Record the Animal Control Officer's report on a kennel as received (B(4))."""
    permit = _visible_kennel(request, pk)
    require(has_role(request.user, permit.municipality_id, *review.REPORT_RECORDERS),
            "record the officer's report on a kennel", review.REPORT_RECORDERS,
            town=permit.municipality_id)
    form = KennelReportForm(request.POST, prefix="report")
    if form.is_valid():
        try:
            case = review.open_kennel_review(permit=permit, acting_user=request.user,
                                                    **form.cleaned_data)
        except DomainError as error:
            form.add_service_errors(error.errors)
        else:
            messages.success(request, "Report recorded: the kennel review is open.")
            return redirect("dogs:kennel_review", pk=case.pk)
    return render_kennel(request, permit, report_form=form)


@login_required
@with_actions({"dog": _add_dog, "report": _open_review})
@require_GET
def kennel(request, pk: int):
    """The kennel's page; its forms post here, naming their action."""
    return render_kennel(request, _visible_kennel(request, pk))


#: The forms of the review page, each the hearing authority's, shown while its step is next.
REVIEW_STEPS = {
    "hearing": (KennelHearingForm, lambda case: not case.hearings.all(),
                review.schedule_kennel_hearing, "Hearing notice recorded."),
    "decision": (KennelDecisionForm, lambda case: review.open_hearing(case) is not None,
                 review.decide_kennel_review, "Decision recorded."),
}


def _visible_review(request, pk: int) -> Case:
    return get_visible_or_404(
        Case.objects.filter(case_type=review.KENNEL_REVIEW).select_related(
            "municipality", "permit").prefetch_related("hearings__continuances", "orders"),
        lambda user, case: can_view_enforcement(user, case.municipality_id),
        request.user, pk=pk)


def _party_form(request, case: Case, bound: dict) -> InterestedPartyForm | None:
    """Parties are named by the officer, the hearing authority or the Clerk until the notice
    is sent (B(5))."""
    if case.hearings.all() or not has_role(request.user, case.municipality_id,
                                           *review.REPORT_RECORDERS):
        return None
    return bound.get("party") or InterestedPartyForm(prefix="party")


def render_review(request, case: Case, *, bound: dict | None = None):
    bound = bound or {}
    deciding = has_role(request.user, case.municipality_id, Role.HEARING_AUTHORITY)
    forms = {name: bound.get(name) or form_class(case=case, prefix=name)
             for name, (form_class, shown, _service, _done) in REVIEW_STEPS.items()
             if deciding and shown(case)}
    hearing = next(iter(case.hearings.all()), None)
    return render(request, "dogs/kennel_review.html", {
        "parties": interested_parties(case),
        "party_form": _party_form(request, case, bound),
        "case": case,
        "hearing": hearing,
        # The days, hours and places the hearing was set for before: each continuance's
        # letter goes to every party again (B(5)).
        "continuances": list(hearing.continuances.all()) if hearing else [],
        "dates": review.review_dates(case),
        "outcome": review.Outcome(case.findings["outcome"]).label
        if case.findings.get("outcome") else "",
        "forms": forms,
    }, status=400 if bound else 200)


def _review_step(request, pk: int, action: str):
    """Record the hearing's notice or the decision (the hearing authority's, B(5))."""
    case = _visible_review(request, pk)
    require(has_role(request.user, case.municipality_id, Role.HEARING_AUTHORITY),
            "hear and decide a kennel review", [Role.HEARING_AUTHORITY],
            town=case.municipality_id)
    form_class, _shown, service, done = REVIEW_STEPS[action]
    form = form_class(request.POST, case=case, prefix=action)
    if form.is_valid():
        try:
            service(case=case, acting_user=request.user, **form.cleaned_data)
        except DomainError as error:
            form.add_service_errors(error.errors)
        else:
            messages.success(request, done)
            return redirect("dogs:kennel_review", pk=pk)
    return render_review(request, case, bound={action: form})


def _name_party(request, pk: int):
    """Name an interested party to notify of the hearing (B(5))."""
    case = _visible_review(request, pk)
    require(has_role(request.user, case.municipality_id, *review.REPORT_RECORDERS),
            "name the parties of a kennel review", review.REPORT_RECORDERS,
            town=case.municipality_id)
    form = InterestedPartyForm(request.POST, prefix="party")
    if form.is_valid():
        try:
            party = name_interested_party(case=case, acting_user=request.user,
                                          **form.cleaned_data)
        except DomainError as error:
            form.add_service_errors(error.errors)
        else:
            messages.success(request, f"{party.name} is named: the notice goes to them too.")
            return redirect("dogs:kennel_review", pk=pk)
    return render_review(request, case, bound={"party": form})


@login_required
@with_actions({"party": _name_party, **each(REVIEW_STEPS, _review_step)})
@require_GET
def kennel_review_page(request, pk: int):
    """The review's page; its forms post here, naming their action."""
    return render_review(request, _visible_review(request, pk))


@login_required
@require_GET
def kennel_review_letters(request, pk: int):
    """The letters of the hearing to the interested parties, one page each (B(5)); one
    party's alone with ``?party=<id>``."""
    case = _visible_review(request, pk)
    party = request.GET.get("party", "")
    try:
        pdf = render_hearing_letters_pdf(case, party_id=int(party) if party.isdigit() else None)
    except DomainError as refused:
        raise Http404("No notice yet.") from refused
    response = HttpResponse(pdf, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="kennel-review-{case.pk}-letters.pdf"'
    return response
