"""Document uploads: checked by content and size, never trusted by name."""

from __future__ import annotations

import datetime as dt
import hashlib
from collections import Counter
from typing import TYPE_CHECKING

from django.conf import settings
from django.core.files.uploadedfile import UploadedFile
from django.db import transaction

from permits_site import audit
from permits_site.accounts import permissions
from permits_site.exceptions import DomainError
from permits_site.licensing import transitions
from permits_site.licensing.kinds import RequiredDocument, kind_for
from permits_site.licensing.models import Application, Document, DocumentStatus

if TYPE_CHECKING:
    from permits_site.accounts.models import User

#: The longest reason a document is not accepted for.
REASON_LENGTH = Document._meta.get_field("rejection_reason").max_length

#: Leading bytes of the formats accepted, whatever the file is called.
SIGNATURES = (
    (b"%PDF-", "application/pdf"),
    (b"\x89PNG\r\n\x1a\n", "image/png"),
    (b"\xff\xd8\xff", "image/jpeg"),
)


def sniff_content_type(head: bytes) -> str | None:
    """The content type the bytes prove, or None for anything else."""
    for signature, content_type in SIGNATURES:
        if head.startswith(signature):
            return content_type
    return None


def check_upload(upload: UploadedFile) -> tuple[str, str]:
    """Return (content type, sha256) or raise naming the ``file`` field."""
    if upload.size is None or upload.size == 0:
        raise DomainError("The file is empty.", field="file")
    if upload.size > settings.DOCUMENT_MAX_BYTES:
        limit = settings.DOCUMENT_MAX_BYTES // (1024 * 1024)
        raise DomainError(f"The file is larger than {limit} MB.", field="file")
    upload.seek(0)
    content_type = sniff_content_type(upload.read(16))
    if content_type is None:
        raise DomainError(
            "Upload a PDF, PNG or JPEG file; this file's content is none of those.", field="file"
        )
    digest = hashlib.sha256()
    upload.seek(0)
    for chunk in upload.chunks():
        digest.update(chunk)
    upload.seek(0)
    return content_type, digest.hexdigest()


def document_label(application: Application | None, kind: str) -> str:
    """The document's name as its permit type declares it (``plot_plan``: "Plot plan …")."""
    if application is None:
        return kind.replace("_", " ")
    return kind_for(application.permit_type.code).document_kinds.get(
        kind, kind.replace("_", " "))


def missing_message(required: RequiredDocument, *, attached: int) -> str:
    """What is missing of ``required``: the document, or how many of the ``count`` asked."""
    if required.count == 1 or not attached:
        return f"{required.label} is missing."
    return f"{required.label}: {attached} of {required.count} attached."


def _shortfalls(application: Application) -> list[tuple[RequiredDocument, int]]:
    """Each required document not attached often enough, with how many are; one the office
    did not accept counts as not attached."""
    attached = Counter(document.kind for document in application.documents.all()
                       if document.status != DocumentStatus.REJECTED)
    found = []
    for required in kind_for(application.permit_type.code).required_documents(application):
        count = sum(attached[kind] for kind in required.kinds)
        if count < required.count:
            found.append((required, count))
    return found


def missing_documents(application: Application) -> list[RequiredDocument]:
    """The documents the application's type requires that are not attached yet."""
    return [required for required, _count in _shortfalls(application)]


def still_needed(application: Application) -> list[RequiredDocument]:
    """The missing documents the type lets follow the submission (the "Still needed" list)."""
    return [required for required in missing_documents(application) if required.may_follow]


def refuse_missing_documents(application: Application) -> None:
    """Refuse to submit while a document that may not follow is missing, naming each one
    and the section asking for it (the ``documents`` field)."""
    refusals = [
        f"{missing_message(required, attached=count)} Attach it before you submit "
        f"({required.citation})."
        for required, count in _shortfalls(application) if not required.may_follow
    ]
    if refusals:
        raise DomainError({"documents": refusals})


def _refuse_undated(application: Application, kind: str) -> None:
    """Refuse a document the rules read the expiry of when it comes without one: it would
    fail its rule later without saying why (a rabies certificate, Licenses A(1))."""
    permit_kind = kind_for(application.permit_type.code)
    if kind not in permit_kind.expiry_facts:
        return
    section = next((document.section for document in permit_kind.documents
                    if document.kind == kind), "")
    raise DomainError(
        f"Enter the date the {document_label(application, kind).lower()} expires or ends, as "
        f"printed on it: the rules read it to see that it is still valid when the permit "
        f"begins"
        + (f" ({section})." if section else "."),
        field="valid_until",
    )


@transaction.atomic
def upload_document(
    *,
    application: Application,
    uploaded_by,
    kind: str,
    upload: UploadedFile,
    valid_until: dt.date | None = None,
) -> Document:
    """Attach a document to an application; the applicant owns it. A document whose expiry
    the rule set reads (``PermitKind.expiry_facts``) is refused without it, naming
    ``valid_until``."""
    transitions.require("attach_document", application)
    content_type, sha256 = check_upload(upload)
    if valid_until is None:
        _refuse_undated(application, kind)
    document = Document(
        municipality=application.municipality,
        owner=application.applicant,
        application=application,
        kind=kind,
        original_name=(upload.name or "upload")[-200:],
        content_type=content_type,
        size=upload.size,
        sha256=sha256,
        valid_until=valid_until,
        uploaded_by=uploaded_by,
    )
    document.file.save("upload", upload, save=False)
    document.save()
    _audit_added(document, actor=uploaded_by, action="document.uploaded",
                 summary=f"Uploaded {document_label(application, kind)} to application "
                         f"#{application.pk}",
                 content_type=content_type, size=upload.size)
    return document


@transaction.atomic
def attach_on_file(*, application: Application, document: Document, acting_user: User
                   ) -> Document:
    """Attach to ``application`` a document the office accepted on an earlier application of
    the same applicant (a renewal's certificate still valid): the same file, accepted as it
    was, so that nobody uploads or accepts it again."""
    transitions.require("attach_document", application)
    if document.status != DocumentStatus.ACCEPTED or document.owner_id != application.applicant_id:
        raise DomainError("Only a document accepted on one of the applicant's own applications "
                          "can be attached again.", field="documents")
    attached = Document.objects.create(
        municipality=application.municipality, owner=application.applicant,
        application=application, kind=document.kind, file=document.file.name,
        original_name=document.original_name, content_type=document.content_type,
        size=document.size, sha256=document.sha256, valid_until=document.valid_until,
        status=DocumentStatus.ACCEPTED, uploaded_by=acting_user,
    )
    _audit_added(attached, actor=acting_user, action="document.attached_on_file",
                 summary=f"{document_label(application, document.kind)} on file from "
                         f"application #{document.application_id} attached to application "
                         f"#{application.pk}",
                 from_document=document.pk)
    return attached


def _audit_added(document: Document, *, actor, action: str, summary: str, **how) -> None:
    """Audit ``document`` added to its application: its kind, what ``how`` says of the way
    it came (an upload's content type and size, the document on file it copies) and the
    day it is valid until."""
    audit.record(
        actor=actor,
        action=action,
        subject=document,
        municipality=document.municipality,
        summary=summary,
        after={"kind": document.kind, **how,
               "valid_until": str(document.valid_until) if document.valid_until else None},
    )


@transaction.atomic
def review_document(*, document: Document, accepted: bool, acting_user: User,
                    reason: str = "") -> Document:
    """Accept the document or mark it not accepted, saying why (the ``reason`` its applicant
    reads, so they know what to send instead); refused once its application is issued,
    denied or withdrawn (``transitions.DOCUMENTS``): the decision is then part of a closed
    record. No one decides the documents of their own application
    (``permissions.own_application_refusal``)."""
    if document.application is not None:
        permissions.refuse_own_application(acting_user, document.application)
        transitions.DOCUMENTS.require("decide", document.application)
    reason = "" if accepted else reason.strip()
    if not accepted and not reason:
        raise DomainError("Say why the document is not accepted: its applicant reads it.",
                          field="reason")
    if len(reason) > REASON_LENGTH:
        raise DomainError(f"Keep the reason under {REASON_LENGTH} characters.", field="reason")
    before = document.status
    document.status = DocumentStatus.ACCEPTED if accepted else DocumentStatus.REJECTED
    document.rejection_reason = reason
    document.save(update_fields=["status", "rejection_reason"])
    audit.record(
        actor=acting_user,
        action="document.reviewed",
        subject=document,
        municipality=document.municipality,
        summary=f"{document.get_status_display()}: "
                f"{document_label(document.application, document.kind)}",
        before={"status": before},
        after={"status": document.status, **({"reason": reason} if reason else {})},
    )
    return document
