"""A citation page links its case only for a role that may open the case page."""

import pytest
import time_machine
from django.urls import reverse

from tests.enforcement.test_citation_pages import (
    MONDAY,
    citation_url,
    page_of,
    signed_in,
    tisbury_citation,
)
from tests.factories import Role, staff

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _monday():
    with time_machine.travel(MONDAY, tick=False):
        yield


@pytest.mark.parametrize(("role", "linked"), [(Role.ADMIN, False), (Role.CLERK, True)])
def test_the_case_is_linked_only_for_roles_that_may_open_it(client, role, linked):
    clerk = staff(Role.CLERK, "tisbury")
    citation = tisbury_citation(clerk)
    case_url = reverse("enforcement:case", args=[citation.case_id])
    client = signed_in(client, staff(role, "tisbury"))

    page = page_of(client.get(citation_url(citation)))

    assert (f'href="{case_url}"' in page) is linked
    assert f"Case #{citation.case_id}" in page
    assert (client.get(case_url).status_code == 200) is linked
