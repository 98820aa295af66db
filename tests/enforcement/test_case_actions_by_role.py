"""The case page offers each step only to the roles that may take it; a step posted by
another role is refused on the site's page naming who may take it."""


import pytest
from django.urls import reverse

from permits_site.enforcement.models import Citation
from permits_site.enforcement.services import schedule_case_hearing
from tests.enforcement.conftest import MONDAY, STABLE_OFFENSE, stable_case
from tests.factories import Role, staff

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("on_monday")]

#: Steps the town's case workers take (``CASE_WORKER_ROLES``).
WORKER_STEPS = {"determine", "order", "citation", "hearing", "close"}
#: Steps only those who decide a case take (``CASE_DECIDER_ROLES``).
DECIDER_STEPS = {"hearing_decision", "permit"}
#: The party's appeal, filed with the Clerk (``APPEAL_RECORDER_ROLES``).
CLERK_STEPS = {"appeal"}
OFFERED = {
    Role.CLERK: WORKER_STEPS | CLERK_STEPS,
    Role.INSPECTOR: WORKER_STEPS,
    Role.ANIMAL_CONTROL_OFFICER: WORKER_STEPS,
    Role.HEARING_AUTHORITY: WORKER_STEPS | DECIDER_STEPS,
    Role.BOARD_MEMBER: DECIDER_STEPS,
}


@pytest.fixture
def case_with_a_hearing(stable_permit, nb_inspector):
    case = stable_case(stable_permit, nb_inspector, received_on=MONDAY.date())
    schedule_case_hearing(case=case, notice_sent_on=MONDAY.date(),
                          hearing_date=MONDAY.date(), acting_user=nb_inspector)
    return case


@pytest.mark.parametrize("role", list(OFFERED))
def test_each_role_is_offered_only_the_steps_it_may_take(client, case_with_a_hearing, role):
    client.force_login(staff(role, "northborough"))

    page = client.get(reverse("enforcement:case", args=[case_with_a_hearing.pk])).content.decode()

    offered = {step for step in WORKER_STEPS | DECIDER_STEPS | CLERK_STEPS
               if f'id="{step}-section"' in page}
    assert offered == OFFERED[role]


def test_a_board_member_posting_a_citation_gets_the_refusal_page_naming_the_roles(
    client, case_with_a_hearing
):
    client.force_login(staff(Role.BOARD_MEMBER, "northborough"))

    response = client.post(
        reverse("enforcement:case", args=[case_with_a_hearing.pk]),
        {"action": "citation",
         "citation-offense": STABLE_OFFENSE, "citation-amount_per_offense": "25"})

    assert response.status_code == 403
    page = response.content.decode()
    assert "You cannot do this" in page
    assert ("Only the town&#x27;s Clerk, Board of Health agent, Animal Control Officer or "
            "Hearing authority may issue a citation.") in page
    assert not Citation.objects.exists()


def test_an_inspector_posting_a_hearing_decision_is_told_who_decides(client,
                                                                     case_with_a_hearing):
    client.force_login(staff(Role.INSPECTOR, "northborough"))
    hearing = case_with_a_hearing.hearings.get()

    response = client.post(
        reverse("enforcement:case", args=[case_with_a_hearing.pk]),
        {"action": "hearing_decision",
         "hearing_decision-hearing": hearing.pk, "hearing_decision-decision": "Upheld.",
         "hearing_decision-decided_on": "2027-06-07"})

    assert response.status_code == 403
    assert ("Only the town&#x27;s Hearing authority or Board of Health member may decide a "
            "case&#x27;s hearing.") in response.content.decode()
    hearing.refresh_from_db()
    assert hearing.decided_on is None
