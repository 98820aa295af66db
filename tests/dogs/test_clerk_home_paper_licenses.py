"""North Andover's Clerk sees on their home the dogs waiting for a paper license to be
recorded: registered in town, still kept there, and with no license on record at all —
neither one applied for online nor a paper license (spec ``lifecycle.md``, North Andover
corrections: a dog licensed on paper before the town used this system is entered so that
its next license is a renewal, not a late new license, Licenses A(8))."""

import datetime as dt

import pytest
import time_machine
from django.urls import reverse

from dogs.licenses.home import paper_licenses_to_record
from permits_site.towns.calendar import town_calendar
from tests.factories import (
    DogFactory,
    DogLicenseFactory,
    PaperLicenseFactory,
    Role,
    local,
    staff,
)

pytestmark = pytest.mark.django_db
TODAY = dt.date(2026, 6, 10)


@pytest.fixture(autouse=True)
def _today():
    with time_machine.travel(local(TODAY, 9), tick=False):
        yield


def listed(work) -> list[str]:
    return [item.record for item in work.items]


def test_only_dogs_with_no_license_of_any_kind_wait_for_their_paper_license():
    waiting = DogFactory(name="Waiting", owner__first_name="Pat", owner__last_name="Doe")
    PaperLicenseFactory(dog=DogFactory(name="Recorded"))
    DogLicenseFactory(dog=DogFactory(name="Applied"))
    DogFactory(name="Moved away", active=False)

    [work] = paper_licenses_to_record(town_calendar("north_andover"), user=None, today=TODAY)

    assert listed(work) == ["Waiting (Labrador Retriever), owner Pat Doe"]
    item = work.items[0]
    assert item.url == reverse("dogs:paper_license", args=[waiting.pk])
    assert item.since == TODAY
    assert "Licenses A(8)" in item.citation


def test_the_clerks_home_shows_the_list_with_its_link(client):
    dog = DogFactory(name="Waiting")
    client.force_login(staff(Role.CLERK, "north_andover"))

    page = client.get(reverse("staff_home")).content.decode()

    assert "Paper licenses to record" in page
    assert f'href="{reverse("dogs:paper_license", args=[dog.pk])}"' in page


def test_another_towns_clerk_does_not_see_it(client):
    DogFactory(name="Waiting")
    client.force_login(staff(Role.CLERK, "tisbury"))
    assert "Paper licenses to record" not in client.get(reverse("staff_home")).content.decode()


@pytest.mark.parametrize("rows", [2, 10])
def test_the_list_runs_one_query(rows, django_assert_num_queries):
    for _ in range(rows):
        DogFactory()
    town = town_calendar("north_andover")
    with django_assert_num_queries(1):
        [work] = paper_licenses_to_record(town, user=None, today=TODAY)
        assert len(work.items) == rows
