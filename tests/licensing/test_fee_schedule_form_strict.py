"""The fee schedule form reads an amount as the API does, digits with up to two decimal
places, and neither it nor the API records a hearing or vote on a day still to come."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest
import time_machine
from django.urls import reverse

from permits_site.exceptions import DomainError
from permits_site.licensing.adoption import Adoption
from permits_site.licensing.forms import FeeScheduleVersionForm
from permits_site.licensing.models import FeeSchedule, PermitType
from permits_site.licensing.services.fees import create_fee_schedule_version, schedule_in_force
from tests.api.conftest import client_for
from tests.factories import Role, staff

pytestmark = pytest.mark.django_db

KITCHEN = "tisbury.residential_kitchen"
PAGE = reverse("licensing:fee_schedule_new", args=[KITCHEN])
TODAY = dt.date(2026, 12, 7)
NOTICE, HEARING = dt.date(2026, 11, 16), dt.date(2026, 12, 3)
STILL_TO_COME = "The hearing cannot be held on a day still to come."
VOTE_TO_COME = "The vote cannot be taken on a day still to come."


@pytest.fixture(autouse=True)
def _december_7():
    with time_machine.travel(dt.datetime(2026, 12, 7, 10, 0), tick=False):
        yield


@pytest.fixture
def admin():
    return staff(Role.ADMIN, "tisbury")


def kitchen() -> PermitType:
    return PermitType.objects.get(code=KITCHEN)


def amounts(**changed) -> dict[str, str]:
    """Every item of the schedule in force at its amount, but those ``changed``."""
    items = schedule_in_force(kitchen(), TODAY).items.all()
    return {f"amount_{item.code}": changed.get(item.code, str(item.amount)) for item in items}


def answers(**fields) -> dict[str, str]:
    return {"effective_from": "2026-12-14", "notice_given_on": NOTICE.isoformat(),
            "hearing_held_on": HEARING.isoformat(), "voted_on": HEARING.isoformat(),
            **amounts(), **fields}


def form(data: dict) -> FeeScheduleVersionForm:
    return FeeScheduleVersionForm(data, items=schedule_in_force(kitchen(), TODAY).items.all(),
                                  town="tisbury")


# -- amounts -------------------------------------------------------------------------------


@pytest.mark.parametrize(("typed", "error"), [
    ("1e3", "Enter an amount in dollars and cents, such as 50.00."),
    ("1,000", "Enter an amount in dollars and cents, such as 50.00."),
    ("$100", "Enter an amount in dollars and cents, such as 50.00."),
    ("Infinity", "Enter an amount in dollars and cents, such as 50.00."),
    ("12.345", "Enter an amount in dollars and cents (at most two decimal places)."),
    ("-5", "An amount cannot be negative."),
])
def test_an_amount_not_in_dollars_and_cents_is_refused_on_its_field(typed, error):
    data = answers(**{"amount_new": typed})

    checked = form(data)

    assert not checked.is_valid()
    assert checked.errors == {"amount_new": [error]}


@pytest.mark.parametrize(("typed", "amount"), [
    ("75", Decimal("75.00")), ("75.5", Decimal("75.50")), (" 75.00 ", Decimal("75.00"))])
def test_digits_with_up_to_two_decimal_places_are_read_as_dollars_and_cents(typed, amount):
    checked = form(answers(amount_new=typed))

    assert checked.is_valid(), checked.errors
    assert checked.amounts()["new"] == amount


def test_the_page_refuses_1e3_naming_the_field_and_saves_nothing(client, admin):
    client.force_login(admin)
    before = FeeSchedule.objects.count()

    response = client.post(PAGE, answers(amount_new="1e3"))

    assert response.status_code == 400
    label = form({}).fields["amount_new"].label
    assert (f'{label}</a>: Enter an amount in dollars and cents, such as 50.00.'
            in response.content.decode())
    assert FeeSchedule.objects.count() == before


# -- a hearing or vote still to come -------------------------------------------------------


def test_the_page_refuses_a_hearing_and_vote_still_to_come_on_their_fields(client, admin):
    client.force_login(admin)
    before = FeeSchedule.objects.count()

    response = client.post(PAGE, answers(hearing_held_on="2026-12-15",
                                         voted_on="2026-12-15", effective_from="2026-12-15"))

    assert response.status_code == 400
    errors = response.context["form"].errors
    assert errors["hearing_held_on"] == [STILL_TO_COME]
    assert errors["voted_on"] == [VOTE_TO_COME]
    assert f"Hearing held on</a>: {STILL_TO_COME}" in response.content.decode()
    assert FeeSchedule.objects.count() == before


def test_a_hearing_and_vote_today_are_accepted(client, admin):
    client.force_login(admin)

    response = client.post(PAGE, answers(hearing_held_on="2026-12-07",
                                         voted_on="2026-12-07"))

    assert response.status_code == 302
    assert FeeSchedule.objects.get(permit_type=kitchen(),
                                   effective_from=dt.date(2026, 12, 14)).voted_on == TODAY


def test_the_service_refuses_a_vote_still_to_come(admin):
    schedule = schedule_in_force(kitchen(), TODAY)

    with pytest.raises(DomainError) as refused:
        create_fee_schedule_version(
            permit_type=kitchen(), effective_from=dt.date(2026, 12, 14), acting_user=admin,
            amounts={item.code: item.amount for item in schedule.items.all()},
            adoption=Adoption(notice_given_on=NOTICE, hearing_held_on=HEARING,
                              voted_on=dt.date(2026, 12, 8)))

    assert refused.value.errors == {"voted_on": [VOTE_TO_COME]}


def test_the_api_refuses_a_hearing_still_to_come_naming_the_field(admin):
    schedule = schedule_in_force(kitchen(), TODAY)

    response = client_for(admin).post("/api/v1/fee-schedules/", {
        "permit_type": KITCHEN, "effective_from": "2026-12-15",
        "amounts": {item.code: str(item.amount) for item in schedule.items.all()},
        "notice_given_on": NOTICE.isoformat(), "hearing_held_on": "2026-12-15"},
        format="json")

    assert response.status_code == 400
    assert response.json()["hearing_held_on"] == [STILL_TO_COME]
