"""The steps a brand-new resident's walk in Portuguese or in Spanish shares with the other
(issue #26): choosing the language on the home page, creating an account, paying on the demo
checkout, reading the e-mails the town sent and the license PDF. Each step is taken with the
words of the resident's language, and every page is checked for that ``lang`` and with axe.

The walks themselves are ``test_temporary_food_in_portuguese.py`` (Tisbury) and
``test_dog_license_in_spanish.py`` (North Andover).
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass

from django.core import mail
from playwright.sync_api import Page, expect
from pypdf import PdfReader

from permits_site.notifications.models import Message
from tests.e2e.conftest import assert_accessible

PASSPHRASE = "a-long-new-passphrase"


@dataclass(frozen=True)
class Language:
    """What a resident's pages say, in one language, on the steps every walk takes."""

    code: str
    #: The language box's option, and the home page's heading once it is chosen.
    option: str
    home: str
    #: The registration form's labels, by field, and its button.
    account_labels: dict[str, str]
    create_account: str
    #: The payment's links and buttons, how the card's charge names the invoice, the demo's
    #: label and what the checkout says.
    pay_invoice: str
    invoice: str
    demo: str
    continue_to_checkout: str
    pay: str
    payment_received: str
    back: str
    #: The first line of every e-mail, the name left to fill in.
    greeting: str


PORTUGUESE = Language(
    code="pt-br", option="Português (Brasil)", home="Licenças e alvarás, pela internet",
    account_labels={"username": "Usuário", "first_name": "Nome", "last_name": "Sobrenome",
                    "email": "Endereço de e-mail", "street_address": "Endereço (rua e número)",
                    "city": "Cidade", "postal_code": "ZIP code (CEP)", "password1": "Senha",
                    "password2": "Confirmação de senha"},
    create_account="Criar conta", pay_invoice="Pagar a fatura nº", invoice="Fatura nº",
    demo="Pagamento de demonstração — nenhum dinheiro é movimentado",
    continue_to_checkout="Continuar para o pagamento de demonstração",
    pay="Pagar {amount}", payment_received="Pagamento recebido: {amount}",
    back="Voltar para", greeting="Prezado(a) {name},",
)

SPANISH = Language(
    code="es", option="Español", home="Permisos y licencias, en línea",
    account_labels={"username": "Nombre de usuario", "first_name": "Nombre",
                    "last_name": "Apellido", "email": "Correo electrónico",
                    "street_address": "Dirección (calle y número)", "city": "Ciudad o pueblo",
                    "postal_code": "Código postal (ZIP)", "password1": "Contraseña",
                    "password2": "Contraseña (confirmación)"},
    create_account="Crear cuenta", pay_invoice="Pagar la factura n.º", invoice="Factura n.º",
    demo="Pago de demostración — no se mueve dinero",
    continue_to_checkout="Continuar al pago de demostración",
    pay="Pagar {amount}", payment_received="Pago recibido: {amount}",
    back="Volver a", greeting="Estimado(a) {name}:",
)


@dataclass(frozen=True)
class Newcomer:
    """A person who has no account yet, and where they live."""

    username: str
    first_name: str
    last_name: str
    street_address: str
    city: str
    postal_code: str

    @property
    def email(self) -> str:
        return f"{self.username}@example.org"

    @property
    def name(self) -> str:
        return f"{self.first_name} {self.last_name}"


def seen(page: Page, language: Language) -> None:
    """The page is in the resident's language and axe finds nothing on it."""
    expect(page.locator("html")).to_have_attribute("lang", language.code)
    assert_accessible(page)


def labelled(label: str) -> re.Pattern:
    """A form label exactly, whatever mark of a required field follows it ("Nome*" is not
    "Sobrenome*")."""
    return re.compile(rf"^\s*{re.escape(label)}\W*$")


def choose_language_on_the_home_page(page: Page, live_server, language: Language) -> None:
    """A visitor opens the home page in English and picks a language in the language box."""
    page.goto(f"{live_server.url}/")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    page.get_by_label("Language").select_option(label=language.option)
    page.get_by_role("button", name="Change language").click()
    expect(page.get_by_role("heading", name=language.home)).to_be_visible()
    seen(page, language)


def create_an_account(page: Page, language: Language, person: Newcomer) -> None:
    """On the registration form, in the chosen language; the account keeps that language."""
    seen(page, language)
    form = page.locator("main form")
    answers = {"username": person.username, "first_name": person.first_name,
               "last_name": person.last_name, "email": person.email,
               "street_address": person.street_address, "city": person.city,
               "postal_code": person.postal_code, "password1": PASSPHRASE,
               "password2": PASSPHRASE}
    for field, answer in answers.items():
        form.get_by_label(labelled(language.account_labels[field])).fill(answer)
    form.get_by_role("button", name=language.create_account).click()
    page.wait_for_url(lambda url: "/accounts/register/" not in url)
    seen(page, language)


def pay_on_the_demo_checkout(page: Page, language: Language, amount: str) -> None:
    """From the application page, "Pay invoice #n", the demo checkout and back."""
    page.get_by_role("link", name=re.compile(rf"^{re.escape(language.pay_invoice)} \d+$")
                     ).click()
    expect(page.get_by_text(language.demo)).to_be_visible()
    expect(page.locator("main table", has_text=language.invoice)).to_be_visible()
    seen(page, language)
    page.get_by_role("button", name=language.continue_to_checkout).click()
    expect(page.get_by_text(language.demo)).to_be_visible()
    seen(page, language)
    page.get_by_role("button", name=language.pay.format(amount=amount)).click()
    expect(page.get_by_text(language.payment_received.format(amount=amount))).to_be_visible()
    seen(page, language)
    page.get_by_role("link", name=re.compile(f"^{language.back}")).first.click()
    seen(page, language)


def emails_to(person: Newcomer, language: Language) -> dict[str, str]:
    """The e-mails the town sent the person, subject to body: each greets them in their
    language, and the outbox keeps it as written in that language."""
    sent = {message.subject: message.body for message in mail.outbox
            if message.to == [person.email]}
    greeting = language.greeting.format(name=person.name)
    assert sent and all(body.startswith(greeting) for body in sent.values()), sent
    assert set(Message.objects.filter(email=person.email).values_list("language", flat=True)
               ) == {language.code}
    return sent


def downloaded_pdf_text(page: Page, link: str) -> str:
    """The words of the PDF the resident downloads by the link, lines joined."""
    with page.expect_download() as download:
        page.get_by_role("link", name=link).click()
    with open(download.value.path(), "rb") as pdf:
        reader = PdfReader(io.BytesIO(pdf.read()))
    return " ".join(" ".join(sheet.extract_text() for sheet in reader.pages).split())
