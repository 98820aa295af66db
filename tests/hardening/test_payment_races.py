"""Payments against one invoice: the invoice row is locked before its balance is read.

Ten clerks' terminals posting at once must each get an answer a client can act
on — 201 recorded, 200 the same receipt again, 400 nothing left to pay — and
the invoice is never paid more than its total.
"""

import threading
from decimal import Decimal

import pytest
import time_machine
from django.db import connection, connections
from django.db.models import Sum
from rest_framework.test import APIClient

from permits_site.licensing.models import InvoiceStatus, Payment
from permits_site.licensing.services.applications import submit_application
from tests.api.conftest import TODAY, draft_for, with_rabies_proof
from tests.factories import DogFactory, Role, staff

PAYMENTS = "/api/v1/payments/"


@pytest.fixture(autouse=True)
def _frozen_clock():
    with time_machine.travel(TODAY, tick=False):
        yield


def open_invoice(owner=None):
    dog = DogFactory(**({"owner": owner} if owner else {}))
    application = draft_for(dog)
    with_rabies_proof(application)
    submit_application(application=application, acting_user=dog.owner)
    return application.invoices.get()


def post_payment(clerk, invoice, *, reference: str, amount: str):
    api = APIClient()
    api.force_authenticate(clerk)
    return api.post(PAYMENTS, {"invoice": invoice.pk, "method": "check",
                               "reference": reference, "amount": amount}, format="json")


@pytest.mark.django_db
def test_paying_more_than_the_balance_is_a_400_naming_amount():
    clerk = staff(Role.CLERK, "north_andover")
    invoice = open_invoice()

    first = post_payment(clerk, invoice, reference="CHK-1", amount="6.00")
    second = post_payment(clerk, invoice, reference="CHK-2", amount="6.00")

    assert first.status_code == 201
    assert second.status_code == 400
    assert "$4.00" in " ".join(second.json()["amount"])
    assert Payment.objects.count() == 1


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True, serialized_rollback=True)
@pytest.mark.skipif(connection.vendor != "postgresql", reason="needs PostgreSQL row locks")
def test_ten_payments_at_once_answer_201_200_or_400_and_never_overpay():
    clerk = staff(Role.CLERK, "north_andover")
    invoice = open_invoice()
    total = str(invoice.total)
    # Eight distinct receipts for the full amount, and two replays of the first one.
    references = [f"RACE-{n}" for n in range(8)] + ["RACE-0", "RACE-0"]
    barrier = threading.Barrier(len(references))
    statuses, errors = [], []

    def pay(reference):
        try:
            barrier.wait()
            statuses.append(post_payment(clerk, invoice, reference=reference,
                                         amount=total).status_code)
        except Exception as error:  # reported below, never swallowed
            errors.append(error)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=pay, args=(ref,)) for ref in references]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)

    assert not errors, errors
    assert len(statuses) == 10
    assert set(statuses) <= {200, 201, 400}, statuses
    assert statuses.count(201) == 1, statuses
    invoice.refresh_from_db()
    assert invoice.status == InvoiceStatus.PAID
    assert Payment.objects.filter(invoice=invoice).aggregate(paid=Sum("amount"))["paid"] == (
        Decimal(total)
    )
