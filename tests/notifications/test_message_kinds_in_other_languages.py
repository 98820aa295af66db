"""The messages page names each message's kind ("Permit issued", "Citation falls due") in
the reader's language, as the rest of the page, whatever language the message was written in."""

import pytest
from django.urls import reverse
from django.utils import translation

from permits_site.notifications.models import MessageKind
from tests.factories import MessageFactory, Role, municipality, staff

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(("language", "issued", "due"), [
    ("es", "Permiso emitido", "Vence el plazo de la citación"),
    ("pt-br", "Licença emitida", "Vence o prazo da autuação"),
    ("en", "Permit issued", "Citation falls due"),
])
def test_each_messages_kind_is_named_in_the_readers_language(client, resident, language,
                                                             issued, due):
    MessageFactory(recipient=resident, kind=MessageKind.ISSUED, subject="Permit", text="Issued.")
    MessageFactory(recipient=resident, kind=MessageKind.CITATION_DUE, subject="Due",
                   text="Due.")
    client.force_login(resident)

    page = client.get(reverse("notifications:messages"),
                      HTTP_ACCEPT_LANGUAGE=language).content.decode()

    assert issued in page and due in page
    assert '<span lang="en">Permit issued</span>' not in page


@pytest.mark.parametrize("language", ["es", "pt-br"])
def test_every_kind_is_said_in_the_language(language):
    with translation.override("en"):
        english = {kind.value: str(kind.label) for kind in MessageKind}
    with translation.override(language):
        untranslated = [kind.value for kind in MessageKind
                        if str(kind.label) == english[kind.value]]

    assert untranslated == []


@pytest.mark.parametrize(("language", "kind", "legal"), [
    ("es", "Animal retenido en el depósito", "aviso legal"),
    ("pt-br", "Animal recolhido", "aviso legal"),
    ("en", "Animal impounded", "legal notice"),
])
def test_the_letters_page_says_legal_notice_in_the_language_of_the_kind(client, language,
                                                                        kind, legal):
    """A letter's kind and "legal notice" beside it are one phrase, in one language."""
    clerk = staff(Role.CLERK, "north_andover")
    MessageFactory(email=None, postal_address="4 Main Street, North Andover",
                   kind=MessageKind.ANIMAL_IMPOUNDED, is_legal_notice=True,
                   municipality=municipality("north_andover"), subject="Impounded")
    client.force_login(clerk)

    page = client.get(reverse("letters:list"), HTTP_ACCEPT_LANGUAGE=language).content.decode()

    assert f"{kind} · {legal} ·" in page
