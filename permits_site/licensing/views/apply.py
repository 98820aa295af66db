"""The generated application form: any permit type, from its declaration alone.

A resident applies online while the town takes the type online; a clerk
applies for a resident at the counter whatever the switch says, and submits it
for them.
The applicant changes a draft — one the office sent back for changes, too — on
the same form. Admins switch a permit type on or off line (audited).
"""

from __future__ import annotations

from typing import Any, NamedTuple
from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from permits_site.accounts import permissions
from permits_site.accounts.forms import CounterPersonForm
from permits_site.accounts.models import Role
from permits_site.accounts.people import enter_person_at_counter, find_people
from permits_site.exceptions import DomainError
from permits_site.licensing import transitions
from permits_site.licensing.declarations import (
    PERMIT_FIELD,
    RENEWAL,
    counter_pages_to_add_records,
    pages_to_add_records,
    reference_options,
)
from permits_site.licensing.declared_forms import declared_form_class
from permits_site.licensing.forms import ApplicationDocumentsForm
from permits_site.licensing.kinds import applied_for, kind_for
from permits_site.licensing.models import Application, PermitType
from permits_site.licensing.pending_uploads import KeptUploads
from permits_site.licensing.services.applications import check_may_apply, submit_application
from permits_site.licensing.services.declarations import set_online
from permits_site.licensing.services.documents import missing_documents, upload_document
from permits_site.licensing.views.access import get_visible_or_404
from permits_site.page_actions import with_actions

#: What the counter pages and the permit types page do, as their refusals name it.
COUNTER = "apply for a person at the counter"
ONLINE = "take permit types on and off line"


def _permit_type_or_404(code: str) -> PermitType:
    return get_object_or_404(applied_for(PermitType.objects.select_related("municipality")),
                             code=code)


def _chosen_action(request, permit_type: PermitType) -> str:
    action = request.POST.get("action") or request.GET.get("action") or permit_type.actions[0]
    if action not in permit_type.actions:
        raise Http404(f"{permit_type.name} has no '{action}' action.")
    return action


def _renewal_initial(request, form_class, *, action: str) -> dict:
    """A renewal form opened from a permit (``?permit=``) starts from its earlier answers."""
    number = request.GET.get(PERMIT_FIELD, "")
    if request.method != "GET" or action != RENEWAL or not number.isdigit():
        return {}
    permit = (reference_options(PERMIT_FIELD, form_class.applicant)
              .filter(pk=int(number), permit_type=form_class.permit_type)
              .select_related("application", "permit_type").first())
    if permit is None:
        return {}
    details = kind_for(permit.permit_type.code).renewal_details(permit)
    return form_class.initial_from(details) if details else {}


def _documents_form(request, permit_type: PermitType, *, action: str, uploads: KeptUploads
                    ) -> ApplicationDocumentsForm:
    """A file input for each document the type declares for ``action`` (issue #21)."""
    kind = kind_for(permit_type.code)
    documents = [document for document in kind.documents if document.applies_to(action)]
    return ApplicationDocumentsForm(request.POST or None, uploads.files(), documents=documents,
                                    dated=kind.expiry_facts)


@transaction.atomic
def _start(permit_type: PermitType, *, applicant, action: str, details: dict, acting_user,
           submitting: bool, documents: list) -> Application:
    """Start the draft through its kind and attach the documents chosen on the form; at the
    counter, submit it too when the clerk asks — all or nothing."""
    application = kind_for(permit_type.code).start_application(
        applicant=applicant, permit_type=permit_type, action=action, details=details,
        acting_user=acting_user,
    )
    for document_kind, upload, valid_until in documents:
        upload_document(application=application, uploaded_by=acting_user, kind=document_kind,
                        upload=upload, valid_until=valid_until)
    if submitting:
        submit_application(application=application, acting_user=acting_user)
    return application


def _query_initial(request, form_class) -> dict:
    """Answers carried in the address (``?horses=2`` from "Which permit do I need?")."""
    if request.method != "GET":
        return {}
    return {declared.name: request.GET[declared.name] for declared in form_class.declared
            if declared.name in request.GET and declared.name != PERMIT_FIELD}


def _checking(request, form) -> dict:
    """"Check my answers" without JavaScript: the form again, with the rules' findings."""
    if "check" not in request.POST:
        return {}
    return {"preview": form.findings(on=timezone.localdate())}


def _apply(request, permit_type: PermitType, *, applicant, template_context: dict,
           kept_answers: dict | None = None):
    """Show the generated form, or start the draft from it and go to the application. An
    unposted form opens with ``kept_answers`` (the counter's, kept while the Clerk added a
    record), under what the address chooses."""
    action = _chosen_action(request, permit_type)
    form_class = declared_form_class(permit_type, action=action, applicant=applicant)
    form = form_class(request.POST or None,
                      initial={**(kept_answers or {}), **_query_initial(request, form_class),
                               **_renewal_initial(request, form_class, action=action)})
    checked = _checking(request, form)
    uploads = KeptUploads(request, page=f"licensing.apply.{permit_type.code}")
    documents_form = _documents_form(request, permit_type, action=action, uploads=uploads)
    if (request.method == "POST" and not checked
            and all([form.is_valid(), documents_form.is_valid()])):
        submitting = "submit" in request.POST and applicant != request.user
        try:
            application = _start(permit_type, applicant=applicant, action=action,
                                 details=form.details, acting_user=request.user,
                                 submitting=submitting, documents=documents_form.chosen())
        except DomainError as refused:
            form.add_domain_errors(refused.errors)
        else:
            uploads.discard()
            messages.success(request, f"Submitted for {applicant.display_name}." if submitting
                             else gettext("Draft saved. Add the documents asked for, then "
                                          "submit.") if missing_documents(application)
                             else gettext("Draft saved. Submit it on this page when it is "
                                          "ready."))
            target = "licensing:application" if applicant == request.user else "licensing:review"
            return redirect(target, pk=application.pk)
    status = 400 if request.method == "POST" and not checked else 200
    if request.method == "POST":
        uploads.keep(documents_form)
    kind = kind_for(permit_type.code)
    return render(request, "licensing/apply.html", {
        "permit_type": permit_type,
        "kind": kind,
        "action": action,
        "add_records": _pages_to_add_records(request, kind.fields(permit_type), action=action),
        "back_here": urlencode({"next": request.get_full_path()}),
        "form": form,
        **checked,
        "documents_form": documents_form,
        "kept_uploads": uploads,
        **template_context,
    }, status=status)


def _pages_to_add_records(request, fields, *, action: str) -> list[tuple[str, str]]:
    """Where the applicant records a dog (say) the form's list lacks, coming back here (at
    the counter, the form's buttons keep the answers instead: :func:`counter_add_record`)."""
    query = urlencode({"next": request.get_full_path()})
    return [(label, f"{reverse(page)}?{query}")
            for label, page in pages_to_add_records(fields, action=action)]


def _previewed_applicant(request, permit_type: PermitType):
    """Whose records the answers name: the clerk's resident at the counter, else the user."""
    username = request.POST.get("applicant", "").replace("\x00", "")
    if username and permissions.is_clerk(request.user, permit_type.municipality_id):
        found = get_user_model().objects.filter(username=username, is_active=True).first()
        return found or request.user
    return request.user


@login_required
@require_POST
def findings(request, code: str):
    """The rules' findings on the answers given so far on the generated form (an htmx
    fragment; the form posts itself here as it is filled in). Nothing is saved."""
    permit_type = _permit_type_or_404(code)
    action = _chosen_action(request, permit_type)
    form_class = declared_form_class(permit_type, action=action,
                                     applicant=_previewed_applicant(request, permit_type))
    return render(request, "licensing/_live_findings.html", {
        "preview": form_class(request.POST).findings(on=timezone.localdate()),
    })


@login_required
@require_http_methods(["GET", "POST"])
def apply(request, code: str):
    """A resident's application for any permit type the town takes online."""
    permit_type = _permit_type_or_404(code)
    try:
        check_may_apply(permit_type=permit_type, applicant=request.user,
                        acting_user=request.user)
    except DomainError as refused:
        return render(request, "licensing/not_online.html",
                      {"permit_type": permit_type,
                       "reasons": [text for texts in refused.errors.values() for text in texts]},
                      status=403)
    return _apply(request, permit_type, applicant=request.user, template_context={})


def _clerks_permit_type_or_403(request, code: str) -> PermitType:
    permit_type = _permit_type_or_404(code)
    permissions.require(permissions.is_clerk(request.user, permit_type.municipality_id),
                        COUNTER, [Role.CLERK], town=permit_type.municipality_id)
    return permit_type


def _counter_page(request, permit_type: PermitType, *, person_form=None, unknown: str = "",
                  status: int = 200):
    """Find the resident (``?q=``), or enter them when they are not found."""
    query = request.GET.get("q", "").strip()
    return render(request, "licensing/counter.html", {
        "permit_type": permit_type, "query": query, "unknown": unknown,
        "people": list(find_people(query)),
        "person_form": person_form or CounterPersonForm(),
    }, status=status)


@login_required
@require_GET
def counter_types(request):
    """The permit types a clerk applies for at the counter, in the towns they serve."""
    towns = permissions.towns_with(request.user, [Role.CLERK], doing=COUNTER)
    types = applied_for(PermitType.objects.filter(municipality_id__in=towns)
                        .select_related("municipality").order_by("municipality__name", "name"))
    return render(request, "licensing/counter_types.html", {"permit_types": types})


def _enter_person(request, code: str):
    """Enter a resident who has no account, then apply for them; a refusal is shown on its
    fields, on the counter's page."""
    permit_type = _clerks_permit_type_or_403(request, code)
    form = CounterPersonForm(request.POST)
    if form.is_valid():
        try:
            person = enter_person_at_counter(municipality=permit_type.municipality,
                                             acting_user=request.user, **form.cleaned_data)
        except DomainError as refused:
            form.add_domain_errors(refused.errors)
        else:
            messages.success(request, f"{person.display_name} is entered"
                             + ("." if person.email else ", without an email address: the "
                                "office posts their notices (Letters to post)."))
            return redirect(f"{reverse('licensing:counter', args=[code])}?"
                            f"{urlencode({'applicant': person.username})}")
    return _counter_page(request, permit_type, person_form=form, status=400)


def _counter_applicant(request) -> tuple[str, Any]:
    """The resident the counter serves (``applicant``, a username, posted or in the
    address) and their account, None when no active account bears that name."""
    username = (request.POST.get("applicant") or request.GET.get("applicant", "")
                ).replace("\x00", "")
    return username, get_user_model().objects.filter(username=username, is_active=True).first()


@login_required
@with_actions({"person": _enter_person})
@require_http_methods(["GET", "POST"])
def counter(request, code: str):
    """A clerk applies for a resident at the counter: finds them by name, address or email
    address (or enters them: the form posts here, naming its action ``person``), fills the
    generated form and submits it for them — or saves the draft to finish later. The
    answers kept while the Clerk added a record (:func:`counter_add_record`) fill the form
    once, and are forgotten."""
    permit_type = _clerks_permit_type_or_403(request, code)
    username, applicant = _counter_applicant(request)
    if applicant is None:
        return _counter_page(request, permit_type, unknown=username,
                             status=400 if username else 200)
    action = _chosen_action(request, permit_type)
    # Used once: a posted form has answers of its own.
    kept = request.session.pop(_kept_answers_key(permit_type, action=action,
                                                 applicant=applicant), None)
    return _apply(request, permit_type, applicant=applicant,
                  kept_answers=kept if request.method == "GET" else None,
                  template_context={"counter_for": applicant,
                                    "counter_records": _counter_records_pages(
                                        permit_type, applicant, action=action)})


class CounterRecordPage(NamedTuple):
    """Where the Clerk records, for the resident, what a list of the counter form lacks,
    and the words of the form's button that goes there."""

    url: str
    label: str


def _counter_records_pages(permit_type: PermitType, applicant, *, action: str
                           ) -> dict[str, CounterRecordPage]:
    """By the list's name, the page where the Clerk records a property, a business or a
    dog (whatever the list names) for the resident (``for``), in the permit type's town,
    coming back to the counter form for this resident with the new record chosen (spec
    ``lifecycle.md``, "Holders")."""
    pages = counter_pages_to_add_records(kind_for(permit_type.code).fields(permit_type),
                                         action=action)
    back = {"applicant": applicant.username}
    if action != permit_type.actions[0]:
        back["action"] = action
    query = urlencode({
        "town": permit_type.municipality.code, "for": applicant.username,
        "next": f"{reverse('licensing:counter', args=[permit_type.code])}?{urlencode(back)}",
    })
    return {name: CounterRecordPage(f"{reverse(page)}?{query}",
                                    gettext(label) % {"person": applicant.display_name})
            for name, (page, label) in pages.items()}


def _kept_answers_key(permit_type: PermitType, *, action: str, applicant) -> str:
    """Where the Clerk's own session keeps a counter form's answers: one form per permit
    type, action and resident."""
    return f"licensing.counter.{permit_type.code}.{action}.{applicant.pk}"


@login_required
@require_POST
def counter_add_record(request, code: str):
    """**Add a property for …** / **Add a business for …** on the counter form (``record``
    names the list): the form posts here, and the answers typed so far are kept in the
    Clerk's session — not checked, not saved as an application — while the page that records
    the property or business for the resident opens; it comes back to the counter form,
    which opens with them. Files chosen are not kept (the form says so). The counter's
    checks: only a clerk of the permit type's town; an unknown resident or a list the form
    does not offer is not found."""
    permit_type = _clerks_permit_type_or_403(request, code)
    _, applicant = _counter_applicant(request)
    if applicant is None:
        raise Http404("No such resident.")
    action = _chosen_action(request, permit_type)
    page = _counter_records_pages(permit_type, applicant, action=action).get(
        request.POST.get("record", ""))
    if page is None:
        raise Http404(f"The {permit_type.name} form has no such list to add to.")
    form_class = declared_form_class(permit_type, action=action, applicant=applicant)
    request.session[_kept_answers_key(permit_type, action=action, applicant=applicant)] = {
        name: field.widget.value_from_datadict(request.POST, {}, name)
        for name, field in form_class.base_fields.items()
        if not field.widget.value_omitted_from_data(request.POST, {}, name)
    }
    return redirect(page.url)


@login_required
@require_http_methods(["GET", "POST"])
def edit(request, pk: int):
    """The applicant changes a draft on the generated form, filled in from its details and
    saved through its kind, as ``PUT /api/v1/applications/{id}/`` saves it; a returned
    application is a draft again (spec ``lifecycle.md``), then the application page's
    Submit resubmits it. Another person's application is not found."""
    application = get_visible_or_404(
        Application.objects.select_related("permit_type__municipality", "applicant"),
        permissions.is_applicant, request.user, pk=pk,
    )
    if not transitions.can_edit(application):
        messages.error(request, transitions.APPLICATION.refusal("edit", application))
        return redirect("licensing:application", pk=pk)
    kind = kind_for(application.permit_type.code)
    form_class = declared_form_class(application.permit_type, action=application.action,
                                     applicant=application.applicant)
    form = form_class(request.POST or None,
                      initial=form_class.initial_from(kind.represent_details(application)))
    checked = _checking(request, form)
    if request.method == "POST" and not checked and form.is_valid():
        try:
            kind.update_details(application, form.details, acting_user=request.user)
        except DomainError as refused:
            form.add_domain_errors(refused.errors)
        else:
            messages.success(request, gettext("Your changes are saved. Submit the application "
                                              "when it is ready."))
            return redirect("licensing:application", pk=pk)
    return render(request, "licensing/edit.html",
                  {"application": application, "form": form, "kind": kind, **checked},
                  status=400 if request.method == "POST" and not checked else 200)


@login_required
def permit_types(request):
    """The admin's list of their towns' permit types, each switchable on or off line."""
    towns = permissions.towns_with(request.user, [Role.ADMIN], doing=ONLINE)
    types = applied_for(PermitType.objects.filter(municipality_id__in=towns)
                        .select_related("municipality"))
    return render(request, "licensing/permit_types.html", {"permit_types": types})


@login_required
@require_POST
def permit_type_online(request, code: str):
    permit_type = _permit_type_or_404(code)
    permissions.require(permissions.is_admin(request.user, permit_type.municipality_id),
                        ONLINE, [Role.ADMIN], town=permit_type.municipality_id)
    online = request.POST.get("online") == "on"
    set_online(permit_type=permit_type, online=online, acting_user=request.user)
    messages.success(request, f"{permit_type.name}: applications "
                              f"{'open' if online else 'closed'} online.")
    return redirect("licensing:permit_types")
