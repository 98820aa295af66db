"""A North Andover dog case's own page links its undecided hearings to their continuance:
an appeal's public hearing (Hearing authority B) and the Chief's hearing on euthanasia
(Dangerous F(1)), for those who decide them (the hearing authority), while the case is open.
A continuance made from there returns to the dog case's page, which gives the new day."""

from __future__ import annotations

import datetime as dt

import pytest
from django.urls import reverse

from dogs.cases import rule_on_appeal, schedule_euthanasia_hearing, schedule_public_hearing
from tests.clients import page_text
from tests.dogs.test_dangerous_dog import at, dangerous  # noqa: F401 -- fixtures
from tests.dogs.test_hearing_time_and_place import (  # noqa: F401 -- fixtures
    APPEAL_HEARD,
    APPEALED,
    CHIEFS_HEARING,
    CITED,
    appeal,
    cited_at_large,
    clerk,
    usual_time_and_place,
)

pytestmark = pytest.mark.django_db
#: Wednesday, June 24, 2026: a day North Andover's offices are open (Monday to Thursday).
CONTINUED_TO = dt.date(2026, 6, 24)


@pytest.fixture
def heard_appeal(appeal, clerk):  # noqa: F811
    with at(APPEALED):
        schedule_public_hearing(appeal=appeal, hearing_date=APPEAL_HEARD, acting_user=clerk)
    appeal.refresh_from_db()
    return appeal


def case_page(client, user, case) -> tuple[str, str]:
    """The dog case's page as ``user`` reads it, and its HTML (for its links)."""
    client.force_login(user)
    response = client.get(reverse("dogs:case", args=[case.pk]))
    return page_text(response), response.content.decode()


def test_the_chief_continues_an_appeals_public_hearing_from_the_dog_case_page(
        client, heard_appeal, chief):
    continue_url = reverse("enforcement:appeal_hearing_continue", args=[heard_appeal.pk])
    with at(APPEALED):
        page, html = case_page(client, chief, heard_appeal.case)
        response = client.post(continue_url, {
            "hearing_date": CONTINUED_TO.isoformat(), "hearing_time": "19:00",
            "location": "Town Hall, 120 Main Street", "reason": "The owner's lawyer is away."})
        shown = page_text(client.get(response["Location"]))

    assert "Continue or reschedule the public hearing of June 23" in page
    assert f'href="{continue_url}"' in html
    assert response.status_code == 302
    assert response["Location"] == reverse("dogs:case", args=[heard_appeal.case.pk])
    assert "Public hearing: Wednesday, June 24, 2026, 7:00 PM" in shown


def test_the_clerk_who_set_the_hearing_is_not_offered_its_continuance(
        client, heard_appeal, clerk):  # noqa: F811
    with at(APPEALED):
        page, _ = case_page(client, clerk, heard_appeal.case)

    assert "Public hearing: Tuesday, June 23, 2026" in page
    assert "Continue or reschedule" not in page


def test_a_ruled_appeals_hearing_is_not_offered(client, heard_appeal, chief):
    with at(APPEAL_HEARD):
        rule_on_appeal(appeal=heard_appeal, outcome="uphold", ruling="The finding stands.",
                       decided_on=APPEAL_HEARD, acting_user=chief)
        page, _ = case_page(client, chief, heard_appeal.case)

    assert "Ruling of June 23, 2026" in page
    assert "Continue or reschedule the public hearing" not in page


def test_the_chiefs_hearing_on_euthanasia_is_offered_its_continuance(
        client, cited_at_large, chief):  # noqa: F811
    with at(CITED):
        hearing = schedule_euthanasia_hearing(case=cited_at_large, notice_sent_on=CITED,
                                              hearing_date=CHIEFS_HEARING, acting_user=chief)
        page, html = case_page(client, chief, cited_at_large)

    assert "Continue or reschedule the hearing of September 20" in page
    assert f'href="{reverse("enforcement:hearing_continue", args=[hearing.pk])}"' in html
