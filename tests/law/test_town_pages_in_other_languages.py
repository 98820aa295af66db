"""The town's public pages read in Portuguese and Spanish (#26): the town page, a permit
type's page, the key dates and the variances in effect say the core's words in the reader's
language, the weekdays and dates included; the law's citations stay English, marked
``lang="en"``; a generated form says its units in the reader's language even when its class
was built at import (the horse burial notice); English reads as before."""

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation
from django.utils.translation import trans_real

from permits_site.licensing.fact_forms import fact_form_class, unit_words
from permits_site.licensing.views.law import period_length
from permits_site.rules.registry import town_law
from tests.translated import LANGUAGES

pytestmark = pytest.mark.django_db
TOWNS = ("north_andover", "northborough", "tisbury")


def page(language: str, name: str, *args, **params) -> str:
    response = Client(HTTP_ACCEPT_LANGUAGE=language).get(reverse(name, args=args), params)
    assert response.status_code == 200
    return response.content.decode()


def test_the_town_page_in_portuguese_names_its_days_checks_and_permits_in_portuguese():
    text = page("pt-br", "law:town", "north_andover")

    assert "North Andover: regras, licenças e datas importantes" in text
    assert "As repartições municipais abrem Seg, Ter, Qua, Qui, exceto" in text
    assert "Verifique antes de pedir" in text and "Emitida por" in text
    assert "Pedir pela internet" in text and "(depois de entrar)" in text
    assert "Taxas em vigor hoje" in text
    assert "regras</p>" in text and " rules</p>" not in text
    assert '<dd class="col-sm-9 citation" lang="en">North Andover Code ch. 60' in text


def test_the_town_page_in_spanish_counts_its_rules_in_spanish():
    text = page("es", "law:town", "northborough")

    assert "Las oficinas municipales abren lun, mar, mié, jue, vie" in text
    assert "Verifique antes de solicitar" in text and "Otorgada por" in text
    assert "reglas</p>" in text and "Permisos y licencias" in text


def test_the_town_page_in_english_reads_as_before():
    text = page("en", "law:town", "north_andover")

    assert "Town of North Andover: rules, permits and key dates" in text
    assert "Town offices are open Mon, Tue, Wed, Thu, except Massachusetts legal holidays." in text
    assert "whether your plan meets North Andover's rules" in text
    assert "(after you sign in)" in text and "$25.00" in text


@pytest.mark.parametrize(("language", "steps", "actions"), [
    ("pt-br", "A prefeitura aceita cada documento que você enviar.", "quando você pedir: nova"),
    ("es", "La oficina acepta cada documento que usted suba.", "cuando solicite: nueva"),
])
def test_a_permit_types_page_says_its_steps_and_documents_in_the_readers_language(
        language, steps, actions):
    text = page(language, "law:permit_type", "north_andover", "north_andover.dog_license")

    assert steps in text and actions in text
    assert "Before it is issued" not in text and "when you apply for" not in text
    assert ('<span class="citation" lang="en">North Andover Code ch. 60, Licenses A</span>.</p>'
            in text)
    assert '<span class="citation small" lang="en">(' in text


def test_a_permit_types_page_in_english_reads_as_before():
    text = page("en", "law:permit_type", "north_andover", "north_andover.dog_license")

    assert "The office accepts each document you upload." in text
    assert "when you apply for: new, renewal, transfer" in text
    assert "The law sets no processing time: the office tells you when you apply." in text


def test_the_key_dates_in_spanish_name_weekdays_months_and_periods_in_spanish():
    text = page("es", "law:key_dates", "north_andover", year="2030")

    assert '<time datetime="2030-03-04">lun, 4 de marzo de 2030</time>' in text
    assert "Las oficinas abren lun, mar, mié, jue, excepto" in text
    assert "Plazo: cuando el último día cae" in text and "10 días hábiles" in text
    # The citation is English; the column's header a phone shows over it is not.
    assert ('<td class="citation" data-label="Ley"><span lang="en">North Andover Code ch. 60'
            in text)


def test_a_due_date_in_portuguese_is_said_in_portuguese():
    law = town_law("north_andover")
    code = next(iter(law.periods))

    text = page("pt-br", "law:key_dates", "north_andover", year="2030", period=code,
                start="2030-03-01")

    assert "Contando a partir de <time datetime=\"2030-03-01\">1 de março de 2030</time>" in text


def test_period_lengths_are_counted_in_the_readers_language():
    periods = {period.code: period for period in town_law("tisbury").periods.values()}
    monthly = next(period for period in periods.values() if period.next_month_day)

    with translation.override("pt-br"):
        assert period_length(monthly) == f"até o dia {monthly.next_month_day} do mês seguinte"
    with translation.override("en"):
        assert period_length(monthly) == "by the 15th of the next month"


def test_the_variances_in_effect_are_said_in_portuguese():
    text = page("pt-br", "law:variances", "northborough")

    assert "Exceções em vigor em Northborough" in text
    assert "Nenhuma exceção está em vigor hoje." in text


@pytest.mark.parametrize(("language", "feet"), [("pt-br", "(em pés)"), ("es", "(en pies)")])
def test_a_form_class_built_at_import_says_its_units_in_the_readers_language(language, feet):
    with translation.override("en"):  # a module's form class, built as Django starts
        burial_form = fact_form_class(
            town_law("northborough").rule_sets["northborough.horse_burial"])
    with translation.override(language):
        form = burial_form()

    labels = [field.label for field in form.fields.values()]
    assert any(label.endswith(feet) for label in labels), labels
    assert not any("(in feet)" in label for label in labels)
    with translation.override("en"):
        english = burial_form()
    assert any(field.label.endswith("(in feet)") for field in english.fields.values())


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_unit_a_towns_declaration_names_has_its_words_in_the_catalogue(language):
    catalogue = trans_real.translation(language)._catalog
    units = {fact.unit for town in TOWNS for rule_set in town_law(town).rule_sets.values()
             for fact in rule_set.facts if fact.unit}

    missing = sorted(unit for unit in units if unit_words(unit) not in catalogue)

    assert not missing
