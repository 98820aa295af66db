"""A plain rule check (a JSON object posted, JSON accepted) is answered without DRF's
request, negotiation and response machinery (issue 24); every other request to the check
still goes through DRF, and both answer alike: same body, same headers."""

import json

import pytest
from django.test import Client
from rest_framework.views import APIView

from tests.law.answers import DOG_LICENSE_RENEWAL

DOG_CHECK = "/api/v1/checks/north_andover.dog_license/"
BODY = json.dumps({"facts": DOG_LICENSE_RENEWAL, "on": "2027-02-01"})


@pytest.fixture
def browser(db):
    """A client as a browser: CSRF checks enforced, as on the live site."""
    return Client(enforce_csrf_checks=True)


@pytest.fixture
def through_drf(monkeypatch):
    """Counts the requests that went through DRF's own dispatch (its ``Request``)."""
    wrapped = []
    initialize_request = APIView.initialize_request

    def counted(self, request, *args, **kwargs):
        wrapped.append(request.path)
        return initialize_request(self, request, *args, **kwargs)

    monkeypatch.setattr(APIView, "initialize_request", counted)
    return wrapped


def post(client, path=DOG_CHECK, body=BODY, content_type="application/json", **headers):
    return client.post(path, body, content_type=content_type, headers=headers)


def test_a_plain_check_answers_without_drfs_request(browser, through_drf):
    response = post(browser)

    assert response.status_code == 200
    assert response.json()["check"] == "north_andover.dog_license"
    assert through_drf == []


def test_the_plain_answer_is_drfs_answer_byte_for_byte(browser, through_drf):
    """``?format=json`` asks for the same JSON through DRF's negotiation."""
    plain = post(browser)
    negotiated = post(browser, DOG_CHECK + "?format=json")

    assert through_drf == [DOG_CHECK]
    assert plain.content == negotiated.content
    assert dict(plain.headers) == dict(negotiated.headers)
    assert plain["Content-Type"] == "application/json"
    assert plain["Allow"] == "GET, POST, HEAD, OPTIONS"
    assert plain["Vary"] == "Accept-Language"


def test_a_signed_in_browser_checks_without_a_csrf_token_or_touching_its_session(
    browser, resident, through_drf
):
    """No authentication on the public check: no CSRF refusal, the session left alone."""
    browser.force_login(resident)

    response = post(browser)

    assert response.status_code == 200
    assert through_drf == []
    assert "Set-Cookie" not in response.headers
    assert "Cookie" not in response["Vary"]


@pytest.mark.parametrize(("headers", "status", "shape"), [
    ({"Accept": "text/html"}, 406, {"detail": "Could not satisfy the request Accept header."}),
    ({"Accept": "application/json; indent=2"}, 200, "indented"),
    ({"Accept": "*/*"}, 200, "compact"),
])
def test_what_the_client_accepts_is_negotiated_by_drf(browser, through_drf, headers, status,
                                                      shape):
    response = post(browser, **headers)

    assert response.status_code == status
    if shape == "indented":
        assert response.content.startswith(b'{\n  "check": "north_andover.dog_license"')
    elif shape == "compact":
        assert response.content.startswith(b'{"check":"north_andover.dog_license"')
    else:
        assert response.json() == shape
    assert through_drf == ([] if shape == "compact" else [DOG_CHECK])


@pytest.mark.parametrize(("path", "body", "content_type", "status", "answer"), [
    (DOG_CHECK, "", "application/json", 400, {"facts": ["This field is required."]}),
    (DOG_CHECK, "{", "application/json", 400, None),
    (DOG_CHECK, BODY, "text/plain", 415, None),
    (DOG_CHECK, json.dumps({"facts": {**DOG_LICENSE_RENEWAL, "kennel_license": "no"}}),
     "application/json", 400,
     {"facts": {"kennel_license": ["Answer true or false (a JSON boolean)."]}}),
    ("/api/v1/checks/atlantis.dogs/", BODY, "application/json", 404,
     {"detail": "There is no check 'atlantis.dogs'."}),
    (DOG_CHECK + "?format=api", BODY, "application/json", 404, {"detail": "Not found."}),
])
def test_a_refusal_is_drfs_answer(browser, through_drf, path, body, content_type, status,
                                  answer):
    response = post(browser, path, body, content_type)

    assert response.status_code == status
    assert response["Content-Type"] == "application/json"
    if answer is not None:
        assert response.json() == answer
    assert through_drf == [path.split("?")[0]]


def test_a_charset_in_the_content_type_is_still_answered(browser):
    response = post(browser, content_type="application/json; charset=utf-8")

    assert response.status_code == 200
    assert response.content == post(browser).content
