"""The dog license in Spanish and Brazilian Portuguese (issue #26): the resident's pages say
the rules' explanations and the refusals in the reader's language, the law's citations stay
English with ``lang="en"``, English reads exactly as before, and the API and the public check
answer in English whatever the client's language (North Andover Code ch. 60, Licenses A)."""

import datetime as dt
import re

import pytest
import time_machine
from django.urls import reverse
from django.utils import translation
from rest_framework.test import APIClient

from dogs.licenses.services import apply_for_dog_license
from dogs.rules import DOG_LICENSE, RESIDENCE_LIMITS
from permits_site.licensing.templatetags.localised import explained
from tests.dogs.test_license_flow import png_upload
from tests.law.answers import DOG_LICENSE_RENEWAL

pytestmark = pytest.mark.django_db
FEB_2027 = dt.datetime(2027, 2, 10, 15, 0)
SECTION = "North Andover Code ch. 60, Licenses A"
RENEWAL = {"action": "renewal", "license_year": 2027, "kind": "rabies_certificate",
           "valid_until": "2029-01-01"}
ENGLISH_REFUSAL = (
    "Biscuit has no 2026 license, online or on paper, to renew: a renewal follows the license "
    f"of the year before ({SECTION}). Apply for a new license instead: $10.00. The license "
    "was due by November 1, 2022. License the dog now; the Town may fine an unlicensed dog. "
    "(North Andover Code ch. 60, Licenses A(2), A(3), A(4))"
)
#: What each language says of the refused renewal, the form and the late license.
SAYS = {
    "es": ["Biscuit no tiene licencia de 2026", "US$ 10,00", "1 de noviembre de 2022",
           "¿Qué necesita?", "Renovación de la licencia del año pasado",
           "Solicitar una licencia de perro de North Andover", "Guardar y revisar"],
    "pt-br": ["Biscuit não tem licença de 2026", "US$ 10,00", "1 de novembro de 2022",
              "Do que você precisa?", "Renovação da licença do ano passado",
              "Pedir uma licença de cão de North Andover", "Salvar e revisar"],
}


def refused_renewal(client, dog, language: str):
    client.force_login(dog.owner)
    return client.post(reverse("dogs:apply"), {**RENEWAL, "dog": dog.pk, "file": png_upload()},
                       HTTP_ACCEPT_LANGUAGE=language)


@pytest.mark.parametrize("language", ["es", "pt-br"])
@time_machine.travel(FEB_2027, tick=False)
def test_the_refused_renewal_is_explained_in_the_readers_language_citing_in_english(
        client, dog, language):
    page = refused_renewal(client, dog, language)

    text = page.content.decode()
    assert page.status_code == 400
    assert f'<html lang="{language}"' in text
    for words in SAYS[language]:
        assert words in text
    assert f'<span class="citation" lang="en">{SECTION}</span>' in text
    assert "has no 2026 license" not in text and "Apply for a new license instead" not in text
    assert "%(" not in text


@time_machine.travel(FEB_2027, tick=False)
def test_the_refused_renewal_reads_in_english_exactly_as_before(client, dog):
    page = refused_renewal(client, dog, "en-US,en;q=0.9")

    text = page.content.decode()
    assert ENGLISH_REFUSAL.replace("'", "&#x27;") in text
    assert "What do you need?" in text and "Save and review" in text


@pytest.mark.parametrize(("language", "says"), [
    ("es", ["Lo que dicen las reglas", "Impide el permiso",
            "No hay una vacuna antirrábica vigente el 10 de febrero de 2027",
            "Usted envía la solicitud en esta página", "Fecha de nacimiento"]),
    ("pt-br", ["O que dizem as regras", "Impede a licença",
               "Não há vacina antirrábica em dia em 10 de fevereiro de 2027",
               "Você envia o pedido nesta página", "Data de nascimento"]),
])
@time_machine.travel(FEB_2027, tick=False)
def test_the_application_page_explains_the_findings_and_keeps_the_citation_english(
        client, dog, language, says):
    application = apply_for_dog_license(applicant=dog.owner, dog=dog, action="new",
                                        license_year=2027, acquired_on=dt.date(2027, 2, 1))
    client.force_login(dog.owner)

    page = client.get(reverse("licensing:application", args=[application.pk]),
                      HTTP_ACCEPT_LANGUAGE=language)

    text = page.content.decode()
    for words in says:
        assert words in text
    assert '<div class="citation" lang="en">North Andover Code ch. 60, Licenses A(1)' in text
    assert "No current rabies vaccination" not in text


@time_machine.travel(FEB_2027, tick=False)
def test_the_api_refuses_in_english_whatever_the_client_asks(dog):
    api = APIClient()
    api.force_authenticate(dog.owner)

    response = api.post("/api/v1/applications/", {
        "permit_type": "north_andover.dog_license", "action": "renewal",
        "details": {"dog": dog.pk, "license_year": 2027}}, format="json",
        HTTP_ACCEPT_LANGUAGE="es")

    assert response.json()["action"] == [ENGLISH_REFUSAL]


@pytest.mark.parametrize("language", ["es", "pt-br"])
def test_the_public_check_answers_in_english_whatever_the_client_asks(language):
    public = APIClient()
    check = "/api/v1/checks/north_andover.dog_license/"
    facts = {**DOG_LICENSE_RENEWAL, "rabies_vaccination_expires": "2026-11-30"}

    described = public.get(check, HTTP_ACCEPT_LANGUAGE=language).json()
    english = public.post(check, {"facts": facts, "on": "2027-02-01"}, format="json").json()
    judged = public.post(check, {"facts": facts, "on": "2027-02-01"}, format="json",
                         HTTP_ACCEPT_LANGUAGE=language).json()

    assert judged == english
    assert "No current rabies vaccination on February 1, 2027." in str(judged)
    assert described["title"] == "Dog license"
    assert "Dogs six months and older must be licensed." in str(described)


def _messages(rule_set, facts, on, calendar):
    return [finding.message
            for finding in rule_set.evaluate(facts, on=on, calendar=calendar).findings]


@pytest.mark.parametrize("language", ["es", "pt-br"])
def test_the_rules_say_the_same_english_whatever_language_is_active(language, north_andover):
    """A finding's message is a function of the facts and the date only (the property tests
    compare two evaluations)."""
    facts = DOG_LICENSE.parse({**DOG_LICENSE_RENEWAL, "rabies_vaccination_expires": "2026-11-30",
                               "dogs_at_residence_over_6_months": 5})
    limits = {"dogs_over_6_months": 5, "kennel_license": False, "cats_over_4_months": 1,
              "wild_or_dangerous_animals": 0}
    on, calendar = dt.date(2027, 2, 1), north_andover.calendar()
    english = (_messages(DOG_LICENSE, facts, on, calendar)
               + _messages(RESIDENCE_LIMITS, limits, on, calendar))

    with translation.override(language):
        translated = (_messages(DOG_LICENSE, facts, on, calendar)
                      + _messages(RESIDENCE_LIMITS, limits, on, calendar))

    assert translated == english
    assert not any("%(" in message for message in translated)


def _findings_of_every_outcome(calendar):
    """Each rule of the dog license on facts where it passes, fails or does not apply."""
    young = {**DOG_LICENSE_RENEWAL, "date_of_birth": "2026-12-01", "renewal": False}
    late = {**DOG_LICENSE_RENEWAL, "renewal": False, "acquired_on": "2026-06-01",
            "dogs_at_residence_over_6_months": 5}
    exempt = {**DOG_LICENSE_RENEWAL, "rabies_vaccination_expires": None,
              "rabies_exemption_until": "2028-01-01", "dogs_at_residence_over_6_months": 5,
              "kennel_license": True}
    on = dt.date(2027, 2, 1)
    for answers in (DOG_LICENSE_RENEWAL, young, late, exempt):
        yield from DOG_LICENSE.evaluate(DOG_LICENSE.parse(answers), on=on,
                                        calendar=calendar).findings


@pytest.mark.parametrize("language", ["es", "pt-br"])
def test_every_dog_license_sentence_has_a_translation(language, north_andover):
    findings = list(_findings_of_every_outcome(north_andover.calendar()))
    assert {finding.outcome for finding in findings} >= {"pass", "fail", "not_applicable"}

    with translation.override(language):
        for finding in findings:
            said = explained(finding.message)
            assert said != finding.message, finding.message
            assert "%(" not in said and not re.search(r"\b(January|February|November)\b", said)


@pytest.mark.parametrize(("language", "says"), [
    ("es", ["Mis perros", "Solicitar una licencia", "Agregar un perro", "nació el"]),
    ("pt-br", ["Meus cães", "Pedir uma licença", "Cadastrar um cão", "nasceu em"]),
])
def test_the_dashboard_lists_the_dogs_in_the_readers_language(client, dog, language, says):
    client.force_login(dog.owner)

    text = client.get(reverse("licensing:dashboard"), HTTP_ACCEPT_LANGUAGE=language
                      ).content.decode()

    for words in says:
        assert words in text


@pytest.mark.parametrize(("language", "says"), [
    ("es", ["Agregar un perro", "Raza", "Hembra", "Dónde vive el perro", "Guardar"]),
    ("pt-br", ["Cadastrar um cão", "Raça", "Fêmea", "Onde o cão mora", "Salvar"]),
])
def test_the_dog_form_asks_in_the_readers_language(client, resident, language, says):
    client.force_login(resident)

    text = client.get(reverse("dogs:dog_new"), HTTP_ACCEPT_LANGUAGE=language).content.decode()

    for words in says:
        assert words in text


@pytest.mark.parametrize(("language", "says"), [
    ("es", ["Verifique antes de solicitar", "Licencia de perro",
            "Resultado al 1 de febrero de 2027",
            "No hay una vacuna antirrábica vigente el 1 de febrero de 2027", "No se cumple",
            "Fecha de nacimiento del perro", "Preguntas de sí o no"]),
    ("pt-br", ["Verifique antes de pedir", "Licença de cão",
               "Resultado em 1 de fevereiro de 2027",
               "Não há vacina antirrábica em dia em 1 de fevereiro de 2027", "Não cumprida",
               "Data de nascimento do cão", "Perguntas de sim ou não"]),
])
def test_the_public_check_page_explains_the_findings_in_the_readers_language(
        client, north_andover, language, says):
    answers = {"date_of_birth": "2020-01-15", "spayed_neutered": "yes",
               "rabies_vaccination_expires": "2026-11-30", "dogs_at_residence_over_6_months": 2,
               "kennel_license": "no", "renewal": "yes", "on": "2027-02-01"}

    page = client.get(reverse("law:check", args=["north_andover", "north_andover.dog_license"]),
                      answers, HTTP_ACCEPT_LANGUAGE=language)

    text = page.content.decode()
    assert page.status_code == 200
    for words in says:
        assert words in text
    assert '<p class="citation mb-0" lang="en">North Andover Code ch. 60, Licenses A(1)' in text
