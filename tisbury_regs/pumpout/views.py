"""The pump-out return pages (Tisbury BOH Reg 09.6.2): a septage handler's returns and the
form to file one, a return, and the Board's list of unfiled and filed returns."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_http_methods

from permits_site.accounts.permissions import (
    ENFORCEMENT_ROLES,
    business_ids,
    can_view_enforcement,
    is_town_staff,
    require,
)
from permits_site.exceptions import DomainError
from permits_site.licensing.templatetags.localised import explained, money, month_day
from permits_site.licensing.views.access import get_visible_or_404
from tisbury_regs.models import PumpoutReturn, tisbury
from tisbury_regs.pumpout import services
from tisbury_regs.pumpout.forms import JOB_ROWS, JobForm, ReturnForm, job_formset


def _handlers(request):
    handlers = services.handlers_of(request.user)
    require(bool(handlers), "file pump-out returns",
            party="a member of a septage handler holding a permit")
    return handlers


@login_required
@require_GET
def my_returns(request):
    """The returns of the handlers the user acts for."""
    _handlers(request)
    return render(request, "tisbury_regs/pumpout_returns.html", {
        "returns": services.returns_of(request.user), "section": services.SECTION})


def _rows(request) -> int:
    asked = request.GET.get("rows", "")
    return int(asked) if asked.isdigit() else JOB_ROWS


def _filled(jobs) -> list[JobForm]:
    return [form for form in jobs.forms if form.has_changed()]


def _empty_unconfirmed(form: ReturnForm, filled: list[JobForm]) -> bool:
    if filled or form.cleaned_data.get("nothing_pumped"):
        return False
    form.add_error("nothing_pumped", gettext(
        "List the month's pump-out permits, or tick this box to file an empty return "
        "(%(section)s).") % {"section": services.SECTION})
    return True


def _show_refusal(refused: DomainError, form: ReturnForm, filled: list[JobForm]) -> None:
    """Put each refusal on its field: ``jobs-<n>-<field>`` is the n-th job filed."""
    for name, texts in refused.errors.items():
        said = [explained(text) for text in texts]
        index, _, field = name.removeprefix("jobs-").partition("-")
        if name.startswith("jobs-") and index.isdigit():
            for text in said:
                filled[int(index)].add_error(field, text)
        else:
            form.add_service_errors({name: said})


@login_required
@require_http_methods(["GET", "POST"])
def file_return(request):
    """A member of a septage handler files the month's return (09.6.2)."""
    handlers = _handlers(request)
    data = request.POST if request.method == "POST" else None
    form = ReturnForm(data, handlers=handlers)
    jobs = job_formset(data, rows=_rows(request))
    if data and form.is_valid() & jobs.is_valid():
        filled = _filled(jobs)
        if not _empty_unconfirmed(form, filled):
            try:
                filed = services.file_return(
                    handler=form.cleaned_data["handler"], month=form.cleaned_data["month"],
                    jobs=[job.job() for job in filled], acting_user=request.user)
            except DomainError as refused:
                _show_refusal(refused, form, filled)
            else:
                messages.success(request, _filed_message(filed))
                return redirect("tisbury_regs:pumpout_return", pk=filed.pk)
    invalid = bool(form.errors) or any(job.errors for job in jobs.forms)
    return render(request, "tisbury_regs/pumpout_return_form.html", {
        "form": form, "jobs": jobs, "section": services.SECTION,
        "more_rows": len(jobs.forms) + JOB_ROWS, "invalid": invalid,
    }, status=400 if invalid else 200)


def _filed_message(filed: PumpoutReturn) -> str:
    """What the handler is told once the return is filed, in the handler's language."""
    if not filed.late:
        return gettext("The return is filed.")
    late = {"due": month_day(filed.due_on), "days": filed.days_late}
    if filed.citation is None:
        return gettext("The return is filed late: it was due by %(due)s, %(days)s day(s) "
                       "ago.") % late
    return gettext("The return is filed late: it was due by %(due)s, %(days)s day(s) ago. A "
                   "citation of %(total)s was written.") % {
                       **late, "total": money(filed.citation.invoice.total)}


def _may_read(user, filed: PumpoutReturn) -> bool:
    return (filed.handler_id in business_ids(user)
            or is_town_staff(user, filed.municipality_id))


@login_required
@require_GET
def return_detail(request, pk: int):
    filed = get_visible_or_404(
        PumpoutReturn.objects.select_related("handler", "filed_by", "citation__invoice",
                                             "handler_permit")
        .prefetch_related("jobs__property"), _may_read, request.user, pk=pk)
    return render(request, "tisbury_regs/pumpout_return.html", {
        "filed": filed, "section": services.SECTION,
        "staff": is_town_staff(request.user, filed.municipality_id)})


@login_required
@require_GET
def board_returns(request):
    """The Board's list: returns missing after their due date, and the returns filed."""
    town = tisbury()
    require(can_view_enforcement(request.user, town.pk), "see the septage handlers' returns",
            ENFORCEMENT_ROLES, town=town)
    today = timezone.localdate()
    return render(request, "tisbury_regs/pumpout_board.html", {
        "unfiled": services.overdue_returns(town, today=today),
        "returns": services.filed_returns(town), "today": today,
        "section": services.SECTION})
