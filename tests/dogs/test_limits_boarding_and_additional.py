"""A veterinarian's medical boarding is not counted toward the residence limit (Kennel
license B(1), Limits A), and the extra limits the Animal Control Officer or the Health Agent
may set after finding unhealthy conditions from overcrowding (Limits C)."""

import datetime as dt

import pytest
from django.urls import reverse

from dogs.limits.services import (
    additional_limits,
    cite_animal_limit,
    impose_additional_limits,
    latest_count,
    order_rehoming,
    record_animal_count,
)
from permits_site.audit.models import AuditEntry
from permits_site.exceptions import DomainError, PermissionDenied
from tests.dogs.test_limits import OPENED, at, keep_dogs, limits_case, outcomes
from tests.factories import PermitFactory, PropertyFactory, Role, UserFactory, permit_type, staff

pytestmark = pytest.mark.django_db
CONDITIONS = "Strong ammonia smell, soiled bedding throughout: too many animals for the house."


@pytest.fixture
def aco(db):
    return staff(Role.ANIMAL_CONTROL_OFFICER, "north_andover")


@pytest.fixture
def residence(db):
    return PropertyFactory(address="40 Osgood Street")


@pytest.fixture
def owner(db):
    return UserFactory(first_name="Robin", last_name="Keeper")


# -- Kennel license B(1): veterinary medical boarding ---------------------------------------


@pytest.mark.parametrize(("boarded", "counted", "outcome"), [
    (0, 7, "fail"), (2, 5, "fail"), (3, 4, "pass")])
def test_vet_boarding_not_counted_kennel_b1(residence, owner, aco, boarded, counted, outcome):
    keep_dogs(residence, owner, 2)
    with at(OPENED):
        case = limits_case(residence, owner, aco, dogs_not_on_record=5,
                           dogs_in_medical_boarding=boarded)

    facts = latest_count(case)["facts"]
    assert (facts["dogs_over_6_months"], facts["dogs_in_medical_boarding"]) == (counted, boarded)
    assert outcomes(case)["na.lim.A.dogs"] == outcome


def test_more_boarded_dogs_than_dogs_seen_is_refused_kennel_b1(residence, owner, aco):
    with at(OPENED), pytest.raises(DomainError) as refused:
        limits_case(residence, owner, aco, dogs_not_on_record=1, dogs_in_medical_boarding=2)

    assert "Kennel license B(1)" in refused.value.errors["dogs_in_medical_boarding"][0]


def test_boarding_count_is_a_field_of_the_count_form(client, residence, owner, aco):
    with at(OPENED):
        case = limits_case(residence, owner, aco)
        client.force_login(aco)
        page = client.get(reverse("dogs:limits_case", args=[case.pk])).content.decode()

    assert "recount-dogs_in_medical_boarding" in page
    assert "medical boarding by a licensed veterinarian" in page


# -- Limits C: additional limits after an investigation ------------------------------------


def test_officer_sets_additional_limits_and_a_later_count_is_judged_by_them_limits_c(
        residence, owner, aco):
    keep_dogs(residence, owner, 3)
    with at(OPENED):
        case = limits_case(residence, owner, aco, cats_over_4_months=3)
        impose_additional_limits(case=case, dogs=2, cats=1, conditions=CONDITIONS,
                                 acting_user=aco)
        record_animal_count(case=case, counts={"cats_over_4_months": 3}, acting_user=aco)

    assert additional_limits(case)["dogs"] == 2
    assert outcomes(case)["na.lim.C.dogs"] == "fail"
    assert outcomes(case)["na.lim.C.cats"] == "fail"
    assert outcomes(case)["na.lim.A.dogs"] == "pass"
    entry = AuditEntry.objects.get(action="dog.additional_limits_set")
    assert "Limits C" in entry.summary


@pytest.mark.parametrize(("dogs", "outcome"), [(1, "pass"), (2, "pass"), (3, "fail")])
def test_additional_dog_limit_boundary_limits_c(residence, owner, aco, dogs, outcome):
    keep_dogs(residence, owner, dogs)
    with at(OPENED):
        case = limits_case(residence, owner, aco)
        impose_additional_limits(case=case, dogs=2, cats=None, conditions=CONDITIONS,
                                 acting_user=aco)
        record_animal_count(case=case, counts={}, acting_user=aco)

    assert outcomes(case)["na.lim.C.dogs"] == outcome
    assert "na.lim.C.cats" not in outcomes(case)


def test_over_an_additional_limit_leads_to_rehoming_and_the_warning_limits_c_e(
        residence, owner, aco):
    keep_dogs(residence, owner, 3)
    with at(OPENED):
        case = limits_case(residence, owner, aco)
        impose_additional_limits(case=case, dogs=1, cats=None, conditions=CONDITIONS,
                                 acting_user=aco)
        record_animal_count(case=case, counts={}, acting_user=aco)
        order = order_rehoming(case=case, rehome_by=OPENED + dt.timedelta(days=14),
                               text="Place two dogs in alternate care.", acting_user=aco)
        warning = cite_animal_limit(case=case, acting_user=aco)

    assert order.comply_by == OPENED + dt.timedelta(days=14)
    assert warning.warning is True


@pytest.mark.parametrize(("changes", "field"), [
    ({"conditions": "  "}, "conditions"),
    ({"dogs": None, "cats": None}, "dogs"),
    ({"dogs": 4}, "dogs"),
    ({"cats": 4}, "cats"),
    ({"dogs": -1}, "dogs"),
])
def test_refused_additional_limits_name_the_field_limits_c(residence, owner, aco, changes,
                                                            field):
    with at(OPENED):
        case = limits_case(residence, owner, aco)
        with pytest.raises(DomainError) as refused:
            impose_additional_limits(case=case, **{"dogs": 2, "cats": 2,
                                                   "conditions": CONDITIONS, **changes},
                                     acting_user=aco)

    assert field in refused.value.errors
    assert additional_limits(case) is None


def test_a_kennel_may_be_held_to_more_than_four_dogs_limits_c(residence, owner, aco):
    keep_dogs(residence, owner, 8)
    with at(OPENED):
        PermitFactory(application__permit_type=permit_type("north_andover.kennel_license"),
                      place=residence)
        case = limits_case(residence, owner, aco)
        impose_additional_limits(case=case, dogs=6, cats=None, conditions=CONDITIONS,
                                 acting_user=aco)
        record_animal_count(case=case, counts={}, acting_user=aco)

    assert outcomes(case)["na.lim.C.dogs"] == "fail"


def test_only_the_officer_or_health_agent_sets_additional_limits_limits_c(residence, owner,
                                                                          aco):
    with at(OPENED):
        case = limits_case(residence, owner, aco)
        with pytest.raises(PermissionDenied):
            impose_additional_limits(case=case, dogs=2, cats=None, conditions=CONDITIONS,
                                     acting_user=staff(Role.CLERK))
        impose_additional_limits(case=case, dogs=2, cats=None, conditions=CONDITIONS,
                                 acting_user=staff(Role.INSPECTOR))

    assert additional_limits(case)["dogs"] == 2


def test_officer_sets_additional_limits_from_the_case_page_limits_c(client, residence, owner,
                                                                    aco):
    with at(OPENED):
        case = limits_case(residence, owner, aco)
        client.force_login(aco)
        posted = client.post(reverse("dogs:limits_case", args=[case.pk]), {
            "action": "additional", "additional-dogs": "2", "additional-cats": "",
            "additional-conditions": CONDITIONS})
        page = client.get(reverse("dogs:limits_case", args=[case.pk])).content.decode()

    assert posted.status_code == 302
    assert "at most 2 dogs" in page
