"""Septic inspection reports and failed systems (Tisbury BOH Reg 09.0.8(4), 09.0.8(8),
09.1.3(5)): licenses, the 30-day filing deadline, two years' validity, the failed-system case
with its 7-day and 90-day orders, escalation and the Board's two checks.

Every deadline is tested the day before, of and after, around Labor Day (Monday
September 2, 2030), a Massachusetts legal holiday on which Tisbury's offices are closed.
"""

from __future__ import annotations

import datetime as dt

import pytest
import time_machine

from permits_site.audit.models import AuditEntry
from permits_site.enforcement.deadlines import deadlines
from permits_site.enforcement.models import Case
from permits_site.exceptions import DomainError, InvalidTransition, PermissionDenied
from permits_site.notifications.models import Message
from tests.factories import (
    PropertyFactory,
    Role,
    SystemInspectorLicenseFactory,
    UserFactory,
    local,
    municipality,
    staff,
)
from tisbury_regs.septic import services

LABOR_DAY = dt.date(2030, 9, 2)
TUESDAY_AFTER = dt.date(2030, 9, 3)
pytestmark = pytest.mark.django_db


@pytest.fixture
def tisbury():
    return municipality("tisbury")


@pytest.fixture
def admin(tisbury):
    return staff(Role.ADMIN, "tisbury", first_name="Ada", last_name="Admin")


@pytest.fixture
def inspector(tisbury, admin):
    user = UserFactory(first_name="Ian", last_name="Inspector")
    SystemInspectorLicenseFactory(user=user, granted_by=admin, granted_on=dt.date(2030, 1, 2),
                                  expires_on=dt.date(2031, 12, 31))
    return user


@pytest.fixture
def place(tisbury):
    return PropertyFactory(municipality=tisbury, address="12 Beach Road")


def on(day: dt.date):
    return time_machine.travel(local(day, 10), tick=False)


def file(place, inspector, *, inspected_on, result="passed", **extra):
    return services.file_report(place=place, owner_name="Olive Owner", inspected_on=inspected_on,
                                result=result, acting_user=inspector, **extra)


# -- licenses ---------------------------------------------------------------------------


def test_the_admin_grants_and_revokes_a_license_audited(tisbury, admin):
    person = UserFactory()

    license = services.grant_inspector_license(municipality=tisbury, user=person,
                                               license_number=" SI-77 ",
                                               expires_on=dt.date(2031, 6, 30),
                                               acting_user=admin)
    services.revoke_inspector_license(license=license, acting_user=admin)

    assert license.license_number == "SI-77"
    assert license.revoked_on == dt.date(2030, 6, 3)
    assert list(AuditEntry.objects.filter(object_id=license.pk).values_list(
        "action", flat=True).order_by("pk")) == ["septic.inspector_licensed",
                                                 "septic.inspector_license_revoked"]


def test_only_the_admin_grants_a_license(tisbury):
    clerk = staff(Role.CLERK, "tisbury")

    with pytest.raises(PermissionDenied):
        services.grant_inspector_license(municipality=tisbury, user=UserFactory(),
                                         license_number="SI-1",
                                         expires_on=dt.date(2031, 1, 1), acting_user=clerk)


def test_a_second_live_license_is_refused_naming_the_user(tisbury, admin, inspector):
    with pytest.raises(InvalidTransition) as refused:
        services.grant_inspector_license(municipality=tisbury, user=inspector,
                                         license_number="SI-2",
                                         expires_on=dt.date(2031, 1, 1), acting_user=admin)

    assert "user" in refused.value.errors


# -- filing -----------------------------------------------------------------------------


def test_only_a_licensed_inspector_files(place):
    with pytest.raises(PermissionDenied):
        file(place, UserFactory(), inspected_on=dt.date(2030, 6, 1))


def test_a_license_expired_on_the_inspection_day_is_refused_naming_the_field(place, admin):
    user = UserFactory()
    SystemInspectorLicenseFactory(user=user, granted_by=admin, granted_on=dt.date(2029, 1, 2),
                                  expires_on=dt.date(2030, 5, 31))

    with pytest.raises(DomainError) as refused:
        file(place, user, inspected_on=dt.date(2030, 6, 1))

    assert "inspected_on" in refused.value.errors
    assert "was not in force" in refused.value.errors["inspected_on"][0]


def test_a_revoked_license_files_nothing(place, inspector, admin):
    services.revoke_inspector_license(license=inspector.septic_licenses.get(),
                                      acting_user=admin)

    with pytest.raises(PermissionDenied):
        file(place, inspector, inspected_on=dt.date(2030, 6, 1))


def test_a_property_of_another_town_is_refused_naming_the_place(inspector):
    elsewhere = PropertyFactory(municipality=municipality("north_andover"))

    with pytest.raises(DomainError) as refused:
        file(elsewhere, inspector, inspected_on=dt.date(2030, 6, 1))

    assert list(refused.value.errors) == ["place"]


def test_a_report_is_valid_two_years_and_is_the_property_s_current_one(place, inspector):
    report = file(place, inspector, inspected_on=dt.date(2030, 5, 31))

    assert report.valid_through == dt.date(2032, 5, 31)
    assert services.current_report(place) == report
    assert services.current_report(place, on=dt.date(2032, 5, 31)) == report
    assert services.current_report(place, on=dt.date(2032, 6, 1)) is None


def test_filing_is_audited(place, inspector):
    report = file(place, inspector, inspected_on=dt.date(2030, 6, 1))

    entry = AuditEntry.objects.get(action="septic.report_filed", object_id=report.pk)
    assert entry.after["late"] is False


#: Inspected Saturday August 3, 2030: the 30th day is Labor Day, so the report is due Tuesday.
INSPECTED = dt.date(2030, 8, 3)


def test_the_30_day_deadline_rolls_past_labor_day(tisbury):
    assert services.report_due(INSPECTED, tisbury) == TUESDAY_AFTER


@pytest.mark.parametrize(("filed_on", "late"), [
    (LABOR_DAY, False),          # the day before the due date (a holiday: filed online)
    (TUESDAY_AFTER, False),      # the due date
    (dt.date(2030, 9, 4), True),  # the day after
])
def test_a_report_filed_after_its_30_days_is_flagged_late(place, inspector, filed_on, late):
    with on(filed_on):
        report = file(place, inspector, inspected_on=INSPECTED)

    assert report.filed_on == filed_on
    assert report.late is late


# -- failed systems ---------------------------------------------------------------------


def test_a_failed_report_opens_a_case_with_two_orders_and_notifies_the_owner(
        place, inspector, django_capture_on_commit_callbacks):
    owner = UserFactory(email="olive@example.org")
    place.people.add(owner)

    with django_capture_on_commit_callbacks(execute=True):
        report = file(place, inspector, inspected_on=dt.date(2030, 6, 3), result="failed")

    case = report.case
    assert case.case_type == services.FAILED_SYSTEM
    assert case.party == owner
    hearing, upgrade = sorted(case.orders.all(), key=lambda order: order.comply_by)
    assert hearing.comply_by == dt.date(2030, 6, 10)
    assert hearing.citation == "Tisbury BOH Reg 09.1.3(5)"
    assert upgrade.comply_by == dt.date(2030, 9, 3)  # June 3 + 90 = Labor Day: Tuesday
    assert upgrade.citation == "Tisbury BOH Reg 09.0.8(8)"
    assert Message.objects.filter(recipient=owner, kind="order_issued").count() == 2


def test_a_passed_report_opens_no_case(place, inspector):
    report = file(place, inspector, inspected_on=dt.date(2030, 6, 3))

    assert report.case is None
    assert not Case.objects.filter(case_type=services.FAILED_SYSTEM).exists()


def _failed_on(day: dt.date, place, inspector, **extra):
    with on(day):
        return file(place, inspector, inspected_on=day, result="failed", **extra).case


def test_the_7_day_order_rolls_past_labor_day(place, inspector):
    case = _failed_on(dt.date(2030, 8, 26), place, inspector)

    assert case.orders.get(citation__endswith="09.1.3(5)").comply_by == TUESDAY_AFTER


def test_the_90_days_of_a_sale_run_from_a_closing_still_to_come(place, inspector):
    # June 4, 2030 + 90 days = Labor Day: due Tuesday.
    case = _failed_on(dt.date(2030, 6, 3), place, inspector, sale_closing_on=dt.date(2030, 6, 4))

    upgrade = case.orders.get(citation__endswith="09.0.8(8)")
    assert upgrade.comply_by == TUESDAY_AFTER
    assert "closing on June 4, 2030" in upgrade.text


def test_the_90_days_of_a_sale_run_from_a_closing_already_past(place, inspector):
    with on(dt.date(2030, 6, 10)):
        report = file(place, inspector, inspected_on=dt.date(2030, 6, 3), result="failed",
                      sale_closing_on=dt.date(2030, 6, 4))

    assert report.case.orders.get(citation__endswith="09.0.8(8)").comply_by == TUESDAY_AFTER


def _status(case, day: dt.date, citation_end: str) -> str:
    rows = [row for row in deadlines([case.municipality_id], today=day)
            if row.citation.endswith(citation_end)]
    assert len(rows) == 1
    return rows[0].status(day)


@pytest.mark.parametrize(("day", "status"), [
    (LABOR_DAY, "Due in 1 day"),
    (TUESDAY_AFTER, "Due today"),
    (dt.date(2030, 9, 4), "Overdue by 1 day"),
])
def test_the_deadlines_screen_lists_the_7_day_order(place, inspector, day, status):
    case = _failed_on(dt.date(2030, 8, 26), place, inspector)

    assert _status(case, day, "09.1.3(5)") == status


@pytest.mark.parametrize(("day", "status"), [
    (LABOR_DAY, "Due in 1 day"),
    (TUESDAY_AFTER, "Due today"),
    (dt.date(2030, 9, 4), "Overdue by 1 day"),
])
def test_the_deadlines_screen_lists_the_90_day_order(place, inspector, day, status):
    case = _failed_on(dt.date(2030, 6, 3), place, inspector, sale_closing_on=dt.date(2030, 6, 4))

    assert _status(case, day, "09.0.8(8)") == status


# -- escalation and the Board's checks --------------------------------------------------


@pytest.fixture
def clerk(tisbury):
    return staff(Role.CLERK, "tisbury")


@pytest.mark.parametrize(("day", "overdue"), [
    (TUESDAY_AFTER, 0), (dt.date(2030, 9, 4), 1),
])
def test_an_order_is_overdue_the_day_after_it_falls_due(place, inspector, day, overdue):
    case = _failed_on(dt.date(2030, 8, 26), place, inspector)

    assert len(services.overdue_orders(case, on=day)) == overdue


def test_overdue_orders_are_escalated_once_and_audited(place, inspector, clerk):
    case = _failed_on(dt.date(2030, 8, 26), place, inspector)

    with on(TUESDAY_AFTER), pytest.raises(InvalidTransition):
        services.escalate_overdue(case=case, acting_user=clerk)
    with on(dt.date(2030, 9, 4)):
        missed = services.escalate_overdue(case=case, acting_user=clerk)
        with pytest.raises(InvalidTransition):
            services.escalate_overdue(case=case, acting_user=clerk)

    assert [order.comply_by for order in missed] == [TUESDAY_AFTER]
    assert services.escalated_order_ids(case) == {missed[0].pk}
    assert AuditEntry.objects.filter(action="septic.orders_escalated").count() == 1


def test_the_inspector_does_not_escalate(place, inspector):
    case = _failed_on(dt.date(2030, 6, 3), place, inspector)

    with pytest.raises(PermissionDenied):
        services.escalate_overdue(case=case, acting_user=inspector)


def test_the_failed_septic_check_is_recorded_on_the_case(place, inspector, clerk):
    case = _failed_on(dt.date(2030, 6, 3), place, inspector)

    run = services.run_case_check(case=case, code="tisbury.failed_septic",
                                  facts={"effluent_over_ground": False,
                                         "pumpouts_last_12_months": 4}, acting_user=clerk)

    case.refresh_from_db()
    assert [finding["outcome"] for finding in run["findings"]] == ["needs_review"]
    assert case.findings["checks"]["tisbury.failed_septic"]["facts"][
        "pumpouts_last_12_months"] == 4


def test_the_system_limits_check_fails_three_systems_on_a_residential_lot(place, inspector,
                                                                           clerk):
    case = _failed_on(dt.date(2030, 6, 3), place, inspector)

    run = services.run_case_check(case=case, code="tisbury.system_limits", facts={
        "zoning": "residential", "systems_on_lot": 3, "dwelling_units_per_system": 1,
        "public_interest_housing": False, "sewer_at_lot_line": False}, acting_user=clerk)

    assert [finding["outcome"] for finding in run["findings"]] == ["fail"]
    assert run["findings"][0]["citation"] == "Tisbury BOH Reg 09.1.3(3)"


def test_a_check_with_missing_facts_is_refused_naming_them(place, inspector, clerk):
    case = _failed_on(dt.date(2030, 6, 3), place, inspector)

    with pytest.raises(DomainError) as refused:
        services.run_case_check(case=case, code="tisbury.system_limits",
                                facts={"zoning": "residential"}, acting_user=clerk)

    assert "systems_on_lot" in refused.value.errors
