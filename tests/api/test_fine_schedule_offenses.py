"""``/fine-schedules/offenses/`` and ``/fine-schedules/offense-amounts/``: a town admin adds an
offense and enters the Select Board's amounts over the API; the officer's citation of an
offense with no amount is refused, saying why (North Andover Code ch. 60)."""

import pytest
from django.utils import timezone

from permits_site.enforcement.services import fine_schedule_in_force, open_case
from tests.api.conftest import client_for
from tests.factories import Role, municipality, staff

pytestmark = pytest.mark.django_db
URL = "/api/v1/fine-schedules/"
BEACH = {"municipality": "north_andover", "offense": "dog_on_town_beach",
         "description": "Dog on the town beach in summer",
         "citation": "North Andover Code ch. 60, Restraint G(3)",
         "first": "25.00", "second": "50.00", "later": None, "effective_from": "2027-02-10"}


def item(offense):
    schedule = fine_schedule_in_force(municipality("north_andover"), timezone.localdate())
    return schedule.items.get(offense=offense)


def test_the_admin_adds_an_offense_over_the_api(town_admin):
    response = client_for(town_admin).post(URL + "offenses/", BEACH, format="json")

    assert response.status_code == 201
    added = next(row for row in response.json()["items"] if row["offense"] == "dog_on_town_beach")
    assert (added["first_amount"], added["second_amount"], added["later_amount"]) == (
        "25.00", "50.00", None)
    assert added["amount_pending"] is False


def test_an_offense_already_listed_is_refused_on_offense(town_admin):
    response = client_for(town_admin).post(URL + "offenses/", {**BEACH, "offense": "chasing"},
                                           format="json")

    assert response.status_code == 400
    assert "already lists chasing" in str(response.json())


def test_the_list_says_which_amounts_are_not_set_and_who_sets_them(town_admin):
    rows = client_for(town_admin).get(URL).json()["results"]

    chasing = next(row for row in rows[0]["items"] if row["offense"] == "chasing")
    assert chasing["amount_pending"] is True and chasing["amount_set_by"] == "the Select Board"
    assert chasing["first_amount"] is None


def test_the_admin_enters_the_select_boards_amounts_and_the_officer_then_cites(town_admin):
    aco = staff(Role.ANIMAL_CONTROL_OFFICER, "north_andover")
    case = open_case(municipality=municipality("north_andover"),
                     case_type="north_andover.animal_restraint", party=None,
                     party_name="Pat Doe", address="12 Elm St", complaint="Chasing bikes.",
                     received_on=timezone.localdate(), acting_user=aco)
    cite = f"/api/v1/cases/{case.pk}/citations/"
    refused = client_for(aco).post(cite, {"offense": "chasing"}, format="json")

    response = client_for(town_admin).post(URL + "offense-amounts/", {
        "municipality": "north_andover", "offense": "chasing", "first": "30.00",
        "second": "60.00", "later": "90.00", "effective_from": "2027-02-10"}, format="json")
    written = client_for(aco).post(cite, {"offense": "chasing"}, format="json")

    assert refused.status_code == 400
    assert "Restraint A(2) leaves the fine to the Select Board" in str(refused.json())
    assert response.status_code == 201
    assert item("chasing").amount_pending is False
    assert written.status_code == 201
    assert written.json()["citations"][0]["amount_per_offense"] == "30.00"


def test_the_officer_answers_the_watchdog_exception_over_the_api():
    aco = staff(Role.ANIMAL_CONTROL_OFFICER, "north_andover")
    case = open_case(municipality=municipality("north_andover"),
                     case_type="north_andover.dog_control", party=None, party_name="Pat Doe",
                     address="12 Elm St", complaint="Barking.",
                     received_on=timezone.localdate(), acting_user=aco)

    response = client_for(aco).post(f"/api/v1/cases/{case.pk}/citations/", {
        "offense": "nuisance_noise", "answers": {"watchdog_on_keepers_property": True}},
        format="json")

    body = str(response.json())
    assert response.status_code == 400
    assert "watchdog_on_keepers_property" in body and "Restraint B(1) and C(3)" in body


def test_an_officer_may_not_add_an_offense():
    aco = staff(Role.ANIMAL_CONTROL_OFFICER, "north_andover")

    response = client_for(aco).post(URL + "offenses/", BEACH, format="json")

    assert response.status_code == 403
