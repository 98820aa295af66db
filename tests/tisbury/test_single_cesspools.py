"""Single cesspools at sale (Tisbury BOH Reg 09.0.8(12)): "The Tisbury Board of Health
considers single cesspools to be failed systems that must be upgraded at the time of sale and
transfer." The inspector's report at a sale names the system a single cesspool; the report is
then a failed system whatever result the inspector chose, and the upgrade order runs from the
closing (09.0.8(8)). Outside a sale the inspector's result stands."""

from __future__ import annotations

import datetime as dt

import pytest
import time_machine

from permits_site.audit.models import AuditEntry
from tests.factories import (
    PropertyFactory,
    Role,
    SystemInspectorLicenseFactory,
    UserFactory,
    local,
    municipality,
    staff,
)
from tests.tisbury.support import client_for
from tisbury_regs.models import SepticInspectionReport
from tisbury_regs.septic import services

pytestmark = pytest.mark.django_db
INSPECTED = dt.date(2030, 6, 3)
CLOSING = dt.date(2030, 6, 4)


@pytest.fixture
def inspector():
    user = UserFactory(first_name="Ian", last_name="Inspector")
    SystemInspectorLicenseFactory(user=user, granted_by=staff(Role.ADMIN, "tisbury"),
                                  granted_on=dt.date(2030, 1, 2),
                                  expires_on=dt.date(2031, 12, 31))
    return user


@pytest.fixture
def place():
    return PropertyFactory(municipality=municipality("tisbury"), address="12 Beach Road")


@pytest.fixture(autouse=True)
def june_2030():
    with time_machine.travel(local(INSPECTED, 10), tick=False):
        yield


def passed(place, inspector, **extra) -> SepticInspectionReport:
    return services.file_report(place=place, owner_name="Olive Owner", inspected_on=INSPECTED,
                                result="passed", acting_user=inspector, **extra)


def test_a_single_cesspool_at_sale_is_a_failed_system_0908_12(place, inspector):
    report = passed(place, inspector, single_cesspool=True, sale_closing_on=CLOSING)

    assert report.failed and report.single_cesspool
    assert "Tisbury BOH Reg 09.0.8(12)" in report.case.complaint
    upgrade = report.case.orders.get(citation__endswith="09.0.8(8)")
    assert "closing on June 4, 2030" in upgrade.text
    assert upgrade.comply_by == dt.date(2030, 9, 3)  # June 4 + 90 = Labor Day: Tuesday
    entry = AuditEntry.objects.get(action="septic.report_filed")
    assert "single cesspool at sale (Tisbury BOH Reg 09.0.8(12))" in entry.summary


def test_a_single_cesspool_without_a_sale_keeps_the_inspectors_result_0908_12(place,
                                                                              inspector):
    report = passed(place, inspector, single_cesspool=True)

    assert not report.failed and report.case is None


def test_a_sale_of_another_system_keeps_the_inspectors_result_0908_12(place, inspector):
    report = passed(place, inspector, sale_closing_on=CLOSING)

    assert not report.failed and report.case is None


def test_the_form_asks_whether_the_system_is_a_single_cesspool_0908_12(client, inspector,
                                                                      place):
    client.force_login(inspector)
    form = client.get("/tisbury/septic/reports/new/").content.decode()
    assert "single cesspool" in form and "09.0.8(12)" in form

    client.post("/tisbury/septic/reports/new/", {
        "place": place.pk, "owner_name": "Olive Owner", "inspected_on": "2030-06-03",
        "result": "passed", "single_cesspool": "on", "sale_closing_on": "2030-06-04"})

    report = SepticInspectionReport.objects.get()
    assert report.failed and report.case is not None
    page = client.get(f"/tisbury/septic/reports/{report.pk}/").content.decode()
    assert "09.0.8(12)" in page


def test_the_api_judges_a_single_cesspool_at_sale_failed_0908_12(inspector, place):
    response = client_for(inspector).post("/api/v1/septic-reports/", {
        "property": place.pk, "owner_name": "Olive Owner", "inspected_on": "2030-06-03",
        "result": "passed", "single_cesspool": True, "sale_closing_on": "2030-06-04"},
        format="json")

    assert response.status_code == 201, response.content
    body = response.json()
    assert (body["result"], body["single_cesspool"]) == ("failed", True)
    assert body["case"] is not None and len(body["orders"]) == 2


def test_the_api_refuses_a_single_cesspool_answer_that_is_not_yes_or_no(inspector, place):
    response = client_for(inspector).post("/api/v1/septic-reports/", {
        "property": place.pk, "owner_name": "Olive Owner", "inspected_on": "2030-06-03",
        "result": "passed", "single_cesspool": "perhaps"}, format="json")

    assert response.status_code == 400 and "single_cesspool" in response.json()
    assert not SepticInspectionReport.objects.exists()
