"""The Town's advice to take remedial action against wildlife, recorded before the offense
of failing to take it (North Andover Code ch. 60, Feeding wildlife A(2), A(4))."""

import datetime as dt

import pytest
import time_machine
from django.urls import reverse

from dogs.limits.feeding import (
    advice_of,
    advise_remedial_action,
    cite_failure_to_remediate,
    feeding_cases,
)
from permits_site.exceptions import DomainError, PermissionDenied
from tests.factories import CaseFactory, Role, staff

pytestmark = pytest.mark.django_db
ADVISED = dt.datetime(2026, 6, 10, 10, 0)
ADVICE = "Take the bird feeders down and keep the trash in a closed shed."


@pytest.fixture
def aco(db):
    return staff(Role.ANIMAL_CONTROL_OFFICER)


@pytest.fixture
def case(db):
    return CaseFactory(case_type="north_andover.dog_control", party_name="Pat Feeder",
                       address="9 Oak Street", complaint="Bear at the bird feeder")


def advised(case, aco, days=7):
    with time_machine.travel(ADVISED, tick=False):
        return advise_remedial_action(case=case, advice=ADVICE, remedy_within_days=days,
                                      acting_user=aco)


def test_the_advice_is_an_order_citing_feeding_wildlife_a2(case, aco):
    order = advised(case, aco)

    assert (order.text, order.citation) == (
        ADVICE, "North Andover Code ch. 60, Feeding wildlife A(2)")
    assert order.comply_by == dt.date(2026, 6, 17)
    assert advice_of(case) == order


def test_no_citation_for_failing_remedial_action_without_the_advice_a2(case, aco):
    with time_machine.travel(ADVISED, tick=False), pytest.raises(DomainError) as refused:
        cite_failure_to_remediate(case=case, acting_user=aco)

    assert "Feeding wildlife A(2)" in refused.value.errors["offense"][0]
    assert not case.citations.exists()


@pytest.mark.parametrize(("day", "allowed"), [
    (dt.datetime(2026, 6, 17, 10, 0), False), (dt.datetime(2026, 6, 18, 10, 0), True)])
def test_the_offense_follows_the_time_given_to_remedy_a2(case, aco, day, allowed):
    advised(case, aco)

    with time_machine.travel(day, tick=False):
        if allowed:
            citation = cite_failure_to_remediate(case=case, acting_user=aco)
            assert citation.offense == "feeding_wildlife"
        else:
            with pytest.raises(DomainError) as refused:
                cite_failure_to_remediate(case=case, acting_user=aco)
            assert "June 17, 2026" in refused.value.errors["offense"][0]


def test_remedial_action_taken_means_no_citation_a2(case, aco):
    order = advised(case, aco)
    order.complied_on = dt.date(2026, 6, 12)
    order.save()

    with time_machine.travel(dt.datetime(2026, 6, 20, 10), tick=False), \
            pytest.raises(DomainError):
        cite_failure_to_remediate(case=case, acting_user=aco)


@pytest.mark.parametrize(("changes", "field"), [
    ({"advice": " "}, "text"), ({"remedy_within_days": 0}, "remedy_within_days")])
def test_refused_advice_names_its_field(case, aco, changes, field):
    with time_machine.travel(ADVISED, tick=False), pytest.raises(DomainError) as refused:
        advise_remedial_action(**{"case": case, "advice": ADVICE, "remedy_within_days": 7,
                                  "acting_user": aco, **changes})

    assert field in refused.value.errors


def test_only_the_officer_or_health_agent_advises(case):
    with time_machine.travel(ADVISED, tick=False), pytest.raises(PermissionDenied):
        advise_remedial_action(case=case, advice=ADVICE, remedy_within_days=7,
                               acting_user=staff(Role.CLERK))


def test_another_kind_of_case_is_refused(aco):
    other = CaseFactory(case_type="north_andover.residence_limits")

    with time_machine.travel(ADVISED, tick=False), pytest.raises(DomainError):
        advise_remedial_action(case=other, advice=ADVICE, remedy_within_days=7,
                               acting_user=aco)


def test_officer_advises_and_cites_from_the_feeding_page(client, case, aco,
                                                         django_assert_max_num_queries):
    client.force_login(aco)
    with time_machine.travel(ADVISED, tick=False):
        with django_assert_max_num_queries(12):
            listed = client.get(reverse("dogs:feeding_cases")).content.decode()
        posted = client.post(reverse("dogs:feeding_case", args=[case.pk]),
                             {"advise-advice": ADVICE, "advise-remedy_within_days": "7",
                              "action": "advise"})

    assert reverse("dogs:feeding_case", args=[case.pk]) in listed
    assert posted.status_code == 302
    assert advice_of(case).text == ADVICE
    assert list(feeding_cases(case.municipality)) == [case]


def test_feeding_page_answers_404_to_a_resident(client, case, resident):
    client.force_login(resident)

    assert client.get(reverse("dogs:feeding_case", args=[case.pk])).status_code == 404


def test_feeding_page_refuses_advice_without_text_on_its_field(client, case, aco):
    client.force_login(aco)
    with time_machine.travel(ADVISED, tick=False):
        posted = client.post(reverse("dogs:feeding_case", args=[case.pk]),
                             {"advise-advice": "", "advise-remedy_within_days": "7",
                              "action": "advise"})

    assert posted.status_code == 400
    assert posted.context["forms"]["advise"].errors["advice"]
    assert advice_of(case) is None


@pytest.mark.parametrize("sent", [{"action": "erase"}, {}])
def test_feeding_page_refuses_an_unknown_or_missing_action_naming_it(client, case, aco, sent):
    client.force_login(aco)

    posted = client.post(reverse("dogs:feeding_case", args=[case.pk]), sent)

    assert posted.status_code == 400
    assert "(action)" in posted.content.decode()
    assert not case.orders.exists()
