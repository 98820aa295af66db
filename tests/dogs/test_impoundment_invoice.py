"""What an impounded dog's fee invoice is for, as its owner reads it: the dashboard's "Fees
due" and the invoice's page name the impoundment — the dog, its number, the day it was taken
into custody and what the fees are for (North Andover Code ch. 60, Impoundment C) — with its
lines and their sections, and link to the owner's page of the impoundment; no one else sees
any of them."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from dogs.impoundment.services import invoice_fees, record_intake
from permits_site.online_payments.views import resident_link, staff_link
from tests.clients import page_text
from tests.factories import DogFactory, DogTagFactory, PermitFactory

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("on_monday_june_8")]


THU_JUNE_4 = dt.date(2026, 6, 4)
TAG = 417
FOR_WHAT = ("the fees to take Biscuit home from the Animal Control Officer "
            "(North Andover Code ch. 60, Impoundment C)")


def impounded(aco, town, dog, *, tag=TAG, found_at="Osgood Street"):
    DogTagFactory(permit=PermitFactory(application__applicant=dog.owner), dog=dog,
                  year=2026, number=tag)
    return record_intake(municipality=town, impounded_on=THU_JUNE_4, acting_user=aco,
                         description="Beagle, tricolor, female", found_at=found_at,
                         tag_number=str(tag))


@pytest.fixture
def record(aco, north_andover, dog):
    """Biscuit, the resident's beagle, picked up on June 4 and invoiced on June 8."""
    record = impounded(aco, north_andover, dog)
    invoice_fees(impoundment=record, acting_user=aco)
    record.refresh_from_db()
    return record


def owner_page(record) -> str:
    return reverse("dogs:impoundment_owner", args=[record.pk])


def invoice_page(record) -> str:
    return reverse("online_payments:pay", args=[record.fee_invoice_id])


def test_the_dashboard_names_the_impoundment_the_fees_are_for_and_links_to_it(
        client, resident, record):
    client.force_login(resident)

    page = page_text(client.get(reverse("licensing:dashboard")))

    assert (f'Invoice #{record.fee_invoice_id} (<a href="{owner_page(record)}">Impoundment '
            f'#{record.pk}: Biscuit, taken into custody on June 4, 2026</a>): $90.00, '
            f'{FOR_WHAT}') in re.sub(r"<span[^>]*>|</span>", "", page)
    assert "see my citations" not in page and "enforcement case" not in page


def test_the_invoice_page_shows_its_lines_with_their_sections_and_what_it_is_for(
        client, resident, record):
    client.force_login(resident)

    response = client.get(invoice_page(record))

    assert response.status_code == 200
    page = re.sub(r"<span[^>]*>|</span>", "", page_text(response))
    assert "What the invoice is for" in page
    assert (f'<a href="{owner_page(record)}">Impoundment #{record.pk}: Biscuit, taken into '
            f'custody on June 4, 2026</a>, {FOR_WHAT}') in page
    for line in record.fee_invoice.lines.all():
        assert line.description in page
        assert f"${line.amount}" in page
        assert line.citation in page
    assert "North Andover Code ch. 60, Impoundment C(1)" in page  # the pick-up fee's section
    assert "$90.00" in page
    assert f"Back to Impoundment #{record.pk}" in page


def test_the_owner_sees_the_impoundment_its_fees_and_how_to_pay(client, resident, record):
    client.force_login(resident)

    response = client.get(owner_page(record))

    assert response.status_code == 200
    page = re.sub(r"<span[^>]*>|</span>", "", page_text(response))
    assert f"Impoundment #{record.pk}: Biscuit" in page
    assert "Taken into custody on June 4, 2026 at Osgood Street." in page
    assert "A dog not reclaimed is held through June 11, 2026" in page
    assert "North Andover Code ch. 60, Impoundment C(1)" in page
    assert f'href="{invoice_page(record)}"' in page  # "Pay invoice #…"
    # No certificate was accepted with the factory's license: its release needs one.
    assert ("No rabies vaccination is on the record yet: bring the certificate from a "
            "veterinarian (North Andover Code ch. 60, Rabies A).") in page


def test_another_resident_gets_a_404_for_the_invoice_and_the_impoundment(
        client, other_resident, record):
    client.force_login(other_resident)

    assert client.get(invoice_page(record)).status_code == 404
    assert client.get(owner_page(record)).status_code == 404
    assert f"Impoundment #{record.pk}" not in page_text(
        client.get(reverse("licensing:dashboard")))


def test_the_staff_link_of_a_flagged_payment_opens_the_officers_record(record):
    link = staff_link(record.fee_invoice)

    assert (link.url, link.label) == (reverse("dogs:impoundment", args=[record.pk]),
                                      f"Impoundment #{record.pk}")
    assert str(resident_link(record.fee_invoice).label) == f"Impoundment #{record.pk}"


def test_the_invoice_page_says_what_it_is_for_in_the_readers_language(
        client, resident, record):
    client.force_login(resident)

    page = page_text(client.get(invoice_page(record), HTTP_ACCEPT_LANGUAGE="es"))

    assert "What the invoice is for" not in page
    assert f"Incautación n.º {record.pk}: Biscuit" in page


def test_the_dashboard_runs_the_same_queries_for_one_and_three_impoundment_invoices(
        client, resident, aco, north_andover, record):
    client.force_login(resident)
    url = reverse("licensing:dashboard")
    client.get(url)

    with CaptureQueriesContext(connection) as one:
        client.get(url)
    for number in range(2):
        dog = DogFactory(owner=resident, name=f"Rex {number}")
        invoice_fees(impoundment=impounded(aco, north_andover, dog, tag=500 + number),
                     acting_user=aco)
    with CaptureQueriesContext(connection) as three:
        page = page_text(client.get(url))

    assert "Rex 1, taken into custody" in page
    assert len(three) == len(one)
