"""A dog license from draft to issued tag, through the services the pages and API share."""

import datetime as dt
from decimal import Decimal

import pytest
import time_machine
from django.core.files.uploadedfile import SimpleUploadedFile

from dogs.licenses.services import apply_for_dog_license
from dogs.models import DogTag
from permits_site.licensing.models import ApplicationStatus, DocumentStatus, PermitStatus
from permits_site.licensing.services.applications import (
    approve_application,
    blockers,
    submit_application,
)
from permits_site.licensing.services.documents import review_document, upload_document
from permits_site.licensing.services.payments import record_payment
from permits_site.licensing.services.permits import issue_permit

pytestmark = pytest.mark.django_db


def png_upload(name="rabies.png"):
    with open("tests/fixtures_files/rabies_certificate.png", "rb") as sample:
        return SimpleUploadedFile(name, sample.read(), content_type="image/png")


ACQUIRED = dt.date(2027, 2, 1)


def licensed(dog, clerk, *, action="new", year=2027, rabies_until=dt.date(2029, 1, 1),
             documents=("rabies_certificate",), **details):
    """The license issued through every step; ``details`` go to the application (a
    transfer's surrendered license), ``documents`` are the kinds uploaded and accepted."""
    application = apply_for_dog_license(
        applicant=dog.owner, dog=dog, action=action, license_year=year, acquired_on=ACQUIRED,
        **details
    )
    uploaded = [upload_document(application=application, uploaded_by=dog.owner, kind=kind,
                                upload=png_upload(), valid_until=rabies_until)
                for kind in documents]
    submit_application(application=application, acting_user=dog.owner)
    for document in uploaded:
        review_document(document=document, accepted=True, acting_user=clerk)
    invoice = application.invoices.get()
    record_payment(
        invoice=invoice,
        method="cash",
        reference=f"R-{application.pk}",
        amount=invoice.total,
        acting_user=clerk,
    )
    approve_application(application=application, acting_user=clerk)
    return issue_permit(application=application, acting_user=clerk)


@time_machine.travel(dt.datetime(2027, 2, 10, 15, 0), tick=False)
def test_new_license_is_issued_with_the_first_tag_of_the_year(dog, clerk):
    permit = licensed(dog, clerk)

    assert permit.number == "DOG-2027-00001"
    assert permit.valid_through == dt.date(2027, 12, 31)
    assert permit.fee_total == Decimal("10.00")
    assert permit.status == PermitStatus.ACTIVE
    assert permit.application.status == ApplicationStatus.ISSUED
    assert DogTag.objects.get(permit=permit).number == 1


@time_machine.travel(dt.datetime(2027, 2, 10, 15, 0), tick=False)
def test_unpaid_fee_and_unreviewed_rabies_proof_block_issuance(dog, clerk):
    application = apply_for_dog_license(
        applicant=dog.owner, dog=dog, action="new", license_year=2027, acquired_on=ACQUIRED
    )
    upload_document(
        application=application,
        uploaded_by=dog.owner,
        kind="rabies_certificate",
        upload=png_upload(),
        valid_until=dt.date(2029, 1, 1),
    )
    submit_application(application=application, acting_user=dog.owner)

    codes = [blocker.code for blocker in blockers(application)]

    assert codes == ["document.rabies_certificate", "fee.unpaid"]
    assert application.documents.get().status == DocumentStatus.PENDING
