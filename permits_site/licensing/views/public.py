"""Public pages: the home page and license verification (the QR code's target)."""

from __future__ import annotations

from django.db.models import Prefetch
from django.shortcuts import get_object_or_404, render
from django.utils import timezone
from django.views.decorators.http import require_GET

from permits_site.licensing.kinds import applied_for
from permits_site.licensing.models import Permit, PermitType
from permits_site.towns.models import Municipality


@require_GET
def home(request):
    """The towns and the permit types each issues, those open online linked to their public
    pages, and the way to "Apply for a permit"."""
    return render(
        request,
        "licensing/home.html",
        {
            "municipalities": Municipality.objects.prefetch_related(Prefetch(
                "permit_types", queryset=applied_for(PermitType.objects.order_by("name")),
                to_attr="issued_types")),
        },
    )


@require_GET
def verify(request, token: str):
    """Anyone may check a license: number, type, town, status, term and the holder's initials."""
    permit = get_object_or_404(
        Permit.objects.select_related("permit_type", "municipality", "holder"),
        verification_token=token,
    )
    return render(
        request,
        "licensing/verify.html",
        {
            "permit": permit,
            "status": permit.effective_status(timezone.localdate()),
        },
    )
