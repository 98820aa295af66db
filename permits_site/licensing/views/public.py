"""Public pages: the home page and license verification (the QR code's target)."""

from __future__ import annotations

import re

from django.db.models import Prefetch
from django.shortcuts import render
from django.utils import timezone
from django.views.decorators.http import require_GET

from permits_site.accounts.refusals import site_page
from permits_site.licensing.kinds import applied_for, kind_for
from permits_site.licensing.models import Permit, PermitType
from permits_site.licensing.page_registry import public_links
from permits_site.online_payments.services import tel_uri
from permits_site.towns.models import Municipality

#: What a verification code can look like (``new_verification_token``: URL-safe base64).
VERIFICATION_CODE = re.compile(r"[A-Za-z0-9_-]{1,64}")


@require_GET
def home(request):
    """The towns and the permit types each issues, those open online linked to their public
    pages, the public pages a town's law adds (``register_public_link``), the office each
    town's fees are paid at, and the way to "Apply for a permit"."""
    municipalities = list(Municipality.objects.select_related("payment_office").prefetch_related(
        Prefetch("permit_types", queryset=applied_for(PermitType.objects.order_by("name")),
                 to_attr="issued_types")))
    for municipality in municipalities:
        municipality.public_links = public_links(municipality.code)
    return render(request, "licensing/home.html", {"municipalities": municipalities})


@require_GET
def verify(request, token: str):
    """Anyone may check a license: number, type, town, status, term in the page's language,
    what it is for (the dog, the horse, the licensed place: ``PermitKind.public_subject``)
    and the holder's initials (spec ``lifecycle.md``, "Permits"). A code that matches no
    license, however it is written, gets the site's own page with each town's office
    telephone, DEBUG on or off. A license found gives its town's office telephone, where
    the admin set one, to confirm what the page does not show."""
    permit = (
        Permit.objects.select_related("permit_type", "municipality__payment_office", "holder")
        .filter(verification_token=token).first()
        if VERIFICATION_CODE.fullmatch(token) else None
    )
    if permit is None:
        return site_page(request, "licensing/verify_unknown.html", 404,
                         towns=Municipality.objects.select_related("payment_office"))
    today = timezone.localdate()
    kind = kind_for(permit.permit_type.code)
    office = getattr(permit.municipality, "payment_office", None)
    office_tel = tel_uri(office.phone) if office is not None else ""
    return render(
        request,
        "licensing/verify.html",
        {
            "permit": permit,
            "status": permit.effective_status(today),
            "not_yet_valid": permit.begins_after(today),
            "subject": kind.public_subject(permit),
            "period_in_words": kind.period_in_words(permit),
            "office": office if office_tel else None,
            "office_tel": office_tel,
        },
    )
