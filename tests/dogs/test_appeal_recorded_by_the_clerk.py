"""A dog case's appeal is the owner's or the complainant's written request to the Town Clerk
(North Andover Code ch. 60, Hearing authority B, E): the Clerk records it. The hearing
authority who decided, and the Animal Control Officer who proposed, are neither offered the
step nor allowed it by a post or the API, refused in the same words on both. The hearing
authority who made the determination does not rule on its appeal either: the Chief's
designee does, and the page and the API refuse the Chief in the same words."""

import datetime as dt

import pytest
import time_machine
from django.urls import reverse

from dogs.cases import (
    POTENTIALLY_DANGEROUS_DOG,
    determine_potentially_dangerous,
    file_dog_appeal,
    propose_potentially_dangerous,
    schedule_public_hearing,
)
from permits_site.enforcement.services import open_case
from tests.clients import api_for, page_text
from tests.factories import Role, UserFactory, municipality, staff

pytestmark = pytest.mark.django_db

#: Thursday 2 September 2027, a North Andover business day.
DECIDED = dt.datetime(2027, 9, 2, 10, 0)

ONLY_THE_CLERK = "Only the town's Clerk may record an appeal."
OWN_REVIEW = ("You decided what this appeal answers: someone other than the one who decided "
              "rules on it.")




@pytest.fixture
def pdd_case(owner, aco, chief):
    """A potentially dangerous dog determined by the hearing authority on the officer's
    proposal."""
    with time_machine.travel(DECIDED, tick=False):
        case = open_case(municipality=municipality("north_andover"),
                         case_type=POTENTIALLY_DANGEROUS_DOG, party=owner, party_name="",
                         address="12 Elm St", complaint="Lunged over the fence.",
                         complainant="Sam Neighbor", received_on=DECIDED.date(),
                         acting_user=aco)
        propose_potentially_dangerous(case=case, aggressive_in_enclosure=True,
                                      proposal="Aggressive in an enclosure it can escape.",
                                      acting_user=aco)
        return determine_potentially_dangerous(
            case=case, deemed=True, exceptions=[], determination="Potentially dangerous.",
            acting_user=chief)


def dog_page(case) -> str:
    return reverse("dogs:case", args=[case.pk])


def post_dog_appeal(client, case):
    return client.post(dog_page(case), {
        "action": "appeal", "appeal-appellant": "owner",
        "appeal-filed_on": DECIDED.date().isoformat(), "appeal-grounds": "He only barked."})


def api_dog_appeal(user, case):
    return api_for(user).post(f"/api/v1/dog-cases/{case.pk}/appeals/", {
        "appellant": "owner", "filed_on": DECIDED.date().isoformat(),
        "grounds": "He only barked."}, format="json")


@pytest.mark.parametrize("who", ["chief", "aco"])
def test_who_decided_or_proposed_a_dog_case_is_not_offered_its_appeal(client, pdd_case,
                                                                       request, who):
    official = request.getfixturevalue(who)
    with time_machine.travel(DECIDED, tick=False):
        client.force_login(official)
        page = client.get(dog_page(pdd_case)).content.decode()
        posted = post_dog_appeal(client, pdd_case)
        called = api_dog_appeal(official, pdd_case)
    assert 'name="appeal-grounds"' not in page
    assert posted.status_code == 403
    assert ONLY_THE_CLERK in page_text(posted)
    assert called.status_code == 403
    assert called.json()["detail"] == ONLY_THE_CLERK
    assert not pdd_case.appeals.exists()


def test_the_town_clerk_records_the_owners_appeal_of_a_dog_case(client, pdd_case):
    clerk = staff(Role.CLERK, "north_andover")
    with time_machine.travel(DECIDED, tick=False):
        client.force_login(clerk)
        page = client.get(dog_page(pdd_case)).content.decode()
        posted = post_dog_appeal(client, pdd_case)
    assert 'name="appeal-grounds"' in page
    assert posted.status_code == 302
    assert pdd_case.appeals.get().recorded_by == clerk


def test_a_resident_cannot_record_an_appeal_through_the_api(pdd_case, owner):
    with time_machine.travel(DECIDED, tick=False):
        called = api_dog_appeal(owner, pdd_case)
    assert called.status_code in (403, 404)
    assert not pdd_case.appeals.exists()


def test_a_clerk_of_another_town_cannot_record_it(pdd_case):
    with time_machine.travel(DECIDED, tick=False):
        called = api_dog_appeal(staff(Role.CLERK, "northborough"), pdd_case)
    assert called.status_code in (403, 404)
    assert not pdd_case.appeals.exists()


def test_a_person_without_a_role_is_not_a_clerk(pdd_case):
    with time_machine.travel(DECIDED, tick=False):
        called = api_dog_appeal(UserFactory(), pdd_case)
    assert called.status_code in (403, 404)


# -- the ruling: never by the hearing authority who determined -------------------------------


@pytest.fixture
def heard_appeal(pdd_case):
    """The owner's appeal of the Chief's determination, recorded by the Town Clerk with its
    public hearing the same day."""
    clerk = staff(Role.CLERK, "north_andover")
    with time_machine.travel(DECIDED, tick=False):
        appeal = file_dog_appeal(case=pdd_case, appellant="owner", filed_on=DECIDED.date(),
                                 grounds="He only barked.", acting_user=clerk)
        return schedule_public_hearing(appeal=appeal, hearing_date=DECIDED.date(),
                                       acting_user=clerk)


def post_ruling(client, appeal):
    return client.post(dog_page(appeal.case), {
        "action": "ruling", "ruling-appeal": appeal.pk, "ruling-outcome": "reverse",
        "ruling-ruling": "He only barked.", "ruling-decided_on": DECIDED.date().isoformat()})


def api_ruling(user, appeal):
    return api_for(user).post(f"/api/v1/dog-cases/{appeal.case_id}/ruling/", {
        "appeal": appeal.pk, "outcome": "reverse", "ruling": "He only barked.",
        "decided_on": DECIDED.date().isoformat()}, format="json")


def test_the_chief_who_determined_does_not_rule_on_its_appeal(client, heard_appeal, chief):
    with time_machine.travel(DECIDED, tick=False):
        client.force_login(chief)
        page = client.get(dog_page(heard_appeal.case)).content.decode()
        posted = post_ruling(client, heard_appeal)
        called = api_ruling(chief, heard_appeal)
    assert 'name="ruling-ruling"' not in page
    assert posted.status_code == 403
    assert OWN_REVIEW in page_text(posted)
    assert called.status_code == 403
    assert called.json()["detail"] == OWN_REVIEW
    heard_appeal.refresh_from_db()
    assert heard_appeal.decided_on is None


def test_the_chiefs_designee_rules_on_the_appeal(client, heard_appeal, designee):
    with time_machine.travel(DECIDED, tick=False):
        client.force_login(designee)
        page = client.get(dog_page(heard_appeal.case)).content.decode()
        posted = post_ruling(client, heard_appeal)
    assert 'name="ruling-ruling"' in page
    assert posted.status_code == 302
    heard_appeal.refresh_from_db()
    assert (heard_appeal.decided_by, heard_appeal.decision) == (designee, "Reversed")


def test_the_chiefs_designee_rules_through_the_api(heard_appeal, designee):
    with time_machine.travel(DECIDED, tick=False):
        called = api_ruling(designee, heard_appeal)
    assert called.status_code == 200
    assert called.json()["appeals"][0]["decision"] == "Reversed"


def test_the_chief_is_told_the_ruling_is_not_theirs_before_any_hearing_or_text_check(
        pdd_case, chief):
    """The refusal that no change of the request can lift comes first: asked for a ruling
    with no hearing held, the Chief who determined hears that the ruling is someone
    else's, not to hold the hearing first."""
    clerk = staff(Role.CLERK, "north_andover")
    with time_machine.travel(DECIDED, tick=False):
        appeal = file_dog_appeal(case=pdd_case, appellant="owner", filed_on=DECIDED.date(),
                                 grounds="He only barked.", acting_user=clerk)
        called = api_for(chief).post(f"/api/v1/dog-cases/{pdd_case.pk}/ruling/", {
            "appeal": appeal.pk, "outcome": "reverse", "ruling": "He only barked.",
            "decided_on": DECIDED.date().isoformat()}, format="json")
    assert called.status_code == 403
    assert called.json()["detail"] == OWN_REVIEW
