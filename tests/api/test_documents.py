"""Documents: uploads checked by content and size, downloads for the owner and staff only."""

import pytest
from django.conf import settings
from django.core.files.uploadedfile import SimpleUploadedFile

from permits_site.licensing.models import Document, DocumentStatus
from tests.api.conftest import client_for, sample_upload, with_rabies_proof

pytestmark = pytest.mark.django_db


def documents_url(application):
    return f"/api/v1/applications/{application.pk}/documents/"


def upload(api, application, file, **fields):
    body = {"kind": "rabies_certificate", "valid_until": "2029-01-01", "file": file, **fields}
    return api.post(documents_url(application), body, format="multipart")


def test_applicant_uploads_a_rabies_certificate(resident_api, draft):
    response = upload(resident_api, draft, sample_upload())

    assert response.status_code == 201, response.json()
    body = response.json()
    assert body["content_type"] == "image/png"
    assert body["status"] == "pending"
    assert body["valid_until"] == "2029-01-01"
    assert body["file_url"] == f"/api/v1/documents/{body['id']}/file/"
    assert Document.objects.get(pk=body["id"]).uploaded_by == draft.applicant


@pytest.mark.parametrize("kind", ["rabies_certificate", "rabies_exemption"])
def test_a_rabies_proof_without_its_expiry_is_refused_naming_valid_until_a1(resident_api, draft,
                                                                              kind):
    """The rule set reads the certificate's expiry (``facts_from`` document): a proof
    without it would only fail ``na.lic.A1.rabies`` later, without saying why."""
    response = resident_api.post(documents_url(draft), {"kind": kind, "file": sample_upload()},
                                 format="multipart")

    assert response.status_code == 400, response.content
    assert list(response.json()) == ["valid_until"]
    assert "Licenses A(1)" in response.json()["valid_until"][0]
    assert not Document.objects.exists()


def test_clerk_may_upload_for_the_applicant_who_still_owns_the_document(clerk_api, clerk, draft):
    response = upload(clerk_api, draft, sample_upload("rabies_certificate.pdf"))

    assert response.status_code == 201
    document = Document.objects.get(pk=response.json()["id"])
    assert (document.owner, document.uploaded_by) == (draft.applicant, clerk)


def test_a_renamed_executable_is_refused_naming_file(resident_api, draft):
    response = upload(resident_api, draft, sample_upload("renamed_program.pdf"))

    assert response.status_code == 400
    assert "file" in response.json()
    assert not Document.objects.exists()


def test_a_file_over_10_mb_is_refused_naming_file(resident_api, draft):
    too_big = SimpleUploadedFile("big.pdf", b"%PDF-" + b"0" * settings.DOCUMENT_MAX_BYTES)

    response = upload(resident_api, draft, too_big)

    assert response.status_code == 400
    assert "10 MB" in response.json()["file"][0]
    assert not Document.objects.exists()


def test_a_body_too_large_for_any_document_is_refused_before_parsing(resident_api, draft):
    body_limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    oversized = SimpleUploadedFile("huge.pdf", b"%PDF-" + b"0" * body_limit)

    response = upload(resident_api, draft, oversized)

    assert response.status_code == 400
    assert "10 MB" in response.json()["file"][0]


def test_a_document_kind_the_permit_type_does_not_take_is_named(resident_api, draft):
    response = upload(resident_api, draft, sample_upload(), kind="selfie")

    assert response.status_code == 400
    assert "kind" in response.json()


def test_a_missing_file_is_named(resident_api, draft):
    response = resident_api.post(documents_url(draft), {"kind": "rabies_certificate"},
                                 format="multipart")

    assert response.status_code == 400
    assert "file" in response.json()


def test_another_resident_cannot_upload_or_list(other_api, draft):
    assert upload(other_api, draft, sample_upload()).status_code == 404
    assert other_api.get(documents_url(draft)).status_code == 404


def test_an_inspector_may_list_but_not_upload(inspector, submitted):
    api = client_for(inspector)

    assert len(api.get(documents_url(submitted)).json()) == 1
    assert upload(api, submitted, sample_upload()).status_code == 403


def test_clerk_of_another_town_cannot_upload(tisbury_clerk_api, draft):
    assert upload(tisbury_clerk_api, draft, sample_upload()).status_code == 404


def test_applicant_lists_the_applications_documents(resident_api, submitted):
    response = resident_api.get(documents_url(submitted))

    assert [row["kind"] for row in response.json()] == ["rabies_certificate"]


# -- download ------------------------------------------------------------------


@pytest.fixture
def document(draft):
    return with_rabies_proof(draft)


def test_owner_downloads_the_file_as_an_attachment_that_is_not_sniffed(resident_api, document):
    response = resident_api.get(f"/api/v1/documents/{document.pk}/file/")

    assert response.status_code == 200
    assert response["Content-Type"] == "image/png"
    assert response["Content-Disposition"].startswith("attachment")
    assert response["X-Content-Type-Options"] == "nosniff"
    with open("tests/fixtures_files/rabies_certificate.png", "rb") as original:
        assert b"".join(response.streaming_content) == original.read()


def test_town_staff_download_the_file(clerk_api, document):
    assert clerk_api.get(f"/api/v1/documents/{document.pk}/file/").status_code == 200


def test_another_resident_and_another_towns_clerk_get_404(other_api, tisbury_clerk_api, document):
    assert other_api.get(f"/api/v1/documents/{document.pk}/file/").status_code == 404
    assert tisbury_clerk_api.get(f"/api/v1/documents/{document.pk}/file/").status_code == 404


# -- review --------------------------------------------------------------------


def test_clerk_accepts_a_document(clerk_api, document):
    response = clerk_api.post(f"/api/v1/documents/{document.pk}/review/", {"accepted": True},
                              format="json")

    assert response.status_code == 200
    assert response.json()["status"] == "accepted"
    document.refresh_from_db()
    assert document.status == DocumentStatus.ACCEPTED


def test_the_owner_cannot_accept_their_own_document(resident_api, document):
    response = resident_api.post(f"/api/v1/documents/{document.pk}/review/", {"accepted": True},
                                 format="json")

    assert response.status_code == 403
    document.refresh_from_db()
    assert document.status == DocumentStatus.PENDING


def test_a_review_without_a_decision_is_400_naming_accepted(clerk_api, document):
    response = clerk_api.post(f"/api/v1/documents/{document.pk}/review/", {}, format="json")

    assert response.status_code == 400
    assert "accepted" in response.json()


def test_clerk_of_another_town_cannot_review_the_document(tisbury_clerk_api, document):
    response = tisbury_clerk_api.post(f"/api/v1/documents/{document.pk}/review/",
                                      {"accepted": True}, format="json")

    assert response.status_code == 404


# -- an application past its decision takes no more documents ---------------------------


@pytest.mark.parametrize("who", ["resident", "clerk"])
def test_uploading_to_an_issued_application_is_refused_naming_its_status(request, who, permit):
    """Who uploads is not the question (the applicant and the clerk both may): the issued
    application's record is closed, a 400 naming its status as every status refusal is."""
    application = permit.application

    response = upload(client_for(request.getfixturevalue(who)), application, sample_upload())

    assert response.status_code == 400, response.json()
    assert response.json() == {"non_field_errors": [
        "Cannot attach documents to an application that is issued (only one that is draft, "
        "submitted, under review or approved)."]}
    assert application.documents.count() == 1


def test_an_issued_application_offers_no_upload(resident_api, permit):
    body = resident_api.get(f"/api/v1/applications/{permit.application_id}/").json()

    assert "attach_document" not in body["allowed_actions"]
