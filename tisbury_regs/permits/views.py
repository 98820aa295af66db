"""The clerk's record, on the review screen, that a disposal works lot is served by public
water (Tisbury BOH Reg 09.3.1(3)); the Board's review of an old percolation test (09.0.8(3)).
Neither is taken by a member of staff on their own application: the page is refused, saying
why (``office_application_or_404``)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect
from django.views.decorators.http import require_POST

from permits_site.accounts import permissions
from permits_site.exceptions import DomainError
from permits_site.licensing.models import Application
from permits_site.licensing.views.access import office_application_or_404
from permits_site.licensing.views.resident import error_messages
from tisbury_regs.permits import disposal_works, septic_plans
from tisbury_regs.permits.forms import PercReviewForm, PublicWaterForm


@login_required
@require_POST
def record_public_water(request, pk: int):
    application = office_application_or_404(
        Application.objects.select_related("permit_type", "municipality"),
        lambda user, application: permissions.is_clerk(user, application.municipality_id),
        request.user,
        pk=pk,
    )
    form = PublicWaterForm(request.POST)
    try:
        if not form.is_valid():
            raise DomainError(form.errors)
        disposal_works.record_public_water(
            application=application, note=form.cleaned_data["note"], acting_user=request.user)
    except DomainError as refused:
        error_messages(request, refused)
    else:
        messages.success(request, "The public water connection is recorded; the well gate "
                                  f"is cleared ({disposal_works.WELL_SECTION}).")
    return redirect("licensing:review", pk=application.pk)


@login_required
@require_POST
def review_perc_test(request, pk: int):
    """The Board's review of a percolation test older than two years (09.0.8(3))."""
    application = office_application_or_404(
        Application.objects.select_related("permit_type", "municipality"),
        lambda user, application: permissions.can_review(user, application.municipality_id),
        request.user,
        pk=pk,
    )
    form = PercReviewForm(request.POST)
    try:
        if not form.is_valid():
            raise DomainError(form.errors)
        septic_plans.review_perc_test(application=application, acting_user=request.user,
                                      **form.cleaned_data)
    except DomainError as refused:
        error_messages(request, refused)
    else:
        messages.success(request, "The percolation test's review is recorded "
                                  f"({septic_plans.PERC_SECTION}).")
    return redirect("licensing:review", pk=application.pk)
