"""A permit type declared only in the tests, and the steps that carry one of its
applications to an issued permit through the services."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from permits_site.licensing.services import applications as application_services
from permits_site.licensing.services.documents import review_document, upload_document
from permits_site.licensing.services.payments import record_payment
from permits_site.licensing.services.permits import issue_permit
from tests.declared import declared_permit_type
from tests.factories import Role, staff

SITE_PLAN = "tests/fixtures_files/rabies_certificate.pdf"


@pytest.fixture
def garden_party(db):
    with declared_permit_type() as permit_type:
        yield permit_type


@pytest.fixture
def clerk(db):
    return staff(Role.CLERK, "north_andover", first_name="Carla", last_name="Clerk")


def carry_to_permit(application, *, clerk, reference: str):
    """Submit, then accept the site plan, pay, approve and issue."""
    application_services.submit_application(application=application,
                                             acting_user=application.applicant)
    return finish(application, clerk=clerk, reference=reference)


def finish(application, *, clerk, reference: str):
    """A submitted application's site plan accepted, fee paid, approval and issue."""
    applicant = application.applicant
    with open(SITE_PLAN, "rb") as plan:
        document = upload_document(
            application=application, uploaded_by=applicant, kind="site_plan",
            upload=SimpleUploadedFile("plan.pdf", plan.read(), "application/pdf"),
        )
    review_document(document=document, accepted=True, acting_user=clerk)
    invoice = application_services.current_invoice(application)
    record_payment(invoice=invoice, method="cash", reference=reference,
                   amount=Decimal(invoice.total), acting_user=clerk)
    application.refresh_from_db()
    application_services.approve_application(application=application, acting_user=clerk)
    return issue_permit(application=application, acting_user=clerk)


def party_on(days_ahead: int = 30) -> str:
    return (dt.date.today() + dt.timedelta(days=days_ahead)).isoformat()
