"""A dog's page for North Andover's staff (Code ch. 60): licenses and tags by year, the cases
of its owner or at its residence, their determinations, orders and citations, and its
impoundments — in a fixed number of queries, and a 404 for anyone but the town's staff."""

import datetime as dt
import re

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.factories import (
    CaseFactory,
    CitationFactory,
    DogFactory,
    DogLicenseFactory,
    DogTagFactory,
    ImpoundmentFactory,
    OrderFactory,
    PaperLicenseFactory,
    PermitFactory,
    PropertyFactory,
    Role,
    UserFactory,
    staff,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def dog(db):
    return DogFactory(name="Biscuit", residence=PropertyFactory(address="9 Pond Road"))


def add_rows(dog, count: int) -> None:
    """``count`` license years, tags, cases with an order and a citation, and impoundments."""
    this_year = timezone.localdate().year
    for offset in range(count):
        year = this_year - offset
        permit = PermitFactory(application__applicant=dog.owner, year=year)
        DogLicenseFactory(dog=dog, application=permit.application, license_year=year)
        DogTagFactory(dog=dog, permit=permit, year=year)
        case = CaseFactory(party=dog.owner, address=dog.residence.full_address,
                           determination=f"Finding {offset}",
                           determined_on=timezone.localdate())
        OrderFactory(case=case)
        CitationFactory(case=case)
        ImpoundmentFactory(dog=dog)
    PaperLicenseFactory(dog=dog, year=this_year - count)


def record_url(dog) -> str:
    return reverse("dogs:dog_record", args=[dog.pk])


def test_the_page_shows_licenses_tags_cases_and_impoundments(client, dog):
    add_rows(dog, 2)
    elsewhere = CaseFactory(party=UserFactory(), address="1 Other Way")
    client.force_login(staff(Role.ANIMAL_CONTROL_OFFICER, "north_andover"))
    page = client.get(record_url(dog)).content.decode()
    year = timezone.localdate().year
    assert "Biscuit" in page and "9 Pond Road, North Andover" in page
    assert str(year) in page and str(year - 1) in page
    assert "Paper license no. NA-" in page
    assert len(re.findall(r"/enforcement/cases/\d+/", page)) == 2
    assert f"/enforcement/cases/{elsewhere.pk}/" not in page
    assert "Finding 1" in page
    assert page.count("Intake #") == 2


def test_a_case_at_the_residence_against_another_occupant_is_listed(client, dog):
    case = CaseFactory(party=UserFactory(), address=dog.residence.full_address)
    client.force_login(staff(Role.CLERK, "north_andover"))
    assert f"/enforcement/cases/{case.pk}/" in client.get(record_url(dog)).content.decode()


@pytest.mark.parametrize("rows", [2, 10])
def test_a_fixed_number_of_queries_whatever_the_rows(client, dog, django_assert_num_queries,
                                                     rows):
    add_rows(dog, rows)
    client.force_login(staff(Role.CLERK, "north_andover"))
    client.get(record_url(dog))
    # the bites on record and the tag exemptions: one query each
    with django_assert_num_queries(13):
        response = client.get(record_url(dog))
    assert response.status_code == 200


@pytest.mark.parametrize("who", ["owner", "resident", "other_town"])
def test_only_the_towns_staff_see_it(client, dog, who):
    user = {"owner": lambda: dog.owner, "resident": UserFactory,
            "other_town": lambda: staff(Role.CLERK, "tisbury")}[who]()
    client.force_login(user)
    assert client.get(record_url(dog)).status_code == 404


def test_the_impoundment_record_links_to_the_dog(client, dog):
    record = ImpoundmentFactory(dog=dog, impounded_on=timezone.localdate() - dt.timedelta(days=1))
    client.force_login(staff(Role.ANIMAL_CONTROL_OFFICER, "north_andover"))
    page = client.get(reverse("dogs:impoundment", args=[record.pk])).content.decode()
    assert record_url(dog) in page
