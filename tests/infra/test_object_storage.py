"""Media in S3-compatible object storage (django-storages, ``AWS_STORAGE_BUCKET_NAME``):
what a resident uploads, the license PDF the worker renders, and the files a refused form
keeps, all go to the bucket and come back from it, on every server alike."""

import time

import pytest
import time_machine
from django.core.files.storage import default_storage
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import RequestFactory
from django.urls import reverse

from permits_site.licensing.pending_uploads import DIRECTORY, MAX_AGE, KeptUploads
from tests.api.conftest import TODAY, client_for, draft_for, licensed, sample_upload
from tests.infra.conftest import stored_names

pytestmark = [pytest.mark.s3, pytest.mark.django_db]


@pytest.fixture(autouse=True)
def _frozen_clock():
    with time_machine.travel(TODAY, tick=False):
        yield


def test_an_uploaded_certificate_is_stored_in_the_bucket_and_downloaded_from_it(
    s3_bucket, s3_endpoint, dog, client
):
    certificate = sample_upload("rabies_certificate.pdf")
    application = draft_for(dog)

    response = client_for(dog.owner).post(
        f"/api/v1/applications/{application.pk}/documents/",
        {"kind": "rabies_certificate", "valid_until": "2029-01-01", "file": certificate},
        format="multipart",
    )

    assert response.status_code == 201, response.json()
    document = application.documents.get()
    assert document.file.name in stored_names(s3_bucket, s3_endpoint)
    certificate.seek(0)
    sent = certificate.read()
    api_download = client_for(dog.owner).get(response.json()["file_url"])
    assert b"".join(api_download.streaming_content) == sent
    client.force_login(dog.owner)
    page_download = client.get(reverse("licensing:document_file", args=[document.pk]))
    assert b"".join(page_download.streaming_content) == sent


def test_an_issued_license_pdf_is_rendered_into_the_bucket_and_served_from_it(
    s3_bucket, s3_endpoint, dog, clerk, client, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        permit = licensed(dog, clerk)  # the worker's task renders the PDF once committed

    permit.refresh_from_db()
    assert permit.pdf.name in stored_names(s3_bucket, s3_endpoint)
    with default_storage.open(permit.pdf.name, "rb") as stored:
        rendered = stored.read()
    assert rendered.startswith(b"%PDF-")
    api_download = client_for(dog.owner).get(f"/api/v1/permits/{permit.pk}/pdf/")
    assert b"".join(api_download.streaming_content) == rendered
    client.force_login(dog.owner)
    page_download = client.get(reverse("licensing:permit_pdf", args=[permit.pk]))
    assert page_download.content == rendered


def test_kept_files_of_abandoned_forms_are_deleted_from_the_bucket(
    s3_bucket, s3_endpoint, resident
):
    expired = int(time.time() - MAX_AGE.total_seconds()) - 1
    abandoned = default_storage.save(f"{DIRECTORY}/{expired}-abandoned",
                                     SimpleUploadedFile("plan.pdf", b"%PDF-1.7 old"))
    request = RequestFactory().post("/")
    request.user = resident

    KeptUploads(request, page="test").store(
        "file", SimpleUploadedFile("plan.pdf", b"%PDF-1.7 new")
    )

    kept = {name for name in stored_names(s3_bucket, s3_endpoint) if name.startswith(DIRECTORY)}
    assert abandoned not in kept
    assert len(kept) == 1
