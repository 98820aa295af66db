"""Two clerks issuing at the same moment never share a number (PostgreSQL row locks)."""

import datetime as dt
import threading
import time

import pytest
import time_machine
from django.db import connection, connections, transaction

from dogs.licenses.services import apply_for_dog_license
from dogs.models import DogTag
from permits_site.licensing.services.applications import approve_application, submit_application
from permits_site.licensing.services.documents import review_document, upload_document
from permits_site.licensing.services.numbering import allocate_number
from permits_site.licensing.services.payments import record_payment
from permits_site.licensing.services.permits import issue_permit
from permits_site.towns.models import Municipality
from tests.dogs.test_license_flow import ACQUIRED, png_upload
from tests.factories import DogFactory, Role, staff

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.django_db(transaction=True, serialized_rollback=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="needs PostgreSQL row locks"),
]


def approved(dog, clerk):
    application = apply_for_dog_license(
        applicant=dog.owner, dog=dog, action="new", license_year=2027, acquired_on=ACQUIRED
    )
    document = upload_document(
        application=application,
        uploaded_by=dog.owner,
        kind="rabies_certificate",
        upload=png_upload(),
        valid_until=dt.date(2029, 1, 1),
    )
    submit_application(application=application, acting_user=dog.owner)
    review_document(document=document, accepted=True, acting_user=clerk)
    invoice = application.invoices.get()
    record_payment(
        invoice=invoice,
        method="cash",
        reference=f"C-{application.pk}",
        amount=invoice.total,
        acting_user=clerk,
    )
    return approve_application(application=application, acting_user=clerk)


def run_together(*jobs):
    """Start every job on its own thread (own connection) at the same instant."""
    barrier = threading.Barrier(len(jobs))
    results, errors = [], []

    def run(job):
        try:
            barrier.wait()
            results.append(job())
        except Exception as error:  # reported below, never swallowed
            errors.append(error)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(job,)) for job in jobs]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert not errors, errors
    return results


@time_machine.travel(dt.datetime(2027, 2, 10, 15, 0), tick=False)
def test_two_licenses_issued_at_once_get_different_numbers_and_tags():
    clerk_one = staff(Role.CLERK)
    clerk_two = staff(Role.CLERK)
    first = approved(DogFactory(), clerk_one)
    second = approved(DogFactory(), clerk_two)

    permits = run_together(
        lambda: issue_permit(application=first, acting_user=clerk_one),
        lambda: issue_permit(application=second, acting_user=clerk_two),
    )

    assert sorted(permit.number for permit in permits) == ["DOG-2027-00001", "DOG-2027-00002"]
    assert sorted(DogTag.objects.values_list("number", flat=True)) == [1, 2]


def test_a_second_transaction_waits_for_the_first_to_commit_its_number():
    town = Municipality.objects.get(code="north_andover")
    taken = threading.Event()

    def slow_first():
        with transaction.atomic():
            number = allocate_number(municipality=town, series="race", year=2027)
            taken.set()
            time.sleep(0.5)
            return number, time.monotonic()

    def second():
        taken.wait(5)
        with transaction.atomic():
            number = allocate_number(municipality=town, series="race", year=2027)
            return number, time.monotonic()

    results = dict(run_together(slow_first, second))

    assert set(results) == {1, 2}
    assert results[2] >= results[1]
