"""Septic system inspection reports and failed systems (Tisbury BOH Reg 09.0.8(4), 09.0.8(8),
09.1.3(5)).

The Board's admin licenses system inspectors — outside people, not town staff — and only a
licensed inspector files a report, under a license in force on the inspection day. A report
"must be submitted to this office within thirty (30) days of completion" and is "valid for two
(2) years from date of inspector's report" (09.0.8(4)): both dates are the town's registered
periods, counted on Tisbury's calendar, and a report filed after its due date is flagged late
(it is still received). The property's current report is the newest one still valid.

A failed report opens a failed-system case on the property. "A letter will be mailed to the
owner of record requiring that a registered engineer inspect the system and report in writing
to the Board of Health for a hearing within seven (7) days of notification" (09.1.3(5)), and
"failed septic systems must be upgraded within ninety (90) days. In the case of an upgrade
ordered for property sale & transfer the 90 day period will begin on the date of closing"
(09.0.8(8)). Both are core orders, so the owner is notified of each and the staff deadlines
screen lists them. A missed order is escalated: the text makes it a violation of Title V,
penalised by the Commonwealth (09.1.3(5)), and the town's fine schedule names no offense for it,
so escalation flags the order for the Board; no citation is written here.

The Board reviews the system with the rule sets ``tisbury.failed_septic`` and
``tisbury.system_limits``, run from the case with facts recorded on it.
"""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING, Any

from django.core.files.uploadedfile import UploadedFile
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_noop

from permits_site import audit
from permits_site.accounts import permissions
from permits_site.enforcement.models import Case, CaseStatus, InspectionResult, Order
from permits_site.enforcement.services import issue_order, open_case
from permits_site.exceptions import DomainError, InvalidTransition, PermissionDenied
from permits_site.parties.models import Property
from permits_site.rules.base import FactsInvalid, RuleSet
from permits_site.rules.calendar import format_date, period_due
from permits_site.rules.periods import Period
from permits_site.rules.registry import town_law
from permits_site.rules.wording import explain
from permits_site.towns.models import Municipality
from tisbury_regs.law import cite
from tisbury_regs.models import SepticInspectionReport, SystemInspectorLicense
from tisbury_regs.periods import MUNICIPALITY
from tisbury_regs.rules import FAILED_SEPTIC, SYSTEM_LIMITS

if TYPE_CHECKING:
    from permits_site.accounts.models import User

REPORT_SECTION = cite("09.0.8(4)")
SINGLE_CESSPOOL_SECTION = cite("09.0.8(12)")
FAILED_SYSTEM = "tisbury.failed_system"
#: What the town's admin does for system inspectors, as a refusal names it.
LICENSING = "license system inspectors"
#: The rule sets the Board runs on a failed-system case, by code.
CASE_CHECKS: dict[str, RuleSet] = {FAILED_SEPTIC.code: FAILED_SEPTIC,
                                   SYSTEM_LIMITS.code: SYSTEM_LIMITS}
HEARING_ORDER = ("Have a registered engineer inspect the system and report in writing to the "
                 "Board of Health, and request the Board's hearing.")
UPGRADE_ORDER = "Upgrade the failed septic system."
UPGRADE_ON_SALE = "Upgrade the failed septic system; for the sale, counted from the closing on {}."


def period(code: str) -> Period:
    return town_law(MUNICIPALITY).periods[code]


def report_due(inspected_on: dt.date, municipality: Municipality) -> dt.date:
    """The last day to file the report of an inspection (09.0.8(4)), a deadline."""
    return period_due(period("septic_inspection_report"), inspected_on,
                      municipality.calendar())


def report_valid_through(inspected_on: dt.date, municipality: Municipality) -> dt.date:
    """The last day a report is valid, two years from the inspection (09.0.8(4))."""
    return period_due(period("septic_report_validity"), inspected_on, municipality.calendar())


def upgrade_due(start: dt.date, municipality: Municipality) -> dt.date:
    """The last day to upgrade a failed system, 90 days from ``start`` (09.0.8(8))."""
    return period_due(period("failed_system_upgrade"), start, municipality.calendar())


# -- inspector licenses -------------------------------------------------------------------


def _require_admin(municipality: Municipality, acting_user: User) -> None:
    if not permissions.is_admin(acting_user, municipality.pk):
        raise PermissionDenied(f"Only {municipality.name}'s admin licenses system inspectors.")


@transaction.atomic
def grant_inspector_license(
    *, municipality: Municipality, user: User, license_number: str, expires_on: dt.date,
    acting_user: User,
) -> SystemInspectorLicense:
    """The admin licenses ``user`` to file septic inspection reports in town."""
    _require_admin(municipality, acting_user)
    license_number = (license_number or "").strip()
    if not license_number:
        raise DomainError("Enter the inspector's license number.", field="license_number")
    today = timezone.localdate()
    if expires_on < today:
        raise DomainError("The license has already expired.", field="expires_on")
    if SystemInspectorLicense.objects.filter(municipality=municipality, user=user,
                                             revoked_on__isnull=True).exists():
        raise InvalidTransition("This person already holds a license; revoke it first.",
                                field="user")
    license = SystemInspectorLicense.objects.create(
        municipality=municipality, user=user, license_number=license_number,
        expires_on=expires_on, granted_by=acting_user, granted_on=today)
    audit.record(actor=acting_user, action="septic.inspector_licensed", subject=license,
                 municipality=municipality,
                 summary=f"{user.display_name} licensed as a system inspector "
                         f"({license_number}) through {format_date(expires_on)}",
                 after={"user": user.pk, "license_number": license_number,
                        "expires_on": str(expires_on)})
    return license


@transaction.atomic
def revoke_inspector_license(*, license: SystemInspectorLicense, acting_user: User
                             ) -> SystemInspectorLicense:
    """The admin revokes a license from today; reports already filed stand."""
    _require_admin(license.municipality, acting_user)
    if license.revoked_on is not None:
        raise InvalidTransition("This license is already revoked.")
    license.revoked_on = timezone.localdate()
    license.revoked_by = acting_user
    license.save(update_fields=["revoked_on", "revoked_by"])
    audit.record(actor=acting_user, action="septic.inspector_license_revoked", subject=license,
                 municipality=license.municipality,
                 summary=f"System inspector license {license.license_number} revoked",
                 before={"revoked_on": None}, after={"revoked_on": str(license.revoked_on)})
    return license


def live_license(user: User, municipality: Municipality) -> SystemInspectorLicense | None:
    """The user's unrevoked license in town, if any."""
    if not user.is_authenticated:
        return None
    return SystemInspectorLicense.objects.filter(
        municipality=municipality, user=user, revoked_on__isnull=True).first()


# -- reports ------------------------------------------------------------------------------


def _licensed_on(acting_user: User, municipality: Municipality, inspected_on: dt.date
                 ) -> SystemInspectorLicense:
    license = live_license(acting_user, municipality)
    if license is None:
        raise PermissionDenied(f"Only a system inspector licensed by {municipality.name}'s "
                               f"Board of Health files inspection reports ({REPORT_SECTION}).")
    if not license.in_force_on(inspected_on):
        raise DomainError(explain(
            gettext_noop("Your license %(number)s was not in force on the inspection day: it "
                         "expires on %(expires)s."),
            number=license.license_number, expires=license.expires_on), field="inspected_on")
    return license


def judged_result(result: str, *, single_cesspool: bool, sale_closing_on: dt.date | None
                  ) -> str:
    """The report's result as the Board reads it: "single cesspools [are] failed systems that
    must be upgraded at the time of sale and transfer" (09.0.8(12)), so a single cesspool at a
    sale fails whatever the inspector found; otherwise the inspector's result stands."""
    if single_cesspool and sale_closing_on is not None:
        return InspectionResult.FAILED
    return result


def _report_errors(*, place: Property, owner_name: str, inspected_on: dt.date, result: str,
                   sale_closing_on: dt.date | None) -> dict[str, list[str]]:
    today = timezone.localdate()
    checks = (
        ("place", place.municipality.code != MUNICIPALITY or place.merged_into_id is not None,
         gettext_noop("Choose a property in Tisbury.")),
        ("owner_name", not owner_name, gettext_noop("Name the owner of record.")),
        ("inspected_on", inspected_on > today,
         gettext_noop("The inspection cannot be in the future.")),
        ("result", result not in InspectionResult.values, gettext_noop("Choose pass or fail.")),
        ("sale_closing_on", sale_closing_on is not None and sale_closing_on < inspected_on,
         gettext_noop("The closing comes after the inspection.")),
    )
    return {field: [message] for field, refused, message in checks if refused}


@transaction.atomic
def file_report(
    *, place: Property, owner_name: str, inspected_on: dt.date, result: str, notes: str = "",
    document: UploadedFile | None = None, sale_closing_on: dt.date | None = None,
    single_cesspool: bool = False, acting_user: User,
) -> SepticInspectionReport:
    """A licensed inspector files an inspection report today (09.0.8(4)): flagged late after
    the 30 days, valid two years from the inspection; a single cesspool at a sale is a failed
    system (09.0.8(12)); a failed system opens a case."""
    owner_name = (owner_name or "").strip()
    errors = _report_errors(place=place, owner_name=owner_name, inspected_on=inspected_on,
                            result=result, sale_closing_on=sale_closing_on)
    if errors:
        raise DomainError(errors)
    municipality = place.municipality
    license = _licensed_on(acting_user, municipality, inspected_on)
    result = judged_result(result, single_cesspool=single_cesspool,
                           sale_closing_on=sale_closing_on)
    report = SepticInspectionReport.objects.create(
        municipality=municipality, property=place, inspector=acting_user, license=license,
        owner_name=owner_name, inspected_on=inspected_on, filed_on=timezone.localdate(),
        result=result, notes=(notes or "").strip(), document=document or "",
        sale_closing_on=sale_closing_on, single_cesspool=single_cesspool,
        due_on=report_due(inspected_on, municipality),
        valid_through=report_valid_through(inspected_on, municipality))
    audit.record(actor=acting_user, action="septic.report_filed", subject=report,
                 municipality=municipality,
                 summary=f"Septic inspection of {format_date(inspected_on)} at {place.address} "
                         f"filed: {report.get_result_display().lower()}"
                         f"{', late' if report.late else ''}{_cesspool_at_sale(report)}",
                 after={"property": place.pk, "result": result, "late": report.late,
                        "single_cesspool": single_cesspool,
                        "due_on": str(report.due_on),
                        "valid_through": str(report.valid_through)})
    if report.failed:
        open_failed_system_case(report=report, acting_user=acting_user)
    return report


def _cesspool_at_sale(report: SepticInspectionReport) -> str:
    """The reason a report failed under 09.0.8(12), for its audit entry and case."""
    if report.single_cesspool and report.sale_closing_on is not None:
        return f", a single cesspool at sale ({SINGLE_CESSPOOL_SECTION})"
    return ""


def current_report(place: Property, *, on: dt.date | None = None
                   ) -> SepticInspectionReport | None:
    """The property's newest report still valid on ``on`` (today by default)."""
    return place.septic_reports.current(on=on or timezone.localdate())


# -- failed systems -----------------------------------------------------------------------


def owner_account(place: Property):
    """The owner's account, when exactly one person is linked to the property."""
    people = list(place.people.all()[:2])
    return people[0] if len(people) == 1 else None


@transaction.atomic
def open_failed_system_case(*, report: SepticInspectionReport, acting_user: User) -> Case:
    """Open the failed-system case of a failed report and issue its two orders: the
    engineer's report and hearing request in 7 days of notification (09.1.3(5)) and the
    upgrade in 90 days, from the closing for a sale (09.0.8(8))."""
    if report.case_id is not None:
        raise InvalidTransition("This report already opened a case.")
    place = report.property
    case = open_case(
        municipality=report.municipality, case_type=FAILED_SYSTEM, party=owner_account(place),
        party_name=report.owner_name, address=place.full_address, place=place,
        complaint=f"The septic system failed the inspection of {format_date(report.inspected_on)}"
                  f" (report #{report.pk}){_cesspool_at_sale(report)}.",
        received_on=report.filed_on, acting_user=acting_user)
    report.case = case
    report.save(update_fields=["case"])
    issue_order(case=case, text=HEARING_ORDER, period_code="failed_system_hearing",
                acting_user=acting_user)
    _issue_upgrade_order(case, closing_on=report.sale_closing_on, acting_user=acting_user)
    return case


def _issue_upgrade_order(case: Case, *, closing_on: dt.date | None, acting_user: User) -> Order:
    """The 90-day upgrade order. A closing still to come is counted by its days from today
    (the core counts a period only from a past day); its due date is already a business
    day, so it does not roll again."""
    today = timezone.localdate()
    if closing_on is None:
        return issue_order(case=case, text=UPGRADE_ORDER, period_code="failed_system_upgrade",
                           acting_user=acting_user)
    text = UPGRADE_ON_SALE.format(format_date(closing_on))
    if closing_on <= today:
        return issue_order(case=case, text=text, period_code="failed_system_upgrade",
                           counted_from=closing_on, acting_user=acting_user)
    due = upgrade_due(closing_on, case.municipality)
    return issue_order(case=case, text=text, citation=period("failed_system_upgrade").citation,
                       comply_within_days=(due - today).days, acting_user=acting_user)


def _require_case_worker(case: Case, acting_user: User) -> None:
    if case.case_type != FAILED_SYSTEM:
        raise DomainError("This case is of another kind.", field="case_type")
    if not permissions.can_work_case(acting_user, case.municipality_id):
        raise PermissionDenied("Only the Board's staff work a failed-system case.")
    if case.status == CaseStatus.CLOSED:
        raise InvalidTransition("The case is closed.")


def overdue_orders(case: Case, *, on: dt.date | None = None) -> list[Order]:
    """The case's orders not complied with by their date."""
    on = on or timezone.localdate()
    return [order for order in case.orders.all()
            if order.complied_on is None and order.comply_by < on]


def escalated_order_ids(case: Case) -> set[int]:
    return {int(pk) for pk in case.findings.get("escalated_orders", {})}


@transaction.atomic
def escalate_overdue(*, case: Case, acting_user: User) -> list[Order]:
    """Flag the orders missed and not yet escalated for the Board (09.1.3(5): a violation of
    Title V, penalised under 310 CMR; the town's schedule names no fine for it)."""
    _require_case_worker(case, acting_user)
    today = timezone.localdate()
    missed = [order for order in overdue_orders(case, on=today)
              if order.pk not in escalated_order_ids(case)]
    if not missed:
        raise InvalidTransition("No order is overdue and not yet escalated.")
    escalated = {**case.findings.get("escalated_orders", {}),
                 **{str(order.pk): today.isoformat() for order in missed}}
    case.findings = {**case.findings, "escalated_orders": escalated}
    case.save(update_fields=["findings"])
    audit.record(actor=acting_user, action="septic.orders_escalated", subject=case,
                 municipality=case.municipality,
                 summary=f"Overdue orders on case #{case.pk} escalated to the Board: "
                         + "; ".join(f"due {format_date(order.comply_by)}" for order in missed),
                 after={"orders": [order.pk for order in missed]})
    return missed


@transaction.atomic
def run_case_check(*, case: Case, code: str, facts: dict[str, Any], acting_user: User
                   ) -> dict[str, Any]:
    """Run ``tisbury.failed_septic`` or ``tisbury.system_limits`` on the facts staff found,
    and record facts and findings on the case (the newest run of each rule set stands)."""
    _require_case_worker(case, acting_user)
    rule_set = CASE_CHECKS.get(code)
    if rule_set is None:
        raise DomainError(f"Choose one of {', '.join(CASE_CHECKS)}.", field="code")
    try:
        parsed = rule_set.parse(facts)
    except FactsInvalid as invalid:
        raise DomainError(dict(invalid.errors)) from None
    today = timezone.localdate()
    result = rule_set.evaluate(parsed, on=today, calendar=case.municipality.calendar())
    run = {"on": today.isoformat(), "facts": facts,
           "findings": [{"rule": finding.rule, "citation": finding.citation,
                         "outcome": str(finding.outcome), "message": finding.message}
                        for finding in result.findings]}
    case.findings = {**case.findings, "checks": {**case.findings.get("checks", {}), code: run}}
    case.save(update_fields=["findings"])
    audit.record(actor=acting_user, action="septic.case_checked", subject=case,
                 municipality=case.municipality,
                 summary=f"{rule_set.title} checked on case #{case.pk}: "
                         + ", ".join(finding["outcome"] for finding in run["findings"]),
                 after={"check": code, **run})
    return run


# -- panels -------------------------------------------------------------------------------


def property_panel(place: Property, user: User) -> dict[str, Any]:
    """The property's current report, for the clerk's property page."""
    return {"report": current_report(place), "section": REPORT_SECTION}
