"""The failed rules the Board may vary, answered in one place (``relief.unvaried_failures``)
for the variance service, the gates, the hearing notice and the pages; and a variance request
judges the application's rules once, passing the result along.

Northborough's Board varies its own rules (§8.2): the 50 ft from the lot line (§4.1(a)) is
one, the zoning certification (§2.3) is another body's sign-off, which the office records.
"""

import datetime as dt

import pytest
import time_machine
from django.urls import reverse

from permits_site.licensing.kinds import kind_for
from permits_site.licensing.models import Variance, VarianceStatus
from permits_site.licensing.relief import unvaried_failures
from permits_site.rules.base import CheckResult, Consequence, Finding, Outcome, RuleSet
from tests.stables.flow import PRIVATE, answers, submitted

MARCH_15_2027 = dt.datetime(2027, 3, 15, 10, 0)
LOT_LINE = "nb.4.1a.lot_line"
ZONING = "nb.2.3.zoning"


def finding(rule: str, outcome: Outcome = Outcome.FAIL,
            consequence: Consequence = Consequence.BLOCKS) -> Finding:
    return Finding(rule=rule, citation=f"§ {rule}", outcome=outcome, message=rule,
                   consequence=consequence)


def judged(*findings: Finding) -> CheckResult:
    return CheckResult(check="test", on=dt.date(2027, 3, 15), findings=findings)


def variance(status: str, *rule_ids: str) -> Variance:
    return Variance(status=status, rule_ids=list(rule_ids))


def rules(findings) -> list[str]:
    return [found.rule for found in findings]


# -- The one answer, at its boundaries (no database) --------------------------------------

#: The private stable's kind: its Board varies its own rules, not the office's sign-offs.
KIND = kind_for(PRIVATE)


def test_the_boards_own_failed_rule_may_be_varied_and_another_bodys_sign_off_may_not():
    result = judged(finding(ZONING), finding(LOT_LINE))

    assert rules(unvaried_failures(result, [], kind=KIND)) == [LOT_LINE]
    assert rules(unvaried_failures(result, [], kind=KIND, before_board=True)) == [LOT_LINE]
    # The gates hold both shut: the sign-off is the office's to record, not to vary.
    assert rules(unvaried_failures(result, [], kind=KIND, board_only=False)) == [ZONING, LOT_LINE]


def test_a_rule_already_granted_is_no_longer_asked_nor_blocking():
    result = judged(finding(LOT_LINE))
    granted = [variance(VarianceStatus.GRANTED, LOT_LINE)]

    assert unvaried_failures(result, granted, kind=KIND) == []
    assert unvaried_failures(result, granted, kind=KIND, before_board=True) == []
    assert unvaried_failures(result, granted, kind=KIND, board_only=False) == []


def test_a_rule_before_the_board_is_not_asked_again_but_still_blocks_and_is_noticed():
    result = judged(finding(LOT_LINE))
    requested = [variance(VarianceStatus.REQUESTED, LOT_LINE)]

    assert unvaried_failures(result, requested, kind=KIND, before_board=True) == []
    assert rules(unvaried_failures(result, requested, kind=KIND)) == [LOT_LINE]
    assert rules(unvaried_failures(result, requested, kind=KIND, board_only=False)) == [LOT_LINE]


def test_a_denied_variance_leaves_its_rule_to_be_asked_again():
    result = judged(finding(LOT_LINE))
    denied = [variance(VarianceStatus.DENIED, LOT_LINE)]

    assert rules(unvaried_failures(result, denied, kind=KIND, before_board=True)) == [LOT_LINE]


def test_only_blocking_failures_are_for_the_board():
    result = judged(finding("passes", Outcome.PASS),
                    finding("not applicable", Outcome.NOT_APPLICABLE),
                    finding("awaits a reviewer", Outcome.NEEDS_REVIEW),
                    finding("a penalty", consequence=Consequence.PENALTY),
                    finding(LOT_LINE))

    assert rules(unvaried_failures(result, [], kind=KIND, board_only=False)) == [LOT_LINE]


def test_an_application_not_judged_has_nothing_to_vary():
    assert unvaried_failures(None, [variance(VarianceStatus.DENIED, LOT_LINE)], kind=KIND) == []


# -- One judgement per request -------------------------------------------------------------


@pytest.fixture
def too_close(keeper):
    """A stable 42 ft from the lot line whose sign-offs the office has not recorded yet."""
    with time_machine.travel(MARCH_15_2027, tick=False):
        yield submitted(keeper, facts=answers(distance_to_abutter_property_line_ft=42))


@pytest.fixture
def judgements(monkeypatch):
    """How many times a rule set judges facts."""
    counted = []
    judge = RuleSet.evaluate

    def counting(self, *args, **kwargs):
        counted.append(self.code)
        return judge(self, *args, **kwargs)

    monkeypatch.setattr(RuleSet, "evaluate", counting)
    return counted


def request(lot_line=True, **more) -> dict:
    return {"action": "variance_request",
            "variance-rule_ids": [LOT_LINE] if lot_line else [],
            "variance-request_text": "The barn predates the lot split.", **more}


@pytest.mark.django_db
def test_a_variance_request_from_the_review_screen_judges_the_application_once(
        client, too_close, nb_clerk, judgements):
    client.force_login(nb_clerk)

    response = client.post(reverse("licensing:review", args=[too_close.pk]), request())

    assert response.status_code == 302
    assert too_close.variances.get().rule_ids == [LOT_LINE]
    assert len(judgements) == 1


@pytest.mark.django_db
def test_a_refused_variance_request_judges_the_application_once_and_shows_the_screen(
        client, too_close, nb_clerk, judgements):
    client.force_login(nb_clerk)

    response = client.post(reverse("licensing:review", args=[too_close.pk]),
                           request(lot_line=True, **{"variance-request_text": " "}))

    assert response.status_code == 400
    assert "Say what is asked of the Board and why." in response.content.decode()
    assert not too_close.variances.exists()
    assert len(judgements) == 1


@pytest.mark.django_db
def test_the_applicants_own_request_judges_the_application_once(client, too_close, judgements):
    client.force_login(too_close.applicant)

    response = client.post(reverse("licensing:variance_ask", args=[too_close.pk]), {
        "variance-rule_ids": [LOT_LINE],
        "variance-request_text": "The barn predates the lot split."})

    assert response.status_code == 302
    assert too_close.variances.get().rule_ids == [LOT_LINE]
    assert len(judgements) == 1
