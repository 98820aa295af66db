"""Permits: issued by the clerk, read by the holder and staff, verified by anyone by token."""

import datetime as dt
from pathlib import Path

import pytest
import time_machine
from django.conf import settings
from drf_spectacular.generators import SchemaGenerator

from dogs.licenses.services import apply_for_dog_license
from permits_site.licensing.models import OPEN_ENDED, ApplicationStatus, PermitStatus
from permits_site.licensing.services.applications import submit_application
from tests.api.conftest import approve, client_for, licensed
from tests.factories import DogFactory, PermitFactory, permit_type

pytestmark = pytest.mark.django_db

PERMITS = "/api/v1/permits/"


def issue(api, application):
    return api.post(PERMITS, {"application": application.pk}, format="json")


def test_clerk_issues_an_approved_application(clerk_api, approved):
    response = issue(clerk_api, approved)

    assert response.status_code == 201, response.json()
    body = response.json()
    assert body["number"] == "DOG-2027-00001"
    assert body["status"] == "active"
    assert (body["valid_from"], body["valid_through"]) == ("2027-02-10", "2027-12-31")
    assert body["fee_total"] == "10.00"
    assert body["fee_lines"][0]["amount"] == "10.00"
    approved.refresh_from_db()
    assert approved.status == ApplicationStatus.ISSUED


def test_issuing_an_unapproved_application_is_refused(clerk_api, submitted):
    response = issue(clerk_api, submitted)

    assert response.status_code == 400
    assert "approved" in response.json()["non_field_errors"][0]


def test_residents_cannot_issue_even_their_own_approved_application(resident_api, approved):
    assert issue(resident_api, approved).status_code == 403


def test_a_board_member_cannot_issue(board_member, approved):
    assert issue(client_for(board_member), approved).status_code == 403


def test_another_towns_clerk_cannot_name_the_application(tisbury_clerk_api, approved):
    response = issue(tisbury_clerk_api, approved)

    assert response.status_code == 400
    assert "application" in response.json()


def test_holder_reads_their_permit_and_another_resident_gets_404(resident_api, other_api, permit):
    assert resident_api.get(f"{PERMITS}{permit.pk}/").json()["number"] == permit.number
    assert other_api.get(f"{PERMITS}{permit.pk}/").status_code == 404


def test_clerk_of_another_town_gets_404(tisbury_clerk_api, permit):
    assert tisbury_clerk_api.get(f"{PERMITS}{permit.pk}/").status_code == 404


def test_an_active_permit_past_its_term_reads_as_expired(resident_api, permit):
    with time_machine.travel(dt.datetime(2028, 1, 2, 12, 0), tick=False):
        response = resident_api.get(f"{PERMITS}{permit.pk}/")

    assert response.json()["status"] == "expired"


def test_holder_lists_only_their_permits(resident_api, permit, other_permit):
    response = resident_api.get(PERMITS)

    assert [row["id"] for row in response.json()["results"]] == [permit.pk]


@pytest.mark.parametrize("rows", [5, 50])
def test_permit_list_runs_a_fixed_number_of_queries(rows, django_assert_max_num_queries, clerk):
    for _ in range(rows):
        licensed(DogFactory(), clerk)
    api = client_for(clerk)

    with django_assert_max_num_queries(5):  # the fifth: the dog licenses' tags, all at once
        response = api.get(PERMITS)

    assert response.json()["count"] == rows


# -- status changes ------------------------------------------------------------


def change(api, permit, what, reason="Dog bit a mail carrier; hearing pending."):
    return api.post(f"{PERMITS}{permit.pk}/{what}/", {"reason": reason}, format="json")


def test_clerk_suspends_reinstates_and_revokes(clerk_api, permit):
    assert change(clerk_api, permit, "suspend").json()["status"] == "suspended"
    assert change(clerk_api, permit, "reinstate").json()["status"] == "active"
    assert change(clerk_api, permit, "revoke").json()["status"] == "revoked"
    permit.refresh_from_db()
    assert permit.status == PermitStatus.REVOKED


def test_a_status_change_needs_a_reason(clerk_api, permit):
    response = change(clerk_api, permit, "suspend", reason="")

    assert response.status_code == 400
    assert "reason" in response.json()


def test_reinstating_an_active_permit_is_refused(clerk_api, permit):
    response = change(clerk_api, permit, "reinstate")

    assert response.status_code == 400
    assert "Cannot reinstate" in response.json()["non_field_errors"][0]


def test_holder_cannot_change_their_permits_status(resident_api, permit):
    assert change(resident_api, permit, "revoke").status_code == 403
    permit.refresh_from_db()
    assert permit.status == PermitStatus.ACTIVE


def test_clerk_of_another_town_cannot_suspend(tisbury_clerk_api, permit):
    assert change(tisbury_clerk_api, permit, "suspend").status_code == 404


# -- the license PDF -----------------------------------------------------------

PDF_TEMPLATE = Path(settings.BASE_DIR, "templates", "pdf", "permit.html")


@pytest.mark.skipif(not PDF_TEMPLATE.exists(), reason="the license PDF template is not written yet")
def test_holder_downloads_the_license_pdf_rendered_on_demand(resident_api, permit):
    response = resident_api.get(f"{PERMITS}{permit.pk}/pdf/")

    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert response["Content-Disposition"] == f'attachment; filename="{permit.number}.pdf"'
    assert b"".join(response.streaming_content).startswith(b"%PDF-")


def test_the_stored_pdf_is_served_when_there_is_one(resident_api, permit):
    from django.core.files.base import ContentFile

    permit.pdf.save("stored.pdf", ContentFile(b"%PDF-1.7 stored copy"), save=False)
    type(permit).objects.filter(pk=permit.pk).update(pdf=permit.pdf.name)

    response = resident_api.get(f"{PERMITS}{permit.pk}/pdf/")

    assert b"".join(response.streaming_content) == b"%PDF-1.7 stored copy"


def test_another_resident_cannot_download_the_pdf(other_api, permit):
    assert other_api.get(f"{PERMITS}{permit.pk}/pdf/").status_code == 404


# -- public verification -------------------------------------------------------


def test_anyone_verifies_a_license_and_sees_only_initials(api, permit):
    response = api.get(f"/api/v1/verify/{permit.verification_token}/")

    assert response.status_code == 200
    assert response.json() == {
        "number": "DOG-2027-00001",
        "permit_type": "north_andover.dog_license",
        "permit_type_name": permit.permit_type.name,
        "municipality": "north_andover",
        "municipality_name": "Town of North Andover",
        "status": "active",
        "valid_from": "2027-02-10",
        "valid_through": "2027-12-31",
        "holder": "J. S.",
    }
    assert permit.holder_address not in response.content.decode()


def test_verification_reports_a_revoked_license(api, clerk_api, permit):
    change(clerk_api, permit, "revoke")

    assert api.get(f"/api/v1/verify/{permit.verification_token}/").json()["status"] == "revoked"


def test_an_unknown_token_is_404(api, db):
    assert api.get("/api/v1/verify/not-a-real-token/").status_code == 404


# -- a permit that runs until an event, not a date ------------------------------


@pytest.fixture
def horse_registration(resident):
    """Registered until the horse leaves (Northborough §3.2): no end date."""
    return PermitFactory(application__permit_type=permit_type("northborough.horse_registration"),
                         application__applicant=resident, valid_through=OPEN_ENDED)


def test_a_permit_with_no_end_date_answers_valid_through_null(resident_api, horse_registration):
    body = resident_api.get(f"{PERMITS}{horse_registration.pk}/").json()

    assert body["valid_through"] is None
    assert body["status"] == "active"
    listed = resident_api.get(PERMITS).json()["results"]
    assert [row["valid_through"] for row in listed] == [None]


def test_verifying_a_permit_with_no_end_date_answers_valid_through_null(api, horse_registration):
    body = api.get(f"/api/v1/verify/{horse_registration.verification_token}/").json()

    assert body["valid_through"] is None
    assert body["status"] == "active"


def test_the_schema_declares_valid_through_nullable():
    schemas = SchemaGenerator().get_schema(request=None, public=True)["components"]["schemas"]

    assert schemas["Permit"]["properties"]["valid_through"]["nullable"] is True
    assert schemas["Verification"]["properties"]["valid_through"]["nullable"] is True


# -- a dog license names its dog and its tag (Licenses A(5)) ----------------------


def test_a_dog_licenses_permit_names_its_dog_and_tag_number(resident_api, permit, dog):
    body = resident_api.get(f"{PERMITS}{permit.pk}/").json()

    assert body["details"] == {"dog": dog.pk, "dog_name": dog.name, "tag_number": 1}
    assert resident_api.get(PERMITS).json()["results"][0]["details"]["tag_number"] == 1


def test_issuing_a_dog_license_answers_its_tag_number(clerk_api, approved):
    body = issue(clerk_api, approved).json()

    assert body["details"]["tag_number"] == 1
    assert body["details"]["dog"] == approved.dog_license.dog_id


def test_a_replacement_tag_answers_the_license_with_the_new_tag_number(clerk_api, clerk, permit,
                                                                        dog):
    replacement = apply_for_dog_license(applicant=dog.owner, dog=dog, action="replacement_tag",
                                        license_year=2027)
    submit_application(application=replacement, acting_user=dog.owner)
    approve(replacement, clerk)

    response = issue(clerk_api, replacement)

    assert response.status_code == 200
    assert response.json()["id"] == permit.pk
    assert response.json()["details"]["tag_number"] == 2


def test_a_permit_of_another_type_has_no_details_of_its_own(resident_api, horse_registration):
    assert resident_api.get(f"{PERMITS}{horse_registration.pk}/").json()["details"] == {}
