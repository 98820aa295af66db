"""Residents' dog pages, a dog's paper license and the Clerk's renewal season (North Andover
Code ch. 60, Licenses A)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.core.paginator import InvalidPage, Paginator
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.html import format_html
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from dogs.licenses import services
from dogs.licenses.forms import DogForm, DogLicenseDetailsForm, PaperLicenseForm, RabiesProofForm
from dogs.licenses.reminders import send_season_notices
from dogs.models import Dog
from permits_site.accounts import permissions
from permits_site.accounts.models import Role
from permits_site.audit.models import AuditEntry
from permits_site.exceptions import DomainError
from permits_site.licensing.declarations import PERMIT_FIELD
from permits_site.licensing.kinds import kind_for
from permits_site.licensing.models import Application, Permit, PermitType
from permits_site.licensing.pending_uploads import KeptUploads
from permits_site.licensing.services.bulk import issue_many
from permits_site.licensing.services.fees import quote_fee, schedule_in_force
from permits_site.licensing.templatetags.localised import explained
from permits_site.licensing.views.access import get_visible_or_404
from permits_site.licensing.views.resident import error_messages
from permits_site.links import back_with_chosen, page_to_return_to
from permits_site.rules.calendar import format_date, key_date_on
from permits_site.rules.fees import QuoteRefused
from permits_site.rules.registry import town_law
from permits_site.towns.models import Municipality

NORTH_ANDOVER = "north_andover"
ACTIONS_WITHOUT_RABIES_PROOF = ("replacement_tag",)


def own_dog(request, pk: int) -> Dog:
    return get_visible_or_404(
        Dog.objects.all(), lambda user, dog: dog.owner_id == user.pk, request.user, pk=pk
    )


@login_required
@require_http_methods(["GET", "POST"])
def dog_form(request, pk: int | None = None):
    dog = own_dog(request, pk) if pk else None
    counter_for = None if dog else _person_at_the_counter(request)
    owner = counter_for or request.user
    form = DogForm(request.POST or None, instance=dog, owner=owner)
    if request.method == "POST" and form.is_valid():
        try:
            dog = _save_dog(request, form, dog, owner=owner)
        except DomainError as error:
            for field, texts in error.errors.items():
                _add_errors(form, field, texts)
        else:
            # Back to the form the dog was added from (a license application), if any,
            # with this dog chosen on it.
            return redirect(back_with_chosen(request, reverse("licensing:dashboard"),
                                             dog=dog.pk))
    return render(
        request,
        "dogs/dog_form.html",
        {"form": form, "dog": dog, "next": page_to_return_to(request),
         "counter_for": counter_for},
        status=400 if form.errors else 200,
    )


def _person_at_the_counter(request):
    """The resident (``for``: a username) whose dog the Clerk registers at the counter, to
    license it there (Licenses A); None on the resident's own page."""
    username = (request.POST.get("for") or request.GET.get("for") or "").replace("\x00", "")
    if not username:
        return None
    town = get_object_or_404(Municipality, code=NORTH_ANDOVER)
    if not permissions.is_clerk(request.user, town.pk):
        raise permissions.Refused("register a dog for a resident at the counter", [Role.CLERK],
                                  town=town.pk)
    return get_object_or_404(get_user_model(), username=username, is_active=True)


def _add_errors(form, field: str, texts: list[str]) -> None:
    """Show a service's refusal on the field it names, else above the form, in the reader's
    language (the API and the audit log keep the English)."""
    for text in texts:
        form.add_error(field if field in form.fields else None, explained(text))


def _save_dog(request, form: DogForm, dog: Dog | None, *, owner) -> Dog:
    fields = {name: form.cleaned_data[name] for name in form.Meta.fields}
    residence = form.cleaned_data["property"]
    if dog is None:
        dog = services.register_dog(owner=owner, acting_user=request.user,
                                    residence=residence, **fields)
        messages.success(request, gettext("%(dog)s is registered. You can now apply for a "
                                          "license.") % {"dog": dog.name})
    else:
        services.update_dog(dog=dog, acting_user=request.user, residence=residence, **fields)
        messages.success(request, gettext("%(dog)s's details are saved.") % {"dog": dog.name})
    return dog


def _owner_or_clerk(user, dog: Dog) -> bool:
    town = Municipality.objects.get(code=NORTH_ANDOVER)
    return dog.owner_id == user.pk or permissions.is_clerk(user, town.pk)


@login_required
@require_http_methods(["GET", "POST"])
def paper_license(request, pk: int):
    """Record the dog's last paper license: the owner with its number and year, or the
    Clerk from the dog's record (spec ``lifecycle.md``, North Andover corrections)."""
    dog = get_visible_or_404(Dog.objects.select_related("owner"), _owner_or_clerk,
                             request.user, pk=pk)
    form = PaperLicenseForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            paper = services.record_paper_license(dog=dog, acting_user=request.user,
                                                  **form.cleaned_data)
        except DomainError as error:
            for field, texts in error.errors.items():
                _add_errors(form, field, texts)
        else:
            messages.success(request, gettext(
                "%(dog)s's %(year)s paper license no. %(number)s is recorded: its next license "
                "is a renewal.") % {"dog": dog.name, "year": paper.year, "number": paper.number})
            return redirect(_after_paper_license(request.user, dog))
    return render(
        request,
        "dogs/paper_license.html",
        {"form": form, "dog": dog, "recorded": dog.paper_licenses.all()},
        status=400 if form.errors else 200,
    )


def _after_paper_license(user, dog: Dog) -> str:
    """The owner goes on to the renewal; the Clerk stays on the dog's record."""
    if dog.owner_id == user.pk:
        return f"{reverse('dogs:apply')}?dog={dog.pk}&action=renewal"
    return reverse("dogs:paper_license", args=[dog.pk])


@login_required
@require_http_methods(["GET", "POST"])
def apply(request):
    """Choose the dog and the license, attach the rabies proof, then review and submit. A
    certificate chosen on a refused post is kept for the next (``pending_uploads``)."""
    posted = request.POST if request.method == "POST" else None
    details = DogLicenseDetailsForm(
        posted,
        owner=request.user,
        initial={"dog": request.GET.get("dog"), "action": request.GET.get("action", "new"),
                 **_offered_year(request), **_renewing(request)},
    )
    uploads = KeptUploads(request, page="dogs.apply")
    rabies = _rabies_form(details, posted, uploads.files())
    refusal = None
    if request.method == "POST":
        application, refusal = _start(request, details, rabies)
        if application is not None:
            uploads.discard()
            messages.success(request, gettext("Draft saved. Check the fee and the findings, then "
                                              "submit."))
            return redirect("licensing:application", pk=application.pk)
        if rabies is not None:
            uploads.keep(rabies)
    return render(
        request,
        "dogs/apply.html",
        {
            "details": details,
            "fees": _fee_table(),
            "kept_uploads": uploads,
            "new_license_offer": getattr(refusal, "offer", None),
            "open_application": refusal if isinstance(refusal, services.OpenApplication)
            else None,
            **_rabies_context(rabies),
        },
        status=400 if request.method == "POST" else 200,
    )


def _rabies_form(details: DogLicenseDetailsForm, *args, **kwargs) -> RabiesProofForm | None:
    """The rabies proof the license chosen on ``details`` asks (Licenses A(1)): none for a
    replacement tag (it keeps the license); beside a certificate on file that serves the
    renewal, a newer one only (nothing required); else a certificate or an exemption."""
    if details["action"].value() in ACTIONS_WITHOUT_RABIES_PROOF:
        return None
    return RabiesProofForm(*args, on_file=_chosen_certificate(details), **kwargs)


def _rabies_state(rabies: RabiesProofForm | None) -> str:
    """What the rabies fields shown ask, in a word the page sends back as it changes: the
    fragment swaps them only when that changes, so what the resident entered stays."""
    if rabies is None:
        return "none"
    return f"on_file_{rabies.on_file.pk}" if rabies.on_file else "required"


def _rabies_context(rabies: RabiesProofForm | None) -> dict:
    return {"rabies": rabies, "rabies_on_file": rabies.on_file if rabies else None,
            "rabies_state": _rabies_state(rabies)}


def _chosen_certificate(details: DogLicenseDetailsForm):
    """The rabies certificate on file that the draft would take for the dog, license and year
    chosen on the form — as it opened (the list's first dog when the address names none),
    as posted, or as changed — (Licenses A(1)), for the form to say so; None otherwise."""
    dog_id, action, year = (str(details[name].value() or "")
                            for name in ("dog", "action", "license_year"))
    dogs = details.fields["dog"].queryset
    dog = (dogs.filter(pk=int(dog_id)).first() if dog_id.isdigit()
           else None if details.is_bound else dogs.first())
    offered = {str(choice) for choice, _label in details.fields["license_year"].choices}
    if dog is None or year not in offered:
        return None
    return services.rabies_certificate_for_renewal(dog, action=action, license_year=int(year),
                                                   on=timezone.localdate())


def _offered_year(request) -> dict:
    """The license year a link names (``?license_year=``, the new license offered instead of
    a refused renewal), when it is one on sale (Licenses A(7), A(8)); else the form's own."""
    year = request.GET.get("license_year", "")
    on_sale = {str(offered) for offered in services.license_years_on_offer(timezone.localdate())}
    return {"license_year": int(year)} if year in on_sale else {}


def _renewing(request) -> dict:
    """A renewal opened from a license's "Renew" on My permits (``?permit=``): the same dog
    and the year after the license's, when the person holds that license."""
    number = request.GET.get(PERMIT_FIELD, "")
    if not number.isdigit():
        return {}
    permit = Permit.objects.filter(
        pk=int(number), holder=request.user, permit_type__code=services.DOG_LICENSE,
    ).select_related("application__dog_license").first()
    return kind_for(services.DOG_LICENSE).renewal_details(permit) if permit else {}


def _start(request, details: DogLicenseDetailsForm, rabies: RabiesProofForm | None):
    """Create the draft and its rabies proof together, or change nothing. Both forms are
    checked, so the page shows every error at once and a good certificate can be kept.
    Returns the draft, or the service's refusal (the new license it offers when a "renewal"
    follows no license, the open application it names)."""
    details_valid = details.is_valid()
    proof_valid = rabies is None or rabies.is_valid()
    if not (details_valid and proof_valid):
        return None, None
    data = details.cleaned_data
    try:
        return services.apply_for_dog_license(
            applicant=request.user,
            dog=data["dog"],
            action=data["action"],
            license_year=data["license_year"],
            acquired_on=data["acquired_on"],
            moved_in_on=data["moved_in_on"],
            previous_jurisdiction=data["previous_jurisdiction"],
            previous_license_number=data["previous_license_number"],
            rabies_proof=rabies.proof() if rabies is not None else None,
            acting_user=request.user,
        ), None
    except DomainError as error:
        for field, texts in error.errors.items():
            _add_errors(rabies if rabies is not None and field in rabies.fields else details,
                        field, texts)
        return None, error


def _fee_table() -> dict:
    """Today's fee items and this license year's due date, shown before anyone applies."""
    today = timezone.localdate()
    permit_type = PermitType.objects.select_related("municipality").get(code=services.DOG_LICENSE)
    year = services.default_license_year(today)
    due = key_date_on(
        town_law(NORTH_ANDOVER).key_dates["dog_license_due"],
        year,
        permit_type.municipality.calendar(),
    )
    schedule = schedule_in_force(permit_type, today)
    return {
        "items": schedule.items.all() if schedule else [],
        "year": year,
        "due": due,
    }


@login_required
@require_GET
def fee_preview(request):
    """The fee for the chosen dog and license, as the form changes (htmx fragment); instead,
    why the license chosen would be refused (a renewal of a dog not licensed last year,
    Licenses A(8)), rather than the price of an application that cannot be made."""
    details = DogLicenseDetailsForm(request.GET, owner=request.user)
    quote = None
    if details.is_valid():
        data = details.cleaned_data
        refused = services.license_action_refusal(data["dog"], action=data["action"],
                                                  license_year=data["license_year"])
        if refused is not None:
            return render(request, "dogs/fee_preview.html", {
                "refusals": [text for texts in refused.errors.values() for text in texts],
                "open_application": refused if isinstance(refused, services.OpenApplication)
                else None})
        permit_type = PermitType.objects.select_related("municipality").get(
            code=services.DOG_LICENSE
        )
        try:
            quote, _ = quote_fee(
                permit_type=permit_type,
                action=data["action"],
                facts={
                    "spayed_neutered": data["dog"].spayed_neutered,
                    "license_year": data["license_year"],
                },
                on=timezone.localdate(),
            )
        except QuoteRefused:
            quote = None
    return render(request, "dogs/fee_preview.html", {"quote": quote})


@login_required
@require_GET
def rabies_on_file(request):
    """The rabies proof the dog, license and year chosen ask, as the form changes (htmx
    fragment): whether the certificate on file serves them, and the proof's fields —
    required, optional beside that certificate, or none for a replacement tag (Licenses
    A(1)) — keeping the kind and date entered. Nothing to swap (204) while what they ask
    is what the page shows (``shown``), so a file chosen stays chosen."""
    details = DogLicenseDetailsForm(request.GET, owner=request.user)
    rabies = _rabies_form(details, initial={name: value for name in ("kind", "valid_until")
                                            if (value := request.GET.get(name))})
    if request.GET.get("shown") == _rabies_state(rabies):
        return HttpResponse(status=204)
    return render(request, "dogs/rabies_proof.html", _rabies_context(rabies))


def clerk_town(request) -> Municipality:
    town = Municipality.objects.get(code=NORTH_ANDOVER)
    permissions.require(permissions.is_clerk(request.user, town.pk),
                        "run the dog license renewals", [Role.CLERK], town=town)
    return town


PAGE_SIZE = 25
BULK_ISSUED = "permit.bulk_issued"


@login_required
@require_GET
def renewal_season(request):
    """Renewals paid and waiting to be issued (the Clerk issues a page or a selection in
    one action), and the dogs licensed last year — online or on a recorded paper
    license — not yet renewed, with owners' contacts, the owners in alphabetical order;
    a search finds a dog whose paper license the Clerk records.

    Both lists are paged, 25 rows a page, so the screen runs a fixed number of queries
    whatever the size of the season: last year's license numbers are read for the dogs
    of the page shown only.
    """
    town = clerk_town(request)
    year = _season_year(request)
    due = key_date_on(town_law(NORTH_ANDOVER).key_dates["dog_license_due"], year, town.calendar())
    ready = _page(services.renewals_ready_to_issue(municipality=town, year=year),
                  request.GET.get("page"))
    not_renewed = _page(services.dogs_not_renewed(municipality=town, year=year),
                        request.GET.get("remind_page"))
    not_renewed.object_list = services.attach_last_years_numbers(
        list(not_renewed.object_list), municipality=town, year=year)
    find = request.GET.get("find", "").strip()
    return render(
        request,
        "dogs/renewal_season.html",
        {
            "year": year,
            "due": format_date(due),
            "ready": ready,
            "not_renewed": not_renewed,
            "find": find,
            "found": services.find_dogs(find),
            "batch": _batch(request, town),
        },
    )


def _page(rows, value: str | None):
    """A page of 25; a page number that is not one of the list's pages shows the first."""
    paginator = Paginator(rows, PAGE_SIZE)
    try:
        return paginator.page(int(value or "1"))
    except (ValueError, InvalidPage):
        return paginator.page(1)


def _batch(request, town: Municipality) -> dict | None:
    """The result of a bulk issue, read back from its audit entry (``?batch=<id>``)."""
    try:
        pk = int(request.GET.get("batch") or "")
    except ValueError:
        return None
    entry = AuditEntry.objects.filter(pk=pk, municipality=town, action=BULK_ISSUED).first()
    if entry is None:
        return None
    return {
        "entry": entry,
        "issued": entry.after.get("issued", []),
        "refused": entry.after.get("refused", []),
        "pdf_status": pdf_status_html(entry, pending=_pdfs_pending(town, entry)),
    }


def _issued_ids(entry: AuditEntry) -> list[int]:
    return [row["id"] for row in entry.after.get("issued", [])]


def _pdfs_pending(town: Municipality, entry: AuditEntry) -> int:
    """Issued permits of the batch whose PDF the worker has not written yet."""
    return (
        services.issued_licenses(municipality=town, permit_ids=_issued_ids(entry))
        .filter(pdf="")
        .count()
    )


@login_required
@require_POST
def issue_renewals(request):
    """Issue the selected renewals, or every one listed on the page, in one action."""
    town = clerk_town(request)
    year = _season_year(request)
    field = "on_page" if request.POST.get("scope") == "page" else "application"
    ids = [value for value in request.POST.getlist(field) if value.isdigit()]
    back = f"{reverse('dogs:renewal_season')}?year={year}"
    if not ids:
        messages.error(request, "Select at least one renewal to issue.")
        return redirect(back)
    chosen = (
        Application.objects.filter(
            pk__in=ids, municipality=town, permit_type__code=services.DOG_LICENSE
        )
        .select_related("permit_type", "business", "place", "dog_license__dog")
        .order_by("pk")
    )
    try:
        result = issue_many(applications=chosen, acting_user=request.user)
    except DomainError as error:
        error_messages(request, error)
        return redirect(back)
    if result.audit_entry is None:
        messages.error(request, "None of the selected renewals can be issued from here.")
        return redirect(back)
    messages.success(
        request,
        f"Issued {result.issued_count} license{'s' if result.issued_count != 1 else ''}"
        f"{f', refused {result.refused_count}' if result.refused_count else ''}.",
    )
    return redirect(f"{back}&batch={result.audit_entry.pk}#batch-result")


@login_required
@require_GET
def batch_pdf_status(request, pk: int):
    """How many of a batch's license PDFs are still rendering (polled by htmx)."""
    town = clerk_town(request)
    entry = get_object_or_404(AuditEntry, pk=pk, municipality=town, action=BULK_ISSUED)
    return HttpResponse(pdf_status_html(entry, pending=_pdfs_pending(town, entry)))


def pdf_status_html(entry: AuditEntry, *, pending: int):
    """The live line under a batch result; it stops polling once every PDF is written."""
    issued = len(_issued_ids(entry))
    if not pending:
        return format_html(
            '<p id="pdf-status" role="status">All {} license PDFs are written.</p>', issued
        )
    return format_html(
        '<p id="pdf-status" role="status" hx-get="{}" hx-trigger="every 2s" '
        'hx-swap="outerHTML">{} of {} license PDFs still rendering…</p>',
        reverse("dogs:batch_pdf_status", args=[entry.pk]),
        pending,
        issued,
    )


@login_required
@require_GET
def mailing_sheets(request):
    """A PDF of license and tag sheets for the chosen issued licenses (``?permit=`` each),
    one page per license, addressed for a window envelope."""
    town = clerk_town(request)
    ids = [value for value in request.GET.getlist("permit") if value.isdigit()]
    permits = list(services.issued_licenses(municipality=town, permit_ids=ids))
    if not permits:
        raise Http404("Choose at least one issued dog license.")
    from permits_site.pdf.sheets import render_mailing_sheets_pdf_bytes

    response = HttpResponse(
        render_mailing_sheets_pdf_bytes(permits), content_type="application/pdf"
    )
    response["Content-Disposition"] = 'inline; filename="dog-license-mailing-sheets.pdf"'
    return response


def _season_year(request) -> int:
    try:
        year = int(request.GET.get("year") or request.POST.get("year") or "")
    except ValueError:
        year = services.default_license_year(timezone.localdate())
    return min(max(year, 2000), 2200)


@login_required
@require_POST
def send_reminders(request):
    town = clerk_town(request)
    year = _season_year(request)
    sent = send_season_notices(municipality=town, year=year, acting_user=request.user)
    messages.success(request, f"Sent {sent} renewal reminder{'s' if sent != 1 else ''}; "
                              "owners already reminded are not sent another.")
    return redirect(f"{reverse('dogs:renewal_season')}?year={year}")
