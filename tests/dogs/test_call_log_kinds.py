"""The call log's kind filter offers every kind of call the officer logs (North Andover
Code ch. 60, ACO B(2)), in the form's words: a motorist's report of striking a dog or cat
(Welfare D(1)) and abandoned animals at a vacated property (Welfare G(2)) included."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tests.factories import AnimalCallFactory

pytestmark = pytest.mark.django_db


def kind_options(page: str) -> list[tuple[str, str]]:
    select = page.split('name="kind"', 1)[1].split("</select>", 1)[0]
    return re.findall(r'<option value="([^"]*)"[^>]*>([^<]*)</option>', select)


def test_the_filter_offers_every_kind_the_form_logs(client, aco):
    client.force_login(aco)

    logged = kind_options(client.get(reverse("dogs:call_new")).content.decode())
    offered = kind_options(client.get(reverse("dogs:calls")).content.decode())

    assert offered == [("", "Every kind"), *logged]
    assert ("motorist_struck", "A motorist struck a dog or cat (Welfare D)") in offered
    assert ("abandoned", "Abandoned animals at a vacated property (Welfare G(2))") in offered


@pytest.mark.parametrize("kind", ["motorist_struck", "abandoned"])
def test_filtering_by_one_of_them_lists_its_calls_only(client, aco, kind):
    AnimalCallFactory(caller_name="Kit Motorist", kind="motorist_struck")
    AnimalCallFactory(caller_name="Lee Landlord", kind="abandoned")
    client.force_login(aco)

    page = client.get(reverse("dogs:calls"), {"kind": kind}).content.decode()

    assert "1 call" in page
    assert ("Kit Motorist" in page) == (kind == "motorist_struck")
    assert ("Lee Landlord" in page) == (kind == "abandoned")
