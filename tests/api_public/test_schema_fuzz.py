"""Schemathesis fuzzes every public operation from the OpenAPI schema, through WSGI.

Valid and invalid requests (wrong types, missing fields, odd strings) must
never produce a server error, and each response must match the status codes,
content type and body the schema documents.
"""

import pytest
import schemathesis
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


@pytest.mark.django_db
@schema.parametrize()
@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
def test_no_public_operation_fails_or_breaks_its_schema(case):
    case.call_and_validate(checks=CHECKS)
