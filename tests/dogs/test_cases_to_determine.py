"""The hearing authority's home lists the dangerous and potentially dangerous dog cases the
officer opened that wait for its determination (North Andover Code ch. 60, Dangerous B;
Potentially dangerous B): the authority reaches them from "My work". A determined case
leaves the list; the list costs one query whatever its length."""

from __future__ import annotations

import datetime as dt

import pytest
from django.urls import reverse

from dogs.cases import DANGEROUS_DOG, POTENTIALLY_DANGEROUS_DOG
from dogs.cases.home import cases_to_determine
from permits_site.towns.calendar import town_calendar
from tests.dogs.test_dangerous_dog import at, open_dog_case
from tests.dogs.test_duties_to_order import determined

pytestmark = pytest.mark.django_db

OPENED = dt.date(2026, 6, 10)


def test_the_authority_finds_the_cases_it_determines_on_my_work(
        client, owner, aco, chief, django_assert_max_num_queries):
    with at(OPENED):
        waiting = [open_dog_case(DANGEROUS_DOG, owner, aco),
                   open_dog_case(POTENTIALLY_DANGEROUS_DOG, owner, aco)]
        determined(owner, aco)
        town = town_calendar("north_andover")
        with django_assert_max_num_queries(1):
            [work] = cases_to_determine(town, user=chief, today=OPENED)
        client.force_login(chief)
        home = client.get(reverse("staff_home")).content.decode()

    assert [item.url for item in work.items] == [
        reverse("dogs:case", args=[case.pk]) for case in waiting]
    assert [item.what for item in work.items] == [
        "Determine whether the dog is dangerous",
        "Determine whether the dog is potentially dangerous"]
    assert "Dog cases to determine" in home
    assert reverse("dogs:case", args=[waiting[0].pk]) in home
