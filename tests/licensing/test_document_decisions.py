"""An application's documents are decided while it is open (a draft, submitted, under review
or approved). Once it is issued, denied or withdrawn, their decisions are part of its closed
record: the review screen shows them without "Accept" / "Not accepted", and a decision posted
anyway, on the page or through the API, is refused with the reason and changes nothing."""

import pytest
import time_machine
from django.urls import reverse

from permits_site.audit.models import AuditEntry
from permits_site.licensing.models import Application, Document, DocumentStatus
from permits_site.licensing.services.applications import deny_application, withdraw_application
from tests.api.conftest import client_for
from tests.dogs.test_license_flow import licensed
from tests.licensing.test_pages import FEB_2027, submitted

pytestmark = pytest.mark.django_db

DECISION_BUTTONS = ('name="decision" value="accept"', 'name="decision" value="reject"')


@pytest.fixture(autouse=True)
def _february():
    with time_machine.travel(FEB_2027, tick=False):
        yield


def closed(status: str, dog, clerk) -> Application:
    """A dog license application ended ``status``, its rabies certificate accepted if issued,
    waiting for review otherwise."""
    if status == "issued":
        return licensed(dog, clerk).application
    application = submitted(dog)
    if status == "denied":
        return deny_application(application=application, reason="Not a dog of this town.",
                                acting_user=clerk)
    return withdraw_application(application=application, acting_user=dog.owner)


def review_page(client, clerk, application) -> str:
    client.force_login(clerk)
    return client.get(reverse("licensing:review", args=[application.pk])).content.decode()


def test_an_open_applications_documents_offer_the_decision(client, dog, clerk):
    page = review_page(client, clerk, submitted(dog))

    for button in DECISION_BUTTONS:
        assert button in page


@pytest.mark.parametrize(("status", "shown"), [
    ("issued", "— <strong>Accepted</strong>"),
    ("denied", "— <strong>Waiting for review</strong>"),
    ("withdrawn", "— <strong>Waiting for review</strong>"),
])
def test_a_closed_applications_documents_show_their_decision_read_only(client, dog, clerk,
                                                                      status, shown):
    page = review_page(client, clerk, closed(status, dog, clerk))

    assert shown in page
    assert (f"This application is {status}: its documents' decisions are part of its record "
            "and no longer change.") in page
    for button in DECISION_BUTTONS:
        assert button not in page


@pytest.mark.parametrize("status", ["issued", "denied", "withdrawn"])
def test_deciding_a_closed_applications_document_on_the_page_is_refused(client, dog, clerk,
                                                                       status):
    application = closed(status, dog, clerk)
    document = Document.objects.get(application=application)
    before = (document.status, AuditEntry.objects.filter(action="document.reviewed").count())
    client.force_login(clerk)

    response = client.post(reverse("licensing:document_decision", args=[document.pk]),
                           {"decision": "reject"}, follow=True)

    page = response.content.decode()
    assert response.redirect_chain[-1][0] == reverse("licensing:review", args=[application.pk])
    assert (f"Cannot decide the documents of an application that is {status} (only one that "
            "is draft, submitted, under review or approved).") in page
    assert "Document marked not accepted." not in page
    document.refresh_from_db()
    assert (document.status,
            AuditEntry.objects.filter(action="document.reviewed").count()) == before


@pytest.mark.parametrize("status", ["issued", "denied", "withdrawn"])
def test_deciding_a_closed_applications_document_through_the_api_is_refused(dog, clerk,
                                                                           status):
    document = Document.objects.get(application=closed(status, dog, clerk))
    before = document.status

    response = client_for(clerk).post(f"/api/v1/documents/{document.pk}/review/",
                                      {"accepted": before != DocumentStatus.ACCEPTED},
                                      format="json")

    assert response.status_code == 400
    assert response.json() == {"non_field_errors": [
        f"Cannot decide the documents of an application that is {status} (only one that is "
        "draft, submitted, under review or approved)."]}
    document.refresh_from_db()
    assert document.status == before
