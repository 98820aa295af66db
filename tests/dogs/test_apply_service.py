"""Applying for a dog license with its rabies proof is one service call: the draft, its
details and the certificate are saved together with the application's audit entry, or
nothing is (the same service serves ``/api/v1/applications/``)."""

import datetime as dt

import pytest
import time_machine
from django.core.files.uploadedfile import SimpleUploadedFile

from dogs.licenses.kinds import RABIES_CERTIFICATE
from dogs.licenses.services import RabiesProof, apply_for_dog_license
from permits_site.audit.models import AuditEntry
from permits_site.exceptions import DomainError
from permits_site.licensing.models import Application, Document
from tests.dogs.test_license_flow import ACQUIRED, png_upload
from tests.factories import Role, staff

pytestmark = pytest.mark.django_db
FEB_2027 = dt.datetime(2027, 2, 10, 15, 0)


def proof(upload=None) -> RabiesProof:
    return RabiesProof(kind=RABIES_CERTIFICATE, upload=upload or png_upload(),
                       valid_until=dt.date(2029, 1, 1))


@time_machine.travel(FEB_2027, tick=False)
def test_the_draft_and_its_rabies_certificate_are_saved_with_one_audit_entry(dog):
    application = apply_for_dog_license(applicant=dog.owner, dog=dog, action="new",
                                        license_year=2027, acquired_on=ACQUIRED,
                                        rabies_proof=proof(), acting_user=dog.owner)

    document = application.documents.get()
    assert (document.kind, document.valid_until) == (RABIES_CERTIFICATE, dt.date(2029, 1, 1))
    entry = AuditEntry.objects.get(action="dog_license.applied")
    assert entry.actor == dog.owner
    assert entry.object_id == application.pk
    assert entry.after["rabies_proof"] == RABIES_CERTIFICATE
    assert entry.after["license_year"] == 2027
    assert entry.summary == "Biscuit: new application for 2027 with rabies certificate"


@time_machine.travel(FEB_2027, tick=False)
def test_a_refused_certificate_leaves_no_draft(dog):
    not_a_certificate = SimpleUploadedFile("notes.txt", b"hello", content_type="text/plain")

    with pytest.raises(DomainError) as refusal:
        apply_for_dog_license(applicant=dog.owner, dog=dog, action="new", license_year=2027,
                              acquired_on=ACQUIRED, rabies_proof=proof(not_a_certificate),
                              acting_user=dog.owner)

    assert "file" in refusal.value.errors
    assert not Application.objects.exists()
    assert not Document.objects.exists()
    assert not AuditEntry.objects.filter(action="dog_license.applied").exists()


@time_machine.travel(FEB_2027, tick=False)
def test_a_clerk_at_the_counter_is_the_actor_and_the_owner_the_applicant(dog):
    clerk = staff(Role.CLERK, "north_andover")

    application = apply_for_dog_license(applicant=dog.owner, dog=dog, action="new",
                                        license_year=2027, acquired_on=ACQUIRED,
                                        rabies_proof=proof(), acting_user=clerk)

    assert application.applicant == dog.owner
    assert application.documents.get().uploaded_by == clerk
    assert AuditEntry.objects.get(action="dog_license.applied").actor == clerk
