"""Residents' dog pages and the Clerk's renewal season (North Andover Code ch. 60, Licenses A)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from dogs import services
from dogs.forms import DogForm, DogLicenseDetailsForm, RabiesProofForm
from dogs.models import Dog
from permits_site.accounts import permissions
from permits_site.licensing.exceptions import DomainError
from permits_site.licensing.models import Municipality, PermitType
from permits_site.licensing.services.documents import upload_document
from permits_site.licensing.services.fees import quote_fee, schedule_in_force
from permits_site.licensing.views.access import get_visible_or_404
from permits_site.licensing.views.resident import error_messages
from permits_site.rules.calendar import format_date, key_date_on
from permits_site.rules.fees import QuoteRefused
from permits_site.rules.registry import town_law

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
    form = DogForm(request.POST or None, instance=dog, owner=request.user)
    if request.method == "POST" and form.is_valid():
        try:
            dog = _save_dog(request, form, dog)
        except DomainError as error:
            for field, texts in error.errors.items():
                _add_errors(form, field, texts)
        else:
            return redirect("licensing:dashboard")
    return render(
        request,
        "dogs/dog_form.html",
        {"form": form, "dog": dog},
        status=400 if form.errors else 200,
    )


def _add_errors(form, field: str, texts: list[str]) -> None:
    """Show a service's refusal on the field it names, else above the form."""
    for text in texts:
        form.add_error(field if field in form.fields else None, text)


def _save_dog(request, form: DogForm, dog: Dog | None) -> Dog:
    fields = {name: form.cleaned_data[name] for name in form.Meta.fields}
    residence = form.cleaned_data["property"]
    if dog is None:
        dog = services.register_dog(owner=request.user, acting_user=request.user,
                                    residence=residence, **fields)
        messages.success(request, f"{dog.name} is registered. You can now apply for a license.")
    else:
        services.update_dog(dog=dog, acting_user=request.user, residence=residence, **fields)
        messages.success(request, f"{dog.name}'s details are saved.")
    return dog


@login_required
@require_http_methods(["GET", "POST"])
def apply(request):
    """Choose the dog and the license, attach the rabies proof, then review and submit."""
    details = DogLicenseDetailsForm(
        request.POST or None,
        owner=request.user,
        initial={"dog": request.GET.get("dog"), "action": request.GET.get("action", "new")},
    )
    rabies = RabiesProofForm(request.POST or None, request.FILES or None)
    if request.method == "POST":
        application = _start(request, details, rabies)
        if application is not None:
            messages.success(request, "Draft saved. Check the fee and the findings, then submit.")
            return redirect("licensing:application", pk=application.pk)
    return render(
        request,
        "dogs/apply.html",
        {
            "details": details,
            "rabies": rabies,
            "fees": _fee_table(),
        },
        status=400 if request.method == "POST" else 200,
    )


def _start(request, details: DogLicenseDetailsForm, rabies: RabiesProofForm):
    """Create the draft and its rabies proof together, or change nothing."""
    if not details.is_valid():
        return None
    data = details.cleaned_data
    needs_proof = data["action"] not in ACTIONS_WITHOUT_RABIES_PROOF
    if needs_proof and not rabies.is_valid():
        return None
    try:
        with transaction.atomic():
            application = services.apply_for_dog_license(
                applicant=request.user,
                dog=data["dog"],
                action=data["action"],
                license_year=data["license_year"],
                acquired_on=data["acquired_on"],
                moved_in_on=data["moved_in_on"],
                previous_jurisdiction=data["previous_jurisdiction"],
                previous_license_number=data["previous_license_number"],
            )
            if needs_proof:
                upload_document(
                    application=application,
                    uploaded_by=request.user,
                    kind=rabies.cleaned_data["kind"],
                    upload=rabies.cleaned_data["file"],
                    valid_until=rabies.cleaned_data["valid_until"],
                )
    except DomainError as error:
        for field, texts in error.errors.items():
            _add_errors(rabies if field in rabies.fields else details, field, texts)
        return None
    return application


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
        "due": format_date(due),
    }


@login_required
@require_GET
def fee_preview(request):
    """The fee for the chosen dog and license, as the form changes (htmx fragment)."""
    details = DogLicenseDetailsForm(request.GET, owner=request.user)
    quote = None
    if details.is_valid():
        data = details.cleaned_data
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


def _clerk_town(request) -> Municipality:
    town = Municipality.objects.get(code=NORTH_ANDOVER)
    if not permissions.is_clerk(request.user, town.pk):
        raise PermissionDenied
    return town


@login_required
@require_GET
def renewal_season(request):
    """Last year's licenses not yet renewed for the coming license year, with owners' contacts."""
    town = _clerk_town(request)
    year = _season_year(request)
    due = key_date_on(town_law(NORTH_ANDOVER).key_dates["dog_license_due"], year, town.calendar())
    return render(
        request,
        "dogs/renewal_season.html",
        {
            "year": year,
            "due": format_date(due),
            "permits": services.licenses_not_renewed(municipality=town, year=year),
        },
    )


def _season_year(request) -> int:
    try:
        year = int(request.GET.get("year") or request.POST.get("year") or "")
    except ValueError:
        year = services.default_license_year(timezone.localdate())
    return min(max(year, 2000), 2200)


@login_required
@require_POST
def send_reminders(request):
    town = _clerk_town(request)
    year = _season_year(request)
    due = key_date_on(town_law(NORTH_ANDOVER).key_dates["dog_license_due"], year, town.calendar())
    try:
        sent = services.send_renewal_reminders(
            municipality=town, year=year, acting_user=request.user, due_text=format_date(due)
        )
    except DomainError as error:
        error_messages(request, error)
    else:
        messages.success(request, f"Sent {sent} renewal reminder{'s' if sent != 1 else ''}.")
    return redirect(f"{reverse('dogs:renewal_season')}?year={year}")
