"""The site in English, Portuguese (Brazil) and Spanish: the language comes from the
switcher's cookie, else the browser's Accept-Language, else English; a signed-in person's
choice is kept on their profile and applied when they sign in (docs/residents.md)."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.urls import reverse

from permits_site import audit
from permits_site.accounts.models import User
from tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db

HOME = reverse("home")
APPLY = reverse("licensing:find")
SIGN_IN = reverse("accounts:login")
SWITCH = reverse("accounts:set_language")

#: What each page says in each language: its heading, and a word of the base template.
PAGES = {
    "pt-br": {HOME: "Licenças e alvarás, pela internet", APPLY: "Pedir uma licença",
              SIGN_IN: "Primeira vez aqui?"},
    "es": {HOME: "Permisos y licencias, en línea", APPLY: "Solicitar un permiso",
           SIGN_IN: "¿Es nuevo aquí?"},
}
SKIP_LINK = {"pt-br": "Pular para o conteúdo principal", "es": "Saltar al contenido principal"}


def html_lang(response) -> str:
    return re.search(r'<html lang="([^"]+)"', response.content.decode()).group(1)


@pytest.mark.parametrize("language", ["pt-br", "es"])
@pytest.mark.parametrize("url", [HOME, APPLY, SIGN_IN])
def test_page_reads_in_the_browsers_language(client, url, language):
    response = client.get(url, HTTP_ACCEPT_LANGUAGE=f"{language},en;q=0.5")
    assert response.status_code == 200
    assert PAGES[language][url] in response.content.decode()
    assert SKIP_LINK[language] in response.content.decode()
    assert html_lang(response) == language


@pytest.mark.parametrize("language", ["pt-br", "es"])
@pytest.mark.parametrize("url", [HOME, APPLY, SIGN_IN])
def test_page_reads_in_the_language_the_switcher_chose(client, url, language):
    response = client.post(SWITCH, {"language": language, "next": url})
    assert response.status_code == 302 and response.url == url
    assert response.cookies[settings.LANGUAGE_COOKIE_NAME].value == language
    page = client.get(url, HTTP_ACCEPT_LANGUAGE="en-US,en;q=0.9")
    assert PAGES[language][url] in page.content.decode()
    assert html_lang(page) == language


def test_portuguese_of_portugal_reads_the_brazilian_catalogue(client):
    assert html_lang(client.get(HOME, HTTP_ACCEPT_LANGUAGE="pt-PT,pt;q=0.9")) == "pt-br"


def test_the_switcher_returns_to_the_page_it_was_sent_from(client):
    """The form names no page (a page shows nothing of its own address, so a record the
    person may not see reads exactly like a missing one); the browser's Referer does."""
    response = client.post(SWITCH, {"language": "es"},
                           HTTP_REFERER=f"http://testserver{APPLY}?municipality=tisbury")
    assert response.status_code == 302
    assert response.url == f"http://testserver{APPLY}?municipality=tisbury"


@pytest.mark.parametrize("accept", [None, "en-US,en;q=0.9", "de-DE,de;q=0.9"])
def test_english_stays_the_default(client, accept):
    """No Accept-Language, English, or a language the site does not speak: English."""
    headers = {"HTTP_ACCEPT_LANGUAGE": accept} if accept else {}
    response = client.get(HOME, **headers)
    assert "Permits and licenses, online" in response.content.decode()
    assert html_lang(response) == "en"


def test_every_page_offers_the_switcher_in_each_languages_own_words(client):
    page = client.get(APPLY).content.decode()
    assert f'action="{SWITCH}"' in page
    assert '<option value="pt-br" lang="pt-br">Português (Brasil)</option>' in page
    assert '<option value="es" lang="es">Español</option>' in page
    assert '<label class="small" for="language-choice">Language</label>' in page


def test_citations_stay_english_inside_a_translated_page(client, resident):
    """The law's section names stay as enacted, marked lang="en" for screen readers."""
    client.force_login(resident)
    response = client.get(reverse("licensing:apply", args=["north_andover.dog_license"]),
                          HTTP_ACCEPT_LANGUAGE="pt-br")
    assert html_lang(response) == "pt-br"
    page = response.content.decode()
    assert re.search(r'<span class="citation" lang="en">\(North Andover Code ch\. 60', page)


def test_the_switcher_keeps_a_signed_in_persons_choice_on_their_profile(client, resident):
    client.force_login(resident)
    client.post(SWITCH, {"language": "es", "next": HOME})
    resident.refresh_from_db()
    assert resident.language == "es"
    entry = audit.history_of(resident).filter(action="account.language_chosen").get()
    assert entry.after == {"language": "es"}


def test_a_language_the_site_does_not_offer_changes_nothing(client, resident):
    client.force_login(resident)
    response = client.post(SWITCH, {"language": "fr", "next": HOME})
    assert response.status_code == 302
    resident.refresh_from_db()
    assert resident.language == ""
    assert html_lang(client.get(HOME)) == "en"


def test_the_switcher_takes_only_a_post(client):
    assert client.get(SWITCH, {"language": "es"}).status_code == 405


@pytest.mark.parametrize("language", ["pt-br", "es"])
def test_signing_in_applies_the_saved_language(client, language):
    person = UserFactory(language=language)
    response = client.post(SIGN_IN, {"username": person.username, "password": PASSWORD},
                           HTTP_ACCEPT_LANGUAGE="en-US")
    assert response.status_code == 302
    assert response.cookies[settings.LANGUAGE_COOKIE_NAME].value == language
    page = client.get(HOME, HTTP_ACCEPT_LANGUAGE="en-US")
    assert html_lang(page) == language


def test_signing_in_without_a_saved_language_keeps_the_browsers(client, resident):
    response = client.post(SIGN_IN, {"username": resident.username, "password": PASSWORD},
                           HTTP_ACCEPT_LANGUAGE="es")
    assert settings.LANGUAGE_COOKIE_NAME not in response.cookies
    assert html_lang(client.get(HOME, HTTP_ACCEPT_LANGUAGE="es")) == "es"


def test_an_account_created_after_choosing_a_language_keeps_it(client, north_andover):
    client.post(SWITCH, {"language": "pt-br", "next": HOME})
    response = client.post(reverse("accounts:register"), {
        "username": "maria", "first_name": "Maria", "last_name": "Souza",
        "email": "maria@example.org", "phone": "", "street_address": "1 Main St",
        "city": "Tisbury", "state": "MA", "postal_code": "02568",
        "password1": "a-long-passphrase-1", "password2": "a-long-passphrase-1"})
    assert response.status_code == 302
    assert User.objects.get(username="maria").language == "pt-br"


def test_the_api_answers_in_english_whatever_the_browser_asks(client):
    response = client.get("/api/v1/applications/", HTTP_ACCEPT_LANGUAGE="pt-br")
    assert response.status_code in {401, 403}
    assert "Authentication credentials were not provided." in response.content.decode()
