"""The pages residents, clerks and admins use: access, refusals, query counts, downloads."""

import datetime as dt
import io

import pytest
import time_machine
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from pypdf import PdfReader

from dogs.licenses.services import apply_for_dog_license
from permits_site.accounts.models import Role
from permits_site.licensing.models import Document, FeeSchedule, PermitType
from permits_site.licensing.services.applications import submit_application
from tests.dogs.test_license_flow import ACQUIRED, licensed, png_upload
from tests.factories import PASSWORD, DogFactory, UserFactory, staff

pytestmark = pytest.mark.django_db
FEB_2027 = dt.datetime(2027, 2, 10, 15, 0)


def submitted(dog):
    application = apply_for_dog_license(
        applicant=dog.owner, dog=dog, action="new", license_year=2027, acquired_on=ACQUIRED
    )
    from permits_site.licensing.services.documents import upload_document

    upload_document(
        application=application,
        uploaded_by=dog.owner,
        kind="rabies_certificate",
        upload=png_upload(),
        valid_until=dt.date(2029, 1, 1),
    )
    submit_application(application=application, acting_user=dog.owner)
    return application


@time_machine.travel(FEB_2027, tick=False)
def test_a_resident_cannot_reach_another_residents_records_by_id(
    client, dog, clerk, other_resident
):
    permit = licensed(dog, clerk)
    document = Document.objects.get(application=permit.application)
    client.force_login(other_resident)

    urls = [
        reverse("licensing:application", args=[permit.application.pk]),
        reverse("licensing:document_file", args=[document.pk]),
        reverse("licensing:permit_pdf", args=[permit.pk]),
        reverse("dogs:dog_edit", args=[dog.pk]),
    ]

    assert [client.get(url).status_code for url in urls] == [404, 404, 404, 404]
    assert client.post(reverse("licensing:submit", args=[permit.application.pk])).status_code == 404


@time_machine.travel(FEB_2027, tick=False)
def test_a_clerk_of_another_town_cannot_review_or_issue(client, dog):
    application = submitted(dog)
    tisbury_clerk = staff(Role.CLERK, "tisbury")
    client.force_login(tisbury_clerk)

    assert client.get(reverse("licensing:review", args=[application.pk])).status_code == 404
    assert client.post(reverse("licensing:issue", args=[application.pk])).status_code == 404


@time_machine.travel(FEB_2027, tick=False)
def test_residents_cannot_open_staff_screens(client, resident):
    client.force_login(resident)

    assert client.get(reverse("licensing:queue")).status_code == 403
    assert client.get(reverse("licensing:fee_schedules")).status_code == 403
    assert client.get(reverse("dogs:renewal_season")).status_code == 403


@time_machine.travel(FEB_2027, tick=False)
@pytest.mark.parametrize("rows", [5, 50])
def test_clerk_queue_runs_a_fixed_number_of_queries(
    client, clerk, rows, django_assert_max_num_queries
):
    for _ in range(rows):
        submitted(DogFactory())
    client.force_login(clerk)

    with django_assert_max_num_queries(12):
        response = client.get(reverse("licensing:queue"))

    assert response.status_code == 200
    assert response.content.count(b"Review #") == min(rows, 25)


@time_machine.travel(FEB_2027, tick=False)
@pytest.mark.parametrize("rows", [5, 50])
def test_resident_dashboard_runs_a_fixed_number_of_queries(
    client, resident, clerk, rows, django_assert_max_num_queries
):
    puppies = dt.date(2026, 12, 1)  # under six months: no kennel license needed (Limits A)
    dogs = [DogFactory(owner=resident, date_of_birth=puppies) for _ in range(rows)]
    for dog in dogs[: rows // 2]:
        licensed(dog, clerk)
    for dog in dogs[rows // 2 :]:
        submitted(dog)
    client.force_login(resident)

    # The closed applications' list, the towns the resident is tied to and the towns of
    # the panels cost four queries, whatever the number of rows.
    with django_assert_max_num_queries(21):
        response = client.get(reverse("licensing:dashboard"))

    assert response.status_code == 200
    assert response.content.count(b"Download PDF") == rows // 2


@time_machine.travel(FEB_2027, tick=False)
def test_uploading_a_renamed_executable_on_the_page_names_the_field(client, dog):
    application = apply_for_dog_license(
        applicant=dog.owner, dog=dog, action="new", license_year=2027, acquired_on=ACQUIRED
    )
    client.force_login(dog.owner)
    with open("tests/fixtures_files/renamed_program.pdf", "rb") as sample:
        program = SimpleUploadedFile("rabies.pdf", sample.read(), "application/pdf")

    response = client.post(
        reverse("licensing:application", args=[application.pk]),
        {"action": "upload", "kind": "rabies_certificate", "file": program},
    )

    assert response.status_code == 400
    assert "file" in response.context["upload_form"].errors
    assert b"Upload a PDF, PNG or JPEG" in response.content
    assert not application.documents.exists()


@time_machine.travel(FEB_2027, tick=False)
def test_resident_downloads_the_license_pdf_with_tag_and_term(client, dog, clerk):
    permit = licensed(dog, clerk)
    client.force_login(dog.owner)

    response = client.get(reverse("licensing:permit_pdf", args=[permit.pk]))

    assert response["Content-Type"] == "application/pdf"
    text = PdfReader(io.BytesIO(response.content)).pages[0].extract_text()
    for expected in (
        "Town of North Andover",
        "DOG-2027-00001",
        "Tag number",
        "Biscuit",
        "December 31, 2027",
        "$10.00",
        dog.owner.last_name,
    ):
        assert expected in text


@time_machine.travel(FEB_2027, tick=False)
def test_verify_page_shows_initials_and_status_but_no_address(client, dog, clerk):
    permit = licensed(dog, clerk)

    response = client.get(reverse("verify", args=[permit.verification_token]))

    assert response.status_code == 200
    assert b"J. S." in response.content
    assert b"Valid license" in response.content
    assert dog.owner.street_address.encode() not in response.content
    assert client.get(reverse("verify", args=["not-a-token"])).status_code == 404


@time_machine.travel(FEB_2027, tick=False)
def test_admin_fee_page_refuses_a_spayed_fee_not_lower_than_intact(client, town_admin):
    client.force_login(town_admin)
    url = reverse("licensing:fee_schedule_new", args=["north_andover.dog_license"])
    form = {
        "effective_from": "2027-03-01",
        "amount_spayed_neutered": "20.00",
        "amount_intact": "15.00",
        "amount_late_fee": "25.00",
        "amount_transfer": "2.00",
        "amount_replacement_tag": "5.00",
    }

    refused = client.post(url, form)
    accepted = client.post(url, {**form, "amount_spayed_neutered": "12.00"})

    assert refused.status_code == 400
    assert b"Licenses A(9)" in refused.content
    assert accepted.status_code == 302
    dog_type = PermitType.objects.get(code="north_andover.dog_license")
    assert FeeSchedule.objects.filter(permit_type=dog_type).count() == 2


def test_admin_of_one_town_cannot_edit_another_towns_fees(client, town_admin):
    client.force_login(town_admin)

    response = client.get(reverse("licensing:fee_schedule_new", args=["tisbury.stable"]))

    assert response.status_code == 404


def test_staff_are_locked_out_after_five_failed_sign_ins(client, clerk):
    url = reverse("accounts:login")
    for _ in range(5):
        client.post(url, {"username": clerk.username, "password": "wrong"})

    response = client.post(url, {"username": clerk.username, "password": PASSWORD})

    assert b"locked" in response.content
    assert "_auth_user_id" not in client.session


def test_resident_registers_and_lands_on_the_dashboard(client, db):
    response = client.post(
        reverse("accounts:register"),
        {
            "username": "newneighbor",
            "first_name": "Nia",
            "last_name": "Neighbor",
            "email": "nia@example.org",
            "street_address": "5 Pine Road",
            "city": "North Andover",
            "state": "MA",
            "postal_code": "01845",
            "password1": PASSWORD,
            "password2": PASSWORD,
        },
    )

    assert response.status_code == 302
    assert response["Location"] == reverse("licensing:dashboard")


@time_machine.travel(FEB_2027, tick=False)
def test_resident_applies_on_the_page_and_sees_the_fee_before_submitting(client, dog):
    client.force_login(dog.owner)
    with open("tests/fixtures_files/rabies_certificate.pdf", "rb") as sample:
        certificate = SimpleUploadedFile("rabies.pdf", sample.read(), "application/pdf")

    response = client.post(
        reverse("dogs:apply"),
        {
            "dog": dog.pk,
            "action": "new",
            "license_year": 2027,
            "acquired_on": "2027-02-01",
            "kind": "rabies_certificate",
            "valid_until": "2028-06-01",
            "file": certificate,
        },
        follow=True,
    )

    assert response.status_code == 200
    assert b"Submitting today costs" in response.content
    assert b"$10.00" in response.content
    assert b"Submit application" in response.content


@time_machine.travel(FEB_2027, tick=False)
def test_apply_page_without_rabies_proof_changes_nothing(client, dog):
    client.force_login(dog.owner)

    response = client.post(
        reverse("dogs:apply"), {"dog": dog.pk, "action": "new", "license_year": 2027}
    )

    assert response.status_code == 400
    assert b"Certificate file" in response.content
    assert not dog.license_applications.exists()


def test_another_residents_dog_is_not_offered_on_the_apply_form(client, dog, other_resident):
    client.force_login(other_resident)

    response = client.post(
        reverse("dogs:apply"), {"dog": dog.pk, "action": "replacement_tag", "license_year": 2027}
    )

    assert response.status_code == 400
    assert not dog.license_applications.exists()


def test_home_page_lists_the_three_towns(client, db):
    response = client.get(reverse("home"))

    for town in (b"Town of North Andover", b"Town of Northborough", b"Town of Tisbury"):
        assert town in response.content


def test_a_user_with_no_staff_role_has_none(db):
    from permits_site.accounts.permissions import is_staff_member

    assert not is_staff_member(UserFactory())
