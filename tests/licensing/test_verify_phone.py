"""A license's verification page gives its town's office telephone, to confirm what the
page does not show; a town without one is given no number."""

from decimal import Decimal

import pytest
from django.urls import reverse
from django.utils import timezone

from permits_site.online_payments.models import PaymentOffice
from tests.factories import PermitFactory, municipality, permit_type

pytestmark = pytest.mark.django_db


def tisbury_office(phone: str, **fields) -> PaymentOffice:
    return PaymentOffice.objects.create(
        municipality=municipality("tisbury"), office="Board of Health office",
        address="51 Spring Street, Vineyard Haven", hours="Monday–Friday",
        payee="Town of Tisbury", phone=phone, convenience_fee=Decimal("0.00"), **fields)


def verify_page(client, **headers) -> str:
    permit = PermitFactory(application__permit_type=permit_type("tisbury.residential_kitchen"),
                           issued_at=timezone.now())
    return client.get(reverse("verify", args=[permit.verification_token]),
                      **headers).content.decode()


def test_the_page_gives_the_towns_office_telephone_to_dial(client):
    tisbury_office("(508) 555-0103")

    text = verify_page(client)

    assert ('The issuing office can confirm other details. Call the Board of Health office at '
            '<a href="tel:+1-508-555-0103">(508) 555-0103</a>.') in text


def test_the_telephone_is_given_in_the_readers_language(client):
    tisbury_office("(508) 555-0103", office_es="Oficina de la Junta de Salud")

    text = verify_page(client, HTTP_ACCEPT_LANGUAGE="es")

    assert "Oficina de la Junta de Salud" in text
    assert '<a href="tel:+1-508-555-0103">(508) 555-0103</a>' in text


@pytest.mark.parametrize("phone", [None, "", "call us maybe"])
def test_a_town_without_a_telephone_is_given_no_number(client, phone):
    if phone is not None:
        tisbury_office(phone)

    text = verify_page(client)

    assert "The issuing office can confirm other details.</p>" in text
    assert "tel:" not in text and "Call the" not in text
