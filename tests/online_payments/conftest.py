"""A North Andover dog license waiting for its fee, and a citation owed by the same resident."""

import datetime as dt

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from django.utils import timezone

from dogs.licenses.services import apply_for_dog_license
from permits_site.enforcement.services import issue_citation, open_case
from permits_site.licensing.services.applications import submit_application
from permits_site.licensing.services.documents import review_document, upload_document
from permits_site.online_payments.services import start_checkout
from tests.factories import Role, municipality, staff
from tests.online_payments.stripe_fakes import stripe_http  # noqa: F401  (a fixture)

RABIES_PNG = "tests/fixtures_files/rabies_certificate.png"


@pytest.fixture
def application(dog, clerk):
    """A submitted dog license whose rabies certificate is accepted: only the fee blocks it."""
    today = timezone.localdate()
    application = apply_for_dog_license(
        applicant=dog.owner, dog=dog, action="new", license_year=today.year,
        acquired_on=today - dt.timedelta(days=5),
    )
    with open(RABIES_PNG, "rb") as sample:
        upload = SimpleUploadedFile("rabies.png", sample.read(), content_type="image/png")
    document = upload_document(application=application, uploaded_by=dog.owner,
                               kind="rabies_certificate", upload=upload,
                               valid_until=today + dt.timedelta(days=400))
    submit_application(application=application, acting_user=dog.owner)
    review_document(document=document, accepted=True, acting_user=clerk)
    return application


@pytest.fixture
def invoice(application):
    return application.invoices.get()


@pytest.fixture
def citation(resident):
    """A $50 first offense of running at large (ch. 60), due within 21 days."""
    aco = staff(Role.ANIMAL_CONTROL_OFFICER, "north_andover")
    case = open_case(municipality=municipality("north_andover"),
                     case_type="north_andover.dog_control", party=resident, party_business=None,
                     party_name=resident.display_name, address="1 Main St",
                     complaint="Seen by the officer.", received_on=timezone.localdate(),
                     acting_user=aco)
    return issue_citation(case=case, offense="running_at_large", acting_user=aco)


def return_url(token) -> str:
    return "http://testserver" + reverse("online_payments:returned", args=[token])


@pytest.fixture
def checkout_of(stripe_http):  # noqa: F811
    """Start a checkout for ``invoice`` as ``user``: (checkout, Stripe's session)."""
    def start(invoice, user):
        checkout, _url = start_checkout(invoice=invoice, acting_user=user, return_url=return_url)
        return checkout, stripe_http.sessions[checkout.session_id]
    return start
