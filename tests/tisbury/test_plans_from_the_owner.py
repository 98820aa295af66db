"""Septic plans only from the registered owner (Tisbury BOH Reg 09.0.8(5)): an applicant who
is not an owner of record of the property brings the owner's signed authority, accepted by the
clerk before the permit is issued."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from permits_site.licensing.kinds import kind_for
from permits_site.licensing.services.documents import review_document, upload_document
from tests.factories import PropertyOwnerFactory, UserFactory
from tests.tisbury.support import SAMPLE
from tests.tisbury.test_septic_and_well_permits import (
    DISPOSAL_WORKS,
    SEPTIC_ANSWERS,
    SEPTIC_DOCUMENTS,
    blocker_codes,
    lot,
    start,
    submitted_with_documents,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def owner(db):
    return UserFactory(username="olive", first_name="Olive", last_name="Owner")


def required_kinds(application) -> list[tuple[str, ...]]:
    kind = kind_for(application.permit_type.code)
    return [document.kinds for document in kind.required_documents(application)]


def test_the_owner_of_record_applies_without_an_authority_0908_5(owner):
    place = lot(owner)
    PropertyOwnerFactory(property=place, account=owner)

    application = start(owner, DISPOSAL_WORKS, place, **SEPTIC_ANSWERS)

    assert ("owner_authority",) not in required_kinds(application)


def test_an_agent_needs_the_owners_signed_authority_0908_5(owner, clerk):
    place = lot(owner)
    PropertyOwnerFactory(property=place, account=UserFactory(), name="Rhoda Owner")

    application = submitted_with_documents(
        start(owner, DISPOSAL_WORKS, place, **SEPTIC_ANSWERS), SEPTIC_DOCUMENTS, clerk=clerk)

    [authority] = [document for document in kind_for(DISPOSAL_WORKS).required_documents(
        application) if document.kinds == ("owner_authority",)]
    assert authority.citation.endswith("09.0.8(5)")
    assert blocker_codes(application, "documents_accepted") != []


def test_the_accepted_authority_opens_the_documents_gate_0908_5(owner, clerk):
    place = lot(owner)
    PropertyOwnerFactory(property=place, account=UserFactory())
    application = submitted_with_documents(
        start(owner, DISPOSAL_WORKS, place, **SEPTIC_ANSWERS), SEPTIC_DOCUMENTS, clerk=clerk)
    assert blocker_codes(application, "documents_accepted")

    with open(SAMPLE, "rb") as sample:
        authority = upload_document(
            application=application, uploaded_by=owner, kind="owner_authority",
            upload=SimpleUploadedFile("authority.pdf", sample.read(), "application/pdf"))
    review_document(document=authority, accepted=True, acting_user=clerk)

    application.refresh_from_db()
    assert blocker_codes(application, "documents_accepted") == []


def test_a_property_with_no_owner_recorded_asks_for_no_authority_0908_5(owner, clerk):
    application = submitted_with_documents(
        start(owner, DISPOSAL_WORKS, lot(owner), **SEPTIC_ANSWERS), SEPTIC_DOCUMENTS, clerk=clerk)

    assert ("owner_authority",) not in required_kinds(application)
    assert blocker_codes(application, "documents_accepted") == []
