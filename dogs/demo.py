"""North Andover's demo records for ``manage.py seed_demo``: the resident's two dogs, one
licensed this year and one waiting for the Clerk."""

from __future__ import annotations

import datetime as dt

from django.utils import timezone

from dogs.licenses.services import apply_for_dog_license, default_license_year, register_dog
from dogs.models import Dog
from permits_site.accounts.demo import sample_upload
from permits_site.accounts.models import User
from permits_site.licensing.models import Application
from permits_site.licensing.services.applications import approve_application, submit_application
from permits_site.licensing.services.documents import review_document, upload_document
from permits_site.licensing.services.payments import record_payment
from permits_site.licensing.services.permits import issue_permit
from permits_site.rules.calendar import days_after, days_before


def build(resident: User) -> None:
    """Biscuit, licensed this year, and Moose, whose application waits for the Clerk."""
    clerk = User.objects.get(username="clerk_north_andover")
    year = timezone.localdate().year
    biscuit = register_dog(
        owner=resident,
        acting_user=resident,
        name="Biscuit",
        breed="Beagle",
        color="Tricolor",
        sex="female",
        date_of_birth=dt.date(year - 4, 4, 2),
        spayed_neutered=True,
    )
    moose = register_dog(
        owner=resident,
        acting_user=resident,
        name="Moose",
        breed="Newfoundland",
        color="Black",
        sex="male",
        date_of_birth=dt.date(year - 2, 9, 15),
        spayed_neutered=False,
    )
    _issue(biscuit, clerk, year=year)
    _submitted(moose, year=default_license_year(timezone.localdate()))


def _applied(dog: Dog, *, year: int, acquired_days_ago: int) -> Application:
    """A new license applied for with a rabies certificate (Licenses A(1)), submitted."""
    application = apply_for_dog_license(
        applicant=dog.owner,
        dog=dog,
        action="new",
        license_year=year,
        acquired_on=days_before(timezone.localdate(), acquired_days_ago),
    )
    upload_document(
        application=application,
        uploaded_by=dog.owner,
        kind="rabies_certificate",
        upload=sample_upload("rabies"),
        valid_until=days_after(timezone.localdate(), 700),
    )
    submit_application(application=application, acting_user=dog.owner)
    return application


def _issue(dog: Dog, clerk: User, *, year: int) -> None:
    application = _applied(dog, year=year, acquired_days_ago=10)
    for document in application.documents.all():
        review_document(document=document, accepted=True, acting_user=clerk)
    invoice = application.invoices.get()
    record_payment(
        invoice=invoice,
        method="check",
        reference=f"DEMO-{application.pk}",
        amount=invoice.total,
        acting_user=clerk,
    )
    approve_application(application=application, acting_user=clerk)
    issue_permit(application=application, acting_user=clerk)


def _submitted(dog: Dog, *, year: int) -> None:
    """A new license applied for 45 days after the dog came: late (Licenses A(2)), so the
    clerk's review offers the Licenses A(10) citation while the license still issues."""
    _applied(dog, year=year, acquired_days_ago=45)
