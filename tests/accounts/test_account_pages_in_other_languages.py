"""A resident's own account pages read in Portuguese and Spanish (#26): the profile, the
e-mail address's change and confirmation, the password's change and reset, their messages
and refusals; English reads as before."""

from __future__ import annotations

import datetime as dt
import html

import pytest
import time_machine
from django.urls import reverse

from permits_site.accounts import tokens
from tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db

PROFILE = reverse("accounts:profile")
EMAIL_CHANGE = reverse("accounts:email_change")
PASSWORD_CHANGE = reverse("accounts:password_change")
PASSWORD_RESET = reverse("accounts:password_reset")
PASSWORD_RESET_DONE = reverse("accounts:password_reset_done")
PASSWORD_RESET_COMPLETE = reverse("accounts:password_reset_complete")
BAD_RESET_LINK = reverse("accounts:password_reset_confirm", args=["MQ", "set-password"])

#: Words each page says, in each language.
SAID = {
    "pt-br": {
        PROFILE: ["Minha conta", "Entrada na conta", "Nome, endereço e telefone",
                  "Mudar o endereço de e-mail", "Salvar o perfil"],
        EMAIL_CHANGE: ["Novo endereço de e-mail", "Sua senha atual", "Enviar o link",
                       "Voltar para minha conta"],
        PASSWORD_CHANGE: ["Mudar a senha", "Voltar para minha conta"],
        PASSWORD_RESET: ["Redefina a sua senha", "Voltar para entrar"],
        PASSWORD_RESET_DONE: ["Veja o seu e-mail", "cartório municipal (Town Clerk)"],
        PASSWORD_RESET_COMPLETE: ["A sua nova senha foi salva", "Você já pode entrar com ela."],
        BAD_RESET_LINK: ["Este link de redefinição de senha não é válido", "Pedir um novo link"],
    },
    "es": {
        PROFILE: ["Mi cuenta", "Inicio de sesión", "Nombre, dirección y teléfono",
                  "Cambiar el correo electrónico", "Guardar el perfil"],
        EMAIL_CHANGE: ["Nuevo correo electrónico", "Su contraseña actual", "Enviar el enlace",
                       "Volver a mi cuenta"],
        PASSWORD_CHANGE: ["Cambiar la contraseña", "Volver a mi cuenta"],
        PASSWORD_RESET: ["Restablezca su contraseña", "Volver a iniciar sesión"],
        PASSWORD_RESET_DONE: ["Revise su correo electrónico", "secretario municipal (Town Clerk)"],
        PASSWORD_RESET_COMPLETE: ["Su nueva contraseña se guardó", "Ya puede iniciar sesión"],
        BAD_RESET_LINK: ["Este enlace para restablecer la contraseña no es válido",
                         "Pedir un nuevo enlace"],
    },
}
#: The English each page said before, which no translated page may show.
ENGLISH = {
    PROFILE: "Your name and mailing address appear on the licenses issued to you",
    EMAIL_CHANGE: "It stays so until you open the link we send to the new address and press "
                  "Confirm.",
    PASSWORD_CHANGE: "Back to my account",
    PASSWORD_RESET: "We will send you a link to choose a new password",
    PASSWORD_RESET_DONE: "You may have registered with another address.",
    PASSWORD_RESET_COMPLETE: "You can sign in with it now.",
    BAD_RESET_LINK: "This password reset link is not valid",
}


def text_of(response) -> str:
    return html.unescape(response.content.decode())


@pytest.fixture
def person(client):
    user = UserFactory()
    client.force_login(user)
    return user


@pytest.mark.parametrize("language", ["pt-br", "es"])
@pytest.mark.parametrize("url", list(ENGLISH))
def test_each_account_page_reads_in_the_residents_language(client, person, url, language):
    page = text_of(client.get(url, HTTP_ACCEPT_LANGUAGE=language))

    for words in SAID[language][url]:
        assert words in page, (language, url, words)
    assert ENGLISH[url] not in page


@pytest.mark.parametrize("url", list(ENGLISH))
def test_each_account_page_reads_as_before_in_english(client, person, url):
    assert ENGLISH[url] in text_of(client.get(url, HTTP_ACCEPT_LANGUAGE="en"))


@pytest.mark.parametrize(("language", "saved"), [("pt-br", "Seu perfil foi salvo."),
                                                 ("es", "Su perfil se guardó.")])
def test_the_saved_profile_is_announced_in_the_residents_language(client, person, language,
                                                                  saved):
    data = {name: getattr(person, name) for name in (
        "first_name", "last_name", "street_address", "city", "state", "postal_code", "phone")}

    page = text_of(client.post(PROFILE, {**data, "city": "Andover"}, follow=True,
                               HTTP_ACCEPT_LANGUAGE=language))

    assert saved in page and "Your profile is saved." not in page


@pytest.mark.parametrize(("language", "refused", "wrong_password"), [
    ("pt-br", "Este já é o seu endereço de e-mail.", "A senha foi digitada incorretamente."),
    ("es", "Ese ya es su correo electrónico.", "La contraseña no es correcta."),
])
def test_the_refused_email_change_is_said_in_the_residents_language(
        client, person, language, refused, wrong_password):
    same = text_of(client.post(EMAIL_CHANGE, {"email": person.email, "password": PASSWORD},
                               HTTP_ACCEPT_LANGUAGE=language))
    mistyped = text_of(client.post(EMAIL_CHANGE, {"email": "new@example.org", "password": "no"},
                                   HTTP_ACCEPT_LANGUAGE=language))

    assert refused in same and "That is already your email address." not in same
    assert wrong_password in mistyped and "Your password was entered" not in mistyped


def test_an_expired_confirmation_link_says_how_long_links_work_in_spanish(client, person):
    link = reverse("accounts:email_confirm",
                   args=[tokens.make_email_change_token(person, "new@example.org")])
    later = dt.datetime.now(tz=dt.UTC) + tokens.EMAIL_CHANGE_MAX_AGE + dt.timedelta(days=1)

    with time_machine.travel(later):
        page = text_of(client.get(link, HTTP_ACCEPT_LANGUAGE="es"))

    days = tokens.EMAIL_CHANGE_MAX_AGE.days
    assert f"Este enlace ha vencido (los enlaces sirven por {days} días)." in page
    assert "This link has expired" not in page


@pytest.mark.parametrize(("language", "question"), [
    ("pt-br", "Usar <strong>new@example.org</strong> como endereço de e-mail da conta"),
    ("es", "¿Usar <strong>new@example.org</strong> como correo electrónico de la cuenta"),
])
def test_the_confirmation_page_asks_in_the_residents_language(client, person, language,
                                                              question):
    link = reverse("accounts:email_confirm",
                   args=[tokens.make_email_change_token(person, "new@example.org")])

    page = text_of(client.get(link, HTTP_ACCEPT_LANGUAGE=language))

    assert question in page and f"<strong>{person.username}</strong>" in page
