"""A renewal follows a license: a dog's renewal names its license of the license year before,
issued online or recorded on paper. A "renewal" of a dog without one is refused naming
Licenses A, and the new license is offered instead, priced as the rules price a new license,
its timeliness finding (na.lic.A.timely) included — a dog last licensed two or more years ago
is a new license too (North Andover Code ch. 60, Licenses A; issue #21)."""

import datetime as dt
from decimal import Decimal

import pytest
import time_machine
from django.urls import reverse
from rest_framework.test import APIClient

from dogs.licenses.services import NotARenewal, apply_for_dog_license, record_paper_license
from permits_site.licensing.models import Application
from tests.dogs.test_license_flow import licensed, png_upload

pytestmark = pytest.mark.django_db
FEB_2027 = dt.datetime(2027, 2, 10, 15, 0)
SECTION = "North Andover Code ch. 60, Licenses A"


def renew(dog, year: int = 2027) -> Application:
    return apply_for_dog_license(applicant=dog.owner, dog=dog, action="renewal",
                                 license_year=year)


@time_machine.travel(FEB_2027, tick=False)
def test_a_renewal_follows_last_years_license(dog, clerk):
    with time_machine.travel(dt.datetime(2026, 3, 10, 15, 0), tick=False):
        last_year = licensed(dog, clerk, year=2026)

    renewal = renew(dog)

    assert renewal.previous_permit == last_year


@time_machine.travel(FEB_2027, tick=False)
def test_a_renewal_follows_last_years_paper_license(dog, clerk):
    record_paper_license(dog=dog, number="812", year=2026, acting_user=clerk)

    renewal = renew(dog)

    assert renewal.action == "renewal" and renewal.previous_permit is None


@time_machine.travel(FEB_2027, tick=False)
def test_a_renewal_without_a_license_is_refused_naming_licenses_a_and_offering_a_new_one(dog):
    with pytest.raises(NotARenewal) as refused:
        renew(dog)

    [message] = refused.value.errors["action"]
    assert SECTION in message
    assert "new license" in message and "$10.00" in message
    assert "due by November 1, 2022" in message
    offer = refused.value.offer
    assert offer.quote.total == Decimal("10.00")
    assert [line.code for line in offer.quote.lines] == ["new"]
    assert offer.timeliness.finding.rule == "na.lic.A.timely"
    assert offer.timeliness.finding.outcome == "fail"
    assert not Application.objects.exists()


@time_machine.travel(FEB_2027, tick=False)
def test_a_dog_last_licensed_two_years_ago_needs_a_new_license(dog, clerk):
    with time_machine.travel(dt.datetime(2025, 3, 10, 15, 0), tick=False):
        licensed(dog, clerk, year=2025)

    with pytest.raises(NotARenewal) as refused:
        renew(dog)

    assert "2026" in refused.value.errors["action"][0]


@time_machine.travel(FEB_2027, tick=False)
def test_a_paper_license_two_years_back_is_no_renewal_either(dog, clerk):
    record_paper_license(dog=dog, number="812", year=2025, acting_user=clerk)

    with pytest.raises(NotARenewal):
        renew(dog)


@time_machine.travel(FEB_2027, tick=False)
def test_the_apply_page_refuses_the_renewal_and_offers_the_new_license_with_its_price(
    client, dog
):
    client.force_login(dog.owner)

    page = client.post(reverse("dogs:apply"), {
        "dog": dog.pk, "action": "renewal", "license_year": 2027,
        "kind": "rabies_certificate", "valid_until": "2029-01-01", "file": png_upload()})

    text = page.content.decode()
    assert page.status_code == 400
    assert SECTION in text
    assert f"?dog={dog.pk}&amp;action=new" in text
    assert "$10.00" in text and "due by November 1, 2022" in text
    assert not Application.objects.exists()


@time_machine.travel(FEB_2027, tick=False)
def test_the_api_refuses_the_renewal_naming_licenses_a_and_the_new_license_price(dog):
    api = APIClient()
    api.force_authenticate(dog.owner)

    response = api.post("/api/v1/applications/", {
        "permit_type": "north_andover.dog_license", "action": "renewal",
        "details": {"dog": dog.pk, "license_year": 2027}}, format="json")

    assert response.status_code == 400
    [message] = response.json()["action"]
    assert SECTION in message and "$10.00" in message
    assert not Application.objects.exists()
