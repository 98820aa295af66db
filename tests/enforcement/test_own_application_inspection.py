"""An application's inspection is one of the office's steps on it: an inspector who applied
(or whose business did) neither schedules it nor records, photographs or closes its visit;
another inspector does (``permissions.own_application_refusal``)."""

import pytest

from permits_site.enforcement.models import Inspection
from permits_site.enforcement.services import (
    add_inspection_photo,
    close_inspection,
    record_inspection,
    schedule_inspection,
)
from permits_site.exceptions import PermissionDenied
from permits_site.licensing.models import ApplicationStatus, PermitType
from tests.api.conftest import client_for
from tests.enforcement.conftest import photo_upload
from tests.enforcement.test_inspection_checklist_and_day import CAMPGROUND, MONDAY, SUNDAY
from tests.factories import ApplicationFactory, Role, municipality, on_day, staff
from tests.own_application import OWN

pytestmark = pytest.mark.django_db


@pytest.fixture
def applicant(db):
    """A Tisbury inspector who applied for a campground license as a resident."""
    return staff(Role.INSPECTOR, "tisbury", first_name="Ivy", last_name="Applicant")


@pytest.fixture
def colleague(db):
    return staff(Role.INSPECTOR, "tisbury", first_name="Colin", last_name="Colleague")


@pytest.fixture
def own(applicant):
    return ApplicationFactory(permit_type=PermitType.objects.get(code=CAMPGROUND),
                              applicant=applicant, status=ApplicationStatus.SUBMITTED)


def schedule(application, *, by, inspector):
    return schedule_inspection(municipality=municipality("tisbury"), check_code=CAMPGROUND,
                               scheduled_for=MONDAY, inspector=inspector, acting_user=by,
                               application=application, address="1 Lake Road")


def test_the_applicant_does_not_schedule_it_and_a_colleague_does(own, applicant, colleague):
    with on_day(SUNDAY):
        with pytest.raises(PermissionDenied, match="You applied for this"):
            schedule(own, by=applicant, inspector=colleague)
        assert not Inspection.objects.exists()

        scheduled = schedule(own, by=colleague, inspector=colleague)

    assert scheduled.application == own


@pytest.mark.parametrize("step", [
    lambda visit, user: record_inspection(inspection=visit, answers={}, notes="",
                                          acting_user=user),
    lambda visit, user: add_inspection_photo(inspection=visit, upload=photo_upload(),
                                             acting_user=user),
    lambda visit, user: close_inspection(inspection=visit, acting_user=user),
], ids=["findings", "photo", "close"])
def test_the_applicant_takes_no_step_of_its_visit(own, applicant, colleague, step):
    with on_day(SUNDAY):
        visit = schedule(own, by=colleague, inspector=applicant)
    with on_day(MONDAY), pytest.raises(PermissionDenied, match="You applied for this"):
        step(visit, applicant)

    visit.refresh_from_db()
    assert (visit.status, visit.answers, visit.photos.count()) == ("scheduled", {}, 0)


def test_the_api_answers_403_saying_why(own, applicant, colleague):
    body = {"municipality": "tisbury", "check": CAMPGROUND, "scheduled_for": MONDAY.isoformat(),
            "inspector": colleague.pk, "application": own.pk}

    with on_day(SUNDAY):
        refused = client_for(applicant).post("/api/v1/inspections/", body, format="json")
        taken = client_for(colleague).post("/api/v1/inspections/", body, format="json")

    assert refused.status_code == 403
    assert refused.json() == {"detail": OWN}
    assert taken.status_code == 201, taken.json()
