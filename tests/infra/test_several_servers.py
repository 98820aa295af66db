"""Two application servers on one database and one Redis, as two hosts behind a load
balancer: what one of them is told, the other knows at once."""

import re

import pytest
import requests
from django.contrib.auth.hashers import PBKDF2PasswordHasher
from rest_framework.authtoken.models import Token

from tests.factories import Role, staff
from tests.infra.conftest import REQUEST_SECONDS

pytestmark = [pytest.mark.redis, pytest.mark.django_db(transaction=True, serialized_rollback=True)]

KEY_DATES = "/api/v1/municipalities/north_andover/key-dates/?year=2027"
SIGN_IN = "/accounts/sign-in/"
PASSWORD = "correct-horse-battery-staple"


def dog_license_due(server) -> str:
    rows = server.get(KEY_DATES).json()["dates"]
    return {row["code"]: row["date"] for row in rows}["dog_license_due"]


def test_a_closure_entered_through_one_server_moves_a_key_date_on_the_other_at_once(
    two_servers,
):
    admin = staff(Role.ADMIN, "north_andover")
    token = Token.objects.create(user=admin)
    first, second = two_servers()
    # Both servers have served (and cached) the town's calendar without the closure.
    assert dog_license_due(first) == dog_license_due(second) == "2027-03-01"

    added = requests.post(
        first.url + "/api/v1/calendar/north_andover/closures/",
        json={"date": "2027-03-01", "reason": "Blizzard"},
        headers={"Authorization": f"Token {token.key}"}, timeout=REQUEST_SECONDS,
    )

    assert added.status_code == 201, added.text
    assert dog_license_due(second) == "2027-03-02"


def attempt_sign_in(server, username: str, password: str) -> requests.Response:
    """A browser's sign-in: the page (its CSRF token and cookie), then the form."""
    session = requests.Session()
    page = session.get(server.url + SIGN_IN, timeout=REQUEST_SECONDS)
    csrf = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page.text).group(1)
    return session.post(
        server.url + SIGN_IN,
        data={"username": username, "password": password, "csrfmiddlewaretoken": csrf},
        headers={"Referer": server.url + SIGN_IN}, allow_redirects=False, timeout=REQUEST_SECONDS,
    )


def test_five_failures_spread_over_two_servers_lock_the_sign_in_on_both(two_servers):
    clerk = staff(Role.CLERK, "north_andover")
    # A hash the servers' own hashers check (the suite's fast hasher is not among them).
    hasher = PBKDF2PasswordHasher()
    clerk.password = hasher.encode(PASSWORD, hasher.salt(), iterations=1000)
    clerk.save(update_fields=["password"])
    first, second = two_servers()

    answers = [attempt_sign_in(server, clerk.username, "wrong").status_code
               for server in (first, second, first, second, first)]

    assert answers == [200, 200, 200, 200, 429]  # the fifth failure locks the pair

    refused = attempt_sign_in(second, clerk.username, PASSWORD)
    assert refused.status_code == 429
    assert "Too many failed sign-ins" in refused.text
    assert attempt_sign_in(first, clerk.username, PASSWORD).status_code == 429
