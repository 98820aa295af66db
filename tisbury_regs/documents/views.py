"""The clerk's "Charge for documents" page (Tisbury BOH Reg 09.0.5): the prices in force, the
form to charge and take payment, and the latest sales."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from permits_site.accounts.models import Role
from permits_site.accounts.permissions import is_clerk, require
from tisbury_regs.documents import services
from tisbury_regs.documents.forms import DocumentSaleForm
from tisbury_regs.models import tisbury


@login_required
@require_http_methods(["GET", "POST"])
def charge_for_documents(request):
    town = tisbury()
    require(is_clerk(request.user, town.pk), "charge for documents", (Role.CLERK,), town=town)
    schedule = services.schedule_today()
    if schedule is None:
        return render(request, "tisbury_regs/charge_for_documents.html", {
            "section": services.SECTION, "sales": services.document_sales(town)})
    form = DocumentSaleForm(request.POST or None, schedule=schedule)
    if request.method == "POST" and form.ran(request):
        return redirect("tisbury_regs:charge_for_documents")
    return render(request, "tisbury_regs/charge_for_documents.html", {
        "form": form, "schedule": schedule, "section": services.SECTION,
        "sales": services.document_sales(town),
    }, status=400 if form.errors else 200)
