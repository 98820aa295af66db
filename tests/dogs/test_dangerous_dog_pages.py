"""The dog case page and API for a determined dog (Code ch. 60): the owner's duties, the
security window with the Chief's extension refused beyond 60 days, the compliance check's
failures with their sections, the relocation notice printed for the other community."""

import datetime as dt

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from dogs.cases import DANGEROUS_DOG, cite_owner, duty_orders, record_relocation_notice
from tests.dogs.test_dangerous_dog import (
    DECIDED,
    EXTENSION_LIMIT,
    NOTIFIED,
    PASSING_FACTS,
    SECURITY_DUE,
    at,
    dangerous,  # noqa: F401 -- fixtures
    determined,  # noqa: F401
    open_dog_case,
    ordered,  # noqa: F401
)

pytestmark = pytest.mark.django_db


def page_of(case) -> str:
    return reverse("dogs:case", args=[case.pk])


def post(client, case, action: str, **data):
    """Post one of the case page's forms: to the page, naming its action."""
    return client.post(page_of(case), {
        "action": action, **{f"{action}-{name}": value for name, value in data.items()}})


def form_facts(facts: dict) -> dict:
    """The facts as the page's radio buttons and inputs send them."""
    return {name: ("yes" if value else "no") if isinstance(value, bool) else str(value)
            for name, value in facts.items()}


def test_the_chief_orders_the_duties_on_the_page(client, determined, chief):  # noqa: F811
    with at(NOTIFIED):
        client.force_login(chief)
        assert 'id="duties-heading"' in client.get(page_of(determined)).content.decode()
        response = post(client, determined, "duties", notified_on=NOTIFIED.isoformat(),
                        duties=["spay_neuter", "microchip", "training", "security"],
                        unfit_certificate="Dr. Vale: heart condition.")
        shown = client.get(page_of(determined)).content.decode()
    assert response.status_code == 302
    assert sorted(duty_orders(determined)) == ["microchip", "security", "training"]
    assert "Friday, September 24, 2027" in shown
    assert "up to Tuesday, November 2, 2027" in shown


def test_an_extension_beyond_60_days_is_refused_on_its_field(client, ordered, chief):  # noqa: F811
    with at(NOTIFIED):
        client.force_login(chief)
        response = post(client, ordered, "extend", until="2027-11-03", reason="Long job.")
    assert response.status_code == 400
    assert "November 2, 2027 at the latest" in response.content.decode()
    assert duty_orders(ordered)["security"].comply_by == SECURITY_DUE


def test_the_officer_may_not_extend(client, ordered, aco):  # noqa: F811
    with at(NOTIFIED):
        client.force_login(aco)
        assert "extend-heading" not in client.get(page_of(ordered)).content.decode()
        response = post(client, ordered, "extend", until="2027-10-01", reason="Asked.")
    assert response.status_code == 403


def test_the_check_lists_each_failure_with_its_section(client, ordered, aco):  # noqa: F811
    facts = form_facts({**PASSING_FACTS, "insurance_per_incident": 50000})
    with at(NOTIFIED):
        client.force_login(aco)
        response = post(client, ordered, "check", **facts)
        shown = client.get(page_of(ordered)).content.decode()
    assert response.status_code == 302
    assert "Dangerous D(3)" in shown
    assert "comply-heading" not in shown


def test_a_passing_check_then_compliance(client, ordered, aco):  # noqa: F811
    with at(SECURITY_DUE):
        client.force_login(aco)
        post(client, ordered, "check", **form_facts(PASSING_FACTS))
        response = post(client, ordered, "comply")
    assert response.status_code == 302
    assert duty_orders(ordered)["security"].complied_on == SECURITY_DUE


def test_the_relocation_notice_prints_for_the_other_community(client, ordered, aco):  # noqa: F811
    with at(dt.date(2027, 10, 4)):
        record_relocation_notice(case=ordered, direction="out", community="Andover",
                                 description="Tan boxer", notified_on=dt.date(2027, 10, 1),
                                 other_officer="Andover Animal Control", acting_user=aco)
        client.force_login(aco)
        printed = client.get(reverse("dogs:case_relocation_notice", args=[ordered.pk, 1]))
        missing = client.get(reverse("dogs:case_relocation_notice", args=[ordered.pk, 2]))
    text = printed.content.decode()
    assert "To the Animal Control Officer of Andover" in text
    assert "Potentially dangerous H" in text
    assert missing.status_code == 404


def api_step(user, case, step: str, body: dict):
    client = APIClient()
    client.force_authenticate(user)
    return client.post(f"/api/v1/dog-cases/{case.pk}/{step}/", body, format="json")


def test_the_api_walks_duties_extension_check_and_compliance(determined, aco, chief):  # noqa: F811
    with at(NOTIFIED):
        assert api_step(chief, determined, "duties",
                        {"notified_on": NOTIFIED.isoformat()}).status_code == 201
        refused = api_step(chief, determined, "extension",
                           {"until": "2027-11-03", "reason": "Long job."})
        extended = api_step(chief, determined, "extension",
                            {"until": EXTENSION_LIMIT.isoformat(), "reason": "Long job."})
    with at(EXTENSION_LIMIT):
        api_step(aco, determined, "compliance-check", {"facts": PASSING_FACTS})
        complied = api_step(aco, determined, "compliance", {})
    with at(EXTENSION_LIMIT + dt.timedelta(days=1)):
        late = api_step(aco, determined, "verifications",
                        {"order": duty_orders(determined)["microchip"].pk})
    assert refused.status_code == 400
    assert extended.json()["security_window"]["due"] == "2027-11-02"
    security = next(duty for duty in complied.json()["owner_duties"]
                    if duty["citation"].endswith("Dangerous D"))
    assert security["complied_on"] == "2027-11-02"
    assert late.status_code == 400


def test_a_second_at_large_offense_is_flagged_until_the_hearing(client, aco, chief,  # noqa: F811
                                                                 dangerous):  # noqa: F811
    for day in (dt.date(2027, 9, 13), dt.date(2027, 9, 14)):
        with at(day):
            cite_owner(case=dangerous, offense="dangerous_dog_at_large",
                               accrues_until=day, acting_user=aco)
    with at(dt.date(2027, 9, 14)):
        client.force_login(chief)
        flagged = client.get(page_of(dangerous)).content.decode()
        refused = post(client, dangerous, "close")
        post(client, dangerous, "hearing", notice_sent_on="2027-09-14",
             hearing_date="2027-09-21")
        cleared = client.get(page_of(dangerous)).content.decode()
    assert flagged.count("a hearing is mandatory and none is scheduled") == 1
    assert refused.status_code == 400
    assert "Dangerous F(1)(b)" in refused.content.decode()
    assert "a hearing is mandatory" not in cleared
    assert "Hearing on Tuesday, September 21, 2027" in cleared


def test_the_hearing_authority_determines_a_dangerous_dog_on_the_page(client, owner, aco,  # noqa: F811
                                                                       chief):  # noqa: F811
    with at(DECIDED):
        case = open_dog_case(DANGEROUS_DOG, owner, aco)
        client.force_login(chief)
        refused = post(client, case, "determine_dangerous", deemed="yes", exceptions=["C(5)"],
                       determination="Bit a passer-by.")
        response = post(client, case, "determine_dangerous", deemed="yes",
                        grounds=["B(1)(a)"], determination="Bit a passer-by.")
        shown = client.get(page_of(case)).content.decode()
    assert refused.status_code == 400
    assert response.status_code == 302
    assert 'id="duties-heading"' in shown
