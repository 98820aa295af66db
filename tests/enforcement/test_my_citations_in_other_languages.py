"""A cited resident reads their citations in Portuguese and Spanish (#26): where each stands,
what it charges, how a daily fine adds up, the hearing and its refusal, with the town's money
and dates written the reader's way and the law's sections kept English (``lang="en"``)."""

from __future__ import annotations

import html
from decimal import Decimal

import pytest
import time_machine
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext

from permits_site.enforcement.citation_views import citation_row, plain_standing
from permits_site.enforcement.models import Citation
from permits_site.enforcement.services.citations import policy_of
from permits_site.enforcement.services.dispositions import (
    decide_hearing,
    request_hearing,
    with_answers,
)
from permits_site.enforcement.views import accrual_text
from permits_site.licensing.services.payments import record_payment
from tests.enforcement.test_citation_pages import (
    AFTER_WINDOW,
    MONDAY,
    NA_WINDOW,
    cite,
    held_today,
)
from tests.translated import LANGUAGES, assert_translated

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("on_monday")]

MINE = reverse("citations:mine")
#: What a resident reads of a $25 citation due on Monday, June 28, 2027.
DUE = {
    "pt-br": ["Minhas multas", "Você deve US$ 25,00. Pague ou peça uma audiência até "
              "28 de junho de 2027.", "Último dia para pagar ou pedir uma audiência",
              "Como pagar"],
    "es": ["Mis multas", "Usted debe US$ 25,00. Páguelo o pida una audiencia a más tardar "
           "el 28 de junio de 2027.", "Último día para pagar o pedir una audiencia",
           "Cómo pagar"],
}
ENGLISH = ["You owe $25.00", "Last day to pay or ask for a hearing", "How to pay",
           "Citations written to you, or to a business you act for."]


def read(client, user, address: str, language: str) -> str:
    client.force_login(user)
    response = client.get(address, HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    return html.unescape(response.content.decode())


def detail(citation) -> str:
    return reverse("citations:detail", args=[citation.pk])


@pytest.mark.parametrize("language", LANGUAGES)
def test_my_citations_say_what_is_owed_by_when_in_the_residents_language(
        client, officer, resident, language):
    citation = cite(officer, party=resident)

    page = read(client, resident, MINE, language)

    for words in DUE[language]:
        assert words in page, (language, words)
    for english in ENGLISH:
        assert english not in page, (language, english)
    assert f'<p class="citation mb-2" lang="en">{citation.citation}</p>' in page


@pytest.mark.parametrize(("language", "words"), [
    ("pt-br", ["Multa nº", "Primeira infração", "A lei em que se baseia", "Pedir uma audiência",
               "Como pagar US$ 25,00", "segunda-feira, 28 de junho de 2027",
               "Se você não concorda com esta multa, pode pedir uma audiência até "
               f'28 de junho de 2027 <span class="citation" lang="en">({NA_WINDOW})</span>.']),
    ("es", ["Multa n.º", "Primera infracción", "La ley en que se basa", "Solicitar una audiencia",
            "Cómo pagar US$ 25,00", "lunes, 28 de junio de 2027",
            "Si no está de acuerdo con esta multa, puede pedir una audiencia hasta el "
            f'28 de junio de 2027 <span class="citation" lang="en">({NA_WINDOW})</span>.']),
])
def test_my_citation_reads_in_the_residents_language_with_the_law_in_english(
        client, officer, resident, language, words):
    citation = cite(officer, party=resident)

    page = read(client, resident, detail(citation), language)

    for said in words:
        assert said in page, (language, said)
    assert "If you disagree with this citation" not in page
    assert "Offense on your record" not in page


@pytest.mark.parametrize(("language", "paid"), [
    ("pt-br", ["Pago em 7 de junho de 2027 com cartão, referência pi_3Q",
               "Pago em 7 de junho de 2027 em dinheiro, referência R-5"]),
    ("es", ["Pagado el 7 de junio de 2027 con tarjeta, referencia pi_3Q",
            "Pagado el 7 de junio de 2027 en efectivo, referencia R-5"]),
])
def test_each_payment_reads_as_a_sentence_in_the_residents_language(
        client, officer, resident, clerk, language, paid):
    citation = cite(officer, party=resident)
    for method, reference, amount in (("card", "pi_3Q", "10.00"), ("cash", "R-5", "5.00")):
        record_payment(invoice=citation.invoice, method=method, reference=reference,
                       amount=Decimal(amount), acting_user=clerk)

    page = read(client, resident, detail(citation), language)

    for sentence in paid:
        assert f"{sentence}</td>" in page, (language, sentence)
    with translation.override(language):
        assert gettext("Card (processor reference)") not in page  # the form's choice label


@pytest.mark.parametrize(("language", "recorded", "asked"), [
    ("pt-br", "O seu pedido de audiência foi registrado.", "Audiência solicitada em "
     "7 de junho de 2027."),
    ("es", "Su solicitud de audiencia quedó registrada.", "Audiencia solicitada el "
     "7 de junio de 2027."),
])
def test_asking_for_a_hearing_is_answered_in_the_residents_language(
        client, officer, resident, language, recorded, asked):
    citation = cite(officer, party=resident)
    client.force_login(resident)

    response = client.post(reverse("citations:detail", args=[citation.pk]), {"action": "hearing"},
                           follow=True, HTTP_ACCEPT_LANGUAGE=language)

    page = html.unescape(response.content.decode())
    assert recorded in page and asked in page
    assert "Your hearing request is recorded." not in page


@pytest.mark.parametrize(("language", "refused"), [
    ("pt-br", "O prazo para pedir uma audiência terminou em 28 de junho de 2027 "),
    ("es", "El plazo para pedir una audiencia terminó el 28 de junio de 2027 "),
])
def test_a_late_hearing_request_is_refused_in_the_residents_language_naming_the_section(
        client, officer, resident, language, refused):
    citation = cite(officer, party=resident)

    with time_machine.travel(AFTER_WINDOW, tick=False):
        client.force_login(resident)
        page = html.unescape(client.post(reverse("citations:detail", args=[citation.pk]),
                                         {"action": "hearing"},
                                         HTTP_ACCEPT_LANGUAGE=language).content.decode())

    assert f'{refused}(<span class="citation" lang="en">{NA_WINDOW}</span>).' in page
    assert "The time to ask for a hearing ended" not in page


@pytest.mark.parametrize(("language", "accrual"), [
    ("pt-br", "Cada dia em que a infração continua é uma infração separada: "
              "1 dia × US$ 25,00 = US$ 25,00 até agora."),
    ("es", "Cada día que continúa la infracción es una infracción aparte: "
           "1 día × US$ 25,00 = US$ 25,00 hasta ahora."),
])
def test_a_daily_fine_adds_up_in_the_residents_language(client, officer, resident, language,
                                                        accrual):
    cite(officer, party=resident, offense="animal_limit")  # a warning first
    daily = cite(officer, party=resident, offense="animal_limit")

    page = read(client, resident, detail(daily), language)

    assert accrual in page
    assert "so far" not in page


def test_how_a_daily_fine_adds_up_reads_as_before_in_english(officer, resident):
    cite(officer, party=resident, offense="animal_limit")
    daily = cite(officer, party=resident, offense="animal_limit")

    assert accrual_text(daily, on=MONDAY.date()) == "1 day × $25.00 = $25.00 so far"
    assert_translated(accrual_text(daily, on=MONDAY.date()))


def test_every_standing_a_resident_reads_is_said_in_both_languages(officer, authority,
                                                                   resident):
    warning = cite(officer, party=resident, offense="animal_limit")
    due = cite(officer, party=resident)
    heard = cite(officer, party=resident)
    request_hearing(citation=heard, acting_user=resident)
    upheld = cite(officer, party=resident)
    request_hearing(citation=upheld, acting_user=resident)
    held_today(upheld)
    decide_hearing(citation=upheld, outcome="upheld", acting_user=authority)

    for citation in with_answers(Citation.objects.filter(
            pk__in=[warning.pk, due.pk, heard.pk, upheld.pk])):
        sentence = plain_standing(citation_row(citation, on=MONDAY.date()),
                                  policy_of(citation))
        assert_translated(sentence)


@pytest.mark.parametrize(("language", "link"), [("pt-br", "Multa nº"), ("es", "Multa n.º")])
def test_a_citations_invoice_links_back_to_it_in_the_residents_language(
        client, officer, resident, language, link):
    citation = cite(officer, party=resident)

    page = read(client, resident, reverse("online_payments:pay", args=[citation.invoice_id]),
                language)

    assert f"{link} {citation.pk}" in page and f"Citation #{citation.pk}" not in page
