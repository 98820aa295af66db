"""A record that is not there, or not the caller's to see, is a 404 in the API's own words,
and a code naming no record is a 400 saying so: never Django's "No PermitType matches the
given query." nor DRF's "Object with code=['a'] does not exist.", which name the project's
classes and echo Python's repr of what was sent."""

import re

import pytest
from drf_spectacular.generators import SchemaGenerator

from permits_site.accounts.models import Membership
from tests.api.conftest import client_for
from tests.factories import Role, municipality, staff

pytestmark = pytest.mark.django_db

#: What each kind of path parameter is sent as: a value naming no record.
MISSING = {"integer": "2147480000", "date": "2031-07-15", "string": "missing"}
TOWNS = ("north_andover", "northborough", "tisbury")
INTERNAL = re.compile(r"matches the given query|does not exist|Object with|\[\'")


def _addresses():
    """Every operation that names a record in its path, with a missing one in its place."""
    paths = SchemaGenerator().get_schema(request=None, public=True)["paths"]
    for path, item in sorted(paths.items()):
        if "{" not in path:
            continue
        for method in ("get", "delete"):
            if method not in item:
                continue
            address = path
            for parameter in item[method].get("parameters", ()):
                if parameter["in"] == "path":
                    schema = parameter.get("schema", {})
                    sent = MISSING[schema.get("format") if schema.get("format") == "date"
                                   else schema.get("type", "string")]
                    address = address.replace(f"{{{parameter['name']}}}", sent)
            yield method, address


@pytest.fixture
def every_role_api():
    """A holder of every role in every town: a lookup is then refused only by the record
    not being there."""
    user = staff(Role.CLERK)
    for town in TOWNS:
        for role in Role.values:
            Membership.objects.get_or_create(user=user, municipality=municipality(town),
                                             role=role)
    return client_for(user)


def test_every_missing_record_is_a_404_in_the_api_s_own_words(every_role_api):
    answers = {f"{method.upper()} {path}": getattr(every_role_api, method)(path)
               for method, path in _addresses()}
    not_found = {name: response.json() for name, response in answers.items()
                 if response.status_code == 404}

    assert {name: response.status_code for name, response in answers.items()
            if response.status_code >= 500} == {}
    assert len(not_found) >= 50
    assert {name: body for name, body in not_found.items()
            if INTERNAL.search(str(body))} == {}


def test_a_missing_permit_type_is_named(api):
    response = api.get("/api/v1/permit-types/bogus/")

    assert response.status_code == 404
    assert response.json() == {"detail": "There is no permit type 'bogus'."}


def test_a_missing_closure_is_named():
    api = client_for(staff(Role.ADMIN, "tisbury"))

    response = api.delete("/api/v1/calendar/tisbury/closures/2027-09-15/")

    assert response.status_code == 404
    assert response.json() == {"detail": "Town of Tisbury has no closure on 2027-09-15."}


def test_a_missing_town_of_the_calendar_is_named():
    api = client_for(staff(Role.ADMIN, "tisbury"))

    response = api.get("/api/v1/calendar/bogus/closures/")

    assert response.status_code == 404
    assert response.json() == {"detail": "There is no municipality 'bogus'."}


@pytest.mark.parametrize(("sent", "message"), [
    ("a", "There is no permit type 'a'."),
    (["a"], "Enter a code (a JSON string)."),
    (7, "Enter a code (a JSON string)."),
    ("dog\x00license", "Null characters are not allowed."),
])
def test_a_code_naming_no_record_is_refused_in_the_api_s_own_words(resident_api, sent,
                                                                     message):
    response = resident_api.post("/api/v1/applications/",
                                 {"permit_type": sent, "action": "new"}, format="json")

    assert response.status_code == 400
    assert response.json()["permit_type"] == [message]
