"""Rabies A on the officer's record of the animal that bit (North Andover Code ch. 60,
Rabies A, C; ACO B(2)): the chapter licenses no cats or ferrets, so the animal's record —
the bite record, as the impoundment record already does — carries its vaccination, and a
dog, cat or ferret six months or older with none current on the day of the bite is flagged
as the offense ``rabies_vaccination_missing``."""

from __future__ import annotations

import datetime as dt
import html
import re

import pytest
from django.urls import reverse

from dogs.bites.services import record_bite, record_rabies_vaccination
from dogs.models import Species, rabies_vaccination_missing
from permits_site.audit.models import AuditEntry
from permits_site.exceptions import DomainError, PermissionDenied
from permits_site.licensing.models import DocumentStatus
from tests.dogs.test_tag_exemptions import dog_license
from tests.factories import (
    BiteRecordFactory,
    DocumentFactory,
    DogFactory,
    QuarantineOrderFactory,
    Role,
    staff,
)

pytestmark = pytest.mark.django_db

BITTEN_ON = dt.date(2026, 6, 7)


@pytest.mark.parametrize(("species", "under_six_months", "valid_through", "missing"), [
    (Species.CAT, False, None, True),
    (Species.FERRET, False, None, True),
    (Species.DOG, False, None, True),
    (Species.CAT, False, dt.date(2026, 6, 6), True),   # expired the day before the bite
    (Species.CAT, False, BITTEN_ON, False),             # valid through the bite's day
    (Species.FERRET, False, dt.date(2026, 6, 8), False),
    (Species.CAT, True, None, False),                   # younger than six months
    (Species.WILDLIFE, False, None, False),
    (Species.LIVESTOCK, False, None, False),
])
def test_rabies_a_cat_ferret_or_dog_bite_without_current_vaccination_is_flagged(
        species, under_six_months, valid_through, missing):
    assert rabies_vaccination_missing(species, under_six_months=under_six_months,
                                      valid_through=valid_through, on=BITTEN_ON) is missing
    bite = BiteRecordFactory.build(species=species, bitten_on=BITTEN_ON,
                                   under_six_months=under_six_months,
                                   rabies_valid_through=valid_through)
    assert bite.rabies_missing() is missing


def test_rabies_a_the_officer_records_a_cats_vaccination_on_the_bite_record_audited(aco):
    bite = BiteRecordFactory(species=Species.CAT, animal="Grey tabby",
                             bitten_on=BITTEN_ON)
    assert bite.rabies_missing()

    record_rabies_vaccination(bite=bite, acting_user=aco, certificate="NAV-12, Dr. Lee",
                              valid_through=dt.date(2027, 5, 1))

    bite.refresh_from_db()
    assert (bite.rabies_certificate, bite.rabies_valid_through) == (
        "NAV-12, Dr. Lee", dt.date(2027, 5, 1))
    assert not bite.rabies_missing()
    assert AuditEntry.objects.filter(action="bite.rabies_vaccination").count() == 1


def test_rabies_a_vaccination_needs_its_date_or_the_animals_youth_named_on_the_field(aco):
    bite = BiteRecordFactory(species=Species.FERRET, bitten_on=BITTEN_ON)
    with pytest.raises(DomainError) as refusal:
        record_rabies_vaccination(bite=bite, acting_user=aco, certificate="NAV-12",
                                  valid_through=None)
    assert "rabies_valid_through" in refusal.value.errors
    assert "Rabies A" in str(refusal.value.errors)
    bite.refresh_from_db()
    assert bite.rabies_certificate == ""


def test_rabies_a_only_the_officer_records_the_vaccination(db):
    inspector = staff(Role.INSPECTOR)
    bite = BiteRecordFactory(species=Species.CAT)
    with pytest.raises(PermissionDenied):
        record_rabies_vaccination(bite=bite, acting_user=inspector, certificate="X",
                                  valid_through=dt.date(2027, 1, 1))


def test_rabies_c_the_bite_page_flags_the_missing_vaccination_until_recorded(client, aco):
    bite = BiteRecordFactory(species=Species.CAT, animal="Grey tabby",
                             bitten_on=BITTEN_ON)
    client.force_login(aco)
    url = reverse("dogs:bite", args=[bite.pk])
    flagged = client.get(url).content.decode()
    assert ("the owner may be cited for the offense “Dog, cat or ferret six months or older "
            "not vaccinated against rabies” (Rabies C)") in words_of(flagged)
    assert "rabies_vaccination_missing" not in flagged

    response = client.post(reverse("dogs:bite", args=[bite.pk]), {
        "action": "vaccination", "vaccination-certificate": "NAV-12, Dr. Lee",
        "vaccination-valid_through": "2027-05-01"})

    assert response.status_code == 302
    page = client.get(url).content.decode()
    assert "not vaccinated against rabies" not in page and "NAV-12, Dr. Lee" in page


def test_welfare_c2_the_bite_page_names_the_offense_of_an_unreleased_quarantine(client, aco):
    order = QuarantineOrderFactory(bite__bitten_on=BITTEN_ON)
    client.force_login(aco)
    page = client.get(reverse("dogs:bite", args=[order.bite.pk])).content.decode()
    assert ("Not yet: not following it is the offense “Animal Inspector's quarantine order "
            "not followed” (Welfare C(2))") in words_of(page)
    assert "quarantine_order_violated" not in page


def words_of(page: str) -> str:
    """The page's text as a person reads it: tags dropped, entities read, spaces collapsed."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", "", page)).split())


def test_rabies_c_a_refused_vaccination_answers_400_on_its_field(client, aco):
    bite = BiteRecordFactory(species=Species.CAT, bitten_on=BITTEN_ON)
    client.force_login(aco)
    response = client.post(reverse("dogs:bite", args=[bite.pk]),
                           {"action": "vaccination", "vaccination-certificate": "NAV-12"})
    assert response.status_code == 400
    assert "Rabies A" in response.content.decode()


def test_rabies_a_the_api_carries_the_vaccination_and_the_flag(api, aco):
    bite = BiteRecordFactory(species=Species.CAT, bitten_on=BITTEN_ON)
    api.force_authenticate(aco)
    url = f"/api/v1/bites/{bite.pk}/"
    assert api.get(url).json()["rabies_missing"] is True

    response = api.post(f"{url}rabies-vaccination/",
                        {"certificate": "NAV-12", "valid_through": "2027-05-01"},
                        format="json")

    assert response.status_code == 200
    assert response.json()["rabies_missing"] is False
    assert response.json()["rabies_valid_through"] == "2027-05-01"


def licensed_with_certificate(dog, *, year: int, status=DocumentStatus.ACCEPTED,
                              valid_until=dt.date(2027, 5, 1)):
    """The dog's license of ``year`` with the rabies certificate filed on its application."""
    permit = dog_license(dog, year=year, number=f"DOG-{year}-00042")
    DocumentFactory(application=permit.application, owner=dog.owner, status=status,
                    valid_until=valid_until)
    return permit


def bite_of(dog, aco):
    return record_bite(municipality=dog.residence.municipality, acting_user=aco,
                       bitten_on=BITTEN_ON, place="Stevens Street", victim_name="Jordan",
                       dog=dog)


def test_rabies_a_a_licensed_dogs_bite_takes_the_certificate_on_file_of_its_license(aco):
    """Licenses A(1): the Clerk accepted the dog's rabies certificate with the license in
    force on the day of the bite; the bite record shows it, not an unvaccinated dog."""
    dog = DogFactory(name="Biscuit")
    licensed_with_certificate(dog, year=2026)

    bite = bite_of(dog, aco)

    bite.refresh_from_db()
    assert bite.rabies_valid_through == dt.date(2027, 5, 1)
    assert "DOG-2026-00042" in bite.rabies_certificate
    assert not bite.rabies_missing()


@pytest.mark.parametrize(("year", "status"), [
    (2026, DocumentStatus.PENDING),    # not accepted by the Clerk
    (2026, DocumentStatus.REJECTED),
    (2025, DocumentStatus.ACCEPTED),   # a license no longer in force on the day of the bite
])
def test_rabies_a_only_an_accepted_certificate_of_the_current_license_is_taken(
        aco, year, status):
    dog = DogFactory(name="Biscuit")
    licensed_with_certificate(dog, year=year, status=status)

    bite = bite_of(dog, aco)

    assert (bite.rabies_certificate, bite.rabies_valid_through) == ("", None)
    assert bite.rabies_missing()
