"""The residence limits and noise complaint pages of North Andover's Animal Control Officer
(Code ch. 60, Limits; Restraint C)."""

import pytest
from django.urls import reverse
from django.utils import timezone

from dogs.limits.services import NUISANCE_NOISE_CASE, RESIDENCE_LIMITS_CASE
from permits_site.enforcement.models import Case
from permits_site.enforcement.services import open_case
from tests.factories import DogFactory, PropertyFactory, Role, UserFactory, municipality, staff
from tests.page_forms import assert_on_the_page, field_error, post_form

pytestmark = pytest.mark.django_db

COUNTS = {"cats_over_4_months": "5", "wild_or_dangerous_animals": "0",
          "dogs_not_on_record": "0"}


@pytest.fixture
def aco(db):
    return staff(Role.ANIMAL_CONTROL_OFFICER, "north_andover")


def open_on_page(client, address: str) -> Case:
    response = client.post(reverse("dogs:limits_new"), {
        "address": address, "party_name": "Robin Keeper", "complaint": "Many cats.",
        "received_on": timezone.localdate().isoformat(), **COUNTS})
    case = Case.objects.get(case_type=RESIDENCE_LIMITS_CASE)
    assert response.status_code == 302
    assert response["Location"] == reverse("dogs:limits_case", args=[case.pk])
    return case


def test_the_officer_opens_a_case_and_warns_the_owner(client, aco):
    residence = PropertyFactory(address="40 Osgood Street")
    DogFactory(residence=residence, name="Pepper")
    client.force_login(aco)
    case = open_on_page(client, "40 Osgood Street")
    page = client.get(reverse("dogs:limits_case", args=[case.pk])).content.decode()
    assert "Violation:" in page and "(North Andover Code ch. 60, Limits B)" in page
    assert reverse("dogs:dog_record", args=[residence.dogs.get().pk]) in page
    client.post(reverse("dogs:limits_case", args=[case.pk]), {"action": "cite"})
    page = client.get(reverse("dogs:limits_case", args=[case.pk])).content.decode()
    assert "written warning, no fine" in page
    core_page = client.get(reverse("enforcement:case", args=[case.pk])).content.decode()
    assert reverse("dogs:limits_case", args=[case.pk]) in core_page


def test_a_rehoming_date_in_the_past_is_refused_on_its_field(client, aco):
    client.force_login(aco)
    case = open_on_page(client, "3 Main Street")
    page = reverse("dogs:limits_case", args=[case.pk])
    response = post_form(client, page, 'name="rehome-rehome_by"', {
        "rehome-rehome_by": timezone.localdate().isoformat(), "rehome-text": "Re-home."})
    assert response.status_code == 400
    assert_on_the_page(client, response, page)
    assert "Allow at least until tomorrow" in field_error(response.content.decode(),
                                                          "rehome-rehome_by")


def test_staff_who_are_not_officers_read_but_get_no_forms(client, aco):
    client.force_login(aco)
    case = open_on_page(client, "3 Main Street")
    client.force_login(staff(Role.CLERK, "north_andover"))
    page = client.get(reverse("dogs:limits_case", args=[case.pk])).content.decode()
    assert "Animals counted at the residence" in page and "Record count" not in page
    assert client.post(reverse("dogs:limits_case", args=[case.pk]),
                       {"action": "cite"}).status_code == 403
    assert client.get(reverse("dogs:limits_new")).status_code == 404
    client.force_login(staff(Role.ANIMAL_CONTROL_OFFICER, "tisbury"))
    assert client.get(reverse("dogs:limits_case", args=[case.pk])).status_code == 404


def test_a_noise_complaint_shows_its_finding_and_section(client, aco):
    case = open_case(municipality=municipality("north_andover"), case_type=NUISANCE_NOISE_CASE,
                     party=UserFactory(), party_name="", address="7 Elm Street",
                     complaint="Barking.", received_on=timezone.localdate(), acting_user=aco)
    client.force_login(aco)
    response = client.post(reverse("dogs:noise_case", args=[case.pk]), {
        "action": "complaint", "complaint-start_time": "22:00", "complaint-duration_minutes": "5",
        "complaint-uninterrupted": "no", "complaint-outdoors": "yes",
        "complaint-repetitive": "yes", "complaint-provoked": "no"})
    assert response.status_code == 302
    page = client.get(reverse("dogs:noise_case", args=[case.pk])).content.decode()
    assert "(North Andover Code ch. 60, Restraint C(2))" in page
    assert "Write citation" in page


def test_a_noise_complaint_without_its_start_is_refused_on_the_cases_page(client, aco):
    case = open_case(municipality=municipality("north_andover"), case_type=NUISANCE_NOISE_CASE,
                     party=UserFactory(), party_name="", address="7 Elm Street",
                     complaint="Barking.", received_on=timezone.localdate(), acting_user=aco)
    client.force_login(aco)
    page = reverse("dogs:noise_case", args=[case.pk])
    response = post_form(client, page, 'name="complaint-start_time"', {
        "complaint-duration_minutes": "5", "complaint-uninterrupted": "no",
        "complaint-outdoors": "yes", "complaint-repetitive": "yes", "complaint-provoked": "no"})
    assert response.status_code == 400
    assert_on_the_page(client, response, page)
    assert "Enter a time." in field_error(response.content.decode(), "complaint-start_time")
