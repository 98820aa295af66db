"""The septic inspection pages and API (Tisbury BOH Reg 09.0.8(4), 09.1.3(5)): the inspector's
"file a report", the admin's licenses, the property page's and the disposal works review
screen's current report, the seller's letter and the failed-system case."""

from __future__ import annotations

import datetime as dt

import pytest
import time_machine

from permits_site.licensing.models import Application
from tests.factories import (
    PropertyFactory,
    Role,
    SepticInspectionReportFactory,
    SystemInspectorLicenseFactory,
    UserFactory,
    local,
    municipality,
    staff,
    tisbury_place,
)
from tests.page_forms import assert_on_the_page, field_error, post_form
from tests.rules.test_tisbury_rules import COASTAL_SEPTIC_OK
from tests.tisbury.support import client_for
from tisbury_regs.models import SepticInspectionReport, SystemInspectorLicense
from tisbury_regs.septic import services

pytestmark = pytest.mark.django_db
SEPTIC_ANSWERS = {name: value for name, value in COASTAL_SEPTIC_OK.items() if name != "zone"}


@pytest.fixture
def admin():
    return staff(Role.ADMIN, "tisbury")


@pytest.fixture
def inspector(admin):
    user = UserFactory(first_name="Ian", last_name="Inspector")
    SystemInspectorLicenseFactory(user=user, granted_by=admin, license_number="SI-0042",
                                  granted_on=dt.date(2030, 1, 2), expires_on=dt.date(2031, 1, 1))
    return user


@pytest.fixture
def place():
    return PropertyFactory(municipality=municipality("tisbury"), address="12 Beach Road")


def failed_report(place, inspector, **extra) -> SepticInspectionReport:
    return services.file_report(place=place, owner_name="Olive Owner",
                                inspected_on=dt.date(2030, 6, 3), result="failed",
                                acting_user=inspector, **extra)


# -- filing -----------------------------------------------------------------------------


def test_a_licensed_inspector_files_a_report_on_the_page(client, inspector, place):
    client.force_login(inspector)
    assert client.get("/tisbury/septic/reports/new/").status_code == 200

    done = client.post("/tisbury/septic/reports/new/", {
        "place": place.pk, "owner_name": "Olive Owner", "inspected_on": "2030-04-01",
        "result": "passed", "notes": "Tank pumped and baffles sound."}, follow=True)

    report = SepticInspectionReport.objects.get()
    assert done.status_code == 200
    assert report.late
    assert "late: it was due by May 1" in done.content.decode()


def test_a_person_without_a_license_cannot_reach_the_form(client):
    client.force_login(UserFactory())

    assert client.get("/tisbury/septic/reports/new/").status_code == 403


def test_an_expired_license_is_refused_on_the_inspection_date_field(client, admin, place):
    user = UserFactory()
    SystemInspectorLicenseFactory(user=user, granted_by=admin, granted_on=dt.date(2029, 1, 2),
                                  expires_on=dt.date(2030, 5, 1))
    client.force_login(user)

    refused = client.post("/tisbury/septic/reports/new/", {
        "place": place.pk, "owner_name": "Olive Owner", "inspected_on": "2030-05-02",
        "result": "passed"})

    assert refused.status_code == 400
    assert 'href="#id_inspected_on"' in refused.content.decode()
    assert not SepticInspectionReport.objects.exists()


# -- licenses ---------------------------------------------------------------------------


def test_the_admin_grants_a_license_on_the_page(client, admin):
    person = UserFactory(email="ian@example.org")
    client.force_login(admin)

    client.post("/tisbury/septic/inspectors/", {
        "email": "IAN@example.org", "license_number": "SI-9", "expires_on": "2031-06-30"})

    assert SystemInspectorLicense.objects.get().user == person


def test_a_second_license_is_refused_on_the_email_field(client, admin, inspector):
    client.force_login(admin)

    refused = client.post("/tisbury/septic/inspectors/", {
        "email": inspector.email, "license_number": "SI-9", "expires_on": "2031-06-30"})

    assert refused.status_code == 400
    assert "This person already holds a license; revoke it first." in field_error(
        refused.content.decode(), "email")
    assert SystemInspectorLicense.objects.get().license_number == "SI-0042"


def test_a_clerk_cannot_reach_the_licenses_page(client):
    client.force_login(staff(Role.CLERK, "tisbury"))

    assert client.get("/tisbury/septic/inspectors/").status_code == 403


@pytest.mark.parametrize("rows", [2, 10])
def test_the_licenses_page_runs_a_fixed_number_of_queries(client, admin, rows,
                                                          django_assert_num_queries):
    SystemInspectorLicenseFactory.create_batch(rows, granted_by=admin)
    client.force_login(admin)
    client.get("/tisbury/septic/inspectors/")  # warm the session

    with django_assert_num_queries(5):
        page = client.get("/tisbury/septic/inspectors/")

    assert page.content.decode().count("In force") == rows


# -- the property's current report ------------------------------------------------------


def test_the_property_page_shows_the_current_report(client, inspector, place):
    report = failed_report(place, inspector)
    client.force_login(staff(Role.CLERK, "tisbury"))

    page = client.get(f"/staff/properties/{place.pk}/").content.decode()

    assert "Septic inspection" in page
    assert "June 3, 2032" in page  # valid through
    assert f"Failed-system case #{report.case_id}" in page


def test_the_disposal_works_review_screen_shows_the_current_report(client):
    inspector = UserFactory()
    owner = UserFactory()
    place = tisbury_place(owner, "coastal_district")
    SepticInspectionReportFactory(property=place, license=SystemInspectorLicenseFactory(
        user=inspector, license_number="SI-0077"))
    created = client_for(owner).post("/api/v1/applications/", {
        "permit_type": "tisbury.disposal_works", "action": "new",
        "details": {"property": place.pk, **SEPTIC_ANSWERS}}, format="json")
    assert created.status_code == 201, created.content
    application = Application.objects.get(pk=created.json()["id"])
    client.force_login(staff(Role.CLERK, "tisbury"))

    screen = client.get(f"/staff/applications/{application.pk}/").content.decode()

    assert "license SI-0077" in screen
    assert "Water supply" in screen


# -- the seller's letter and the case ---------------------------------------------------


def test_the_seller_s_letter_lists_the_upgrade_requirements(client, inspector, place):
    report = failed_report(place, inspector, sale_closing_on=dt.date(2030, 6, 4))
    client.force_login(staff(Role.CLERK, "tisbury"))

    letter = client.get(f"/tisbury/septic/reports/{report.pk}/letter/").content.decode()

    assert "Septic system inspection report acknowledged" in letter
    assert "Tuesday, September 3, 2030" in letter
    assert "Print this letter" in letter


def test_the_inspector_does_not_print_the_letter(client, inspector, place):
    report = failed_report(place, inspector)
    client.force_login(inspector)

    assert client.get(f"/tisbury/septic/reports/{report.pk}/").status_code == 200
    assert client.get(f"/tisbury/septic/reports/{report.pk}/letter/").status_code == 403


def test_the_case_page_flags_and_escalates_an_overdue_order(client, inspector, place):
    case = failed_report(place, inspector).case
    client.force_login(staff(Role.CLERK, "tisbury"))

    with time_machine.travel(local(dt.date(2030, 6, 11), 10), tick=False):
        page = client.get(f"/tisbury/septic/cases/{case.pk}/").content.decode()
        client.post(f"/tisbury/septic/cases/{case.pk}/escalate/")
        after = client.get(f"/tisbury/septic/cases/{case.pk}/").content.decode()

    assert "Overdue" in page and "Escalate the overdue orders" in page
    assert "escalated to the Board" in after


def test_the_case_page_records_a_check_with_its_facts(client, inspector, place):
    case = failed_report(place, inspector).case
    client.force_login(staff(Role.CLERK, "tisbury"))

    page = f"/tisbury/septic/cases/{case.pk}/"

    client.post(page, {
        "action": "tisbury.failed_septic", "tisbury.failed_septic-effluent_over_ground": "yes",
        "tisbury.failed_septic-pumpouts_last_12_months": "1"})
    refused = post_form(client, page, 'name="tisbury.system_limits-')

    case.refresh_from_db()
    assert case.findings["checks"]["tisbury.failed_septic"]["findings"][0]["outcome"] == (
        "needs_review")
    assert refused.status_code == 400
    assert_on_the_page(client, refused, page)
    assert 'href="#id_tisbury.system_limits-' in refused.content.decode()


# -- the API ----------------------------------------------------------------------------


def test_the_api_files_a_failed_report_with_its_orders(inspector, place):
    response = client_for(inspector).post("/api/v1/septic-reports/", {
        "property": place.pk, "owner_name": "Olive Owner", "inspected_on": "2030-06-03",
        "result": "failed", "sale_closing_on": "2030-06-04"}, format="json")

    assert response.status_code == 201, response.content
    body = response.json()
    assert body["late"] is False
    assert sorted(order["comply_by"] for order in body["orders"]) == ["2030-06-10",
                                                                      "2030-09-03"]


def test_the_api_refuses_an_unlicensed_filer_and_unknown_fields(place):
    api = client_for(UserFactory())
    body = {"property": place.pk, "owner_name": "O", "inspected_on": "2030-06-03",
            "result": "passed"}

    assert api.post("/api/v1/septic-reports/", body, format="json").status_code == 403
    assert api.post("/api/v1/septic-reports/", {**body, "late": False},
                    format="json").status_code == 400


def test_the_api_grants_and_revokes_a_license(admin):
    api = client_for(admin)
    person = UserFactory()

    granted = api.post("/api/v1/septic-inspector-licenses/", {
        "user": person.pk, "license_number": "SI-5", "expires_on": "2031-01-01"},
        format="json")
    revoked = api.post(f"/api/v1/septic-inspector-licenses/{granted.json()['id']}/revoke/")

    assert granted.status_code == 201
    assert revoked.json()["revoked_on"] == "2030-06-03"
