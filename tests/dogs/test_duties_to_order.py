"""The Chief's or designee's home lists the determined dogs whose owner's duties wait to be
ordered (North Andover Code ch. 60, Potentially dangerous C: the Chief "may order … any or
all" of them; Dangerous D, E): the designee reaches the case from "My work", not by its
address. A dog found not potentially dangerous, or whose duties are ordered, leaves the
list; the list costs one query whatever its length."""

from __future__ import annotations

import datetime as dt

import pytest
from django.urls import reverse

from dogs.cases import POTENTIALLY_DANGEROUS_DOG, order_owner_duties
from dogs.cases.determinations import determine_potentially_dangerous
from dogs.cases.home import duties_to_order
from permits_site.towns.calendar import town_calendar
from tests.dogs.test_dangerous_dog import at, open_dog_case

pytestmark = pytest.mark.django_db

DECIDED = dt.date(2026, 6, 10)


def determined(owner, aco, *, deemed=True):
    case = open_dog_case(POTENTIALLY_DANGEROUS_DOG, owner, aco)
    return determine_potentially_dangerous(case=case, deemed=deemed, exceptions=[],
                                           aggressive_in_enclosure=deemed,
                                           determination="Found.", acting_user=aco)


def test_pdd_c_the_designee_finds_determined_dogs_awaiting_their_duties_on_my_work(
        client, owner, aco, chief, django_assert_max_num_queries):
    with at(DECIDED):
        waiting = [determined(owner, aco) for _ in range(3)]
        determined(owner, aco, deemed=False)
        open_dog_case(POTENTIALLY_DANGEROUS_DOG, owner, aco)  # not determined yet
        order_owner_duties(case=waiting[0], notified_on=DECIDED, duties=["microchip"],
                           acting_user=chief)
        town = town_calendar("north_andover")
        with django_assert_max_num_queries(1):
            [work] = duties_to_order(town, user=chief, today=DECIDED)
        client.force_login(chief)
        home = client.get(reverse("staff_home")).content.decode()

    assert [item.url for item in work.items] == [
        reverse("dogs:case", args=[case.pk]) for case in waiting[1:]]
    assert "Order the owner" in home and "Determined dogs awaiting the owner" in home
    assert reverse("dogs:case", args=[waiting[1].pk]) in home
