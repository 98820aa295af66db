"""The septic inspection pages (Tisbury BOH Reg 09.0.8(4), 09.0.8(8), 09.1.3(5)): the
inspector's "file a report", the admin's inspector licenses, a report with the seller's
printable letter, and the failed-system case with its orders and the Board's checks."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from permits_site.accounts import permissions
from permits_site.accounts.models import Role
from permits_site.enforcement.models import Case
from permits_site.exceptions import DomainError
from permits_site.licensing.views.access import get_visible_or_404
from permits_site.licensing.views.resident import error_messages
from permits_site.page_actions import each, with_actions
from tisbury_regs.models import SepticInspectionReport, SystemInspectorLicense, tisbury
from tisbury_regs.septic import services
from tisbury_regs.septic.forms import LicenseForm, ReportForm, check_form_class


@login_required
@require_http_methods(["GET", "POST"])
def file_report(request):
    """A licensed system inspector files a report (09.0.8(4))."""
    town = tisbury()
    permissions.require(services.live_license(request.user, town) is not None,
                        "file a septic inspection report",
                        party="a system inspector licensed by the Board of Health")
    form = ReportForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.ran(request):
        return redirect("tisbury_regs:septic_report", pk=form.service_result.pk)
    return render(request, "tisbury_regs/septic_report_form.html",
                  {"form": form, "section": services.REPORT_SECTION},
                  status=400 if form.errors else 200)


def _visible_report(request, pk: int) -> SepticInspectionReport:
    """The report, for the inspector who filed it and the town's staff; else "not found"."""
    return get_visible_or_404(
        SepticInspectionReport.objects.select_related("property", "inspector", "license",
                                                      "case", "municipality"),
        lambda user, report: (report.inspector_id == user.pk
                              or permissions.is_town_staff(user, report.municipality_id)),
        request.user, pk=pk)


@login_required
def report_detail(request, pk: int):
    report = _visible_report(request, pk)
    return render(request, "tisbury_regs/septic_report.html", {
        "report": report, "orders": report.case.orders.all() if report.case else [],
        "staff": permissions.is_town_staff(request.user, report.municipality_id),
        "section": services.REPORT_SECTION,
        "cesspool_section": services.SINGLE_CESSPOOL_SECTION,
    })


@login_required
def seller_letter(request, pk: int):
    """The letter a seller obtains before the closing: the office acknowledges the report and
    lists its conditions and upgrade requirements (09.0.8(4))."""
    report = _visible_report(request, pk)
    permissions.require(permissions.is_town_staff(request.user, report.municipality_id),
                        "write the seller's letter", permissions.STAFF_ROLES,
                        town=report.municipality_id)
    return render(request, "tisbury_regs/seller_letter.html", {
        "report": report, "orders": report.case.orders.all() if report.case else [],
        "today": timezone.localdate(), "section": services.REPORT_SECTION,
        "upgrade_section": services.period("failed_system_upgrade").citation,
    })


@login_required
@require_http_methods(["GET", "POST"])
def inspector_licenses(request):
    """The admin's list of system inspector licenses and the grant form."""
    town = tisbury()
    permissions.require(permissions.is_admin(request.user, town.pk),
                        services.LICENSING, [Role.ADMIN], town=town)
    form = LicenseForm(request.POST or None)
    if request.method == "POST" and form.ran(request, municipality=town):
        return redirect("tisbury_regs:inspector_licenses")
    licenses = SystemInspectorLicense.objects.filter(municipality=town).select_related(
        "user", "granted_by")
    return render(request, "tisbury_regs/inspector_licenses.html", {
        "form": form, "licenses": licenses, "today": timezone.localdate(),
    }, status=400 if form.errors else 200)


@login_required
@require_POST
def revoke_license(request, pk: int):
    license = get_object_or_404(SystemInspectorLicense, pk=pk)
    try:
        services.revoke_inspector_license(license=license, acting_user=request.user)
    except DomainError as refused:
        error_messages(request, refused)
    else:
        messages.success(request, f"License {license.license_number} revoked.")
    return redirect("tisbury_regs:inspector_licenses")


def _case(request, pk: int) -> Case:
    """The failed-system case, for the town's staff; else "not found"."""
    return get_visible_or_404(
        Case.objects.select_related("municipality", "septic_report"),
        lambda user, case: permissions.is_town_staff(user, case.municipality_id),
        request.user, pk=pk, case_type=services.FAILED_SYSTEM)


def _case_page(request, case: Case, *, bound=None, status: int = 200):
    """The failed-system case: its report, its orders (overdue and escalated ones flagged)
    and the Board's two checks with the facts recorded; ``bound`` is a refused check's
    form."""
    today = timezone.localdate()
    escalated = services.escalated_order_ids(case)
    orders = [(order, order.complied_on is None and order.comply_by < today,
               order.pk in escalated) for order in case.orders.all()]
    checks = case.findings.get("checks", {})
    forms = {code: (bound if bound is not None and bound.prefix == code
                    else check_form_class(code)(prefix=code, initial=checks.get(code, {})
                                                .get("facts")))
             for code in services.CASE_CHECKS}
    return render(request, "tisbury_regs/failed_system_case.html", {
        "case": case, "report": getattr(case, "septic_report", None), "orders": orders,
        "can_escalate": any(overdue and not done for _order, overdue, done in orders),
        "checks": [(services.CASE_CHECKS[code], forms[code], checks.get(code))
                   for code in services.CASE_CHECKS],
        "worker": permissions.can_work_case(request.user, case.municipality_id),
    }, status=status)


@login_required
@require_POST
def escalate(request, pk: int):
    case = _case(request, pk)
    try:
        missed = services.escalate_overdue(case=case, acting_user=request.user)
    except DomainError as refused:
        error_messages(request, refused)
    else:
        messages.success(request, f"{len(missed)} overdue order(s) escalated to the Board.")
    return redirect("tisbury_regs:failed_system_case", pk=case.pk)


def _run_check(request, pk: int, action: str):
    """Record the facts of one of the Board's checks (``action``, its code) and run it; a
    refusal is shown on its fields, on the case's page."""
    case, code = _case(request, pk), action
    form = check_form_class(code)(request.POST, prefix=code)
    if form.ran(request, case=case, code=code):
        return redirect("tisbury_regs:failed_system_case", pk=case.pk)
    return _case_page(request, case, bound=form, status=400)


@login_required
@with_actions(each(services.CASE_CHECKS, _run_check))
@require_GET
def failed_system_case(request, pk: int):
    """The case's page; its checks post here, naming their code as the action."""
    return _case_page(request, _case(request, pk))
