"""Public pages: the home page and license verification (the QR code's target)."""

from __future__ import annotations

from django.shortcuts import get_object_or_404, render
from django.utils import timezone
from django.views.decorators.http import require_GET

from permits_site.licensing.models import Permit
from permits_site.towns.models import Municipality


@require_GET
def home(request):
    return render(
        request,
        "licensing/home.html",
        {
            "municipalities": Municipality.objects.prefetch_related("permit_types"),
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
