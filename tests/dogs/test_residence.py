"""A dog is kept at a residential property, and Limits A counts every dog kept there,
whoever of its occupants owns it (spec ``lifecycle.md``, North Andover corrections)."""

import datetime as dt

import pytest
import time_machine

from dogs.licenses.services import apply_for_dog_license, register_dog, update_dog
from dogs.models import Dog
from permits_site.exceptions import DomainError
from permits_site.licensing.services.applications import evaluate
from permits_site.parties.services import find_or_create_property, properties_of
from tests.dogs.kennels import kennel_licensed
from tests.dogs.test_license_flow import ACQUIRED
from tests.factories import DogFactory, Role, UserFactory, staff

pytestmark = pytest.mark.django_db
FEB_2027 = dt.datetime(2027, 2, 10, 15, 0)
MAPLE = {"name": "Maple", "breed": "Beagle", "color": "Tricolor", "sex": "female",
         "date_of_birth": dt.date(2024, 6, 1), "spayed_neutered": True}


def kennel_finding(dog):
    application = apply_for_dog_license(applicant=dog.owner, dog=dog, action="new",
                                        license_year=2027, acquired_on=ACQUIRED)
    return next(finding for finding in evaluate(application).findings
                if finding.rule == "na.lim.A.kennel")


@pytest.fixture
def occupants(db):
    """Two people whose mailing address is the same house, written two ways."""
    return (UserFactory(street_address="5 Elm Street"), UserFactory(street_address="5 elm st."))


@pytest.fixture
def inspector(db):
    return staff(Role.INSPECTOR, "north_andover")


def test_a_dog_registered_without_a_property_lives_at_the_mailing_address(resident):
    dog = register_dog(owner=resident, acting_user=resident, **MAPLE)

    assert dog.residence.address == resident.street_address
    assert dog.residence.municipality.code == "north_andover"
    assert dog.residence in properties_of(resident)


def test_occupants_of_one_address_share_one_residence(occupants):
    first, second = (register_dog(owner=owner, acting_user=owner, **MAPLE)
                     for owner in occupants)

    assert first.residence == second.residence


def test_a_dog_may_be_kept_at_another_of_the_owners_properties(resident, north_andover):
    farm, _ = find_or_create_property(municipality=north_andover, address="300 Farm Lane",
                                      acting_user=resident)

    dog = register_dog(owner=resident, acting_user=resident, residence=farm, **MAPLE)

    assert dog.residence == farm


def test_someone_elses_property_is_refused_naming_the_property(resident, other_resident,
                                                               north_andover):
    theirs, _ = find_or_create_property(municipality=north_andover, address="9 Oak Road",
                                        acting_user=other_resident)

    with pytest.raises(DomainError) as refusal:
        register_dog(owner=resident, acting_user=resident, residence=theirs, **MAPLE)

    assert list(refusal.value.errors) == ["property"]
    assert not Dog.objects.exists()


def test_an_owner_without_a_street_address_must_name_the_property(db):
    owner = UserFactory(street_address="")

    with pytest.raises(DomainError) as refusal:
        register_dog(owner=owner, acting_user=owner, **MAPLE)

    assert list(refusal.value.errors) == ["property"]


def test_moving_a_dog_to_another_property_is_audited(dog, north_andover):
    farm, _ = find_or_create_property(municipality=north_andover, address="300 Farm Lane",
                                      acting_user=dog.owner)

    update_dog(dog=dog, acting_user=dog.owner, residence=farm)

    dog.refresh_from_db()
    assert dog.residence == farm


@time_machine.travel(FEB_2027, tick=False)
def test_three_and_two_dogs_of_two_occupants_need_a_kennel_license_limits_a(occupants):
    first, second = occupants
    for _ in range(3):
        DogFactory(owner=first)
    dogs = [DogFactory(owner=second) for _ in range(2)]

    finding = kennel_finding(dogs[-1])

    assert finding.outcome == "fail"
    assert finding.actual == 5
    assert "Limits A" in finding.citation


@time_machine.travel(FEB_2027, tick=False)
def test_dogs_kept_at_another_address_do_not_count(occupants, resident):
    for _ in range(4):
        DogFactory(owner=resident)
    dog = DogFactory(owner=occupants[0])

    assert kennel_finding(dog).actual == 1


@time_machine.travel(FEB_2027, tick=False)
def test_a_kennel_license_held_by_the_other_occupant_for_the_address_suffices(
    occupants, inspector, clerk
):
    first, second = occupants
    for _ in range(3):
        DogFactory(owner=first)
    dogs = [DogFactory(owner=second) for _ in range(2)]
    kennel_licensed(first, dogs[0].residence, inspector=inspector, clerk=clerk)

    finding = kennel_finding(dogs[-1])

    assert finding.outcome == "pass"
    assert "kennel license" in finding.message


@time_machine.travel(FEB_2027, tick=False)
def test_a_kennel_license_for_another_address_does_not_cover_the_residence(
    occupants, resident, inspector, clerk
):
    for _ in range(5):
        DogFactory(owner=occupants[0])
    DogFactory(owner=resident)
    kennel_licensed(resident, resident.dogs.get().residence, inspector=inspector, clerk=clerk)

    assert kennel_finding(occupants[0].dogs.first()).outcome == "fail"
