"""A dog license year that is not sold is refused by the API in the law's words (North Andover
Code ch. 60, Licenses A(8)), the sentence the form gives, naming the detail."""

import datetime as dt

import pytest
import time_machine

from permits_site.licensing.models import Application

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("year", [2025, 2028])
def test_a_year_not_sold_is_a_400_naming_the_years_sold_and_the_section(resident_api, dog,
                                                                        year):
    with time_machine.travel(dt.datetime(2026, 12, 7, 15, 0, tzinfo=dt.UTC), tick=False):
        response = resident_api.post("/api/v1/applications/", {
            "permit_type": "north_andover.dog_license", "action": "new",
            "details": {"dog": dog.pk, "license_year": year, "acquired_on": "2026-11-01"},
        }, format="json")

    assert response.status_code == 400
    assert "The license year is 2026 or 2027 (North Andover Code ch. 60, Licenses A(8))." in (
        str(response.json()["details"]["license_year"]))
    assert not Application.objects.exists()
