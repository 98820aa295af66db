"""Enforcement fixtures: Northborough staff, a stable permit, and case types for the other towns.

Every town's app registers its own case types; two more are registered here
for the tests only, to show the core needs nothing more than a registration.
"""

import datetime as dt
from decimal import Decimal

import pytest
import time_machine
from django.core.files.uploadedfile import SimpleUploadedFile

from permits_site.enforcement.registry import CaseType, ChargeType, registered_case_types
from permits_site.enforcement.services import (
    close_inspection,
    open_case,
    record_inspection,
    schedule_inspection,
)
from permits_site.licensing.models import Application, ApplicationStatus, Permit, PermitType
from tests.factories import Role, UserFactory, municipality, staff

STABLE_CASE = "northborough.stable_violation"
STABLE_OFFENSE = "stable_regulation_violation"
SANITARY = "northborough.sanitary_inspection"
FIXTURES = "tests/fixtures_files/"
#: Monday, June 7, 2027, 9 a.m.: a day North Andover's and Northborough's offices are open,
#: on which the case and citation tests write their records.
MONDAY = dt.datetime(2027, 6, 7, 9, 0)

#: A sanitary inspection that finds nothing wrong.
CLEAN_STABLE = {
    "manure_storage_cuft": 120,
    "days_since_manure_removed": 5,
    "manure_variance": False,
    "runoff_to_wetlands": False,
    "stall_cleaned_daily": True,
    "effluent_discharged": False,
    "feed_in_closed_containers": True,
}
#: The same stable with 300 cu ft of manure and no variance: §6.2 fails.
MANURE_OVER_LIMIT = {**CLEAN_STABLE, "manure_storage_cuft": 300}

DOG_COMPLAINT = CaseType(
    code="north_andover.dog_complaint",
    municipality="north_andover",
    name="Dog complaint",
    offenses=("running_at_large", "animal_limit"),
    citation="North Andover Code ch. 60",
)
BITE_QUARANTINE = CaseType(
    code="tisbury.animal_quarantine",
    municipality="tisbury",
    name="Animal quarantine",
    offenses=("quarantine",),
    charges=(ChargeType("quarantine_board", "Boarding during quarantine", "Tisbury BOH 09.7.3"),),
)


@pytest.fixture(autouse=True)
def other_towns_case_types():
    """North Andover's and Tisbury's case types, registered for the test only."""
    with registered_case_types(DOG_COMPLAINT, BITE_QUARANTINE):
        yield


@pytest.fixture
def northborough(db):
    return municipality("northborough")


#: Northborough's usual hearing hour and place, for the tests of a hearing's own.
USUAL_TIME, USUAL_PLACE = dt.time(19, 0), "Town Hall, 63 Main Street"


@pytest.fixture
def usual_hearing_time_and_place(northborough):
    """Northborough holds its hearings at 7:00 PM in the Town Hall unless one names
    another hour or place."""
    northborough.hearing_time, northborough.hearing_place = USUAL_TIME, USUAL_PLACE
    northborough.save(update_fields=["hearing_time", "hearing_place"])


@pytest.fixture
def stable_permit_case(stable_permit, nb_inspector):
    """A case on the Northborough stable permit, received on the Monday."""
    return stable_case(stable_permit, nb_inspector, received_on=MONDAY.date())


@pytest.fixture
def nb_clerk(db):
    return staff(Role.CLERK, "northborough", first_name="Nora", last_name="Clerk")


@pytest.fixture
def nb_inspector(db):
    return staff(Role.INSPECTOR, "northborough", first_name="Ivan", last_name="Inspector")


@pytest.fixture
def nb_board(db):
    return staff(Role.HEARING_AUTHORITY, "northborough", first_name="Beth", last_name="Board")


@pytest.fixture
def tisbury_inspector(db):
    return staff(Role.INSPECTOR, "tisbury", first_name="Tess", last_name="Tisbury")


@pytest.fixture
def stable_owner(db):
    return UserFactory(first_name="Sam", last_name="Stable", street_address="12 Bartlett St",
                       city="Northborough", postal_code="01532")


def issued_permit(holder, *, issued_by, code="northborough.private_stable", sequence=1,
                  valid_from=dt.date(2027, 1, 4), valid_through=dt.date(2028, 1, 3),
                  holder_business=None) -> Permit:
    """An issued permit written directly (to ``holder_business`` when given, ``holder``
    applying for it): the stables app's own flow is tested there."""
    permit_type = PermitType.objects.get(code=code)
    application = Application.objects.create(
        municipality=permit_type.municipality, permit_type=permit_type, action="new",
        applicant=holder, status=ApplicationStatus.ISSUED,
    )
    return Permit.objects.create(
        number=f"{permit_type.number_prefix}-{valid_from.year}-{sequence:05d}",
        sequence=sequence, year=valid_from.year, municipality=permit_type.municipality,
        permit_type=permit_type, application=application, holder=holder,
        holder_business=holder_business,
        holder_name=(holder_business or holder).display_name,
        holder_address=holder.mailing_address,
        valid_from=valid_from, valid_through=valid_through, fee_total=Decimal("50.00"),
        issued_by=issued_by,
    )


@pytest.fixture
def stable_permit(stable_owner, nb_clerk):
    return issued_permit(stable_owner, issued_by=nb_clerk)


def sanitary_inspection(permit, inspector, *, on: dt.date):
    return schedule_inspection(municipality=permit.municipality, check_code=SANITARY,
                               scheduled_for=on, inspector=inspector, permit=permit,
                               acting_user=inspector)


def failed_inspection(permit, inspector, *, on: dt.date):
    """A sanitary inspection closed today with manure over the §6.2 limit."""
    inspection = sanitary_inspection(permit, inspector, on=on)
    record_inspection(inspection=inspection, answers=MANURE_OVER_LIMIT, notes="",
                      acting_user=inspector)
    return close_inspection(inspection=inspection, acting_user=inspector)


def stable_case(permit, user, *, received_on: dt.date, inspection=None):
    return open_case(municipality=permit.municipality, case_type=STABLE_CASE, permit=permit,
                     party=permit.holder, party_name=permit.holder_name,
                     address=permit.holder_address, complaint="Manure piled by the brook.",
                     received_on=received_on, inspection=inspection, acting_user=user)


def photo_upload(name: str = "rabies_certificate.png", *, as_name: str = "stall.png"):
    with open(FIXTURES + name, "rb") as sample:
        return SimpleUploadedFile(as_name, sample.read())


@pytest.fixture
def officer(db):
    """North Andover's animal control officer, who writes the chapter's citations (a test
    module about another town's officer declares its own)."""
    return staff(Role.ANIMAL_CONTROL_OFFICER, "north_andover", first_name="Alice",
                 last_name="Officer")


@pytest.fixture
def authority(db):
    """North Andover's hearing authority, the Police Chief (MGL c.40 §21D hearings)."""
    return staff(Role.HEARING_AUTHORITY, "north_andover", first_name="Hal", last_name="Chief")


@pytest.fixture
def on_monday():
    """The clock stopped at :data:`MONDAY` (a module asks for it with ``usefixtures``)."""
    with time_machine.travel(MONDAY, tick=False):
        yield
