"""North Andover's chapter 60 beyond the dog license, in the reader's language (issue #26):
the kennel license (Kennel license B), the animals at a residence (Limits A–D), the noise
complaint (Restraint C) and the dangerous dog's owner's duties (Dangerous D) are English where
they are declared, for the API, the audit log and staff, and said in Portuguese or Spanish
where a resident's page shows them; so are the town's periods and key dates and the kennel
license's declarations. The law's citations stay English."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

import pytest
import time_machine
from django.urls import reverse
from django.utils import translation

from dogs.kennels.kinds import KENNEL_DOGS, QUOTE_FACTS, KennelLicenseKind
from dogs.licenses.services import apply_for_dog_license
from dogs.periods import KEY_DATES, PERIODS
from dogs.rules import (
    DANGEROUS_DOG_COMPLIANCE,
    KENNEL_LICENSE,
    NOISE_COMPLAINT,
    RESIDENCE_LIMITS,
)
from permits_site.rules.base import Outcome
from tests.dogs.test_license_flow import png_upload
from tests.factories import KennelDogFactory, PermitFactory, permit_type
from tests.translated import (
    LANGUAGES,
    assert_finding_translated,
    assert_translated,
    declared_words,
    said_in,
)

ON = dt.date(2026, 6, 1)
PASS, FAIL = Outcome.PASS, Outcome.FAIL
NOT_APPLICABLE, REVIEW = Outcome.NOT_APPLICABLE, Outcome.NEEDS_REVIEW
INSPECTED = {"location_appropriate": True, "no_adverse_neighborhood_effect": True,
             "safe_sanitary_humane": True, "records_kept": True,
             "consistent_with_health_safety": True}
KENNEL = {"dogs_over_6_months": 6, "dogs_with_current_rabies": 6,
          "distance_to_lot_line_ft": 25, "distance_to_abutting_dwelling_ft": 60,
          "veterinary_medical_boarding": False, **INSPECTED}
RESIDENCE = {"dogs_over_6_months": 2, "kennel_license": False, "cats_over_4_months": 1,
             "wild_or_dangerous_animals": 0}
DAY_NOISE = {"start_time": dt.time(14, 0), "duration_minutes": Decimal("12.5"),
             "uninterrupted": True, "outdoors": True, "repetitive": True, "provoked": False}
NIGHT = {"start_time": dt.time(23, 30)}
DUTIES = {"enclosure_distance_to_property_line_ft": 12, "enclosure_has_bottom": True,
          "sides_embedded_ft": None, "enclosure_has_secure_top": True,
          "enclosure_weather_protection": True, "warning_signs_all_sides": True,
          "child_warning_symbol_sign": True, "abutters_notified_certified": True,
          "insurance_per_incident": Decimal("150000"), "lead_length_ft": 4,
          "muzzled_off_premises": True, "handler_age": 30}

#: Every rule of the four sets, and each way it can end: (rule, answers changed, outcome).
KENNEL_CASES: tuple[tuple[str, dict[str, Any], Outcome], ...] = (
    ("na.kennel.B1.required", {}, PASS),
    ("na.kennel.B1.required", {"dogs_over_6_months": 3, "dogs_with_current_rabies": 3},
     NOT_APPLICABLE),
    ("na.kennel.B1.required", {"veterinary_medical_boarding": True}, NOT_APPLICABLE),
    ("na.kennel.B1.rabies", {}, PASS),
    ("na.kennel.B1.rabies", {"dogs_with_current_rabies": 5}, FAIL),
    ("na.kennel.B3c.lot_line", {}, PASS),
    ("na.kennel.B3c.lot_line", {"distance_to_lot_line_ft": Decimal("12.5")}, FAIL),
    ("na.kennel.B3d.dwelling", {}, PASS),
    ("na.kennel.B3d.dwelling", {"distance_to_abutting_dwelling_ft": 40}, FAIL),
    ("na.kennel.B3.inspection", {}, PASS),
    ("na.kennel.B3.inspection", {"records_kept": None}, REVIEW),
    ("na.kennel.B3.inspection", {"location_appropriate": False}, FAIL),
    ("na.kennel.B3.inspection", {"location_appropriate": False, "records_kept": False,
                                 "safe_sanitary_humane": False}, FAIL),
)
RESIDENCE_CASES: tuple[tuple[str, dict[str, Any], Outcome], ...] = (
    ("na.lim.A.dogs", {}, PASS),
    ("na.lim.A.dogs", {"dogs_over_6_months": 6}, FAIL),
    ("na.lim.A.dogs", {"dogs_over_6_months": 6, "kennel_license": True}, PASS),
    ("na.lim.B.cats", {}, PASS),
    ("na.lim.B.cats", {"cats_over_4_months": 6}, FAIL),
    ("na.lim.D.wild", {}, PASS),
    ("na.lim.D.wild", {"wild_or_dangerous_animals": 2}, FAIL),
)
NOISE_CASES: tuple[tuple[str, dict[str, Any], Outcome], ...] = (
    ("na.rest.C1.day", {}, FAIL),
    ("na.rest.C1.day", {"duration_minutes": Decimal("8")}, PASS),
    ("na.rest.C1.day", {"provoked": True}, PASS),
    ("na.rest.C1.day", {"uninterrupted": False}, PASS),
    ("na.rest.C1.day", NIGHT, NOT_APPLICABLE),
    ("na.rest.C2.night", NIGHT, FAIL),
    ("na.rest.C2.night", {**NIGHT, "outdoors": False}, PASS),
    ("na.rest.C2.night", {}, NOT_APPLICABLE),
)
DUTY_CASES: tuple[tuple[str, dict[str, Any], Outcome], ...] = (
    ("na.dd.D1a.setback", {}, PASS),
    ("na.dd.D1a.setback", {"enclosure_distance_to_property_line_ft": 6}, FAIL),
    ("na.dd.D1a.embedded", {}, NOT_APPLICABLE),
    ("na.dd.D1a.embedded", {"enclosure_has_bottom": False}, REVIEW),
    ("na.dd.D1a.embedded", {"enclosure_has_bottom": False, "sides_embedded_ft": 3}, PASS),
    ("na.dd.D1a.embedded", {"enclosure_has_bottom": False, "sides_embedded_ft": 1}, FAIL),
    ("na.dd.D1a.top", {}, PASS),
    ("na.dd.D1a.top", {"enclosure_has_secure_top": False}, FAIL),
    ("na.dd.D1a.shelter", {}, PASS),
    ("na.dd.D1a.shelter", {"enclosure_weather_protection": False}, FAIL),
    ("na.dd.D1b.signs", {}, PASS),
    ("na.dd.D1b.signs", {"warning_signs_all_sides": False}, FAIL),
    ("na.dd.D1b.signs", {"child_warning_symbol_sign": False}, FAIL),
    ("na.dd.D1b.signs", {"warning_signs_all_sides": False, "child_warning_symbol_sign": False},
     FAIL),
    ("na.dd.D1c.abutters", {}, PASS),
    ("na.dd.D1c.abutters", {"abutters_notified_certified": False}, FAIL),
    ("na.dd.D1d.lead", {}, PASS),
    ("na.dd.D1d.lead", {"muzzled_off_premises": False}, FAIL),
    ("na.dd.D1d.lead", {"lead_length_ft": Decimal("6.5"), "muzzled_off_premises": False,
                        "handler_age": 16}, FAIL),
    ("na.dd.D3.insurance", {}, PASS),
    ("na.dd.D3.insurance", {"insurance_per_incident": Decimal("50000")}, FAIL),
)
SETS = ((KENNEL_LICENSE, KENNEL, KENNEL_CASES), (RESIDENCE_LIMITS, RESIDENCE, RESIDENCE_CASES),
        (NOISE_COMPLAINT, DAY_NOISE, NOISE_CASES), (DANGEROUS_DOG_COMPLIANCE, DUTIES, DUTY_CASES))
CASES = [pytest.param(rule_set, base, *case, id=f"{case[0]}-{number}")
         for rule_set, base, cases in SETS for number, case in enumerate(cases)]
RULE_SETS = [rule_set for rule_set, _, _ in SETS]


def finding(rule_set, base: dict[str, Any], rule_id: str, changes: dict[str, Any]):
    result = rule_set.evaluate({**base, **changes}, on=ON)
    return next(each for each in result.findings if each.rule == rule_id)


def test_every_rule_of_the_four_sets_is_exercised():
    exercised = {case[0] for _, _, cases in SETS for case in cases}
    assert exercised == {rule.id for rule_set in RULE_SETS for rule in rule_set.rules}


@pytest.mark.parametrize(("rule_set", "base", "rule_id", "changes", "outcome"), CASES)
def test_every_rule_says_its_finding_in_the_readers_language(
        rule_set, base, rule_id, changes, outcome):
    assert_finding_translated(finding(rule_set, base, rule_id, changes), outcome)


@pytest.mark.parametrize("rule_set", RULE_SETS, ids=lambda each: each.code)
def test_the_rule_sets_their_rules_and_questions_are_said_in_the_readers_language(rule_set):
    for text in declared_words(rule_set):
        assert_translated(text)


def test_the_periods_and_key_dates_are_said_in_the_readers_language():
    for dated in (*PERIODS, *KEY_DATES):
        assert_translated(dated.description)


def test_the_kennel_licenses_declarations_are_said_in_the_readers_language():
    kind = KennelLicenseKind()
    texts = [KENNEL_DOGS.help, *(document.label for document in kind.documents),
             *(link.label for link in kind.holder_links), kind.inspection_name,
             *kind.role_titles.values()]
    for fact in QUOTE_FACTS:
        texts += [text for text in (fact.label, fact.help_text) if text]
    for text in texts:
        assert_translated(text)


def test_the_findings_read_in_english_as_before():
    assert finding(KENNEL_LICENSE, KENNEL, "na.kennel.B3.inspection",
                   {"location_appropriate": False, "records_kept": False}).message == (
        "The inspection report is not favorable: the inspector did not find that the location "
        "is appropriate for housing multiple dogs (B(3)(a)); that records of the dogs' numbers "
        "and identities are properly kept (B(3)(f)). Correct these and ask for a new "
        "inspection.")
    assert finding(DANGEROUS_DOG_COMPLIANCE, DUTIES, "na.dd.D1d.lead",
                   {"lead_length_ft": Decimal("6.5"), "muzzled_off_premises": False,
                    "handler_age": 16}).message == (
        "Off the premises, use a lead of 4 ft or less (now 6.5 ft); muzzle the dog; have an "
        "adult of 18 or older handle the dog (now 16).")
    assert finding(DANGEROUS_DOG_COMPLIANCE, DUTIES, "na.dd.D3.insurance",
                   {"insurance_per_incident": Decimal("50000")}).message == (
        "Insurance is $50,000.00 per incident; it must be at least $100,000.00.")
    assert finding(NOISE_COMPLAINT, DAY_NOISE, "na.rest.C1.day", {}).message == (
        "Uninterrupted noise for 12.5 minutes by day without provocation; more than 10 minutes "
        "is excessive. The owner must keep the animal from making noise that long.")


def test_a_finding_is_said_with_the_readers_numbers_money_and_joins():
    lead = finding(DANGEROUS_DOG_COMPLIANCE, DUTIES, "na.dd.D1d.lead",
                   {"lead_length_ft": Decimal("6.5"), "muzzled_off_premises": False}).message
    insurance = finding(DANGEROUS_DOG_COMPLIANCE, DUTIES, "na.dd.D3.insurance",
                        {"insurance_per_incident": Decimal("50000")}).message
    report = finding(KENNEL_LICENSE, KENNEL, "na.kennel.B3.inspection",
                     {"location_appropriate": False, "records_kept": False}).message

    assert said_in("pt-br", lead) == ("Fora do imóvel, use uma guia de 4 pés ou menos (agora "
                                      "6,5 pés); coloque focinheira no cão.")
    assert said_in("es", insurance) == ("El seguro es de US$ 50\xa0000,00 por incidente; debe "
                                        "ser de al menos US$ 100\xa0000,00.")
    assert "; que los registros de la cantidad" in said_in("es", report)


def test_a_finding_is_the_same_english_whatever_language_is_active():
    changes = {"warning_signs_all_sides": False, "lead_length_ft": 6, "handler_age": 16}
    findings = []
    for language in ("en", *LANGUAGES):
        with translation.override(language):
            result = DANGEROUS_DOG_COMPLIANCE.evaluate({**DUTIES, **changes}, on=ON)
        findings.append([(each.rule, each.outcome, each.message) for each in result.findings])

    assert findings[0] == findings[1] == findings[2]


@pytest.mark.parametrize(("language", "says"), [
    ("es", ["Licencia de criadero", "Perros de más de seis meses en el criadero",
            "(en pies)", "Conclusión del inspector: el lugar es adecuado",
            "El área de los perros está a por lo menos 20 pies de todos los linderos del lote.",
            "La distancia del área de los perros al lindero del lote más cercano: 12,5 pies"]),
    ("pt-br", ["Licença de canil", "Cães com mais de seis meses no canil", "(em pés)",
               "Constatação do inspetor: o local é adequado",
               "A área dos cães fica a pelo menos 20 pés de todas as divisas do lote.",
               "A distância da área dos cães até a divisa do lote mais próxima: 12,5 pés"]),
])
def test_the_kennel_check_page_asks_and_answers_in_the_readers_language(
        client, north_andover, language, says):
    answers = {"dogs_over_6_months": 6, "dogs_with_current_rabies": 6,
               "distance_to_lot_line_ft": "12.5", "distance_to_abutting_dwelling_ft": 60,
               "veterinary_medical_boarding": "no", "on": "2026-06-01"}

    page = client.get(reverse("law:check", args=["north_andover", KENNEL_LICENSE.code]),
                      answers, HTTP_ACCEPT_LANGUAGE=language)

    text = page.content.decode()
    assert page.status_code == 200
    for words in says:
        assert words in text
    assert ('<p class="citation mb-0" lang="en">North Andover Code ch. 60, Kennel license '
            'B(3)(c)') in text
    assert "Inspector's finding" not in text and "nearest lot line" not in text


@pytest.mark.parametrize(("language", "says"), [
    ("es", ["Perro peligroso: obligaciones del dueño", "¿Cuánto duró?", "(en minutos)",
            "Edad de la persona que lleva al perro (en años)"]),
    ("pt-br", ["Cão perigoso: obrigações do dono", "Quanto tempo durou?", "(em minutos)",
               "Idade da pessoa que conduz o cão (em anos)"]),
])
def test_the_other_check_pages_ask_in_the_readers_language(client, north_andover, language,
                                                            says):
    text = "".join(
        client.get(reverse("law:check", args=["north_andover", rule_set.code]),
                   HTTP_ACCEPT_LANGUAGE=language).content.decode()
        for rule_set in (DANGEROUS_DOG_COMPLIANCE, NOISE_COMPLAINT, RESIDENCE_LIMITS))

    for words in says:
        assert words in text
    assert "Was the animal provoked?" not in text and "Does the pen have" not in text


@pytest.mark.parametrize(("language", "says"), [
    ("es", ["Licencia de criadero", "Con licencia para 6 perros", "1 perro nuevo informado",
            "Informado con atraso: el plazo vencía el 4 de mayo de 2026", "Agregar un perro",
            "Nombre del perro", "Imprimir la lista (PDF)", "Mis licencias de criadero"]),
    ("pt-br", ["Licença de canil", "Licenciado para 6 cães", "1 cão novo comunicado",
               "Comunicado com atraso: o prazo era 4 de maio de 2026", "Cadastrar um cão",
               "Nome do cão", "Imprimir a lista (PDF)", "Minhas licenças de canil"]),
])
def test_the_licensees_kennel_pages_read_in_their_language(client, db, language, says):
    permit = PermitFactory(
        application__permit_type=permit_type(KENNEL_LICENSE.code),
        application__facts={"dogs_over_6_months": 6},
        holder_address="40 Kennel Road, North Andover MA 01845")
    KennelDogFactory(permit=permit, name="Pip", acquired_on=dt.date(2026, 4, 1),
                     report_due=dt.date(2026, 5, 4))
    client.force_login(permit.holder)

    text = "".join(client.get(url, HTTP_ACCEPT_LANGUAGE=language).content.decode()
                   for url in (reverse("dogs:kennel", args=[permit.pk]), reverse("dogs:kennels")))

    for words in says:
        assert words in text
    assert ('<span class="citation" lang="en">North Andover Code ch. 60, Kennel license B(2)'
            '</span>') in text
    assert "Reported late" not in text and "The kennel's dogs" not in text


@pytest.mark.parametrize(("language", "says"), [
    ("es", ["La vacuna antirrábica venció el 1 de enero de 2020",
            "Indique el certificado antirrábico del perro alojado"]),
    ("pt-br", ["A vacinação antirrábica venceu em 1 de janeiro de 2020",
               "Informe o certificado antirrábico do cão hospedado"]),
])
def test_a_refused_dog_is_explained_to_the_licensee_in_their_language(client, db, language,
                                                                      says):
    permit = PermitFactory(application__permit_type=permit_type(KENNEL_LICENSE.code),
                           application__facts={"dogs_over_6_months": 6})
    client.force_login(permit.holder)

    page = client.post(reverse("dogs:kennel", args=[permit.pk]),
                       {"action": "dog", "dog-name": "Pip", "dog-breed": "Whippet",
                        "dog-boarded_for": "Ana",
                        "dog-rabies_valid_through": "2020-01-01"},
                       HTTP_ACCEPT_LANGUAGE=language)

    text = page.content.decode()
    assert page.status_code == 400
    for words in says:
        assert words in text
    assert "Kennel license B(1), B(2)</span>" in text


@pytest.mark.parametrize(("language", "says"), [
    ("es", ["¿Encontró un animal?", "Cómo es", "Hurón", "Enviar el aviso",
            "Gracias. El Oficial de Control de Animales recibió su aviso"]),
    ("pt-br", ["Encontrou um animal?", "Como ele é", "Furão", "Enviar o relato",
               "Obrigado. O Agente de Controle de Animais recebeu seu relato"]),
])
def test_a_finder_reports_an_animal_in_their_language(client, north_andover, language, says):
    report = {"town": north_andover.pk, "species": "cat", "description": "Grey tabby",
              "found_at": "Main Street", "finder_name": "Ana", "finder_contact": "555-0100"}

    text = (client.get(reverse("dogs:found_dog"), HTTP_ACCEPT_LANGUAGE=language).content
            + client.post(reverse("dogs:found_dog"), report, HTTP_ACCEPT_LANGUAGE=language
                          ).content).decode()

    for words in says:
        assert words in text
    assert '<span class="citation" lang="en">(North Andover Code ch. 60, Impoundment B)' in text
    assert "Found an animal?" not in text


@pytest.mark.parametrize(("language", "says"), [
    ("es", ["<dd class=\"col-sm-8\">Macho</dd>", "<dd class=\"col-sm-8\">Sí</dd>",
            "<dd class=\"col-sm-8\">1 de mayo de 2022</dd>"]),
    ("pt-br", ["<dd class=\"col-sm-8\">Macho</dd>", "<dd class=\"col-sm-8\">Sim</dd>",
               "<dd class=\"col-sm-8\">1 de maio de 2022</dd>"]),
    ("en", ["<dd class=\"col-sm-8\">Male</dd>", "<dd class=\"col-sm-8\">Yes</dd>",
            "<dd class=\"col-sm-8\">May 1, 2022</dd>"]),
])
def test_the_dog_license_application_describes_the_dog_in_the_readers_language(
        client, dog, language, says):
    application = apply_for_dog_license(applicant=dog.owner, dog=dog, action="new",
                                        license_year=dt.date.today().year)
    client.force_login(dog.owner)

    text = client.get(reverse("licensing:application", args=[application.pk]),
                      HTTP_ACCEPT_LANGUAGE=language).content.decode()

    for words in says:
        assert words in text


@pytest.mark.parametrize(("language", "says"), [
    ("es", "Indique un año de licencia de 2000 a"),
    ("pt-br", "Informe um ano de licença de 2000 a"),
])
def test_a_refused_paper_license_is_explained_in_the_readers_language(client, dog, language,
                                                                      says):
    client.force_login(dog.owner)

    page = client.post(reverse("dogs:paper_license", args=[dog.pk]),
                       {"number": "812", "year": 1990}, HTTP_ACCEPT_LANGUAGE=language)

    assert page.status_code == 400
    assert says in page.content.decode()


@pytest.mark.parametrize(("language", "says"), [
    ("es", "Borrador guardado. Revise la tarifa y los resultados"),
    ("pt-br", "Rascunho salvo. Confira a taxa e as constatações"),
])
@time_machine.travel(dt.datetime(2027, 2, 10, 15, 0), tick=False)
def test_a_saved_dog_license_draft_is_confirmed_in_the_readers_language(client, dog, language,
                                                                        says):
    client.force_login(dog.owner)

    page = client.post(reverse("dogs:apply"), {
        "dog": dog.pk, "action": "new", "license_year": "2027", "acquired_on": "2027-02-01",
        "kind": "rabies_certificate", "valid_until": "2029-01-01", "file": png_upload()},
        HTTP_ACCEPT_LANGUAGE=language, follow=True)

    assert says in page.content.decode()
