"""The Clerk's list of overdue license fees for the Collector, its CSV, and marking rows
sent (Licenses A(8), Kennel license B(8); MGL c. 40, § 58)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.views.decorators.http import require_GET, require_http_methods

from dogs.licenses.collector import (
    LIEN_STATUTE,
    collector_csv,
    mark_sent_to_collector,
    overdue_license_fees,
    sent_to_collector,
)
from dogs.licenses.views import clerk_town
from permits_site.exceptions import DomainError

SENT_SHOWN = 50


@login_required
@require_http_methods(["GET", "POST"])
def overdue_fees(request):
    """The overdue license fees not yet sent, with the CSV to download; the Clerk marks the
    chosen rows as sent to the Collector."""
    town = clerk_town(request)
    error = ""
    if request.method == "POST":
        ids = [int(value) for value in request.POST.getlist("invoices") if value.isdigit()]
        try:
            sent = mark_sent_to_collector(municipality=town, invoice_ids=ids,
                                          acting_user=request.user)
        except DomainError as refused:
            error = " ".join(message for texts in refused.errors.values() for message in texts)
        else:
            rows = "1 row is" if len(sent) == 1 else f"{len(sent)} rows are"
            messages.success(request, f"{rows} recorded as sent to the Collector.")
            return redirect("dogs:overdue_fees")
    return render(request, "dogs/overdue_fees.html", {
        "rows": overdue_license_fees(town), "sent": sent_to_collector(town)[:SENT_SHOWN],
        "statute": LIEN_STATUTE, "error": error,
    }, status=400 if error else 200)


@login_required
@require_GET
def overdue_fees_csv(request):
    """The rows not yet sent, as the Collector loads them."""
    town = clerk_town(request)
    response = HttpResponse(collector_csv(overdue_license_fees(town)),
                            content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = (
        f'attachment; filename="overdue-license-fees-{timezone.localdate():%Y-%m-%d}.csv"')
    return response
