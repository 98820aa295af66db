"""A dog whose license application for the year on sale is still open (a draft, or submitted
and not yet decided) is not offered a second one (North Andover Code ch. 60, Licenses A(7)):
"My dogs" continues the open application instead of offering "Apply for a license", and a
second application refused — on the form, in its fee preview and over the API — names the
open one, the pages with a link to it."""

import datetime as dt

import pytest
import time_machine
from django.urls import reverse

from dogs.licenses.services import apply_for_dog_license
from permits_site.licensing.services.applications import (
    submit_application,
    withdraw_application,
)
from tests.api.conftest import client_for, draft_for, with_rabies_proof
from tests.dogs.test_license_flow import png_upload
from tests.dogs.test_paper_licenses import DASHBOARD_QUERIES
from tests.factories import DogFactory

pytestmark = pytest.mark.django_db
FEB_2027 = dt.datetime(2027, 2, 10, 15, 0)
ACQUIRED = dt.date(2027, 2, 1)
#: The resident's dashboard once there are applications, whatever their number: four more
#: than without (the dogs' applications and their permits; the invoices and the review
#: determinations of "Applications in progress").
DASHBOARD_WITH_APPLICATIONS_QUERIES = DASHBOARD_QUERIES + 4


def submitted_for(dog):
    application = draft_for(dog)
    with_rabies_proof(application)
    return submit_application(application=application, acting_user=dog.owner)


def dashboard(client, user) -> str:
    client.force_login(user)
    return client.get(reverse("licensing:dashboard")).content.decode()


def apply_link(dog) -> str:
    return f'href="{reverse("dogs:apply")}?dog={dog.pk}"'


def application_link(application) -> str:
    return f'href="{reverse("licensing:application", args=[application.pk])}"'


# -- My dogs ------------------------------------------------------------------------------


@time_machine.travel(FEB_2027, tick=False)
def test_my_dogs_continues_a_draft_instead_of_offering_another_application(client, dog):
    """Only an application still open for the license year the form offers counts: a
    withdrawn one, or one for next year, leaves "Apply for a license" offered."""
    application = draft_for(dog)
    withdrawn, next_year = DogFactory(owner=dog.owner), DogFactory(owner=dog.owner)
    withdraw_application(application=draft_for(withdrawn), acting_user=dog.owner)
    apply_for_dog_license(applicant=dog.owner, dog=next_year, action="new", license_year=2028,
                          acquired_on=ACQUIRED)

    page = dashboard(client, dog.owner)

    assert f"Continue application #{application.pk}" in page
    assert application_link(application) in page
    assert apply_link(dog) not in page
    assert page.count("Continue application #") == 1
    assert apply_link(withdrawn) in page
    assert apply_link(next_year) in page


@time_machine.travel(FEB_2027, tick=False)
def test_my_dogs_shows_a_submitted_application_instead_of_offering_another(client, dog):
    application = submitted_for(dog)

    page = dashboard(client, dog.owner)

    assert f"See application #{application.pk}" in page
    assert f"Continue application #{application.pk}" not in page
    assert apply_link(dog) not in page


@time_machine.travel(FEB_2027, tick=False)
@pytest.mark.parametrize("rows", [2, 10])
def test_my_dogs_runs_the_same_queries_whatever_the_open_applications(
        client, resident, rows, django_assert_num_queries):
    for dog in DogFactory.create_batch(rows, owner=resident):
        draft_for(dog)
    client.force_login(resident)

    with django_assert_num_queries(DASHBOARD_WITH_APPLICATIONS_QUERIES):
        response = client.get(reverse("licensing:dashboard"))

    assert response.content.count(b"Continue application #") == rows


# -- the refusal names the open application ------------------------------------------------


@time_machine.travel(FEB_2027, tick=False)
def test_the_form_refuses_a_second_application_linking_to_the_open_one(client, dog):
    application = submitted_for(dog)
    client.force_login(dog.owner)

    refused = client.post(reverse("dogs:apply"), {
        "dog": dog.pk, "action": "new", "license_year": "2027", "acquired_on": "2027-02-01",
        "kind": "rabies_certificate", "valid_until": "2029-01-01", "file": png_upload()})

    page = refused.content.decode()
    assert refused.status_code == 400
    assert refused.context["details"].errors["action"] == [
        f"Biscuit already has an open new application for 2027 (application "
        f"#{application.pk})."]
    assert "What do you need?</a>: Biscuit already has an open new application" in page
    assert f"See application #{application.pk}" in page
    assert application_link(application) in page


@time_machine.travel(FEB_2027, tick=False)
def test_the_fee_preview_names_the_open_application_instead_of_a_price(client, dog):
    application = draft_for(dog)
    client.force_login(dog.owner)

    preview = client.get(reverse("dogs:fee_preview"), {
        "dog": dog.pk, "action": "new", "license_year": "2027"}).content.decode()

    assert f"already has an open new application for 2027 (application #{application.pk})." \
        in preview
    assert f"Continue application #{application.pk}" in preview
    assert application_link(application) in preview
    assert "$" not in preview


@time_machine.travel(FEB_2027, tick=False)
def test_the_api_refusal_names_the_open_applications_id(resident, dog):
    application = draft_for(dog)

    response = client_for(resident).post("/api/v1/applications/", {
        "permit_type": "north_andover.dog_license", "action": "new",
        "details": {"dog": dog.pk, "license_year": 2027, "acquired_on": "2027-02-01"},
    }, format="json")

    assert response.status_code == 400
    assert response.json()["action"] == [
        f"Biscuit already has an open new application for 2027 (application "
        f"#{application.pk})."]
