"""The well meter pages (Tisbury BOH Reg 09.3.1(4)): the owner's metered wells with the form
to record a season's reading, and the Board's list of wells missing a reading with the form
to record a seasonal well's schedule."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils import timezone
from django.views.decorators.http import require_http_methods

from permits_site.accounts.permissions import (
    CASE_WORKER_ROLES,
    ENFORCEMENT_ROLES,
    can_view_enforcement,
    can_work_case,
    require,
)
from tisbury_regs.models import tisbury
from tisbury_regs.wells import services
from tisbury_regs.wells.forms import ReadingForm, ScheduleForm


@login_required
@require_http_methods(["GET", "POST"])
def my_wells(request):
    """The owner's metered wells, their readings, and the form to record one."""
    wells = services.wells_of(request.user)
    require(bool(wells), "record its meter readings", party="the owner of a metered well")
    form = ReadingForm(request.POST or None, wells=wells)
    if request.method == "POST" and form.ran(request):
        return redirect("tisbury_regs:my_wells")
    return render(request, "tisbury_regs/well_readings.html", {
        "wells": wells, "form": form, "section": services.SECTION,
    }, status=400 if form.errors else 200)


@login_required
@require_http_methods(["GET", "POST"])
def board_wells(request):
    """Metered wells missing the last season's reading, every metered well's readings, and
    (for case workers) the seasonal schedule form."""
    town = tisbury()
    require(can_view_enforcement(request.user, town.pk), "see the metered wells",
            ENFORCEMENT_ROLES, town=town)
    may_schedule = can_work_case(request.user, town.pk)
    wells = services.metered_wells(town)
    form = ScheduleForm(request.POST or None, wells=wells) if may_schedule else None
    if request.method == "POST":
        require(form is not None, "record a seasonal reading schedule", CASE_WORKER_ROLES,
                town=town)
        if form.ran(request):
            return redirect("tisbury_regs:board_wells")
    today = timezone.localdate()
    calendar = town.calendar()
    rows = [(well, services.last_closed_window(well, today, calendar)) for well in wells]
    return render(request, "tisbury_regs/wells_board.html", {
        "rows": [(well, closed, closed is not None and not services.has_reading(well, closed))
                 for well, closed in rows],
        "form": form, "section": services.SECTION,
        "schedule_section": services.SCHEDULE_SECTION,
    }, status=400 if form is not None and form.errors else 200)
