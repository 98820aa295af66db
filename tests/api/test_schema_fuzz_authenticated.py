"""Schemathesis fuzzes every signed-in operation of the OpenAPI schema on the demo data.

The demo (``manage.py seed_demo``) is laid down once for the module, on the clock the
API tests run on, and every generated request is sent through WSGI with the token of
the demo's North Andover clerk or of its resident. Each request runs in a savepoint
rolled back after it, so a ``POST`` or ``DELETE`` never changes what the next request
sees. Generation is derandomized with a fixed number of examples: every run sends the
same requests.

The clerk is sent every case of every phase: the schema's examples, the coverage phase's
valid and invalid requests (wrong types, missing fields, strings past their bounds,
unexpected methods and content types) and six generated requests. The resident is sent the
same but for the coverage phase's invalid requests. Those reach either a refusal before the
body is read (403 on the staff's operations, 404 on another person's records), which the
resident's valid requests already meet on every operation, or the same validation that
answers the clerk: sending them as the resident lengthened the run by a third (two thirds
of the resident's requests) and tested nothing the clerk's run does not.

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
from schemathesis.config import SchemathesisConfig

from fixtures.demo import build
from permits_site.accounts.models import User
from permits_site.wsgi import application
from tests.api.conftest import TODAY
from tests.api_public.test_schema_fuzz import CHECKS, connection_kept_across_requests

__all__ = ["connection_kept_across_requests"]

# The database never decides an answer's shape: fuzzed once, on PostgreSQL.
pytestmark = [pytest.mark.django_db, pytest.mark.postgres_only]

#: The coverage phase's valid requests only (its "positive" mode).
VALID_COVERAGE_ONLY = {"phases": {"coverage": {"generation": {"mode": "positive"}}}}


def signed_in_operations(config: dict):
    """The schema's operations that need an account, generated as ``config`` says."""
    loaded = schemathesis.openapi.from_wsgi("/api/v1/schema/", application,
                                            config=SchemathesisConfig.from_dict(config))
    return loaded.exclude(tag="public")


#: The demo's accounts the requests are sent as, each with the cases it is sent: a clerk of
#: North Andover, and the resident who holds the demo's dog license, stable application and
#: citation, who is sent only the coverage phase's valid requests (above).
SCHEMAS = {
    "clerk_north_andover": signed_in_operations({}),
    "resident": signed_in_operations(VALID_COVERAGE_ONLY),
}

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
        users = User.objects.filter(username__in=SCHEMAS)
        yield {user.username: Token.objects.get_or_create(user=user)[0].key for user in users}
        transaction.set_rollback(True)


def sent_as(username: str, case, demo_tokens) -> None:
    """Send ``case`` with ``username``'s token, rolled back after, and check its answer."""
    with transaction.atomic():
        try:
            case.call_and_validate(headers={"Authorization": f"Token {demo_tokens[username]}"},
                                   checks=CHECKS)
        finally:
            transaction.set_rollback(True)


generated = settings(max_examples=EXAMPLES, derandomize=True, deadline=None,
                     suppress_health_check=list(HealthCheck))


@SCHEMAS["clerk_north_andover"].parametrize()
@generated
def test_no_operation_fails_or_breaks_its_schema_for_the_clerk(
    case, demo_tokens, connection_kept_across_requests
):
    sent_as("clerk_north_andover", case, demo_tokens)


@SCHEMAS["resident"].parametrize()
@generated
def test_no_operation_fails_or_breaks_its_schema_for_the_resident(
    case, demo_tokens, connection_kept_across_requests
):
    sent_as("resident", case, demo_tokens)
