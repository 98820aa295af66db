"""A document marked not accepted says why, so its applicant knows what to send instead: the
clerk gives the reason (refused without one, naming ``reason``, and nothing changes), the
applicant's page and the API show it beside "Not accepted", and the audit entry keeps it.
Accepting the document later clears it."""

from __future__ import annotations

import datetime as dt

import pytest
from django.urls import reverse

from permits_site.audit.models import AuditEntry
from permits_site.exceptions import DomainError
from permits_site.licensing.models import DocumentStatus
from permits_site.licensing.services.documents import review_document, upload_document
from tests.api.conftest import client_for, draft_for, sample_upload
from tests.factories import DogFactory, Role, staff

pytestmark = pytest.mark.django_db

REASON = "The certificate is for another dog: send Biscuit's."


@pytest.fixture
def clerk():
    return staff(Role.CLERK, "north_andover")


@pytest.fixture
def document(clerk):
    application = draft_for(DogFactory(name="Biscuit"))
    return upload_document(application=application, uploaded_by=application.applicant,
                           kind="rabies_certificate", upload=sample_upload(),
                           valid_until=dt.date(2029, 1, 1))


@pytest.mark.parametrize("reason", ["", "   "])
def test_not_accepting_a_document_without_a_reason_is_refused(document, clerk, reason):
    with pytest.raises(DomainError) as refused:
        review_document(document=document, accepted=False, reason=reason, acting_user=clerk)

    assert list(refused.value.errors) == ["reason"]
    document.refresh_from_db()
    assert document.status == DocumentStatus.PENDING


def test_the_reason_is_kept_and_audited_and_cleared_when_accepted(document, clerk):
    review_document(document=document, accepted=False, reason=f"  {REASON} ",
                    acting_user=clerk)
    document.refresh_from_db()
    assert (document.status, document.rejection_reason) == (DocumentStatus.REJECTED, REASON)
    entry = AuditEntry.objects.filter(action="document.reviewed").latest("pk")
    assert entry.after == {"status": "rejected", "reason": REASON}

    review_document(document=document, accepted=True, acting_user=clerk)
    document.refresh_from_db()
    assert (document.status, document.rejection_reason) == (DocumentStatus.ACCEPTED, "")


def test_the_clerk_gives_the_reason_on_the_review_screen(client, document, clerk):
    client.force_login(clerk)
    url = reverse("licensing:document_decision", args=[document.pk])

    refused = client.post(url, {"decision": "reject"}, follow=True)
    document.refresh_from_db()
    assert document.status == DocumentStatus.PENDING
    assert "Say why the document is not accepted" in refused.content.decode()

    client.post(url, {"decision": "reject", "reason": REASON})
    document.refresh_from_db()
    assert document.rejection_reason == REASON


def test_the_applicant_reads_the_reason_on_the_application_page(client, document, clerk):
    review_document(document=document, accepted=False, reason=REASON, acting_user=clerk)
    client.force_login(document.application.applicant)

    page = client.get(reverse("licensing:application", args=[document.application_id]))

    assert "Not accepted" in page.content.decode()
    assert "The certificate is for another dog: send Biscuit&#x27;s." in page.content.decode()


def test_the_api_takes_and_answers_the_reason(document, clerk):
    api = client_for(clerk)
    url = f"/api/v1/documents/{document.pk}/review/"

    refused = api.post(url, {"accepted": False}, format="json")
    assert refused.status_code == 400, refused.json()
    assert list(refused.json()) == ["reason"]

    answered = api.post(url, {"accepted": False, "reason": REASON}, format="json")
    assert answered.status_code == 200, answered.json()
    assert answered.json()["status"] == "rejected"
    assert answered.json()["rejection_reason"] == REASON
