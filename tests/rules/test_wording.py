"""Sentences that remember their template: English for the API and the audit log, the
reader's language on a page (permits_site.rules.wording, the ``explained`` filter)."""

import datetime as dt
import json
import pickle
from decimal import Decimal
from types import SimpleNamespace

import pytest
from django.utils import translation

from permits_site.licensing.templatetags.localised import (
    day_and_date,
    day_time_and_place,
    explained,
    explained_text,
    time_of_day,
)
from permits_site.rules.units import measure
from permits_site.rules.wording import (
    CitedSection,
    Dollars,
    Explanation,
    MonthDay,
    TypedText,
    explain,
    gettext_noop,
    ngettext_lazy,
    phrase,
)


def test_an_explanation_is_its_english_sentence():
    sentence = explain(gettext_noop("valid until %(date)s"), date=dt.date(2030, 3, 4))
    assert sentence == "valid until March 4, 2030"
    assert json.dumps({"message": sentence}) == '{"message": "valid until March 4, 2030"}'
    assert sentence.template == "valid until %(date)s"
    assert sentence.values == {"date": dt.date(2030, 3, 4)}


def test_dollars_read_as_money_in_english():
    assert explain("Invoice #%(number)s:", number=Dollars("1234.5")) == "Invoice #$1,234.50:"


def test_an_explanation_survives_pickling_with_its_template():
    sentence = explain("Signed in as %(name)s", name="Ana")
    copy = pickle.loads(pickle.dumps(sentence))
    assert isinstance(copy, Explanation)
    assert (copy, copy.template, copy.values) == (sentence, sentence.template, sentence.values)


@pytest.mark.parametrize(("language", "expected"), [
    ("en", "valid until March 4, 2030"),
    ("pt-br", "válido até 4 de março de 2030"),
    ("es", "válido hasta el 4 de marzo de 2030"),
])
def test_explained_translates_the_template_and_writes_the_date_the_readers_way(
        language, expected):
    sentence = explain(gettext_noop("valid until %(date)s"), date=dt.date(2030, 3, 4))
    with translation.override(language):
        assert explained(sentence) == expected


def test_explained_writes_numbers_and_money_the_readers_way():
    sentence = explain("Invoice #%(number)s:", number=Dollars("1234.5"))
    with translation.override("pt-br"):
        assert explained(sentence) == "Fatura nº US$ 1.234,50:"
    with translation.override("es"):
        assert explained(explain("Signed in as %(name)s", name=Decimal("49.9"))) == (
            "Sesión iniciada como 49,9")


def test_explained_translates_a_plain_marked_sentence_and_leaves_an_unknown_one():
    with translation.override("pt-br"):
        assert explained("Signed in as %(name)s") == "Conectado como %(name)s"
        assert explained("A sentence no catalogue holds.") == "A sentence no catalogue holds."
        assert explained("") == ""


def test_explained_keeps_a_citation_in_english_marked_as_english_and_escapes_the_values():
    sentence = explain(gettext_noop("Adds a fee or penalty (%(section)s)"),
                       section=CitedSection("Reg. 09.4 <b>"))
    assert sentence == "Adds a fee or penalty (Reg. 09.4 <b>)"
    with translation.override("en"):
        assert explained(sentence) == "Adds a fee or penalty (Reg. 09.4 <b>)"
    with translation.override("es"):
        assert explained(sentence) == (
            'Agrega un cargo o una sanción (<span class="citation" lang="en">Reg. 09.4 &lt;b&gt;'
            "</span>)")
    with translation.override("es"):
        assert explained_text(sentence) == "Agrega un cargo o una sanción (Reg. 09.4 <b>)"


def test_a_plain_string_among_the_values_is_data_and_stays_as_typed():
    """A dog named "Yes" is not translated as the word the catalogues hold."""
    sentence = explain(gettext_noop("Signed in as %(name)s"), name="Yes")
    with translation.override("pt-br"):
        assert explained(sentence) == "Conectado como Yes"
        assert explained_text(sentence) == "Conectado como Yes"


def test_marked_words_among_the_values_are_said_in_the_readers_language():
    sentence = explain(gettext_noop("Signed in as %(name)s"), name=phrase(gettext_noop("Yes")))
    assert sentence == "Signed in as Yes"
    assert phrase(sentence) is sentence
    with translation.override("pt-br"):
        assert explained(sentence) == "Conectado como Sim"
    with translation.override("es"):
        assert explained_text(sentence) == "Sesión iniciada como Sí"


def test_typed_text_among_the_values_reads_as_the_admin_gave_it_else_in_english():
    name = TypedText("Dog License", {"pt-br": "Licença de cão", "es": ""})
    sentence = explain(gettext_noop("Signed in as %(name)s"), name=name.lower())
    assert sentence == "Signed in as dog license"
    assert pickle.loads(pickle.dumps(sentence)).values["name"].translations == {
        "pt-br": "licença de cão"}
    with translation.override("pt-br"):
        assert explained(sentence) == "Conectado como licença de cão"
    with translation.override("es"):
        assert explained(sentence) == (
            'Sesión iniciada como <span lang="en">dog license</span>')
        assert explained_text(sentence) == "Sesión iniciada como dog license"


def test_marked_words_may_hold_a_percent_sign():
    words = phrase("up to 25% more")
    assert words == "up to 25% more"
    with translation.override("es"):
        assert explained(words) == "up to 25% more"


@pytest.mark.parametrize(("language", "expected"), [
    ("en", "hearing on June 3"),
    ("pt-br", "hearing on 3 de junho"),
    ("es", "hearing on 3 de junio"),
])
def test_a_month_day_names_the_day_without_its_year(language, expected):
    sentence = explain("hearing on %(day)s", day=MonthDay.of(dt.date(2030, 6, 3)))
    assert sentence == "hearing on June 3"
    with translation.override(language):
        assert explained(sentence) == expected


@pytest.mark.parametrize(("language", "expected"), [
    ("en", "Monday, June 3, 2030"),
    ("pt-br", "segunda-feira, 3 de junho de 2030"),
    ("es", "lunes, 3 de junio de 2030"),
])
def test_day_and_date_names_the_weekday(language, expected):
    with translation.override(language):
        assert day_and_date(dt.date(2030, 6, 3)) == expected


@pytest.mark.parametrize(("language", "hour", "expected"), [
    ("en", dt.time(19, 0), "7:00 PM"),
    ("en", dt.time(9, 30), "9:30 AM"),
    ("pt-br", dt.time(19, 0), "19:00"),
    ("es", dt.time(9, 30), "09:30"),
    ("en", None, ""),
])
def test_an_hour_reads_the_readers_way(language, hour, expected):
    with translation.override(language):
        assert time_of_day(hour) == expected


@pytest.mark.parametrize(("hour", "place", "expected"), [
    (dt.time(19, 0), "Town Hall", "Monday, June 3, 2030, 7:00 PM, Town Hall"),
    (None, "Town Hall", "Monday, June 3, 2030, Town Hall"),
    (dt.time(19, 0), "", "Monday, June 3, 2030, 7:00 PM"),
    (None, "", "Monday, June 3, 2030"),
])
def test_a_hearing_reads_as_the_parts_of_its_day_hour_and_place_it_has(hour, place, expected):
    hearing = SimpleNamespace(hearing_date=dt.date(2030, 6, 3), hearing_time=hour,
                              location=place)
    with translation.override("en"):
        assert day_time_and_place(hearing) == expected


@pytest.mark.parametrize(("computed", "said"), [
    (Decimal("225.0"), "225 sq ft"), (Decimal("1.70"), "1.7 sq ft"), (Decimal("0.50"), "0.5 sq ft"),
    (225, "225 sq ft"), (Decimal("1700.00"), "1700 sq ft"),
])
def test_a_computed_measure_reads_without_the_zeros_its_arithmetic_left(computed, said):
    from permits_site.rules.base import at_least

    assert said in at_least(computed, Decimal("0"), unit="sq ft", what="The area").message


@pytest.mark.parametrize(("summary", "sentence"), [
    ("Are the switches out of campers' reach?", "Are the switches out of campers' reach?"),
    ("The corral is sloped", "The corral is sloped."), ("Done.", "Done."), ("Stop!", "Stop!"),
])
def test_a_summary_closes_as_one_sentence(summary, sentence):
    from permits_site.licensing.templatetags.localised import as_sentence

    assert as_sentence(summary) == sentence


def test_a_typed_text_before_the_sentence_s_own_stop_loses_its_own():
    from permits_site.licensing.templatetags.localised import before_a_stop

    assert before_a_stop("Monday–Friday, 8:30 a.m.–4:00 p.m. ") == (
        "Monday–Friday, 8:30 a.m.–4:00 p.m")
    assert before_a_stop("Cash or check") == "Cash or check"


@pytest.mark.parametrize(("count", "expected"), [
    (0, "0 days"), (1, "1 day"), (2, "2 days"), (Decimal("1.5"), "1.5 days")])
def test_a_counted_sentence_reads_singular_for_one_thing_and_plural_otherwise(count, expected):
    sentence = explain(ngettext_lazy("%(count)s day", "%(count)s days", "count"), count=count)
    assert sentence == expected
    copy = pickle.loads(pickle.dumps(sentence))
    assert (copy, copy.values) == (sentence, sentence.values)


@pytest.mark.parametrize(("count", "expected"), [(0, "0 dia"), (1, "1 dia"), (2, "2 dias")])
def test_a_counted_sentence_takes_the_plural_forms_of_the_readers_language(count, expected):
    """Brazilian Portuguese counts zero as one ("0 dia"), English does not ("0 days")."""
    sentence = explain(ngettext_lazy("%(count)s day", "%(count)s days", "count"), count=count)
    with translation.override("pt-br"):
        assert explained(sentence) == expected
        assert explained_text(phrase(sentence)) == expected


@pytest.mark.parametrize(("amount", "unit", "expected"), [
    (1, "acres", "1 acre"), (2, "acres", "2 acres"), (Decimal("1.0"), "acres", "1 acre"),
    (Decimal("0.5"), "acres", "0.5 acres"), (1, "residences", "1 residence"),
    (2, "residences", "2 residences"), (1, "horses", "1 horse"), (1, "days", "1 day"),
    (1, "ft", "1 ft"), (2, "sq ft", "2 sq ft"), (7, "", 7),
])
def test_a_measure_names_one_thing_in_the_singular(amount, unit, expected):
    assert measure(amount, unit) == expected
