"""A case about a property is offered its owners of record as the party.

Northborough Horse & Stable Regs §8.1: "The owner and/or occupant of the premises on which
horses are kept will be responsible for compliance with these Regulations." Staff opening a
case about a property choose one of its current owners of record (the owner) or keep the
permit holder or the name they enter (the occupant); the case page shows the owners.
"""

from __future__ import annotations

import datetime as dt

import pytest
import time_machine
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from permits_site.enforcement.models import Case
from permits_site.enforcement.services import open_case
from permits_site.exceptions import DomainError
from tests.api.conftest import client_for
from tests.enforcement.conftest import STABLE_CASE
from tests.factories import PropertyFactory, PropertyOwnerFactory, UserFactory, municipality
from tests.page_forms import assert_on_the_page, post_form

pytestmark = pytest.mark.django_db
CASES = reverse("enforcement:cases")


@pytest.fixture(autouse=True)
def _monday():
    with time_machine.travel(dt.datetime(2027, 6, 7, 9, 0), tick=False):
        yield


@pytest.fixture
def premises(northborough):
    return PropertyFactory(municipality=northborough, address="12 Bartlett Street")


@pytest.fixture
def owner(premises):
    return PropertyOwnerFactory(property=premises, name="Olive Owner",
                                account=UserFactory(first_name="Olive", last_name="Owner"))


def opened(nb_clerk, premises, **fields):
    return open_case(municipality=premises.municipality, case_type=STABLE_CASE,
                     party=None, party_name="", address=premises.full_address,
                     complaint="Manure against the lot line", received_on=dt.date(2027, 6, 7),
                     place=premises, acting_user=nb_clerk, **fields)


# -- the service -----------------------------------------------------------------------------


def test_an_owner_of_record_chosen_is_the_party_8_1(nb_clerk, premises, owner):
    case = opened(nb_clerk, premises, owner=owner)
    assert (case.party, case.party_name, case.place) == (owner.account, "Olive Owner", premises)


def test_an_owner_without_an_account_is_the_party_by_name_8_1(nb_clerk, premises):
    deeded = PropertyOwnerFactory(property=premises, name="Bartlett Farm Trust")
    case = opened(nb_clerk, premises, owner=deeded)
    assert (case.party, case.party_name) == (None, "Bartlett Farm Trust")


@pytest.mark.parametrize("whose", ["another property", "an ended ownership"])
def test_an_owner_not_of_record_of_the_property_is_refused_on_owner(nb_clerk, premises, whose):
    if whose == "another property":
        stranger = PropertyOwnerFactory(property=PropertyFactory(
            municipality=premises.municipality))
    else:
        stranger = PropertyOwnerFactory(property=premises, ended_on=dt.date(2027, 1, 2))
    with pytest.raises(DomainError) as refused:
        opened(nb_clerk, premises, owner=stranger)
    assert list(refused.value.errors) == ["owner"]
    assert not Case.objects.exists()


# -- the pages -------------------------------------------------------------------------------


def test_the_form_about_a_property_offers_its_owners_of_record_8_1(client, nb_clerk, premises,
                                                                   owner):
    PropertyOwnerFactory(property=premises, name="Former Owner", ended_on=dt.date(2026, 1, 5))
    client.force_login(nb_clerk)
    page = client.get(CASES, {"place": premises.pk}).content.decode()
    assert f'value="{owner.pk}"' in page and "Olive Owner" in page
    assert "Former Owner" not in page
    assert f"?place={premises.pk}" in page


def answers(owner_pk) -> dict:
    return {"case_type": STABLE_CASE, "owner": str(owner_pk), "party_name": "Occupant Oscar",
            "complaint": "Manure against the lot line", "received_on": "2027-06-07"}


def test_choosing_an_owner_opens_the_case_against_them_and_the_case_shows_the_owners_8_1(
        client, nb_clerk, premises, owner):
    client.force_login(nb_clerk)
    response = client.post(f"{reverse('enforcement:cases')}?place={premises.pk}",
                           {"action": "open", **answers(owner.pk)})
    case = Case.objects.get()
    assert response["Location"] == reverse("enforcement:case", args=[case.pk])
    assert (case.party_id, case.party_name, case.place_id) == (
        owner.account_id, "Olive Owner", premises.pk)
    assert case.address == premises.full_address
    page = client.get(response["Location"]).content.decode()
    assert "Owners of record" in page and "Olive Owner" in page


def test_an_owner_not_of_that_property_is_refused_naming_the_field(client, nb_clerk, premises,
                                                                   owner):
    elsewhere = PropertyOwnerFactory(property=PropertyFactory(municipality=municipality(
        "northborough")))
    client.force_login(nb_clerk)
    page_url = f"{reverse('enforcement:cases')}?place={premises.pk}"
    response = post_form(client, page_url, 'name="complaint"', answers(elsewhere.pk))
    assert response.status_code == 200
    assert_on_the_page(client, response, page_url)
    assert "Choose one of the current owners of record" in response.content.decode()
    assert response.context["open_form"].errors["owner"]
    assert not Case.objects.exists()


def test_without_an_owner_the_occupant_named_is_the_party_as_before(client, nb_clerk, premises,
                                                                    owner):
    client.force_login(nb_clerk)
    client.post(f"{reverse('enforcement:cases')}?place={premises.pk}",
                {"action": "open", **answers("")})
    assert Case.objects.get().party_name == "Occupant Oscar"


def test_the_property_page_links_to_opening_a_case_about_it(client, nb_clerk, premises):
    client.force_login(nb_clerk)
    page = client.get(reverse("parties:staff_property", args=[premises.pk])).content.decode()
    assert f"?place={premises.pk}#open-case-heading" in page


def test_the_form_runs_the_same_queries_for_1_and_6_owners(
        client, nb_clerk, premises, owner, django_assert_max_num_queries):
    client.force_login(nb_clerk)

    def count() -> int:
        with CaptureQueriesContext(connection) as captured:
            assert client.get(CASES, {"place": premises.pk}).status_code == 200
        return len(captured)

    count()  # the first request warms the caches every page shares
    with django_assert_max_num_queries(14):
        few = count()
    PropertyOwnerFactory.create_batch(5, property=premises)
    with django_assert_max_num_queries(14):
        many = count()
    assert few == many


# -- the API ---------------------------------------------------------------------------------


def test_the_api_opens_a_case_against_an_owner_of_record_8_1(nb_clerk, premises, owner):
    response = client_for(nb_clerk).post("/api/v1/cases/", {
        "municipality": "northborough", "case_type": STABLE_CASE, "place": premises.pk,
        "owner": owner.pk, "complaint": "Manure against the lot line"}, format="json")
    assert response.status_code == 201, response.json()
    case = Case.objects.get()
    assert (case.party_id, case.party_name) == (owner.account_id, "Olive Owner")


def test_the_api_refuses_an_owner_of_another_property_on_owner(nb_clerk, premises, owner):
    elsewhere = PropertyOwnerFactory(property=PropertyFactory(municipality=premises.municipality))
    response = client_for(nb_clerk).post("/api/v1/cases/", {
        "municipality": "northborough", "case_type": STABLE_CASE, "place": premises.pk,
        "owner": elsewhere.pk, "complaint": "Manure against the lot line"}, format="json")
    assert response.status_code == 400
    assert "owner" in response.json()
    assert not Case.objects.exists()
