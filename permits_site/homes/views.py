"""The staff home (``/staff/``): where sign-in lands every member of staff."""

from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils import timezone
from django.views.decorators.http import require_GET

from permits_site.homes.services import staff_home


@login_required
@require_GET
def home(request):
    """Each town the person serves, each role they hold there, and that role's work; a
    resident, who holds no staff role, is sent to their own dashboard."""
    today = timezone.localdate()
    towns = staff_home(request.user, today=today)
    if not towns:
        return redirect("licensing:dashboard")
    return render(request, "homes/staff_home.html", {"towns": towns, "today": today})
