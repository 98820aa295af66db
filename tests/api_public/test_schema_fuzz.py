"""Schemathesis fuzzes every public operation from the OpenAPI schema, through WSGI.

Valid and invalid requests (wrong types, missing fields, odd strings) must
never produce a server error, and each response must match the status codes,
content type and body the schema documents.
"""

import pytest
import schemathesis
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from permits_site.wsgi import application

schema = schemathesis.openapi.from_wsgi("/api/v1/schema/", application).include(tag="public")

CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
]


@pytest.fixture
def connection_kept_across_requests():
    """Keep the test's transaction open while the WSGI app serves requests.

    Served through plain WSGI, each request ends by closing the database
    connection, and with it the transaction the test runs in; Django's test
    client avoids this the same way.
    """
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


@pytest.mark.django_db
@schema.parametrize()
@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
def test_no_public_operation_fails_or_breaks_its_schema(case, connection_kept_across_requests):
    case.call_and_validate(checks=CHECKS)
