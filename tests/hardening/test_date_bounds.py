"""Every date the API takes shares one bound (``fact_forms.EARLIEST_DATE``–``LATEST_DATE``).

A year 1 or year 9999 date is a typing mistake, and beyond what the calendar
arithmetic can carry; it is a 400 naming the field, never stored, never a 500.
"""

import pytest
import time_machine

from permits_site.licensing.fact_forms import EARLIEST_DATE, LATEST_DATE
from permits_site.licensing.models import Document, FeeSchedule
from permits_site.towns.models import Closure
from tests.api.conftest import TODAY, client_for, draft_for, sample_upload
from tests.factories import Role, staff

pytestmark = pytest.mark.django_db

OUT_OF_BOUNDS = ["0001-01-01", "1899-12-31", "2200-01-01", "9999-12-31"]


@pytest.fixture(autouse=True)
def _frozen_clock():
    with time_machine.travel(TODAY, tick=False):
        yield


def refused_naming(response, field):
    assert response.status_code == 400, response.content
    assert field in response.json(), response.json()
    return " ".join(response.json()[field])


def test_the_strict_field_is_a_bounded_field_with_the_shared_bound():
    from permits_site.api.public.fields import BoundedDateField, StrictDateField

    field = BoundedDateField()

    assert issubclass(StrictDateField, BoundedDateField)
    assert field.to_internal_value(EARLIEST_DATE.isoformat()) == EARLIEST_DATE
    assert field.to_internal_value(LATEST_DATE.isoformat()) == LATEST_DATE


# -- public, anonymous --------------------------------------------------------------


@pytest.mark.parametrize("day", OUT_OF_BOUNDS)
def test_a_fee_quote_on_an_out_of_bounds_day_is_refused_naming_on(api, day):
    response = api.post("/api/v1/fee-quotes/", {
        "permit_type": "north_andover.dog_license", "action": "new",
        "facts": {"spayed_neutered": True}, "on": day,
    }, format="json")

    assert "1900" in refused_naming(response, "on")


@pytest.mark.parametrize("day", OUT_OF_BOUNDS)
def test_a_deadline_from_an_out_of_bounds_day_is_refused_naming_from(api, day):
    response = api.get("/api/v1/municipalities/north_andover/deadlines/appeal_aco_decision/",
                       {"from": day})

    refused_naming(response, "from")


# -- authenticated -----------------------------------------------------------------


@pytest.mark.parametrize("day", OUT_OF_BOUNDS)
def test_a_closure_on_an_out_of_bounds_day_is_refused_naming_date(town_admin, day):
    response = client_for(town_admin).post("/api/v1/calendar/north_andover/closures/",
                                           {"date": day, "reason": "Storm"}, format="json")

    assert "1900" in refused_naming(response, "date")
    assert not Closure.objects.filter(reason="Storm").exists()


@pytest.mark.parametrize("day", OUT_OF_BOUNDS)
def test_a_document_valid_until_an_out_of_bounds_day_is_refused_naming_valid_until(dog, day):
    draft = draft_for(dog)

    response = client_for(dog.owner).post(
        f"/api/v1/applications/{draft.pk}/documents/",
        {"kind": "rabies_certificate", "valid_until": day, "file": sample_upload()},
        format="multipart",
    )

    refused_naming(response, "valid_until")
    assert not Document.objects.exists()


@pytest.mark.parametrize("day", OUT_OF_BOUNDS)
def test_a_fee_schedule_from_an_out_of_bounds_day_is_refused_naming_effective_from(
    town_admin, day
):
    before = FeeSchedule.objects.count()
    amounts = {"spayed_neutered": "12.00", "intact": "20.00", "late_fee": "25.00",
               "transfer": "2.00", "replacement_tag": "5.00"}

    response = client_for(town_admin).post("/api/v1/fee-schedules/", {
        "permit_type": "north_andover.dog_license", "effective_from": day, "amounts": amounts,
    }, format="json")

    refused_naming(response, "effective_from")
    assert FeeSchedule.objects.count() == before


@pytest.mark.parametrize("day", OUT_OF_BOUNDS)
def test_a_fine_schedule_from_an_out_of_bounds_day_is_refused_naming_effective_from(day):
    admin = staff(Role.ADMIN, "tisbury")

    response = client_for(admin).post("/api/v1/fine-schedules/", {
        "municipality": "tisbury", "effective_from": day,
        "amounts": {"littering": {"first": "50.00", "second": "100.00", "later": "100.00"}},
    }, format="json")

    refused_naming(response, "effective_from")


@pytest.mark.parametrize("day", OUT_OF_BOUNDS)
def test_an_impoundment_on_an_out_of_bounds_day_is_refused_naming_impounded_on(day):
    from dogs.models import Impoundment

    officer = staff(Role.ANIMAL_CONTROL_OFFICER, "north_andover")

    response = client_for(officer).post("/api/v1/impoundments/", {
        "impounded_on": day, "description": "Beagle"}, format="json")

    assert "1900" in refused_naming(response, "impounded_on")
    assert not Impoundment.objects.exists()
