"""The Board's spill reports (Tisbury BOH Reg 09.9.6(3)e, f): the list, newest first, and the
form to record one, about a property when the page is opened from its staff page."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_http_methods

from permits_site.accounts.permissions import ENFORCEMENT_ROLES, require
from permits_site.parties.models import Property
from tisbury_regs.models import tisbury
from tisbury_regs.spills import services
from tisbury_regs.spills.forms import SpillReportForm


def _place(request, town):
    pk = request.GET.get("property", "")
    if not pk:
        return None
    if not pk.isdigit():
        raise Http404("No such property.")
    return get_object_or_404(Property, pk=int(pk), municipality=town)


@login_required
@require_http_methods(["GET", "POST"])
def spill_reports(request):
    town = tisbury()
    require(services.may_see(request.user, town), "see and record spill reports",
            ENFORCEMENT_ROLES, town=town)
    place = _place(request, town)
    form = SpillReportForm(request.POST or None)
    if request.method == "POST" and form.ran(request, place=place):
        return redirect(request.get_full_path())
    return render(request, "tisbury_regs/spill_reports.html", {
        "form": form, "place": place, "reports": services.spill_reports(town),
        "section": services.SECTION, "cleanup_section": services.CLEANUP_SECTION,
    }, status=400 if form.errors else 200)
