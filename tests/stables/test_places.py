"""A stable stands on a property in Northborough while its keeper may live in another town: the
permit, its inspections and the cases about it name the stable's site, not the keeper's home
(spec ``lifecycle.md``, "Holders and what a permit is about")."""

import datetime as dt

import pytest
import time_machine
from django.urls import reverse

from permits_site.enforcement.models import Case, Inspection
from permits_site.enforcement.services import (
    close_inspection,
    record_inspection,
    schedule_inspection,
)
from permits_site.exceptions import DomainError
from permits_site.licensing.services.applications import withdraw_application
from stables.permits import services
from tests.factories import UserFactory
from tests.stables.flow import drafted, permitted

pytestmark = pytest.mark.django_db
MARCH_15_2027 = dt.datetime(2027, 3, 15, 10, 0)
WHITNEY = "24 Whitney Street, Northborough"
#: Manure over the two cords of §6.2 and nothing else amiss.
OVER_THE_LIMIT = {
    "manure_storage_cuft": 300, "days_since_manure_removed": 5, "manure_variance": False,
    "runoff_to_wetlands": False, "stall_cleaned_daily": True, "effluent_discharged": False,
    "feed_in_closed_containers": True,
}


@pytest.fixture
def far_keeper(db):
    """A keeper who lives in North Andover and keeps horses in Northborough."""
    return UserFactory(first_name="Fay", last_name="Faraway", street_address="12 Elm Street",
                       city="North Andover", postal_code="01845")


@pytest.fixture
def permit(far_keeper, nb_clerk):
    with time_machine.travel(MARCH_15_2027, tick=False):
        return permitted(far_keeper, nb_clerk, address="24 Whitney Street")


def test_the_permit_names_the_stable_s_site_and_the_keeper_s_home_apart(permit):
    assert permit.place_address == WHITNEY
    assert permit.holder_address == "12 Elm Street, North Andover, MA 01845"
    assert permit.place == permit.application.stable_application.stable.property


@time_machine.travel(MARCH_15_2027, tick=False)
def test_a_stable_inspection_shows_the_northborough_site_not_the_keeper_s_home(
    client, permit, nb_clerk, inspector
):
    stable = permit.application.stable_application.stable
    client.force_login(nb_clerk)
    client.post(
        reverse("stables:stable", args=[stable.pk]),
        {"action": "inspection", "inspection-scheduled_for": "2027-05-03",
         "inspection-inspector": inspector.pk},
    )
    inspection = Inspection.objects.get()

    client.force_login(inspector)
    page = client.get(reverse("enforcement:inspection", args=[inspection.pk])).content.decode()
    listed = client.get(reverse("enforcement:inspections")).content.decode()

    assert inspection.address == WHITNEY
    assert WHITNEY in page and WHITNEY in listed
    assert "Elm Street" not in page and "Elm Street" not in listed


@time_machine.travel(MARCH_15_2027, tick=False)
def test_an_inspection_scheduled_against_the_permit_alone_takes_its_place(permit, inspector):
    inspection = schedule_inspection(
        municipality=permit.municipality, check_code=services.SANITARY_INSPECTION,
        scheduled_for=dt.date(2027, 5, 3), inspector=inspector, permit=permit,
        acting_user=inspector,
    )

    assert inspection.address == WHITNEY


@time_machine.travel(MARCH_15_2027, tick=False)
def test_an_inspection_of_an_application_takes_the_stable_s_site(far_keeper, inspector):
    application = drafted(far_keeper, address="24 Whitney Street")

    inspection = schedule_inspection(
        municipality=application.municipality, check_code=services.SANITARY_INSPECTION,
        scheduled_for=dt.date(2027, 5, 3), inspector=inspector, application=application,
        acting_user=inspector,
    )

    assert inspection.address == WHITNEY


@time_machine.travel(MARCH_15_2027, tick=False)
def test_a_case_from_the_inspection_and_a_complaint_about_the_permit_name_the_site(
    client, permit, nb_clerk, inspector
):
    inspection = services.schedule_sanitary_inspection(
        permit=permit, scheduled_for=dt.date(2027, 3, 15), inspector=inspector,
        acting_user=nb_clerk,
    )
    record_inspection(inspection=inspection, answers=OVER_THE_LIMIT, notes="",
                      acting_user=inspector)
    close_inspection(inspection=inspection, acting_user=inspector)
    client.force_login(nb_clerk)

    from_inspection = client.post(reverse("enforcement:inspection", args=[inspection.pk]),
                                  {"action": "case", "case_type": "northborough.stable_violation"})
    complaint = client.post(reverse("enforcement:cases"), {"action": "open",
        "case_type": "northborough.stable_violation", "permit_number": permit.number,
        "complaint": "Manure piled by the brook.", "received_on": "2027-03-15",
    })

    assert (from_inspection.status_code, complaint.status_code) == (302, 302)
    assert [case.address for case in Case.objects.order_by("pk")] == [WHITNEY, WHITNEY]
    page = client.get(from_inspection.url).content.decode()
    assert WHITNEY in page and "Elm Street" not in page


@time_machine.travel(MARCH_15_2027, tick=False)
def test_a_site_with_another_keeper_s_permit_in_force_passes_by_transfer(permit):
    newcomer = UserFactory()

    with pytest.raises(DomainError) as refused:
        drafted(newcomer, address="24 Whitney St.")

    assert "§2.4" in refused.value.errors["property"][0]


@time_machine.travel(MARCH_15_2027, tick=False)
def test_a_withdrawn_draft_frees_the_site_for_another_keeper(far_keeper):
    first = drafted(far_keeper, address="24 Whitney Street")
    withdraw_application(application=first, acting_user=far_keeper)

    second = drafted(UserFactory(), address="24 Whitney Street")

    assert second.place == first.place
    assert second.stable_application.stable != first.stable_application.stable
