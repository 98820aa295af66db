"""The tag exemptions page of a dog license (Licenses A(6)) and the veterinarian's
statement of a medical exemption. Anyone who may not see them gets a 404."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import FileResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_http_methods

from dogs.licenses.exemptions import DOG_LICENSE, may_record, record_tag_exemption
from dogs.licenses.forms import TagExemptionForm
from dogs.models import TagExemption
from permits_site.accounts.permissions import STAFF_ROLES, has_role
from permits_site.exceptions import DomainError
from permits_site.licensing.models import Permit
from permits_site.licensing.views.access import get_visible_or_404


def _recorder(user, permit: Permit) -> bool:
    return may_record(user, permit.municipality_id)


@login_required
@require_http_methods(["GET", "POST"])
def tag_exemptions(request, pk: int):
    """The license's exemptions and the form to record one (Licenses A(6)(a), (b))."""
    permit = get_visible_or_404(
        Permit.objects.filter(permit_type__code=DOG_LICENSE).select_related(
            "application__dog_license__dog", "permit_type"),
        _recorder, request.user, pk=pk)
    dog = permit.application.dog_license.dog
    form = TagExemptionForm(request.POST or None, request.FILES or None,
                            initial={"keeper": permit.holder_name})
    if request.method == "POST" and form.is_valid():
        try:
            record_tag_exemption(permit=permit, acting_user=request.user, **form.cleaned_data)
        except DomainError as refused:
            form.add_service_errors(refused.errors)
        else:
            messages.success(request, f"The tag exemption for {dog.name} is recorded.")
            return redirect("dogs:tag_exemptions", permit.pk)
    return render(request, "dogs/tag_exemptions.html", {
        "permit": permit, "dog": dog, "form": form,
        "exemptions": permit.tag_exemptions.select_related("recorded_by"),
    }, status=400 if form.errors else 200)


def _may_see_statement(user, exemption: TagExemption) -> bool:
    return (exemption.dog.owner_id == user.pk
            or has_role(user, exemption.permit.municipality_id, *STAFF_ROLES))


@login_required
@require_GET
def exemption_statement(request, pk: int):
    """The veterinarian's statement of a medical exemption, to its dog's owner and staff."""
    exemption = get_visible_or_404(
        TagExemption.objects.exclude(statement="").select_related("dog", "permit"),
        _may_see_statement, request.user, pk=pk)
    return FileResponse(exemption.statement.open("rb"),
                        content_type=exemption.statement_content_type,
                        filename=f"veterinarian-statement-{exemption.pk}")
