"""A dog case's appeal is the owner's or the complainant's written request to the Town Clerk
(North Andover Code ch. 60, Hearing authority B, E): the Clerk records it. The hearing
authority who decided, and the Animal Control Officer who proposed, are neither offered the
step nor allowed it by a post or the API, refused in the same words on both."""

import datetime as dt

import pytest
import time_machine
from django.urls import reverse

from dogs.cases import (
    POTENTIALLY_DANGEROUS_DOG,
    determine_potentially_dangerous,
    propose_potentially_dangerous,
)
from permits_site.enforcement.services import open_case
from tests.clients import api_for, page_text
from tests.factories import Role, UserFactory, municipality, staff

pytestmark = pytest.mark.django_db

#: Thursday 2 September 2027, a North Andover business day.
DECIDED = dt.datetime(2027, 9, 2, 10, 0)

ONLY_THE_CLERK = "Only the town's Clerk may record an appeal."




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
