"""A kennel application asks for each dog's rabies certificate: the licensee presents proof
of current vaccination for every dog over six months to obtain or renew the license (North
Andover Code ch. 60, Kennel license B(1), issue #21)."""

from __future__ import annotations

import pytest

from permits_site.exceptions import DomainError
from permits_site.licensing.models import ApplicationStatus
from permits_site.licensing.services.applications import submit_application
from permits_site.licensing.services.documents import missing_documents
from permits_site.parties.services import find_or_create_property
from tests.dogs.kennels import attach_rabies_certificates, kennel_draft
from tests.factories import UserFactory, municipality

pytestmark = pytest.mark.django_db
SECTION = "Kennel license B(1)"


@pytest.fixture
def draft(db):
    holder = UserFactory()
    residence, _ = find_or_create_property(municipality=municipality("north_andover"),
                                           address="40 Kennel Road", acting_user=holder)
    return kennel_draft(holder, residence, dogs_over_6_months=6, dogs_with_current_rabies=6)


@pytest.mark.parametrize("attached", [0, 1, 5])
def test_fewer_certificates_than_dogs_are_refused_naming_b1(draft, attached):
    attach_rabies_certificates(draft, attached)

    with pytest.raises(DomainError) as refused:
        submit_application(application=draft, acting_user=draft.applicant)

    [message] = refused.value.errors["documents"]
    assert SECTION in message and "6 dogs" in message
    if attached:
        assert f"{attached} of 6 attached" in message
    draft.refresh_from_db()
    assert draft.status == ApplicationStatus.DRAFT


def test_one_certificate_for_each_dog_submits(draft):
    attach_rabies_certificates(draft, 6)

    submitted = submit_application(application=draft, acting_user=draft.applicant)

    assert submitted.status == ApplicationStatus.SUBMITTED
    assert missing_documents(submitted) == []


def test_the_kennel_form_asks_for_the_certificates(client, draft):
    client.force_login(draft.applicant)

    page = client.get("/apply/north_andover.kennel_license/")

    assert 'name="document-rabies_certificate"' in page.content.decode()
