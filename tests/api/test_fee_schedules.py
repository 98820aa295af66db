"""Fee schedules: effective-dated versions listed, created and retired by the town's admins."""

import pytest

from permits_site.licensing.models import FeeSchedule
from tests.api.conftest import client_for
from tests.factories import Role, staff

pytestmark = pytest.mark.django_db

SCHEDULES = "/api/v1/fee-schedules/"
DOG_AMOUNTS = {"spayed_neutered": "12.00", "intact": "20.00", "late_fee": "25.00",
               "transfer": "2.00", "replacement_tag": "5.00"}


@pytest.fixture
def admin_api(town_admin):
    return client_for(town_admin)


def new_version(api, **changes):
    body = {"permit_type": "north_andover.dog_license", "effective_from": "2027-07-01",
            "amounts": DOG_AMOUNTS, "note": "Select Board vote of 2027-01-12", **changes}
    return api.post(SCHEDULES, body, format="json")


def test_admin_lists_a_permit_types_versions_with_their_items(admin_api):
    response = admin_api.get(SCHEDULES, {"permit_type": "north_andover.dog_license"})

    assert response.status_code == 200
    [schedule] = response.json()["results"]
    assert schedule["permit_type"] == "north_andover.dog_license"
    assert schedule["effective_from"] == "2000-01-01"
    items = {item["code"]: item for item in schedule["items"]}
    assert items["spayed_neutered"]["amount"] == "10.00"
    assert "Licenses A(9)" in items["intact"]["citation"]


def test_admin_sees_only_their_towns_schedules(admin_api):
    response = admin_api.get(SCHEDULES)

    codes = {row["permit_type"] for row in response.json()["results"]}
    assert codes == {"north_andover.dog_license", "north_andover.kennel_license",
                     "north_andover.impoundment"}


def test_admin_of_another_town_is_refused_the_permit_types_schedules(db):
    api = client_for(staff(Role.ADMIN, "tisbury"))

    response = api.get(SCHEDULES, {"permit_type": "north_andover.dog_license"})

    assert response.status_code == 403


def test_an_unknown_permit_type_filter_is_400_naming_it(admin_api):
    response = admin_api.get(SCHEDULES, {"permit_type": "north_andover.unicorn"})

    assert response.status_code == 400
    assert "permit_type" in response.json()


@pytest.mark.parametrize("role", [None, Role.CLERK, Role.BOARD_MEMBER])
def test_residents_and_other_staff_are_refused(role, resident):
    user = staff(role, "north_andover") if role else resident

    assert client_for(user).get(SCHEDULES).status_code == 403
    assert new_version(client_for(user)).status_code == 403


def test_admin_creates_a_new_effective_dated_version(admin_api, town_admin):
    response = new_version(admin_api)

    assert response.status_code == 201, response.json()
    schedule = FeeSchedule.objects.get(pk=response.json()["id"])
    assert str(schedule.effective_from) == "2027-07-01"
    assert schedule.amounts()["spayed_neutered"] == 12
    assert schedule.created_by == town_admin
    assert schedule.permit_type.fee_schedules.count() == 2


def test_an_unknown_field_of_a_new_version_is_refused_by_name(admin_api):
    response = new_version(admin_api, effective_form="2027-08-01")

    assert response.status_code == 400
    assert response.json()["effective_form"] == ["Unknown field."]
    assert FeeSchedule.objects.filter(effective_from="2027-07-01").count() == 0


def test_spayed_fee_not_below_intact_fee_is_refused_under_licenses_a9(admin_api):
    response = new_version(admin_api, amounts={**DOG_AMOUNTS, "spayed_neutered": "20.00"})

    assert response.status_code == 400
    message = response.json()["amounts"]["spayed_neutered"][0]
    assert "Licenses A(9)" in message
    assert FeeSchedule.objects.filter(effective_from="2027-07-01").count() == 0


def test_a_version_starting_in_the_past_is_refused_naming_effective_from(admin_api):
    response = new_version(admin_api, effective_from="2027-01-01")

    assert response.status_code == 400
    assert "effective_from" in response.json()


@pytest.mark.parametrize(
    ("amounts", "problem"),
    [
        ({**DOG_AMOUNTS, "grooming": "3.00"}, "grooming"),
        ({key: value for key, value in DOG_AMOUNTS.items() if key != "late_fee"}, "late_fee"),
        ({**DOG_AMOUNTS, "intact": "-1.00"}, "intact"),
        ({**DOG_AMOUNTS, "intact": "lots"}, "intact"),
    ],
)
def test_unknown_missing_negative_or_malformed_amounts_are_named(admin_api, amounts, problem):
    response = new_version(admin_api, amounts=amounts)

    assert response.status_code == 400
    assert problem in response.json()["amounts"]


def test_admin_of_another_town_cannot_version_this_towns_fees(db):
    response = new_version(client_for(staff(Role.ADMIN, "tisbury")))

    assert response.status_code == 403


def test_admin_retires_an_unused_version(admin_api):
    created = new_version(admin_api).json()

    response = admin_api.post(f"{SCHEDULES}{created['id']}/retire/")

    assert response.status_code == 200
    assert response.json()["retired_at"] is not None


def test_a_version_that_priced_invoices_is_not_retired(admin_api, submitted):
    schedule = submitted.invoices.get().fee_schedule

    response = admin_api.post(f"{SCHEDULES}{schedule.pk}/retire/")

    assert response.status_code == 400
    schedule.refresh_from_db()
    assert schedule.retired_at is None


def test_admin_of_another_town_cannot_retire(db):
    schedule = FeeSchedule.objects.get(permit_type__code="north_andover.dog_license")

    response = client_for(staff(Role.ADMIN, "tisbury")).post(f"{SCHEDULES}{schedule.pk}/retire/")

    assert response.status_code == 404
