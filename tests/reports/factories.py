"""Factories for the records the reports read: invoices, payments, permits and cases.

They write rows directly, dated as asked, so a test can lay down a year of the office's
work in seconds; the services that normally write them are tested elsewhere.
"""

import datetime as dt
from decimal import Decimal

import factory
from django.utils import timezone

from permits_site.enforcement.models import Case, Citation
from permits_site.licensing.models import (
    Application,
    ApplicationStatus,
    Invoice,
    InvoiceLine,
    Payment,
    PaymentMethod,
    Permit,
    PermitType,
)
from tests.factories import UserFactory


def local(day: dt.date, hour: int = 12, minute: int = 0) -> dt.datetime:
    """A moment on ``day`` in the towns' time zone."""
    return dt.datetime.combine(day, dt.time(hour, minute), tzinfo=timezone.get_default_timezone())


class ApplicationFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Application

    permit_type = factory.LazyFunction(lambda: PermitType.objects.get(
        code="north_andover.dog_license"))
    municipality = factory.SelfAttribute("permit_type.municipality")
    action = "new"
    applicant = factory.SubFactory(UserFactory)
    status = ApplicationStatus.ISSUED


class PermitFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Permit

    application = factory.SubFactory(ApplicationFactory)
    municipality = factory.SelfAttribute("application.municipality")
    permit_type = factory.SelfAttribute("application.permit_type")
    holder = factory.SelfAttribute("application.applicant")
    holder_name = factory.SelfAttribute("holder.display_name")
    sequence = factory.Sequence(lambda n: n + 1)
    number = factory.LazyAttribute(lambda permit: f"T-{permit.sequence}")
    year = factory.LazyAttribute(lambda permit: timezone.localtime(permit.issued_at).year)
    issued_at = factory.LazyFunction(timezone.now)
    valid_from = factory.LazyAttribute(lambda permit: timezone.localtime(permit.issued_at).date())
    valid_through = factory.LazyAttribute(
        lambda permit: permit.valid_from + dt.timedelta(days=364))
    fee_total = Decimal("10.00")
    issued_by = factory.SubFactory(UserFactory)


class InvoiceFactory(factory.django.DjangoModelFactory):
    """``created_at`` is set after saving: the model stamps it when the row is added."""

    class Meta:
        model = Invoice

    municipality = factory.LazyFunction(lambda: PermitType.objects.get(
        code="north_andover.dog_license").municipality)
    payer = factory.SubFactory(UserFactory)

    @classmethod
    def _create(cls, model_class, *args, created_at=None, **kwargs):
        invoice = super()._create(model_class, *args, **kwargs)
        if created_at is not None:
            model_class.objects.filter(pk=invoice.pk).update(created_at=created_at)
            invoice.created_at = created_at
        return invoice


class InvoiceLineFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = InvoiceLine

    invoice = factory.SubFactory(InvoiceFactory)
    code = "new"
    description = "License fee"
    amount = Decimal("10.00")
    citation = "Test §1"


class PaymentFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Payment

    invoice = factory.SubFactory(InvoiceFactory)
    municipality = factory.SelfAttribute("invoice.municipality")
    method = PaymentMethod.CASH
    reference = factory.Sequence(lambda n: f"R-{n}")
    amount = Decimal("10.00")
    received_by = factory.SubFactory(UserFactory)
    received_at = factory.LazyFunction(timezone.now)


class CaseFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Case

    municipality = factory.LazyFunction(lambda: PermitType.objects.get(
        code="north_andover.dog_license").municipality)
    case_type = "north_andover.dog_complaint"
    party_name = "A. Neighbour"
    address = "1 Main Street"
    complaint = "Dog at large"
    received_on = factory.LazyFunction(timezone.localdate)
    opened_by = factory.SubFactory(UserFactory)


class CitationFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Citation

    case = factory.SubFactory(CaseFactory)
    offense = "running_at_large"
    description = "Dog running at large"
    citation = "Chapter 60"
    offense_number = 1
    amount_per_offense = Decimal("50.00")
    issued_on = factory.LazyFunction(timezone.localdate)
    invoice = factory.SubFactory(InvoiceFactory, municipality=factory.SelfAttribute(
        "..case.municipality"))
    issued_by = factory.SubFactory(UserFactory)
