"""Refusals: a bad API token is a 401 with a challenge; a refused request logs one line.

A 4xx is the caller's mistake, not the site's: the log gets one warning line
naming the path, never a traceback that buries real errors.
"""

import logging

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db


def test_a_bad_token_answers_401_with_a_token_challenge():
    response = APIClient().get("/api/v1/dogs/", HTTP_AUTHORIZATION="Token not-a-token")

    assert response.status_code == 401
    assert response.headers["WWW-Authenticate"] == "Token"
    assert response.json() == {"detail": "Invalid token."}


def test_no_credentials_at_all_answer_401_too():
    response = APIClient().get("/api/v1/dogs/")

    assert response.status_code == 401
    assert response.headers["WWW-Authenticate"] == "Token"


def test_a_signed_in_browser_still_uses_the_api(client, resident):
    client.force_login(resident)

    assert client.get("/api/v1/dogs/").status_code == 200


def refusal_records(caplog):
    return [record for record in caplog.records if record.name.startswith("django.")]


def assert_one_line_without_traceback(caplog, status):
    [record] = refusal_records(caplog)
    assert record.levelno == logging.WARNING
    assert record.status_code == status
    assert record.exc_info is None
    assert "\n" not in record.getMessage()
    assert "Traceback" not in caplog.text


def test_a_page_refusing_permission_logs_one_line_without_a_traceback(client, resident, caplog):
    client.force_login(resident)

    with caplog.at_level(logging.INFO, logger="django"):
        response = client.get(reverse("licensing:fee_schedules"))

    assert response.status_code == 403
    assert_one_line_without_traceback(caplog, 403)


def test_an_api_refusal_logs_one_line_without_a_traceback(resident, caplog):
    api = APIClient()
    api.force_authenticate(resident)

    with caplog.at_level(logging.INFO, logger="django"):
        response = api.post("/api/v1/payments/", {}, format="json")

    assert response.status_code == 403
    assert_one_line_without_traceback(caplog, 403)


def test_an_invalid_api_body_logs_one_line_without_a_traceback(api, caplog):
    with caplog.at_level(logging.INFO, logger="django"):
        response = api.post("/api/v1/fee-quotes/", {"permit_type": 3}, format="json")

    assert response.status_code == 400
    assert_one_line_without_traceback(caplog, 400)
