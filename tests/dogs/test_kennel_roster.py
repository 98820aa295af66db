"""The roster of a licensed kennel's dogs (North Andover Code ch. 60, Kennel license B(1), B(2)):
the dogs the license was issued for with their rabies vaccination, and each new dog reported
within 30 days of its acquisition — a late report recorded and flagged, not lost."""

from __future__ import annotations

import datetime as dt

import pytest
import time_machine

from dogs.kennels.services import add_kennel_dog, late_report_note, roster_count
from permits_site.exceptions import DomainError, InvalidTransition, PermissionDenied
from permits_site.licensing.models import PermitStatus
from tests.factories import KennelDogFactory, PermitFactory, UserFactory, permit_type

pytestmark = pytest.mark.django_db

#: Acquired Friday, October 9, 2026: 30 days end on Sunday, November 8, so the report is
#: due the next business day, Monday, November 9.
ACQUIRED = dt.date(2026, 10, 9)
REPORT_DUE = dt.date(2026, 11, 9)
VACCINATED_THROUGH = dt.date(2027, 10, 1)


def on(day: dt.date):
    return time_machine.travel(dt.datetime.combine(day, dt.time(10)), tick=False)


@pytest.fixture
def kennel_permit(db):
    return PermitFactory(application__permit_type=permit_type("north_andover.kennel_license"),
                         application__facts={"dogs_over_6_months": 6})


def listed(permit, *, name="Rex", acquired_on=None, acting_user=None, **overrides):
    return add_kennel_dog(permit=permit, name=name, breed="Beagle",
                          rabies_valid_through=overrides.pop("rabies_valid_through",
                                                             VACCINATED_THROUGH),
                          acquired_on=acquired_on, acting_user=acting_user or permit.holder,
                          **overrides)


@on(dt.date(2026, 10, 1))
def test_the_licensee_lists_the_dogs_the_license_was_issued_for(kennel_permit):
    dog = listed(kennel_permit)

    assert (dog.permit, dog.acquired_on, dog.report_due) == (kennel_permit, None, None)
    count = roster_count(kennel_permit, list(kennel_permit.kennel_dogs.all()))
    assert (count.licensed, count.listed, count.missing) == (6, 1, 5)


@on(dt.date(2026, 10, 1))
def test_a_seventh_dog_on_a_six_dog_license_is_a_new_dog_with_its_acquisition_date(
    kennel_permit
):
    KennelDogFactory.create_batch(6, permit=kennel_permit)

    with pytest.raises(DomainError) as refused:
        listed(kennel_permit)

    assert list(refused.value.errors) == ["acquired_on"]
    assert "Kennel license B(2)" in refused.value.errors["acquired_on"][0]


@on(dt.date(2026, 10, 1))
def test_a_dog_without_current_rabies_vaccination_is_refused_citing_b1(kennel_permit):
    with pytest.raises(DomainError) as refused:
        listed(kennel_permit, rabies_valid_through=dt.date(2026, 9, 30))

    assert list(refused.value.errors) == ["rabies_valid_through"]
    assert "Kennel license B(1)" in refused.value.errors["rabies_valid_through"][0]


@pytest.mark.parametrize(("reported_on", "late"), [
    (dt.date(2026, 11, 6), False), (REPORT_DUE, False), (REPORT_DUE + dt.timedelta(days=1), True)])
def test_a_new_dog_is_reported_within_30_days_rolled_to_a_business_day(kennel_permit,
                                                                      reported_on, late):
    with on(reported_on):
        dog = listed(kennel_permit, name="Pip", acquired_on=ACQUIRED)

    assert (dog.report_due, dog.reported_on, dog.reported_late) == (REPORT_DUE, reported_on,
                                                                    late)


@on(dt.date(2026, 12, 1))
def test_a_late_report_is_recorded_and_flagged_with_the_section(kennel_permit):
    dog = listed(kennel_permit, name="Pip", acquired_on=ACQUIRED)

    assert kennel_permit.kennel_dogs.get() == dog
    assert late_report_note(dog) == ("Reported late: due by November 9, 2026 "
                                     "(North Andover Code ch. 60, Kennel license B(2)).")


@on(dt.date(2026, 10, 1))
def test_only_the_licensee_or_the_clerk_keeps_the_roster(kennel_permit, clerk):
    with pytest.raises(PermissionDenied):
        listed(kennel_permit, acting_user=UserFactory())

    assert listed(kennel_permit, acting_user=clerk).recorded_by == clerk


@on(dt.date(2026, 10, 1))
def test_no_dog_is_added_to_a_suspended_kennel_license(kennel_permit):
    kennel_permit.status = PermitStatus.SUSPENDED
    kennel_permit.save(update_fields=["status"])

    with pytest.raises(InvalidTransition):
        listed(kennel_permit)
