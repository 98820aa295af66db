"""A NUL byte or another control character in a path answers 404, in a query 400, on both
databases — never a 500 (PostgreSQL refuses a NUL in a text value, which a
lookup by a path's slug would otherwise send it)."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver

from tests.factories import Role, UserFactory, staff

pytestmark = pytest.mark.django_db

#: What a captured part of a path becomes in the walk: a NUL inside an otherwise
#: plausible value, percent-encoded as a client would send it.
WITH_NUL = "a%00b"
CONVERTER = re.compile(r"<(?:(?P<converter>[^>:]+):)?(?P<name>[^>]+)>")


def every_path() -> list[str]:
    """Each URL pattern of the site as a path with a NUL in every part it captures, and
    the patterns without captures with a NUL appended."""
    paths = []

    def walk(patterns, prefix: str) -> None:
        for entry in patterns:
            route = str(entry.pattern)
            if route.startswith("^") or "(?" in route:
                continue  # regex routes (static files, the admin's catch-all)
            if isinstance(entry, URLResolver):
                walk(entry.url_patterns, prefix + route)
            elif isinstance(entry, URLPattern):
                path = "/" + prefix + route
                filled = CONVERTER.sub(WITH_NUL, path)
                paths.append(filled if filled != path else path.rstrip("/") + "/%00/")

    walk(get_resolver().url_patterns, "")
    return sorted(set(paths))


PATHS = every_path()


@pytest.fixture(params=["signed out", "resident", "clerk"])
def client(request) -> Client:
    client = Client(raise_request_exception=False)
    if request.param == "resident":
        client.force_login(UserFactory())
    elif request.param == "clerk":
        client.force_login(staff(Role.CLERK, "north_andover"))
    return client


def test_the_walk_covers_the_site():
    assert len(PATHS) > 100 and "/verify/a%00b/" in PATHS


def test_every_path_with_a_nul_is_not_found(client):
    answers = {path: client.get(path).status_code for path in PATHS}

    assert {path: status for path, status in answers.items() if status != 404} == {}


@pytest.mark.parametrize("character", ["%00", "%01", "%1F", "%7F"])
def test_a_control_character_in_the_query_is_a_400_naming_it(client, character):
    response = client.get(f"/staff/search/?q=smi{character}th")
    api = client.get(f"/api/v1/search/?q=smi{character}th")

    assert response.status_code == 400 and "control character" in response.content.decode()
    assert api.status_code == 400 and "control character" in api.json()["detail"]


def test_a_control_character_in_an_api_path_is_a_json_404(client):
    response = client.get("/api/v1/permit-types/north_andover.dog%01license/")

    assert response.status_code == 404 and response.json() == {"detail": "Not found."}


def test_an_ordinary_query_passes():
    response = Client().get("/verify/ABC123/")

    assert response.status_code == 404
