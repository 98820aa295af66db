"""A citation's hearing reads the same on the case page, the staff's citation page and the
cited person's own page: one wording for the same fact, written in one place (MGL c.40
§21D: the party asks for a hearing; it is upheld, reduced or dismissed)."""

import datetime as dt
import html
import re

import pytest
import time_machine
from django.urls import reverse

from permits_site.enforcement.services import issue_citation, open_case
from permits_site.enforcement.services.dispositions import decide_hearing, request_hearing
from tests.enforcement.conftest import DOG_COMPLAINT
from tests.enforcement.test_citation_pages import held_today
from tests.factories import Role, municipality, staff

pytestmark = pytest.mark.django_db

MONDAY = dt.datetime(2027, 6, 7, 9, 0)
THURSDAY = dt.datetime(2027, 6, 10, 9, 0)


@pytest.fixture
def citation(officer, resident):
    with time_machine.travel(MONDAY, tick=False):
        case = open_case(municipality=municipality("north_andover"),
                         case_type=DOG_COMPLAINT.code, party=resident, party_name="Jane Smith",
                         address="1 Main St", complaint="Dog loose on Main St.",
                         received_on=MONDAY.date(), acting_user=officer)
        cited = issue_citation(case=case, offense="running_at_large", acting_user=officer)
        request_hearing(citation=cited, acting_user=resident)
    return cited


def text_of(client, user, url: str) -> str:
    client.force_login(user)
    response = client.get(url)
    assert response.status_code == 200
    words = re.sub(r"<[^>]+>", " ", response.content.decode())
    return " ".join(html.unescape(words).split())


def three_pages(client, citation, officer, resident) -> dict[str, str]:
    return {
        "case": text_of(client, officer, reverse("enforcement:case", args=[citation.case_id])),
        "staff": text_of(client, officer, reverse("enforcement:citation", args=[citation.pk])),
        "resident": text_of(client, resident, reverse("citations:detail", args=[citation.pk])),
    }


def test_a_hearing_waiting_reads_the_same_on_the_three_pages(client, citation, officer,
                                                            resident):
    with time_machine.travel(THURSDAY, tick=False):
        pages = three_pages(client, citation, officer, resident)
    for name, page in pages.items():
        assert "Hearing requested on June 7, 2027." in page, name
        assert "Not decided yet: nothing is due until it is." in page, name


def test_a_hearing_decided_reads_the_same_on_the_three_pages(client, citation, officer,
                                                            resident):
    authority = staff(Role.HEARING_AUTHORITY, "north_andover")
    with time_machine.travel(THURSDAY, tick=False):
        held_today(citation)
        decide_hearing(citation=citation, outcome="reduced", reduced_to="10.00",
                       acting_user=authority)
        pages = three_pages(client, citation, officer, resident)
    for name, page in pages.items():
        assert "Hearing requested on June 7, 2027." in page, name
        assert "Decided on June 10, 2027: the amount is reduced to $10.00." in page, name
        assert "New last day to pay: July 1, 2027." in page, name
        assert "Not decided yet" not in page, name
