"""The core's promises: gapless numbers, idempotent payments, immutable records, safe uploads."""

import datetime as dt
from decimal import Decimal

import pytest
import time_machine
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import transaction

from dogs.models import DogTag
from permits_site.audit.models import AuditEntry
from permits_site.exceptions import DomainError, ImmutableRecord, InvalidTransition
from permits_site.licensing.models import InvoiceLine, InvoiceStatus, Payment, PermitStatus
from permits_site.licensing.services.documents import (
    attach_on_file,
    review_document,
    sniff_content_type,
    upload_document,
)
from permits_site.licensing.services.numbering import allocate_number
from permits_site.licensing.services.payments import record_payment
from permits_site.licensing.services.permits import change_permit_status, issue_permit
from tests.dogs.test_license_flow import ACQUIRED, licensed, png_upload
from tests.factories import DogFactory
from tests.tisbury.support import with_required_documents

pytestmark = pytest.mark.django_db
FEB_2027 = dt.datetime(2027, 2, 10, 15, 0)


def upload(name: str, content: bytes, content_type="application/pdf"):
    return SimpleUploadedFile(name, content, content_type=content_type)


def draft(dog):
    from dogs.licenses.services import apply_for_dog_license

    return apply_for_dog_license(
        applicant=dog.owner, dog=dog, action="new", license_year=2027, acquired_on=ACQUIRED
    )


@time_machine.travel(FEB_2027, tick=False)
def test_license_numbers_and_tags_are_gapless_within_town_and_year(clerk):
    permits = [licensed(DogFactory(), clerk) for _ in range(3)]

    assert [permit.number for permit in permits] == [
        "DOG-2027-00001",
        "DOG-2027-00002",
        "DOG-2027-00003",
    ]
    assert sorted(DogTag.objects.values_list("number", flat=True)) == [1, 2, 3]


@time_machine.travel(FEB_2027, tick=False)
def test_a_rolled_back_issue_gives_its_number_back(north_andover):
    with pytest.raises(RuntimeError), transaction.atomic():
        allocate_number(municipality=north_andover, series="test", year=2027)
        raise RuntimeError("issuing failed after the number was taken")

    with transaction.atomic():
        number = allocate_number(municipality=north_andover, series="test", year=2027)

    assert number == 1


@time_machine.travel(FEB_2027, tick=False)
def test_numbering_restarts_each_year(north_andover):
    with transaction.atomic():
        numbers = [
            allocate_number(municipality=north_andover, series="s", year=year)
            for year in (2027, 2027, 2028)
        ]

    assert numbers == [1, 2, 1]


@time_machine.travel(FEB_2027, tick=False)
def test_recording_the_same_payment_reference_twice_changes_nothing(dog, clerk):
    application = with_required_documents(draft(dog))
    from permits_site.licensing.services.applications import submit_application

    submit_application(application=application, acting_user=dog.owner)
    invoice = application.invoices.get()

    first, created = record_payment(
        invoice=invoice,
        method="check",
        reference="CHK-1001",
        amount=Decimal("10.00"),
        acting_user=clerk,
    )
    again, created_again = record_payment(
        invoice=invoice,
        method="check",
        reference="CHK-1001",
        amount=Decimal("10.00"),
        acting_user=clerk,
    )

    assert (created, created_again) == (True, False)
    assert again.pk == first.pk
    assert Payment.objects.count() == 1
    invoice.refresh_from_db()
    assert invoice.status == InvoiceStatus.PAID


@pytest.mark.parametrize(("method", "said"), [
    ("card", "$10.00 by card (ref. P-1)"), ("cash", "$10.00 in cash (ref. P-1)"),
    ("check", "$10.00 by check (ref. P-1)"), ("money_order", "$10.00 by money order (ref. P-1)"),
])
@time_machine.travel(FEB_2027, tick=False)
def test_a_payment_is_named_by_how_it_was_paid_and_so_audited(dog, clerk, method, said):
    application = with_required_documents(draft(dog))
    from permits_site.licensing.services.applications import submit_application

    submit_application(application=application, acting_user=dog.owner)

    payment, _created = record_payment(invoice=application.invoices.get(), method=method,
                                       reference="P-1", amount=Decimal("10.00"),
                                       acting_user=clerk)

    assert str(payment) == said
    assert AuditEntry.objects.get(action="payment.recorded").summary == said


@time_machine.travel(FEB_2027, tick=False)
def test_overpayment_is_refused_naming_the_amount(dog, clerk):
    from permits_site.licensing.services.applications import submit_application

    application = with_required_documents(draft(dog))
    submit_application(application=application, acting_user=dog.owner)

    with pytest.raises(DomainError) as refusal:
        record_payment(
            invoice=application.invoices.get(),
            method="cash",
            reference="R-1",
            amount=Decimal("50.00"),
            acting_user=clerk,
        )

    assert "amount" in refusal.value.errors
    assert not Payment.objects.exists()


@time_machine.travel(FEB_2027, tick=False)
def test_issued_permit_cannot_be_edited_or_deleted(dog, clerk):
    permit = licensed(dog, clerk)

    permit.valid_through = dt.date(2030, 12, 31)
    with pytest.raises(ImmutableRecord):
        permit.save()
    with pytest.raises(ImmutableRecord):
        permit.delete()


@time_machine.travel(FEB_2027, tick=False)
def test_paid_invoice_and_its_lines_cannot_change(dog, clerk):
    permit = licensed(dog, clerk)
    invoice = permit.application.invoices.get(status=InvoiceStatus.PAID)
    line = invoice.lines.get()

    line.amount = Decimal("1.00")
    with pytest.raises(ImmutableRecord):
        line.save()
    with pytest.raises(ImmutableRecord):
        invoice.save()
    with pytest.raises(ImmutableRecord):
        invoice.delete()
    assert InvoiceLine.objects.get(pk=line.pk).amount == Decimal("10.00")


@time_machine.travel(FEB_2027, tick=False)
def test_revocation_keeps_the_permit_and_its_history(dog, clerk):
    permit = licensed(dog, clerk)

    change_permit_status(permit=permit, change="revoke", reason="Dog moved away", acting_user=clerk)

    permit.refresh_from_db()
    assert permit.status == PermitStatus.REVOKED
    assert permit.number == "DOG-2027-00001"
    assert AuditEntry.objects.filter(action="permit.revoke", object_id=permit.pk).exists()


@time_machine.travel(FEB_2027, tick=False)
def test_only_an_approved_application_is_issued(dog, clerk):
    application = draft(dog)

    with pytest.raises(InvalidTransition):
        issue_permit(application=application, acting_user=clerk)


@pytest.mark.parametrize(
    ("head", "content_type"),
    [
        (b"%PDF-1.7\n", "application/pdf"),
        (b"\x89PNG\r\n\x1a\n\x00", "image/png"),
        (b"\xff\xd8\xff\xe0\x00\x10JFIF", "image/jpeg"),
        (b"MZ\x90\x00", None),  # a Windows executable
        (b"\x7fELF\x02\x01", None),  # a Linux executable
        (b"<html><script>", None),
    ],
)
def test_uploads_are_recognised_by_content_not_name(head, content_type):
    assert sniff_content_type(head) == content_type


@time_machine.travel(FEB_2027, tick=False)
def test_a_renamed_executable_is_refused_and_nothing_is_saved(dog):
    application = draft(dog)
    with open("tests/fixtures_files/renamed_program.pdf", "rb") as sample:
        program = upload("certificate.pdf", sample.read())

    with pytest.raises(DomainError) as refusal:
        upload_document(
            application=application,
            uploaded_by=dog.owner,
            kind="rabies_certificate",
            upload=program,
        )

    assert "file" in refusal.value.errors
    assert not application.documents.exists()


@time_machine.travel(FEB_2027, tick=False)
def test_an_upload_over_10_mb_is_refused(dog, settings):
    application = draft(dog)
    big = upload("big.pdf", b"%PDF-1.4\n" + b"0" * settings.DOCUMENT_MAX_BYTES)

    with pytest.raises(DomainError) as refusal:
        upload_document(
            application=application, uploaded_by=dog.owner, kind="rabies_certificate", upload=big
        )

    assert "10 MB" in refusal.value.errors["file"][0]


@time_machine.travel(FEB_2027, tick=False)
def test_every_state_change_leaves_an_audit_entry(dog, clerk):
    licensed(dog, clerk)

    actions = set(AuditEntry.objects.values_list("action", flat=True))

    assert {
        "application.created",
        "document.uploaded",
        "application.submitted",
        "document.reviewed",
        "payment.recorded",
        "application.approved",
        "permit.issued",
    } <= actions


@time_machine.travel(FEB_2027, tick=False)
def test_a_document_uploaded_and_one_attached_on_file_are_audited_with_their_own_fields(
        dog, clerk):
    first = draft(dog)
    certificate = upload_document(application=first, uploaded_by=dog.owner,
                                  kind="rabies_certificate", upload=png_upload(),
                                  valid_until=dt.date(2028, 1, 1))
    review_document(document=certificate, accepted=True, acting_user=clerk)
    second = draft(DogFactory(owner=dog.owner))

    copy = attach_on_file(application=second, document=certificate, acting_user=clerk)

    uploaded = AuditEntry.objects.get(action="document.uploaded")
    on_file = AuditEntry.objects.get(action="document.attached_on_file")
    assert (uploaded.actor, uploaded.subject, uploaded.municipality, uploaded.before) == (
        dog.owner, certificate, first.municipality, {})
    assert uploaded.summary == f"Uploaded Rabies vaccination certificate to application #{first.pk}"
    assert uploaded.after == {"kind": "rabies_certificate", "content_type": "image/png",
                              "size": certificate.size, "valid_until": "2028-01-01"}
    assert (on_file.actor, on_file.subject, on_file.municipality, on_file.before) == (
        clerk, copy, second.municipality, {})
    assert on_file.summary == (f"Rabies vaccination certificate on file from application "
                               f"#{first.pk} attached to application #{second.pk}")
    assert on_file.after == {"kind": "rabies_certificate", "from_document": certificate.pk,
                             "valid_until": "2028-01-01"}


@time_machine.travel(FEB_2027, tick=False)
def test_a_png_upload_is_stored_with_its_checksum(dog):
    application = draft(dog)

    document = upload_document(
        application=application,
        uploaded_by=dog.owner,
        kind="rabies_certificate",
        upload=png_upload(),
        valid_until=dt.date(2028, 1, 1),
    )

    assert document.content_type == "image/png"
    assert len(document.sha256) == 64
    assert document.file.name.startswith(f"documents/{application.municipality_id}/")
