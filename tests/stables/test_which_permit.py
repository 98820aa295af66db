"""Which permit do I need in Northborough: §1.1 tells a private from a public stable; the
old "which permit" address leads to the town's questions."""

import datetime as dt
import itertools

import pytest
from django.urls import reverse

from permits_site.licensing.questions import walk
from permits_site.rules.base import CheckContext
from stables import rules
from stables.questions import STABLES

PUBLIC = "northborough.public_stable"
PRIVATE = "northborough.private_stable"


@pytest.mark.parametrize(("fee_charged", "horses", "residences", "permit_type"), [
    (True, 1, 1, PUBLIC),
    (False, 2, 5, PRIVATE),
    (False, 3, 1, PRIVATE),
    (False, 3, 2, PUBLIC),
    (False, 4, 2, PUBLIC),
    (False, 0, 1, PRIVATE),
])
def test_section_1_1_decides_between_a_private_and_a_public_stable(fee_charged, horses,
                                                                   residences, permit_type):
    answer = walk(STABLES, {"fee_charged": fee_charged, "horses": horses,
                            "owner_residences": residences}).answer

    assert answer.permit_types == (permit_type, "northborough.horse_registration")
    assert "§1.1" in answer.reason


def test_the_questions_agree_with_the_rule_nb_1_1_private_everywhere():
    for fee_charged, horses, residences in itertools.product((True, False), range(6),
                                                             range(1, 4)):
        facts = {"fee_charged": fee_charged, "horses": horses, "owner_residences": residences}
        public = rules.private_use.evaluate(facts, CheckContext(on=dt.date(2026, 6, 10))).failed
        answer = walk(STABLES, facts).answer
        assert answer.permit_types[0] == (PUBLIC if public else PRIVATE), facts


def test_two_horses_need_no_question_about_residences():
    path = walk(STABLES, {"fee_charged": False, "horses": 2})

    assert [ask.fact.name for ask in path.asked] == ["fee_charged", "horses"]
    assert path.answer.permit_types[0] == PRIVATE


@pytest.mark.django_db
def test_the_old_address_leads_to_the_towns_questions_with_the_answers(client):
    response = client.get(reverse("stables:which_permit"),
                          {"fee_charged": "yes", "horses": "6"})

    assert response.status_code == 301
    target = reverse("law:which_permit", args=["northborough"])
    assert response.url.startswith(f"{target}?")
    assert "fee_charged=yes" in response.url and "purpose=keep_horses" in response.url
    assert "You need: Public Stable Permit" in client.get(response.url).content.decode()
