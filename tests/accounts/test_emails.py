"""Account emails are sent after commit, and never to a person without an address."""

import pytest
from django.utils import translation

from permits_site.accounts.emails import EMAIL_CHANGED_NOTICE, send_after_commit
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def _send(to, django_capture_on_commit_callbacks):
    person = UserFactory()
    with django_capture_on_commit_callbacks(execute=True):
        send_after_commit(EMAIL_CHANGED_NOTICE,
                          {"user": person, "new_email": "new@example.org"}, to=to)


def test_the_message_goes_out_once_the_transaction_commits(
        mailoutbox, django_capture_on_commit_callbacks):
    _send("jane@example.org", django_capture_on_commit_callbacks)

    assert [message.to for message in mailoutbox] == [["jane@example.org"]]


@pytest.mark.parametrize("to", [None, ""])
def test_a_person_without_an_address_is_sent_nothing(
        to, mailoutbox, django_capture_on_commit_callbacks):
    _send(to, django_capture_on_commit_callbacks)

    assert mailoutbox == []


def _notice_to(person, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        send_after_commit(EMAIL_CHANGED_NOTICE, {"user": person}, to="old@example.org")


@pytest.mark.parametrize(("language", "subject", "greeting", "sentence"), [
    ("pt-br", "O endereço de e-mail da sua conta no Licenças Municipais foi alterado",
     "Olá, Jane Smith,", "Avisos e redefinições de senha vão para esse endereço a partir de "
                         "agora."),
    ("es", "Se cambió la dirección de correo electrónico de su cuenta de Permisos Municipales",
     "Hola, Jane Smith:", "Los avisos y los restablecimientos de contraseña van a esa dirección "
                          "desde ahora."),
])
def test_the_message_is_in_the_persons_saved_language_not_the_pages(
        language, subject, greeting, sentence, mailoutbox, django_capture_on_commit_callbacks):
    person = UserFactory(first_name="Jane", last_name="Smith", language=language)
    with translation.override("en"):
        _notice_to(person, django_capture_on_commit_callbacks)
    [message] = mailoutbox
    assert message.subject == subject
    assert message.body.startswith(greeting) and sentence in message.body
    html, _ = message.alternatives[0]
    assert f'<html lang="{language}">' in html and sentence in html


def test_a_person_without_a_saved_language_reads_english_whatever_the_page_reads(
        mailoutbox, django_capture_on_commit_callbacks):
    person = UserFactory(first_name="Jane", last_name="Smith", email="jane@example.org")
    with translation.override("pt-br"):
        _notice_to(person, django_capture_on_commit_callbacks)
    [message] = mailoutbox
    assert message.subject == "Your Town Permits email address was changed"
    assert message.body == (
        "Hello Jane Smith,\n\n"
        f"The email address of your Town Permits account ({person.username}) is now "
        "jane@example.org.\n"
        "Notices and password resets go to that address from now on.\n\n"
        "If you did not make this change, contact your Town Clerk's office.\n\n")
    assert '<html lang="en">' in message.alternatives[0][0]
