"""A dog case's citation form names no offense until the officer chooses one: a select that
opened on the first offense listed would cite Dangerous F(1) when the officer meant another
section. A citation posted without an offense is refused on the field, and nothing is cited."""

import datetime as dt
import re

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from dogs.cases import DANGEROUS_DOG, determine_dangerous
from permits_site.enforcement.models import Citation
from tests.dogs.test_dangerous_dog import at, open_dog_case
from tests.page_forms import field_error

pytestmark = pytest.mark.django_db

DECIDED = dt.date(2027, 9, 2)


@pytest.fixture
def dangerous(owner, aco, chief):
    with at(DECIDED):
        case = open_dog_case(DANGEROUS_DOG, owner, aco)
        return determine_dangerous(case=case, deemed=True, exceptions=[], grounds=["B(1)(a)"],
                                   determination="Bit a jogger.", acting_user=chief)


def offense_select(page: str) -> str:
    return re.search(r'<select[^>]*name="cite-offense".*?</select>', page, re.S).group(0)


def test_the_citation_form_opens_on_no_offense(client, dangerous, aco):
    with at(DECIDED):
        client.force_login(aco)
        page = client.get(reverse("dogs:case", args=[dangerous.pk])).content.decode()
    select = offense_select(page)
    options = re.findall(r'<option value="([^"]*)"[^>]*>', select)
    assert options[0] == ""
    assert "dangerous_dog_at_large" in options[1:]
    assert not re.search(r'<option value="[^"]+"[^>]*selected', select)


def test_a_citation_without_an_offense_is_refused_on_the_field(client, dangerous, aco):
    with at(DECIDED):
        client.force_login(aco)
        response = client.post(reverse("dogs:case", args=[dangerous.pk]),
                               {"action": "cite", "cite-accrues_until": ""})
    assert response.status_code == 400
    assert "Choose an offense." in field_error(response.content.decode(), "cite-offense")
    assert not Citation.objects.filter(case=dangerous).exists()


def test_the_api_refuses_a_citation_without_an_offense(dangerous, aco):
    api = APIClient()
    api.force_authenticate(aco)
    with at(DECIDED):
        answer = api.post(f"/api/v1/dog-cases/{dangerous.pk}/citations/", {}, format="json")
    assert answer.status_code == 400
    assert list(answer.json()) == ["offense"]
    assert not Citation.objects.filter(case=dangerous).exists()
