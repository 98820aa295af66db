"""Schemathesis fuzzes every signed-in operation of the OpenAPI schema on the demo data.

The demo (``manage.py seed_demo``) is laid down once for the module, on the clock the
API tests run on, and every generated request is sent through WSGI with the token of
the demo's North Andover clerk or of its resident. Each request runs in a savepoint
rolled back after it, so a ``POST`` or ``DELETE`` never changes what the next request
sees. Generation is derandomized with a fixed number of examples: every run sends the
same requests.

No request may produce a server error, and each response must match the status codes,
content type and body the schema documents for its operation (the public operations
have their own run: ``tests/api_public/test_schema_fuzz.py``).
"""

import pytest
import schemathesis
import time_machine
from django.db import transaction
from django.test import override_settings
from hypothesis import HealthCheck, settings
from rest_framework.authtoken.models import Token

from fixtures.demo import build
from permits_site.accounts.models import User
from permits_site.wsgi import application
from tests.api.conftest import TODAY
from tests.api_public.test_schema_fuzz import CHECKS, connection_kept_across_requests

__all__ = ["connection_kept_across_requests"]

schema = schemathesis.openapi.from_wsgi("/api/v1/schema/", application).exclude(tag="public")

#: The demo's accounts the requests are sent as: a clerk of North Andover, and the
#: resident who holds the demo's dog license, stable application and citation.
ROLES = {"clerk": "clerk_north_andover", "resident": "resident"}
#: Requests generated per operation and account.
EXAMPLES = 6


@pytest.fixture(scope="module")
def _frozen_clock():
    """The API tests' day for the whole module, the demo's seeding included."""
    with time_machine.travel(TODAY, tick=False):
        yield


@pytest.fixture(scope="module")
def _media_root(tmp_path_factory):
    """The demo's uploads stay on disk for every request of the module."""
    with override_settings(MEDIA_ROOT=tmp_path_factory.mktemp("media")):
        yield


@pytest.fixture(scope="module")
def demo_tokens(django_db_setup, django_db_blocker, _frozen_clock, _media_root):
    """The demo data, seeded once in a transaction rolled back after the module."""
    with django_db_blocker.unblock(), transaction.atomic():
        build()
        yield {role: Token.objects.get_or_create(user=User.objects.get(username=username))[0].key
               for role, username in ROLES.items()}
        transaction.set_rollback(True)


@pytest.mark.django_db
@pytest.mark.postgres_only  # the database never decides the answer's shape: fuzzed once
@pytest.mark.parametrize("role", ROLES)
@schema.parametrize()
@settings(max_examples=EXAMPLES, derandomize=True, deadline=None,
          suppress_health_check=list(HealthCheck))
def test_no_signed_in_operation_fails_or_breaks_its_schema(
    case, role, demo_tokens, connection_kept_across_requests
):
    with transaction.atomic():
        try:
            case.call_and_validate(headers={"Authorization": f"Token {demo_tokens[role]}"},
                                   checks=CHECKS)
        finally:
            transaction.set_rollback(True)
