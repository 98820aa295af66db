"""The rules' findings on the generated form, before anything is saved: each rule in words
with its section and what it does to the permit — blocks it, adds a fee or penalty, or waits
for the office (spec ``lifecycle.md``, "What a failed rule does"). Live through htmx, and
with the "Check my answers" button without JavaScript."""

import datetime as dt
import html
import re

import pytest
import time_machine
from django.urls import reverse

from permits_site.licensing.models import Application
from permits_site.rules.base import CheckContext, Consequence, failed, passed
from permits_site.rules.registry import registered_law
from stables.permits.services import PRIVATE_STABLE
from tests.declared import CODE, GARDEN_PARTY, declared_permit_type
from tests.factories import UserFactory
from tests.stables.flow import ITEMS, PRIVATE_FACTS, site

pytestmark = pytest.mark.django_db
MARCH_15_2027 = dt.datetime(2027, 3, 15, 10, 0)
#: The dog license's timeliness rule: its penalty is the Licenses A(10) offense, priced by
#: North Andover's fine schedule.
TIMELY = "na.lic.A.timely"


def form_answers(facts=PRIVATE_FACTS, **changes):
    """The facts as a browser posts them: yes/no radios, plain numbers."""
    return {
        name: ("yes" if value else "no") if isinstance(value, bool) else value
        for name, value in {**facts, **changes}.items()
    }


def stable_post(place, **changes):
    return {"action": "new", "property": place.pk, "occupancy": "owner", **ITEMS,
            **form_answers(**changes)}


def findings_of(content: str) -> dict[str, str]:
    """Rule id → the text of its finding in the rendered fragment."""
    items = re.findall(r'data-rule="([^"]+)"(.*?)</li>', content, flags=re.S)
    return {rule: html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", text)))
            for rule, text in items}


@pytest.fixture
def keeper(db):
    return UserFactory(first_name="Kate", last_name="Keeper")


@pytest.fixture
def garden(db):
    with declared_permit_type() as permit_type:
        yield permit_type


def garden_post(guests, place=None):
    data = {"action": "new", "party_date": "2027-06-12", "guests": str(guests)}
    if place is not None:
        data["property"] = place.pk
    return data


# -- One outcome of each kind ------------------------------------------------------------------


@time_machine.travel(MARCH_15_2027, tick=False)
def test_a_stable_49_ft_from_the_lot_line_blocks_the_permit_4_1a(client, keeper):
    place = site(keeper)
    client.force_login(keeper)

    response = client.post(reverse("licensing:findings", args=[PRIVATE_STABLE]),
                           stable_post(place, distance_to_abutter_property_line_ft="49"))

    findings = findings_of(response.content.decode())
    assert response.status_code == 200
    lot_line = findings["nb.4.1a.lot_line"]
    assert "Blocks the permit" in lot_line
    assert "The stable is 50 ft or more from abutters' lot lines" in lot_line
    assert "Northborough Horse & Stable Regs §4.1(a)" in lot_line
    assert "variance" in response.content.decode()


@time_machine.travel(MARCH_15_2027, tick=False)
@pytest.mark.parametrize("distance", ["50", "50.1"])
def test_a_stable_50_ft_or_more_from_the_lot_line_meets_4_1a(client, keeper, distance):
    place = site(keeper)
    client.force_login(keeper)

    response = client.post(reverse("licensing:findings", args=[PRIVATE_STABLE]),
                           stable_post(place, distance_to_abutter_property_line_ft=distance))

    lot_line = findings_of(response.content.decode())["nb.4.1a.lot_line"]
    assert "Meets the rule" in lot_line
    assert "Blocks the permit" not in lot_line


@time_machine.travel(MARCH_15_2027, tick=False)
def test_the_zoning_and_concom_sign_offs_wait_for_the_office_2_3_4_1(client, keeper):
    place = site(keeper)
    client.force_login(keeper)

    response = client.post(reverse("licensing:findings", args=[PRIVATE_STABLE]),
                           stable_post(place))

    content = response.content.decode()
    findings = findings_of(content)
    for rule in ("nb.2.3.zoning", "nb.4.1.concom"):
        assert "Waits for the office's decision" in findings[rule]
    assert "Blocks the permit" not in content
    assert "$50.00" in content


def test_a_large_party_waits_for_the_offices_decision(client, garden):
    client.force_login(UserFactory())

    response = client.post(reverse("licensing:findings", args=[CODE]), garden_post(60))

    finding = findings_of(response.content.decode())["garden.1.neighbours"]
    assert "Waits for the office's decision" in finding
    assert "Test Bylaw §1(a)" in finding


def test_too_many_guests_block_the_permit(client, garden):
    client.force_login(UserFactory())

    response = client.post(reverse("licensing:findings", args=[CODE]), garden_post(201))

    assert "Blocks the permit" in findings_of(response.content.decode())["garden.2.size"]


def test_a_penalty_finding_names_its_fine_and_section(client, garden):
    """A penalty rule does not block: it costs the applicant the fine of the offense it leads
    to (here the Licenses A(10) offense registered for ``na.lic.A.timely``)."""
    late = GARDEN_PARTY.__class__(code=CODE, municipality="north_andover", title="Late party",
                                  facts=GARDEN_PARTY.facts)

    @late.rule(TIMELY, "Test Bylaw §3", "The party is announced on time",
               consequence=Consequence.PENALTY)
    def announced(facts, context: CheckContext):
        return failed("Announced late.") if facts["guests"] > 10 else passed("On time.")

    client.force_login(UserFactory())
    with registered_law("north_andover", rule_sets=[late]):
        response = client.post(reverse("licensing:findings", args=[CODE]), garden_post(20))

    finding = findings_of(response.content.decode())[TIMELY]
    assert re.search(r"Adds a fee or penalty: (\$\d+\.\d\d|a written warning)", finding)
    assert "Blocks the permit" not in finding


def test_unanswered_questions_show_no_findings_yet(client, garden):
    client.force_login(UserFactory())

    response = client.post(reverse("licensing:findings", args=[CODE]),
                           {"action": "new", "guests": ""})

    content = response.content.decode()
    assert response.status_code == 200
    assert "data-rule" not in content
    assert "Answer every question" in content
    assert "How many guests?" in content


def test_the_findings_of_an_unknown_action_are_404(client, garden):
    client.force_login(UserFactory())

    response = client.post(reverse("licensing:findings", args=[CODE]),
                           {"action": "demolition", "guests": "3"})

    assert response.status_code == 404


def test_the_findings_ask_to_sign_in(client, garden):
    response = client.post(reverse("licensing:findings", args=[CODE]), garden_post(3))

    assert response.status_code == 302


# -- Without JavaScript ------------------------------------------------------------------------


@time_machine.travel(MARCH_15_2027, tick=False)
def test_check_my_answers_shows_the_findings_on_the_form_and_saves_nothing(client, keeper):
    place = site(keeper)
    client.force_login(keeper)
    url = reverse("licensing:apply", args=[PRIVATE_STABLE])

    form = client.get(url).content.decode()
    response = client.post(url, {**stable_post(place, distance_to_abutter_property_line_ft="49"),
                                 "check": "1"})

    content = response.content.decode()
    assert 'name="check"' in form and "Check my answers" in form
    assert 'hx-post="' + reverse("licensing:findings", args=[PRIVATE_STABLE]) in form
    assert response.status_code == 200
    assert "Blocks the permit" in findings_of(content)["nb.4.1a.lot_line"]
    assert re.search(r'name="distance_to_abutter_property_line_ft"[^>]*value="49"', content)
    assert not Application.objects.exists()


@time_machine.travel(MARCH_15_2027, tick=False)
def test_the_edit_form_checks_the_answers_too(client, keeper):
    place = site(keeper)
    client.force_login(keeper)
    client.post(reverse("licensing:apply", args=[PRIVATE_STABLE]), stable_post(place))
    application = Application.objects.get()
    url = reverse("licensing:edit", args=[application.pk])

    form = client.get(url).content.decode()
    response = client.post(url, {**stable_post(place, distance_to_abutter_property_line_ft="30"),
                                 "check": "1"})

    assert "Check my answers" in form
    assert "Blocks the permit" in findings_of(response.content.decode())["nb.4.1a.lot_line"]
    application.refresh_from_db()
    assert application.facts["distance_to_abutter_property_line_ft"] == 60
