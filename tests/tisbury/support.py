"""What the Tisbury permit tests share: their day, an API client, and a permit PDF's words."""

from __future__ import annotations

import datetime as dt
import io

from django.core.files.uploadedfile import SimpleUploadedFile
from pypdf import PdfReader
from rest_framework.test import APIClient

from permits_site.licensing.kinds import kind_for
from permits_site.licensing.models import Permit
from permits_site.licensing.services.documents import upload_document
from permits_site.pdf.rendering import render_permit_pdf_bytes

#: Monday 3 June 2030, a Tisbury business day, before the October 1 food pro-rating.
JUNE_3_2030 = dt.datetime(2030, 6, 3, 10, 0)
TODAY = JUNE_3_2030.date()
SAMPLE = "tests/fixtures_files/rabies_certificate.pdf"
#: The expiry a sample document carries where the rules read it (a rabies certificate).
SAMPLE_EXPIRY = dt.date(2099, 12, 31)


def client_for(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def pdf_text(permit: Permit) -> str:
    """The permit PDF's words, its table cells' line breaks undone."""
    return " ".join("".join(page.extract_text() for page in PdfReader(
        io.BytesIO(render_permit_pdf_bytes(permit))).pages).split())


def accepted_documents(resident: APIClient, office: APIClient, application_id: int,
                       kinds) -> None:
    """The applicant uploads a sample file of each kind and the office accepts it."""
    for kind in kinds:
        with open(SAMPLE, "rb") as sample:
            uploaded = resident.post(f"/api/v1/applications/{application_id}/documents/",
                                     {"kind": kind, "file": sample}, format="multipart")
        assert uploaded.status_code == 201, uploaded.content
        accepted = office.post(f"/api/v1/documents/{uploaded.json()['id']}/review/",
                               {"accepted": True}, format="json")
        assert accepted.status_code == 200, accepted.content


def with_required_documents(application):
    """The applicant attaches a sample file of each document its type requires, so that it
    may be submitted (issue #21); one whose expiry the rules read is dated well ahead."""
    kind = kind_for(application.permit_type.code)
    for required in kind.required_documents(application):
        document_kind = required.kinds[0]
        for number in range(required.count):
            with open(SAMPLE, "rb") as sample:
                upload_document(application=application, uploaded_by=application.applicant,
                                kind=document_kind,
                                upload=SimpleUploadedFile(f"document-{number}.pdf",
                                                          sample.read()),
                                valid_until=SAMPLE_EXPIRY if document_kind in kind.expiry_facts
                                else None)
    return application


#: A written waiver application's particulars (Tisbury BOH Reg 09.0.3).
WRITTEN_WAIVER = {
    "locus": "12 Beach Road, Tisbury, assessors' lot 7-D-12",
    "owner": "Olive Owner, 12 Beach Road, Vineyard Haven MA 02568",
    "regulation": "Tisbury BOH Reg 09.0.8(14), page 6, first sentence",
    "relief": "Permission to upgrade the system without connecting to the sewer.",
}
