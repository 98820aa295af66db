"""An address under /api/v1/ that names no operation is answered in the API's JSON, with or
without ``DEBUG`` (the demo runs with it); one missing only its final slash is sent to the
operation, a write keeping its method and body (Django's own redirect refuses a POST with a
500 under ``DEBUG``)."""

import pytest

pytestmark = pytest.mark.django_db


@pytest.fixture(params=[False, True], ids=["production", "debug"])
def debug(request, settings):
    settings.DEBUG = request.param
    return request.param


@pytest.mark.parametrize(("method", "path"), [
    ("get", "/api/v1/no-such-operation/"),
    ("get", "/api/v1/properties//"),
    ("delete", "/api/v1/calendar/north_andover/closures/not-a-date/"),
    ("post", "/api/v1/checks/northborough.private_stable/extra/"),
])
def test_an_address_naming_no_operation_is_a_json_404(api, debug, method, path):
    response = getattr(api, method)(path)

    assert response.status_code == 404
    assert response["Content-Type"] == "application/json"
    assert response.json() == {"detail": "Not found."}


def test_a_read_missing_its_final_slash_is_redirected_with_its_query(api, debug):
    response = api.get("/api/v1/checks", {"municipality": "tisbury"})

    assert response.status_code == 301
    assert response["Location"] == "/api/v1/checks/?municipality=tisbury"


def test_a_write_missing_its_final_slash_is_redirected_keeping_its_method(api, debug):
    response = api.post("/api/v1/checks/northborough.private_stable", {"facts": {}},
                        format="json")

    assert response.status_code == 308
    assert response["Location"] == "/api/v1/checks/northborough.private_stable/"


def test_a_page_of_the_site_keeps_the_site_s_404(client, debug):
    response = client.get("/no-such-page/")

    assert response.status_code == 404
    assert response["Content-Type"].startswith("text/html")
