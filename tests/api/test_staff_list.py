"""``GET /api/v1/staff/?role=&municipality=``: the staff a request names (an inspection's
inspector), listed for staff of the same towns only (api.md, Authenticated)."""

import pytest
from rest_framework.test import APIClient

from tests.api.conftest import client_for
from tests.factories import MembershipFactory, Role, municipality, staff

STAFF = "/api/v1/staff/"


def rows(client, **params):
    response = client.get(STAFF, params)
    assert response.status_code == 200, response.json()
    return response.json()["results"]


def by_name(client, **params):
    return {row["name"]: row for row in rows(client, **params)}


@pytest.fixture
def tisbury_inspector(db):
    return staff(Role.INSPECTOR, "tisbury", first_name="Ines", last_name="Agent")


def test_a_row_gives_the_id_name_and_roles_held_in_each_town(clerk_api, clerk):
    both = staff(Role.INSPECTOR, "north_andover", first_name="Ida", last_name="Both")
    MembershipFactory(user=both, municipality=municipality("north_andover"),
                      role=Role.BOARD_MEMBER)

    listed = by_name(clerk_api)

    assert listed["Ida Both"] == {"id": both.pk, "name": "Ida Both", "roles": [
        {"municipality": "north_andover", "role": "board_member"},
        {"municipality": "north_andover", "role": "inspector"}]}
    assert listed["Carla Clerk"]["id"] == clerk.pk


def test_staff_see_only_the_people_and_roles_of_their_own_towns(clerk_api, tisbury_inspector):
    MembershipFactory(user=tisbury_inspector, municipality=municipality("north_andover"),
                      role=Role.ANIMAL_CONTROL_OFFICER)
    staff(Role.CLERK, "tisbury", first_name="Tess", last_name="Tisbury")

    listed = by_name(clerk_api)

    assert "Tess Tisbury" not in listed
    assert listed["Ines Agent"]["roles"] == [{"municipality": "north_andover", "role": "aco"}]
    assert rows(clerk_api, municipality="tisbury") == []


def test_filters_by_role_and_by_town(clerk_api, inspector, board_member):
    assert [row["id"] for row in rows(clerk_api, role="inspector")] == [inspector.pk]
    assert {row["id"] for row in rows(clerk_api, municipality="north_andover")} >= {
        inspector.pk, board_member.pk}


@pytest.mark.parametrize(("param", "value"), [("role", "janitor"), ("municipality", "atlantis")])
def test_an_unknown_role_or_town_is_a_400_naming_the_field(clerk_api, param, value):
    response = clerk_api.get(STAFF, {param: value})

    assert response.status_code == 400
    assert list(response.json()) == [param]
    assert value in response.json()[param][0]


def test_a_resident_is_refused_and_an_anonymous_caller_too(resident_api):
    assert resident_api.get(STAFF).status_code == 403
    assert APIClient().get(STAFF).status_code in (401, 403)


def test_the_listed_id_is_the_inspector_an_inspection_takes(tisbury_inspector):
    scheduler = staff(Role.CLERK, "tisbury")
    api = client_for(scheduler)
    (row,) = rows(api, role="inspector", municipality="tisbury")

    scheduled = api.post("/api/v1/inspections/", {
        "municipality": "tisbury", "check": "tisbury.residential_kitchen_visit",
        "scheduled_for": "2027-02-11", "inspector": row["id"], "address": "1 Main Street"},
        format="json")

    assert scheduled.status_code == 201, scheduled.json()
    assert scheduled.json()["inspector"] == tisbury_inspector.pk


def test_the_list_is_paginated_like_the_other_lists(clerk_api):
    for _ in range(3):
        staff(Role.INSPECTOR, "north_andover")

    page = clerk_api.get(STAFF, {"limit": 2}).json()

    assert page["count"] == 4
    assert len(page["results"]) == 2
    assert page["next"]


@pytest.mark.parametrize("count", [5, 50])
def test_the_list_takes_a_fixed_number_of_queries(clerk, count, django_assert_max_num_queries):
    for number in range(count):
        person = staff(Role.INSPECTOR, "north_andover")
        if number % 2:
            MembershipFactory(user=person, municipality=municipality("north_andover"),
                              role=Role.BOARD_MEMBER)
    api = client_for(clerk)

    with django_assert_max_num_queries(5):
        listed = rows(api, role="inspector", municipality="north_andover", limit=200)

    assert len(listed) == count
