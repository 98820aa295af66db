"""API fixtures: signed-in clients and dog licenses at each step of their life.

The clock is frozen on 10 February 2027, inside the 2027 license year.
"""

import datetime as dt

import pytest
import time_machine
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from rest_framework.test import APIClient

from dogs.licenses.services import apply_for_dog_license
from permits_site.licensing.services.applications import approve_application, submit_application
from permits_site.licensing.services.documents import review_document, upload_document
from permits_site.licensing.services.payments import record_payment
from permits_site.licensing.services.permits import issue_permit
from tests.factories import DogFactory, Role, UserFactory, staff

TODAY = dt.datetime(2027, 2, 10, 15, 0)
ACQUIRED = dt.date(2027, 2, 1)
FIXTURES = "tests/fixtures_files/"

#: The signed-in fuzzing runs on PostgreSQL only (marker ``postgres_only``). Elsewhere it is
#: not even collected: building its cases takes about 20 s of each worker's collection, only
#: for the cases to be skipped.
collect_ignore = [] if connection.vendor == "postgresql" else ["test_schema_fuzz_authenticated.py"]


@pytest.fixture(autouse=True)
def _frozen_clock():
    with time_machine.travel(TODAY, tick=False):
        yield


def client_for(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def sample_upload(name: str = "rabies_certificate.png", *, as_name: str | None = None):
    with open(FIXTURES + name, "rb") as sample:
        return SimpleUploadedFile(as_name or name, sample.read())


@pytest.fixture
def resident_api(resident):
    return client_for(resident)


@pytest.fixture
def other_api(other_resident):
    return client_for(other_resident)


@pytest.fixture
def clerk_api(clerk):
    return client_for(clerk)


@pytest.fixture
def board_member(db):
    return staff(Role.BOARD_MEMBER, "north_andover")


@pytest.fixture
def inspector(db):
    return staff(Role.INSPECTOR, "north_andover")


@pytest.fixture
def tisbury_clerk(db):
    return staff(Role.CLERK, "tisbury")


@pytest.fixture
def tisbury_clerk_api(tisbury_clerk):
    return client_for(tisbury_clerk)


@pytest.fixture
def other_dog(other_resident):
    return DogFactory(owner=other_resident, name="Pepper")


def draft_for(dog, *, action: str = "new"):
    return apply_for_dog_license(applicant=dog.owner, dog=dog, action=action, license_year=2027,
                                 acquired_on=ACQUIRED)


def with_rabies_proof(application):
    return upload_document(application=application, uploaded_by=application.applicant,
                           kind="rabies_certificate", upload=sample_upload(),
                           valid_until=dt.date(2029, 1, 1))


@pytest.fixture
def draft(dog):
    return draft_for(dog)


@pytest.fixture
def submitted(draft):
    """A submitted draft with its rabies certificate uploaded (not yet reviewed) and invoiced."""
    with_rabies_proof(draft)
    return submit_application(application=draft, acting_user=draft.applicant)


def approve(application, clerk):
    """Accept the documents, take the fee at the counter and approve."""
    for document in application.documents.all():
        review_document(document=document, accepted=True, acting_user=clerk)
    invoice = application.invoices.get()
    record_payment(invoice=invoice, method="cash", reference=f"R-{application.pk}",
                   amount=invoice.total, acting_user=clerk)
    return approve_application(application=application, acting_user=clerk)


@pytest.fixture
def approved(submitted, clerk):
    return approve(submitted, clerk)


def licensed(dog, clerk):
    application = draft_for(dog)
    with_rabies_proof(application)
    submit_application(application=application, acting_user=dog.owner)
    return issue_permit(application=approve(application, clerk), acting_user=clerk)


@pytest.fixture
def permit(dog, clerk):
    return licensed(dog, clerk)


@pytest.fixture
def other_permit(other_dog, clerk):
    return licensed(other_dog, clerk)


@pytest.fixture
def keeper(db):
    """A Northborough resident who keeps horses."""
    return UserFactory(first_name="Kate", last_name="Keeper", city="Northborough")


@pytest.fixture
def keeper_api(keeper):
    return client_for(keeper)
