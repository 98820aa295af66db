"""Documents a permit type asks for are asked on its form and refused missing at submit
(issue #21): Tisbury's food service permit needs both certificates attached before it is
submitted (09.5.2; 105 CMR 590, adopted by 09.5.4); a document the type declares may follow
is listed "Still needed" on the application page instead, with an upload slot of its own."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from permits_site.exceptions import DomainError
from permits_site.licensing.declarations import DeclaredDocument
from permits_site.licensing.kinds import kind_for, registered_kind
from permits_site.licensing.models import Application, ApplicationStatus, Invoice
from permits_site.licensing.services.applications import create_application, submit_application
from permits_site.licensing.services.documents import missing_documents, upload_document
from permits_site.parties.services import create_business
from tests.factories import Role, UserFactory, permit_type, staff
from tests.tisbury.support import SAMPLE, client_for

pytestmark = pytest.mark.django_db
FOOD = "tisbury.food_service"
MANAGER = "food_protection_manager"
ALLERGEN = "allergen_awareness"
MANAGER_SECTION = "Tisbury BOH Reg 09.5.2"


@pytest.fixture
def owner(db):
    return UserFactory(username="fern", first_name="Fern", last_name="Owner")


@pytest.fixture
def draft(owner) -> Application:
    diner = create_business(legal_name="Harbor Diner Inc.", kind="corporation",
                            mailing_address="4 Main Street, Tisbury", acting_user=owner)
    return create_application(applicant=owner, permit_type=permit_type(FOOD), action="new",
                              business=diner, details={"fee_waiver_requested": False})


def sample() -> SimpleUploadedFile:
    with open(SAMPLE, "rb") as file:
        return SimpleUploadedFile("certificate.pdf", file.read())


def attach(application: Application, *kinds: str) -> None:
    for kind in kinds:
        upload_document(application=application, uploaded_by=application.applicant, kind=kind,
                        upload=sample())


# -- the service: 0, 1 and 2 of the two certificates ----------------------------------------


def test_submitting_without_either_certificate_is_refused_naming_both_and_their_sections(
    draft
):
    with pytest.raises(DomainError) as refused:
        submit_application(application=draft, acting_user=draft.applicant)

    messages = refused.value.errors["documents"]
    assert len(messages) == 2
    assert any("food protection manager" in text and MANAGER_SECTION in text
               for text in messages)
    assert any("Allergen-awareness" in text and "105 CMR 590" in text and "09.5.4" in text
               for text in messages)
    draft.refresh_from_db()
    assert draft.status == ApplicationStatus.DRAFT
    assert not Invoice.objects.exists()


def test_one_certificate_of_two_is_refused_naming_only_the_other(draft):
    attach(draft, MANAGER)

    with pytest.raises(DomainError) as refused:
        submit_application(application=draft, acting_user=draft.applicant)

    [message] = refused.value.errors["documents"]
    assert "Allergen-awareness" in message
    assert draft.status == ApplicationStatus.DRAFT


def test_both_certificates_attached_submit(draft):
    attach(draft, MANAGER, ALLERGEN)

    submitted = submit_application(application=draft, acting_user=draft.applicant)

    assert submitted.status == ApplicationStatus.SUBMITTED
    assert missing_documents(submitted) == []


def test_a_rejected_certificate_counts_as_missing(draft):
    from permits_site.licensing.services.documents import review_document

    attach(draft, MANAGER, ALLERGEN)
    review_document(document=draft.documents.get(kind=ALLERGEN), accepted=False,
                    reason="Expired.", acting_user=staff(Role.CLERK, "tisbury"))

    assert [required.kinds for required in missing_documents(draft)] == [(ALLERGEN,)]


# -- a document the type declares may follow ------------------------------------------------


class FollowingFoodKind(type(kind_for(FOOD))):
    """The food service kind with the allergen certificate allowed to follow."""

    documents = (kind_for(FOOD).documents[0],
                 DeclaredDocument(ALLERGEN, "Allergen-awareness training certificate",
                                  "105 CMR 590", may_follow=True))


def test_a_document_that_may_follow_does_not_stop_the_submission(draft):
    attach(draft, MANAGER)
    with registered_kind(FollowingFoodKind()):
        submitted = submit_application(application=draft, acting_user=draft.applicant)
        [still_needed] = missing_documents(submitted)

    assert submitted.status == ApplicationStatus.SUBMITTED
    assert still_needed.may_follow and still_needed.kinds == (ALLERGEN,)


def test_the_application_page_lists_a_following_document_still_needed_with_its_slot(
    client, draft
):
    attach(draft, MANAGER)
    client.force_login(draft.applicant)
    with registered_kind(FollowingFoodKind()):
        submit_application(application=draft, acting_user=draft.applicant)
        page = client.get(reverse("licensing:application", args=[draft.pk]))

    text = page.content.decode()
    assert "Still needed" in text
    assert 'name="kind" value="allergen_awareness"' in text
    assert 'type="file"' in text


def test_the_page_lists_nothing_still_needed_once_everything_is_attached(client, draft):
    attach(draft, MANAGER, ALLERGEN)
    client.force_login(draft.applicant)

    page = client.get(reverse("licensing:application", args=[draft.pk]))

    assert "Still needed" not in page.content.decode()


# -- the pages ------------------------------------------------------------------------------


def test_the_form_asks_for_each_certificate_as_a_file(client, owner):
    client.force_login(owner)

    page = client.get(reverse("licensing:apply", args=[FOOD]))

    text = page.content.decode()
    assert page.status_code == 200
    assert 'enctype="multipart/form-data"' in text
    assert f'name="document-{MANAGER}"' in text and f'name="document-{ALLERGEN}"' in text


def test_certificates_chosen_on_the_form_are_attached_to_the_draft(client, owner):
    diner = create_business(legal_name="Harbor Diner Inc.", kind="corporation",
                            mailing_address="4 Main Street, Tisbury", acting_user=owner)
    client.force_login(owner)

    response = client.post(reverse("licensing:apply", args=[FOOD]), {
        "action": "new", "business": diner.pk, "fee_waiver_requested": "no",
        f"document-{MANAGER}": sample(), f"document-{ALLERGEN}": sample()})

    assert response.status_code == 302, response.content.decode()
    application = Application.objects.get()
    assert sorted(application.documents.values_list("kind", flat=True)) == [ALLERGEN, MANAGER]


def test_the_submit_button_refused_names_each_missing_certificate(client, draft):
    client.force_login(draft.applicant)

    response = client.post(reverse("licensing:submit", args=[draft.pk]), follow=True)

    text = response.content.decode()
    assert "food protection manager" in text and MANAGER_SECTION in text
    assert "Allergen-awareness" in text
    draft.refresh_from_db()
    assert draft.status == ApplicationStatus.DRAFT


# -- the API --------------------------------------------------------------------------------


def test_the_api_submit_answers_400_naming_each_missing_certificate(draft):
    response = client_for(draft.applicant).post(f"/api/v1/applications/{draft.pk}/submit/")

    assert response.status_code == 400
    messages = response.json()["documents"]
    assert len(messages) == 2 and any(MANAGER_SECTION in text for text in messages)


def test_the_api_lists_the_documents_still_needed(draft):
    attach(draft, MANAGER)

    body = client_for(draft.applicant).get(f"/api/v1/applications/{draft.pk}/").json()

    assert [(needed["kinds"], needed["may_follow"]) for needed in body["documents_needed"]] \
        == [([ALLERGEN], False)]
    assert "105 CMR 590" in body["documents_needed"][0]["section"]


def test_the_permit_type_says_whether_each_document_may_follow(draft):
    described = client_for(draft.applicant).get(f"/api/v1/permit-types/{FOOD}/").json()

    assert [document["may_follow"] for document in described["documents"]] == [False, False]
