"""The generated forms speak the reader's language: a field built for a request takes the
declared English label, help, unit, "(optional)" and yes/no words through the catalogues,
and the declaration itself stays English for the API (docs/development/translations.md)."""

from django.utils import translation

from permits_site.licensing.fact_forms import form_field
from permits_site.rules.base import Fact, FactType

AREA = Fact("corral_area_sqft", FactType.NUMBER, "Corral area", unit="sq ft", required=False)
KENNEL = Fact("kennel_license", FactType.BOOL, "Does the residence hold a kennel license?",
              required=False)


def test_english_fields_read_as_declared():
    with translation.override("en"):
        assert form_field(AREA).label == "Corral area (in square feet) (optional)"
        assert form_field(KENNEL).choices == [("yes", "Yes"), ("no", "No"),
                                              ("", "Not answered")]


def test_a_field_built_in_portuguese_says_its_unit_and_answers_in_portuguese():
    with translation.override("pt-br"):
        area, kennel = form_field(AREA), form_field(KENNEL)

    assert area.label == "Área do curral (em pés quadrados) (opcional)"
    assert area.error_messages["invalid"] == "Digite um número."
    assert kennel.label == "A residência tem licença de canil? (opcional)"
    assert kennel.choices == [("yes", "Sim"), ("no", "Não"), ("", "Sem resposta")]
    assert AREA.label == "Corral area"


def test_a_field_built_in_spanish_asks_in_spanish():
    with translation.override("es"):
        kennel = form_field(KENNEL)

    assert kennel.label == "¿La residencia tiene licencia de criadero? (opcional)"
    assert kennel.error_messages["required"] == "Elija sí o no."
