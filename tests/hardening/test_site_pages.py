"""A refused, missing or failed request gets the site's own page, with DEBUG on or off.

A refusal says what was refused and which roles may do it; a record of another town or
person looks exactly like one that does not exist; an error's traceback goes to the log,
never to the page; the API keeps answering in JSON.
"""

import logging
import re

import pytest
from django.contrib.auth.models import AnonymousUser
from django.http import HttpResponse
from django.test import Client, RequestFactory, override_settings
from django.urls import reverse

from permits_site.accounts.refusals import SitePagesMiddleware
from permits_site.exceptions import PermissionDenied as DomainPermissionDenied
from tests.factories import InspectionFactory, Role, municipality, staff

pytestmark = pytest.mark.django_db

DEBUG = pytest.mark.parametrize("debug", [False, True], ids=["debug-off", "debug-on"])
#: What Django's own pages say, which the site's pages never do.
DJANGOS_OWN = ("Using the URLconf", "Traceback", "Request Method", "403 Forbidden",
               "<h1>Not Found</h1>", "Server Error (500)", "Django")


def without_tokens(page: str) -> str:
    """The page without its per-response CSRF tokens."""
    return re.sub(r'name="csrfmiddlewaretoken" value="[^"]+"', "", page)


def assert_site_page(response, status: int, heading: str) -> str:
    page = response.content.decode()
    assert response.status_code == status
    assert f">{heading}</h1>" in page
    assert "Town Permits" in page
    for words in DJANGOS_OWN:
        assert words not in page, words
    return page


@DEBUG
def test_a_resident_on_a_staff_page_is_told_which_roles_may_see_it(client, resident, debug):
    client.force_login(resident)

    with override_settings(DEBUG=debug):
        response = client.get(reverse("enforcement:inspections"))

    page = assert_site_page(response, 403, "You cannot do this")
    assert ("Only the town&#x27;s Clerk, Inspector, Animal Control Officer, Hearing authority "
            "or Board member may see inspections, cases and deadlines.") in page


@DEBUG
def test_another_towns_record_looks_exactly_like_a_missing_one(client, debug):
    tisbury_inspection = InspectionFactory(municipality=municipality("tisbury"),
                                           check_code="tisbury.failed_septic")
    client.force_login(staff(Role.INSPECTOR, "northborough"))

    with override_settings(DEBUG=debug):
        hidden = client.get(reverse("enforcement:inspection", args=[tisbury_inspection.pk]))
        missing = client.get(reverse("enforcement:inspection",
                                     args=[tisbury_inspection.pk + 1000]))

    assert_site_page(hidden, 404, "Not found")
    assert without_tokens(hidden.content.decode()) == without_tokens(missing.content.decode())


@DEBUG
def test_a_path_no_page_answers_gets_the_sites_not_found_page(client, resident, debug):
    client.force_login(resident)

    with override_settings(DEBUG=debug):
        response = client.get("/no/such/page/")

    assert_site_page(response, 404, "Not found")


@DEBUG
def test_an_expired_form_gets_the_sites_page(resident, debug):
    browser = Client(enforce_csrf_checks=True)
    browser.force_login(resident)

    with override_settings(DEBUG=debug):
        response = browser.post(reverse("accounts:logout"))

    assert_site_page(response, 403, "This form has expired")


def request_to(path: str):
    request = RequestFactory().get(path)
    request.user = AnonymousUser()
    return request


def middleware():
    return SitePagesMiddleware(lambda request: HttpResponse())


@DEBUG
def test_a_services_refusal_not_caught_by_its_view_names_what_was_refused(debug):
    refusal = DomainPermissionDenied("Only the town's admin edits its payment instructions.")

    with override_settings(DEBUG=debug):
        response = middleware().process_exception(request_to("/payments/"), refusal)

    page = assert_site_page(response, 403, "You cannot do this")
    assert "Only the town&#x27;s admin edits its payment instructions." in page


@DEBUG
def test_an_error_shows_the_sites_page_and_logs_its_traceback(debug, caplog):
    with override_settings(DEBUG=debug), caplog.at_level(logging.ERROR, logger="django"):
        try:
            raise RuntimeError("the disk is full")
        except RuntimeError as error:
            response = middleware().process_exception(request_to("/enforcement/"), error)

    page = assert_site_page(response, 500, "Something went wrong on our side")
    assert "the disk is full" not in page
    [record] = [record for record in caplog.records if record.name == "django.request"]
    assert record.exc_info[1].args == ("the disk is full",)


@DEBUG
def test_the_api_keeps_answering_in_json(client, debug):
    client.force_login(staff(Role.INSPECTOR, "northborough"))

    with override_settings(DEBUG=debug):
        response = client.get("/api/v1/permits/999999/")

    assert response.status_code == 404
    assert response["Content-Type"] == "application/json"
    assert middleware().process_exception(request_to("/api/v1/cases/"),
                                          RuntimeError("left to the API")) is None
