"""A file chosen on a refused form is kept for the next post (``pending_uploads``): the
dog license page keeps the rabies certificate, the application page the document."""

import datetime as dt

import pytest
import time_machine
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from dogs.licenses.services import apply_for_dog_license
from permits_site.licensing import pending_uploads
from permits_site.licensing.models import Application, Document
from tests.dogs.test_license_flow import png_upload
from tests.factories import DogFactory
from tests.page_forms import assert_on_the_page, post_action, post_form

pytestmark = pytest.mark.django_db
FEB_2027 = dt.datetime(2027, 2, 10, 15, 0)
APPLY = {"action": "new", "license_year": "2027", "acquired_on": "2027-02-01",
         "kind": "rabies_certificate", "valid_until": "2029-01-01"}


def kept_token(response, name: str) -> str:
    tokens = dict(response.context["kept_uploads"].hidden_inputs())
    assert f"kept-{name}" in tokens, f"{name} was not kept"
    return tokens[f"kept-{name}"]


def nothing_pending() -> bool:
    storage = pending_uploads.storage()
    return (not storage.exists(pending_uploads.DIRECTORY)
            or not storage.listdir(pending_uploads.DIRECTORY)[1])


@time_machine.travel(FEB_2027, tick=False)
def test_the_apply_page_keeps_the_certificate_when_another_field_is_refused(client, dog):
    client.force_login(dog.owner)
    url = reverse("dogs:apply")

    refused = client.post(url, {**APPLY, "dog": dog.pk, "license_year": "2025",
                                "file": png_upload("rabies-2027.png")})
    token = kept_token(refused, "file")
    saved = client.post(url, {**APPLY, "dog": dog.pk, "kept-file": token})

    assert refused.status_code == 400
    assert "license_year" in refused.context["details"].errors
    assert "Kept: rabies-2027.png" in refused.content.decode()
    assert f'name="kept-file" value="{token}"' in refused.content.decode()
    application = Application.objects.get()
    assert saved.url == reverse("licensing:application", args=[application.pk])
    assert application.documents.get().original_name == "rabies-2027.png"
    assert nothing_pending()


@time_machine.travel(FEB_2027, tick=False)
def test_a_refused_certificate_is_named_on_its_field_and_not_kept(client, dog):
    client.force_login(dog.owner)
    text = SimpleUploadedFile("notes.txt", b"plain words", content_type="text/plain")

    refused = client.post(reverse("dogs:apply"), {**APPLY, "dog": dog.pk, "file": text})

    assert refused.status_code == 400
    assert "file" in refused.context["rabies"].errors
    assert refused.context["kept_uploads"].hidden_inputs() == []
    assert not Application.objects.exists()


@time_machine.travel(FEB_2027, tick=False)
def test_a_kept_certificate_works_for_its_owner_and_page_only(client, dog, other_resident):
    client.force_login(dog.owner)
    refused = client.post(reverse("dogs:apply"), {**APPLY, "dog": dog.pk, "license_year": "x",
                                                  "file": png_upload()})
    token = kept_token(refused, "file")
    other_dog = DogFactory(owner=other_resident)
    client.force_login(other_resident)

    stolen = client.post(reverse("dogs:apply"), {**APPLY, "dog": other_dog.pk,
                                                 "kept-file": token})

    assert stolen.status_code == 400
    assert "file" in stolen.context["rabies"].errors
    assert not Application.objects.exists()


@time_machine.travel(FEB_2027, tick=False)
def test_the_application_page_keeps_a_document_when_its_kind_is_refused(client, dog):
    application = apply_for_dog_license(applicant=dog.owner, dog=dog, action="new",
                                        license_year=2027, acquired_on=dt.date(2027, 2, 1))
    client.force_login(dog.owner)
    url = reverse("licensing:application", args=[application.pk])

    refused = post_form(client, url, "Upload</button>",
                        {"kind": "no_such_kind", "file": png_upload("vet-letter.png")})
    token = kept_token(refused, "file")
    saved = post_action(client, url, "upload", {
        "kind": "rabies_exemption", "valid_until": "2028-06-01", "kept-file": token})

    content = refused.content.decode()
    assert refused.status_code == 400
    assert_on_the_page(client, refused, url)
    assert "kind" in refused.context["upload_form"].errors
    assert "Kept: vet-letter.png" in content
    assert "<details open>" in content
    assert saved.url == reverse("licensing:application", args=[application.pk])
    document = application.documents.get()
    assert (document.kind, document.original_name) == ("rabies_exemption", "vet-letter.png")
    assert nothing_pending()


@time_machine.travel(FEB_2027, tick=False)
def test_a_clerks_refused_upload_goes_back_with_the_errors_as_messages(client, dog, clerk):
    application = apply_for_dog_license(applicant=dog.owner, dog=dog, action="new",
                                        license_year=2027, acquired_on=dt.date(2027, 2, 1))
    client.force_login(clerk)

    response = client.post(reverse("licensing:application", args=[application.pk]),
                           {"action": "upload", "kind": "no_such_kind", "file": png_upload()},
                           follow=True)

    assert response.redirect_chain[0][1] == 302
    assert "Kind:" in response.content.decode()
    assert not Document.objects.exists()


@time_machine.travel(FEB_2027, tick=False)
def test_the_application_page_asks_the_expiry_of_a_rabies_certificate_a1(client, dog):
    application = apply_for_dog_license(applicant=dog.owner, dog=dog, action="new",
                                        license_year=2027, acquired_on=dt.date(2027, 2, 1))
    client.force_login(dog.owner)

    refused = client.post(reverse("licensing:application", args=[application.pk]),
                          {"action": "upload", "kind": "rabies_certificate",
                           "file": png_upload()})

    assert refused.status_code == 400
    assert "valid_until" in refused.context["upload_form"].errors
    assert "Licenses A(1)" in refused.context["upload_form"].errors["valid_until"][0]
    assert not Document.objects.exists()
