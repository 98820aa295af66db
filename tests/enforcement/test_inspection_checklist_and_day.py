"""An application's inspection answers the checklist its permit type names as its gate
(``inspection_check``, spec lifecycle.md), and an inspection's findings are recorded and it is
closed from the day it is scheduled for: an inspector who visits earlier reschedules it first,
so the record says when the visit was."""

import datetime as dt

import pytest
from django.urls import reverse

from permits_site.enforcement.models import InspectionStatus
from permits_site.enforcement.services import (
    add_inspection_photo,
    close_inspection,
    record_inspection,
    schedule_inspection,
)
from permits_site.enforcement.services.scheduling import reschedule_inspection
from permits_site.exceptions import DomainError, InvalidTransition
from permits_site.licensing.models import Application, ApplicationStatus, PermitType
from tests.api.conftest import client_for
from tests.enforcement.conftest import CLEAN_STABLE, photo_upload, sanitary_inspection
from tests.enforcement.test_pages import checklist
from tests.factories import ApplicationFactory, PermitFactory, Role, municipality, on_day, staff

pytestmark = pytest.mark.django_db

#: Sunday 6 December 2026; the inspection is set for Monday the 7th.
SUNDAY = dt.date(2026, 12, 6)
MONDAY = dt.date(2026, 12, 7)
CAMPGROUND = "tisbury.campground"
KITCHEN_VISIT = "tisbury.residential_kitchen_visit"


@pytest.fixture(autouse=True)
def _sunday():
    with on_day(SUNDAY):
        yield


@pytest.fixture
def tisbury_inspector(db):
    return staff(Role.INSPECTOR, "tisbury", first_name="Tess", last_name="Tisbury")


@pytest.fixture
def campground_application(db) -> Application:
    return ApplicationFactory(permit_type=PermitType.objects.get(code="tisbury.campground"),
                              status=ApplicationStatus.SUBMITTED)


# -- the checklist of an application's gate -------------------------------------------------


def test_an_application_is_inspected_on_its_permit_types_checklist(campground_application,
                                                                  tisbury_inspector):
    with pytest.raises(DomainError) as refused:
        schedule_inspection(municipality=municipality("tisbury"), check_code=KITCHEN_VISIT,
                            scheduled_for=MONDAY, inspector=tisbury_inspector,
                            application=campground_application, address="1 Lake Rd",
                            acting_user=tisbury_inspector)

    assert list(refused.value.errors) == ["check_code"]
    assert CAMPGROUND in refused.value.errors["check_code"][0]
    assert not campground_application.inspections.exists()


def test_the_api_refuses_another_checklist_under_check_and_takes_the_right_one(
        campground_application, tisbury_inspector):
    body = {"municipality": "tisbury", "scheduled_for": MONDAY.isoformat(),
            "inspector": tisbury_inspector.pk, "application": campground_application.pk}
    api = client_for(staff(Role.CLERK, "tisbury"))

    wrong = api.post("/api/v1/inspections/", {**body, "check": KITCHEN_VISIT}, format="json")
    right = api.post("/api/v1/inspections/", {**body, "check": CAMPGROUND}, format="json")

    assert wrong.status_code == 400
    assert list(wrong.json()) == ["check"]
    assert CAMPGROUND in wrong.json()["check"][0]
    assert right.status_code == 201, right.json()
    assert campground_application.inspections.get().check_code == CAMPGROUND


KENNEL_VISIT = "north_andover.kennel_inspection"


@pytest.fixture
def na_inspector(db):
    return staff(Role.ANIMAL_CONTROL_OFFICER, "north_andover")


@pytest.mark.parametrize("record", ["application", "permit"])
def test_another_types_gate_checklist_is_refused_for_a_dog_license(na_inspector, record):
    """The kennel's checklist (Kennel license B(3)) holds kennel applications alone: a dog
    license, which no inspection holds, is not inspected on it."""
    dog_license = {"application": lambda: ApplicationFactory(
                       status=ApplicationStatus.SUBMITTED),
                   "permit": PermitFactory}[record]()

    with pytest.raises(DomainError) as refused:
        schedule_inspection(municipality=municipality("north_andover"), check_code=KENNEL_VISIT,
                            scheduled_for=MONDAY, inspector=na_inspector, acting_user=na_inspector,
                            address="5 Elm Street", **{record: dog_license})

    assert refused.value.errors == {"check_code": [
        "Kennel inspection is the checklist of another permit type's inspection: a Dog "
        "License is not inspected on it."]}
    assert not dog_license.inspections.exists()


def test_the_api_refuses_it_under_check_and_a_typed_address_takes_it(na_inspector):
    body = {"municipality": "north_andover", "scheduled_for": MONDAY.isoformat(),
            "inspector": na_inspector.pk, "check": KENNEL_VISIT}
    api = client_for(staff(Role.CLERK, "north_andover"))
    dog_license = ApplicationFactory(status=ApplicationStatus.SUBMITTED)

    refused = api.post("/api/v1/inspections/", {**body, "application": dog_license.pk},
                       format="json")
    by_address = api.post("/api/v1/inspections/", {**body, "address": "5 Elm Street"},
                          format="json")

    assert refused.status_code == 400
    assert list(refused.json()) == ["check"]
    assert by_address.status_code == 201, by_address.json()


# -- findings from the day of the visit -----------------------------------------------------


def test_findings_are_not_recorded_before_the_scheduled_day(stable_permit, nb_inspector):
    with on_day(dt.date(2026, 12, 4)):
        inspection = sanitary_inspection(stable_permit, nb_inspector, on=MONDAY)

    for act in (
        lambda: record_inspection(inspection=inspection, answers=CLEAN_STABLE, notes="",
                                  acting_user=nb_inspector),
        lambda: close_inspection(inspection=inspection, answers=CLEAN_STABLE,
                                 acting_user=nb_inspector),
        lambda: add_inspection_photo(inspection=inspection, upload=photo_upload(),
                                     acting_user=nb_inspector),
    ):
        with pytest.raises(InvalidTransition) as refused:
            act()
        assert "December 7, 2026" in str(refused.value)
        assert "reschedule" in str(refused.value)

    inspection.refresh_from_db()
    assert (inspection.status, inspection.answers, inspection.inspected_on) == (
        InspectionStatus.SCHEDULED, {}, None)
    assert not inspection.photos.exists()


def test_on_the_scheduled_day_or_after_rescheduling_the_visit_is_recorded(stable_permit,
                                                                          nb_inspector):
    with on_day(dt.date(2026, 12, 3)):
        early = sanitary_inspection(stable_permit, nb_inspector, on=dt.date(2026, 12, 4))
        later = sanitary_inspection(stable_permit, nb_inspector, on=dt.date(2026, 12, 8))
        later = reschedule_inspection(inspection=later, scheduled_for=dt.date(2026, 12, 3),
                                      acting_user=nb_inspector)

        closed_today = close_inspection(inspection=later, answers=CLEAN_STABLE,
                                        acting_user=nb_inspector)
    with on_day(dt.date(2026, 12, 4)):
        closed_on_the_day = close_inspection(inspection=early, answers=CLEAN_STABLE,
                                             acting_user=nb_inspector)

    assert closed_today.inspected_on == dt.date(2026, 12, 3)
    assert closed_on_the_day.inspected_on == dt.date(2026, 12, 4)


def test_the_api_and_the_field_screen_refuse_early_findings(client, stable_permit,
                                                            nb_inspector):
    with on_day(dt.date(2026, 12, 4)):
        inspection = sanitary_inspection(stable_permit, nb_inspector, on=MONDAY)
    api = client_for(nb_inspector)
    client.force_login(nb_inspector)

    findings = api.post(f"/api/v1/inspections/{inspection.pk}/findings/",
                        {"answers": CLEAN_STABLE}, format="json")
    closed = api.post(f"/api/v1/inspections/{inspection.pk}/close/")
    page = client.post(reverse("enforcement:inspection", args=[inspection.pk]),
                       checklist(CLEAN_STABLE, action="close"))

    assert (findings.status_code, closed.status_code) == (400, 400)
    assert "December 7, 2026" in findings.json()["non_field_errors"][0]
    assert "December 7, 2026" in page.content.decode()
    inspection.refresh_from_db()
    assert (inspection.status, inspection.answers) == (InspectionStatus.SCHEDULED, {})
