"""``?limit=`` has a ceiling: a huge value is clamped to it, never a 500 (a value that is
not a whole number is a 400: ``tests/api/test_schema_matches_answers.py``)."""

import pytest
from django.conf import settings
from django.utils.module_loading import import_string
from rest_framework.request import Request
from rest_framework.test import APIClient, APIRequestFactory

from tests.factories import DogFactory

pytestmark = pytest.mark.django_db

DOGS = "/api/v1/dogs/"
CEILING = 200


@pytest.fixture
def owner_api(resident):
    for _ in range(3):
        DogFactory(owner=resident)
    api = APIClient()
    api.force_authenticate(resident)
    return api


@pytest.mark.parametrize("limit", ["1000000000", str(10**20), "9" * 40])
def test_a_huge_limit_answers_200_with_at_most_the_ceiling(owner_api, limit):
    response = owner_api.get(DOGS, {"limit": limit, "offset": "1"})

    assert response.status_code == 200
    body = response.json()
    assert len(body["results"]) == 2
    assert f"limit={CEILING}" in body["previous"]


@pytest.mark.parametrize("offset", [str(10**20), "9" * 40])
def test_a_huge_offset_answers_200_with_nothing(owner_api, offset):
    response = owner_api.get(DOGS, {"offset": offset})

    assert response.status_code == 200
    assert response.json()["results"] == []


@pytest.mark.parametrize(("limit", "expected"), [
    ("1000000000", CEILING), (str(CEILING + 1), CEILING), (str(CEILING), CEILING),
    ("10", 10),
])
def test_the_default_pagination_clamps_limit(limit, expected):
    paginator = import_string(settings.REST_FRAMEWORK["DEFAULT_PAGINATION_CLASS"])()
    request = Request(APIRequestFactory().get("/", {"limit": limit}))

    assert paginator.get_limit(request) == expected
