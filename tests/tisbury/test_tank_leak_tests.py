"""Leak tests of storage tanks at the owner's expense (Tisbury BOH Reg 09.4.7): ordered after
a site visit, the result recorded, the order closed by a passing test."""

from __future__ import annotations

import datetime as dt

import pytest

from permits_site.enforcement.models import CaseStatus
from permits_site.exceptions import DomainError, InvalidTransition, PermissionDenied
from tests.factories import (
    PropertyFactory,
    PropertyOwnerFactory,
    Role,
    UserFactory,
    municipality,
    staff,
)
from tests.page_forms import assert_on_the_page, field_error, post_form
from tests.tisbury.support import TODAY
from tisbury_regs.inspection_triggers import leak_tests

pytestmark = pytest.mark.django_db


@pytest.fixture
def agent():
    return staff(Role.INSPECTOR, "tisbury")


@pytest.fixture
def place():
    place = PropertyFactory(municipality=municipality("tisbury"), address="3 Skiff Avenue")
    PropertyOwnerFactory(property=place, name="Olive Owner", account=UserFactory())
    return place


def ordered(place, agent, days: int = 30):
    return leak_tests.order_leak_test(
        place=place, tank="1,000-gallon underground fuel oil tank",
        site_visit="Oil sheen in the cellar sump; the source was not found.",
        comply_within_days=days, acting_user=agent)


def test_the_board_orders_a_leak_test_at_the_owners_expense_0947(place, agent):
    order = ordered(place, agent)

    assert order.citation.endswith("09.4.7")
    assert "at the property owner's expense" in order.text
    assert order.comply_by == dt.date(2030, 7, 3)
    assert order.case.party_name == "Olive Owner" and order.case.place == place


def test_a_passing_test_closes_the_order_and_the_case_0947(place, agent):
    order = ordered(place, agent)

    leak_tests.record_leak_test(order=order, tested_on=TODAY, tester="Cape Tank Testing",
                                result="passed", acting_user=agent)

    order.refresh_from_db()
    assert order.complied_on == TODAY
    assert order.case.status == CaseStatus.CLOSED
    with pytest.raises(InvalidTransition):
        leak_tests.record_leak_test(order=order, tested_on=TODAY, tester="Again",
                                    result="passed", acting_user=agent)


def test_a_failing_test_is_recorded_and_the_order_stays_open_0947(place, agent):
    order = ordered(place, agent)

    test = leak_tests.record_leak_test(order=order, tested_on=TODAY, tester="Cape Tank Testing",
                                       result="failed", acting_user=agent)

    order.refresh_from_db()
    assert test.result == "failed" and order.complied_on is None
    assert order.case.status != CaseStatus.CLOSED
    assert leak_tests.leak_test_orders(place) == [order]


def test_an_order_without_its_facts_names_the_fields_0947(place, agent):
    with pytest.raises(DomainError) as refused:
        leak_tests.order_leak_test(place=place, tank=" ", site_visit="", comply_within_days=0,
                                   acting_user=agent)

    assert set(refused.value.errors) == {"tank", "site_visit", "comply_within_days"}


def test_a_result_before_the_order_or_without_a_tester_is_refused_0947(place, agent):
    order = ordered(place, agent)

    with pytest.raises(DomainError) as refused:
        leak_tests.record_leak_test(order=order, tested_on=TODAY - dt.timedelta(days=1),
                                    tester="", result="maybe", acting_user=agent)

    assert set(refused.value.errors) == {"tested_on", "tester", "result"}
    assert not order.tank_leak_tests.exists()


def test_only_the_boards_staff_order_a_leak_test_0947(place):
    with pytest.raises(PermissionDenied):
        ordered(place, UserFactory())


# -- the page -----------------------------------------------------------------------------


def test_the_board_orders_and_records_a_leak_test_on_the_page_0947(client, place, agent):
    client.force_login(agent)
    url = f"/tisbury/properties/{place.pk}/leak-tests/"
    assert client.get(url).status_code == 200

    ordered_page = client.post(url, {
        "action": "order", "order-tank": "550-gallon fuel oil tank",
        "order-site_visit": "Odor of oil at the fill.",
        "order-comply_within_days": "30"}, follow=True).content.decode()
    assert "The leak test is ordered, to be done by July 3, 2030." in ordered_page
    [order] = leak_tests.leak_test_orders(place)

    recorded = client.post(url, {
        "action": "result", "order": order.pk, f"result-{order.pk}-tested_on": "2030-06-03",
        f"result-{order.pk}-tester": "Cape Tank",
        f"result-{order.pk}-result": "passed"}, follow=True).content.decode()

    assert "The test is recorded: the order is closed." in recorded
    order.refresh_from_db()
    assert order.complied_on == TODAY


def test_a_refused_order_on_the_page_names_the_field_0947(client, place, agent):
    client.force_login(agent)
    page = f"/tisbury/properties/{place.pk}/leak-tests/"

    response = post_form(client, page, 'name="order-tank"', {
        "order-tank": "", "order-site_visit": "x", "order-comply_within_days": "30"})

    assert response.status_code == 400
    assert_on_the_page(client, response, page)
    assert "This field is required." in field_error(response.content.decode(), "order-tank")
    assert leak_tests.leak_test_orders(place) == []


def test_a_resident_does_not_find_the_leak_tests_page_0947(client, place):
    client.force_login(UserFactory())

    assert client.get(f"/tisbury/properties/{place.pk}/leak-tests/").status_code == 404
