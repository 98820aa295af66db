"""The public rule check serves the town and its calendar from the cache (issue 13).

The cache outlives each test's database rollback, so this file clears it before every
test. ``permits_site.towns.calendar`` also never caches a town whose closures
changed in a transaction not yet committed, so a closure a test adds (and the rollback
removes) cannot leak into another test file either.
"""

import datetime as dt

import pytest
from django.core.cache import cache

from permits_site.towns.calendar import town_calendar
from permits_site.towns.models import Closure
from permits_site.towns.services import add_closure, remove_closure
from tests.factories import municipality
from tests.law.answers import DOG_LICENSE_RENEWAL

DOG_CHECK = "/api/v1/checks/north_andover.dog_license/"


@pytest.fixture(autouse=True)
def _empty_cache():
    cache.clear()
    yield
    cache.clear()


#: A dog acquired on 4 January 2027 is due licensed 30 days later, on Wednesday 3 February.
NEW_DOG = {**DOG_LICENSE_RENEWAL, "renewal": False, "acquired_on": "2027-01-04"}


def timely(public, on="2027-03-01"):
    response = public.post(DOG_CHECK, {"facts": NEW_DOG, "on": on})
    assert response.status_code == 200
    return next(f for f in response.json()["findings"] if f["rule"] == "na.lic.A.timely")


def test_a_second_check_runs_no_query(public, django_assert_num_queries):
    public.post(DOG_CHECK, {"facts": DOG_LICENSE_RENEWAL, "on": "2027-02-01"})

    with django_assert_num_queries(0):
        response = public.post(DOG_CHECK, {"facts": DOG_LICENSE_RENEWAL, "on": "2027-02-01"})

    assert response.status_code == 200


def test_a_warm_town_is_this_processs_own_copy_not_unpickled_again(db):
    """Each read of the cache (local memory or Redis) unpickles a new copy of the town;
    while the cache still holds the same entry, this process keeps the one it read."""
    first = town_calendar("north_andover")

    assert town_calendar("north_andover") is first
    assert town_calendar("northborough") is not first


def test_the_process_copy_does_not_outlive_the_cached_entry(db, django_assert_num_queries):
    """An entry that expired (or that another server's change forgot) is read again."""
    first = town_calendar("north_andover")
    cache.clear()

    with django_assert_num_queries(2):  # the town and its closures
        again = town_calendar("north_andover")

    assert again is not first
    assert again == first
    assert town_calendar("north_andover") is again


def test_key_dates_and_deadlines_share_the_cached_calendar(public, django_assert_num_queries):
    public.get("/api/v1/municipalities/north_andover/key-dates/", {"year": 2027})

    with django_assert_num_queries(0):
        assert public.get("/api/v1/municipalities/north_andover/key-dates/",
                          {"year": 2027}).status_code == 200
        assert public.post(DOG_CHECK, {"facts": DOG_LICENSE_RENEWAL}).status_code == 200


def test_a_closure_added_through_the_service_is_seen_by_the_next_check_a8(
    public, town_admin
):
    town = municipality("north_andover")
    assert timely(public)["required"] == "2027-02-03"

    add_closure(municipality=town, date=dt.date(2027, 2, 3), reason="Snow emergency",
                acting_user=town_admin)

    assert timely(public)["required"] == "2027-02-04"  # rolled to the next business day


def test_a_removed_closure_is_seen_by_the_next_check(public, town_admin):
    town = municipality("north_andover")
    closure = add_closure(municipality=town, date=dt.date(2027, 2, 3), reason="Snow",
                          acting_user=town_admin)
    assert timely(public)["required"] == "2027-02-04"

    remove_closure(closure=closure, acting_user=town_admin)

    assert timely(public)["required"] == "2027-02-03"


def test_changing_the_towns_office_weekdays_is_seen_by_the_next_check(public):
    town = municipality("north_andover")
    before = town_calendar("north_andover").calendar.weekdays

    town.business_weekdays = [0, 1, 2, 3, 4]
    town.save()

    assert before == frozenset({0, 1, 2, 3})
    assert town_calendar("north_andover").calendar.weekdays == frozenset({0, 1, 2, 3, 4})


def test_an_uncommitted_closure_is_never_cached(public, django_capture_on_commit_callbacks):
    """Committed: the town is cached again; until then every read goes to the database."""
    town = municipality("north_andover")
    town_calendar("north_andover")
    with django_capture_on_commit_callbacks(execute=True):
        Closure.objects.create(municipality=town, date=dt.date(2027, 3, 1), reason="Storm")
        assert dt.date(2027, 3, 1) in town_calendar("north_andover").calendar.closures
        assert cache.get("town-calendar:v2:north_andover") is None

    town_calendar("north_andover")
    assert cache.get("town-calendar:v2:north_andover") is not None


def test_an_unknown_town_is_not_found(public):
    assert town_calendar("atlantis") is None
    assert public.get("/api/v1/municipalities/atlantis/key-dates/").status_code == 404
