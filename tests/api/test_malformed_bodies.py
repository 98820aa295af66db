"""Malformed bodies on the signed-in endpoints are 400s, never server errors."""

import pytest

from tests.api.conftest import client_for

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("body", "content_type"),
    [
        (b"{not json", "application/json"),
        (b"[" * 100_000 + b"]" * 100_000, "application/json"),
        (b'{"permit_type": NaN}', "application/json"),
        (b'{"a": 1}', "application/json; charset=no-such-charset"),
    ],
)
def test_a_malformed_application_body_is_a_400(resident, body, content_type):
    response = client_for(resident).generic(
        "POST", "/api/v1/applications/", body, content_type=content_type
    )

    assert response.status_code == 400
