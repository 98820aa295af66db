"""Pages for horse owners and the Board of Health office (Northborough Horse and Stable
Regulations B, §3.2): registering a horse, filing its certificate, the town's registry.
Views parse forms and call ``stables.horses.services``; nothing else."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_http_methods

from permits_site.accounts import permissions
from permits_site.exceptions import DomainError
from permits_site.licensing.pending_uploads import KeptUploads
from permits_site.licensing.views.access import get_visible_or_404
from stables.forms import add_refusal
from stables.horses import services
from stables.horses.forms import CertificateForm, DepartureForm, HorseForm
from stables.models import Horse, HorseBurialNotice, northborough


@login_required
@require_http_methods(["GET", "POST"])
def horse_new(request):
    """Register a horse kept in town, no fee, with its inoculation certificate (B, §3.2)."""
    stables = services.stables_for_horses(request.user)
    uploads = KeptUploads(request, page="stables.horse")
    form = HorseForm(request.POST or None, uploads.files(), stables=stables)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            horse = services.register_horse(
                owner=request.user,
                stable=data["stable"],
                name=data["name"],
                description=data["description"],
                certificate=data["certificate"],
                certificate_dated=data["certificate_dated"],
            )
        except DomainError as error:
            add_refusal(form, error.errors)
        else:
            uploads.discard()
            messages.success(request, gettext("%(horse)s's registration is drafted; submit it "
                                              "below.") % {"horse": horse.name})
            return redirect("licensing:application", pk=horse.registration_id)
    uploads.keep(form)
    return render(
        request,
        "stables/horse_form.html",
        {"form": form, "has_stables": stables.exists(), "kept_uploads": uploads},
        status=400 if request.method == "POST" else 200,
    )


@login_required
@require_http_methods(["GET", "POST"])
def horse_certificate(request, pk: int):
    """File a horse's newer certificate of inoculation (§3.2)."""
    horse = get_visible_or_404(
        Horse.objects.select_related("registration__municipality", "stable__property"),
        lambda user, horse: horse.owner_id == user.pk,
        request.user,
        pk=pk,
    )
    uploads = KeptUploads(request, page=f"stables.certificate.{pk}")
    form = CertificateForm(request.POST or None, uploads.files())
    if request.method == "POST" and form.is_valid():
        try:
            services.file_inoculation_certificate(
                horse=horse,
                upload=form.cleaned_data["file"],
                dated=form.cleaned_data["dated"],
                acting_user=request.user,
            )
        except DomainError as error:
            add_refusal(form, error.errors)
        else:
            uploads.discard()
            messages.success(request, gettext("%(horse)s's certificate is filed.")
                             % {"horse": horse.name})
            return redirect("licensing:dashboard")
    uploads.keep(form)
    return render(
        request,
        "stables/certificate_form.html",
        {"form": form, "horse": horse, "kept_uploads": uploads},
        status=400 if request.method == "POST" else 200,
    )


@login_required
@require_http_methods(["GET", "POST"])
def horse_departure(request, pk: int):
    """The owner records that a horse left the register — sold, moved or died (B)."""
    horse = get_visible_or_404(
        Horse.objects.select_related("registration", "stable__property__municipality"),
        lambda user, horse: horse.owner_id == user.pk and horse.kept_in_town,
        request.user,
        pk=pk,
    )
    form = DepartureForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            services.record_departure(horse=horse, acting_user=request.user, **form.cleaned_data)
        except DomainError as error:
            add_refusal(form, error.errors)
        else:
            messages.success(request, gettext("%(horse)s has left the register.")
                             % {"horse": horse.name})
            return redirect("licensing:dashboard")
    return render(request, "stables/departure_form.html", {"form": form, "horse": horse},
                  status=400 if request.method == "POST" else 200)


REGISTRY_FILTERS = {
    "all": "Every horse",
    "flagged": "Certificate missing or older than a year",
    "unpermitted": "Kept at a stable without a permit",
}


@login_required
@require_GET
def horse_registry(request):
    """Every horse kept in town; certificates missing or older than a year are flagged (§3.2)."""
    town = northborough()
    permissions.require(permissions.is_town_staff(request.user, town.pk),
                        "see the horse registry", permissions.STAFF_ROLES, town=town)
    today = timezone.localdate()
    selected = request.GET.get("show", "all")
    if selected not in REGISTRY_FILTERS:
        selected = "all"
    rows = [
        (horse, horse.certificate_flag(on=today))
        for horse in services.horse_registry(town)
    ]
    flagged = sum(flag.flagged for _, flag in rows)
    unpermitted = sum(horse.stable_unpermitted for horse, _ in rows)
    if selected == "flagged":
        rows = [(horse, flag) for horse, flag in rows if flag.flagged]
    elif selected == "unpermitted":
        rows = [(horse, flag) for horse, flag in rows if horse.stable_unpermitted]
    return render(
        request,
        "stables/horse_registry.html",
        {
            "rows": rows,
            "flagged": flagged,
            "unpermitted": unpermitted,
            "today": today,
            "selected": selected,
            "filters": REGISTRY_FILTERS,
            "burial_notices": HorseBurialNotice.objects.filter(municipality=town)
            .select_related("stable__property", "horse", "filed_by")[:20],
        },
    )
