"""A submitted application is invoiced with the quote facts it states."""

import datetime as dt
from decimal import Decimal

import pytest
import time_machine

from permits_site.licensing.models import PermitType
from permits_site.licensing.services.applications import create_application, submit_application
from permits_site.parties.services import create_business
from tests.tisbury.support import with_required_documents

pytestmark = pytest.mark.django_db


def submitted(applicant, permit_type, action, facts=None, *, details=None, business=None):
    application = create_application(
        applicant=applicant, permit_type=PermitType.objects.get(code=permit_type),
        action=action, facts=facts, details=details, business=business,
    )
    return submit_application(application=with_required_documents(application),
                              acting_user=applicant)


@pytest.fixture
def diner(resident):
    return create_business(legal_name="Harbor Diner Inc.", kind="corporation",
                           mailing_address="4 Main Street, Tisbury", acting_user=resident)


def invoice_lines(application):
    invoice = application.invoices.get()
    return [(line.code, line.amount, line.percent) for line in invoice.lines.all()], invoice


@time_machine.travel(dt.datetime(2027, 1, 20, 10, 0), tick=False)
def test_a_kennel_renewal_is_invoiced_by_its_dog_count_with_the_late_fee(resident):
    application = submitted(resident, "north_andover.kennel_license", "renewal",
                            {"dogs_over_6_months": 12})

    lines, _ = invoice_lines(application)

    assert lines == [("renewal", Decimal("100.00"), None), ("late_fee", Decimal("25.00"), None)]


@time_machine.travel(dt.datetime(2027, 5, 3, 10, 0), tick=False)
def test_a_sandblasting_application_is_invoiced_by_its_variant(resident):
    application = submitted(resident, "tisbury.sandblasting", "new",
                            details={"variant": "individual"})

    assert invoice_lines(application)[0] == [("new", Decimal("25.00"), None)]


@time_machine.travel(dt.datetime(2027, 10, 4, 10, 0), tick=False)
def test_a_food_service_application_carries_its_waiver_facts_to_the_invoice(resident, diner):
    application = submitted(resident, "tisbury.food_service", "new",
                            details={"fee_waiver_requested": True}, business=diner)

    lines, invoice = invoice_lines(application)

    assert lines == [("new", Decimal("150.00"), None), ("proration", Decimal("-112.50"), 25)]
    assert invoice.total == Decimal("37.50")


@time_machine.travel(dt.datetime(2027, 5, 3, 10, 0), tick=False)
def test_a_waived_non_profit_food_application_owes_nothing(resident):
    """The waiver reads the business's own kind: a non-profit is not asked to say so."""
    pantry = create_business(legal_name="Island Food Pantry", kind="non_profit",
                             mailing_address="2 Church Street, Tisbury", acting_user=resident)
    application = submitted(resident, "tisbury.food_service", "new", business=pantry)

    _, invoice = invoice_lines(application)

    assert invoice.total == Decimal("0.00")
    assert invoice.is_paid
