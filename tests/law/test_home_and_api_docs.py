"""The home page says where fees are paid as each town's law and office have it, and the API's
documentation page, linked from every page's footer, declares its language."""

import pytest
from django.urls import reverse

from permits_site.online_payments.models import PaymentOffice
from permits_site.towns.models import Municipality

pytestmark = pytest.mark.django_db


def test_the_home_page_does_not_send_every_payment_to_the_town_clerk(client):
    content = client.get(reverse("home")).content.decode()

    assert "pay the Town Clerk" not in content
    assert "Apply, pay the town office that issues your permit and download it." in content


def test_each_town_on_the_home_page_names_the_office_its_fees_are_paid_at(client):
    for code, office in (("tisbury", "Board of Health office"),
                         ("north_andover", "Town Clerk's office")):
        PaymentOffice.objects.create(municipality=Municipality.objects.get(code=code),
                                     office=office, address="1 Main Street", hours="Mon",
                                     payee="Town")

    content = client.get(reverse("home")).content.decode()

    assert "Fees are paid at the Board of Health office." in content
    assert "Fees are paid at the Town Clerk&#x27;s office." in content


def test_the_api_documentation_page_declares_its_language(client):
    content = client.get("/api/v1/docs/").content.decode()

    assert '<html lang="en">' in content
