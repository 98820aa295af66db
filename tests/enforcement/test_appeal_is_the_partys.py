"""An appeal is the party's: the Clerk records the written appeal on the party's behalf
(North Andover Code ch. 60, Hearing authority B, E: "a written request to the Town Clerk").
The hearing authority, or anyone else who decided what is appealed, is neither offered the
step nor allowed it by a post or the API; the page and the API refuse in the same words,
naming who may. Nor does whoever decided what an appeal answers — the determination, or the
ruling on an earlier appeal — decide that appeal: someone else rules on it (Hearing
authority B, E: a decision-maker never reviews their own decision)."""

import datetime as dt

import pytest
import time_machine
from django.urls import reverse

from permits_site.enforcement.services import decide_appeal, determine, file_appeal
from permits_site.enforcement.services.cases import propose_determination
from permits_site.exceptions import PermissionDenied
from tests.clients import api_for, page_text
from tests.enforcement.conftest import stable_case
from tests.factories import MembershipFactory, Role, municipality, staff

pytestmark = pytest.mark.django_db

MONDAY = dt.datetime(2027, 6, 7, 9, 0)

ONLY_THE_CLERK = "Only the town's Clerk may record an appeal."
OWN_DECISION = ("You decided what this appeal answers: the party's appeal is recorded by "
                "the town's Clerk, someone other than the one who decided.")
OWN_REVIEW = ("You decided what this appeal answers: someone other than the one who decided "
              "rules on it.")




# -- the generic case page and /api/v1/cases/ ------------------------------------------------


@pytest.fixture
def determined_stable_case(stable_permit, nb_inspector, nb_board):
    with time_machine.travel(MONDAY, tick=False):
        case = stable_case(stable_permit, nb_inspector, received_on=MONDAY.date())
        return determine(case=case, determination="Manure over the limit.",
                         complaint_validated=True, acting_user=nb_board)


def case_page(case) -> str:
    return reverse("enforcement:case", args=[case.pk])


def post_appeal(client, case):
    return client.post(case_page(case), {
        "action": "appeal", "appeal-filed_on": MONDAY.date().isoformat(),
        "appeal-grounds": "The pile was measured wrong."})


def api_appeal(user, case):
    return api_for(user).post(f"/api/v1/cases/{case.pk}/appeals/", {
        "filed_on": MONDAY.date().isoformat(), "grounds": "The pile was measured wrong."},
        format="json")


def test_the_hearing_authority_who_decided_is_not_offered_the_appeal(client,
                                                                      determined_stable_case,
                                                                      nb_board):
    with time_machine.travel(MONDAY, tick=False):
        client.force_login(nb_board)
        page = client.get(case_page(determined_stable_case)).content.decode()
    assert 'id="appeal-section"' not in page


def test_the_hearing_authority_posting_an_appeal_is_refused_naming_the_clerk(
    client, determined_stable_case, nb_board
):
    with time_machine.travel(MONDAY, tick=False):
        client.force_login(nb_board)
        posted = post_appeal(client, determined_stable_case)
        called = api_appeal(nb_board, determined_stable_case)
    assert posted.status_code == 403
    assert ONLY_THE_CLERK in page_text(posted)
    assert called.status_code == 403
    assert called.json()["detail"] == ONLY_THE_CLERK
    assert not determined_stable_case.appeals.exists()


def test_the_clerk_records_the_partys_appeal(client, determined_stable_case, nb_clerk):
    with time_machine.travel(MONDAY, tick=False):
        client.force_login(nb_clerk)
        page = client.get(case_page(determined_stable_case)).content.decode()
        posted = post_appeal(client, determined_stable_case)
    assert 'id="appeal-section"' in page
    assert posted.status_code == 302
    assert determined_stable_case.appeals.get().recorded_by == nb_clerk


def test_the_clerk_records_an_appeal_through_the_api(determined_stable_case, nb_clerk):
    with time_machine.travel(MONDAY, tick=False):
        called = api_appeal(nb_clerk, determined_stable_case)
    assert called.status_code == 201
    assert determined_stable_case.appeals.count() == 1


def test_an_inspector_may_not_record_an_appeal(client, determined_stable_case, nb_inspector):
    with time_machine.travel(MONDAY, tick=False):
        client.force_login(nb_inspector)
        page = client.get(case_page(determined_stable_case)).content.decode()
        posted = post_appeal(client, determined_stable_case)
    assert 'id="appeal-section"' not in page
    assert posted.status_code == 403
    assert ONLY_THE_CLERK in page_text(posted)


def test_a_clerk_who_decided_the_case_may_not_record_its_appeal(client, stable_permit,
                                                                nb_inspector):
    clerk_and_authority = staff(Role.CLERK, "northborough")
    MembershipFactory(user=clerk_and_authority, municipality=municipality("northborough"),
                      role=Role.HEARING_AUTHORITY)
    with time_machine.travel(MONDAY, tick=False):
        case = stable_case(stable_permit, nb_inspector, received_on=MONDAY.date())
        determine(case=case, determination="Manure over the limit.", complaint_validated=True,
                  acting_user=clerk_and_authority)
        client.force_login(clerk_and_authority)
        page = client.get(case_page(case)).content.decode()
        posted = post_appeal(client, case)
        called = api_appeal(clerk_and_authority, case)
    assert 'id="appeal-section"' not in page
    assert posted.status_code == 403
    assert OWN_DECISION in page_text(posted)
    assert called.status_code == 403
    assert called.json()["detail"] == OWN_DECISION
    assert not case.appeals.exists()


# -- deciding the appeal: never by whoever decided what it answers ---------------------------


@pytest.fixture
def designee(db):
    """A second hearing authority of the town, who decided nothing on the case."""
    return staff(Role.HEARING_AUTHORITY, "northborough", first_name="Dana", last_name="Designee")


def appeal_of(case, clerk):
    with time_machine.travel(MONDAY, tick=False):
        return file_appeal(case=case, filed_on=MONDAY.date(), grounds="Measured wrong.",
                           acting_user=clerk)


def decide(appeal, user):
    with time_machine.travel(MONDAY, tick=False):
        return decide_appeal(appeal=appeal, decision="Denied.", decided_on=MONDAY.date(),
                             acting_user=user)


def post_appeal_decision(client, case, appeal):
    return client.post(case_page(case), {
        "action": "appeal_decision", "appeal_decision-appeal": appeal.pk,
        "appeal_decision-decision": "Denied.",
        "appeal_decision-decided_on": MONDAY.date().isoformat()})


def api_appeal_decision(user, case, appeal):
    return api_for(user).post(f"/api/v1/cases/{case.pk}/appeal-decisions/", {
        "appeal": appeal.pk, "decision": "Denied.", "decided_on": MONDAY.date().isoformat()},
        format="json")


def test_the_determinations_maker_may_not_decide_its_appeal(determined_stable_case, nb_board,
                                                            nb_clerk):
    appeal = appeal_of(determined_stable_case, nb_clerk)
    with pytest.raises(PermissionDenied) as refused:
        decide(appeal, nb_board)
    assert refused.value.errors == {"decision": [OWN_REVIEW]}
    appeal.refresh_from_db()
    assert (appeal.decided_on, appeal.decided_by, appeal.decision) == (None, None, "")


def test_whoever_ruled_on_an_appeal_may_not_decide_the_further_appeal(
    determined_stable_case, nb_board, nb_clerk, designee
):
    ruled = decide(appeal_of(determined_stable_case, nb_clerk), designee)
    further = appeal_of(determined_stable_case, nb_clerk)
    third = staff(Role.BOARD_MEMBER, "northborough")
    refusals = []
    for decider in (designee, nb_board):
        with pytest.raises(PermissionDenied) as refused:
            decide(further, decider)
        refusals.append(refused.value.errors)
    decide(further, third)

    assert ruled.decided_by == designee
    assert refusals == [{"decision": [OWN_REVIEW]}] * 2
    further.refresh_from_db()
    assert further.decided_by == third


def test_the_proposer_is_still_refused_deciding_the_appeal(stable_permit, nb_inspector,
                                                           nb_board, nb_clerk):
    proposer = staff(Role.INSPECTOR, "northborough")
    MembershipFactory(user=proposer, municipality=municipality("northborough"),
                      role=Role.HEARING_AUTHORITY)
    with time_machine.travel(MONDAY, tick=False):
        case = stable_case(stable_permit, nb_inspector, received_on=MONDAY.date())
        propose_determination(case=case, proposal="Manure over the limit.",
                              acting_user=proposer)
        determine(case=case, determination="Manure over the limit.", acting_user=nb_board)
    appeal = appeal_of(case, nb_clerk)
    with pytest.raises(PermissionDenied) as refused:
        decide(appeal, proposer)
    assert "You proposed this determination" in refused.value.errors["decision"][0]
    appeal.refresh_from_db()
    assert appeal.decided_on is None


def test_the_determinations_maker_is_not_offered_to_decide_its_appeal(
    client, determined_stable_case, nb_board, nb_clerk
):
    appeal = appeal_of(determined_stable_case, nb_clerk)
    with time_machine.travel(MONDAY, tick=False):
        client.force_login(nb_board)
        page = client.get(case_page(determined_stable_case)).content.decode()
        posted = post_appeal_decision(client, determined_stable_case, appeal)
        called = api_appeal_decision(nb_board, determined_stable_case, appeal)
    assert 'id="appeal_decision-section"' not in page
    assert posted.status_code == 403
    assert OWN_REVIEW in page_text(posted)
    assert called.status_code == 403
    assert called.json()["detail"] == OWN_REVIEW
    appeal.refresh_from_db()
    assert appeal.decided_on is None


def test_another_hearing_authority_decides_the_appeal_on_the_page(
    client, determined_stable_case, nb_clerk, designee
):
    appeal = appeal_of(determined_stable_case, nb_clerk)
    with time_machine.travel(MONDAY, tick=False):
        client.force_login(designee)
        page = client.get(case_page(determined_stable_case)).content.decode()
        posted = post_appeal_decision(client, determined_stable_case, appeal)
    assert 'id="appeal_decision-section"' in page
    assert posted.status_code == 302
    appeal.refresh_from_db()
    assert (appeal.decided_by, appeal.decision) == (designee, "Denied.")


def test_another_hearing_authority_decides_the_appeal_through_the_api(
    determined_stable_case, nb_clerk, designee
):
    appeal = appeal_of(determined_stable_case, nb_clerk)
    with time_machine.travel(MONDAY, tick=False):
        called = api_appeal_decision(designee, determined_stable_case, appeal)
    assert called.status_code == 200
    assert called.json()["appeals"][0]["decision"] == "Denied."
