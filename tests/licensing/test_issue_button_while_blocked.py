"""The clerk's "Approve and issue license" says so while anything blocks issuance: it is
shown disabled, pointing at the list of blockers; posted anyway, it is refused."""

import re

import pytest
import time_machine
from django.urls import reverse

from permits_site.licensing.models import Permit
from tests.licensing.test_pages import FEB_2027, submitted

pytestmark = pytest.mark.django_db
REASON = "Nothing can be issued while something blocks it: see what still blocks issuance."


@pytest.fixture(autouse=True)
def _february():
    with time_machine.travel(FEB_2027, tick=False):
        yield


def issue_button(page: str) -> str:
    before = page.split(">Approve and issue license</button>", 1)[0]
    return before.rsplit("<button", 1)[1]


def test_while_blocked_the_button_is_disabled_and_says_why(client, dog, clerk):
    application = submitted(dog)
    client.force_login(clerk)

    page = client.get(reverse("licensing:review", args=[application.pk])).content.decode()

    button = issue_button(page)
    assert 'aria-disabled="true"' in button and 'type="button"' in button
    assert REASON in re.sub(r"<[^>]+>", "", page)
    assert 'href="#blockers-heading"' in page


def test_posted_anyway_it_is_refused_naming_the_blockers(client, dog, clerk):
    application = submitted(dog)
    client.force_login(clerk)

    response = client.post(reverse("licensing:issue", args=[application.pk]), follow=True)

    assert "is not paid" in response.content.decode()
    assert not Permit.objects.exists()
