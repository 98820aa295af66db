"""The invoice page reads in Portuguese and Spanish (#26): why it cannot be paid online, what
the card is charged, and the page it belongs to, in the reader's language; the provider and
the audit keep the English."""

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from permits_site.online_payments.services import charge_lines, online_refusal
from permits_site.online_payments.views import resident_link
from tests.translated import said_in

pytestmark = pytest.mark.django_db


def pay_page(user, invoice, language: str) -> str:
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(user)
    return client.get(reverse("online_payments:pay", args=[invoice.pk])).content.decode()


@pytest.mark.parametrize(("language", "refused", "back"), [
    ("pt-br", "Town of North Andover ainda não aceita pagamento pela internet.",
     "Pedido: Licença de Cão"),
    ("es", "Town of North Andover todavía no acepta pagos en línea.",
     "Solicitud: Licencia de Perro"),
])
def test_a_town_without_online_payment_says_so_in_the_readers_language(
        resident, application, settings, language, refused, back):
    settings.ONLINE_PAYMENT_TOWNS = {}
    invoice = application.invoices.get()

    text = pay_page(application.applicant, invoice, language)

    assert refused in text and back in text
    assert "does not take payment online yet" not in text
    assert online_refusal(invoice) == ("The Town of North Andover does not take payment online "
                                       "yet.")


def test_what_the_card_is_charged_is_english_for_the_provider_and_translated_on_the_page(
        application):
    invoice = application.invoices.get()
    line = charge_lines(invoice)[0]

    assert line.description == f"North Andover invoice #{invoice.pk}"
    assert said_in("pt-br", line.description) == f"Fatura nº {invoice.pk} de North Andover"
    with translation.override("es"):
        assert str(resident_link(invoice).label) == "Dog License application"
