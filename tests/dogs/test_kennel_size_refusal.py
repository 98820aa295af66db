"""Four dogs or fewer need no kennel license (North Andover Code ch. 60, Limits A, Kennel
license B(1)): the application through the API, its web form and the fee quote refuse
fewer than five dogs with the same sentence, naming the section, on the dogs' field."""

from __future__ import annotations

import datetime as dt

import pytest
import time_machine

from permits_site.parties.services import find_or_create_property
from tests.dogs.kennels import KENNEL, KENNEL_ANSWERS
from tests.factories import municipality
from tests.tisbury.support import client_for

pytestmark = pytest.mark.django_db
REFUSAL = ("No kennel license is needed for 4 or fewer dogs over six months (North Andover "
           "Code ch. 60, Limits A, Kennel license B(1)).")


@pytest.fixture(autouse=True)
def on_a_business_day():
    with time_machine.travel(dt.datetime(2026, 6, 10, 10, 0), tick=False):
        yield


@pytest.fixture
def kennel_site(resident):
    site, _ = find_or_create_property(municipality=municipality("north_andover"),
                                      address="40 Kennel Road", acting_user=resident)
    return site


def applied(resident, kennel_site, dogs: int):
    return client_for(resident).post("/api/v1/applications/", {
        "permit_type": KENNEL, "action": "new",
        "details": {"property": kennel_site.pk, **KENNEL_ANSWERS, "dogs_over_6_months": dogs,
                    "dogs_with_current_rabies": dogs}}, format="json")


@pytest.mark.parametrize("dogs", [0, 3, 4])
def test_the_api_refuses_four_dogs_or_fewer_naming_the_field_and_the_section(
        resident, kennel_site, dogs):
    response = applied(resident, kennel_site, dogs)

    assert response.status_code == 400
    assert response.json() == {"details": {"dogs_over_6_months": [REFUSAL]}}


def test_the_api_takes_five_dogs(resident, kennel_site):
    assert applied(resident, kennel_site, 5).status_code == 201


def test_the_fee_quote_refuses_in_the_same_words(resident):
    response = client_for(resident).post("/api/v1/fee-quotes/", {
        "permit_type": KENNEL, "action": "new", "facts": {"dogs": 4}}, format="json")

    assert response.status_code == 400
    assert response.json() == {"facts": {"dogs": [REFUSAL]}}


def form_answers(kennel_site, dogs: int) -> dict:
    return {"property": kennel_site.pk, "distance_to_lot_line_ft": 40,
            "distance_to_abutting_dwelling_ft": 80, "veterinary_medical_boarding": "no",
            "dogs_over_6_months": dogs, "dogs_with_current_rabies": dogs}


@pytest.mark.parametrize(("language", "refusal"), [
    ("en", REFUSAL),
    ("pt-br", "Não é necessária licença de canil para 4 cães ou menos com mais de seis meses "
              "(North Andover Code ch. 60, Limits A, Kennel license B(1))."),
])
def test_the_form_refuses_four_dogs_on_the_field_in_the_reader_s_language(
        client, resident, kennel_site, language, refusal):
    client.force_login(resident)

    response = client.post(f"/apply/{KENNEL}/", form_answers(kennel_site, 4),
                           HTTP_ACCEPT_LANGUAGE=language)

    assert response.status_code == 400
    assert response.context["form"].errors == {"dogs_over_6_months": [refusal]}
    assert refusal in response.content.decode()
